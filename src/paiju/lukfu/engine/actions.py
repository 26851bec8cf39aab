"""Luk Fu actions: what a seat may do, the phases of a hand and how it ends.

An action is ``(seat, do, cards)``: ``do`` is one of :data:`DOS` and ``cards`` a bitset
(0 when the action takes none). The words are those of the records (docs/records.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any, Final, overload

from mypy_extensions import mypyc_attr

from paiju.lukfu.engine.cards import Card, cards_of, name, sort_key, spoken

#: What a seat does (the ``do`` of an action). ``CLAIM_TIGERS`` claims the Five Tigers.
CALL: Final = "call"
PASS: Final = "pass"
PLAY: Final = "play"
DISCARD_DO: Final = "discard"
DECLARE: Final = "declare"
CLAIM_TIGERS: Final = "five_tigers"
DOS = (CALL, PASS, PLAY, DISCARD_DO, DECLARE, CLAIM_TIGERS)
#: The old name of :data:`CLAIM_TIGERS`.
FIVE_TIGERS_DO = CLAIM_TIGERS

#: The phases of a hand. ``WINDOW`` is the Five Tigers window after the deal.
WINDOW: Final = "five_tigers"
CALLING: Final = "calling"
LEADING: Final = "lead"
FOLLOWING: Final = "follow"
OVER: Final = "over"
#: How a hand ends. ``TIGERS`` is a win by the Five Tigers.
WIN: Final = "win"
DRAW: Final = "draw"
NO_CALL: Final = "no_call"
TIGERS: Final = "five_tigers"
# The records, views and referee reports say "five_tigers" for the action, the window and
# the outcome alike (docs/records.md); the code keeps the three apart by these names.


@mypyc_attr(native_class=False)
class LukFuAction(tuple[int, str, int]):
    """One decision: ``seat``, what it does (``do``) and the ``cards`` bitset (0 if none).

    An immutable value (a tuple underneath, so that the many actions of a position are
    cheap to build, hash and compare).
    """

    __slots__ = ()

    def __new__(cls, seat: int, do: str, cards: int = 0) -> LukFuAction:
        return tuple.__new__(cls, (seat, do, cards))

    def __getnewargs__(self) -> tuple[int, str, int]:
        return (self[0], self[1], self[2])

    @property
    def seat(self) -> int:
        return self[0]

    @property
    def do(self) -> str:
        return self[1]

    @property
    def kind(self) -> str:
        """What kind of action this is (one of :data:`DOS`; the same word as ``do``)."""
        return self[1]

    @property
    def cards(self) -> int:
        return self[2]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self[0], "do": self[1]}
        if self[2]:
            out["cards"] = [name(c) for c in sorted(cards_of(self[2]), key=sort_key)]
        return out

    def __repr__(self) -> str:
        return f"LukFuAction(seat={self[0]}, do={self[1]!r}, cards={self[2]})"

    def __str__(self) -> str:
        cards = " " + " ".join(self.to_json()["cards"]) if self[2] else ""
        return f"seat {self[0]}: {self[1]}{cards}"


_new = tuple.__new__


class LegalActions(Sequence[LukFuAction]):
    """The legal actions of a position, in a fixed order, built one by one when read.

    ``groups`` are ``(do, [cards bitsets])`` in order. A position may allow hundreds of
    discards; a player that picks one of them builds one action, not all.
    """

    __slots__ = ("_groups", "_len", "_seat")

    def __init__(self, seat: int, groups: tuple[tuple[str, list[int]], ...]) -> None:
        self._seat = seat
        self._groups = groups
        self._len = sum(len(cards) for _, cards in groups)

    def __len__(self) -> int:
        return self._len

    def groups(self) -> list[tuple[str, list[int]]]:
        """The actions by kind, in order: ``(do, [cards bitsets])`` (the lists are shared:
        read them, do not change them)."""
        return list(self._groups)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its arguments (a compiled class is not rebuilt from its slots)
        return (LegalActions, (self._seat, self._groups))

    @overload
    def __getitem__(self, index: int) -> LukFuAction: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[LukFuAction, ...]: ...

    def __getitem__(self, index: int | slice) -> LukFuAction | tuple[LukFuAction, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        i = index + self._len if index < 0 else index
        if not 0 <= i < self._len:
            raise IndexError("legal action index out of range")
        for do, cards in self._groups:
            if i < len(cards):
                return _new(LukFuAction, (self._seat, do, cards[i]))
            i -= len(cards)
        raise IndexError("legal action index out of range")  # pragma: no cover

    def __iter__(self) -> Iterator[LukFuAction]:
        seat = self._seat
        for do, cards in self._groups:
            for c in cards:
                yield _new(LukFuAction, (seat, do, c))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, LukFuAction) or action[0] != self._seat:
            return False
        return any(action[1] == do and action[2] in cards for do, cards in self._groups)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LegalActions, tuple, list)):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


def grouped(actions: Sequence[LukFuAction]) -> list[tuple[str, list[int]]]:
    """``actions`` by kind, in order: ``(do, [cards bitsets])`` per run of one kind (a
    :class:`LegalActions` gives its own, without building an action)."""
    if isinstance(actions, LegalActions):
        return actions.groups()
    out: list[tuple[str, list[int]]] = []
    for a in actions:
        if not out or out[-1][0] != a[1]:
            out.append((a[1], []))
        out[-1][1].append(a[2])
    return out


def words(cards: int | Sequence[Card]) -> str:
    """Cards in a sentence: ``4 Sok``, ``9 Sip and 1 Sip``, ``4 Sip, 4 Gon and 4 Sok``."""
    items = cards_of(cards) if isinstance(cards, int) else list(cards)
    spoken_items = [spoken(c) for c in sorted(items, key=sort_key)]
    if len(spoken_items) <= 1:
        return "".join(spoken_items)
    return ", ".join(spoken_items[:-1]) + " and " + spoken_items[-1]


def subsets(hand: int, k: int) -> list[int]:
    """Every ``k``-card subset of ``hand`` as a bitset, in ascending lexicographic order
    (the order of ``itertools.combinations`` over the cards, lowest first)."""
    bits = [1 << c for c in cards_of(hand)]
    n = len(bits)
    if k == 1:
        return bits
    if k == 2:  # the sizes of most melds, written out: the loops compile to plain C
        return [bits[i] | bits[j] for i in range(n) for j in range(i + 1, n)]
    if k == 3:
        return [bits[i] | bits[j] | bits[m]
                for i in range(n) for j in range(i + 1, n) for m in range(j + 1, n)]
    return list(map(sum, combinations(bits, k)))
