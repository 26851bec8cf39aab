"""Dai Fugō actions, and the interned play actions of the precomputed tables.

An :class:`Action` is a plain value: ``seat``, ``do`` and the card tokens. Equal actions
are interchangeable everywhere; the engine keeps one shared object for each play it
generates (:func:`play_action`), with the combination it stands for, so that checking a
generated action again costs a dictionary look-up instead of a parse.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from paiju.daifugo.combos import Meld, tokens_of


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``play``, ``pass``, ``give`` (exchange), ``seven_pass``, ``discard``."""

    seat: int
    do: str
    cards: tuple[str, ...] = ()
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.seat, self.do, self.cards)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, tuple[int, str, tuple[str, ...]]]:
        # the cached hash is per process (string hashing is salted): rebuild it on load
        return (Action, (self.seat, self.do, self.cards))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "do": self.do}
        if self.do != "pass":
            out["cards"] = list(self.cards)
        return out


#: The combination of every interned play action. Both tables hold one entry per seat and
#: combination: at most 8 seats x 8,097 combinations (:func:`paiju.daifugo.tables.all_melds`),
#: all made when a seat's tables are built (:class:`paiju.daifugo.tables.SeatTables`).
PLAY_MELD: dict[Action, Meld] = {}
_INTERNED: dict[tuple[int, Meld], Action] = {}
#: One pass per seat.
_PASSES: dict[int, Action] = {}


def play_action(seat: int, meld: Meld) -> Action:
    """The shared action of ``seat`` playing ``meld``, in canonical notation."""
    key = (seat, meld)
    got = _INTERNED.get(key)
    if got is None:
        got = Action(seat, "play", tokens_of(meld))
        PLAY_MELD.setdefault(got, meld)
        _INTERNED[key] = got
    return got


def pass_action(seat: int) -> Action:
    """The shared pass of ``seat``."""
    got = _PASSES.get(seat)
    if got is None:
        got = _PASSES[seat] = Action(seat, "pass")
    return got
