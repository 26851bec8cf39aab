"""UECda's meld rules as Dai Fugō options (issue 14, points 4, 7 and 8), each reading tested.

The passages are those of the UECda 2010 rules (``man/rule.html`` of the 2018 kit),
quoted in docs/daifugo.md.
"""

from __future__ import annotations

import json
import random

import pytest
from daifugo_helpers import check_cards, deal, record, ruling, state_of
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import check_views

from paiju.core.errors import PaijuError
from paiju.core.records import dumps_record
from paiju.core.referee import referee
from paiju.daifugo.game import GAME


def opts(**values: object) -> dict:
    return {"preset": "pagat", "options": values}


# ---------------------------------------------------------------- point 4: ♠3 over a lock

#: ♥5 then ♥7 lock hearts; the lone joker goes on the lock; then the ♠3.
LOCKED_JOKER = [(0, "play", "5H"), (1, "play", "7H"), (2, "play", "JK")]


def test_spade_three_over_lock_lets_the_spade_three_beat_a_joker_played_under_a_lock() -> None:
    """man/rule.html 4.3.2: "it does not matter whether a lock had been made before the
    joker"; without the option (004 says nothing of it) the lock binds the ♠3."""
    hands = deal(4, {0: "5H 9C", 1: "7H 9D", 2: "JK 9S", 3: "3S 9H"})
    plays = [*LOCKED_JOKER, (3, "play", "3S")]
    base = {"shibari": "full", "spade_three": True}
    rep = ruling(record(hands, plays, opts(**base)))
    assert not rep["legal"]
    assert "locked to ♡ singles" in rep["reason"] and "3S does not follow suit" in rep["reason"]
    assert ruling(record(hands, plays, opts(**base, spade_three_over_lock=True)))["legal"]
    # only the ♠3, only on a lone joker: the lock still binds every other card
    st = state_of(record(hands, LOCKED_JOKER[:2], opts(**base, spade_three_over_lock=True)))
    assert "does not follow suit" in str(st.why_illegal(GAME.action_from_json(
        {"seat": 2, "do": "play", "cards": ["9S"]})))
    st = state_of(record(hands, LOCKED_JOKER, opts(**base, spade_three_over_lock=True)))
    plays_now = {a.cards for a in st.legal_actions() if a.do == "play"}
    assert plays_now == {("3S",)}


def test_uecda_plays_the_spade_three_over_a_lock_and_clears() -> None:
    hands = deal(5, {0: "5H 9C", 1: "7H 9D", 2: "JK 9S", 3: "3S 9H"})
    st = state_of(record(hands, [*LOCKED_JOKER, (3, "play", "3S")], "uecda"))
    assert st.table is None and st.to_move() == 3  # spade_three_clears: the ♠3 leads next
    assert GAME.rules("uecda").values["spade_three_over_lock"] is True
    for preset in ("pagat", "popular"):
        assert GAME.rules(preset).values["spade_three_over_lock"] is False


def test_spade_three_over_lock_needs_the_spade_three_rule() -> None:
    with pytest.raises(PaijuError, match="spade_three_over_lock needs the spade_three rule"):
        GAME.rules("pagat", {"spade_three_over_lock": True})


# ---------------------------------------------------------------- point 8: a group's joker


def _after(hands: list[str], plays: list, rules: dict) -> dict:
    return ruling(record(hands, plays, rules))


JOKER_HANDS = deal(4, {0: "7S 7H 3C 5C", 1: "9S JK 4C 6C", 2: "JS JH JD 4D", 3: "QS QD QH 5D"})
PAIR_LEAD = (0, "play", "7S 7H")


@pytest.mark.parametrize("joker", ["JK=9H", "JK=9D"])
def test_a_named_joker_makes_a_lock_with_its_suit(joker: str) -> None:
    """man/rule.html 4.3.1: "a lock can be made with the joker". ♠♡ then ♠ and a joker
    for the ♡ lock ♠♡; a joker for the ♢ makes ♠♢, no lock."""
    plays = [PAIR_LEAD, (1, "play", f"9S {joker}"), (2, "pass"), (3, "play", "QS QD")]
    rep = _after(JOKER_HANDS, plays, opts(shibari="full", group_joker_suit="named"))
    if joker == "JK=9H":
        assert not rep["legal"] and "locked to ♠♡ pairs" in rep["reason"]
    else:
        assert rep["legal"]
    # without the option the joker has no suit: it never makes a lock
    assert _after(JOKER_HANDS, plays, opts(shibari="full"))["legal"]


def test_a_named_joker_is_bound_by_a_lock() -> None:
    """Under a ♠♡ lock a pair with a joker must name the lacking suit; 004's reading lets
    the joker stand for whichever locked suit the pair lacks."""
    hands = deal(4, {0: "7S 7H 3C", 1: "9S 9H 4C", 2: "QS JK 4D", 3: "KS KD 5D"})
    lock = [PAIR_LEAD, (1, "play", "9S 9H")]
    named = opts(shibari="full", group_joker_suit="named")
    assert _after(hands, [*lock, (2, "play", "QS JK=QH")], named)["legal"]
    rep = _after(hands, [*lock, (2, "play", "QS JK=QD")], named)
    assert not rep["legal"] and "locked to ♠♡ pairs" in rep["reason"]
    st = state_of(record(hands, lock, named))
    pairs = {a.cards for a in st.legal_actions() if a.do == "play"}
    assert ("QS", "JK=QH") in pairs and ("QS", "JK=QD") not in pairs
    assert _after(hands, [*lock, (2, "play", "QS JK")], opts(shibari="full"))["legal"]


