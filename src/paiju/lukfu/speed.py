"""Random-play speed of the Luk Fu engine, with OpenSpiel's ``dou_dizhu`` beside it.

``python -m paiju.lukfu.speed [SECONDS]`` plays random hands on one core (the loop a peer
engine's random play runs: ``legal_actions()``, a uniform choice, ``apply()``) for each
preset with 4 and 3 players, three rounds of ``SECONDS`` each, and prints the best round:
hands per second of wall time and of process CPU time. When ``pyspiel`` is installed it
measures OpenSpiel's C++ ``dou_dizhu`` random play in the same rounds and prints the ratio.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from paiju.core.seeding import make_rng
from paiju.lukfu.game import GAME


def _timed(seconds: float, play_one: Callable[[int], None]) -> tuple[float, float]:
    """Hands per wall second and per CPU second of ``play_one`` over ``seconds``."""
    hands = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while True:
        play_one(hands)
        hands += 1
        elapsed = time.perf_counter() - wall
        if elapsed >= seconds:
            break
    return hands / elapsed, hands / (time.process_time() - cpu)


def lukfu_player(preset: str, players: int, seed: int = 1) -> Callable[[int], None]:
    rules = GAME.rules(preset)

    def play(i: int) -> None:
        rng = make_rng(seed, "speed", "lukfu", i)
        state = GAME.new_hand(rules, players, rng)
        while True:
            actions = state.legal_actions()
            if not actions:
                return
            state.apply(actions[rng.randrange(len(actions))])

    return play


def dou_dizhu_player() -> Callable[[int], None] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(1)

    def play(i: int) -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])

    return play


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv else 3.0
    targets: list[tuple[str, Callable[[int], None]]] = []
    spiel = dou_dizhu_player()
    if spiel is not None:
        targets.append(("OpenSpiel dou_dizhu", spiel))
    for preset in ("hongkong", "gloucester", "sung"):
        for players in (4, 3):
            targets.append((f"Luk Fu {preset}, {players} players", lukfu_player(preset, players)))
    best: dict[str, tuple[float, float]] = {}
    for _ in range(3):
        for label, play in targets:
            wall, cpu = _timed(seconds, play)
            old = best.get(label, (0.0, 0.0))
            best[label] = (max(old[0], wall), max(old[1], cpu))
    base = best.get("OpenSpiel dou_dizhu")
    for label, (wall, cpu) in best.items():
        ratio = ""
        if base and label != "OpenSpiel dou_dizhu":
            ratio = f"  {wall / base[0]:.3f}x OpenSpiel"
        print(f"{label:32s} {wall:8.0f} hands/s {cpu:8.0f} hands/CPU-s{ratio}")


if __name__ == "__main__":
    main(sys.argv[1:])
