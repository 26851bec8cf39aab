"""The examples run as a new user runs them (briefly)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_random_vs_heuristic_through_pettingzoo() -> None:
    out = run("pettingzoo_random_vs_heuristic.py", "--game", "lukfu", "--hands", "6")
    assert "lukfu hongkong, 4 players, 6 hands" in out
    assert "heuristic (player_0)" in out and "random (the others)" in out
    assert "learned (player_0)" in out  # the pre-trained baseline, on the same deals
    assert out.count("lukfu hongkong, 4 players, 6 hands") == 2


def test_the_learning_example_trains_and_evaluates() -> None:
    out = run("train_gym_linear.py", "--minutes", "0.05", "--eval-hands", "20")
    assert out.startswith("random agent (uniform over legal ids):")
    assert "paiju's random player" in out and "trained agent:" in out
    assert "paiju's heuristic player (pre-trained baseline):" in out


def first_places(out: str, line: str) -> float:
    """The mean a line of the learning example reports."""
    found = re.search(re.escape(line) + r" ([0-9.]+) ±", out)
    assert found, out
    return float(found.group(1))


def test_the_learning_example_reports_the_shipped_policy_beside_random() -> None:
    out = run("train_gym_linear.py", "--minutes", "0.01", "--eval-hands", "20",
              "--baselines", "learned")
    learned = first_places(out, "paiju's learned player (pre-trained baseline):")
    assert "heuristic player" not in out
    # the shipped policy goes out first far more often than paiju's random player
    assert learned > first_places(out, "paiju's random player (uniform over legal actions):") + 0.3


def test_ismcts_against_the_heuristic() -> None:
    out = run("openspiel_ismcts_vs_heuristic.py", "--game", "lukfu", "--players", "4",
              "--hands", "1", "--simulations", "5")
    assert out.count("IS-MCTS (seat 0)") == 2
    assert "heuristic (other seats):" in out and "learned (other seats):" in out


def test_monte_carlo_self_play_on_the_batched_env() -> None:
    out = run("batched_self_play_mc.py", "--minutes", "0.05", "--batch", "8",
              "--eval-hands", "20")
    assert re.search(r"^self-play: \d+ hands, \d+ moves learned from$", out, re.MULTILINE)
    for label in ("uniform player 0", "trained scorer, greedy"):
        assert re.search(re.escape(label) + r": -?[0-9.]+ ± [0-9.]+ points a hand", out), out
