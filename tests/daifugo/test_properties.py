"""Random hands under every preset and random option sets, 3 to 8 players.

Each slow test (``pytest -m slow``) plays at least 10,000 hands (sessions of hands, so
exchanges, seat changes and miyako-ochi are played too); a short slice of each runs by
default. Every hand checks at every step that every card is in exactly one
place and that every hand ends. Every hand is replayed through the referee from its
record, which must agree with the engine on the result and the final hands. Every 25th
hand checks, at every third step, that every seat's view hides what it must and that
View.sample deals a state that agrees with the view.
"""

from __future__ import annotations

import json
import random

import pytest
from daifugo_helpers import check_cards, random_rules
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.core.records import dumps_record
from paiju.core.referee import referee
from paiju.daifugo.engine.cards import JOKERS, SUITED, TOKENS, bits, mask_of, parse_card
from paiju.daifugo.engine.state import DISCARD_PILE, DaifugoState
from paiju.daifugo.game import GAME
from paiju.daifugo.rules import Rules

HANDS_PER_EXAMPLE = 50
EXAMPLES = 200  # 200 x 50 = 10,000 hands per test
#: views and samples are checked on every VIEW_HANDS-th hand, at every VIEW_STEPS-th step
VIEW_HANDS = 25
VIEW_STEPS = 3
#: examples of the short slice that runs by default; the full runs above are marked slow
#: (``pytest -m slow``)
SLICE = 6


def check_views(state: DaifugoState, rng: random.Random) -> None:
    """Views show the seat's own hand and counts only; samples agree with them."""
    for seat in range(state.n):
        view = state.view(seat)
        data = view.to_json()
        assert data["hand"] == [TOKENS[c] for c in bits(state.hands[seat])]
        assert data["counts"] == [h.bit_count() for h in state.hands]
        known = 0
        for pin in data["known"]:
            known |= mask_of(parse_card(t) if t != "JK" else 52 for t in pin["cards"])
        # every token of the view as JSON, but for the cards this seat gave away and the
        # cards a rich seat named aloud (card_request: a name, not a sight of the card)
        shown = {k: v for k, v in data.items() if k not in ("known", "actions")}
        shown["actions"] = [a for a in data["actions"] if a["do"] != "ask"]
        text = json.dumps(shown)
        visible = state.hands[seat] | state.played | known
        hidden = state.discards | state.dropped
        for other in range(state.n):
            if other != seat:
                hidden |= state.hands[other]
        for c in bits(hidden & ~visible):
            if c >= 52 and visible & (3 << 52):
                continue  # two jokers look alike: one seen is "JK" in the view
            assert f'"{TOKENS[c]}"' not in text, f"seat {seat}'s view shows hidden {TOKENS[c]}"
        sample = view.sample(rng)
        check_cards(sample)
        # the sample carries the public history too: its view is the same in every key
        assert sample.view(seat).to_json() == data
        assert sample.hands[seat] == state.hands[seat]
        assert [h.bit_count() for h in sample.hands] == data["counts"]
        assert sample.played == state.played
        assert sample.discards.bit_count() == state.discards.bit_count()
        if state.to_move() == seat:
            assert set(sample.legal_actions()) == set(view.legal_actions())
        for other, cards in view.facts().known_pins():  # its gifts stay where it knows
            assert state.hands[other] & cards == cards and sample.hands[other] & cards == cards
        for _, src, dst, cards in state.hidden:
            if src == seat and dst == DISCARD_PILE:  # its own discards
                assert sample.discards & cards == cards


def play_session(rules: Rules, players: int, seed: int) -> None:
    rng = random.Random(seed)
    session = GAME.new_session(rules, players, seed)
    for number in range(HANDS_PER_EXAMPLE):
        state = session.deal()
        views = number % VIEW_HANDS == 0
        steps = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions
            state.apply(actions[rng.randrange(len(actions))])
            check_cards(state)
            if views and steps % VIEW_STEPS == 0:
                check_views(state, rng)
            steps += 1
            assert steps < 3000, "the hand never ends"
        report = state.report()
        assert sorted(report["order"]) == list(range(players))
        ruling = referee(json.loads(dumps_record(state.record())))
        assert ruling.report["legal"] and ruling.report["finished"]
        assert {k: ruling.report[k] for k in report} == report
        # the same cards in every hand (two jokers are told apart only inside the engine)
        assert [(h & SUITED, (h & JOKERS).bit_count())
                for h in ruling.state.hands] == [
            (h & SUITED, (h & JOKERS).bit_count()) for h in state.hands]
        before = sum(session.totals)
        session.finish(state)
        if rules.values["scoring"] == "payments":
            assert sum(session.totals) == before


@pytest.mark.slow
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_random_hands_pagat(seed: int, players: int) -> None:
    play_session(GAME.rules("pagat"), players, seed)


@pytest.mark.slow
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_random_hands_uecda(seed: int, players: int) -> None:
    play_session(GAME.rules("uecda"), players, seed)


@pytest.mark.slow
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_random_hands_popular(seed: int, players: int) -> None:
    play_session(GAME.rules("popular"), players, seed)


@pytest.mark.slow
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_random_hands_random_options(seed: int, players: int) -> None:
    play_session(random_rules(random.Random(seed)), players, seed)


@pytest.mark.parametrize("preset", ["pagat", "uecda", "popular", None])
@settings(max_examples=SLICE)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_random_hands_slice(preset: str | None, seed: int, players: int) -> None:
    """A short slice of the slow runs, in every default run: 300 hands per preset."""
    rules = GAME.rules(preset) if preset else random_rules(random.Random(seed))
    play_session(rules, players, seed)
