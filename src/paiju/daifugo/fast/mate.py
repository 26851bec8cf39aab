"""A sure way out in a dealt Dai Fugō position: the seat to move goes out before every other
seat still playing, whatever they play.

With every hand known (a search's determinization), a seat has a *way out* when it has a
line of its own moves that ends its hand, each move but the last one that no other seat
can answer but by passing (so the lead comes back to it), and the last a finish that is
not forbidden. Going out before every seat still playing is the best place left to it, so
a play-out that finds such a line plays it. :func:`way_out` finds one by a depth-first
search over the seat's moves (those that end its hand first, then the longest), each
followed by the others' passes, within a budget of positions (each the seat's, or another
seat's whose moves are worked out to see that it can only pass);
a position met before without a way out is not searched again.

Every rule is the engine's: the moves are :func:`paiju.daifugo.fast.playout.choices` and
:func:`~paiju.daifugo.fast.playout.step`, each taken back by restoring the position copied
before it. tests/daifugo/test_mate.py checks each line found against the engine and the
search against a plain one without the table or the ordering.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.position import FOLLOW, OVER, PLAY
from paiju.daifugo.fast.endgame import Key, OutOfBudget, _key
from paiju.daifugo.fast.playout import choices, step

if TYPE_CHECKING:
    from paiju.daifugo.engine.state import DaifugoState

#: The phases in which a seat's own moves make a way out (its plays and their follow-up
#: steps; not the exchange).
_IN_PLAY = frozenset({PLAY, FOLLOW})


class _Search:
    """One search for a way out of the seat to move, ``budget`` positions at most."""

    __slots__ = ("budget", "me", "nodes", "state", "stuck")

    def __init__(self, state: DaifugoState, budget: int) -> None:
        self.state = state
        self.budget = budget
        self.me = state.pos.turn
        self.nodes = 0
        #: positions of the seat with no way out
        self.stuck: set[Key] = set()

    def line(self) -> list[Action] | None:
        """The seat's moves from here that take it out, or None."""
        state = self.state
        key = _key(state.pos)
        if key in self.stuck:
            return None
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        for action in _ordered(state, choices(state)):
            rest = self._after(action)
            if rest is not None:
                return [action, *rest]
        self.stuck.add(key)
        return None

    def _after(self, action: Action) -> list[Action] | None:
        """The rest of a way out after ``action`` (the position restored after), or None
        when the action is no step of one."""
        state = self.state
        me = self.me
        saved = state.pos.copy()
        count = len(state.actions)
        try:
            step(state, action)
            p = state.pos
            if not p.hands[me]:
                return [] if me in p.finished and me not in p.forbidden else None
            while p.phase != OVER and p.turn != me:
                self.nodes += 1  # another seat's position: its moves are worked out too
                if self.nodes > self.budget:
                    raise OutOfBudget
                legal = choices(state)
                if len(legal) != 1 or legal[0].do != "pass":
                    return None  # another seat may answer
                step(state, legal[0])
                p = state.pos
            if p.phase == OVER:
                return None
            return self.line()
        finally:
            state.pos = saved
            del state.actions[count:]


def _ordered(state: DaifugoState, legal: list[Action]) -> list[Action]:
    """The seat's moves worth trying: those that end its hand first, then the rest with
    the most cards first (no passes: after a pass the others choose)."""
    held = state.pos.hands[state.pos.turn].bit_count()
    out: list[Action] = []
    rest: list[Action] = []
    for a in legal:
        if a.do == "pass":
            continue
        if len(a.cards) == held:
            out.append(a)
        else:
            rest.append(a)
    rest.sort(key=lambda a: -len(a.cards))
    return out + rest


def way_out(state: DaifugoState, budget: int) -> list[Action] | None:
    """The moves by which the seat to move goes out before every other seat still
    playing, each but the last answered only by passes (the others' passes not listed);
    None when it has none, it is not in play, the hand has two packs (whose moves cost
    too much to work out in every play-out), or ``budget`` positions did not settle it.
    The state is unchanged."""
    p = state.pos
    if p.phase not in _IN_PLAY or p.exchange or p.asks or state.book.decks != 1:
        return None  # two packs: every other seat's moves cost too much to work out here
    try:
        return _Search(state, budget).line()
    except OutOfBudget:
        return None
