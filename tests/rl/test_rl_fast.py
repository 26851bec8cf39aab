"""The batched env's fast path (each game's ``Observer.encode_state``, docs/rl.md
"Batched play") agrees exactly with the reference: the observer reading the seat's view,
seat by seat, and a batch on the fast path beside one on the reference (``fast=False``),
step for step under Hypothesis. It hides what the seat's view hides."""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from hypothesis import given, settings
from hypothesis import strategies as st
from rl_helpers import PRESETS, TWO_PACKS, decisions, label

from paiju.core.games import get_game
from paiju.core.protocol import StateObserver
from paiju.rl.batch import BatchMatch, PaijuVectorEnv
from paiju.rl.observe import Encoder

#: Seeds whose first session is over at the deal in Luk Fu ``sung`` with four players.
DEALT_OVER = (263, 346)

#: Rules with many face-down moves (exchanges, 7-passes, 10-discards, miyako-ochi): what
#: a seat knows of the cards it handed over is most of what the fast path must work out.
HANDOVERS: dict[str, Any] = {"preset": "popular", "options": {
    "exchange": "standard", "seven_pass": True, "ten_discard": True}}
HANDOVERS2: dict[str, Any] = {"preset": "popular", "options": {
    "decks": 2, "jokers": 4, "seven_pass": True, "ten_discard": True}}

#: Every preset at the player counts the tests deal, and more counts and face-down moves.
CASES: list[tuple[str, Any, int]] = [
    *PRESETS, ("lukfu", "hongkong", 3), ("lukfu", "gloucester", 4),
    ("daifugo", "pagat", 3), ("daifugo", "pagat", 6), ("daifugo", "uecda", 4),
    ("daifugo", HANDOVERS, 4), ("daifugo", HANDOVERS2, 4), ("daifugo", TWO_PACKS, 6),
]


def _name(rules: Any) -> str:
    """A case's rules in test ids."""
    return {id(HANDOVERS): "handovers", id(HANDOVERS2): "handovers2"}.get(id(rules), label(rules))


IDS = [f"{g}-{_name(r)}-{n}" for g, r, n in CASES]


def _known(enc: Encoder, vector: np.ndarray) -> bool:
    """Whether a Dai Fugō observation says where some hidden card is."""
    at, width = next((a, w) for name, a, w in enc.layout() if name == "known")
    return bool(vector[at:at + width].any())


@pytest.mark.parametrize("game,rules,players", CASES, ids=IDS)
def test_the_state_gives_every_seat_the_observation_of_its_view(
        game: str, rules: Any, players: int) -> None:
    g = get_game(game)
    enc = Encoder(game, players, g.rules(rules))
    observer = enc.observer
    assert isinstance(observer, StateObserver)
    seats = players
    checked = known = 0
    for state, _ in decisions(game, rules, players, hands=4, seed=29):
        for seat in range(seats):
            want = observer.encode(g.seat_view(state, seat))
            got = observer.encode_state(state, seat)
            assert got[0] == want[0] and list(got[1]) == list(want[1])
            checked += 1
            if game == "daifugo" and rules in (HANDOVERS, HANDOVERS2):
                known += _known(enc, enc.observation(state.view(seat)))
    assert checked > 100
    if game == "daifugo" and rules in (HANDOVERS, HANDOVERS2):
        assert known > 10  # seats that know where cards they handed over are: tested


def test_the_fast_path_hides_what_the_view_hides(preset: tuple[str, Any, int]) -> None:
    """A deal View.sample draws for the seat gives the same fast observation as the real
    one (the fast path reads the whole state, so this is its hidden-information check)."""
    game, rules, players = preset
    g = get_game(game)
    observer = Encoder(game, players, g.rules(rules)).observer
    assert isinstance(observer, StateObserver)
    rng = Random(4)
    checked = differed = 0
    for i, (state, mover) in enumerate(decisions(game, rules, players, hands=4, seed=17)):
        if i % 2:
            continue
        seat = (mover + i) % players
        sample = g.seat_view(state, seat).sample(rng)
        assert observer.encode_state(sample, seat) == observer.encode_state(state, seat)
        other = (seat + 1) % min(players, 3 if game == "lukfu" else players)
        if sample.view(other).to_json()["hand"] != state.view(other).to_json()["hand"]:
            differed += 1  # the hidden cards really moved: the check has power
        checked += 1
    assert checked > 10 and differed > checked // 2


