"""A sequence's joker below the 3 or above the 2 (``sequence_joker_beyond_ends``, UECda).

tndhms takes a joker in column 0 (below the 3) or 14 (above the 2) of a sequence and ranks
the sequence by its columns (external.c: count_card_num, analyze_card,
compare_card_status); docs/daifugo.md, "UECda's meld rules", gives the reading.
"""

from __future__ import annotations

import pytest
from daifugo_helpers import deal, record, ruling, state_of

from paiju.core.errors import PaijuError, UnknownCard
from paiju.daifugo.engine.cards import JOKER1, parse_play_token, stand_token
from paiju.daifugo.game import GAME

BEYOND = {"sequence_joker_beyond_ends": True, "sequence_beat": "above"}


def opts(**values: object) -> dict:
    return {"preset": "pagat", "options": values}


def plays_of(rec: dict) -> set[tuple[str, ...]]:
    return {a.cards for a in state_of(rec).legal_actions() if a.do == "play"}


def test_the_places_beyond_the_ends_are_written_jk_lt_3_and_jk_gt_2() -> None:
    assert parse_play_token("JK=<3S") == (JOKER1, -4)
    assert parse_play_token("jk=<3♣") == (JOKER1, -1)
    assert parse_play_token("JK=>2S") == (JOKER1, 52)
    assert parse_play_token("JK=>2C") == (JOKER1, 55)
    assert [stand_token(c) for c in (-4, -1, 52, 55, 0, 51)] == [
        "<3S", "<3C", ">2S", ">2C", "3S", "2C"]
    assert parse_play_token("JK=9H") == (JOKER1, 6 * 4 + 1)  # old records read as before
    for bad in ("JK=<4S", "JK=>KS", "JK=<JK", "9S=<3S"):
        with pytest.raises(UnknownCard):
            parse_play_token(bad)


def test_a_joker_below_the_3_leads_with_the_option_and_not_without() -> None:
    hands = deal(4, {0: "3S 4S JK"})
    lead = [(0, "play", "JK=<3S 3S 4S")]
    assert ruling(record(hands, lead, opts(**BEYOND)))["legal"]
    rep = ruling(record(hands, lead, opts(sequence_beat="above")))
    assert not rep["legal"]
    assert rep["reason"] == ("the joker cannot stand below the 3 under these rules "
                             "(sequence_joker_beyond_ends is off)")
    assert ("JK=<3S", "3S", "4S") in plays_of(record(hands, [], opts(**BEYOND)))
    assert not any(c[3:4] == "<" for p in plays_of(record(hands, [], "pagat")) for c in p)


def test_a_plain_joker_that_could_stand_below_the_3_must_say_where() -> None:
    hands = deal(4, {0: "3S 4S JK"})
    st = state_of(record(hands, [], opts(**BEYOND)))
    why = st.why_illegal(GAME.action_from_json({"seat": 0, "do": "play",
                                                 "cards": ["3S", "4S", "JK"]}))
    assert why == ("the joker could stand at either end of the sequence: write which card "
                   "it stands for, e.g. JK=<3S or JK=5S")
    # without the option the joker's only place is the 5
    assert ruling(record(hands, [(0, "play", "3S 4S JK")], opts()))["legal"]


def test_a_record_spells_it_any_way_and_writes_it_canonically() -> None:
    hands = deal(4, {0: "3S 4S JK"})
    st = state_of(record(hands, [(0, "play", "4S jk=<3♠ 3s")], opts(**BEYOND)))
    assert st.record()["actions"][-1]["cards"] == ["JK=<3S", "3S", "4S"]


