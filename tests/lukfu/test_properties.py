"""Random legal hands under every preset, with 3 and 4 players, checking the invariants.

Each Hypothesis example is a seed that plays a batch of hands with uniformly random legal
actions. For every hand: every card is accounted for at every step, payments sum to zero,
the views hide what they must, and the referee replaying ``state.record()`` reports what
the engine reported. 10,000 hands per preset, half with three players, half with four.
"""

import json
import random
import re
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.core.errors import IllegalAction
from paiju.core.referee import referee
from paiju.lukfu.cards import cards_of, mask, name, pack
from paiju.lukfu.game import GAME
from paiju.lukfu.state import LukFuAction, LukFuState

HANDS_PER_PRESET = 10_000
BATCH = 50
EXAMPLES = HANDS_PER_PRESET // 2 // BATCH
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
            state.apply(actions[rng.randrange(len(actions))])
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


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("preset", ["hongkong", "gloucester", "sung"])
def test_random_hands(preset: str, players: int) -> None:
    @settings(max_examples=EXAMPLES, database=None)
    @given(seed=st.integers(0, 2**63 - 1))
    def run(seed: int) -> None:
        play_batch(preset, players, seed, BATCH)

    run()


def _candidates(state: LukFuState) -> list[LukFuAction]:
    """Every action worth trying at a position: all plays and discards of the right sizes."""
    seat = state.to_move()
    assert seat is not None
    out = [LukFuAction(seat, do) for do in ("call", "pass", "declare", "five_tigers")]
    cards = [1 << c for c in cards_of(state.hands[seat])]
    sizes = [state.top.size] if state.top is not None else [1, 3, 4, 5]
    for k in sizes:
        for combo in combinations(cards, k):
            out.append(LukFuAction(seat, "play", sum(combo)))
            out.append(LukFuAction(seat, "discard", sum(combo)))
    other = (seat + 1) % 3
    out.append(LukFuAction(other, "pass"))
    return out


@pytest.mark.parametrize("preset", ["hongkong", "gloucester", "sung"])
def test_legal_actions_are_exact(preset: str) -> None:
    # legal_actions() is exactly the set of actions why_illegal() accepts, and apply()
    # changes nothing when it refuses one.
    rules = GAME.rules(preset)
    rng = random.Random(7)
    for n in range(40):
        state = GAME.new_hand(rules, 3 + n % 2, rng)
        while not state.is_terminal():
            legal = set(state.legal_actions())
            for action in _candidates(state):
                reason = state.why_illegal(action)
                assert (reason is None) == (action in legal), (action, reason)
                if reason is not None:
                    assert reason and isinstance(reason, str)
            before = state.record()
            bad = next((a for a in _candidates(state) if a not in legal), None)
            if bad is not None:
                with pytest.raises(IllegalAction):
                    state.apply(bad)
                assert state.record() == before
            state.apply(rng.choice(state.legal_actions()))
