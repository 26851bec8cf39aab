"""What a seat knows of the hidden cards of a two-pack hand, and the sampler.

A two-pack view deals the cards it has not seen (the pack less its hand, the cards played
face up and what it put face down itself) among the other seats and the face-down piles
by their counts, after placing what it knows (docs/daifugo.md, "The double deck"):

* the cards it handed over face down (exchange gifts, 7-watashi hand-overs) are in the
  receiver's hand, less what the receiver has played or handed back to it since, until
  the receiver moves cards face down elsewhere (then they may have gone with them);
* the leader that ``first_lead`` chose by the ♦3 holds one, until a ♦3 is played or the
  leader moves cards face down;
* as a rich seat, what its poor kept none of (its best cards came first), while no other
  seat has handed the poor cards face down since.

A one-pack view also follows hand-overs through later face-down moves and winds a sample
back to the start of play (:class:`paiju.daifugo.engine.view._Facts`); a two-pack view
does not yet.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from random import Random
from typing import TYPE_CHECKING, Any

from paiju.core.draw import deal_places
from paiju.daifugo.engine.actions import meld_of_action
from paiju.daifugo.engine.cards import (
    ALL_JOKERS,
    COPY,
    DIAMOND_THREE,
    SUITED,
    SUITED2,
    bits,
    fold,
    jokers_in,
    minus,
    pack,
    put,
    take,
)
from paiju.daifugo.engine.exchange import card_list
from paiju.daifugo.engine.position import DISCARD_PILE, DROPPED_PILE
from paiju.daifugo.engine.rulebook import joker_bits
from paiju.daifugo.engine.state import DaifugoState

if TYPE_CHECKING:
    from paiju.daifugo.engine.view import DaifugoView


class TwoPackFacts:
    """The cards a two-pack view has not seen, what it knows of where some are, and the
    sampler."""

    def __init__(self, view: DaifugoView, leader: int | None) -> None:
        base = view._base
        me = view._seat
        self.base = base
        seen = put(base.hands[me], base.played)
        #: the cards this seat put on a face-down pile itself: there still
        self.fixed: dict[int, int] = {}
        for _, src, dst, cards, _ in view._moves:
            if src == me and dst in (DISCARD_PILE, DROPPED_PILE) and cards:
                self.fixed[dst] = put(self.fixed.get(dst, 0), cards)
                seen = put(seen, cards)
        unseen = take(pack(base.rules.jokers, 2), seen)
        #: the cards each seat is known to hold (its own hand-overs there), in canon form
        self.pins: dict[int, int] = {}
        for seat, (suited, jokers) in sorted(_handed(base, view._moves, me).items()):
            cards = suited & unseen  # as a multiset: each card as often as both hold it
            cards |= sum(1 << c for c in list(bits(unseen & ALL_JOKERS))[:jokers])
            if cards:
                self.pins[seat] = cards
                unseen = take(unseen, cards)
        self._known = sorted(self.pins.items())
        if (leader is not None and leader != me and unseen >> DIAMOND_THREE & 1
                and not self.pins.get(leader, 0) >> DIAMOND_THREE & 1):
            self.pins[leader] = put(self.pins.get(leader, 0), 1 << DIAMOND_THREE)
            unseen = take(unseen, 1 << DIAMOND_THREE)
        #: the cards whose place is not known, in canon form
        self.unseen = unseen
        self.need = {s: view._counts[s] - self.pins.get(s, 0).bit_count()
                     for s in range(base.n) if s != me}
        self.need[DISCARD_PILE] = view._n_discards - self.fixed.get(DISCARD_PILE, 0).bit_count()
        self.need[DROPPED_PILE] = view._n_dropped - self.fixed.get(DROPPED_PILE, 0).bit_count()
        #: the poor seat that gave to this one in the exchange, and the cards (by card,
        #: each joker its own) it cannot hold since: none while other seats have handed it
        #: cards face down since (they may have been such cards)
        self.poor, self.too_good = _kept_nothing_better(base, view._moves, me)

    def known_pins(self) -> list[tuple[int, int]]:
        """(seat, cards) this seat knows are in that seat's hand now: its own hand-overs."""
        return list(self._known)

    def sample(self, rng: Random, barred: Mapping[int, int] | None = None) -> DaifugoState:
        """A state that agrees with the view: the known cards in their places, the unseen
        ones dealt by the counts left, around what the poor cannot hold and ``barred`` (a
        seat's cards it is taken not to hold, by card) where the room allows."""
        st = self.base.clone()
        units = [*bits(self.unseen & ~(SUITED << COPY)), *bits(self.unseen >> COPY & SUITED)]
        assign = {k: self.pins.get(k, 0) for k in self.need}
        if self.poor is not None and self.too_good:
            barred = dict(barred or {})
            barred[self.poor] = barred.get(self.poor, 0) | self.too_good
        for c, place in deal_places(rng, units, dict(self.need), barred, strict=True):
            assign[place] = put(assign[place], 1 << c)
        for k, cards in assign.items():
            if k == DISCARD_PILE:
                st.pos.discards = put(self.fixed.get(DISCARD_PILE, 0), cards)
            elif k == DROPPED_PILE:
                st.pos.dropped = put(self.fixed.get(DROPPED_PILE, 0), cards)
            else:
                st.pos.hands[k] = cards
        st.dealt = list(st.pos.hands)
        st.sampled = True
        return st


