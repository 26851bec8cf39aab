"""Dai Fugō's fast path (:mod:`paiju.daifugo.fast.playout`) against the reference state, step
by step.

At every decision of random hands (a session's first hand and the next, with its
exchange), over every preset, 3 to 8 players and random option mixes: the fast path lists
the same legal actions in the same order as the seat's view does, its unchecked step
leaves the same position and history as the reference's checked ``apply``, the seat view
of the rule-based play-out reads as the seat's real view, and the hand ends with the same
result and record. The play-outs make the same choices as the players they stand for (a
random player and the rule-based one, each reading its view). The full run (100,000
hands) is behind the ``differential`` marker: ``pytest -m differential``.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any, ClassVar

import pytest

from paiju.bots.base import RandomBot
from paiju.bots.heuristic import HeuristicBot
from paiju.core.errors import UnknownOption
from paiju.core.fastpath import fast_path_on
from paiju.daifugo.engine.cards import tokens
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.engine.view import DaifugoView
from paiju.daifugo.fast import playout as fast
from paiju.daifugo.game import GAME
from paiju.daifugo.players.strategy import choose
from paiju.daifugo.rules import OPTIONS, PRESETS, Rules, make_rules


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
                if option.kind == "bool":
                    overrides[option.name] = rng.random() < 0.5
                elif option.kind == "list":
                    overrides[option.name] = [c for c in option.choices if rng.random() < 0.4]
                else:
                    overrides[option.name] = rng.choice(option.choices)
        try:
            return make_rules(preset, overrides)
        except UnknownOption:
            continue


#: The entries of a view's table that the rule-based play-out's seat view leaves out.
LEFT_OUT = {"hand", "played"}


def check_state(ref: DaifugoState, rng: random.Random) -> int:
    """One hand played on the reference state and on the fast path side by side,
    compared at every step; the number of decisions."""
    quick = ref.clone()
    steps = 0
    while True:
        seat = ref.to_move()
        listed = fast.choices(quick)
        assert listed == ref.legal_actions()
        if seat is None:
            assert listed == []
            break
        view = ref.view(seat)
        assert listed == view.legal_actions(), ref.record()
        table = view.table()
        seat_view = fast.SeatView(quick, seat, listed)
        mine = seat_view.table()
        assert set(table) - set(mine) == LEFT_OUT
        assert mine == {k: v for k, v in table.items() if k not in LEFT_OUT}
        assert seat_view.hand_cards == view.hand_cards
        assert seat_view.played_cards == view.played_cards
        assert tokens(view.hand_cards) == table["hand"]
        k = rng.randrange(len(listed))
        ref.apply(listed[k])
        fast.step(quick, listed[k])
        assert quick.pos == ref.pos, ref.record()
        assert quick.actions == ref.actions
        steps += 1
    assert quick.is_terminal() and ref.is_terminal()
    assert quick.result() == ref.result()
    assert quick.record() == ref.record()
    return steps


def check_hands(rules: Rules, players: int, rng: random.Random, hands: int = 2) -> int:
    """The first ``hands`` hands of a session, each checked by :func:`check_state` (the
    later ones open with the exchange); the number of decisions."""
    session = GAME.new_session(rules, players, rng.randrange(1 << 30))
    steps = 0
    for _ in range(hands):
        state = session.deal()
        steps += check_state(state, rng)
        session.finish(state)
    return steps


def _by_views(state: DaifugoState, bot: Any, rng: random.Random) -> int:
    decisions = 0
    while (seat := state.to_move()) is not None:
        state.apply(bot.choose(state.view(seat), rng))
        decisions += 1
    return decisions


def check_playouts(rules: Rules, players: int, seed: int) -> None:
    """Each play-out against its player reading views, from the same deal and seed, on a
    session's first hand and on its second (the exchange first)."""
    for policy, bot in (("random", RandomBot()), ("heuristic", HeuristicBot())):
        session = GAME.new_session(rules, players, seed)
        for hand in range(2):
            deal = session.deal()
            ref, quick = deal.clone(), deal.clone()
            decisions = _by_views(ref, bot, random.Random(seed + hand))
            assert quick.playout(random.Random(seed + hand), policy) == decisions
            assert quick.record() == ref.record(), policy
            assert quick.result() == ref.result()
            assert quick.pos == ref.pos
            session.finish(ref)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_every_step_agrees_under_each_preset(preset: str, players: int) -> None:
    rng = random.Random(f"{preset}-{players}")
    rules = make_rules(preset)
    assert sum(check_hands(rules, players, rng) for _ in range(4)) > 8 * 30


def seats(rules: Rules, n: int) -> int:
    """3 to 8 players by ``n``; 4 or more with two packs (decks=2)."""
    return max(3 + n % 6, 4 if rules.decks == 2 else 3)


def test_every_step_agrees_under_random_option_mixes() -> None:
    rng = random.Random(11)
    for n in range(48):
        rules = random_rules(rng)
        check_hands(rules, seats(rules, n), rng)


