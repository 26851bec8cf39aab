"""Luk Fu's fast path (:mod:`paiju.lukfu.fast.playout`) against the reference state, step by step.

At every decision of random hands, over every preset, three and four players and random
option mixes: the fast path lists the same legal actions in the same order, its unchecked
step leaves the same position as the reference's checked ``apply``, and the hand ends with
the same result and record. The play-outs make the same choices as the players they stand
for (a random player and the rule-based one, each reading its view). The full run
(100,000 hands) is behind the ``differential`` marker: ``pytest -m differential``.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from paiju.bots.base import RandomBot
from paiju.bots.heuristic import HeuristicBot
from paiju.core.errors import UnknownOption
from paiju.lukfu.engine.actions import subsets
from paiju.lukfu.engine.cards import cards_of, mask, pack
from paiju.lukfu.engine.melds import melds_in
from paiju.lukfu.engine.state import LukFuState
from paiju.lukfu.engine.view import LukFuView
from paiju.lukfu.fast import playout as fast
from paiju.lukfu.game import GAME
from paiju.lukfu.players.strategy import SeatReading
from paiju.lukfu.rules import OPTIONS, PRESETS, Rules, make_rules


@pytest.fixture(autouse=True)
def _fast_path_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests compare the two paths, so the fast path is on whatever PAIJU_FAST says."""
    monkeypatch.setattr(fast, "ENABLED", True)


def random_rules(rng: random.Random) -> Rules:
    """A preset, and over it each option set to a random value with probability one half
    (mixes the options refuse as contradictory are drawn again)."""
    while True:
        preset = rng.choice(sorted(PRESETS))
        overrides: dict[str, Any] = {}
        for option in OPTIONS:
            if rng.random() < 0.5:
                choices = (False, True) if option.kind == "bool" else option.choices
                overrides[option.name] = rng.choice(choices)
        try:
            return make_rules(preset, overrides)
        except UnknownOption:
            continue


def check_hand(rules: Rules, players: int, rng: random.Random) -> int:
    """One random hand played on the reference state and on the fast path side by side,
    compared at every step; the number of decisions."""
    ref = GAME.new_hand(rules, players, rng)
    quick = ref.clone()
    steps = 0
    while True:
        legal = list(ref.legal_actions())
        listed = fast.choices(quick)
        assert listed == [(a.do, a.cards) for a in legal], ref.record()
        if not legal:
            break
        seat = ref.to_move()
        assert seat is not None and quick.to_move() == seat
        check_seat_view(quick, seat, ref.view(seat))  # its aged cards from its knowledge
        k = rng.randrange(len(legal))
        ref.apply(legal[k])
        assert fast.step(quick, seat, listed[k]) == legal[k]
        assert quick.pos == ref.pos, ref.record()
        steps += 1
    assert quick.is_terminal() and ref.is_terminal()
    assert quick.result() == ref.result()
    assert quick.record() == ref.record()
    return steps


def check_seat_view(state: LukFuState, seat: int, view: LukFuView) -> None:
    """The play-outs' seat view holds what the player reads of the view, equal to it."""
    mine = fast.SeatView(state, seat, state.legal_actions())
    assert (mine.seat, mine.hand, tuple(mine.events), mine.players, mine.phase, mine.top) == (
        view.seat, view.hand, view.events, view.players, view.phase, view.top)
    assert tuple(mine.legal_actions()) == tuple(view.legal_actions())
    assert mine.aged() == view.aged()
    wanted = {name for name in dir(SeatReading) if not name.startswith("_")}
    assert wanted <= {name for name in dir(mine) if not name.startswith("_")}


