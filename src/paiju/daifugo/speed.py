"""Random-play speed of the Dai Fugō engine, beside OpenSpiel's dou_dizhu when installed.

``python -m paiju.daifugo.speed [--seconds S] [--rounds R] [--preset P] [--players N]``
plays uniformly random hands (``state.legal_actions()``, a uniform choice,
``state.apply()``) on one core for ``S`` seconds, then OpenSpiel's C++ ``dou_dizhu``
through its Python binding the same way, ``R`` times in turn, and prints hands per
second for each round, the best of the rounds, and the ratio of the bests. Running the
two in turn, round by round, keeps the ratio fair on a machine whose load changes.
The project's benchmark is ``paiju bench``; this is the engine's own quick check.
"""

from __future__ import annotations

import argparse
import importlib
import os
import time
from collections.abc import Callable
from random import Random

from paiju.daifugo.game import GAME


def _timed(seconds: float, play_one: Callable[[int], int]) -> tuple[float, float]:
    """Hands and decisions per second of ``play_one`` over ``seconds``."""
    hands = decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        decisions += play_one(hands)
        hands += 1
        elapsed = time.perf_counter() - start
    return hands / elapsed, decisions / elapsed


def daifugo_random(preset: str, players: int, seconds: float, seed: int) -> tuple[float, float]:
    """Random play of Dai Fugō: hands and decisions per second."""
    rules = GAME.rules(preset, {"jokers": 1})

    def play(i: int) -> int:
        rng = Random(seed * 1_000_003 + i)
        state = GAME.new_hand(rules, players, rng)
        n = 0
        while True:
            actions = state.legal_actions()
            if not actions:
                return n
            state.apply(actions[rng.randrange(len(actions))])
            n += 1

    return _timed(seconds, play)


def openspiel_random(seconds: float, seed: int) -> tuple[float, float] | None:
    """Random play of OpenSpiel's dou_dizhu, or None when pyspiel is not installed."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return None
    game = pyspiel.load_game("dou_dizhu")
    rng = Random(seed)

    def play(_: int) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                n += 1
        return n

    return _timed(seconds, play)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m paiju.daifugo.speed")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--preset", default="pagat")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    daifugo_random(args.preset, args.players, 1.0, 0)  # warm the tables
    best_p = best_o = 0.0
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for k in range(args.rounds):
        hands, decisions = daifugo_random(args.preset, args.players, args.seconds, k)
        best_p = max(best_p, hands)
        line = (f"round {k + 1}: daifugo {args.preset} {args.players}p "
                f"{hands:8.0f} hands/s {decisions:9.0f} decisions/s")
        peer = openspiel_random(args.seconds, k)
        if peer is not None:
            best_o = max(best_o, peer[0])
            line += f" | openspiel dou_dizhu {peer[0]:8.0f} hands/s  ratio {hands / peer[0]:.3f}"
        print(line, flush=True)
    summary = f"best: daifugo {best_p:.0f} hands/s"
    if best_o:
        summary += f", openspiel dou_dizhu {best_o:.0f} hands/s, ratio {best_p / best_o:.3f}"
    print(summary)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
