"""Exact Dai Fugō endgames: once two seats are left in a dealt position, best play for both.

With every hand known (a search's determinization), two seats left make a two-player
game of perfect information with one question: which of the two goes out first (the
other takes the last place; a forbidden finish, which ranks its player last, is read
from the engine's own final order). :func:`solve` answers it by a depth-first search
over the position's legal actions with a transposition table (alpha-beta on a won/lost
value: a seat wins at a node when one of its moves wins, a move that ends its hand is
tried first), within a budget of positions searched. :func:`finish` plays the solved
line to the end of the hand: every move a winning one for its seat while it has one.

Every rule is the engine's: the moves are :func:`paiju.daifugo.fast.playout.choices`
and :func:`~paiju.daifugo.fast.playout.step` (the reference's appliers), each taken back
by restoring the position copied before it, so whatever a rule does reaches the search
unchanged. tests/daifugo/test_endgame.py checks the solver against a plain minimax
without the table or the ordering, and the line it plays against the value it found.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.position import OVER, Position
from paiju.daifugo.fast.playout import choices, step

if TYPE_CHECKING:
    from paiju.daifugo.engine.state import DaifugoState

#: A position's key in the table: every field of the position that can change what
#: follows (the history fields, ``hidden`` and ``fired``, and the final order left out).
Key = tuple[object, ...]


class OutOfBudget(Exception):
    """The search met more positions than its budget."""


def endgame(state: DaifugoState) -> bool:
    """Whether the hand is at a two-seat endgame (two seats still playing, in play)."""
    p = state.pos
    return p.phase != OVER and p.active.bit_count() == 2 and not p.exchange and not p.asks


def _key(p: Position) -> Key:
    return (tuple(p.hands), p.turn, p.active, p.phase, p.direction, p.table, p.table_seat,
            tuple(p.trick), p.lock, p.revolution, p.pending_rev, p.jack_back_now,
            p.cut_pending, p.passed_since, p.passed_trick, p.pass_run, p.lead_seat,
            tuple(p.forbidden), p.fallen, p.discards, tuple(p.pending), p.after_steps)


class Solver:
    """The search of one endgame, with its table; ``budget`` positions at most."""

    __slots__ = ("budget", "nodes", "pair", "path", "state", "table")

    def __init__(self, state: DaifugoState, budget: int) -> None:
        self.state = state
        self.budget = budget
        self.nodes = 0
        self.table: dict[Key, bool] = {}
        #: the positions on the line searched now: one met again on it (passes round an
        #: empty table, where the rules let the lead pass) is no win for its mover
        self.path: set[Key] = set()
        active = state.pos.active
        #: the two seats left
        self.pair = tuple(s for s in range(state.n) if active >> s & 1)

    def ahead(self, seat: int) -> bool:
        """Whether ``seat`` finishes ahead of the other seat left, in the final order."""
        final = self.state.pos.final
        assert final is not None
        a, b = self.pair
        other = b if seat == a else a
        return final.index(seat) < final.index(other)

    def _ordered(self, legal: list[Action]) -> list[Action]:
        """Moves that end the mover's hand first, then the rest as the engine lists them
        (plays before passes)."""
        hand = self.state.pos.hands[self.state.pos.turn]
        out: list[Action] = []
        rest: list[Action] = []
        passes: list[Action] = []
        for a in legal:
            if a.do == "pass":
                passes.append(a)
            elif a.do == "play" and len(a.cards) == hand.bit_count():
                out.append(a)
            else:
                rest.append(a)
        rest.sort(key=lambda a: -len(a.cards))
        return out + rest + passes

    def wins(self) -> bool:
        """Whether the seat to move finishes ahead of the other with best play by both."""
        state = self.state
        p = state.pos
        key = _key(p)
        known = self.table.get(key)
        if known is not None:
            return known
        if key in self.path:
            return False
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        me = p.turn
        result = False
        self.path.add(key)
        try:
            for action in self._ordered(choices(state)):
                if self._wins_after(me, action):
                    result = True
                    break
        finally:
            self.path.discard(key)
        self.table[key] = result
        return result

    def _wins_after(self, me: int, action: Action) -> bool:
        """Whether ``me`` wins after playing ``action`` (the position restored after)."""
        state = self.state
        saved = state.pos.copy()
        count = len(state.actions)
        try:
            step(state, action)
            q = state.pos
            if q.phase == OVER:
                return self.ahead(me)
            return self.wins() if q.turn == me else not self.wins()
        finally:
            state.pos = saved
            del state.actions[count:]

    def best(self) -> Action:
        """A move of the seat to move that keeps its best outcome (a winning one if it
        has one, else the first the ordering tries)."""
        state = self.state
        me = state.pos.turn
        legal = self._ordered(choices(state))
        for action in legal:
            if self._wins_after(me, action):
                return action
        return legal[0]


def solve(state: DaifugoState, budget: int) -> bool | None:
    """Whether the seat to move wins the two-seat endgame ``state`` with best play (goes
    out before the other); None when it is not such an endgame or ``budget`` positions
    did not settle it. The state is unchanged."""
    if not endgame(state):
        return None
    try:
        return Solver(state, budget).wins()
    except OutOfBudget:
        return None


def finish(state: DaifugoState, budget: int) -> int | None:
    """Play a two-seat endgame to the end of the hand with best play for both seats: the
    decisions made, or None, the state unchanged, when it is not such an endgame or the
    budget did not settle it."""
    if not endgame(state):
        return None
    solver = Solver(state, budget)
    saved = state.pos.copy()
    count = len(state.actions)
    try:
        solver.wins()
        n = 0
        while state.pos.phase != OVER:
            step(state, solver.best())
            n += 1
        return n
    except OutOfBudget:
        state.pos = saved
        del state.actions[count:]
        return None
