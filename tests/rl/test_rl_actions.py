"""The action space: every legal action seen in random play has one path of ids, the
masks lead only to legal actions, and record form maps back exactly."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

pytest.importorskip("numpy")

from rl_helpers import decisions

from paiju.core.games import get_game
from paiju.rl.actions import Picker, path, space_of


def test_every_legal_action_round_trips(preset: tuple[str, Any, int]) -> None:
    game, name, players = preset
    space = space_of(game)
    g = get_game(game)
    seen = 0
    for state, _seat in decisions(game, name, players, hands=3, seed=7):
        legal = list(state.legal_actions())
        paths = {space.ids_of(a): a for a in legal}
        assert len(paths) == len(legal), "two legal actions share a path of ids"
        for ids, action in paths.items():
            assert space.fast_ids_of(action) == ids
            picker = Picker(space, legal)
            got = None
            for step, i in enumerate(ids):
                assert picker.mask()[i] == 1
                got = picker.step(i)
                if got is not None:
                    assert step >= 0
                    break
            if got is None:
                got = picker.step(space.end)
            assert got == action
            steps = path(Picker(space, legal), action)
            assert steps == [*ids[:len(steps) - 1], steps[-1]] and len(steps) <= len(ids) + 1
            assert g.action_from_json(action.to_json()) == action
            seen += 1
    assert seen > 50


def test_random_paths_through_the_masks_end_on_legal_actions(
        preset: tuple[str, Any, int]) -> None:
    game, name, players = preset
    space = space_of(game)
    rng = Random(3)
    kinds = set()
    for state, _seat in decisions(game, name, players, hands=3, seed=11):
        picker = Picker(space, state.legal_actions())
        got = None
        while got is None:
            got = picker.step(rng.choice(picker.legal_ids()))
        assert state.why_illegal(got) is None
        kinds.add(got.do)
    assert {"play", "pass"} <= kinds


def test_an_id_outside_the_mask_is_refused_and_changes_nothing() -> None:
    g = get_game("daifugo")
    state = g.new_hand(g.rules("pagat"), 4, Random(1))
    space = space_of("daifugo")
    picker = Picker(space, state.legal_actions())
    before = picker.mask().copy()
    with pytest.raises(ValueError, match="is not legal now; legal: do play"):
        picker.step(space.end)
    with pytest.raises(ValueError, match="action id 999"):
        picker.step(999)
    assert (picker.mask() == before).all() and picker.prefix == ()


def test_the_spaces_are_fixed() -> None:
    assert space_of("lukfu").size == 6 + 37 + 1
    # six kinds (card_request's ask last), one pack's tokens, then two packs' 3S' .. 2C'
    assert space_of("daifugo").size == 6 + 113 + 52 + 1
    assert space_of("lukfu").describe(6) == "card 1Sip"
    assert space_of("daifugo").describe(5) == "do ask"
    assert space_of("daifugo").describe(6 + 52) == "card JK"
    assert space_of("daifugo").describe(6 + 105) == "card JK=<3S"
    assert space_of("daifugo").describe(6 + 112) == "card JK=>2C"
    assert space_of("daifugo").describe(6 + 113) == "card 3S'"
    assert space_of("daifugo").describe(6 + 164) == "card 2C'"
    assert space_of("daifugo").describe(171) == "end" == space_of("daifugo").describe(
        space_of("daifugo").end)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        space_of("chess")
