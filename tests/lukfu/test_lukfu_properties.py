"""Random legal hands under every preset, with 3 and 4 players, checking the invariants.

Each Hypothesis example is a seed that plays a batch of hands with uniformly random legal
actions. For every hand: every card is accounted for at every step, payments sum to zero,
the views hide what they must, and the referee replaying ``state.record()`` reports what
the engine reported. The slow run (``pytest -m slow``) plays 10,000 hands per preset, half
with three players, half with four; a slice of 1,000 hands per preset, the same checks,
runs by default.
"""

import json
import random
import re
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.core.errors import IllegalAction
from paiju.core.referee import referee
from paiju.lukfu.engine.cards import cards_of, mask, name, pack
from paiju.lukfu.engine.melds import melds_in
from paiju.lukfu.engine.state import LukFuAction, LukFuState
from paiju.lukfu.game import GAME
from paiju.lukfu.inference.aged import aged_cards

HANDS_PER_PRESET = 10_000
BATCH = 50
EXAMPLES = HANDS_PER_PRESET // 2 // BATCH
#: examples of the slice that runs by default (1,000 hands per preset): the full run is slow
SLICE = 10
_TOKEN = re.compile(r"\b(?:[1-9](?:Sip|Gon|Sok|Chen)|LiChen)\b")


def _accounted(state: LukFuState) -> None:
    full = mask(pack(state.players))
    parts = [*state.hands, state.face_up, state.face_down]
    if state.dreamer_card is not None:
        parts.append(1 << state.dreamer_card)
    union = 0
    for part in parts:
        assert not union & part, "a card is in two places"
        union |= part
    assert union == full, "a card is missing"
    won = state.won[0] | state.won[1] | state.won[2]
    assert won & ~state.face_up == 0


def _view_hides(state: LukFuState) -> None:
    over = state.is_terminal()
    public = state.face_up
    for seat in range(state.players):
        view = state.view(seat)
        allowed = public
        if seat < 3:
            allowed |= state.hands[seat]
            allowed |= sum(e.cards for e in state.events if e.kind == "discard" and e.seat == seat)
        if seat == 3 or over:
            allowed |= 1 << state.dreamer_card if state.dreamer_card is not None else 0
        if over and state.outcome in ("win", "five_tigers"):
            allowed |= state.winning
        text = json.dumps(view.to_json())
        shown = set(_TOKEN.findall(text))
        allowed_names = {name(c) for c in cards_of(allowed)}
        assert shown <= allowed_names, (seat, shown - allowed_names)
        if seat == state.to_move() and state.phase != "five_tigers":
            assert tuple(view.legal_actions()) == tuple(state.legal_actions())
        elif state.phase != "five_tigers":
            assert view.legal_actions() == ()


def _agrees_with_the_reference(state: LukFuState, rng: random.Random) -> None:
    """The engine's aged cards are the reference's; a view's sample obeys every surrender
    and agrees with what the seat saw."""
    mode = state.rules.values["aged_knowledge"]
    if state.phase in ("lead", "follow"):
        for s in range(3):
            assert state.aged(s) == aged_cards(state.knowledge(s), mode)
    seat = rng.randrange(state.players)
    sample = state.view(seat).sample(rng)
    assert sample.truth_consistent
    assert sample.face_up == state.face_up and sample.hand_counts() == state.hand_counts()
    assert sample.to_move() == state.to_move() or state.phase == "five_tigers"
    if seat < 3:
        assert sample.hands[seat] == state.hands[seat]


