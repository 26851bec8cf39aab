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
from paiju.daifugo.engine import combos
from paiju.daifugo.engine.cards import TOKENS, is_joker, parse_play_token, stand_token
from paiju.daifugo.engine.combos import Meld, tokens_of

DOS = ("play", "pass", "give", "seven_pass", "discard", "ask")


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``play``, ``pass``, ``give`` (exchange), ``seven_pass``, ``discard``,
    ``ask`` (the rich name cards in the exchange, card_request)."""

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
#: combination: at most 8 seats x 8,097 combinations
#: (:func:`paiju.daifugo.engine.tables.all_melds`), all made when a seat's tables are built
#: (:class:`paiju.daifugo.engine.tables.SeatTables`).
PLAY_MELD: dict[Action, Meld] = {}
_INTERNED: dict[tuple[int, Meld], Action] = {}
#: One pass per seat.
_PASSES: dict[int, Action] = {}


def play_action(seat: int, meld: Meld) -> Action:
    """The shared action of ``seat`` playing ``meld``, in canonical notation."""
    key = (seat, meld)
    got = _INTERNED.get(key)
    if got is None:
        got = _EXTRA.get(key)
        if got is not None:
            return got
        if meld in combos.EXTRA_SET:
            return seat_extras(seat).action[meld]
        got = Action(seat, "play", tokens_of(meld))
        PLAY_MELD.setdefault(got, meld)
        _INTERNED[key] = got
    return got


def meld_of_action(action: Action) -> Meld | None:
    """The combination of a shared play action (either table below), or None."""
    return PLAY_MELD.get(action) or EXTRA_MELD.get(action)


class SeatExtras:
    """The shared actions of one seat for the combinations only some rules know
    (:data:`paiju.daifugo.engine.combos.EXTRA_MELDS`), built whole for the seat."""

    __slots__ = ("action", "five", "named")

    def __init__(self, seat: int) -> None:
        #: each extra combination's action
        self.action: dict[Meld, Action] = {}
        for m in combos.EXTRA_MELDS:
            a = Action(seat, "play", m.tokens())
            self.action[m] = a
            EXTRA_MELD[a] = m
            _EXTRA[(seat, m)] = a
        #: the five-card group of each rank
        self.five: tuple[Action, ...] = tuple(self.action[m] for m in combos.FIVES)
        #: a group's action whose jokers name no card -> the actions of its named forms
        self.named: dict[Action, tuple[Action, ...]] = {
            play_action(seat, m): tuple(self.action[n] for n in forms)
            for m, forms in combos.NAMED.items()
        }


#: The combinations only some rules know (a group whose jokers name their cards, a
#: five-card group, a sequence whose joker stands beyond the ends), kept apart from
#: :data:`PLAY_MELD` so that it holds the combinations of every rule set and nothing
#: else. At most 8 seats x 1,431 combinations, built whole
#: per seat (:class:`SeatExtras`) when the seat first needs one.
EXTRA_MELD: dict[Action, Meld] = {}
_EXTRA: dict[tuple[int, Meld], Action] = {}
_EXTRA_SEATS: list[SeatExtras] = []


def seat_extras(seat: int) -> SeatExtras:
    """The extra actions of ``seat`` (built on first use, with every seat below it)."""
    while len(_EXTRA_SEATS) <= seat:
        _EXTRA_SEATS.append(SeatExtras(len(_EXTRA_SEATS)))
    return _EXTRA_SEATS[seat]


def pass_action(seat: int) -> Action:
    """The shared pass of ``seat``."""
    got = _PASSES.get(seat)
    if got is None:
        got = _PASSES[seat] = Action(seat, "pass")
    return got


def _sort_key(tok: str) -> tuple[int, int]:
    card, stand = parse_play_token(tok)
    if not is_joker(card):
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
        if known is not None and (known in PLAY_MELD or known in EXTRA_MELD):
            return known  # already canonical, as paiju writes its records
    parsed = [parse_play_token(t) for t in raw]
    if do != "play" and any(s is not None for _, s in parsed):
        raise UnknownCard(f"only a played joker says what it stands for: {obj!r}")
    # a joker in a group keeps the card it names: the rules decide whether its suit
    # counts (group_joker_suit); where it does not, reading the play drops it
    toks = [TOKENS[c] if not is_joker(c) else ("JK" if s is None else "JK=" + stand_token(s))
            for c, s in parsed]
    return Action(seat, do, tuple(sorted(toks, key=_sort_key)))
