"""What one active seat knows of a Luk Fu hand.

This is the input of aged-card reasoning (:mod:`paiju.lukfu.aged`) and of sampling the
hidden cards for searching players. The hand engine builds it from a state; nothing
in it is hidden from the observer, so reasoning over it cannot leak hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, final

from paiju.lukfu.melds import Meld

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