def test_the_play_outs_choose_as_their_players_do() -> None:
    rng = random.Random(5)
    presets = sorted(PRESETS)
    for n in range(24):
        rules = make_rules(presets[n % 3]) if n < 6 else random_rules(rng)
        check_playouts(rules, seats(rules, n), 1000 + n)


@pytest.mark.parametrize("preset", ["pagat", "popular"])
def test_two_packs_agree_step_by_step_and_play_out_as_their_players(preset: str) -> None:
    """Two packs (docs/daifugo.md, "The double deck") take the fast path through the
    same listing and steps: held to the reference at every step, and each play-out to
    its player."""
    from paiju.daifugo.rules import with_two_packs

    rng = random.Random(f"two-{preset}")
    for n in range(6):
        rules = with_two_packs(make_rules(preset), 1 + n % 4)
        check_hands(rules, 4 + n % 5, rng)
        check_playouts(rules, 4 + n % 5, 2000 + n)


class _Reading(dict[str, Any]):
    """A view's table that notes every entry read."""

    read: ClassVar[set[str]] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)


def test_the_rule_based_player_reads_nothing_the_seat_view_leaves_out() -> None:
    from paiju import compiled

    if compiled.in_use():  # compiled, the player reads the dict in C, past the spy below
        here = f"{__file__}::test_the_rule_based_player_reads_nothing_the_seat_view_leaves_out"
        env = dict(os.environ, PAIJU_PURE="1")
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", here],
                       env=env, check=True, capture_output=True)
        return

    class Noted(DaifugoView):
        def table(self) -> dict[str, Any]:
            return _Reading(super().table())

    rng = random.Random(8)
    for n in range(30):
        state = GAME.new_hand(make_rules(sorted(PRESETS)[n % 3]), 3 + n % 6, rng)
        while (seat := state.to_move()) is not None:
            view = Noted(state, seat)
            assert choose(view, rng) in view.legal_actions()
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert _Reading.read >= {"counts", "table"}
    assert not _Reading.read & LEFT_OUT


def test_a_play_no_table_knows_is_applied_by_the_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A rule that adds a combination outside the shared tables still plays exactly:
    # the step hands such a play to apply, which reads it.
    monkeypatch.setattr(fast, "PLAY_MELD", {})
    monkeypatch.setattr(fast, "EXTRA_MELD", {})
    rng = random.Random(6)
    for n in range(6):
        rules = make_rules(sorted(PRESETS)[n % 3])
        check_playouts(rules, 3 + n, 70 + n)
        check_hands(rules, 3 + n, rng, 1)


def test_a_play_out_with_the_fast_path_off_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = GAME.new_hand(make_rules("popular"), 4, random.Random(2))
    before = state.clone()
    monkeypatch.setattr(fast, "ENABLED", False)
    assert state.playout(random.Random(3)) is None
    assert state.playout(random.Random(3), "heuristic") is None
    assert state.pos == before.pos and state.actions == []
    monkeypatch.setattr(fast, "ENABLED", True)
    assert state.playout(random.Random(3), "ismcts") is None
    assert state.pos == before.pos and state.actions == []
    assert state.playout(random.Random(3)) == len(state.actions) > 0
    assert state.is_terminal()


def test_a_finished_hand_plays_out_in_no_decisions() -> None:
    state = GAME.new_hand(make_rules("uecda"), 5, random.Random(4))
    assert state.playout(random.Random(1), "heuristic")
    assert fast.choices(state) == []
    assert state.playout(random.Random(1)) == 0
    assert state.playout(random.Random(1), "heuristic") == 0


@pytest.mark.parametrize(("environ", "on"), [
    ({}, True),
    ({"PAIJU_FAST": "1"}, True),
    ({"PAIJU_FAST": "0"}, False),
    ({"PAIJU_PURE": "1"}, False),
    ({"PAIJU_PURE": "0"}, True),
    ({"PAIJU_PURE": ""}, True),
    ({"PAIJU_FAST": "1", "PAIJU_PURE": "1"}, False),
])
def test_either_switch_turns_the_fast_paths_off(environ: dict[str, str], on: bool) -> None:
    assert fast_path_on(environ) is on


@pytest.mark.slow
@pytest.mark.differential
def test_one_hundred_thousand_hands_agree_step_by_step() -> None:
    # The full differential run (docs/notes/performance-history.md gives its last result):
    # every preset and random option mixes, 3 to 8 players, two hands of a session at a
    # time, each hand compared at every step.
    rng = random.Random(20261126)
    presets = sorted(PRESETS)
    decisions = 0
    for n in range(50_000):
        rules = make_rules(presets[n % 3]) if n % 2 else random_rules(rng)
        decisions += check_hands(rules, seats(rules, n // 2), rng)
        if n % 250 == 0:
            check_playouts(rules, seats(rules, n), n)
    assert decisions > 100_000 * 30
