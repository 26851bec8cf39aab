"""A third game reaches every research env by its own folder alone: the tiny test game
(tests/bots/tinygame/, its research part in research.py) passes the checks the real games
pass (PettingZoo's api_test and seed_test, Gymnasium's check_env, OpenSpiel's random
simulation test with serialization), its observations hide what its views hide, and a game
without a research interface is refused, named."""

from __future__ import annotations

from random import Random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

import gymnasium
import pyspiel
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from paiju.core.games import get_game
from paiju.rl import gym as paiju_gym
from paiju.rl import openspiel
from paiju.rl.actions import Picker, path, space_of
from paiju.rl.gym import PaijuEnv
from paiju.rl.observe import Encoder
from paiju.rl.pettingzoo import env, raw_env

pytestmark = pytest.mark.usefixtures("tiny_registered")


@pytest.mark.parametrize("players", [2, 3])
def test_pettingzoo_api_and_seed_tests(players: int) -> None:
    api_test(env("tiny", "basic", players=players, hands_per_session=3), num_cycles=200)
    seed_test(lambda: env("tiny", "singles", players=players, hands_per_session=3),
              num_cycles=200)
    api_test(env("tiny", players=players, info_state=True), num_cycles=60)


def test_pettingzoo_rewards_are_the_session_totals() -> None:
    aec = raw_env("tiny", players=3, hands_per_session=4)
    rng = np.random.default_rng(1)
    got: dict[str, float] = {}
    aec.reset(seed=2)
    for agent in aec.agent_iter():
        obs, reward, term, trunc, _ = aec.last()
        got[agent] = got.get(agent, 0.0) + reward
        aec.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    session = aec.match.session
    assert session is not None and session.hands_played == 4
    assert got == {f"player_{p}": pytest.approx(t) for p, t in enumerate(session.totals)}
    assert any(got.values())


def test_gymnasium_check_env_and_a_registered_id() -> None:
    check_env(PaijuEnv("tiny", "basic", players=3, hands_per_session=2),
              skip_render_check=True)
    env_id = paiju_gym.register("tiny")
    assert env_id == "paiju/Tinyclimbing-v0"
    one = gymnasium.make(env_id, players=2, hands_per_session=2, opponents="heuristic")
    obs, _ = one.reset(seed=3)
    total, done, rng = 0.0, False, np.random.default_rng(3)
    while not done:
        obs, reward, done, _, _ = one.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += float(reward)
    session = one.unwrapped.match.session  # type: ignore[attr-defined]
    assert session is not None and total == pytest.approx(session.totals[0])


def test_openspiel_random_sim_test_and_resampling() -> None:
    name = openspiel.register("tiny")
    assert name == "python_paiju_tiny"
    for players in (2, 3):
        game = pyspiel.load_game(f"{name}(rules=basic,players={players})")
        pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    game = pyspiel.load_game(name)
    assert game.num_players() == 2  # the registry's default for it: its smallest count
    assert game.get_type().long_name == "paiju Tiny climbing"
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        p = state.current_player()
        sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0, 1))
        assert sample.information_state_tensor(p) == state.information_state_tensor(p)
        assert sample.legal_actions() == state.legal_actions()
        checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked > 3 and sum(state.returns()) == 0


def test_every_legal_action_has_one_path_through_the_masks() -> None:
    g = get_game("tiny")
    space = space_of("tiny")
    assert space.size == 2 + 18 + 1 and space.describe(2) == "card 1a"
    rng = Random(4)
    seen = 0
    for seed in range(6):
        state = g.new_hand(g.rules("basic"), 3, Random(seed))
        while not state.is_terminal():
            legal = state.legal_actions()
            for action in legal:
                picker = Picker(space, legal)
                for i in path(Picker(space, legal), action):
                    assert picker.mask()[i] == 1
                    got = picker.step(i)
                assert got == action
                seen += 1
            state.apply(rng.choice(legal))
    assert seen > 100


def test_a_resampled_deal_gives_the_same_observation() -> None:
    g = get_game("tiny")
    enc = Encoder("tiny", 3)
    rng = Random(5)
    checked = differed = 0
    for seed in range(4):
        state = g.new_hand(g.rules("basic"), 3, Random(seed))
        while not state.is_terminal():
            seat = (state.to_move() + 1) % 3
            view = state.view(seat)
            sample = view.sample(rng)
            assert np.array_equal(enc.info_state(view), enc.info_state(sample.view(seat)))
            other = (seat + 1) % 3
            differed += sample.view(other).hand != state.view(other).hand
            checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 10 and differed > checked // 2
    hand = dict(enc.at)["hand"]
    assert int(enc.observation(view)[hand:hand + 18].sum()) == len(view.hand)


def test_a_game_without_a_research_interface_is_refused_by_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import tinygame

    monkeypatch.delattr(tinygame.TinyGame, "research")
    for make in (lambda: raw_env("tiny"), lambda: PaijuEnv("tiny"),
                 lambda: openspiel.register("tiny")):
        with pytest.raises(ValueError, match=r"^Tiny climbing \(tiny\) offers no research"):
            make()
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        space_of("chess")


def test_the_research_envs_name_no_game() -> None:
    """rl/ asks the game for everything: no module of it imports a game's package or
    says a game's registry name (docstrings too)."""
    import re
    from pathlib import Path

    import paiju.rl

    names = re.compile(r"lukfu|daifugo", re.IGNORECASE)
    found = {path.name: names.findall(path.read_text(encoding="utf-8"))
             for path in Path(paiju.rl.__file__).parent.glob("*.py")}
    assert len(found) >= 8
    assert {name: hits for name, hits in found.items() if hits} == {}
