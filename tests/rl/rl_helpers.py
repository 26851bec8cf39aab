"""Helpers of the research-interface tests: every preset, and decisions seen in play."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

from paiju.core.games import get_game

#: (game, preset, players) of every preset, at the player counts the tests deal.
PRESETS = [
    ("lukfu", "hongkong", 4), ("lukfu", "gloucester", 3), ("lukfu", "sung", 3),
    ("lukfu", "sung", 4),
    ("daifugo", "pagat", 4), ("daifugo", "uecda", 5), ("daifugo", "popular", 3),
]
IDS = [f"{g}-{p}-{n}" for g, p, n in PRESETS]


def decisions(game: str, preset: str, players: int, hands: int,
              seed: int) -> Iterator[tuple[Any, Any]]:
    """``(state, seat)`` before every decision of random play in a session of ``hands``."""
    g = get_game(game)
    rng = Random(seed)
    session = g.new_session(g.rules(preset), players, seed)
    for _ in range(hands):
        state = session.deal()
        while not state.is_terminal():
            yield state, state.to_move()
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        session.finish(state)
