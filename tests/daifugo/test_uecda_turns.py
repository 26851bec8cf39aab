"""The UECda 2010 turn order and gifts as Dai Fugō options (issue 14, points 1, 2, 3, 6, 9).

Each test plays the worked reading of man/rule.html (the UECda devkit's rules) under the
``uecda`` preset and the other reading under the option's other value (docs/daifugo.md).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from daifugo_helpers import act, check_cards, deal, random_rules, record, ruling, state_of
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.core.errors import MalformedRecord, UnknownOption
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
    from paiju.daifugo.engine.cards import DIAMOND_THREE

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


def test_the_leader_may_pass_and_the_next_seat_leads() -> None:
    """4.5.1 speaks of a client that passes when it has the lead: the server lets it,
    and the next seat that has not passed leads."""
    st = state_of(record(HANDS, [(0, "pass")], "uecda"))
    assert st.table is None and st.to_move() == 1
    assert act(1, "pass") in st.legal_actions()
    st.apply(act(1, "play", "KS"))
    # seat 0 passed this trick (no_play_after_pass): after the others pass, seat 1 again
    for seat in (2, 3, 4):
        st.apply(act(seat, "pass"))
    assert st.to_move() == 1 and st.table is not None
    # 004's reading: the leader must play, in the words the engine always used
    st = state_of(record(HANDS, [], uecda(lead_pass=False)))
    assert st.why_illegal(act(0, "pass")) == "you are leading: play any card or combination"
    assert act(0, "pass") not in st.legal_actions()


def test_when_everyone_passes_on_the_lead_the_same_seat_leads_again() -> None:
    st = state_of(record(HANDS, [(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"),
                                 (4, "pass")], "uecda"))
    assert st.table is None and st.to_move() == 0 and not st.is_terminal()
    st.apply(act(0, "play", "4S"))
    assert st.to_move() == 1  # the passes on the empty table ended with it


def lot_ranking(rules: dict, plays: list, lots: list[int] | None = None,
                hands: list[str] = HANDS) -> list[int] | None:
    from paiju.daifugo.engine.state import DaifugoState

    base = GAME.from_record(record(hands, [], rules))
    st = DaifugoState(base.rules, base.dealt, base.first, None, lots)
    for seat, do, *cards in plays:
        st.apply(act(seat, do, *cards))
    return st.final


def test_twenty_passes_in_a_row_rank_the_players_still_in_by_lot() -> None:
    """4.5.1: "if passes continue 20 times, the clients that have not gone out are ranked
    at random"; the lot is the record's ``lots`` (drawn from the deal when not given)."""
    rounds = [(s, "pass") for _ in range(4) for s in range(5)]
    assert lot_ranking("uecda", rounds[:19]) is None
    assert lot_ranking("uecda", rounds, lots=[3, 1, 4, 0, 2]) == [3, 1, 4, 0, 2]
    assert lot_ranking("uecda", rounds, lots=[2, 0, 1, 4, 3]) == [2, 0, 1, 4, 3]
    st = state_of(record(HANDS, rounds, "uecda"))
    assert st.is_terminal() and st.final == st.lots
    rec = st.record()
    assert rec["lots"] == st.lots and ruling(rec)["order"] == st.final
    # a play starts the count again
    again = [(s, "pass") for _ in range(4) for s in (4, 0, 1, 2, 3)]
    # seat 4's pass on its own 9C is the first of a new run; it then leads the next trick
    played = [*rounds[:19], (4, "play", "9C"), (4, "pass"), *again[:18]]
    assert lot_ranking("uecda", played) is None
    assert lot_ranking("uecda", [*played, again[18]], lots=[1, 2, 3, 4, 0]) == [1, 2, 3, 4, 0]
    # the option's other reading: passes never end the hand
    assert lot_ranking(uecda(pass_limit=0), rounds) is None


