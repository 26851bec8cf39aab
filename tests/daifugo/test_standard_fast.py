"""The standard client's fast path (:mod:`paiju.daifugo.fast.standard`) against its table
version (:mod:`paiju.daifugo.players.standard`), turn by turn.

At every play turn of random hands (the ``uecda`` preset at 5 players, every preset at 3
and 8, random option mixes at 3 to 8; sessions, so exchanges, revolutions and locks come
up),
the fast path reads the same play from the position as the client's tables give, cell
for cell, or hands the turn to the tables (:data:`~paiju.daifugo.fast.standard.FALLBACK`).
Each move is the standard client's or a random player's, drawn at random, so that the
positions are not only those the client reaches. The full run is behind the
``differential`` marker.
"""

from __future__ import annotations

import random

import pytest
from daifugo_helpers import random_rules
from test_standard_player import position

from paiju.core.seeding import make_rng
from paiju.daifugo.engine.position import PLAY
from paiju.daifugo.engine.session import DaifugoSession
from paiju.daifugo.engine.view import DaifugoView
from paiju.daifugo.fast import standard as standard_fast
from paiju.daifugo.game import GAME
from paiju.daifugo.players.standard_player import StandardPlayer, fast_key, table_key
from paiju.daifugo.rules import PRESETS, Rules


def _fast_only(view: DaifugoView) -> tuple[int, int, int, tuple[int, ...]]:
    t = view.table_bits()
    return standard_fast.choose(t.hand, t.table, t.revolution, t.jack_back, t.lock != 0)


def compare(rules: Rules, players: int, sessions: int, seed: int) -> tuple[int, int, int]:
    """Turns compared, plays among them, and turns the fast path handed back."""
    compared = plays = fallbacks = 0
    rng = random.Random(seed)
    client = StandardPlayer()
    for k in range(sessions):
        session = DaifugoSession(rules, players, seed * 1000 + k)
        for _ in range(3):
            state = session.deal()
            while (seat := state.to_move()) is not None:
                view = state.view(seat)
                legal = state.legal_actions()
                if view.phase == PLAY:
                    want = table_key(view)
                    if _fast_only(view)[0] < 0:
                        fallbacks += 1
                    got = fast_key(view)
                    assert got == want, (seed, k, seat, view.table(), got, want)
                    compared += 1
                    plays += want is not None
                if rng.random() < 0.5:
                    action = client.choose(view, rng)
                else:
                    action = legal[rng.randrange(len(legal))]
                state.apply(action)
            session.finish(state)
    return compared, plays, fallbacks


def test_the_fast_path_reads_the_client_s_play_at_five_players_under_uecda() -> None:
    compared, plays, fallbacks = compare(GAME.rules("uecda"), 5, 20, 1)
    assert compared > 1000 and plays > 500
    assert fallbacks < compared // 50


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [3, 8])
def test_the_fast_path_reads_the_client_s_play_under_each_preset(
        preset: str, players: int) -> None:
    compared, plays, _ = compare(GAME.rules(preset), players, 4, players)
    assert compared > 100 and plays > 50


def test_the_fast_path_reads_the_client_s_play_under_random_option_mixes() -> None:
    rng = random.Random(7)
    for i in range(12):
        compare(random_rules(rng), rng.randrange(3, 9), 1, 100 + i)


def test_a_five_card_group_is_left_to_the_tables() -> None:
    # four 7s and the joker: the client's joker search runs past the card rows (row 4 and
    # on), which the fast path leaves to the table version
    hands = [["7S", "7H", "7D", "7C", "JK", "KC"], ["3D", "8H"], ["4D", "9H"], ["5C", "10S"],
             ["6C", "JD"]]
    state = position(hands, [], first=0)
    view = state.view(0)
    assert _fast_only(view) == standard_fast.FALLBACK
    assert fast_key(view) == table_key(view) is not None
    assert StandardPlayer().choose(view, make_rng(0)) == StandardPlayer(fast=False).choose(
        view, make_rng(0))


def test_the_player_chooses_the_same_on_either_path() -> None:
    fast, tables = StandardPlayer(), StandardPlayer(fast=False)
    rules = GAME.rules("uecda")
    for seed in range(10):
        state = GAME.new_hand(rules, 5, make_rng(seed, "standard-same"))
        while (seat := state.to_move()) is not None:
            view = state.view(seat)
            action = fast.choose(view, make_rng(0))
            assert action == tables.choose(view, make_rng(0))
            state.apply(action)


@pytest.mark.slow
@pytest.mark.differential
def test_many_sessions_agree_turn_by_turn() -> None:
    rng = random.Random(2026)
    total = fallbacks = 0
    for i in range(400):
        compared, _, back = compare(GAME.rules("uecda"), 5, 5, 1000 + i)
        total, fallbacks = total + compared, fallbacks + back
        compare(random_rules(rng), rng.randrange(3, 9), 2, 5000 + i)
    assert fallbacks < total // 50
