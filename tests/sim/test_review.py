"""The review of a recorded hand (:mod:`paiju.sim.review`): every decision of the seat with
a choice is reviewed, from its view alone (the same review whatever the hidden cards
were), and what it says a better move gains is what that move gains when played."""

from __future__ import annotations

import random
from typing import Any

import pytest

from paiju.bots.base import make_bot
from paiju.core.errors import MalformedRecord
from paiju.core.games import get_game
from paiju.core.protocol import State
from paiju.sim.review import Decision, decide, play_out, positions, review
from paiju.sim.stats import mean_interval

CASES = [("daifugo", "uecda", 5), ("lukfu", "hongkong", 4), ("lukfu", "gloucester", 3),
         ("daifugo", "popular", 4)]


def played(game_name: str, preset: str, players: int, seed: int,
           who: str = "heuristic") -> dict[str, Any]:
    """The record of a hand played by ``who`` (the club player) in every seat."""
    game = get_game(game_name)
    rng = random.Random(seed)
    state = game.new_hand(game.rules(preset, {}), players, rng)
    bot = make_bot(who, game_name)
    while (seat := state.to_move()) is not None:
        state.apply(bot.choose(state.view(seat), rng))
    return dict(state.record())


@pytest.mark.parametrize(("game", "preset", "players"), CASES)
def test_every_decision_with_a_choice_is_reviewed(game: str, preset: str,
                                                  players: int) -> None:
    record = played(game, preset, players, 5)
    seat = 1
    result = review(record, seat, deals=6, seed=1)
    made = {i: a for i, _, a in positions(record, seat)}
    assert [d.index for d in result.decisions] == sorted(made)
    assert made, "the seat had choices"
    for d in result.decisions:
        assert d.made.action == made[d.index]
        first = [v.mean for v in d.candidates]
        assert first == sorted(first, reverse=True)
        assert d.best.action == d.candidates[0].action
        assert d.made.action in [v.action for v in d.candidates]
        assert d.flagged == (d.cost_low > 0)
        if d.best.action == d.made.action:
            assert d.cost == 0
    assert result.flagged() == sorted(result.flagged(), key=lambda d: -d.cost)
    assert all(d.flagged for d in result.flagged())


def _resampled_views_agree(state: State[Any, Any], made: Any, index: int,
                           players: list[Any]) -> Decision:
    seat = state.to_move()
    assert seat is not None
    view = state.view(seat)
    guides = [make_bot("heuristic", state.game)]
    first = decide(view, made, index, players, guides, 5, 7)
    for k in range(2):
        other = view.sample(random.Random(k)).view(seat)
        assert other.to_json() == view.to_json()
        assert decide(other, made, index, players, guides, 5, 7) == first, \
            "the review read a hidden card"
    return first


@pytest.mark.parametrize(("game", "preset", "players"), CASES[:3])
def test_the_review_reads_only_the_seats_view(game: str, preset: str, players: int) -> None:
    record = played(game, preset, players, 9)
    bots = [make_bot("heuristic", game) for _ in range(players)]
    checked = 0
    for seat in range(players):
        for index, state, made in list(positions(record, seat))[::2][:2]:
            _resampled_views_agree(state, made, index, bots)
            checked += 1
    assert checked >= 3


@pytest.mark.slow
@pytest.mark.parametrize(("game", "preset", "players", "hands"),
                         [("daifugo", "uecda", 5, 30), ("lukfu", "hongkong", 4, 60)])
def test_a_better_move_gains_what_the_review_said(game: str, preset: str, players: int,
                                                   hands: int) -> None:
    """At every decision of seeded hands where the engine's best is not the move made,
    both are played from the real deal by the same players: the mean gain agrees with
    the review's mean estimate (their intervals overlap), and it is a gain. Every such
    decision counts, not only the flagged ones, whose choice would flatter the
    estimate. The hands are played at random, so that the review's plain deals are the
    right ones: the club player's moves tell of its cards, and against it plain deals
    promise more than the move gains (docs/play.md, "The review of a hand")."""
    estimated: list[float] = []
    real: list[float] = []
    bots = [make_bot("heuristic", game) for _ in range(players)]
    for seed in range(hands):
        record = played(game, preset, players, 100 + seed, "random")
        seat = seed % players
        result = review(record, seat, deals=16, seed=seed)
        states = {i: s for i, s, _ in positions(record, seat)}
        for d in result.decisions:
            if d.best.action == d.made.action:
                continue
            estimated.append(d.cost)
            gains = []
            for k in range(16):
                after = []
                for action in (d.best.action, d.made.action):
                    state = states[d.index].clone()
                    state.apply(action)
                    play_out(state, bots, random.Random(k))
                    after.append(state.result().points[d.seat])
                gains.append(after[0] - after[1])
            real.append(sum(gains) / len(gains))
    assert len(estimated) >= 30
    said, found = mean_interval(estimated), mean_interval(real)
    assert found.low > 0, "the better moves gain when played"
    assert found.low <= said.high and said.low <= found.high, (said, found)


def test_a_record_that_cannot_be_reviewed_is_refused() -> None:
    record = played("daifugo", "pagat", 4, 3)
    with pytest.raises(MalformedRecord, match="seats 1 to 4, not 9"):
        review(record, 8)
    with pytest.raises(MalformedRecord, match="no decision of seat 1"):
        review(record, 0, only=10_000)
    broken = dict(record, actions=[*record["actions"][:3], record["actions"][0]])
    with pytest.raises(MalformedRecord, match="action 4 is illegal"):
        review(broken, 0)
    with pytest.raises(MalformedRecord, match="JSON object"):
        review([], 0)  # type: ignore[arg-type]
