"""Taking actions back: ``push`` then ``pop`` restores the exact position, over random hands."""

from __future__ import annotations

import random

import pytest

from paiju.core.errors import IllegalAction
from paiju.lukfu.engine.state import LukFuAction, LukFuState
from paiju.lukfu.game import GAME
from paiju.lukfu.rules import PRESETS


def _snapshot(state: LukFuState) -> tuple[object, ...]:
    mover = state.to_move()
    reasons = [] if mover is None else [
        state.why_illegal(LukFuAction(mover, do)) for do in ("call", "pass", "declare")]
    return (state.pos.copy(), state.record(), tuple(state.legal_actions()), reasons,
            [state.aged(s) for s in range(3)])


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_push_then_pop_restores_the_exact_state(preset: str, players: int) -> None:
    rules = GAME.rules(preset)
    rng = random.Random(f"undo/{preset}/{players}")
    for _ in range(15):
        state = GAME.new_hand(rules, players, rng)
        while not state.is_terminal():
            before = _snapshot(state)
            legal = state.legal_actions()
            for action in rng.sample(list(legal), min(3, len(legal))):
                state.push(action)
                # the position's legal actions, not those remembered for another one
                assert tuple(state.legal_actions()) == tuple(state.book.legal_actions(state.pos))
                assert state.pop() == action
            assert _snapshot(state) == before
            action = legal[rng.randrange(len(legal))]
            if rng.random() < 0.5:
                state.push(action)
            else:
                state.apply(action)


def test_a_whole_hand_pushed_pops_back_to_the_deal() -> None:
    rules = GAME.rules("hongkong")
    rng = random.Random(3)
    state = GAME.new_hand(rules, 4, rng)
    start = state.clone()
    played = []
    while not state.is_terminal():
        legal = state.legal_actions()
        played.append(legal[rng.randrange(len(legal))])
        state.push(played[-1])
    end = state.record()
    while played:
        assert state.pop() == played.pop()
    assert state.pos == start.pos and state.record() == start.record()
    for obj in end["actions"]:
        state.push(GAME.action_from_json(obj))
    assert state.record() == end


def test_pop_without_push_and_a_refused_push_change_nothing() -> None:
    state = GAME.new_hand(GAME.rules("gloucester"), 3, random.Random(1))
    with pytest.raises(IndexError, match="no pushed action"):
        state.pop()
    before = state.pos.copy()
    with pytest.raises(IllegalAction):
        state.push(LukFuAction(2, "call"))
    assert state.pos == before
    with pytest.raises(IndexError):
        state.pop()


def test_a_state_survives_pickling_and_copying() -> None:
    # Worker processes and searches copy states whole: the rulebook's hooks go along.
    import copy
    import pickle

    state = GAME.new_hand(GAME.rules("sung", {"privileged": "players_2_3"}), 4, random.Random(9))
    state.apply(state.legal_actions()[0])
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.clone()):
        assert twin.pos == state.pos and twin.record() == state.record()
        assert tuple(twin.legal_actions()) == tuple(state.legal_actions())
