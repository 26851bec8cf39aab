"""The rules object and the rulebook: typed options, and each house rule one hook."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.core.errors import UnknownOption
from paiju.daifugo.engine.actions import Action, pass_action, play_action
from paiju.daifugo.engine.cards import ALL_JOKERS, jokers_in
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.game import GAME
from paiju.daifugo.rules import OPTIONS, PRESETS, Rules, make_rules


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_rules_fields_hold_the_resolved_values(preset: str) -> None:
    rules = make_rules(preset)
    assert rules.values == {o.name: getattr(rules, o.name) for o in OPTIONS}
    assert make_rules(rules.spec()) == rules
    with pytest.raises(AttributeError):
        rules.no_such_option  # type: ignore[attr-defined]  # noqa: B018


# ---------------------------------------------------------------- one check

PRESET_NAMES = sorted(PRESETS)


@st.composite
def rules_and_players(draw: st.DrawFn) -> tuple[Rules, int]:
    """A preset, or a random mix of options over one (conflicting mixes redrawn)."""
    preset = draw(st.sampled_from(PRESET_NAMES))
    values: dict[str, Any] = {}
    if draw(st.booleans()):
        for o in OPTIONS:
            if not draw(st.booleans()):
                continue
            if o.kind == "bool":
                values[o.name] = draw(st.booleans())
            elif o.kind == "list":
                values[o.name] = draw(st.lists(st.sampled_from(o.choices), unique=True))
            else:
                values[o.name] = draw(st.sampled_from(o.choices))
    try:
        rules = make_rules({"preset": preset, "options": values})
    except UnknownOption:
        rules = make_rules(preset)
    return rules, draw(st.integers(4 if rules.decks == 2 else 3, 8))  # two packs: 4 to 8


def rulebook_actions(state: DaifugoState) -> set[Action]:
    """The seat's legal actions by asking the rulebook about every candidate."""
    p, book = state.pos, state.book
    seat = p.turn
    if p.phase != "play":
        return set(state.legal_actions())  # give / seven_pass / discard: checked below
    hand = p.hands[seat]
    out = {play_action(seat, m) for m in book.candidates(hand & ~ALL_JOKERS, jokers_in(hand))
           if book.why_not_play(p, seat, m) is None}
    if book.why_not_pass(p) is None:
        out.add(pass_action(seat))
    return out


@settings(max_examples=60)
@given(rules_and_players(), st.integers(0, 2**32 - 1))
def test_fast_generator_is_the_rulebook_filter(setup: tuple[Rules, int], seed: int) -> None:
    """At every step of a session's hands, legal_actions() is exactly what the
    rulebook allows of every combination of the hand (and each listed once)."""
    rules, players = setup
    rng = random.Random(seed)
    session = GAME.new_session(rules, players, seed)
    for _ in range(2):
        state = session.deal()
        while not state.is_terminal():
            listed = state.legal_actions()
            assert len(set(listed)) == len(listed)
            assert set(listed) == rulebook_actions(state)
            for a in listed:
                if a.do not in ("play", "pass"):
                    assert state.why_illegal(a) is None
            state.apply(listed[rng.randrange(len(listed))])
        session.finish(state)


def test_every_hook_is_registered_under_an_option() -> None:
    from paiju.daifugo.engine.registry import BEATERS, FINISH_BANS, ON_OUT, ON_PLAY
    from paiju.daifugo.engine.rulebook import rulebook

    rulebook(make_rules("pagat"))  # the hooks are registered with the first rulebook
    names = {o.name for o in OPTIONS}
    assert {b.option for _, b in BEATERS} <= names
    assert {opt for opt, _, _ in ON_PLAY} <= names
    assert {opt for opt, _, _ in ON_OUT} <= names
    ff = next(o for o in OPTIONS if o.name == "forbidden_finish")
    assert set(FINISH_BANS) == set(ff.choices)
    # pagat has no house rule on: nothing acts on a play, nothing else may follow
    book = rulebook(make_rules("pagat"))
    assert not book.on_play and not book.beaters and not book.on_out
    popular = rulebook(make_rules("popular"))
    assert [h.__name__ for h in popular.on_play] == [
        "jack_back", "shibari", "eight_cut", "forbidden_finish"]
    assert [b.option for b in popular.beaters] == ["spade_three"]


# ---------------------------------------------------------------- undo


def _snapshot(state: DaifugoState) -> tuple[Any, ...]:
    return (state.pos.copy(), list(state.actions), state.record(), state.table_now(),
            [state.view(s).to_json() for s in range(state.n)])


@settings(max_examples=25)
@given(rules_and_players(), st.integers(0, 2**32 - 1))
def test_pop_restores_the_exact_state(setup: tuple[Rules, int], seed: int) -> None:
    """push then pop gives back the state as it was and the action pushed, at every step
    of random hands; a whole hand pushed then popped step by step passes back through
    every state."""
    rules, players = setup
    rng = random.Random(seed)
    session = GAME.new_session(rules, players, seed)
    for _ in range(2):
        state = session.deal()
        seen, played = [], []
        while not state.is_terminal():
            before = _snapshot(state)
            seen.append(before)
            listed = state.legal_actions()
            tried = listed[rng.randrange(len(listed))]
            state.push(tried)
            assert state.pop() == tried  # pop returns what it took back
            assert _snapshot(state) == before
            played.append(listed[rng.randrange(len(listed))])
            state.push(played[-1])
        final = state.clone()
        for snap in reversed(seen):
            assert state.pop() == played.pop()
            assert _snapshot(state) == snap
        with pytest.raises(IndexError, match="nothing to take back"):
            state.pop()
        session.finish(final)


def test_a_refused_push_changes_nothing() -> None:
    state = GAME.new_hand(make_rules("pagat"), 4, random.Random(3))
    before = _snapshot(state)
    with pytest.raises(Exception, match="turn"):
        state.push(pass_action((state.turn + 1) % 4))
    assert _snapshot(state) == before
    with pytest.raises(IndexError):
        state.pop()
