"""The Gymnasium environment: Gymnasium's own check_env for every preset, registered ids,
and episodes whose rewards are the agent's points of the session."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env
from rl_helpers import TWO_PACKS

import paiju.rl.gym  # noqa: F401  (registers the ids)
from paiju.rl.gym import PaijuEnv


def test_check_env(preset: tuple[str, Any, int]) -> None:
    game, name, players = preset
    check_env(PaijuEnv(game, name, players=players, hands_per_session=2), skip_render_check=True)


@pytest.mark.parametrize("env_id,rules,players", [
    ("paiju/LukFu-v0", None, 3), ("paiju/DaiFugo-v0", None, 3),
    ("paiju/DaiFugo-v0", TWO_PACKS, 4),  # the rule-based opponents play two packs too
])
def test_registered_ids_play_whole_sessions(env_id: str, rules: Any, players: int) -> None:
    env = gymnasium.make(env_id, rules=rules, players=players, hands_per_session=2,
                         opponents="heuristic")
    inner = env.unwrapped
    assert isinstance(inner, PaijuEnv)
    obs, _ = env.reset(seed=4)
    total, done, steps = 0.0, False, 0
    rng = np.random.default_rng(0)
    while not done:
        assert (obs["action_mask"] == inner.action_masks()).all()
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, _ = env.step(action)
        total += float(reward)
        steps += 1
        assert not truncated
    session = inner.match.session
    assert session is not None and session.hands_played == 2
    assert total == pytest.approx(session.totals[0])
    assert steps > 5


def test_an_illegal_id_ends_the_episode_with_a_penalty_and_the_reason() -> None:
    env = PaijuEnv("daifugo", "pagat", players=4, illegal_reward=-5)
    obs, _ = env.reset(seed=1)
    version = env.match.version
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, reward, done, _, info = env.step(illegal)
    assert (reward, done) == (-5.0, True)
    assert "is not legal now; legal: do " in info["illegal"]
    assert env.match.version == version and (obs2["action_mask"] == obs["action_mask"]).all()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_bad_opponents_are_refused() -> None:
    with pytest.raises(ValueError, match="up to 2 player specs"):
        PaijuEnv("lukfu", players=3, opponents="random,random,random")
    with pytest.raises(ValueError, match="unknown player 'nobody'"):
        PaijuEnv("lukfu", players=3, opponents="nobody")