def test_a_plain_joker_in_a_group_must_name_its_card_when_it_could_be_several() -> None:
    named = opts(group_joker_suit="named")
    rep = _after(JOKER_HANDS, [PAIR_LEAD, (1, "play", "9S JK")], named)
    assert not rep["legal"]
    assert "write which, e.g. 9S JK=9H or 9S JK=9D or 9S JK=9C" in rep["reason"]
    # a joker with three of its rank can stand for one card only: plain JK is that card
    hands = deal(4, {0: "7S 7H 7D 7C", 1: "9S 9H 9D JK"})
    lead = (0, "play", "7S 7H 7D 7C")
    st = state_of(record(hands, [lead, (1, "play", "9S JK 9H 9D")], named))
    assert st.record()["actions"][-1]["cards"] == ["9S", "9H", "9D", "JK=9C"]
    rep = _after(hands, [lead, (1, "play", "9S 9H 9D JK=9D")], named)
    assert not rep["legal"] and "the play already has it" in rep["reason"]
    # 004's reading: the joker has no suit, so what it names is dropped
    st = state_of(record(hands, [lead, (1, "play", "9S JK=9C 9H 9D")], "pagat"))
    assert st.record()["actions"][-1]["cards"] == ["9S", "9H", "9D", "JK"]


def test_the_lone_joker_and_sequences_read_the_same_under_both_readings() -> None:
    """A lone joker stands for no card: it is exempt from a lock and makes none (as the
    UECda server reads it). A joker in a sequence stands for a card of its suit in both
    readings, so a sequence with a joker locks and is bound like any."""
    hands = deal(4, {0: "5H 9C", 1: "7H 9D", 2: "JK 9S", 3: "3S 4S 5S"})
    for mode in ("none", "named"):
        rules = opts(shibari="full", group_joker_suit=mode)
        st = state_of(record(hands, [(0, "play", "5H"), (1, "play", "7H")], rules))
        assert st.lock and ("JK",) in {a.cards for a in st.legal_actions()}
        st = state_of(record(hands, [(0, "play", "5H"), (1, "play", "7H"), (2, "play", "JK")],
                             rules))
        assert st.table is not None and st.table.jokers == 1
    seq = deal(4, {0: "3S 4S 5S 3C", 1: "6S JK 8S 4C", 2: "9H 10H JH 9S 10S JS"})
    for mode in ("none", "named"):
        rules = opts(shibari="full", group_joker_suit=mode)
        plays = [(0, "play", "3S 4S 5S"), (1, "play", "6S JK=7S 8S")]
        rep = _after(seq, [*plays, (2, "play", "9H 10H JH")], rules)
        assert not rep["legal"] and "locked to ♠ sequences" in rep["reason"]
        assert _after(seq, [*plays, (2, "play", "9S 10S JS")], rules)["legal"]


def test_uecda_names_group_jokers_and_the_others_do_not() -> None:
    assert GAME.rules("uecda").values["group_joker_suit"] == "named"
    for preset in ("pagat", "popular"):
        assert GAME.rules(preset).values["group_joker_suit"] == "none"


# ---------------------------------------------------------------- random hands under uecda


def _kinds(plays: list[tuple[str, ...]]) -> dict[str, int]:
    """How many plays named a group's joker, and how many were five-card groups."""
    out = {"named_group": 0, "five": 0}
    for cards in plays:
        ranks = {c.split("=")[-1][:-1] for c in cards}
        if len(cards) > 1 and len(ranks) == 1 and any(c.startswith("JK=") for c in cards):
            out["named_group"] += 1
        if len(cards) == 5 and "JK" in cards:
            out["five"] += 1
    return out


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_random_uecda_hands_keep_every_card_and_replay(seed: int, players: int) -> None:
    """Random and club-player hands under uecda: every card in one place at every step,
    the views' samples agree with the views, and the record replays to the same end."""
    rng = random.Random(seed)
    session = GAME.new_session(GAME.rules("uecda"), players, seed)
    listed: list[tuple[str, ...]] = []
    for number in range(6):
        state = session.deal()
        steps = 0
        while not state.is_terminal():
            seat = state.to_move()
            assert seat is not None
            legal = state.legal_actions()
            listed += [a.cards for a in legal if a.do == "play"]
            if number % 2:
                action = GAME.strategy(state.view(seat), rng)
                assert action in legal
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
            check_cards(state)
            if steps % 7 == 0:
                check_views(state, rng)
            steps += 1
            assert steps < 3000
        ruling = referee(json.loads(dumps_record(state.record())))
        assert ruling.report["legal"] and ruling.report["finished"]
        assert ruling.report["order"] == state.report()["order"]
        session.finish(state)
    assert _kinds(listed)["named_group"], "a group with a named joker was listed"
