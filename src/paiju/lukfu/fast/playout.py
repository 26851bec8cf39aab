"""Luk Fu's fast path: play-outs that build nothing a play-out decision does not read.

The reference is the state (:mod:`paiju.lukfu.engine.state`) with its rulebook; this module
plays the same rules on the same position, only leaner
(docs/notes/performance-history.md, "Where the time goes", says why this form):

- :func:`choices` lists the legal actions of the seat to move as ``(do, cards)`` pairs, in
  exactly the order of ``state.legal_actions()`` (the rulebook's generator), with no
  :class:`~paiju.lukfu.engine.actions.LegalActions` or view around them. Follows are listed from
  the beater table and the ``surrender`` rule's own discards; leads from bitset tables of
  the melds a hand makes, filtered by the rulebook's single-card rule; the rarer phases
  (calling, the Five Tigers window, a Master who passed under a lead limit) ask the
  rulebook's generator itself.
- :func:`step` plays an action already known legal, through the state's own unchecked
  ``_do`` (so the next position is the reference's by construction).
- :func:`random_playout` is a uniform random player to the end of the hand: the choice is
  ``rng.randrange(len(legal))`` over the same list, the draw a
  :class:`~paiju.bots.base.RandomBot` makes from its view, so the same seed gives the same
  hand on either path.
- :func:`heuristic_playout` is the rule-based player (:mod:`paiju.lukfu.players.strategy`) for
  every seat to the end of the hand: each seat's view is built per decision, as the
  reference does, but its aged cards come from the state's own reckoning
  (:mod:`paiju.lukfu.inference.aging`, held equal to what the seat can tell from its knowledge by
  tests/lukfu/test_fast_paths.py) instead of being recomputed from that knowledge, so no
  choice depends on a card the seat cannot see.

``PAIJU_FAST=0`` (or ``PAIJU_PURE=1``) in the environment turns the fast path off at import
(:data:`ENABLED`, :func:`paiju.core.fastpath.fast_path_on`):
the simulator and the search then play through views as before. Like the engine, this
module is compiled where the machine can (:mod:`paiju.compiled`), and its source serves
where it cannot. tests/lukfu/test_fast_lukfu.py holds the fast path to the reference at
every step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb
from random import Random
from typing import TYPE_CHECKING, Final

from paiju.core.draw import uniform_index
from paiju.core.fastpath import fast_path_on
from paiju.lukfu.engine.actions import (
    DECLARE,
    DISCARD_DO,
    FOLLOWING,
    LEADING,
    PLAY,
    LukFuAction,
)
from paiju.lukfu.engine.cards import SUITS, cards_of
from paiju.lukfu.engine.melds import NUMBER_MASK, Meld, beater_masks
from paiju.lukfu.inference.knowledge import Event

if TYPE_CHECKING:
    from paiju.lukfu.engine.state import LukFuState

#: Whether the fast path is on (``PAIJU_FAST=0`` or ``PAIJU_PURE=1`` turns it off).
ENABLED = fast_path_on()

#: A legal action without its seat: what it does and its cards (0 if none).
Choice = tuple[str, int]

_new = tuple.__new__


def _gok_tables() -> list[dict[int, tuple[tuple[int, ...], tuple[int, ...]]]]:
    """For each number, by the cards of it held: the Goks of three, and of four, as masks
    in the order :func:`paiju.lukfu.engine.melds.melds_in` lists them."""
    from paiju.lukfu.engine.melds import melds_in

    out: list[dict[int, tuple[tuple[int, ...], tuple[int, ...]]]] = [{} for _ in range(10)]
    for number in range(1, 10):
        cards = cards_of(NUMBER_MASK[number])
        for k in range(16):
            held = sum(1 << c for i, c in enumerate(cards) if k >> i & 1)
            melds = [m for m in melds_in(held) if m.size >= 3]
            out[number][held] = (
                tuple(m.cards for m in melds if m.size == 3),
                tuple(m.cards for m in melds if m.size == 4),
            )
    return out


def _run_tables() -> list[tuple[tuple[int, ...], ...]]:
    """For each suit, by the nine bits held of it: its runs as masks, in the order of
    :func:`paiju.lukfu.engine.melds.melds_in`."""
    from paiju.lukfu.engine.melds import melds_in

    return [
        tuple(tuple(m.cards for m in melds_in(bits << (9 * s)) if m.size >= 3)
              for bits in range(512))
        for s in SUITS
    ]


_GOKS: Final = _gok_tables()
_RUNS: Final = _run_tables()
_NUMBERS: Final = tuple((n, NUMBER_MASK[n]) for n in range(1, 10))


def meld_masks(hand: int, singles: int) -> list[int]:
    """The cards of every meld of ``hand``, in the order of
    :func:`paiju.lukfu.engine.melds.melds_in`, keeping only the singles in ``singles``."""
    out = []
    x = hand & singles
    while x:
        low = x & -x
        out.append(low)
        x ^= low
    fours: list[int] = []
    for number, mask in _NUMBERS:
        held = hand & mask
        if held.bit_count() >= 3:
            g3, g4 = _GOKS[number][held]
            out.extend(g3)
            fours.extend(g4)
    out += fours
    for s in SUITS:
        bits = hand >> (9 * s) & 511
        if bits:
            out.extend(_RUNS[s][bits])
    return out


def nth_subset(hand: int, k: int, index: int) -> int:
    """The ``index``-th ``k``-card subset of ``hand`` in the order of
    :func:`paiju.lukfu.engine.actions.subsets` (ascending lexicographic), without listing them."""
    cards = []
    x = hand
    while x:
        low = x & -x
        cards.append(low)
        x ^= low
    out = 0
    n = len(cards)
    i = 0
    while k:
        # the subsets starting with cards[i] come first: comb(n - i - 1, k - 1) of them
        here = comb(n - i - 1, k - 1)
        if index < here:
            out |= cards[i]
            k -= 1
        else:
            index -= here
        i += 1
    return out


def choices(state: LukFuState) -> list[Choice]:
    """The legal actions of the seat to move as ``(do, cards)``, in the order of
    ``state.legal_actions()``; empty when the hand is over."""
    p = state.pos
    seat = p.turn
    if seat is None:
        return []
    phase = p.phase
    book = state.book
    if phase == FOLLOWING:
        top = p.top
        assert top is not None
        hand = p.hands[seat]
        beats = [m for m in beater_masks(top) if m & hand == m]
        out = [(PLAY, m) for m in beats]
        out += [(DISCARD_DO, d) for d in book.surrender.discards(hand, top, beats)]
        return out
    if phase == LEADING and not (seat == 0 and p.master_passed and not book.passed_free):
        hand = p.hands[seat]
        singles = book.allowed_singles(p, seat, hand)
        out = [(PLAY, m) for m in meld_masks(hand, singles)]
        if book.can_declare(p, seat):
            out.insert(0, (DECLARE, 0))
        return out
    return [(a[1], a[2]) for a in book.legal_actions(p)]


def step(state: LukFuState, seat: int, choice: Choice) -> LukFuAction:
    """Play ``choice`` (one of :func:`choices`) for ``seat``, unchecked; the action played."""
    action: LukFuAction = _new(LukFuAction, (seat, choice[0], choice[1]))
    state._do(action)
    return action


def random_playout(state: LukFuState, rng: Random) -> int:
    """Uniform random play to the end of the hand; the number of decisions made."""
    p = state.pos
    book = state.book
    surrender = book.surrender
    any_discard = surrender.any_discard_unbeaten
    randrange = uniform_index(rng)  # rng.randrange, bit for bit
    do = state._do
    n = 0
    while True:
        seat = p.turn
        if seat is None:
            return n
        if p.phase == FOLLOWING:
            top = p.top
            assert top is not None
            hand = p.hands[seat]
            beats = [m for m in beater_masks(top) if m & hand == m]
            if not beats and any_discard:
                # pick the discard by its index in the rulebook's list, without the list
                size = top.size
                k = randrange(comb(hand.bit_count(), size))
                do(_new(LukFuAction, (seat, DISCARD_DO, nth_subset(hand, size, k))))
                n += 1
                continue
            discards = surrender.discards(hand, top, beats)
            k = randrange(len(beats) + len(discards))
            if k < len(beats):
                do(_new(LukFuAction, (seat, PLAY, beats[k])))
            else:
                do(_new(LukFuAction, (seat, DISCARD_DO, discards[k - len(beats)])))
        else:
            legal = choices(state)
            what, cards = legal[randrange(len(legal))]
            do(_new(LukFuAction, (seat, what, cards)))
        n += 1


def heuristic_playout(state: LukFuState, rng: Random) -> int:
    """The rule-based player (:func:`paiju.lukfu.players.strategy.choose`) for every seat to the end
    of the hand, as :class:`~paiju.bots.heuristic.HeuristicBot` plays it (a single legal
    action is played without asking); the number of decisions made."""
    from paiju.lukfu.players.strategy import choose

    p = state.pos
    n = 0
    while True:
        seat = p.turn
        if seat is None:
            return n
        legal = state.legal_actions()
        if len(legal) == 1:
            state._do(legal[0])
        else:
            # the player reads only what a SeatView has of a LukFuView (a test checks it)
            state._do(choose(SeatView(state, seat, legal), rng))
        n += 1


class SeatView:
    """What the rule-based player reads of the view of the seat to move
    (:class:`~paiju.lukfu.engine.view.LukFuView`): the seat, its hand, the events it has seen,
    the players, the phase, the round's top meld, its legal actions and its aged cards
    (the state's quick answer, as ``state.view(seat, aged=True)`` gives them). Made for
    one decision and read at once: it keeps the position's own list of events."""

    __slots__ = ("_aged", "_legal", "_state", "events", "hand", "phase", "players", "seat",
                 "top")

    def __init__(self, state: LukFuState, seat: int, legal: Sequence[LukFuAction]) -> None:
        p = state.pos
        self.seat = seat
        self.hand = p.hands[seat]
        self.events: Sequence[Event] = p.seen[seat]
        self.players = p.players
        self.phase = p.phase
        self.top: Meld | None = p.top
        self._legal = legal
        self._state = state
        self._aged = -1  # asked of the state when first read (the state has not moved)

    def legal_actions(self) -> Sequence[LukFuAction]:
        return self._legal

    def aged(self) -> int:
        if self._aged < 0:
            self._aged = self._state.aged(self.seat)
        return self._aged


#: The play-out policies, by the name :meth:`paiju.lukfu.engine.state.LukFuState.playout` takes.
PLAYOUTS: dict[str, Callable[[LukFuState, Random], int]] = {
    "random": random_playout,
    "heuristic": heuristic_playout,
}
