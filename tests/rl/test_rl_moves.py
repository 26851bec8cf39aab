"""Whole moves (paiju.rl.moves): a decision's legal actions one entry each, each row its
path of ids counted; read from the seat's view, so a resampled deal offers the same rows;
and the envs play them whole, as their ids would."""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from rl_helpers import decisions

from paiju.rl.gym import PaijuEnv
from paiju.rl.moves import Moves
from paiju.rl.pettingzoo import env as aec_env


def test_the_widths_are_the_documented_ones() -> None:
    assert Moves("lukfu").width == 6 + 37 + 1 == 44
    assert Moves("daifugo").width == 6 + 165 + 1 == 172
    assert [n for n, _, _ in Moves("daifugo").layout()] == ["kind", "cards", "count"]


def test_each_legal_action_is_one_row_its_ids_counted(preset: tuple[str, Any, int]) -> None:
    game, rules, players = preset
    moves = Moves(game)
    space = moves.space
    seen = 0
    for state, seat in decisions(game, rules, players, hands=2, seed=5):
        actions, rows = moves.of(state.view(seat))
        assert actions == list(state.legal_actions())
        assert rows.shape == (len(actions), moves.width) and rows.dtype == np.float32
        assert len({r.tobytes() for r in rows}) == len(actions)  # one row a move
        for action, row in zip(actions, rows, strict=True):
            ids = space.ids_of(action)
            counted = np.bincount(ids, minlength=space.size)[:moves.width - 1]
            assert np.array_equal(row[:-1], counted) and row[-1] == len(ids) - 1
            assert moves.describe(row).split() == [action.do, *(
                space.tokens[i - len(space.dos)] for i in ids[1:])]
        seen += len(actions)
    assert seen > 100


def test_a_resampled_deal_offers_the_same_moves(preset: tuple[str, Any, int]) -> None:
    game, rules, players = preset
    moves = Moves(game)
    rng = Random(4)
    checked = differed = 0
    for state, seat in decisions(game, rules, players, hands=3, seed=17):
        view = state.view(seat)
        sample = view.sample(rng)
        actions, rows = moves.of(view)
        actions2, rows2 = moves.of(sample.view(seat))
        assert actions2 == actions and np.array_equal(rows2, rows)
        other = (seat + 1) % min(players, 3 if game == "lukfu" else players)
        if sample.view(other).to_json()["hand"] != state.view(other).to_json()["hand"]:
            differed += 1  # the hidden cards really moved: the check has power
        # another seat's view offers nothing while it is not its turn
        assert moves.of(state.view(other))[0] == []
        checked += 1
    assert checked > 10 and differed > checked // 2


@pytest.mark.parametrize("game,rules,players", [("lukfu", "hongkong", 4),
                                                 ("daifugo", "popular", 4)])
def test_the_gym_env_plays_whole_moves_as_their_ids(game: str, rules: str,
                                                    players: int) -> None:
    whole = PaijuEnv(game, rules, players=players, hands_per_session=2)
    by_ids = PaijuEnv(game, rules, players=players, hands_per_session=2)
    obs, _ = whole.reset(seed=8)
    obs2, _ = by_ids.reset(seed=8)
    rng = Random(1)
    done, steps = False, 0
    while not done:
        actions, rows = whole.legal_moves()
        assert len(actions) == len(rows) > 0
        i = rng.randrange(len(actions))
        total = 0.0
        for action_id in by_ids.match.path_of(actions[i]):
            obs2, reward, done2, _, _ = by_ids.step(action_id)
            total += float(reward)
        obs, reward, done, _, _ = whole.step_move(i)
        assert np.array_equal(obs["observation"], obs2["observation"])
        assert reward == total and done == done2
        steps += 1
    assert whole.match.session.totals == by_ids.match.session.totals and steps > 5
    assert whole.legal_moves()[0] == []


def test_the_pettingzoo_env_plays_whole_moves() -> None:
    env = aec_env(game="daifugo", rules="pagat", players=4)
    env.reset(seed=3)
    rng = Random(2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    while not all(env.terminations.values()):
        agent = env.agent_selection
        for other in env.possible_agents:
            if other != agent:
                assert env.legal_moves(other)[0] == []
        actions, _ = env.legal_moves(agent)
        env.step_move(rng.randrange(len(actions)))
        for a in env.possible_agents:
            totals[a] += env.rewards[a]
    assert sorted(totals.values()) == [0.0, 0.0, 0.0, 1.0]  # pagat: one point to the first out


def test_a_bad_move_index_changes_nothing() -> None:
    env = PaijuEnv("lukfu", "hongkong", players=4)
    env.reset(seed=1)
    version = env.match.version
    n = len(env.legal_moves()[0])
    with pytest.raises(ValueError, match=f"an index from 0 to {n - 1}, not {n}"):
        env.step_move(n)
    assert env.match.version == version
