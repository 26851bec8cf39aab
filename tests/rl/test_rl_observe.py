"""The observation's segments read back as the view's own JSON says: each card segment
holds the cards the view lists, each count its scaled count, each one-hot its seat."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numpy")

from rl_helpers import TWO_PACKS, decisions

from paiju.core.games import get_game
from paiju.rl.observe import Encoder, rule_flags


def segments(enc: Encoder, obs: np.ndarray) -> dict[str, np.ndarray]:
    return {name: obs[at:at + width] for name, at, width in enc.layout()}


def tokens_in(enc: Encoder, segment: np.ndarray) -> list[str]:
    """The tokens of a card segment (Dai Fugō's two joker entries read ``JK``; two packs'
    108: the first copies, the second copies ``7S'``, four jokers)."""
    names = enc.space.tokens
    if enc.game == "daifugo":
        suited = enc.space.tokens[:52]
        names = ([*suited, *(t + "'" for t in suited), *["JK"] * 4] if len(segment) == 108
                 else [*suited, "JK", "JK"])
    return sorted(names[i] for i in np.flatnonzero(segment))


def hot(segment: np.ndarray) -> int | None:
    ones = np.flatnonzero(segment)
    assert len(ones) <= 1 and set(np.unique(segment)) <= {0.0, 1.0}
    return int(ones[0]) if len(ones) else None


def check_daifugo(enc: Encoder, seg: dict[str, np.ndarray], data: dict[str, Any]) -> None:
    table = data["table"] or []
    assert tokens_in(enc, seg["hand"]) == sorted(data["hand"])
    assert tokens_in(enc, seg["played"]) == sorted(data["played"])
    assert tokens_in(enc, seg["table"]) == sorted("JK" if t.startswith("JK") else t
                                                  for t in table)
    assert tokens_in(enc, seg["table_stands_for"]) == sorted(
        t[3:] for t in table if t.startswith("JK="))
    two = enc.rules.decks == 2  # two packs' counts are /27 and /108 (docs/rl.md)
    assert np.allclose(seg["counts"], np.array(data["counts"], np.float32) / (27 if two else 14))
    face_down = [data["discarded_face_down"], data["dropped_face_down"]]
    assert np.allclose(seg["face_down"], np.array(face_down, np.float32) / (108 if two else 54))
    assert hot(seg["seat"]) == data["seat"] and hot(seg["to_move"]) == data["to_move"]
    assert hot(seg["table_seat"]) == data["table_seat"]
    n, c = enc.players, len(seg["hand"])
    for entry in data["known"]:
        where = entry["seat"] if entry["seat"] >= 0 else n - 1 - entry["seat"]
        assert set(entry["cards"]) <= set(tokens_in(enc, seg["known"][where * c:][:c]))


def check_lukfu(enc: Encoder, seg: dict[str, np.ndarray], data: dict[str, Any]) -> None:
    assert tokens_in(enc, seg["hand"]) == sorted(data["hand"])
    for seat, won in enumerate(data["won"]):
        got = tokens_in(enc, seg["won"][seat * 37:][:37])
        assert got == sorted(t for trick in won for t in trick) or got == sorted(won)
    top = data["top"]
    assert tokens_in(enc, seg["top"]) == sorted(top["cards"] if top else [])
    assert np.allclose(seg["hand_counts"], np.array(data["hand_counts"], np.float32) / 12)
    assert np.allclose(seg["tricks"], np.array(data["tricks"], np.float32) / 12)
    assert seg["round"][0] == np.float32(data["round"] / 12)  # the JSON counts from 1
    assert hot(seg["seat"]) == data["seat"] and hot(seg["to_move"]) == data["to_move"]
    assert hot(seg["caller"]) == data["caller"] and hot(seg["leader"]) == data["leader"]
    assert seg["master_passed"][0] == float(data["master_passed"])


@pytest.mark.parametrize("game,preset,players", [
    ("lukfu", "hongkong", 4), ("lukfu", "gloucester", 3),
    ("daifugo", "pagat", 4), ("daifugo", "uecda", 5), ("daifugo", "popular", 3),
    ("daifugo", TWO_PACKS, 4), ("daifugo", TWO_PACKS, 6),
])
def test_the_segments_read_back_as_the_views_json(game: str, preset: Any,
                                                  players: int) -> None:
    enc = Encoder(game, players, get_game(game).rules(preset))
    check = check_lukfu if game == "lukfu" else check_daifugo
    checked = 0
    for i, (state, mover) in enumerate(decisions(game, preset, players, hands=3, seed=21)):
        seat = (mover + i) % (3 if game == "lukfu" else players)
        view = state.view(seat)
        check(enc, segments(enc, enc.observation(view)), view.to_json())
        checked += 1
    assert checked > 20


def test_the_picks_and_rule_flags_are_where_the_layout_says() -> None:
    enc = Encoder("daifugo", 4)
    state, mover = next(iter(decisions("daifugo", "pagat", 4, hands=1, seed=2)))
    view = state.view(mover)
    base = enc.observation(view)
    kinds = len(enc.space.dos)  # the card ids follow the kinds of action
    picked = enc.observation(view, (0, kinds + 3, kinds + 52))
    seg = segments(enc, picked)
    assert hot(seg["picked_do"]) == 0
    assert tokens_in(enc, seg["picked_cards"][:54]) == sorted(["3C", "JK"])
    assert np.array_equal(enc.with_prefix(base, (0, kinds + 3, kinds + 52)), picked)
    changed = np.flatnonzero(picked != base)
    assert len(changed) == 3  # the picks and nothing else
    flags = segments(enc, base)["rules"]
    assert np.array_equal(flags, np.array(rule_flags(enc.options, view.rules.values),
                                          dtype=np.float32))
