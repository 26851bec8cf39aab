"""The registry of the Dai Fugō house rules' hooks (:mod:`paiju.daifugo.engine.hooks` registers
them; :class:`paiju.daifugo.engine.rulebook.Rulebook` picks those whose option is on).

A *beater* lets a play follow the table other than by "same shape, higher"; an
*on_play* hook acts on a play (:class:`Play` carries its marks: a clear, a cut, skips,
follow-up steps); a *turn rule* changes the turn order between plays (:class:`TurnRule`);
an *on_out* hook acts when a seat goes out; a *finish ban* is one kind of
``forbidden_finish``. :mod:`paiju.daifugo.engine.turns` moves the turn by the marks and the turn
rules, whichever option set them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from paiju.daifugo.engine.combos import Meld
from paiju.daifugo.rules import TABLE, Rules

if TYPE_CHECKING:
    from paiju.daifugo.engine.position import Position
    from paiju.daifugo.engine.rulebook import Rulebook
    from paiju.daifugo.engine.state import DaifugoState


class Play:
    """One play being applied, as the on_play hooks see it and mark it."""

    __slots__ = ("clears", "cut", "following", "forbidden", "meld", "reversed", "seat",
                 "skips", "steps", "table")

    def __init__(self, seat: int, meld: Meld, table: Meld | None, reversed_: bool,
                 following: bool) -> None:
        #: who plays, and what
        self.seat = seat
        self.meld = meld
        #: the table before the play, and whether the ranking was reversed then
        self.table = table
        self.reversed = reversed_
        #: True if the play follows the table's shape (it may lock suits)
        self.following = following
        #: hooks' marks: the play clears the table; cuts it (an 8: a clear, unless
        #: stopped); skips this many seats; owes these follow-up steps; is a
        #: forbidden finish (the reason)
        self.clears = False
        self.cut = False
        self.skips = 0
        self.steps: list[tuple[str, int]] = []
        self.forbidden: str | None = None


#: What may follow one table when beaters are in force, for listing plays fast
#: (:mod:`paiju.daifugo.engine.generate`), a plain tuple ``(ranks, others, emperors, check)``.
#: ``ranks``: a group on the table: the ranks of groups of its size that may follow (bit
#: JOKER_RANK: jokers alone); a sequence: the lowest ranks of the sequences that may.
#: ``others``: the (rank, size) groups of another size (or kind) that beaters let follow.
#: ``emperors``: whether a beater lets emperors follow. ``check``: whether a beater's extra
#: ranks are only possible, so that each play listed must still be asked
#: :meth:`Rulebook.fits` (its suit decides).
FollowPlan = tuple[int, tuple[tuple[int, int], ...], bool, bool]


OnPlay = Callable[["Rulebook", "Position", Play], None]
OnOut = Callable[["Rulebook", "DaifugoState", int], bool]


@dataclass(frozen=True, slots=True)
class Beater:
    """A house rule that lets a play follow the table other than by "same shape, higher".

    ``allows(table, play, reversed)`` decides. ``same_shape``: the play must still be of
    the table's shape; ``locked``: a suit lock still binds it. For listing plays fast,
    ``ranks(table, reversed)`` names the extra ranks of groups of the table's size it
    may allow (each such play is then asked), ``groups`` the (rank, size) groups it
    allows on any table whatever their suits, and ``emperors`` whether it allows every
    emperor (these two are listed without asking again; tests/daifugo/test_generation.py
    holds the generator to the rulebook).
    """

    option: str
    allows: Callable[[Meld, Meld, bool], bool]
    same_shape: bool
    locked: bool
    ranks: Callable[[Meld, bool], int] | None = None
    groups: tuple[tuple[int, int], ...] = ()
    emperors: bool = False


@dataclass(frozen=True, slots=True)
class TurnRule:
    """A house rule of the turn order between plays: which of its points it changes.

    ``keeps_out``: a seat that passed stays out of the trick until the table clears (004
    "Play" lets it play again when its turn comes round). ``plays_on``: when all the
    others have passed, the table's player plays again instead of clearing; the table
    clears only when every seat still in has passed (an 8-cut waiting for 4s clears as
    004 says). ``lead_may_pass``: the seat that leads may pass; the lead then goes round,
    and when every seat still in has passed the same leader leads again. ``pass_limit``
    (of the rules): this many passes in a row end the hand, the seats still in ranked by
    lot (0: never). :mod:`paiju.daifugo.engine.turns` acts on them; the rulebook takes them
    together (:attr:`Rulebook.turn_rules`).
    """

    option: str
    keeps_out: bool = False
    plays_on: bool = False
    lead_may_pass: bool = False
    pass_limit: Callable[[Rules], int] | None = None


#: The registries, in the order the hooks act: (option, when it is on, hook).
BEATERS: list[tuple[Callable[[Rules], bool], Beater]] = []
ON_PLAY: list[tuple[str, Callable[[Rules], bool], OnPlay]] = []
#: The options of the on_play hooks that can take back a play a player counts as sure
#: (4-stop stops an 8-cut, so an 8 no longer ends the trick).
UNSURING: list[str] = []
ON_OUT: list[tuple[str, Callable[[Rules], bool], OnOut]] = []
TURN_RULES: list[tuple[Callable[[Rules], bool], TurnRule]] = []
#: The forbidden finishes by kind: (play, table before, reversed before) -> banned?
FINISH_BANS: dict[str, Callable[[Rulebook, Meld, Meld | None, bool], bool]] = {}


def _is_on(option: str) -> Callable[[Rules], bool]:
    """Whether ``option``'s rule is in force, by the value its declaration names as off
    (an option without one cannot carry a hook: refused as the hook registers)."""
    declared = TABLE.option(option)
    declared.in_force(declared.default)

    def when(rules: Rules) -> bool:
        return declared.in_force(getattr(rules, option))

    return when


def beater(b: Beater, when: Callable[[Rules], bool] | None = None) -> Beater:
    """Register ``b`` under its option."""
    BEATERS.append((when or _is_on(b.option), b))
    return b


def turn_rule(t: TurnRule) -> TurnRule:
    """Register ``t`` under its option (in force unless at the option's ``off``)."""
    TURN_RULES.append((_is_on(t.option), t))
    return t


def on_play(option: str, when: Callable[[Rules], bool] | None = None, *,
            unsure: bool = False) -> Callable[[OnPlay], OnPlay]:
    """Register an on_play hook under ``option`` (in force unless at the option's ``off``);
    ``unsure``: it can take back a play that was sure to win its trick."""
    def register(hook: OnPlay) -> OnPlay:
        ON_PLAY.append((option, when or _is_on(option), hook))
        if unsure:
            UNSURING.append(option)
        return hook

    return register


def unsure_options(reckoned: frozenset[str]) -> tuple[str, ...]:
    """The options under which a play can lose its trick to one not higher: every
    beater's but those in ``reckoned``, and every on_play hook's that is ``unsure``."""
    found = [b.option for _, b in BEATERS if b.option not in reckoned] + UNSURING
    return tuple(dict.fromkeys(found))


def on_out(option: str) -> Callable[[OnOut], OnOut]:
    """Register a hook for the first seat going out; True ends its part of going out."""
    def register(hook: OnOut) -> OnOut:
        ON_OUT.append((option, _is_on(option), hook))
        return hook

    return register


def finish_ban(kind: str) -> Callable[[Callable[[Rulebook, Meld, Meld | None, bool], bool]],
                                      Callable[[Rulebook, Meld, Meld | None, bool], bool]]:
    """Register the test of one ``forbidden_finish`` kind."""
    def register(test: Callable[[Rulebook, Meld, Meld | None, bool], bool]
                 ) -> Callable[[Rulebook, Meld, Meld | None, bool], bool]:
        FINISH_BANS[kind] = test
        return test

    return register
