"""Sets of cards as int bitsets (bit ``c`` is card ``c``), for every game."""

from __future__ import annotations

from collections.abc import Iterable, Iterator


def mask_of(cards: Iterable[int]) -> int:
    """The bitset of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def members(m: int) -> list[int]:
    """The cards of bitset ``m``, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def iter_members(m: int) -> Iterator[int]:
    """The cards of bitset ``m``, lowest first, one at a time."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def one_hot(index: int | None, width: int, at: int) -> int:
    """The bit of a one-hot segment of ``width`` at offset ``at`` (none if ``index`` is
    ``None`` or out of range)."""
    return 1 << (at + index) if index is not None and 0 <= index < width else 0


def offsets(segments: Iterable[tuple[str, int]]) -> dict[str, int]:
    """Each named segment's first bit, the segments laid end to end from bit 0."""
    out: dict[str, int] = {}
    at = 0
    for name, width in segments:
        out[name] = at
        at += width
    return out
