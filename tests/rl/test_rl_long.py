"""Longer runs of the API checks, behind the ``slow`` marker (``pytest -m slow tests/rl``)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

import pyspiel
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from rl_helpers import spiel_params

import paiju.rl.openspiel  # noqa: F401  (registers the games)
from paiju.rl.gym import PaijuEnv
from paiju.rl.pettingzoo import env

pytestmark = pytest.mark.slow


def test_api_and_seed_tests_over_long_sessions(preset: tuple[str, Any, int]) -> None:
    game, name, players = preset
    api_test(env(game, name, players=players, hands_per_session=10), num_cycles=2000)
    seed_test(lambda: env(game, name, players=players, hands_per_session=10), num_cycles=1000)
    check_env(PaijuEnv(game, name, players=players, hands_per_session=10),
              skip_render_check=True)


def test_random_sim_test_over_many_hands(preset: tuple[str, Any, int]) -> None:
    game, name, players = preset
    g = pyspiel.load_game(f"python_paiju_{game}({spiel_params(name)},players={players})")
    pyspiel.random_sim_test(g, num_sims=30, serialize=True, verbose=False)
