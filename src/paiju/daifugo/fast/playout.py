"""Dai Fugō's fast path: play-outs that build nothing a play-out decision does not read.

The reference is the state (:mod:`paiju.daifugo.engine.state`) with its rulebook; this module
plays the same rules on the same position, only leaner
(docs/notes/performance-history.md, "Dai Fugō: where the time goes", says why this form):

- :func:`choices` lists the legal actions of the seat to move: the generator's own list
  (:mod:`paiju.daifugo.engine.generate`, which reads every rule through the rulebook), so the
  order is the reference's by construction. Its plays are the shared actions of the
  seat's precomputed tables, each with its combination a look-up away; nothing is built
  per decision but the list.
- :func:`step` plays an action already known legal, unchecked, through the state's own
  appliers (``_do_play``, ``_do_pass``, ``_do_follow``, and the exchange's): the
  next position is the reference's by construction, with none of ``apply``'s second
  legality check (a play no shared table knows, which no rule makes now, is handed to
  ``apply`` to read).
- :func:`random_playout` is a uniform random player to the end of the hand: the choice is
  ``rng.randrange(len(legal))`` over the same list, the draw a
  :class:`~paiju.bots.base.RandomBot` makes from its view, so the same seed gives the same
  hand on either path.
- :func:`heuristic_playout` is the rule-based player (:mod:`paiju.daifugo.players.strategy`) for
  every seat to the end of the hand. Each decision reads a :class:`SeatView`: what the
  rule-based player reads of a seat's view (the seat's own hand, the public table, its
  legal actions, the rules), taken from the position without copying the state, and
  nothing of another seat's cards.

Every rule is the rulebook's: a new option reaches the fast path through the generator
and the appliers, with nothing to add here. ``PAIJU_FAST=0`` (or ``PAIJU_PURE=1``) turns
the fast path off at import (:data:`ENABLED`). tests/daifugo/test_fast_daifugo.py holds it
to the reference at every step.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import TYPE_CHECKING, Any

from paiju.core.draw import uniform_index
from paiju.core.fastpath import fast_path_on
from paiju.daifugo.engine.actions import EXTRA_MELD, PLAY_MELD, Action
from paiju.daifugo.engine.cards import tokens
from paiju.daifugo.engine.combos import Meld
from paiju.daifugo.engine.generate import legal_actions
from paiju.daifugo.engine.position import OVER, PLAY
from paiju.daifugo.engine.rulebook import Rulebook
from paiju.daifugo.rules import Rules

if TYPE_CHECKING:
    from paiju.daifugo.engine.state import DaifugoState

#: Whether the fast path is on (``PAIJU_FAST=0`` or ``PAIJU_PURE=1`` turns it off).
ENABLED = fast_path_on()


def choices(state: DaifugoState) -> list[Action]:
    """The legal actions of the seat to move, in the generator's order (empty when the
    hand is over): the seat's shared actions, in a new list."""
    return legal_actions(state)


def step(state: DaifugoState, action: Action) -> None:
    """Play ``action`` (one of :func:`choices`) for the seat to move, unchecked, recording
    it as ``state.apply`` does."""
    p = state.pos
    seat = p.turn
    if p.phase != PLAY:
        _step_cards(state, seat, action)
    elif action.do == "pass":
        state.actions.append(action)
        state._do_pass(seat)
    else:
        _step_play(state, seat, action)


def _step_play(state: DaifugoState, seat: int, action: Action) -> None:
    """A play of the seat to move, unchecked: its combination is the shared action's; a
    play no table knows (none under the rules now) is read and applied by ``apply``."""
    meld = PLAY_MELD.get(action) or EXTRA_MELD.get(action)
    if meld is None:
        state.apply(action)
        return
    state.actions.append(action)
    state._do_play(seat, meld)


def _step_cards(state: DaifugoState, seat: int, action: Action) -> None:
    """An ``ask``, ``give``, ``seven_pass`` or ``discard`` of the seat to move, unchecked."""
    from paiju.daifugo.engine import exchange
    from paiju.daifugo.engine.rulebook import joker_bits, lowest_jokers

    naturals, jokers = exchange.card_list(action.cards, state.book.decks)
    if action.do == "ask":  # the named jokers are others' (card_request)
        named = naturals | joker_bits(jokers)
        state.actions.append(Action(seat, "ask", tuple(tokens(named))))
        exchange.do_ask(state.book, state.pos, named)
        return
    cards = naturals | lowest_jokers(state.pos.hands[seat], jokers)
    state.actions.append(Action(seat, action.do, tuple(tokens(cards))))
    if action.do == "give":
        exchange.do_give(state.book, state.pos, cards, len(state.actions) - 1, state.first)
    else:
        state._do_follow(seat, action.do, cards)


