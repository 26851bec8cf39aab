"""Views: what a seat sees, sampling the hidden cards, explaining aged cards, sessions."""

import json
import random

import pytest
from lukfu_helpers import act, cs, play, state

from paiju.lukfu.engine.cards import mask, pack
from paiju.lukfu.engine.session import LukFuSession
from paiju.lukfu.engine.state import LukFuState
from paiju.lukfu.game import GAME

FT = "1Sip 1Gon 1Sok 1Chen LiChen"


def _midway(preset: str, players: int, seed: int) -> LukFuState:
    rng = random.Random(seed)
    st = GAME.new_hand(GAME.rules(preset), players, rng)
    for _ in range(rng.randrange(4, 30)):
        if st.is_terminal():
            break
        acts = st.legal_actions()
        if st.phase == "calling":
            acts = [a for a in acts if a.do != "pass"] or acts
        st.apply(rng.choice(acts))
    return st


@pytest.mark.parametrize("preset", ["hongkong", "gloucester", "sung"])
def test_samples_agree_with_what_the_seat_saw(preset: str) -> None:
    for seed in range(12):
        st = _midway(preset, 3 + seed % 2, seed)
        if st.is_terminal():
            continue
        for seat in range(st.players):
            sample = st.view(seat).sample(random.Random(seed))
            parts = [*sample.hands, sample.face_up, sample.face_down]
            if sample.dreamer_card is not None:
                parts.append(1 << sample.dreamer_card)
            assert sum(p.bit_count() for p in parts) == len(pack(st.players))
            assert mask(pack(st.players)) == parts[0] | parts[1] | parts[2] | sum(parts[3:])
            assert sample.face_up == st.face_up and sample.to_move() == st.to_move()
            assert sample.hand_counts() == st.hand_counts()
            assert [a.seat for a in sample.actions] == [a.seat for a in st.actions]
            if seat < 3:
                assert sample.hands[seat] == st.hands[seat]
            else:
                assert sample.dreamer_card == st.dreamer_card


def test_window_is_hidden_from_other_seats() -> None:
    # 000 'Ng Fu Ha San': the claim belongs to the dealing phase; nobody else may learn that
    # a seat holds the Five Tigers from its silence.
    st = state("hongkong", ["", FT], dreamer="9Sip")
    for seat in (0, 2, 3):
        view = st.view(seat)
        assert view.to_move() is None and view.phase == "deal" and not view.legal_actions()
    assert st.view(1).to_move() == 1
    play(st, [act(1, "pass")])
    for seat in (0, 2, 3):
        assert st.view(seat).to_json()["actions"] == []
    assert '"pass"' in json.dumps(st.view(1).to_json()["actions"])


def test_dreamer_card_hidden_until_the_end() -> None:
    st = state("hongkong", ["", FT], dreamer="9Sip")
    assert "dreamer" not in st.view(0).to_json()
    assert st.view(3).to_json()["dreamer"] == "9Sip"
    play(st, [act(1, "five_tigers")])
    assert st.view(0).to_json()["dreamer"] == "9Sip"


def test_other_discards_hidden() -> None:
    st = state("hongkong", ["2Sip 2Gon 2Sok",
                            "6Sip 5Sip 4Sip 4Gon 4Sok 4Chen 8Chen 7Chen 5Chen 1Gon 3Gon 9Sok"])
    play(st, [act(0, "call"), act(0, "play", "2Sip 2Gon 2Sok"),
              act(1, "discard", "4Gon 4Sok 5Chen")])
    mine = st.view(1).to_json()["actions"][-1]
    theirs = st.view(0).to_json()["actions"][-1]
    assert mine["cards"] == ["4Gon", "4Sok", "5Chen"]
    assert theirs == {"seat": 1, "do": "discard", "count": 3}


def test_explain_aged_cards() -> None:
    # 000: "has 2 aged cards (9 Chen and 8 Chen) in his hand".
    st = state("gloucester", ["2Sip 9Chen 8Chen 7Gon"])
    text = st.explain_aged(0, cs("8Chen").bit_length() - 1)
    assert text.startswith("8 Chen is aged") and "9 Chen" in text
    text = st.explain_aged(0, cs("7Gon").bit_length() - 1)
    assert text.startswith("7 Gon is not aged")


@pytest.mark.parametrize("preset", ["hongkong", "gloucester", "sung"])
def test_sessions_balance(preset: str) -> None:
    session = LukFuSession(GAME.rules(preset), 4, seed=11)
    rng = random.Random(11)
    for _ in range(20):
        st = session.deal()
        seats = session.seat_players()
        assert sorted(seats) == [0, 1, 2, 3]
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
        session.finish(st)
    assert session.hands_played == 20 and sum(session.totals) == 0
    assert any(session.totals)
