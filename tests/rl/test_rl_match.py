"""The match under the environments: a hand that is over as soon as it is dealt (a Luk Fu
five tigers) is paid at once and the next hand dealt, so a decision always has a mover."""

from __future__ import annotations

import numpy as np
import pytest

from paiju.rl.match import Match

#: Luk Fu, Sung's rules, 4 players: session seed 51 deals seat 0 five tigers.
FIVE_TIGERS = 51


def test_a_hand_over_at_the_deal_is_paid_and_the_next_dealt() -> None:
    match = Match("lukfu", "sung", players=4, hands=2)
    points = match.start(FIVE_TIGERS)
    assert points is not None and sum(points.values()) == 0 and max(points.values()) > 0
    assert match.session is not None and match.session.hands_played == 1
    assert not match.over and match.to_move() is not None


def test_a_session_of_one_such_hand_is_over_at_the_start() -> None:
    match = Match("lukfu", "sung", players=4, hands=1)
    assert match.start(FIVE_TIGERS) is not None
    assert match.over and match.to_move() is None


def test_the_gym_agent_is_paid_a_hand_over_at_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("gymnasium")
    import paiju.rl.gym as gym

    monkeypatch.setattr(gym, "new_seed", lambda rng=None: FIVE_TIGERS)
    env = gym.PaijuEnv("lukfu", "sung", players=4, hands_per_session=2)
    obs, _ = env.reset(seed=0)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, done, _, _ = env.step(int(legal[0]))
        total += reward
    session = env.match.session
    assert session is not None and session.hands_played == 2
    assert total == session.totals[env.player] != 0