def play_batch(preset: str, players: int, seed: int, hands: int) -> None:
    rules = GAME.rules(preset)
    rng = random.Random(seed)
    for _ in range(hands):
        state = GAME.new_hand(rules, players, rng)
        look = rng.randrange(40)
        step = 0
        while not state.is_terminal():
            _accounted(state)
            if step == look:
                _view_hides(state)
            seat = state.to_move()
            assert seat is not None and seat < 3
            actions = state.legal_actions()
            assert actions, "a seat to move always has a legal action"
            if step == look or step == look // 2:
                _agrees_with_the_reference(state, rng)
            action = actions[rng.randrange(len(actions))]
            assert state.allows_by_rule(action)
            state.apply(action)
            step += 1
        _accounted(state)
        _view_hides(state)
        report = state.report()
        assert sum(report["payments"]) == 0
        assert report["outcome"] in ("win", "draw", "no_call", "five_tigers")
        assert (report["winner"] is None) == (report["outcome"] in ("draw", "no_call"))
        ruling = referee(json.loads(json.dumps(state.record()))).report
        assert ruling["legal"] and ruling["finished"]
        assert {k: ruling[k] for k in report} == report
        assert state.result().points == tuple(report["payments"])


def random_hands(preset: str, players: int, examples: int) -> None:
    @settings(max_examples=examples, database=None)
    @given(seed=st.integers(0, 2**63 - 1))
    def run(seed: int) -> None:
        play_batch(preset, players, seed, BATCH)

    run()


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("preset", ["hongkong", "gloucester", "sung"])
def test_random_hands(preset: str, players: int) -> None:
    random_hands(preset, players, EXAMPLES)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("preset", ["hongkong", "gloucester", "sung"])
def test_random_hands_slice(preset: str, players: int) -> None:
    """A slice of the slow run, in every default run: 500 hands per preset and count."""
    random_hands(preset, players, SLICE)


def _subsets_to_try(state: LukFuState, seat: int, k: int, rng: random.Random) -> list[int]:
    """Card sets of size ``k`` worth trying: all of them when few, else every meld of that
    size in hand (long runs included), melds one card off the hand, and random sets."""
    hand = state.hands[seat]
    cards = [1 << c for c in cards_of(hand)]
    if k > len(cards):
        return []
    if comb(len(cards), k) <= 220:
        return [sum(combo) for combo in combinations(cards, k)]
    melds = [m.cards for m in melds_in(hand) if m.size == k]
    outside = mask(pack(state.players)) & ~hand
    near = [m ^ (m & -m) | (outside & -outside) for m in melds if outside]
    randoms = [sum(rng.sample(cards, k)) for _ in range(60)]
    return melds + near + randoms


def _candidates(state: LukFuState, rng: random.Random) -> list[LukFuAction]:
    """Actions worth trying at a position: plays and discards of every size, other seats'."""
    seat = state.to_move()
    assert seat is not None
    out = [LukFuAction(seat, do) for do in ("call", "pass", "declare", "five_tigers")]
    sizes = [state.top.size] if state.top is not None else range(1, 10)
    for k in sizes:
        for cards in _subsets_to_try(state, seat, k, rng):
            out.append(LukFuAction(seat, "play", cards))
            out.append(LukFuAction(seat, "discard", cards))
    other = (seat + 1) % 3
    out.append(LukFuAction(other, "pass"))
    out.append(LukFuAction(seat, "pass", 1))
    return out


@pytest.mark.parametrize("preset", ["hongkong", "gloucester", "sung"])
def test_legal_actions_are_exact(preset: str) -> None:
    # legal_actions() is exactly the set of actions why_illegal() accepts and the rules for
    # one action (allows_by_rule) accept, for leads of every size (long runs included) and
    # follows; apply() changes nothing when it refuses one.
    rules = GAME.rules(preset)
    rng = random.Random(7)
    for n in range(40):
        state = GAME.new_hand(rules, 3 + n % 2, rng)
        while not state.is_terminal():
            legal = set(state.legal_actions())
            assert len(legal) == len(state.legal_actions())
            for action in _candidates(state, rng):
                ok = action in legal
                assert state.allows_by_rule(action) == ok, action
                reason = state.why_illegal(action)
                assert (reason is None) == ok, (action, reason)
                if reason is not None:
                    assert reason and isinstance(reason, str)
            assert all(state.allows_by_rule(a) for a in legal)
            before = state.record()
            bad = next((a for a in _candidates(state, rng) if a not in legal), None)
            if bad is not None:
                with pytest.raises(IllegalAction):
                    state.apply(bad)
                assert state.record() == before
            state.apply(rng.choice(state.legal_actions()))