def _handed(base: DaifugoState, moves: Sequence[Any], me: int) -> dict[int, tuple[int, int]]:
    """What ``me`` knows each seat holds of what it handed there face down: ``(suited
    cards in canon form, jokers)``, less what that seat has played or handed back to
    ``me`` since; nothing from before that seat's last face-down move elsewhere."""
    held: dict[int, tuple[int, int]] = {}
    for seat, cards, kind in _events(base, moves, me):
        suited, jokers = held.get(seat, (0, 0))
        n_jokers = (cards & ALL_JOKERS).bit_count()
        if kind == "got":
            held[seat] = (put(suited, cards & SUITED2), jokers + n_jokers)
        elif kind == "lost":
            held[seat] = (minus(suited, cards & SUITED2), max(0, jokers - n_jokers))
        else:  # cards went face down where this seat cannot see them
            held[seat] = (0, 0)
    return held


def _events(base: DaifugoState, moves: Sequence[Any], me: int) -> Iterator[tuple[int, int, str]]:
    """The changes to what ``me`` knows a seat holds, in the hand's order: ``(seat,
    cards, kind)``, kind ``got`` (``me`` handed them), ``lost`` (the seat played them, or
    handed them to ``me``) or ``gone`` (it moved cards face down elsewhere)."""
    plays = [(t, a) for t, a in enumerate(base.actions) if a.do == "play"]
    p = 0
    for i, src, dst, cards, _ in moves:
        while p < len(plays) and plays[p][0] <= i:  # a play comes before its own moves
            yield from _played(base, plays[p][1])
            p += 1
        if src == me and dst >= 0 and dst != me:
            yield dst, cards, "got"
        elif src >= 0 and src != me:
            yield (src, cards, "lost") if dst == me else (src, 0, "gone")
    for _, a in plays[p:]:
        yield from _played(base, a)


def _played(base: DaifugoState, action: Any) -> Iterator[tuple[int, int, str]]:
    meld = meld_of_action(action) or base.meld_of(action)
    jokers = sum(1 << (52 + j) for j in range(meld.jokers))
    yield action.seat, meld.naturals | jokers, "lost"


def _kept_nothing_better(base: DaifugoState, moves: Sequence[Any],
                         me: int) -> tuple[int | None, int]:
    """``(poor, cards)``: the seat whose exchange gift ``me`` received, and the cards it
    cannot hold now (by card, both copies; each joker its own bit): those it would have
    given before its lowest card given (004 "Exchange of cards": its best cards), or under
    ``card_request`` a card named and not given as often as named; less the cards ``me``
    handed it. Nothing while others have handed it cards face down since; ``(None, 0)`` if
    ``me`` received no gift."""
    book = base.book
    for i, src, dst, cards, _ in moves:
        if i == -1 and dst == me and cards:
            if any(j >= 0 and d2 == src and s2 != me for j, s2, d2, _, _ in moves):
                return src, 0
            named = _named(base, me) or 0
            unasked = fold(minus(cards & SUITED2, named & SUITED2))
            out = fold(minus(named & SUITED2, cards & SUITED2))  # named, not all given
            if unasked:  # its best cards: the jokers came first, then the cards above
                out |= book.better_gifts(unasked) & SUITED | ALL_JOKERS
            if jokers_in(cards) < jokers_in(named):
                out |= ALL_JOKERS
            if base.rules.exchange_keep_joker:
                out &= ~ALL_JOKERS
            for _, s2, d2, handed, _ in moves:  # what this seat handed it may be there
                if s2 == me and d2 == src:
                    out &= ~fold(handed & SUITED2) & ~(ALL_JOKERS if handed & ALL_JOKERS else 0)
            return src, out
    return None, 0


def _named(base: DaifugoState, seat: int) -> int | None:
    """The cards ``seat`` named in its ask (card_request), in canon form with its jokers
    as the lowest joker bits; None if it made none."""
    for a in base.actions:
        if a.do == "ask" and a.seat == seat:
            naturals, jokers = card_list(a.cards, 2)
            return naturals | joker_bits(jokers)
    return None
