"""Dai Fugō with two packs: the groups that identical cards make.

docs/daifugo.md, "The double deck", gives the sources and paiju's readings: a group is
cards of one rank, identical cards allowed (two ♠7s), up to eight natural cards and the
jokers held; a sequence takes one card a rank of one suit, of either pack, so the
sequences, emperors and single cards of two packs are those of one
(:mod:`paiju.daifugo.engine.combos`, read on the cards with their copies taken as the
card). Hands and plays keep two packs' cards in :func:`~paiju.daifugo.engine.cards.canon`
form, so a play that differs from another only in which of two identical cards it uses
is the same play, listed once.

A group's ``suits`` here is a multiset of suits in eight bits: the low four the suits it
holds, the high four those it holds twice (a jokerless group of ♠♠♡ is ``0x13``). One
pack's groups never hold a suit twice, so their ``suits`` read as before, and a suit lock
compares multisets with the same bit tests (docs/daifugo.md, "Suit lock").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from paiju.daifugo.engine.cards import (
    COPY,
    NUM_RANKS,
    SUITED,
    TOKENS,
    Card,
    bits,
    is_joker,
    rank_of,
)
from paiju.daifugo.engine.combos import GROUP, JOKER_RANK, BadPlay, Meld, suits_mask

#: The most natural cards of one rank two packs hold.
MAX_NATURALS: Final = 8


def suit_counts(naturals: int) -> int:
    """The multiset of the suits of some natural cards (in canon form), in eight bits."""
    return suits_mask(naturals & SUITED) | suits_mask(naturals >> COPY & SUITED) << 4


def group2(naturals: int, jokers: int, rank: int) -> Meld:
    """The group of ``rank`` of ``naturals`` (canon form) and ``jokers`` jokers."""
    size = naturals.bit_count() + jokers
    return Meld(GROUP, size, rank, naturals, jokers, (), suit_counts(naturals),
                0 if rank == JOKER_RANK else 1 << rank)


def read_group(played: Sequence[tuple[Card, Card | None]]) -> Meld | None:
    """The group these ``(card, stands_for)`` pairs make when their natural cards (of
    either pack) are all of one rank, or None when they are not; :class:`BadPlay` if a
    card is named more often than two packs hold it. A card named once is the first
    pack's, whichever copy was written; named twice, both."""
    naturals = 0
    jokers = 0
    rank = -1
    for c, _stand in played:
        if is_joker(c):
            jokers += 1
            continue
        r = rank_of(c)
        if rank >= 0 and r != rank:
            return None
        rank = r
        first = c & (COPY - 1)
        if naturals >> first & 1:
            if naturals >> (first + COPY) & 1:
                raise BadPlay(f"{TOKENS[first]} is named three times; two packs hold two")
            naturals |= 1 << (first + COPY)
        else:
            naturals |= 1 << first
    if jokers > 4:
        raise BadPlay("two packs have at most four jokers")
    if rank < 0:  # jokers only: a joker said to stand for a card is read (and refused)
        if not jokers or any(stand is not None for _, stand in played):  # as one pack's
            return None
        return group2(0, jokers, JOKER_RANK)
    if any(stand is not None and rank_of(stand) != rank for c, stand in played if is_joker(c)):
        return None  # a joker said to stand for another rank: a sequence, or no play
    return group2(naturals, jokers, rank)


def rank_cards(hand: int, rank: int) -> tuple[int, int]:
    """The suits of ``rank`` a hand (canon form) holds once or more, and twice, as 4-bit
    masks."""
    return (hand >> (4 * rank)) & 0xF, (hand >> (COPY + 4 * rank)) & 0xF


def groups2(hand: int, size: int, ranks: int = -1) -> Iterator[Meld]:
    """Every group of ``size`` cards a hand (canon form) makes, of the ranks in ``ranks``
    (bit 13: jokers only), each multiset of suits and number of jokers once."""
    nj = (hand >> 52 & 0xF).bit_count()
    if size <= nj and ranks >> JOKER_RANK & 1:
        yield group2(0, size, JOKER_RANK)
    for r in range(NUM_RANKS):
        if not ranks >> r & 1:
            continue
        once, twice = rank_cards(hand, r)
        if not once:
            continue
        for jj in range(min(nj, size - 1) + 1):
            want = size - jj
            if want > once.bit_count() + twice.bit_count():
                continue
            for first in _subsets(once):
                n1 = first.bit_count()
                if n1 > want or n1 + (first & twice).bit_count() < want:
                    continue
                for second in _subsets(first & twice):
                    if n1 + second.bit_count() == want:
                        nat = first << (4 * r) | second << (COPY + 4 * r)
                        yield group2(nat, jj, r)


def all_groups2(hand: int) -> Iterator[Meld]:
    """Every group of a hand (canon form), of every size."""
    nj = (hand >> 52 & 0xF).bit_count()
    for size in range(1, MAX_NATURALS + nj + 1):
        yield from groups2(hand, size)


def _subsets(mask: int) -> tuple[int, ...]:
    return _SUBSETS[mask]


#: Every subset of each 4-bit mask.
_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(16) if s & ~m == 0) for m in range(16))


def first_cards(hand: int) -> int:
    """The suited cards a hand (canon form) holds, each once: what sequences, emperors
    and one-card plays are made of."""
    return hand & SUITED


def hand_tokens(hand: int) -> list[str]:
    """A hand's tokens, ranks up, a card held twice written ``7S 7S'`` in its place."""
    out = []
    for c in bits(hand & ((1 << COPY) - 1)):
        out.append(TOKENS[c])
        if c < 52 and hand >> (c + COPY) & 1:
            out.append(TOKENS[c + COPY])
    return out
