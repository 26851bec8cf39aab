"""The PettingZoo AEC environment: PettingZoo's own api_test and seed_test for every
preset, rewards that add up to the session's totals, and the dreamer who never acts."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test
from rl_helpers import TWO_PACKS

from paiju.rl.pettingzoo import env, raw_env


def test_api_test(preset: tuple[str, Any, int]) -> None:
    game, name, players = preset
    api_test(env(game, name, players=players, hands_per_session=2), num_cycles=60)


def test_seed_test(preset: tuple[str, Any, int]) -> None:
    game, name, players = preset
    seed_test(lambda: env(game, name, players=players, hands_per_session=2), num_cycles=60)


def play_out(aec: object, seed: int) -> dict[str, float]:
    """Random legal ids until the session ends; the rewards each agent received."""
    rng = np.random.default_rng(seed)
    got: dict[str, float] = {}
    aec.reset(seed=seed)  # type: ignore[attr-defined]
    for agent in aec.agent_iter():  # type: ignore[attr-defined]
        obs, reward, term, trunc, _ = aec.last()  # type: ignore[attr-defined]
        got[agent] = got.get(agent, 0.0) + reward
        if term or trunc:
            aec.step(None)  # type: ignore[attr-defined]
            continue
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))  # type: ignore[attr-defined]
    return got


@pytest.mark.parametrize("game,preset,players", [("lukfu", "hongkong", 4),
                                                 ("daifugo", "popular", 4),
                                                 ("daifugo", TWO_PACKS, 6)])
def test_rewards_add_up_to_the_session_totals(game: str, preset: Any, players: int) -> None:
    aec = raw_env(game, preset, players=players, hands_per_session=4)
    got = play_out(aec, seed=5)
    session = aec.match.session
    assert session is not None and session.hands_played == 4
    assert got == {f"player_{p}": pytest.approx(t) for p, t in enumerate(session.totals)}


@pytest.mark.parametrize("game,preset,players", [("lukfu", "hongkong", 4),
                                                 ("daifugo", "pagat", 4)])
def test_the_last_hand_is_observed_from_the_seats_it_was_played_at(
        game: str, preset: str, players: int) -> None:
    # a Luk Fu session that finishes a hand moves its dealer on at once: the final
    # observations must still be of the seats the players held in that hand
    aec = raw_env(game, preset, players=players, hands_per_session=2)
    aec.reset(seed=4)
    seats: tuple[int, ...] = ()
    while not aec.match.over:
        seats = tuple(aec.match.session.seat_players())  # type: ignore[union-attr]
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(np.flatnonzero(mask)[0]))
    state = aec.match.state
    for player in range(players):
        view = aec.view(f"player_{player}")
        assert view.seat == seats.index(player)
        seat_view = aec.match.game.seat_view(state, seats.index(player))  # type: ignore[arg-type]
        expected = aec.match.encoder.observation(seat_view)
        assert np.array_equal(aec.observe(f"player_{player}")["observation"], expected)


def test_the_dreamer_is_an_agent_that_never_acts() -> None:
    aec = raw_env("lukfu", "hongkong", players=4, hands_per_session=3)
    aec.reset(seed=2)
    dreamers = set()
    while not aec.match.over:
        dreamer = aec.possible_agents[aec.match.session.seat_players()[3]]  # type: ignore[union-attr]
        dreamers.add(dreamer)
        assert aec.agent_selection != dreamer
        assert not aec.observe(dreamer)["action_mask"].any()
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(np.flatnonzero(mask)[-1]))
    assert len(dreamers) == 3


def test_bad_settings_are_refused_with_their_reason() -> None:
    with pytest.raises(ValueError, match=r"Luk Fu \(六虎\) is for 3 or 4 players, not 5"):
        raw_env("lukfu", players=5)
    with pytest.raises(ValueError, match="at least one hand"):
        raw_env("daifugo", hands_per_session=0)


def test_the_information_state_variant_passes_api_test() -> None:
    aec = env("daifugo", "popular", players=4, hands_per_session=2, info_state=True)
    api_test(aec, num_cycles=40)
    aec.reset(seed=1)
    obs = aec.observe(aec.agent_selection)["observation"]
    assert obs.shape == aec.observation_space(aec.agent_selection)["observation"].shape
    assert obs.shape[0] > 10_000


def test_render_says_what_happened() -> None:
    aec = raw_env("lukfu", "hongkong", players=4, render_mode="ansi")
    aec.reset(seed=3)
    assert aec.render() == f"dealt; {aec.agent_selection} to move"
    mover = aec.agent_selection
    first = int(np.flatnonzero(aec.observe(mover)["action_mask"])[0])
    aec.step(first)
    assert aec.render().startswith(f"{mover}: do ")  # type: ignore[union-attr]