def random_playout(state: DaifugoState, rng: Random, endgame: int = 0, wayout: int = 0) -> int:
    """Uniform random play to the end of the hand; the number of decisions made. With
    ``endgame`` (a budget of positions) a two-seat endgame is played exactly
    (:mod:`paiju.daifugo.fast.endgame`) once the search of that many settles it; with
    ``wayout`` (the same) a seat with a sure way out (:mod:`paiju.daifugo.fast.mate`)
    plays it."""
    if endgame or wayout:
        return _with_endgame(state, rng, endgame, random_playout, wayout)
    p = state.pos
    actions = state.actions
    randrange = uniform_index(rng)
    do_pass = state._do_pass
    do_play = state._do_play
    plays = PLAY_MELD
    n = 0
    while p.phase != OVER:
        legal = legal_actions(state)
        action = legal[randrange(len(legal))]
        n += 1
        if p.phase != PLAY:
            _step_cards(state, p.turn, action)
        elif action.do == "pass":
            actions.append(action)
            do_pass(p.turn)
        else:
            meld = plays.get(action)
            if meld is None:
                _step_play(state, p.turn, action)
            else:
                actions.append(action)
                do_play(p.turn, meld)
    return n


class SeatView:
    """What the rule-based player reads of one seat's view (:class:`DaifugoView`): the
    seat, its hand and the cards played face up as bitsets, its legal actions, the
    combination on the table, the rules, and the view's
    :meth:`~paiju.daifugo.engine.view.DaifugoView.table` but for the hand's and the played cards'
    tokens (entries that cost, and that the player does not read; a test checks that it
    reads no entry missing here, and that every entry here is the view's). Taken from the
    position when made; it keeps no other seat's cards."""

    game = "daifugo"
    __slots__ = ("_legal", "_table", "book", "hand_cards", "played_cards", "rules", "seat",
                 "table_meld")

    def __init__(self, state: DaifugoState, seat: int, legal: list[Action]) -> None:
        p = state.pos
        t = p.table
        self.seat = seat
        self.book: Rulebook = state.book
        self.rules: Rules = state.rules
        self.table_meld: Meld | None = t
        self._legal = legal
        self._table: dict[str, Any] = state.table_now(played=False)
        self._table["seat"] = seat
        self.hand_cards = p.hands[seat]
        self.played_cards = p.played

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def table(self) -> dict[str, Any]:
        return dict(self._table)


def heuristic_playout(state: DaifugoState, rng: Random, endgame: int = 0,
                      wayout: int = 0) -> int:
    """The rule-based player (:func:`paiju.daifugo.players.strategy.choose`) for every seat to the
    end of the hand, as :class:`~paiju.bots.heuristic.HeuristicBot` plays it (a single
    legal action is played without asking); the number of decisions made. ``endgame``
    and ``wayout`` as in :func:`random_playout`."""
    from paiju.daifugo.players.strategy import choose

    if endgame or wayout:
        return _with_endgame(state, rng, endgame, heuristic_playout, wayout)
    p = state.pos
    n = 0
    while p.phase != OVER:
        legal = legal_actions(state)
        if len(legal) == 1:
            step(state, legal[0])
        else:
            # the player reads only what a SeatView has of a DaifugoView (a test checks it)
            step(state, choose(SeatView(state, p.turn, legal), rng))
        n += 1
    return n


class Outs:
    """The sure ways out found in one play-out (:func:`paiju.daifugo.fast.mate.way_out`),
    searched with ``budget`` positions for the seats in ``seats`` (a bitset): the moves
    each seat has still to play of the line it found."""

    __slots__ = ("budget", "lines", "seats")

    def __init__(self, budget: int, seats: int) -> None:
        self.budget = budget
        self.seats = seats
        self.lines: dict[int, list[Action]] = {}

    def move(self, state: DaifugoState, seat: int, choices: int) -> Action | None:
        """The next move of ``seat``'s way out: the line found before, else one searched
        now if the seat has more than one of ``choices``; None when it has none."""
        line = self.lines.get(seat)
        if line:
            return line.pop()
        if choices < 2 or not self.seats >> seat & 1:
            return None
        from paiju.daifugo.fast.mate import way_out

        found = way_out(state, self.budget)
        if not found:
            return None
        found.reverse()
        move = found.pop()
        self.lines[seat] = found
        return move


