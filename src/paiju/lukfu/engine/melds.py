"""Luk Fu melds: single card, Gok (three or four of a number), run (three or more in suit).

Sources: 000 "Play of the hand" (the three types, "a superior meld of the same type
and the same size"); 001 "Leading to a Trick" and "Following"; 002 "Card Combinations".
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Final

from paiju.lukfu.engine.cards import (
    IRON_SINGLES,
    LI_CHEN,
    SUITS,
    Card,
    card,
    cards_of,
    mask,
    name,
    number_of,
    spoken,
    suit_of,
)

SINGLE: Final = 0
GOK: Final = 1
RUN: Final = 2
KIND_NAMES = ("single", "Gok", "run")


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld: ``kind``, the ``cards`` bitset, its ``size``, and what it compares by.

    ``suit`` is the suit of a single or run (-1 for a Gok or Li Chen); ``number`` is the
    number of a single or Gok, or the lowest number of a run.
    """

    kind: int
    cards: int
    size: int
    suit: int
    number: int

    def beats(self, other: Meld) -> bool:
        """Whether this meld beats ``other`` (only a meld of the same type and size can)."""
        if self.kind != other.kind or self.size != other.size:
            return False
        if self.kind == SINGLE:
            if self.cards & _IRON or other.cards & _IRON:
                return False
            return self.suit == other.suit and self.number > other.number
        if self.kind == GOK:
            if other.number == 1:
                return self.number == 9
            return self.number > other.number
        return self.suit < other.suit or (self.suit == other.suit and self.number > other.number)

    def describe(self) -> str:
        """In words: ``single 7 Sip``, ``Gok of three 5s``, ``run 3-4-5 Gon``."""
        if self.kind == SINGLE:
            return "single " + spoken(cards_of(self.cards)[0])
        if self.kind == GOK:
            return f"Gok of {('three', 'four')[self.size - 3]} {self.number}s"
        top = self.number + self.size - 1
        numbers = "-".join(str(n) for n in range(self.number, top + 1))
        return f"run {numbers} {('Sip', 'Gon', 'Sok', 'Chen')[self.suit]}"

    def tokens(self) -> list[str]:
        return [name(c) for c in cards_of(self.cards)]


_IRON: Final = mask(IRON_SINGLES)


def single(c: Card) -> Meld:
    """The single-card meld of ``c`` (one shared value per card)."""
    found = _SINGLES.get(c)
    return found if found is not None else Meld(SINGLE, 1 << c, 1, suit_of(c), number_of(c))


#: The four cards of each number (index 1-9): the candidates of a Gok.
NUMBER_MASK: Final = (0, *(mask(card(s, n) for s in SUITS) for n in range(1, 10)))


def _all_melds() -> list[Meld]:
    """Every meld of the pack, in the order :func:`melds_in` lists them.

    Li Chen is never part of a Gok or run (001 "The Extra Ace does not count as an Ace
    when making sets"; 002 "may not be used ... with two or three other value one cards").
    """
    out = [Meld(SINGLE, 1 << c, 1, suit_of(c), number_of(c)) for c in range(LI_CHEN + 2)]
    for size in (3, 4):
        for number in range(1, 10):
            for combo in combinations(cards_of(NUMBER_MASK[number]), size):
                out.append(Meld(GOK, mask(combo), size, -1, number))
    for s in SUITS:
        for low in range(1, 8):
            for length in range(3, 11 - low):
                out.append(Meld(RUN, ((1 << length) - 1) << (9 * s + low - 1), length, s, low))
    return out


#: Every meld by its cards: a meld is a value shared by every hand that makes it.
MELDS: Final[dict[int, Meld]] = {m.cards: m for m in _all_melds()}
_SINGLES: Final = {c: MELDS[1 << c] for c in range(LI_CHEN + 2)}

#: For each meld, the melds that beat it, in the order :func:`beating_melds` lists them.
BEATERS: Final[dict[int, tuple[Meld, ...]]] = {
    top.cards: tuple(m for m in MELDS.values() if m.beats(top)) for top in MELDS.values()
}
_BEATER_MASKS: Final[dict[int, tuple[int, ...]]] = {k: tuple(m.cards for m in v)
                                             for k, v in BEATERS.items()}

# The Goks and runs a holding makes, by the holding of one number or one suit.
_GOKS_OF: Final[list[dict[int, tuple[tuple[Meld, ...], tuple[Meld, ...]]]]] = [
    {} for _ in range(10)]
for _n in range(1, 10):
    for _k in range(16):
        _held = mask(c for i, c in enumerate(cards_of(NUMBER_MASK[_n])) if _k >> i & 1)
        _GOKS_OF[_n][_held] = (
            tuple(MELDS[mask(x)] for x in combinations(cards_of(_held), 3)),
            tuple(MELDS[mask(x)] for x in combinations(cards_of(_held), 4)),
        )
_RUNS_OF: Final[list[list[tuple[Meld, ...]]]] = []
for _s in SUITS:
    _table = []
    for _bits in range(512):
        _runs_here = []
        for _low in range(9):
            _length = 0
            while _low + _length < 9 and _bits >> (_low + _length) & 1:
                _length += 1
                if _length >= 3:
                    _runs_here.append(MELDS[((1 << _length) - 1) << (9 * _s + _low)])
        _table.append(tuple(_runs_here))
    _RUNS_OF.append(_table)


def meld_of(cards: int) -> Meld | None:
    """The meld the bitset ``cards`` forms, or ``None`` if it forms none (see :data:`MELDS`)."""
    return MELDS.get(cards)


def melds_in(hand: int) -> list[Meld]:
    """Every meld that can be made from ``hand``: singles, Goks of 3 and 4, runs."""
    out = [_SINGLES[c] for c in cards_of(hand)]
    threes: list[Meld] = []
    fours: list[Meld] = []
    for number in range(1, 10):
        held = hand & NUMBER_MASK[number]
        if held.bit_count() >= 3:
            g3, g4 = _GOKS_OF[number][held]
            threes.extend(g3)
            fours.extend(g4)
    out += threes
    out += fours
    for s in SUITS:
        bits = hand >> (9 * s) & 511
        if bits:
            out.extend(_RUNS_OF[s][bits])
    return out


def beating_melds(hand: int, top: Meld) -> list[Meld]:
    """Every meld from ``hand`` that beats ``top``."""
    return [m for m in BEATERS[top.cards] if not m.cards & ~hand]


def has_beating(hand: int, top: Meld) -> bool:
    """Whether ``hand`` holds any meld that beats ``top`` (a fast test)."""
    for m in _BEATER_MASKS[top.cards]:  # noqa: SIM110 (a loop is faster than any())
        if m & hand == m:
            return True
    return False


def beater_masks(top: Meld) -> tuple[int, ...]:
    """The cards of every meld that beats ``top``, in the order of :func:`beating_melds`."""
    return _BEATER_MASKS[top.cards]
