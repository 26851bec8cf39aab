"""Batched play (paiju.rl.batch): sessions stepped together agree step for step with the
PettingZoo env reset from the same seeds (under Hypothesis, ids and whole moves mixed,
through auto-resets); the observations and whole moves hide what a seat may not see; the
Gymnasium VectorEnv pays the agent its points, with batched policies as opponents."""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from hypothesis import given, settings
from hypothesis import strategies as st
from rl_helpers import PRESETS, TWO_PACKS

from paiju.rl.batch import BatchMatch, PaijuVectorEnv, seeds_of
from paiju.rl.pettingzoo import raw_env

#: Seeds whose first session is over at the deal in Luk Fu ``sung`` with four players
#: (a hand that pays at once): drawn often, so that the differential meets such sessions.
DEALT_OVER = (263, 346)


def _deal(env: Any, seed: int | None = None) -> tuple[np.ndarray, int]:
    """Reset ``env`` (from ``seed``, else its own stream) until it deals a session that is
    not over at once; the points of those dealt over, added. The batch deals such a session
    again at once and pays its points with the next step; the AEC env pays them at reset
    and ends, so the test resets it again from the same stream and owes the points.
    Returns the points owed and how many sessions were dealt over."""
    owed = np.zeros(len(env.possible_agents), dtype=np.float32)
    over = 0
    env.reset(seed=seed)
    while all(env.terminations.values()):
        owed += [env.rewards[a] for a in env.possible_agents]
        over += 1
        env.reset()
    return owed, over


def _differential(game: str, rules: Any, players: int, seeds: list[int], choices: int,
                  steps: int, hands: int = 1) -> tuple[int, int]:
    """Steps the batch and one PettingZoo env per session took in agreement: the number
    of sessions that ended (and were dealt again) on the way, and of sessions dealt over
    (whose points the batch pays with the next step)."""
    batch = BatchMatch(game, rules, players=players, batch=len(seeds), hands_per_session=hands)
    batch.reset(seeds)
    envs = [raw_env(game, rules, players=players, hands_per_session=hands) for _ in seeds]
    dealt = [_deal(env, s) for env, s in zip(envs, seeds, strict=True)]
    owed = [o for o, _ in dealt]
    dealt_over = sum(n for _, n in dealt)
    rng = Random(choices)
    ended = 0
    for _ in range(steps):
        obs, masks, movers = batch.observations(), batch.masks(), batch.to_move()
        for i, env in enumerate(envs):
            agent = env.agent_selection
            assert f"player_{movers[i]}" == agent
            seen = env.observe(agent)
            assert np.array_equal(obs[i], seen["observation"])
            assert np.array_equal(masks[i], seen["action_mask"])
        if rng.random() < 0.5:  # whole moves: each env steps the move's ids
            legal = batch.legal_moves()
            picks = [rng.randrange(len(a)) if a else -1 for a, _ in legal]
            if min(picks) < 0:  # a decision under way in ids: finish it by ids
                continue
            paths = [m.path_of(legal[i][0][j]) for i, (m, j) in
                     enumerate(zip(batch.matches, picks, strict=True))]
            rewards, dones = batch.step_moves(picks, legal)
            for env, path in zip(envs, paths, strict=True):
                for a in path:
                    env.step(a)
        else:
            ids = [rng.choice(np.flatnonzero(row).tolist()) for row in masks]
            rewards, dones = batch.step(ids)
            for env, a in zip(envs, ids, strict=True):
                env.step(a)
        for i, env in enumerate(envs):
            paid = owed[i] + [env.rewards[a] for a in env.possible_agents]
            assert rewards[i].tolist() == paid.tolist()
            owed[i] = np.zeros_like(owed[i])
            assert bool(dones[i]) == all(env.terminations.values())
            if dones[i]:
                session = env.unwrapped.match.session
                assert batch.final_totals[i].tolist() == [float(t) for t in session.totals]
                # the env's next session: the same stream of seeds
                owed[i], over = _deal(env)
                dealt_over += over
                ended += 1
    return ended, dealt_over


@settings(max_examples=6, deadline=None, database=None)
@given(preset=st.sampled_from(PRESETS),
       seeds=st.lists(st.integers(0, 2**40) | st.sampled_from(DEALT_OVER), min_size=1,
                      max_size=3),
       choices=st.integers(0, 1000))
def test_the_batch_agrees_with_the_pettingzoo_env_step_for_step(
        preset: tuple[str, Any, int], seeds: list[int], choices: int) -> None:
    game, rules, players = preset
    _differential(game, rules, players, seeds, choices, steps=120)


def test_a_session_dealt_over_is_paid_with_the_next_step_and_dealt_again() -> None:
    # each session of DEALT_OVER is over at the deal: the batch pays it with its first
    # step, the AEC env at reset
    for seed in DEALT_OVER:
        env = raw_env("lukfu", "sung", players=4)
        env.reset(seed=seed)
        assert all(env.terminations.values()) and any(env.rewards.values())
    _, dealt_over = _differential("lukfu", "sung", 4, [*DEALT_OVER, 5], 3, steps=40)
    assert dealt_over == 2