def test_above_the_2_it_beats_what_the_natural_sequence_cannot() -> None:
    """tndhms ranks ♠K-A-2-JK from column 11: it lies wholly above ♥9-10-J-Q, which
    ♠Q-K-A-2 does not (sequence_beat=above), and nothing lies above it."""
    hands = deal(4, {0: "9H 10H JH QH", 1: "QS KS AS 2S JK", 2: "3C 4C 5C 6C"})
    lead = [(0, "play", "9H 10H JH QH")]
    assert ruling(record(hands, [*lead, (1, "play", "KS AS 2S JK=>2S")], opts(**BEYOND)))[
        "legal"]
    rep = ruling(record(hands, [*lead, (1, "play", "QS KS AS 2S")], opts(**BEYOND)))
    assert rep["reason"] == "QS KS AS 2S does not beat 9H 10H JH QH"
    after = record(hands, [*lead, (1, "play", "KS AS 2S JK=>2S")], opts(**BEYOND))
    assert plays_of(after) == set()


def test_below_the_3_it_beats_in_a_revolution_what_the_natural_sequence_cannot() -> None:
    """In a revolution ♠JK-3-4 (columns 0..2) lies wholly below ♥5-6-7; ♢3-4-5 does not."""
    rules = opts(**BEYOND, revolution="four", revolution_timing="immediate")
    hands = deal(4, {0: "9S 9H 9D 9C 5H 6H 7H", 1: "3S 4S JK 3D 4D 5D"})
    rev = [(0, "play", "9S 9H 9D 9C"), (1, "pass"), (2, "pass"), (3, "pass"),
           (0, "play", "5H 6H 7H")]
    assert state_of(record(hands, rev, rules)).pos.revolution
    assert ruling(record(hands, [*rev, (1, "play", "JK=<3S 3S 4S")], rules))["legal"]
    rep = ruling(record(hands, [*rev, (1, "play", "3D 4D 5D")], rules))
    assert rep["reason"] == ("3D 4D 5D does not beat 5H 6H 7H (revolution: the ranking is "
                             "reversed)")
    assert plays_of(record(hands, rev, rules)) == {("JK=<3S", "3S", "4S"),
                                                   ("JK=<3D", "3D", "4D")}
    # without a revolution it beats nothing: it is the lowest 3-card sequence
    assert plays_of(record(hands, [(0, "play", "5H 6H 7H")], rules)) == set()


def test_a_lock_binds_a_sequence_beyond_the_ends_like_any_other() -> None:
    rules = opts(**BEYOND, shibari="full")
    hands = deal(4, {0: "5S 6S 7S", 1: "8S 9S 10S", 2: "AS 2S JK AH 2H"})
    locked = [(0, "play", "5S 6S 7S"), (1, "play", "8S 9S 10S")]
    assert ruling(record(hands, [*locked, (2, "play", "AS 2S JK=>2S")], rules))["legal"]
    rep = ruling(record(hands, [*locked, (2, "play", "AH 2H JK=>2H")], rules))
    assert rep["reason"] == ("the table is locked to ♠ sequences (shibari): AH 2H JK=>2H "
                             "does not follow suit")
    assert plays_of(record(hands, locked, rules)) == {("AS", "2S", "JK=>2S"),
                                                      ("JK=KS", "AS", "2S")}


def test_five_cards_with_the_joker_below_the_3_make_a_revolution() -> None:
    rules = opts(**BEYOND, sequence_revolution=5, revolution_timing="immediate")
    hands = deal(4, {0: "3S 4S 5S 6S JK"})
    st = state_of(record(hands, [(0, "play", "JK=<3S 3S 4S 5S 6S")], rules))
    assert st.pos.revolution
    assert st.pos.table is not None and st.pos.table.size == 5


def test_uecda_takes_it_and_the_other_presets_do_not() -> None:
    assert GAME.rules("uecda").values["sequence_joker_beyond_ends"] is True
    for preset in ("pagat", "popular"):
        assert GAME.rules(preset).values["sequence_joker_beyond_ends"] is False
    with pytest.raises(PaijuError, match="it needs jokers"):
        GAME.rules("pagat", {"sequence_joker_beyond_ends": True, "jokers": 0})
    with pytest.raises(PaijuError, match="twos_in_sequences=true"):
        GAME.rules("pagat", {"sequence_joker_beyond_ends": True, "twos_in_sequences": False})
