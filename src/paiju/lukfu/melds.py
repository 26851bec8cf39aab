"""Luk Fu melds: single card, Gok (three or four of a number), run (three or more in suit).

Sources: 000 "Play of the hand" (the three types, "a superior meld of the same type
and the same size"); 001 "Leading to a Trick" and "Following"; 002 "Card Combinations".
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from paiju.lukfu.cards import (
    IRON_SINGLES,
    LI_CHEN,
    SUIT_MASK,
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

SINGLE, GOK, RUN = 0, 1, 2
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


_IRON = mask(IRON_SINGLES)


def single(c: Card) -> Meld:
    return Meld(SINGLE, 1 << c, 1, suit_of(c), number_of(c))


def meld_of(cards: int) -> Meld | None:
    """The meld the bitset ``cards`` forms, or ``None`` if it forms none.

    Li Chen is never part of a Gok or run (001 "The Extra Ace does not count as an Ace
    when making sets"; 002 "may not be used ... with two or three other value one cards").
    """
    size = cards.bit_count()
    if size == 1:
        return single(cards.bit_length() - 1)
    if size < 3 or cards & (1 << LI_CHEN):
        return None
    members = cards_of(cards)
    numbers = {number_of(c) for c in members}
    if size <= 4 and len(numbers) == 1:
        return Meld(GOK, cards, size, -1, numbers.pop())
    suits = {suit_of(c) for c in members}
    if len(suits) == 1:
        low = min(numbers)
        if len(numbers) == size and max(numbers) - low == size - 1:
            return Meld(RUN, cards, size, suits.pop(), low)
    return None


#: The four cards of each number (index 1-9): the candidates of a Gok.
NUMBER_MASK = (0, *(mask(card(s, n) for s in SUITS) for n in range(1, 10)))


def _goks(hand: int, size: int) -> list[Meld]:
    out = []
    for number in range(1, 10):
        held = hand & NUMBER_MASK[number]
        if held.bit_count() < size:
            continue
        bits = [1 << c for c in cards_of(held)]
        for combo in combinations(bits, size):
            out.append(Meld(GOK, sum(combo), size, -1, number))
    return out


def _runs(hand: int, size: int | None = None) -> list[Meld]:
    out = []
    for s in SUITS:
        bits = (hand & SUIT_MASK[s]) >> (9 * s)
        for low in range(9):
            length = 0
            while low + length < 9 and bits >> (low + length) & 1:
                length += 1
                if length >= 3 and (size is None or length == size):
                    run_mask = ((1 << length) - 1) << (9 * s + low)
                    out.append(Meld(RUN, run_mask, length, s, low + 1))
    return out


def melds_in(hand: int) -> list[Meld]:
    """Every meld that can be made from ``hand``: singles, Goks of 3 and 4, runs."""
    out = [single(c) for c in cards_of(hand)]
    out += _goks(hand, 3) + _goks(hand, 4)
    out += _runs(hand)
    return out


def beating_melds(hand: int, top: Meld) -> list[Meld]:
    """Every meld from ``hand`` that beats ``top``."""
    if top.kind == SINGLE:
        in_suit = hand & SUIT_MASK[top.suit] if top.suit >= 0 else 0
        candidates = [single(c) for c in cards_of(in_suit)]
    elif top.kind == GOK:
        candidates = _goks(hand, top.size)
    else:
        candidates = _runs(hand, top.size)
    return [m for m in candidates if m.beats(top)]


def has_beating(hand: int, top: Meld) -> bool:
    """Whether ``hand`` holds any meld that beats ``top`` (a fast test)."""
    if top.kind == SINGLE:
        if top.cards & _IRON or top.suit < 0:
            return False
        above = SUIT_MASK[top.suit] & ~((1 << (top.cards.bit_length())) - 1)
        return bool(hand & above)
    if top.kind == GOK:
        numbers = (9,) if top.number == 1 else range(top.number + 1, 10)
        return any((hand & NUMBER_MASK[n]).bit_count() >= top.size for n in numbers)
    return any(m.beats(top) for m in _runs(hand, top.size))
