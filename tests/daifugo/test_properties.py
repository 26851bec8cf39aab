"""Random hands under every preset and random option sets, 3 to 8 players.

Each test plays at least 10,000 hands (sessions of hands, so exchanges, seat changes and
miyako-ochi are played too) and checks at every step that every card is in exactly one
place and that every hand ends. Every tenth hand is replayed through the referee from its
record, and every 50th hand checks, at every third step, that views hide what they must and that
View.sample deals a state that agrees with the view.
"""

from __future__ import annotations

import json
import random
from typing import Any

from daifugo_helpers import check_cards, random_rules
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.core.records import dumps_record
from paiju.core.referee import referee
from paiju.daifugo.cards import TOKENS, bits
from paiju.daifugo.game import GAME
from paiju.daifugo.rules import Rules
from paiju.daifugo.state import DaifugoState

HANDS_PER_EXAMPLE = 50
EXAMPLES = 200  # 200 x 50 = 10,000 hands per test


def strings(obj: Any) -> set[str]:
    """Every string inside a JSON value."""
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list | tuple):
        return set().union(*(strings(v) for v in obj)) if obj else set()
    return set()


def check_views(state: DaifugoState, rng: random.Random) -> None:
    """Views show the seat's own hand and counts only; samples agree with them."""
    for seat in range(state.n):
        view = state.view(seat)
        data = view.to_json()
        assert data["hand"] == [TOKENS[c] for c in bits(state.hands[seat])]
        assert data["counts"] == [h.bit_count() for h in state.hands]
        shown = strings(data)
        visible = state.hands[seat] | state.played
        for pin in data["known"]:
            for tok in pin["cards"]:
                shown.discard(tok)
        hidden = 0
        for other in range(state.n):
            if other != seat:
                hidden |= state.hands[other]
        hidden |= state.discards | state.dropped
        for c in bits(hidden & ~visible):
            tok = TOKENS[c]
            if tok == "JK" and visible & (3 << 52):
                continue
            assert tok not in shown or tok in {p for p in data["played"]} \
                or tok in data["hand"], f"seat {seat}'s view shows hidden {tok}"
        sample = view.sample(rng)
        check_cards(sample)
        assert sample.hands[seat] == state.hands[seat]
        assert [h.bit_count() for h in sample.hands] == data["counts"]
        assert sample.played == state.played
        assert sample.discards.bit_count() == state.discards.bit_count()
        if state.to_move() == seat:
            assert set(sample.legal_actions()) == set(view.legal_actions())


def play_session(rules: Rules, players: int, seed: int) -> None:
    rng = random.Random(seed)
    session = GAME.new_session(rules, players, seed)
    for number in range(HANDS_PER_EXAMPLE):
        state = session.deal()
        views = number % 50 == 0
        steps = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions
            action = actions[rng.randrange(len(actions))]
            assert state.why_illegal(action) is None
            state.apply(action)
            check_cards(state)
            if views and steps % 3 == 0:
                check_views(state, rng)
            steps += 1
            assert steps < 3000, "the hand never ends"
        report = state.report()
        assert sorted(report["order"]) == list(range(players))
        if number % 10 == 0:
            ruling = referee(json.loads(dumps_record(state.record())))
            assert ruling.report["legal"] and ruling.report["finished"]
            assert {k: ruling.report[k] for k in report} == report
        before = sum(session.totals)
        session.finish(state)
        if rules.values["scoring"] == "payments":
            assert sum(session.totals) == before


@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_random_hands_pagat(seed: int, players: int) -> None:
    play_session(GAME.rules("pagat"), players, seed)


@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_random_hands_uecda(seed: int, players: int) -> None:
    play_session(GAME.rules("uecda"), players, seed)


@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_random_hands_popular(seed: int, players: int) -> None:
    play_session(GAME.rules("popular"), players, seed)


@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_random_hands_random_options(seed: int, players: int) -> None:
    play_session(random_rules(random.Random(seed)), players, seed)
