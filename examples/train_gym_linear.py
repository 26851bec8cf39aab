"""A linear policy-gradient agent (NumPy only) learns Dai Fugō on the Gymnasium env.

The agent holds player 0 of a three-player hand under the ``pagat`` rules against two
``random`` players; a hand scores 1 for going out first, else 0. The policy is a softmax
over the legal action ids of a linear function of the observation (REINFORCE with a
running-mean baseline). Before and after training, the agent plays the same evaluation
deals as two random agents (uniform over the legal ids, and paiju's ``random`` player,
uniform over the legal actions) and as paiju's pre-trained players (``--baselines``:
``heuristic``, the rule-based player, and ``learned``, the shipped policy of
``paiju train``), and the script prints the means with 95% intervals. docs/rl.md gives a
measured run.

    python examples/train_gym_linear.py --minutes 3
"""

from __future__ import annotations

import argparse
import math
import time
from random import Random

import gymnasium as gym
import numpy as np

import paiju.rl.gym  # noqa: F401  (registers paiju/DaiFugo-v0)
from paiju.bots import make_bot


class LinearPolicy:
    """Softmax over the masked ids of ``W @ x + b``."""

    def __init__(self, n_obs: int, n_actions: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((n_actions, n_obs), dtype=np.float64)
        self.b = np.zeros(n_actions, dtype=np.float64)
        self.rng = rng

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.w @ x + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        e = np.exp(logits)
        return e / e.sum()

    def act(self, obs: dict[str, np.ndarray], greedy: bool = False) -> tuple[int, np.ndarray]:
        p = self.probs(obs["observation"].astype(np.float64), obs["action_mask"])
        a = int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))
        return a, p


def play(env: gym.Env, choose, seed: int) -> float:  # type: ignore[no-untyped-def]
    """One episode with ``choose(obs) -> id``; its total reward."""
    obs, _ = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        obs, reward, done, truncated, _ = env.step(choose(obs))
        total += float(reward)
        done = done or truncated
    return total


def paiju_player(env: gym.Env, spec: str, seed: int):  # type: ignore[no-untyped-def]
    """A paiju player (``make_bot(spec)``) in the agent's seat, as ``choose(obs) -> id``:
    it reads the seat's view and its action is stepped in id by id."""
    inner, player, rng, plan = env.unwrapped, make_bot(spec), Random(seed), []

    def choose(obs: dict[str, np.ndarray]) -> int:
        if not plan:
            view = inner.match.view(inner.player)
            plan.extend(inner.match.path_of(player.choose(view, rng)))
        return plan.pop(0)

    return choose


def evaluate(env: gym.Env, choose, hands: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Mean reward over the evaluation deals, and its 95% half-interval."""
    values = [play(env, choose, 1_000_000 + i) for i in range(hands)]
    mean = sum(values) / hands
    var = sum((v - mean) ** 2 for v in values) / (hands - 1)
    return mean, 1.96 * math.sqrt(var / hands)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--eval-hands", type=int, default=1000)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--baselines", default="heuristic,learned",
                        help="paiju player specs also evaluated in player 0's seat ('' for none)")
    args = parser.parse_args()

    env = gym.make("paiju/DaiFugo-v0", rules="pagat", players=3, opponents="random")
    rng = np.random.default_rng(args.seed)
    n_obs = env.observation_space["observation"].shape[0]
    policy = LinearPolicy(n_obs, env.action_space.n, rng)

    def uniform(obs: dict[str, np.ndarray]) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    base, base_half = evaluate(env, uniform, args.eval_hands)
    print(f"random agent (uniform over legal ids): {base:.3f} ± {base_half:.3f} "
          "(first places a hand)")
    base2, base2_half = evaluate(env, paiju_player(env, "random", args.seed), args.eval_hands)
    print(f"paiju's random player (uniform over legal actions): {base2:.3f} ± {base2_half:.3f}")
    for spec in filter(None, args.baselines.split(",")):
        mean, half = evaluate(env, paiju_player(env, spec, args.seed), args.eval_hands)
        print(f"paiju's {spec} player (pre-trained baseline): {mean:.3f} ± {half:.3f}")

    baseline, episodes = 1 / 3, 0
    stop = time.monotonic() + 60 * args.minutes
    while time.monotonic() < stop:
        obs, _ = env.reset(seed=int(rng.integers(1 << 62)))
        grads_w, grads_b, total, done = [], [], 0.0, False
        while not done:
            x = obs["observation"].astype(np.float64)
            a, p = policy.act(obs)
            g = -p
            g[a] += 1.0
            grads_w.append((g, x))
            grads_b.append(g)
            obs, reward, done, truncated, _ = env.step(a)
            total += float(reward)
            done = done or truncated
        advantage = total - baseline
        baseline += 0.01 * (total - baseline)
        for (g, x), gb in zip(grads_w, grads_b, strict=True):
            policy.w += args.lr * advantage * np.outer(g, x)
            policy.b += args.lr * advantage * gb
        episodes += 1
        if episodes % 500 == 0:
            print(f"  {episodes} hands trained, running mean {baseline:.3f}", flush=True)

    mean, half = evaluate(env, lambda o: policy.act(o, greedy=True)[0], args.eval_hands)
    print(f"trained agent: {mean:.3f} ± {half:.3f} after {episodes} hands "
          f"({args.minutes:g} min); random ids: {base:.3f} ± {base_half:.3f}; "
          f"random actions: {base2:.3f} ± {base2_half:.3f}")


if __name__ == "__main__":
    main()
