"""The rulebook: typed rules, one check for every action, the fast generator held to it."""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from paiju.core.errors import UnknownOption
from paiju.core.options import Option
from paiju.lukfu.engine.actions import DOS, LukFuAction
from paiju.lukfu.engine.cards import cards_of, mask, pack
from paiju.lukfu.engine.lead import PASSED_MASTER, SINGLE_RULES
from paiju.lukfu.engine.rulebook import CARDS_OUT, PRIVILEGED, SURRENDER, rulebook
from paiju.lukfu.engine.state import LukFuState
from paiju.lukfu.game import GAME
from paiju.lukfu.rules import OPTIONS, PRESETS, TABLE, make_rules


def test_each_preset_makes_rules_of_its_values() -> None:
    for preset, values in PRESETS.items():
        rules = make_rules(preset)
        assert dict(rules.values) == values
        assert rules.spec() == preset
        for option in OPTIONS:
            expected = bool if option.kind == "bool" else str
            assert type(getattr(rules, option.name)) is expected, option.name


def test_rules_refuse_unknown_names_and_changes() -> None:
    rules = make_rules("gloucester", {"tariff": "pang"})
    assert rules.tariff == "pang" and rules.spec() == {
        "preset": "gloucester", "options": {"tariff": "pang"}}
    with pytest.raises(AttributeError):
        rules.nonesuch  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.tariff = "tsoi"  # type: ignore[misc]
    with pytest.raises(TypeError):
        rules.values["tariff"] = "tsoi"  # type: ignore[index]


def _option_mixes() -> st.SearchStrategy[tuple[str, dict[str, Any]]]:
    """A preset and a random mix of options over it (contradictions left out)."""
    def values(option: Option) -> st.SearchStrategy[Any]:
        return st.booleans() if option.kind == "bool" else st.sampled_from(option.choices)

    overrides = st.fixed_dictionaries({}, optional={o.name: values(o) for o in OPTIONS})
    return st.tuples(st.sampled_from(sorted(PRESETS)), overrides)


def _candidates(state: LukFuState) -> list[LukFuAction]:
    """Every action that could be legal for the seat to move, and others' and odd ones."""
    seat = state.to_move()
    assert seat is not None
    out = [LukFuAction(s, do) for s in range(state.players) for do in DOS]
    out.append(LukFuAction(seat, "pass", state.hands[seat] & -state.hands[seat]))
    cards = [1 << c for c in cards_of(state.hands[seat])]
    sizes = [state.top.size] if state.top is not None else range(1, len(cards) + 1)
    for k in sizes:
        for combo in combinations(cards, k):
            out += [LukFuAction(seat, do, sum(combo)) for do in ("play", "discard", "declare")]
    outside = mask(pack(state.players)) & ~state.hands[seat]
    if outside:
        out.append(LukFuAction(seat, "play", outside & -outside))
    return out


@settings(max_examples=100, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(mix=_option_mixes(), players=st.sampled_from([3, 4]), seed=st.integers(0, 2**32),
       looks=st.lists(st.integers(0, 45), min_size=2, max_size=6, unique=True))
def test_the_generator_gives_what_the_check_passes(
    mix: tuple[str, dict[str, Any]], players: int, seed: int, looks: list[int]
) -> None:
    # The fast generator against every candidate action filtered through the one check, at
    # random positions of random hands, under every preset and random option mixes.
    preset, overrides = mix
    try:
        rules = make_rules(preset, overrides)
    except UnknownOption:
        assume(False)
    rng = random.Random(seed)
    state = GAME.new_hand(rules, players, rng)
    book = rulebook(rules)
    step = 0
    while not state.is_terminal():
        if step in looks or (state.phase == "lead" and state.round == 0):
            generated = list(book.legal_actions(state.pos))
            assert len(set(generated)) == len(generated)
            passed = {a for a in _candidates(state) if book.why_not(state.pos, a) is None}
            assert set(generated) == passed
            assert list(state.legal_actions()) == generated
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        step += 1


def test_every_option_value_has_its_hook() -> None:
    # One option, one hook: each value of a hooked option is registered.
    hooked = {"lead_rule": SINGLE_RULES, "passed_master_lead": PASSED_MASTER,
              "surrender": SURRENDER, "privileged": PRIVILEGED, "cards_out": CARDS_OUT}
    for name, hooks in hooked.items():
        assert set(hooks) == set(TABLE.option(name).choices), name


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_views_aged_cards_are_the_engines(preset: str) -> None:
    # The club player reads aged cards from its view; they are the engine's, seat by seat.
    rules = make_rules(preset, {"aged_knowledge": "deduced"} if preset != "hongkong" else {})
    rng = random.Random(5)
    checked = 0
    for _ in range(6):
        state = GAME.new_hand(rules, 4, rng)
        while not state.is_terminal():
            if state.phase in ("lead", "follow"):
                for seat in range(3):
                    assert state.view(seat).aged() == state.aged(seat)
                    checked += 1
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    assert checked > 50
