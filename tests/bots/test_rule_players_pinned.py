"""Pinned decisions of the rule-based players: every seat of seeded hands of each preset
played by ``strategy.choose`` from its view, each decision hashed in order.

A change to a digest is a change in how the player plays. The speed-ups of the players
(the Dai Fugō hand read into per-rank counts, the Luk Fu discards weighed as bitsets)
were made against these digests, taken from the code before them. Regenerate only for an
intended change of play, and say so: ``python tests/bots/test_rule_players_pinned.py``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

import pytest

from paiju.core.games import get_game
from paiju.daifugo.players import strategy as daifugo_strategy
from paiju.lukfu.players import strategy as lukfu_strategy

HANDS = 40

#: (game, presets, player counts, the player)
PLAYERS: dict[str, tuple[tuple[str, ...], tuple[int, ...], Callable[..., Any]]] = {
    "daifugo": (("pagat", "popular", "uecda"), (3, 4, 5, 6), daifugo_strategy.choose),
    "lukfu": (("hongkong", "gloucester", "sung"), (3, 4), lukfu_strategy.choose),
}

PINNED = {
    "daifugo": "fb0a1e11bc4449f30e129a25058589bd79e6cca312770a6140a37860389c0a70",
    "lukfu": "7786bbe99368c42f7f41ff94d06a699931f9a7b355299e56cfbd8da497ed7f05",
}


def digest(game_name: str) -> str:
    presets, counts, choose = PLAYERS[game_name]
    game = get_game(game_name)
    out = hashlib.sha256()
    for preset in presets:
        rules = game.rules(preset, {})
        for i in range(HANDS):
            rng = random.Random(i)
            state = game.new_hand(rules, counts[i % len(counts)], rng)
            while (seat := state.to_move()) is not None:
                action = choose(state.view(seat), rng)
                out.update(repr(action).encode())
                state.apply(action)
    return out.hexdigest()


@pytest.mark.parametrize("game_name", sorted(PLAYERS))
def test_the_rule_based_player_plays_as_pinned(game_name: str) -> None:
    assert digest(game_name) == PINNED[game_name]


if __name__ == "__main__":
    for name in sorted(PLAYERS):
        print(f'    "{name}": "{digest(name)}",')
