"""Monte Carlo self-play over whole moves on the batched env (NumPy only).

Every seat of ``--batch`` Dai Fugō sessions (``pagat``, four players: a hand pays one
point to the player who goes out first) is played by one linear scorer of whole moves,
``Q(s, a) = row(a) · (W @ obs(s))`` (:mod:`paiju.rl.moves` rows, :mod:`paiju.rl.batch`
observations), ε-greedy; when a hand ends, each move a player made is pulled towards the
points that player got (every-visit Monte Carlo, the way deep Monte Carlo agents learn,
with a linear model in place of the network). Then the greedy scorer holds player 0
against three players uniform over the legal moves, beside a uniform player 0 on the
same deals, and the script prints the mean points a hand with 95% intervals.

    python examples/batched_self_play_mc.py --minutes 2
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from paiju.rl.batch import BatchMatch


class MoveScorer:
    """``Q(s, a) = row · (W @ obs)``, trained by stochastic gradient towards returns."""

    def __init__(self, obs_size: int, row_size: int, lr: float) -> None:
        self.w = np.zeros((row_size, obs_size), dtype=np.float32)
        self.lr = lr

    def scores(self, obs: np.ndarray, rows: np.ndarray) -> np.ndarray:
        return rows @ (self.w @ obs)

    def learn(self, obs: np.ndarray, row: np.ndarray, target: float) -> None:
        nz = np.flatnonzero(row)  # a move's row has a handful of entries: update only those
        q = float(row[nz] @ (self.w[nz] @ obs))
        # normalised least mean squares: the step is a share of the error, whatever the
        # number of entries the observation and the row have
        scale = self.lr * (target - q) / (float(row[nz] @ row[nz]) * float(obs @ obs) + 1.0)
        self.w[nz] += scale * row[nz, None] * obs[None, :]


def train(scorer: MoveScorer, batch: int, seconds: float, epsilon: float,
          seed: int) -> tuple[int, int]:
    """Self-play for ``seconds``: the hands finished and the moves learned from."""
    env = BatchMatch("daifugo", "pagat", players=4, batch=batch)
    env.reset(seed)
    rng = np.random.default_rng(seed)
    memory: list[list[tuple[int, np.ndarray, np.ndarray]]] = [[] for _ in range(batch)]
    hands = learned = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        obs, movers, legal = env.observations(), env.to_move(), env.legal_moves()
        if any(not actions for actions, _ in legal):  # ids were picked: not in this loop
            raise RuntimeError("a decision is under way in ids")
        picks = []
        for i, (_, rows) in enumerate(legal):
            if rng.random() < epsilon:
                j = int(rng.integers(len(rows)))
            else:
                j = int(np.argmax(scorer.scores(obs[i], rows)))
            memory[i].append((int(movers[i]), obs[i], rows[j]))
            picks.append(j)
        rewards, dones = env.step_moves(picks, legal)
        for i in np.flatnonzero(dones):
            for player, o, row in memory[i]:
                scorer.learn(o, row, float(rewards[i, player]))
                learned += 1
            memory[i] = []
            hands += 1
    return hands, learned


def evaluate(scorer: MoveScorer | None, sessions: int, seed: int) -> tuple[float, float]:
    """Player 0's mean points a hand (95% half-width): greedy ``scorer``, or uniform over
    the legal moves; the other players uniform."""
    env = BatchMatch("daifugo", "pagat", players=4, batch=sessions)
    env.reset(seed)
    rng = np.random.default_rng(seed + 1)
    done = np.zeros(sessions, dtype=bool)
    points = np.zeros(sessions)
    while not done.all():
        obs, movers, legal = env.observations(), env.to_move(), env.legal_moves()
        picks = []
        for i, (_, rows) in enumerate(legal):
            if scorer is not None and movers[i] == 0:
                picks.append(int(np.argmax(scorer.scores(obs[i], rows))))
            else:
                picks.append(int(rng.integers(len(rows))))
        rewards, dones = env.step_moves(picks, legal)
        fresh = dones & ~done
        points[fresh] = rewards[fresh, 0]
        done |= dones
    return float(points.mean()), 1.96 * float(points.std(ddof=1)) / math.sqrt(sessions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--eval-hands", type=int, default=400)
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    probe = BatchMatch("daifugo", "pagat", players=4)
    scorer = MoveScorer(probe.obs_size, probe.moves.width, args.lr)
    hands, learned = train(scorer, args.batch, args.minutes * 60, args.epsilon, args.seed)
    print(f"self-play: {hands} hands, {learned} moves learned from")
    for label, who in (("uniform player 0", None), ("trained scorer, greedy", scorer)):
        mean, half = evaluate(who, args.eval_hands, 10_000 + args.seed)
        print(f"{label}: {mean:.3f} ± {half:.3f} points a hand "
              f"({args.eval_hands} hands, three uniform opponents)")


if __name__ == "__main__":
    main()
