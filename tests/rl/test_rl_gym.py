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


def test_policies_over_ids_play_the_opponents_seats_from_their_own_observations() -> None:
    seen: list[tuple[int, np.ndarray]] = []
    env = PaijuEnv("daifugo", "pagat", players=4)

    def lowest(obs: dict[str, np.ndarray]) -> int:
        mover = env.match.to_move()
        assert mover is not None and mover != 0  # never asked on the agent's turn
        assert (obs["action_mask"] == env.match.mask(mover)).all()
        seen.append((mover, obs["observation"]))
        return int(np.flatnonzero(obs["action_mask"])[0])

    env = PaijuEnv("daifugo", "pagat", players=4, opponents=[lowest])
    obs, _ = env.reset(seed=2)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert {m for m, _ in seen} == {1, 2, 3}  # the last item repeats for every opponent
    # each policy saw its own seat in its observation (one hand: the seats stay put)
    at = env.match.encoder.at["seat"]
    for mover, vector in seen:
        assert vector[at:at + 4].argmax() == env.match.seat_of(mover)


def test_self_play_a_policy_and_paiju_players_mix() -> None:
    from paiju.bots import make_bot

    calls = 0

    def policy(obs: dict[str, np.ndarray]) -> np.int64:
        nonlocal calls
        calls += 1
        return np.flatnonzero(obs["action_mask"])[-1]  # a NumPy integer is an id too

    env = PaijuEnv("lukfu", "hongkong", players=4, hands_per_session=2,
                   opponents=[policy, make_bot("heuristic", "lukfu"), "random"])
    assert env.bots[1] is policy and env.bots[3].name == "random"
    obs, _ = env.reset(seed=3)
    done, total = False, 0.0
    while not done:
        obs, reward, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        total += float(reward)
    assert calls > 0
    assert total == pytest.approx(env.match.session.totals[0])


def test_a_policy_that_picks_an_illegal_id_is_named() -> None:
    env = PaijuEnv("daifugo", "pagat", players=3, player=2,
                   opponents=lambda obs: int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    with pytest.raises(ValueError, match=r"policy of player [01] chose badly: .* not legal"):
        env.reset(seed=1)
    with pytest.raises(ValueError, match="a player spec, a paiju player or a policy"):
        PaijuEnv("lukfu", players=3, opponents=[3])
