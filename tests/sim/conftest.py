"""Make the tiny test game (tests/bots/tinygame.py) importable and known to the registry."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bots"))



@pytest.fixture(autouse=True)
def _tiny_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from paiju.core import games

    monkeypatch.setitem(games.GAMES, "tiny", "tinygame")
