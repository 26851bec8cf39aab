"""Small helpers for the words the engines and commands write in English: counts with
their plural, and a message on one line. No front-end library is imported here, so the
engines that use it import none either (tests/core/test_layering.py)."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 hand``, ``3 hands``, ``20,000 hands`` (``many`` for irregular plurals)."""
    return f"{n:,} {word if n == 1 else many or word + 's'}"


def one_line(message: str, limit: int = 400) -> str:
    """``message`` on one line, cut to ``limit`` characters."""
    text = " ".join(message.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