def _lockstep(game: str, rules: Any, players: int, seeds: list[int], hands: int,
              choices: int, steps: int) -> int:
    """A batch on the fast path and one on the reference, stepped with the same choices:
    the same observations (of the movers and of other players), masks, rewards, dones,
    final totals and final observations at every step. How many sessions ended."""
    fast = BatchMatch(game, rules, players=players, batch=len(seeds), hands_per_session=hands)
    ref = BatchMatch(game, rules, players=players, batch=len(seeds), hands_per_session=hands,
                     fast=False)
    assert fast.fast is not None and ref.fast is None
    rng = Random(choices)
    fast.final_player = ref.final_player = rng.randrange(players)
    fast.reset(seeds)
    ref.reset(seeds)
    for _ in range(steps):
        assert np.array_equal(fast.to_move(), ref.to_move())
        assert np.array_equal(fast.observations(), ref.observations())
        masks = ref.masks()
        assert np.array_equal(fast.masks(), masks)
        others = [rng.randrange(players) for _ in seeds]
        assert np.array_equal(fast.observations(others), ref.observations(others))
        if rng.random() < 0.3:
            legal = ref.legal_moves()
            mine = fast.legal_moves()
            for (a, rows), (b, rows2) in zip(legal, mine, strict=True):
                assert a == b and np.array_equal(rows, rows2)
            if all(a for a, _ in legal):
                picks = [rng.randrange(len(a)) for a, _ in legal]
                got, want = fast.step_moves(picks, mine), ref.step_moves(picks, legal)
            else:
                continue
        else:
            ids = [rng.choice(np.flatnonzero(row).tolist()) for row in masks]
            got, want = fast.step(ids), ref.step(ids)
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
        assert np.array_equal(fast.final_totals, ref.final_totals)
        assert np.array_equal(fast.final_obs, ref.final_obs)
        assert np.array_equal(fast.episodes, ref.episodes)
    return int(ref.episodes.sum())


@settings(max_examples=12, deadline=None, database=None)
@given(case=st.sampled_from(CASES),
       seeds=st.lists(st.integers(0, 2**40) | st.sampled_from(DEALT_OVER), min_size=1,
                      max_size=4),
       hands=st.integers(1, 3), choices=st.integers(0, 1000))
def test_the_fast_batch_agrees_with_the_reference_step_for_step(
        case: tuple[str, Any, int], seeds: list[int], hands: int, choices: int) -> None:
    game, rules, players = case
    _lockstep(game, rules, players, seeds, hands, choices, steps=150)


@pytest.mark.parametrize("game,rules,players,hands", [
    ("lukfu", "sung", 4, 1), ("lukfu", "hongkong", 4, 2), ("daifugo", "pagat", 4, 1),
    ("daifugo", HANDOVERS, 5, 3), ("daifugo", HANDOVERS2, 4, 2)],
    ids=["lukfu-sung-4", "lukfu-hongkong-4", "daifugo-pagat-4", "daifugo-handovers-5",
         "daifugo-handovers2-4"])
def test_the_fast_batch_agrees_through_many_sessions(
        game: str, rules: Any, players: int, hands: int) -> None:
    # long enough for sessions to end and be dealt again (Luk Fu sung's dealt over too)
    seeds = [*DEALT_OVER, 7] if (game, rules, players) == ("lukfu", "sung", 4) else [3, 4]
    assert _lockstep(game, rules, players, seeds, hands, 5, steps=700) >= 2


@pytest.mark.parametrize("game,rules,players", [
    ("daifugo", HANDOVERS, 4), ("lukfu", "sung", 4)], ids=["daifugo-handovers-4", "lukfu-sung-4"])
def test_the_fast_vector_env_agrees_with_the_reference(game: str, rules: Any,
                                                        players: int) -> None:
    """The Gymnasium VectorEnv on the fast path and on the reference: the same agent's
    observations, rewards, ends and final observations, and the same observations handed
    to a batched policy in the opponents' seats."""
    handed: dict[bool, list[np.ndarray]] = {True: [], False: []}

    def lowest(fast: bool) -> Any:
        def policy(obs: dict[str, np.ndarray]) -> np.ndarray:
            handed[fast].append(obs["observation"].copy())
            return obs["action_mask"].argmax(axis=1)
        return policy

    envs = {fast: PaijuVectorEnv(game, rules, players=players, num_envs=3, hands_per_session=2,
                                 player=1, opponents=[lowest(fast)], fast=fast)
            for fast in (True, False)}
    obs = {fast: env.reset(seed=11)[0] for fast, env in envs.items()}
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(200):
        for key in ("observation", "action_mask"):
            assert np.array_equal(obs[True][key], obs[False][key])
        actions = np.array([int(rng.choice(np.flatnonzero(row)))
                            for row in obs[False]["action_mask"]])
        got, want = envs[True].step(actions), envs[False].step(actions)
        for a, b in zip(got[1:4], want[1:4], strict=True):
            assert np.array_equal(a, b)
        for i in np.flatnonzero(want[2]):
            assert np.array_equal(got[4]["final_obs"][i]["observation"],
                                  want[4]["final_obs"][i]["observation"])
            ended += 1
        obs = {True: got[0], False: want[0]}
    assert ended >= 2 and len(handed[True]) == len(handed[False]) > 0
    assert all(np.array_equal(a, b) for a, b in zip(handed[True], handed[False], strict=True))
