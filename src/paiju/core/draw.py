"""Uniform draws and shuffles for the engines: ``rng.randrange(n)``, ``rng.shuffle(x)``
and ``rng.sample(x, 2)``, bit for bit, compiled.

A :class:`random.Random` draws ``randrange(n)`` for a positive ``n`` as
``_randbelow_with_getrandbits(n)``: ``k = n.bit_length()`` random bits, drawn again while
they reach ``n``; it shuffles by swapping each place from the last down with one drawn
below it. :class:`Below` and :func:`shuffle` draw the same way from the same
``getrandbits``, so a deal, a sample or a play-out takes the same stream as with the
Python methods, at a fraction of their cost when compiled (tests/core/test_draw.py holds
them together).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random
from typing import Any


class Below:
    """``rng.randrange(n)`` for ``n > 0``, as ``random.Random`` draws it."""

    def __init__(self, rng: Random) -> None:
        self._bits: Callable[[int], int] = rng.getrandbits

    def __call__(self, n: int) -> int:
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return r


def uniform_index(rng: Random) -> Callable[[int], int]:
    """A draw of ``rng.randrange(n)`` for a positive ``n``: :class:`Below` for a
    :class:`random.Random` that draws as the standard one does, else ``rng.randrange``."""
    standard = type(rng).randrange is Random.randrange and _standard(rng)
    return Below(rng) if standard else rng.randrange


def _standard(rng: Random) -> bool:
    """Whether ``rng`` draws as :class:`random.Random` does (not a subclass's own way)."""
    kind = type(rng)
    return (
        getattr(kind, "_randbelow", None) is getattr(Random, "_randbelow_with_getrandbits", 0)
        and kind.getrandbits is Random.getrandbits
    )


def shuffle(rng: Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same order, from the same draws."""
    if type(rng).shuffle is not Random.shuffle or not _standard(rng):
        rng.shuffle(x)
        return
    below = Below(rng)
    for i in range(len(x) - 1, 0, -1):
        j = below(i + 1)
        x[i], x[j] = x[j], x[i]


class Pairs:
    """``rng.sample(population, 2)`` (two distinct places, in the order drawn), as
    ``random.Random`` draws it: below 22 items from a pool whose first pick is replaced by
    the last item, else again until the second differs."""

    def __init__(self, rng: Random) -> None:
        self._rng = rng
        standard = type(rng).sample is Random.sample and _standard(rng)
        self._below: Below | None = Below(rng) if standard else None

    def __call__(self, population: list[int]) -> tuple[int, int]:
        below = self._below
        if below is None:
            x, y = self._rng.sample(population, 2)
            return x, y
        n = len(population)
        if n < 2:
            raise ValueError("Sample larger than population or is negative")
        j = below(n)
        if n <= 21:
            k = below(n - 1)
            return population[j], population[n - 1 if k == j else k]
        k = below(n)
        while k == j:
            k = below(n)
        return population[j], population[k]


def deal_places(rng: Random, cards: list[int], need: dict[int, int],
                barred: Mapping[int, int] | None, strict: bool) -> list[tuple[int, int]]:
    """Where each of ``cards`` (shuffled) goes, ``(card, place)``, as the places' ``need``
    (counted down) allows: at random, or around ``barred`` (a place's bitset of cards it is
    taken not to hold): the most barred cards first, each to a place not barred from it,
    chosen in proportion to the room left (any place with room if all are barred).
    ``strict``: the cards fill the room exactly (without ``barred``)."""
    out: list[tuple[int, int]] = []
    if not barred:
        slots = [k for k, v in need.items() for _ in range(v)]
        shuffle(rng, slots)
        for c, k in zip(cards, slots, strict=strict):
            out.append((c, k))
            need[k] -= 1
        return out
    for c in sorted(cards, key=lambda c: -sum(1 for m in barred.values() if m >> c & 1)):
        room = [k for k, v in need.items() if v > 0]
        if not room:
            break
        open_ = [k for k in room if not barred.get(k, 0) >> c & 1] or room
        x = rng.randrange(sum(need[k] for k in open_))
        place = open_[-1]
        for k in open_:
            x -= need[k]
            if x < 0:
                place = k
                break
        out.append((c, place))
        need[place] -= 1
    return out