def check_playouts(rules: Rules, players: int, seed: int) -> None:
    """Each play-out against its player reading views, from the same deal and seed."""
    for policy, bot in (("random", RandomBot()), ("heuristic", HeuristicBot())):
        deal = GAME.new_hand(rules, players, random.Random(seed))
        ref, quick = deal.clone(), deal.clone()
        rng = random.Random(seed + 1)
        decisions = 0
        while (seat := ref.to_move()) is not None:
            ref.apply(bot.choose(ref.view(seat), rng))
            decisions += 1
        assert quick.playout(random.Random(seed + 1), policy) == decisions
        assert quick.record() == ref.record(), policy
        assert quick.result() == ref.result()


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [3, 4])
def test_every_step_agrees_under_each_preset(preset: str, players: int) -> None:
    rng = random.Random(f"{preset}-{players}")
    rules = make_rules(preset)
    assert sum(check_hand(rules, players, rng) for _ in range(40)) > 40 * 8


def test_every_step_agrees_under_random_option_mixes() -> None:
    rng = random.Random(11)
    for n in range(160):
        check_hand(random_rules(rng), 3 + n % 2, rng)


def test_the_play_outs_choose_as_their_players_do() -> None:
    rng = random.Random(5)
    for n in range(24):
        rules = make_rules(sorted(PRESETS)[n % 3]) if n < 6 else random_rules(rng)
        check_playouts(rules, 3 + n % 2, 1000 + n)


def test_meld_masks_list_the_melds_of_a_hand_in_order() -> None:
    rng = random.Random(3)
    cards = pack(4)
    for _ in range(300):
        hand = mask(rng.sample(cards, rng.randrange(1, 16)))
        singles = mask(rng.sample(cards, 10))
        expected = [m.cards for m in melds_in(hand) if m.size > 1 or m.cards & singles]
        assert fast.meld_masks(hand, singles) == expected


def test_subsets_are_the_combinations_of_the_cards_in_order() -> None:
    rng = random.Random(10)
    for _ in range(200):
        hand = mask(rng.sample(pack(4), rng.randrange(0, 15)))
        for k in range(0, 6):
            expected = [sum(1 << c for c in combo)
                        for combo in itertools.combinations(sorted(cards_of(hand)), k)]
            assert subsets(hand, k) == expected


def test_nth_subset_is_the_rulebooks_subset_of_that_index() -> None:
    rng = random.Random(9)
    for _ in range(60):
        hand = mask(rng.sample(pack(4), rng.randrange(1, 13)))
        for k in range(1, min(5, hand.bit_count()) + 1):
            listed = subsets(hand, k)
            assert [fast.nth_subset(hand, k, i) for i in range(len(listed))] == listed


def test_a_play_out_with_the_fast_path_off_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = GAME.new_hand(make_rules("hongkong"), 4, random.Random(2))
    before = state.clone()
    monkeypatch.setattr(fast, "ENABLED", False)
    assert state.playout(random.Random(3)) is None
    assert state.playout(random.Random(3), "heuristic") is None
    assert state.pos == before.pos
    monkeypatch.setattr(fast, "ENABLED", True)
    assert state.playout(random.Random(3), "ismcts") is None
    assert state.pos == before.pos
    assert state.playout(random.Random(3)) == len(state.actions)
    assert state.is_terminal()


def test_a_finished_hand_plays_out_in_no_decisions() -> None:
    state: LukFuState = GAME.new_hand(make_rules("sung"), 3, random.Random(4))
    state.playout(random.Random(1))
    assert fast.choices(state) == []
    assert state.playout(random.Random(1)) == 0
    assert state.playout(random.Random(1), "heuristic") == 0


@pytest.mark.slow
@pytest.mark.differential
def test_one_hundred_thousand_hands_agree_step_by_step() -> None:
    # The full differential run (docs/notes/performance-history.md gives its last result):
    # every preset and random option mixes, three and four players, each hand compared at
    # every step.
    rng = random.Random(20261124)
    presets = sorted(PRESETS)
    decisions = 0
    for n in range(100_000):
        rules = make_rules(presets[n % 3]) if n % 2 else random_rules(rng)
        decisions += check_hand(rules, 3 + (n // 2) % 2, rng)
        if n % 500 == 0:
            check_playouts(rules, 3 + n % 2, n)
    assert decisions > 100_000 * 8
