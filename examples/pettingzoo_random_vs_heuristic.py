"""Random against paiju's pre-trained players, through paiju's PettingZoo environment.

player_0 is a paiju player (it reads its seat's view and its chosen action is stepped in
as action ids): in turn each of ``--baselines``, by default ``heuristic`` (the rule-based
player) and ``learned`` (the shipped policy of ``paiju train``), on the same deals; every
other player picks uniformly among its legal ids. Prints each side's mean points per hand
with a 95% interval.

    python examples/pettingzoo_random_vs_heuristic.py --game daifugo --rules popular --hands 200
"""

from __future__ import annotations

import argparse
import math
from random import Random

import numpy as np

from paiju.bots import make_bot
from paiju.rl.pettingzoo import env as make_env


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    return mean, 1.96 * math.sqrt(var / n)


def play(args: argparse.Namespace, spec: str) -> None:
    """``spec`` as player_0 against random ids for ``args.hands`` hands; prints the means."""
    env = make_env(args.game, args.rules, players=args.players, hands_per_session=args.hands)
    match = env.unwrapped.match
    bot, rng = make_bot(spec), Random(args.seed)
    pick = np.random.default_rng(args.seed)
    per_hand: dict[str, list[float]] = {a: [] for a in env.possible_agents}
    env.reset(seed=args.seed)
    plan: list[int] = []
    played = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        if agent == "player_0":
            if not plan:
                plan = match.path_of(bot.choose(env.unwrapped.view(agent), rng))
            env.step(plan.pop(0))
        else:
            env.step(int(pick.choice(np.flatnonzero(obs["action_mask"]))))
        if match.session.hands_played > played:  # this step ended a hand
            played = match.session.hands_played
            for a in env.possible_agents:
                per_hand[a].append(env.unwrapped.rewards[a])
    hands = match.session.hands_played
    mine = per_hand["player_0"]
    others = [v for a in env.possible_agents[1:] for v in per_hand[a]]
    print(f"{args.game} {match.rules.preset}, {args.players} players, {hands} hands")
    for name, values in ((f"{spec} (player_0)", mine), ("random (the others)", others)):
        mean, half = mean_interval(values) if values else (0.0, 0.0)
        print(f"  {name:22} {mean:+.3f} points a hand (95% interval ±{half:.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="daifugo", choices=["lukfu", "daifugo"])
    parser.add_argument("--rules", default=None, help="a preset (the game's first if not given)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--baselines", default="heuristic,learned",
                        help="comma-separated paiju player specs, each played as player_0")
    args = parser.parse_args()
    for spec in args.baselines.split(","):
        play(args, spec)


if __name__ == "__main__":
    main()