def test_players_out_keep_their_places_and_the_rest_are_drawn() -> None:
    shed = "3D 4S 5H 6C 7D 9S 10H JC QD KS AH"
    hands = deal(5, {0: shed})
    plays = [(0, "play", "3D"), *ALL_PASS, *[(0, "play", c) for c in shed.split()[1:]]]
    plays += [(s, "pass") for _ in range(5) for s in (1, 2, 3, 4)]
    assert lot_ranking("uecda", plays, lots=[4, 0, 2, 1, 3], hands=hands) == [0, 4, 2, 1, 3]


def test_a_view_does_not_know_the_lot() -> None:
    st = state_of(record(HANDS, [(0, "pass")], "uecda"))
    view = st.view(1)
    assert "lots" not in view.to_json()
    sample = view.sample(random.Random(1))
    assert sample.lots is None  # a sample's lot is drawn from the sample's own cards


def test_a_record_with_bad_lots_is_refused() -> None:
    from paiju.daifugo.engine.state import DaifugoState

    base = GAME.from_record(record(HANDS, [], "uecda"))
    with pytest.raises(MalformedRecord, match="'lots' must list every seat from 0 to 4"):
        DaifugoState(base.rules, base.dealt, 0, None, [0, 1, 2, 3, 3])
    with pytest.raises(MalformedRecord, match="'lots' must list every seat from 0 to 4"):
        GAME.from_record({**record(HANDS, [], "uecda"), "lots": [0, 1, 2]})
    for bad in ([0, 1, 2, 3, None], [0, 1, 2, 3, "4"], [0, 1, 2, 3, True], "01234"):
        with pytest.raises(MalformedRecord, match="'lots' must list every seat"):
            GAME.from_record({**record(HANDS, [], "uecda"), "lots": bad})


def test_the_referee_ranks_by_the_records_lots() -> None:
    """A record from elsewhere (a UECda server draws its own lot) gives the lot it drew;
    the referee follows it rather than drawing one from the deal."""
    rounds = [(s, "pass") for _ in range(4) for s in range(5)]
    rec = record(HANDS, rounds, "uecda")
    drawn = ruling(rec)["order"]
    other = drawn[1:] + drawn[:1]
    assert ruling({**rec, "lots": other})["order"] == other != drawn


TURN_OPTIONS = {"no_play_after_pass": st.booleans(), "last_player_again": st.booleans(),
                "lead_pass": st.booleans(), "pass_limit": st.sampled_from((0, 3, 5, 20))}


@st.composite
def turn_rules(draw: st.DrawFn) -> tuple[Any, int]:
    """uecda, or a random mix of the turn options over any preset and other options."""
    if draw(st.booleans()):
        return GAME.rules("uecda"), draw(st.integers(3, 8))
    rng = random.Random(draw(st.integers(0, 2**32)))
    base = random_rules(rng).values
    base.update({k: draw(v) for k, v in TURN_OPTIONS.items()})
    try:
        rules = GAME.rules({"preset": "pagat", "options": base})
    except UnknownOption:
        rules = GAME.rules("uecda")
    return rules, draw(st.integers(3, 8))


@settings(max_examples=40, deadline=None)
@given(turn_rules(), st.integers(0, 2**32), st.floats(0.0, 0.9))
def test_random_hands_keep_every_card_and_replay(setup: tuple[Any, int], seed: int,
                                                 pass_rate: float) -> None:
    """Random sessions (a player that passes often, to reach the lots): every card is in
    one place at every step, and each record replays through the referee to the same
    order and points."""
    rules, players = setup
    rng = random.Random(seed)
    session = GAME.new_session(rules, players, seed)
    for _ in range(3):
        state = session.deal()
        steps = 0
        while not state.is_terminal():
            acts = state.legal_actions()
            passes = [a for a in acts if a.do == "pass"]
            pick = passes if passes and rng.random() < pass_rate else acts
            state.apply(pick[rng.randrange(len(pick))])
            check_cards(state)
            steps += 1
            assert steps < 5000, "the hand does not end"
        rep = ruling(state.record())
        assert rep["legal"] and rep["order"] == state.final
        assert rep["points"] == state.report()["points"]
        session.finish(state)


