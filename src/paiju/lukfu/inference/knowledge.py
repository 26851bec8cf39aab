"""What one active seat knows of a Luk Fu hand.

This is the input of aged-card reasoning (:mod:`paiju.lukfu.inference.aged`) and of sampling the
hidden cards for searching players. The hand engine builds it from a state; nothing
in it is hidden from the observer, so reasoning over it cannot leak hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, final

from paiju.lukfu.engine.melds import Meld

LEAD: Final = "lead"
BEAT: Final = "beat"
DISCARD: Final = "discard"

#: Surrender rules (the option ``surrender``):
#: ``strict``: a follower must beat if it can, so one who discards held no beating meld
#: even before discarding (001 "Each player must head the trick ... if possible"; 002
#: "Breaking Combinations"); ``break``: one may discard when the discard leaves no beating
#: meld in hand (000 "Play of the hand", the triple-twos example; 001 variants).
STRICT: Final = "strict"
BREAK: Final = "break"


def proven_from(surrender: str, discard: int) -> int:
    """What a surrender proves: the first play of the seat's that it speaks for.

    The one statement of it, which the engine, the rulebook, the inference, the aging and
    the dreamer's samples all ask. A seat that discarded face down at play ``discard``
    (an index into the hand's plays) instead of beating the round's highest meld held no
    meld beating it in its cards from play ``proven_from(surrender, discard)`` on: the
    cards of its plays from that one, face up or down, and its hand now (hands only lose
    cards, so those were its cards then). Under ``strict`` that play is the discard
    itself: it held no beating meld just before discarding (001 'Following': "Each
    player must head the trick or multitrick if possible"; 002 'Breaking Combinations').
    Under ``break`` it is the next one: it held none just after (000 'Play of the hand',
    the triple-twos example, "after discarding two fours, he no longer possesses cards
    that can beat triple twos"; 001's variants, "provided that after discarding he is left
    with no combination that could have beaten the highest play"). "Holds no beating meld"
    is true of every part of such cards too (docs/lukfu-aged.md, "What each surrender
    reveals").
    """
    if surrender == STRICT:
        return discard
    if surrender == BREAK:
        return discard + 1
    raise ValueError(f"unknown surrender rule {surrender!r}; it is {STRICT!r} or {BREAK!r}")


def held_at_surrender(surrender: str, before: int, cards: int) -> int:
    """The cards :func:`proven_from` speaks for when a seat holding ``before`` discards
    ``cards``: all of ``before`` under ``strict``, ``before`` without ``cards`` under
    ``break``. None of them makes a meld beating the round's highest."""
    return before if proven_from(surrender, 0) == 0 else before & ~cards


@final
class Event:
    """One play of cards, as the observer saw it.

    ``cards`` is the bitset of the cards played; for a face-down discard by another
    seat it is 0 (only ``count`` is known). ``top`` is the highest meld of the round
    at the moment of the play (``None`` for a lead).

    An immutable value. Written out rather than a dataclass: the engine makes one or
    two at every play, and a compiled dataclass is built through the interpreted
    ``__init__`` that ``dataclasses`` writes (docs/architecture.md).
    """

    __slots__ = ("cards", "count", "kind", "round", "seat", "top")

    def __init__(self, round: int, seat: int, kind: str, count: int, cards: int,
                 top: Meld | None) -> None:
        self.round: Final = round
        self.seat: Final = seat
        self.kind: Final = kind
        self.count: Final = count
        self.cards: Final = cards
        self.top: Final = top

    def _fields(self) -> tuple[int, int, str, int, int, Meld | None]:
        return (self.round, self.seat, self.kind, self.count, self.cards, self.top)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Event(round={self.round!r}, seat={self.seat!r}, kind={self.kind!r}, "
                f"count={self.count!r}, cards={self.cards!r}, top={self.top!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, self._fields())


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Everything active seat ``observer`` knows.

    ``hand`` is its cards now; ``hand_counts`` the number of cards each active seat
    (0, 1, 2) holds now; ``events`` every play of the hand so far, in order; ``players``
    3 or 4 (with four, one unseen card lies with the dreamer); ``surrender`` is
    ``strict`` or ``break``.
    """

    observer: int
    players: int
    hand: int
    hand_counts: tuple[int, int, int]
    events: tuple[Event, ...]
    surrender: str


@dataclass(frozen=True, slots=True)
class Hidden:
    """One assignment of the cards the observer cannot see, consistent with its knowledge.

    ``hands`` are the cards each active seat holds now (the observer's as known);
    ``plays`` the cards of each event, aligned with ``Knowledge.events`` (face-down
    discards of other seats filled in); ``dreamer`` the dreamer's card, or ``None``
    with three players.
    """

    hands: tuple[int, int, int]
    plays: tuple[int, ...]
    dreamer: int | None
