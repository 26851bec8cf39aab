"""Deterministic seeding: the same seed gives the same deals in every process."""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed derived from ``seed`` and labels, stable across runs and processes."""
    text = "/".join([str(seed), *(str(p) for p in parts)])
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def make_rng(seed: int | None, *parts: object) -> random.Random:
    """A private ``random.Random``; ``None`` seeds from the system."""
    if seed is None:
        return random.Random()
    return random.Random(derive_seed(seed, *parts) if parts else seed)