def gifts(rules: Any, poor_cards: str, hinmin_cards: str = "") -> tuple[list[str], list[str]]:
    """What the Dai Hinmin (seat 0) and the Hinmin (seat 1) give, as the exchange begins."""
    from paiju.daifugo.engine.cards import tokens

    hands = deal(5, {0: poor_cards, 1: hinmin_cards, 4: "3D"})
    st = GAME.from_record(record(hands, [], rules, first=4, titles=TITLES))
    return ([tokens(c)[0] for c in _given(st, 0)], [tokens(c)[0] for c in _given(st, 1)])


def _given(st: Any, seat: int) -> list[int]:
    return [1 << c for _, src, _, cards in st.hidden if src == seat for c in range(54)
            if cards >> c & 1]


def test_the_poor_give_their_strongest_cards_spades_first() -> None:
    """4.2.9: the server picks the strongest cards; among equal ranks spades, hearts,
    diamonds, clubs (trans_strong_card gives the joker first)."""
    assert gifts("uecda", "2S 2H 2D 3C", "AC AS")[0] == ["2S", "2H"]
    assert gifts("uecda", "2S 2H 2D 3C", "AC AS")[1] == ["AS"]
    assert gifts("uecda", "2D 2C JK KS")[0] == ["2D", "JK"]
    assert gifts("uecda", "KC KD 10S")[0] == ["KD", "KC"]
    # paiju's other reading: clubs first among equal ranks
    other = uecda(gift_order="clubs_first")
    assert gifts(other, "2S 2H 2D 3C", "AC AS") == (["2H", "2D"], ["AC"])
    assert GAME.rules("pagat").values["gift_order"] == "clubs_first"
    assert GAME.rules("popular").values["gift_order"] == "clubs_first"


def test_a_rich_seats_samples_follow_the_gift_order() -> None:
    """The Dai Fugō saw 2S 2H come: the Dai Hinmin may still hold 2D or 2C (given after
    them), never the joker (given before)."""
    hands = deal(5, {0: "2S 2H 2D 2C 3C", 1: "AS", 2: "JK", 4: "3D"})
    st = GAME.from_record(record(hands, [], "uecda", first=4, titles=TITLES))
    view = st.view(4)
    poor = 0
    for i in range(60):
        sample = view.sample(random.Random(i))
        assert not sample.hands[0] >> 52
        poor |= sample.hands[0]
    from paiju.daifugo.engine.cards import TWO

    assert poor >> (4 * TWO + 2) & 1 and poor >> (4 * TWO + 3) & 1


def test_refusals_name_the_rule() -> None:
    """A seat that passed and tries to play is told why, not only whose turn it is."""
    st = state_of(record(HANDS, [(0, "play", "4S"), (1, "pass"), (2, "play", "5H")], "uecda"))
    assert st.why_illegal(act(1, "play", "KS")) == (
        "it is seat 3's turn to play, not seat 1's: you passed this trick, so you may not "
        "play until the table clears (no_play_after_pass)")
    # a seat that has not passed is only out of turn
    assert st.why_illegal(act(4, "play", "7C")) == "it is seat 3's turn to play, not seat 4's"
    # without the rule a passed seat is only out of turn too
    st = state_of(record(HANDS, [(0, "play", "4S"), (1, "pass"), (2, "play", "5H")],
                         uecda(no_play_after_pass=False)))
    assert st.why_illegal(act(1, "play", "KS")) == "it is seat 3's turn to play, not seat 1's"
    # the passes end with the clear
    st = state_of(record(HANDS, [(0, "play", "4S"), *ALL_PASS, (0, "pass")], "uecda"))
    assert st.why_illegal(act(1, "play", "KS")) == "it is seat 0's turn to play, not seat 1's"
