"""Fixtures of the research-interface tests, and the tiny test game (tests/bots/tinygame/)
importable, with a fixture that makes it known to the registry."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from rl_helpers import IDS, PRESETS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bots"))


@pytest.fixture(params=PRESETS, ids=IDS)
def preset(request: pytest.FixtureRequest) -> tuple[str, Any, int]:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    from paiju.core import games

    monkeypatch.setitem(games.GAMES, "tiny", "tinygame")
