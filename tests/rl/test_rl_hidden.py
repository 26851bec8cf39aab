"""Hidden information: a seat's observation never holds a card it cannot know. The same
encoding of a deal that View.sample draws for the seat gives the same vectors."""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numpy")

from rl_helpers import decisions

from paiju.core.games import get_game
from paiju.rl.observe import Encoder


def encodings(enc: Encoder, state: object, seat: int) -> tuple[np.ndarray, np.ndarray, str]:
    view = state.view(seat)  # type: ignore[attr-defined]
    data = view.to_json()
    return enc.observation(view), enc.info_state(view), Encoder.info_string(data)


def test_a_resampled_deal_gives_the_same_observation(preset: tuple[str, Any, int]) -> None:
    game, name, players = preset
    enc = Encoder(game, players, get_game(game).rules(name))
    rng = Random(9)
    checked = differed = 0
    for i, (state, mover) in enumerate(decisions(game, name, players, hands=4, seed=13)):
        if i % 2:
            continue
        seat = (mover + i) % players
        obs, info, text = encodings(enc, state, seat)
        sample = state.view(seat).sample(rng)
        obs2, info2, text2 = encodings(enc, sample, seat)
        assert text2 == text
        assert np.array_equal(obs, obs2) and np.array_equal(info, info2)
        other = (seat + 1) % min(players, 3 if game == "lukfu" else players)
        if sample.view(other).to_json()["hand"] != state.view(other).to_json()["hand"]:
            differed += 1  # the sample really hides the other hands: the test has power
        checked += 1
    assert checked > 10 and differed > checked // 2


def test_the_observation_does_show_the_seats_own_hand() -> None:
    enc = Encoder("lukfu", 4)
    for state, mover in decisions("lukfu", "hongkong", 4, hands=1, seed=1):
        view = state.view(mover)
        obs = enc.observation(view)
        at = {name: (o, w) for name, o, w in enc.layout()}
        o, w = at["hand"]
        assert int(obs[o:o + w].sum()) == len(view.to_json()["hand"]) > 0
        o, w = at["dreamer"]
        assert obs[o:o + w].sum() == 0  # an active seat never sees the dreamer's card
        break


def test_the_observation_shows_the_aged_cards_the_seat_can_tell() -> None:
    """The seat's aged cards (docs/lukfu-aged.md) are in the vector, and only its own."""
    enc = Encoder("lukfu", 4)
    o, w = next((o, w) for name, o, w in enc.layout() if name == "aged")
    index = {t: i for i, t in enumerate(enc.space.tokens)}
    shown = 0
    for state, mover in decisions("lukfu", "hongkong", 4, hands=6, seed=3):
        view = state.view(mover)
        got = {i for i in range(w) if enc.observation(view)[o + i]}
        aged = view.aged()
        want = {index[t] for t in view.to_json()["hand"] if aged >> _card(t) & 1}
        assert got == want
        assert got <= {index[t] for t in view.to_json()["hand"]}
        shown += bool(got)
    assert shown > 10


def _card(token: str) -> int:
    from paiju.lukfu.engine.cards import parse_card

    return parse_card(token)