def _with_endgame(state: DaifugoState, rng: Random, budget: int,
                  playout: Callable[[DaifugoState, Random], int], wayout: int = 0) -> int:
    """``playout`` to a two-seat endgame, one decision at a time, then the endgame played
    exactly if a search of ``budget`` positions settles it (else ``playout`` to the end;
    0: no endgame played exactly). With ``wayout`` a seat with a sure way out plays it."""
    from paiju.daifugo.fast.endgame import endgame, finish
    from paiju.daifugo.players.strategy import choose

    p = state.pos
    draw = uniform_index(rng)
    outs = Outs(wayout, -1) if wayout else None
    n = 0
    while p.phase != OVER:
        if budget and p.active.bit_count() == 2 and endgame(state):
            done = finish(state, budget)
            if done is not None:
                return n + done
            if outs is None:
                return n + playout(state, rng)
            budget = 0  # the search ran out: the players play on
            p = state.pos  # the search put back a copy of the position
        legal = legal_actions(state)
        seat = p.turn
        out = outs.move(state, seat, len(legal)) if outs is not None else None
        if out is not None:
            step(state, out)
        elif playout is random_playout:
            step(state, legal[draw(len(legal))])
        elif len(legal) == 1:
            step(state, legal[0])
        else:
            step(state, choose(SeatView(state, seat, legal), rng))
        p = state.pos  # a way out's search puts back a copy of the position
        n += 1
    return n


def playout_against(state: DaifugoState, rng: Random, me: int, policy: str, others: str,
                    endgame: int = 0, wayout: int = 0) -> int | None:
    """Seat ``me`` by ``policy`` (``random`` or ``heuristic``) and every other seat by
    the player named ``others`` (an opponent model: ``uecda-standard``) to the end of
    the hand; the decisions made, or ``None``, the state unchanged, for a policy or a
    model without a fast path. The same actions as each player choosing from its seat's
    view, one decision at a time (the others' from the position's card rows where they
    settle it). ``endgame`` as in :func:`random_playout`; ``wayout`` the same for
    ``me`` alone (the model plays the others as it would)."""
    if policy not in PLAYOUTS:
        return None
    model = _opponent(others)
    if model is None:
        return None
    from paiju.daifugo.fast.endgame import endgame as at_endgame
    from paiju.daifugo.fast.endgame import finish
    from paiju.daifugo.players.strategy import choose

    p = state.pos
    draw = uniform_index(rng)
    exact = endgame
    outs = Outs(wayout, 1 << me) if wayout else None
    n = 0
    while p.phase != OVER:
        if exact and p.active.bit_count() == 2 and at_endgame(state):
            done = finish(state, exact)
            if done is not None:
                return n + done
            exact = 0  # the search ran out: the players play on
            p = state.pos  # the search put back a copy of the position
        seat = p.turn
        if seat != me:
            step(state, model(state, seat, rng))
        else:
            legal = legal_actions(state)
            out = outs.move(state, seat, len(legal)) if outs is not None else None
            if out is not None:
                step(state, out)
            elif policy == "random":
                step(state, legal[draw(len(legal))])
            elif len(legal) == 1:
                step(state, legal[0])
            else:
                step(state, choose(SeatView(state, seat, legal), rng))
        p = state.pos
        n += 1
    return n


def _opponent(name: str) -> Callable[[DaifugoState, int, Random], Action] | None:
    """The fast path's move of the opponent model ``name`` (None: it has none)."""
    if name != "uecda-standard":
        return None
    from paiju.daifugo.players.standard_player import standard_move

    return standard_move


#: The play-out policies, by the name :meth:`paiju.daifugo.engine.state.DaifugoState.playout` takes.
PLAYOUTS: dict[str, Callable[..., int]] = {
    "random": random_playout,
    "heuristic": heuristic_playout,
}