@pytest.mark.parametrize("game,rules,players,hands", [
    ("lukfu", "hongkong", 4, 1), ("daifugo", "popular", 4, 2), ("daifugo", TWO_PACKS, 5, 1)])
def test_the_batch_deals_again_from_each_sessions_own_seeds(
        game: str, rules: Any, players: int, hands: int) -> None:
    # long enough for several sessions to end and be dealt again in every game
    assert _differential(game, rules, players, [3, 4], 9, steps=600, hands=hands)[0] >= 2


def test_a_sessions_play_does_not_depend_on_the_batch() -> None:
    big = BatchMatch("daifugo", "pagat", batch=5)
    big.reset(seed=100)
    alone = BatchMatch("daifugo", "pagat", batch=1)
    alone.reset([103])
    assert seeds_of(100, 5)[3] == 103
    assert np.array_equal(big.observations()[3], alone.observations()[0])
    assert np.array_equal(big.masks()[3], alone.masks()[0])


def test_observations_and_whole_moves_hide_what_the_seat_cannot_see(
        preset: tuple[str, Any, int]) -> None:
    game, rules, players = preset
    batch = BatchMatch(game, rules, players=players, batch=4)
    batch.reset(seed=21)
    enc, moves = batch.encoder, batch.moves
    rng, picks = Random(5), np.random.default_rng(6)
    checked = differed = 0
    for step in range(60):
        obs, legal = batch.observations(), batch.legal_moves()
        if step % 3 == 0:
            for i, m in enumerate(batch.matches):
                mover = int(batch.to_move()[i])
                seat = m.seat_of(mover)
                assert seat is not None and m.state is not None
                sample = m.view(mover).sample(rng)
                sampled = sample.view(seat)
                assert np.array_equal(enc.observation(sampled, m.prefix(mover)), obs[i])
                if not m.prefix(mover):
                    actions, rows = moves.of(sampled)
                    assert actions == legal[i][0] and np.array_equal(rows, legal[i][1])
                other = (seat + 1) % enc.actors
                if sample.view(other).to_json()["hand"] != m.state.view(other).to_json()["hand"]:
                    differed += 1  # the hidden cards really moved: the check has power
                checked += 1
        ids = [int(picks.choice(np.flatnonzero(row))) for row in batch.masks()]
        batch.step(ids)
    assert checked > 50 and differed > checked // 2


def test_bad_input_changes_nothing() -> None:
    batch = BatchMatch("lukfu", "hongkong", batch=3)
    with pytest.raises(RuntimeError, match="call reset"):
        batch.masks()
    batch.reset(seed=1)
    versions = [m.version for m in batch.matches]
    masks = batch.masks()
    ids = [int(np.flatnonzero(row)[0]) for row in masks]
    ids[2] = int(np.flatnonzero(masks[2] == 0)[0])
    with pytest.raises(ValueError, match=r"session 2: .* is not legal now"):
        batch.step(ids)
    with pytest.raises(ValueError, match="one id for each of the 3 sessions, not 2"):
        batch.step(ids[:2])
    with pytest.raises(ValueError, match="session 0: a move is an index from 0 to"):
        batch.step_moves([999, 0, 0])
    with pytest.raises(ValueError, match="an action id is an integer"):
        batch.step(["x", 0, 0])
    assert [m.version for m in batch.matches] == versions
    assert [m.prefix(m.to_move()) for m in batch.matches] == [(), (), ()]
    with pytest.raises(ValueError, match="at least one session"):
        BatchMatch("lukfu", batch=0)
    with pytest.raises(ValueError, match="a seed for each of the 3 sessions"):
        batch.reset([1, 2])


