"""The tiny test game (tests/bots/tinygame.py), importable, and a fixture that makes it
known to the registry beside the real games."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bots"))


@pytest.fixture
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    from paiju.core import games

    monkeypatch.setitem(games.GAMES, "tiny", "tinygame")
