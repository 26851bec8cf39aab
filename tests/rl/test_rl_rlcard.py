"""The RLCard environments: RLCard's own run loop plays whole sessions of every preset,
the payoffs are the session's totals, a seed deals the same session, and step_back
restores the state before the step."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("rlcard")

import rlcard
from rlcard.agents import RandomAgent

import paiju.rl.rlcard  # noqa: F401  (registers the ids)


def _run(game: str, rules: Any, players: int, seed: int) -> tuple[list[Any], np.ndarray, Any]:
    env = rlcard.make(f"paiju-{game}", config={"seed": seed, "game_rules": rules,
                                               "game_num_players": players, "game_hands": 2})
    np.random.seed(seed)  # RandomAgent draws from NumPy's global generator
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(players)])
    trajectories, payoffs = env.run()
    return trajectories, payoffs, env


def test_rlcards_run_plays_whole_sessions(preset: tuple[str, Any, int]) -> None:
    game, rules, players = preset
    trajectories, payoffs, env = _run(game, rules, players, 3)
    session = env.game.match.session
    assert session.hands_played == 2
    assert payoffs.tolist() == [float(t) for t in session.totals]
    for t in trajectories:  # state, action, state ... and each player's last state
        states, actions = t[0:-1:2], t[1:-1:2]
        assert len(states) == len(actions)
        for state, action in zip(states, actions, strict=True):
            assert state["obs"].shape == tuple(env.state_shape[0])
            assert action in state["legal_actions"]  # the agent picked from them
        assert not t[-1]["legal_actions"]  # over: nothing to pick
    assert sum(len(t) for t in trajectories) > 2 * players
    again, payoffs2, _ = _run(game, rules, players, 3)
    assert payoffs2.tolist() == payoffs.tolist()
    firsts = [t[0]["obs"] for t in trajectories if t]
    assert all(np.array_equal(a, t[0]["obs"]) for a, t in zip(firsts, [t for t in again if t],
                                                               strict=True))


def test_a_state_offers_its_legal_ids_and_whole_moves() -> None:
    env = rlcard.make("paiju-daifugo", config={"seed": 1, "game_rules": "pagat"})
    state, player = env.reset()
    mask = env.game.match.mask(player)
    assert list(state["legal_actions"]) == np.flatnonzero(mask).tolist()
    assert state["raw_legal_actions"][0].startswith("do ")
    assert len(state["whole_moves"]) == len(state["moves"]) > 0
    assert state["raw_obs"]["seat"] == env.game.match.seat_of(player)


def test_step_back_restores_the_state_before_the_step() -> None:
    env = rlcard.make("paiju-daifugo", config={"seed": 2, "allow_step_back": True})
    state, player = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(5):
        state, player = env.step(int(rng.choice(list(state["legal_actions"]))))
    before = (player, state["obs"].copy())
    env.step(int(rng.choice(list(state["legal_actions"]))))
    back, back_player = env.step_back()
    assert back_player == before[0] and np.array_equal(back["obs"], before[1])
