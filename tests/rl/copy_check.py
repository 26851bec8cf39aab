"""A research env copied mid-session, by ``pickle`` and by ``copy.deepcopy``, plays on
exactly as the original: run in-process by tests/rl/test_rl_copy.py, and as a script in a
child process with ``PAIJU_PURE=1`` (the other build)."""

from __future__ import annotations

import copy
import pickle
import sys
from typing import Any

import numpy as np


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return all(np.array_equal(a[k], b[k]) for k in ("observation", "action_mask"))


def check_gym(game: str, rules: Any, players: int, before: int = 7) -> int:
    """Steps the Gym env, its pickled copy and its deep copy took together to the end."""
    from paiju.rl.gym import PaijuEnv

    env = PaijuEnv(game, rules, players=players, hands_per_session=2)
    obs, _ = env.reset(seed=11)
    rng = np.random.default_rng(5)
    done = False
    for _ in range(before):
        obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert not done
    envs = [env, pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    steps = 0
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        out = [e.step(action) for e in envs]
        obs, reward, done = out[0][0], out[0][1], out[0][2]
        for other in out[1:]:
            assert _same(obs, other[0]) and (reward, done) == (other[1], other[2])
        steps += 1
    return steps


def check_aec(game: str, rules: Any, players: int, before: int = 7) -> int:
    """The same for the PettingZoo env in its wrappers: every agent's observation, reward
    and termination agree at every step."""
    from paiju.rl.pettingzoo import env as make

    env = make(game=game, rules=rules, players=players, hands_per_session=2)
    env.reset(seed=11)
    rng = np.random.default_rng(5)

    def pick(e: Any) -> int | None:
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            return None
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    for _ in range(before):
        env.step(pick(env))
    envs = [env, pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    steps = 0
    while env.agents and steps < 5000:
        action = pick(env)
        for e in envs:
            e.step(action)
        for other in envs[1:]:
            assert other.agent_selection == env.agent_selection
            assert other.rewards == env.rewards and other.terminations == env.terminations
            for agent in env.possible_agents:
                assert _same(env.observe(agent), other.observe(agent))
        steps += 1
        if all(env.terminations.values()):
            break
    return steps


def main() -> None:
    from paiju import compiled

    for game, rules, players in (("lukfu", "hongkong", 4), ("daifugo", "pagat", 4)):
        check_gym(game, rules, players)
        check_aec(game, rules, players)
    print("copied", "compiled" if compiled.in_use() else "pure")


if __name__ == "__main__":
    sys.exit(main())