def _play_vector(env: PaijuVectorEnv, seed: int, steps: int) -> tuple[list[float], int]:
    """Random legal steps; the agent's reward of each ended episode checked against the
    session's totals; the episodes' rewards and how many ended."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    running = np.zeros(env.num_envs)
    finished: list[float] = []
    for _ in range(steps):
        assert (obs["action_mask"].astype(bool) == env.action_masks()).all()
        assert obs["action_mask"].any(axis=1).all()  # the agent is to move everywhere
        actions = [int(rng.choice(np.flatnonzero(row))) for row in obs["action_mask"]]
        obs, rewards, term, trunc, infos = env.step(np.array(actions))
        assert rewards.shape == term.shape == trunc.shape == (env.num_envs,)
        running += rewards
        for i in np.flatnonzero(term):
            assert infos["_final_info"][i]
            totals = infos["final_info"]["totals"][i]
            assert running[i] == pytest.approx(totals[env.player])
            assert not infos["final_obs"][i]["action_mask"].any()  # an object array
            finished.append(float(running[i]))
            running[i] = 0.0
    return finished, len(finished)


def test_the_vector_env_pays_the_agent_its_points() -> None:
    env = PaijuVectorEnv("lukfu", "hongkong", num_envs=4, player=1, opponents="heuristic")
    assert env.observation_space["observation"].shape == (4, env.batch.obs_size)
    assert env.metadata["autoreset_mode"].name == "SAME_STEP"
    finished, ended = _play_vector(env, 7, 150)
    assert ended >= 4 and any(finished)
    again, _ = _play_vector(PaijuVectorEnv("lukfu", "hongkong", num_envs=4, player=1,
                                           opponents="heuristic"), 7, 150)
    assert again == finished  # seeded: the same episodes


def test_batched_policies_play_the_opponents_seats() -> None:
    calls: list[int] = []

    def lowest(obs: dict[str, np.ndarray]) -> np.ndarray:
        masks = obs["action_mask"]
        assert obs["observation"].shape[0] == masks.shape[0] == len(masks)
        calls.append(len(masks))
        return masks.argmax(axis=1)  # the lowest legal id of each session

    env = PaijuVectorEnv("daifugo", "pagat", players=4, num_envs=6, opponents=[lowest])
    _, ended = _play_vector(env, 3, 400)
    assert ended >= 1 and max(calls) > 1  # one call served several sessions
    bad = PaijuVectorEnv("daifugo", "pagat", players=3, num_envs=2, player=2,
                         opponents=lambda obs: np.zeros(len(obs["action_mask"]), int) + 1)
    with pytest.raises(ValueError, match=r"policy of player [01] chose badly in session"):
        bad.reset(seed=1)


def test_make_vec_makes_the_batched_env() -> None:
    import gymnasium

    import paiju.rl.gym  # noqa: F401  (registers the ids)

    env = gymnasium.make_vec("paiju/DaiFugo-v0", num_envs=3, rules="pagat", players=4)
    assert isinstance(env, PaijuVectorEnv) and env.num_envs == 3
    obs, _ = env.reset(seed=5)
    assert obs["observation"].shape == (3, env.batch.obs_size)
    assert obs["action_mask"].shape == (3, 172)


@pytest.mark.parametrize("copier", ["pickle", "deepcopy"])
def test_the_batch_and_the_vector_env_copy_mid_play(copier: str) -> None:
    import copy
    import pickle

    def clone(obj: Any) -> Any:
        return pickle.loads(pickle.dumps(obj)) if copier == "pickle" else copy.deepcopy(obj)

    batch = BatchMatch("daifugo", "popular", batch=3)
    batch.reset(seed=2)
    rng = np.random.default_rng(1)
    for _ in range(10):
        batch.step([int(rng.choice(np.flatnonzero(row))) for row in batch.masks()])
    twin = clone(batch)
    for _ in range(200):  # long enough for sessions to end and be dealt again
        ids = [int(rng.choice(np.flatnonzero(row))) for row in batch.masks()]
        got, want = twin.step(ids), batch.step(ids)
        assert all(np.array_equal(a, b) for a, b in zip(got, want, strict=True))
        assert np.array_equal(twin.observations(), batch.observations())
    assert batch.episodes.sum() > 0
    env = PaijuVectorEnv("lukfu", "hongkong", num_envs=2, opponents="heuristic")
    obs, _ = env.reset(seed=4)
    other = clone(env)
    for _ in range(40):
        actions = [int(rng.choice(np.flatnonzero(row))) for row in obs["action_mask"]]
        obs, reward, term, _, _ = env.step(actions)
        obs2, reward2, term2, _, _ = other.step(actions)
        assert np.array_equal(obs["observation"], obs2["observation"])
        assert np.array_equal(reward, reward2) and np.array_equal(term, term2)


class _Draws:
    """A stand-in generator whose ``random(n)`` gives ``n`` copies of one value."""

    def __init__(self, value: float) -> None:
        self.value = value

    def random(self, n: int) -> np.ndarray:
        return np.full(n, self.value)


@pytest.mark.parametrize("game,rules", [("lukfu", "hongkong"), ("daifugo", "popular")])
def test_random_ids_are_uniform_over_each_mask(game: str, rules: str) -> None:
    batch = BatchMatch(game, rules, batch=6)
    batch.reset(seed=8)
    rng = np.random.default_rng(3)
    for _ in range(60):
        masks = batch.masks()
        legal = [np.flatnonzero(row).tolist() for row in masks]
        for u in (0.0, 0.3, 0.999999):  # the id that far along the mask
            got = batch.random_ids(_Draws(u)).tolist()  # type: ignore[arg-type]
            assert got == [ids[int(u * len(ids))] for ids in legal]
        seen: list[set[int]] = [set() for _ in legal]
        for _ in range(200):
            for i, a in enumerate(batch.random_ids(rng).tolist()):
                seen[i].add(a)
        assert all(s <= set(ids) for s, ids in zip(seen, legal, strict=True))
        assert all(len(s) == len(ids) for s, ids in zip(seen, legal, strict=True)
                   if len(ids) <= 8)  # a small mask is covered in 200 draws
        batch.step(batch.random_ids(rng))
