"""The OpenSpiel games: OpenSpiel's random simulation test with serialization for every
preset, resampled states that keep the seat's information, and OpenSpiel's own IS-MCTS
playing whole hands."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from rl_helpers import TWO_PACKS, spiel_params  # noqa: E402

import paiju.rl.openspiel  # noqa: E402, F401  (registers the games)


def load(game: str, preset: Any, players: int) -> object:
    return pyspiel.load_game(f"python_paiju_{game}({spiel_params(preset)},players={players})")


def test_random_sim_test_with_serialization(preset: tuple[str, Any, int]) -> None:
    game, name, players = preset
    pyspiel.random_sim_test(load(game, name, players), num_sims=2, serialize=True,
                            verbose=False)


def play_to(state: object, rng: np.random.RandomState, bot: object = None) -> None:
    """One action: chance by its odds, player 0 by ``bot`` if given, others at random."""
    if state.is_chance_node():  # type: ignore[attr-defined]
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)  # type: ignore[attr-defined]
        state.apply_action(int(rng.choice(outcomes, p=probs)))  # type: ignore[attr-defined]
    elif bot is not None and state.current_player() == 0:  # type: ignore[attr-defined]
        state.apply_action(bot.step(state))  # type: ignore[attr-defined]
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))  # type: ignore[attr-defined]


@pytest.mark.parametrize("game,preset,players", [("lukfu", "sung", 4),
                                                 ("daifugo", "uecda", 4),
                                                 ("daifugo", TWO_PACKS, 4)])
def test_a_resampled_state_keeps_the_seats_information(game: str, preset: Any,
                                                       players: int) -> None:
    g = load(game, preset, players)
    rng = np.random.RandomState(1)
    state = g.new_initial_state()  # type: ignore[attr-defined]
    checked = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            p = state.current_player()
            sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0, 1))
            assert sample.information_state_string(p) == state.information_state_string(p)
            assert sample.information_state_tensor(p) == state.information_state_tensor(p)
            assert sample.observation_tensor(p) == state.observation_tensor(p)
            assert sample.legal_actions() == state.legal_actions()
            checked += 1
        play_to(state, rng)
    assert checked > 10


def test_the_compact_tensors_read_from_the_state_are_the_views_encodings(
        preset: tuple[str, Any, int]) -> None:
    # the default information-state tensor (no history) and the observation tensor come
    # from the game's fast path (the state, no view): at every decision of random hands,
    # every seat's equals the encoding of its view, picks and all
    game, name, players = preset
    g = load(game, name, players)
    rng = np.random.RandomState(2)
    checked = 0
    for _ in range(2):
        state = g.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if not state.is_chance_node():
                enc = state.config.encoder
                for p in range(players):
                    want = enc.observation(state.paiju_state.view(p), state.prefix(p))
                    for got in (state.observation_tensor(p),
                                state.information_state_tensor(p)):
                        assert np.array_equal(np.asarray(got, dtype=np.float32), want)
                checked += 1
            play_to(state, rng)
    assert checked > 10


def test_the_deal_is_chance_and_hidden() -> None:
    g = load("lukfu", "hongkong", 4)
    state = g.new_initial_state()  # type: ignore[attr-defined]
    assert state.is_chance_node() and len(state.chance_outcomes()) == 37
    state.apply_action(0)  # 1 Sip to seat 0
    assert state.information_state_string(0) == "seat 0 dealt: 1Sip"
    assert state.information_state_string(1) == "seat 1 dealt: "


@pytest.mark.parametrize("game,preset,players", [("lukfu", "hongkong", 4),
                                                 ("daifugo", "popular", 3)])
def test_openspiels_ismcts_plays_whole_hands(game: str, preset: str, players: int) -> None:
    g = load(game, preset, players)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(g, evaluator, uct_c=2.0, max_simulations=10, random_state=rng)
    for _ in range(2):
        state = g.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            play_to(state, rng, bot)
        assert len(state.returns()) == players
        if game == "lukfu":
            assert sum(state.returns()) == 0


def test_bad_parameters_are_refused_with_the_reason() -> None:
    with pytest.raises(Exception, match="has no preset 'chess'"):
        pyspiel.load_game("python_paiju_lukfu(rules=chess)")
    with pytest.raises(Exception, match="has no option 'tarif'"):
        pyspiel.load_game("python_paiju_lukfu(options=tarif:tsoi)")
    with pytest.raises(Exception, match=r"Luk Fu \(六虎\) is for 3 or 4 players, not 5"):
        pyspiel.load_game("python_paiju_lukfu(players=5)")


def test_options_change_the_rules() -> None:
    g = pyspiel.load_game("python_paiju_daifugo(rules=pagat,options=jokers:2;"
                          "forbidden_finish:joker+top)")
    assert len(g.new_initial_state().chance_outcomes()) == 54
    same = pyspiel.load_game("python_paiju_daifugo", {"options": "jokers=2"})
    assert len(same.new_initial_state().chance_outcomes()) == 54
