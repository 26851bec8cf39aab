"""Who has the most points at the end of a session, said as it is: one player, several
level, or everyone level (it named the first of them alone before)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from paiju.core.games import get_game
from paiju.ui.match import Match


@pytest.mark.parametrize(("totals", "lang", "said"), [
    ([3.0, -1.0, -1.0, -1.0], "en", "Most points: P0."),
    ([2.0, 2.0, -2.0, -2.0], "en", "Most points, level: P0, P1."),
    ([0.0, 0.0, 0.0, 0.0], "en", "Everyone is level on points."),
    ([1.0, 1.0, -2.0, 0.0], "zh_Hant", "最高分（同分）：P0、P1。"),
    ([0.0, 0.0, 0.0, 0.0], "ja", "全員同点。"),
])
def test_the_leaders_are_said_as_they_are(totals: list[float], lang: str, said: str) -> None:
    match = Match("daifugo", get_game("daifugo").rules("pagat"), 4, ("random",), human=None,
                  save=False)
    assert match.leaders_said(totals, lang) == said


def test_a_watched_session_that_ends_level_says_so() -> None:
    """The issue's session: every total 0 after two hands (it said "Most points: P0")."""
    out = subprocess.run(
        [sys.executable, "-m", "paiju.cli", "play", "daifugo", "--watch", "--hands", "2",
         "--delay", "0", "--seed", "729520", "--no-save"],
        capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert "Most points: P0." not in last
    assert last.endswith(("Everyone is level on points.", "Most points, level: P0, P1.")), last
