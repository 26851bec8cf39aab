"""Uniform draws for the fast play-outs: ``rng.randrange(n)``, bit for bit, compiled.

A :class:`random.Random` draws ``randrange(n)`` for a positive ``n`` as
``_randbelow_with_getrandbits(n)``: ``k = n.bit_length()`` random bits, drawn again while
they reach ``n``. :class:`Below` draws the same way from the same ``getrandbits``, so a
play-out takes the same stream as one calling ``randrange``; compiled, it costs a fraction
of the Python method (tests/core/test_draw.py holds the two together).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random


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
    kind = type(rng)
    standard = (
        kind.randrange is Random.randrange
        and getattr(kind, "_randbelow", None) is getattr(Random, "_randbelow_with_getrandbits", 0)
        and kind.getrandbits is Random.getrandbits
    )
    return Below(rng) if standard else rng.randrange
