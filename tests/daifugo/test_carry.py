"""What a finishing place is worth where titles carry (:mod:`paiju.daifugo.players.carry`),
and the search's ``reward=games`` that backs it up."""

from __future__ import annotations

import random

import pytest

from paiju.bots.base import make_bot
from paiju.bots.ismcts import ISMCTSBot
from paiju.core.games import get_game
from paiju.core.protocol import Result
from paiju.daifugo.players.carry import TRANSITIONS, place_points, place_worth, settled

GAME = get_game("daifugo")


def test_a_worked_chain() -> None:
    # two places, points 1 and 0; the winner wins again with 3/4, the loser with 1/4:
    # the difference d = V[0] - V[1] of V = r + P V is 1 + (3/4 - 1/4) d, so d = 2
    worth = settled([[0.75, 0.25], [0.25, 0.75]], [1.0, 0.0])
    assert worth == pytest.approx([2.0, 0.0])


def test_no_carry_is_the_points() -> None:
    # where the next hand's place does not depend on this one, a place is worth its points
    rows = [[0.2] * 5 for _ in range(5)]
    points = [5.0, 4.0, 3.0, 2.0, 1.0]
    assert settled(rows, points) == pytest.approx([4.0, 3.0, 2.0, 1.0, 0.0])


def test_uecda_worth_rewards_keeping_the_title() -> None:
    rules = GAME.rules("uecda", {})
    assert place_points(rules, 5) == [5.0, 4.0, 3.0, 2.0, 1.0]
    worth = place_worth(rules, 5)
    assert worth is not None and worth[0] == 1.0 and worth[-1] == 0.0
    assert list(worth) == sorted(worth, reverse=True)
    # the title is worth more than this hand's linear share: first over second by more
    # than a quarter of the range
    assert worth[0] - worth[1] > 0.2


def test_nothing_carries_without_an_exchange() -> None:
    assert place_worth(GAME.rules("uecda", {"exchange": "off"}), 5) is None


@pytest.mark.parametrize("players", sorted(TRANSITIONS))
def test_rates_are_of_whole_places(players: int) -> None:
    counts = TRANSITIONS[players]
    assert len(counts) == players and all(len(row) == players for row in counts)
    assert all(sum(row) > 0 for row in counts)


def test_the_rules_say_it() -> None:
    rules = GAME.rules("uecda", {})
    assert rules.place_worth(5) == place_worth(rules, 5)
    assert rules.place_worth(7) is None  # no rates measured for seven


def test_reward_games_backs_up_the_worth() -> None:
    bot = make_bot("ismcts:iters=4:reward=games", "daifugo")
    assert isinstance(bot, ISMCTSBot)
    state = GAME.new_hand(GAME.rules("uecda", {}), 5, random.Random(2))
    seat = state.to_move()
    assert seat is not None
    bot.choose(state.view(seat), random.Random(0))
    worth = place_worth(state.rules, 5)
    assert worth is not None
    result = Result((0.0,) * 5, (3,), {}, (3, 1, 4, 0, 2))
    values = bot._values(result)
    assert [values[s] for s in (3, 1, 4, 0, 2)] == list(worth)
    # reward=place is linear in the place
    place = make_bot("ismcts:iters=4:reward=place", "daifugo")
    assert isinstance(place, ISMCTSBot)
    assert [place._values(result)[s] for s in (3, 1, 4, 0, 2)] == [1.0, 0.75, 0.5, 0.25, 0.0]
