"""The picker takes ids as NumPy integers too (as a policy's arg-max or a sampler gives
them), and ends on legal actions through multi-card choices of both games."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy")

from rl_helpers import decisions

from paiju.rl.actions import Picker, space_of


@pytest.mark.parametrize("game,preset", [("lukfu", "hongkong"), ("daifugo", "pagat")])
def test_numpy_ids_pick_legal_actions(game: str, preset: str) -> None:
    space = space_of(game)
    rng = np.random.default_rng(0)
    cards_picked = 0
    for state, _seat in decisions(game, preset, 4, hands=3, seed=5):
        picker = Picker(space, state.legal_actions())
        got = None
        while got is None:
            got = picker.step(rng.choice(np.array(picker.legal_ids())))
        assert state.why_illegal(got) is None
        cards_picked += len(picker.prefix) > 1
    assert cards_picked > 5  # choices went past their kind, card by card
