"""The engine's module-level tables do not grow with play (memory stays flat).

Every dict, list and set at module level in paiju.daifugo is either complete once the
seats are built (the same size after N hands as after 2N) or a cache with a stated
limit that it never passes. Sizes are counted, never timed or measured in bytes.
"""

from __future__ import annotations

import sys
from random import Random
from typing import Any

import pytest

from paiju.daifugo.engine import actions, combos, tables
from paiju.daifugo.engine.cards import SUITED
from paiju.daifugo.game import GAME
from paiju.daifugo.players import strategy

#: The caches allowed to change size with play, and the limit each keeps to.
LIMITED = {
    "paiju.daifugo.engine.tables._SEQ_SHAPES": lambda: tables.SEQ_SHAPES_LIMIT,
    "paiju.daifugo.engine.combos._SUIT_RANKS": lambda: combos.SUIT_RANKS_LIMIT,
    "paiju.daifugo.players.strategy._PLAYS": lambda: strategy.PLAYS_LIMIT,
}

#: Rule sets that between them make every kind of combination: sequences with one and
#: two jokers, no 2s in sequences, emperors, and five seats.
SETS = [
    ("pagat", {"jokers": 2, "emperor": True}, 4),
    ("pagat", {"jokers": 1, "twos_in_sequences": False}, 3),
    ("uecda", {}, 5),
]


def _sizes() -> dict[str, int]:
    out = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("paiju.daifugo"):
            continue
        for key, value in vars(module).items():
            if isinstance(value, dict | list | set) and not key.startswith("__"):
                out[f"{name}.{key}"] = len(value)
    return out


def _play(hands: int, seed: int) -> None:
    rng = Random(seed)
    for k in range(hands):
        preset, options, players = SETS[k % len(SETS)]
        state: Any = GAME.new_hand(GAME.rules(preset, options), players, rng)
        while not state.is_terminal():
            if rng.random() < 0.05:
                state.view(state.to_move()).sample(rng)
            if k % 3 == 2:  # the rule-based player plays every third hand (strategy._PLAYS)
                state.apply(GAME.strategy(state.view(state.to_move()), rng))
                continue
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_tables_do_not_grow_with_play() -> None:
    _play(30, 1)
    before = _sizes()
    _play(60, 2)
    after = _sizes()
    assert "paiju.daifugo.engine.actions._INTERNED" in after
    for name, size in after.items():
        limit = LIMITED.get(name)
        if limit is None:
            assert size == before.get(name), f"{name} grew with play: {before.get(name)} -> {size}"
        else:
            assert size <= limit(), f"{name} passed its limit {limit()}: {size}"
    seats = len(tables._SEATS)
    assert seats >= 5
    assert len(actions._INTERNED) == len(actions.PLAY_MELD) == seats * len(tables.ALL_MELDS)


def test_every_combination_is_precomputed_once() -> None:
    every = (set(combos.all_groups(SUITED, 2)) | set(combos.all_sequences(SUITED, 2, True))
             | set(combos.emperors(SUITED, True)))
    assert len(tables.ALL_MELDS) == len(set(tables.ALL_MELDS)) == 8097
    assert set(tables.ALL_MELDS) == every
    assert len(tables._SHAPES) == 1837


def test_sequence_shape_cache_keeps_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "SEQ_SHAPES_LIMIT", 16)
    tables._SEQ_SHAPES.clear()
    for held in range(0, 1 << 13, 97):
        got = tables.sequence_shapes(held, 1, True, 0)
        assert len(tables._SEQ_SHAPES) <= 16
        want = [(m.rank, m) for m in combos.all_sequences(tables.SPREAD[held], 1, True)]
        assert [(lo, combos.sequence(0, *tables._SHAPES[sid])) for lo, sid in got] == want


def test_suit_ranks_cache_keeps_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(combos, "SUIT_RANKS_LIMIT", 8)
    rng = Random(3)
    for _ in range(40):
        hand = rng.getrandbits(52)
        got = combos.suit_ranks(hand)
        assert len(combos._SUIT_RANKS) <= 8
        assert got == [sum(1 << r for r in range(13) if hand >> (4 * r + s) & 1)
                       for s in range(4)]


def test_plays_cache_keeps_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strategy, "PLAYS_LIMIT", 32)
    strategy._PLAYS.clear()
    rng = Random(5)
    rules = GAME.rules("pagat")
    for _ in range(3):
        state: Any = GAME.new_hand(rules, 4, rng)
        while not state.is_terminal():
            view = state.view(state.to_move())
            before = {a: strategy._read(a, rules_book) for a in view.legal_actions()
                      for rules_book in [view.book] if a.do == "play"}
            assert len(strategy._PLAYS) <= 32
            for action, play in before.items():  # a cached play is the play read afresh
                assert play == strategy._make_play(action, view.book.read(action.cards))
            state.apply(GAME.strategy(view, rng))
