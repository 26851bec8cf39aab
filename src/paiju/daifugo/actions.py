"""Dai Fugō actions, and the interned play actions of the precomputed tables.

An :class:`Action` is a plain value: ``seat``, ``do`` and the card tokens. Equal actions
are interchangeable everywhere; the engine keeps one shared object for each play it
generates (:func:`play_action`), with the combination it stands for, so that checking a
generated action again costs a dictionary look-up instead of a parse.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from paiju.core.errors import MalformedRecord, UnknownCard
from paiju.daifugo.cards import TOKENS, parse_play_token
from paiju.daifugo.combos import Meld, tokens_of

DOS = ("play", "pass", "give", "seven_pass", "discard")


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


def _sort_key(tok: str) -> tuple[int, int]:
    card, stand = parse_play_token(tok)
    if card < 52:
        return (card, 0)
    return (stand, 1) if stand is not None else (1000, 0)


def action_from_json(obj: Any) -> Action:
    """An action of a record, its cards in canonical notation; MalformedRecord if unreadable."""
    if not isinstance(obj, dict):
        raise MalformedRecord(f"an action must be an object, not {obj!r}")
    seat, do = obj.get("seat"), obj.get("do")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise MalformedRecord(f"an action needs a whole-number 'seat': {obj!r}")
    if do not in DOS:
        raise MalformedRecord(f"an action's 'do' is one of {', '.join(DOS)}, not {do!r}")
    extra = set(obj) - {"seat", "do", "cards"}
    if extra:
        raise MalformedRecord(f"an action has only seat, do and cards, not {sorted(extra)}")
    raw = obj.get("cards", [])
    if do == "pass":
        if raw:
            raise MalformedRecord(f"a pass has no cards: {obj!r}")
        return pass_action(seat)
    if not isinstance(raw, list) or "cards" not in obj:
        raise MalformedRecord(f"a {do} needs a list of 'cards': {obj!r}")
    if do == "play":
        known = Action(seat, do, tuple(raw)) if all(type(t) is str for t in raw) else None
        if known is not None and known in PLAY_MELD:
            return known  # already canonical, as paiju writes its records
    parsed = [parse_play_token(t) for t in raw]
    if do != "play" and any(s is not None for _, s in parsed):
        raise UnknownCard(f"only a played joker says what it stands for: {obj!r}")
    nat_ranks = {c >> 2 for c, _ in parsed if c < 52}
    if len(nat_ranks) == 1:
        r = next(iter(nat_ranks))
        if all(s is None or s >> 2 == r for c, s in parsed if c >= 52):
            parsed = [(c, None) for c, _ in parsed]
    toks = [TOKENS[c] if c < 52 else ("JK" if s is None else "JK=" + TOKENS[s])
            for c, s in parsed]
    return Action(seat, do, tuple(sorted(toks, key=_sort_key)))
