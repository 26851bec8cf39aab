"""Both games' ``Position.copy`` writes every field itself (not through the dataclass's
``__init__``): a field added to the class and left out of ``copy`` must fail here."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from paiju.core.games import get_game


def _positions(game: str, preset: str, players: int) -> list[Any]:
    """Positions part way through random hands (every field set to something)."""
    g = get_game(game)
    out = []
    for seed in range(6):
        rng = random.Random(seed)
        state: Any = g.new_session(g.rules(preset), players, seed).deal()
        stop = rng.randrange(4, 40)
        for _ in range(stop):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        out.append(state.pos)
    return out


@pytest.mark.parametrize("game,preset,players", [("lukfu", "hongkong", 4),
                                                 ("daifugo", "uecda", 5)])
def test_copy_holds_every_field_and_shares_no_list(game: str, preset: str,
                                                   players: int) -> None:
    for pos in _positions(game, preset, players):
        copy = pos.copy()
        assert type(copy) is type(pos)
        for f in dataclasses.fields(pos):
            mine, theirs = getattr(pos, f.name), getattr(copy, f.name)
            assert theirs == mine, f.name
            if isinstance(mine, (list, dict)):
                assert theirs is not mine, f"{f.name} is shared"
        assert copy == pos
