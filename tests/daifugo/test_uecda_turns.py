"""The UECda 2010 turn order and gifts as Dai Fugō options (issue 14, points 1, 2, 3, 6, 9).

Each test plays the worked reading of man/rule.html (the UECda devkit's rules) under the
``uecda`` preset and the other reading under the option's other value (docs/daifugo.md).
"""

from __future__ import annotations

import pytest
from daifugo_helpers import act, deal, record, ruling, state_of

from paiju.core.errors import MalformedRecord
from paiju.daifugo.game import GAME

#: Five seats; seat 0 holds the ♦3 (it leads under uecda) and singles of four suits go round.
HANDS = deal(5, {0: "3D 4S 9S KD", 1: "KS QS", 2: "5H 10H", 3: "6D JD", 4: "7C 9C"})


def uecda(**values: object) -> dict:
    return {"preset": "uecda", "options": values}


def test_a_player_who_passed_stays_out_until_the_field_clears() -> None:
    """4.2.1: "once you pass, your turn does not come round until the field clears"."""
    plays = [(0, "play", "4S"), (1, "pass"), (2, "play", "5H"), (3, "play", "6D"),
             (4, "play", "7C"), (0, "play", "9S")]
    st = state_of(record(HANDS, plays, "uecda"))
    assert st.to_move() == 2  # seat 1 passed on the 4S: it is skipped though the table moved on
    assert ruling(record(HANDS, [*plays, (1, "play", "KS")], "uecda"))["illegal_at"] == 6
    # the other reading (004's basic game): a pass is for this turn only
    st = state_of(record(HANDS, plays, uecda(no_play_after_pass=False)))
    assert st.to_move() == 1
    assert ruling(record(HANDS, [*plays, (1, "play", "KS")],
                         uecda(no_play_after_pass=False)))["legal"]


def test_the_passes_end_when_the_table_clears() -> None:
    plays = [(0, "play", "4S"), (1, "pass"), (2, "pass"), (3, "pass"), (4, "pass"),
             (0, "pass")]
    st = state_of(record(HANDS, plays, "uecda"))
    assert st.table is None and st.to_move() == 0
    st.apply(act(0, "play", "KD"))
    assert st.to_move() == 1  # seat 1 passed on the last trick, not on this one


def test_only_uecda_switches_no_play_after_pass_on() -> None:
    assert GAME.rules("uecda").values["no_play_after_pass"] is True
    assert GAME.rules("pagat").values["no_play_after_pass"] is False
    assert GAME.rules("popular").values["no_play_after_pass"] is False


ALL_PASS = [(1, "pass"), (2, "pass"), (3, "pass"), (4, "pass")]


def test_the_turn_comes_back_to_the_last_player_before_the_field_clears() -> None:
    """4.2.4: the field clears only when everyone has passed; until then the last player
    may beat their own play (which may lock) or pass, and then leads."""
    plays = [(0, "play", "4S"), *ALL_PASS]
    st = state_of(record(HANDS, plays, "uecda"))
    assert st.table is not None and st.to_move() == 0
    assert {a.do for a in st.legal_actions()} == {"play", "pass"}
    st.apply(act(0, "play", "9S"))  # on its own 4S: two spades lock spades (shibari)
    assert st.lock == 1 and st.to_move() == 0  # the others passed and stay out
    assert "does not follow suit" in str(st.why_illegal(act(0, "play", "KD")))
    st.apply(act(0, "pass"))
    assert st.table is None and st.lock == 0 and st.to_move() == 0
    # the other reading (004): the table clears as soon as the others have passed
    st = state_of(record(HANDS, plays, uecda(last_player_again=False)))
    assert st.table is None and st.to_move() == 0
    assert ruling(record(HANDS, [*plays, (0, "play", "9S")],
                         uecda(last_player_again=False)))["legal"]


def test_beating_your_own_play_must_still_beat_it() -> None:
    st = state_of(record(HANDS, [(0, "play", "9S"), *ALL_PASS], "uecda"))
    why = str(st.why_illegal(act(0, "play", "4S")))
    assert why.startswith("4S does not beat 9S")
    assert "everyone else has passed, so you may beat your own 9S or pass" in why


def test_without_no_play_after_pass_the_others_may_play_again() -> None:
    rules = uecda(no_play_after_pass=False)
    st = state_of(record(HANDS, [(0, "play", "4S"), *ALL_PASS, (0, "play", "KD")], rules))
    assert st.to_move() == 1 and st.table is not None


def test_a_last_player_who_went_out_hands_the_lead_on() -> None:
    """The lead after the clear goes to the next seat with cards (daihu.c: the field
    clears when the passes reach the number of players still in)."""
    shed = "3D 4S 5H 6C 7D 9S 10H JC QD KS AH"
    hands = deal(5, {0: shed})
    plays = [(0, "play", "3D"), *ALL_PASS]
    plays += [(0, "play", c) for c in shed.split()[1:]]
    st = state_of(record(hands, plays, "uecda"))
    assert st.finished == [0]
    assert st.table is None and st.to_move() == 1


TITLES = ["daihinmin", "hinmin", "heimin", "fugo", "daifugo"]


def test_the_diamond_three_holder_after_the_exchange_leads_every_game() -> None:
    """4.2.2: "at the start of a game the holder of the ♦3 has the lead" (daihu.c looks
    for it after the exchange, in every game)."""
    hands = deal(5, {4: "3D 4D 5D", 0: "KS AS 2S JK", 3: "4C 9C", 1: "AH 2H"})
    # seat 4, the Dai Fugō, was dealt the ♦3: the record names it, and it gives it away
    gives = [(4, "give", "3D 4D"), (3, "give", "4C")]
    st = state_of(record(hands, gives, "uecda", first=4, titles=TITLES))
    assert st.to_move() == 0  # the Dai Hinmin received the ♦3 and leads
    with pytest.raises(MalformedRecord, match="who holds 3D, leads, not seat 0"):
        GAME.from_record(record(hands, gives, "uecda", first=0, titles=TITLES))  # the loser
    # pagat's and popular's reading: the loser leads every later hand
    for preset in ("pagat", "popular"):
        assert GAME.rules(preset).values["first_lead"] == "random"
    st = state_of(record(hands, gives, uecda(first_lead="diamond_three"), first=0,
                         titles=TITLES))
    assert st.to_move() == 0
    gives_kept = [(4, "give", "4D 5D"), (3, "give", "4C")]
    st = state_of(record(hands, gives_kept, "uecda", first=4, titles=TITLES))
    assert st.to_move() == 4  # it kept the ♦3, so it leads
    st = state_of(record(hands, gives_kept, uecda(first_lead="diamond_three"), first=0,
                         titles=TITLES))
    assert st.to_move() == 0


def test_a_uecda_session_leads_each_hand_from_the_diamond_three() -> None:
    import random

    from paiju.daifugo.cards import DIAMOND_THREE

    session = GAME.new_session(GAME.rules("uecda"), 5, 7)
    rng = random.Random(7)
    for _ in range(4):
        st = session.deal()
        while st.phase == "exchange":
            acts = st.legal_actions()
            st.apply(acts[rng.randrange(len(acts))])
        assert st.hands[st.to_move()] >> DIAMOND_THREE & 1
        while not st.is_terminal():
            acts = st.legal_actions()
            st.apply(acts[rng.randrange(len(acts))])
        assert ruling(st.record())["legal"]
        session.finish(st)
