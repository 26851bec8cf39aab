"""The referee on hand-written Dai Fugō records: legal, illegal and malformed."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from daifugo_helpers import act, deal, record, ruling, state_of

from paiju.core.errors import MalformedRecord, UnknownOption
from paiju.core.referee import referee
from paiju.daifugo.game import GAME

PRESETS = ["pagat", "uecda", "popular"]


def cli(rec: object) -> tuple[int, str, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "paiju.cli", "referee", "-"], input=json.dumps(rec),
        capture_output=True, text=True, check=False,
    )
    return proc.returncode, proc.stdout, proc.stderr


def test_cli_exit_statuses() -> None:
    hands = deal(5, {0: "4S", 1: "5S", 2: "3D"})
    first = 2  # uecda: the 3D holder leads
    legal = record(hands, [(2, "play", "3D"), (3, "pass")], "uecda", first)
    code, out, _ = cli(legal)
    assert code == 0 and json.loads(out)["legal"] is True
    assert json.loads(out)["finished"] is False and json.loads(out)["order"] is None
    illegal = record(hands, [(2, "play", "3D"), (4, "pass")], "uecda", first)
    code, out, _ = cli(illegal)
    assert code == 1
    assert json.loads(out)["reason"] == "it is seat 3's turn to play, not seat 4's"
    code, _, err = cli(record(hands, [], "uecda", 0))
    assert code == 2 and "seat 2, who holds 3D" in err


@pytest.mark.parametrize("preset", PRESETS)
def test_each_preset_refuses_a_card_not_held(preset: str) -> None:
    hands = deal(5, {2: "3D", 3: "AS"})
    rep = ruling(record(hands, [(2, "play", "AS")], preset, 2))
    assert not rep["legal"] and rep["reason"] == "you do not hold AS"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["deal"]["hands"][0].append(r["deal"]["hands"][1][0]), "dealt twice"),
        (lambda r: r["deal"]["hands"][0].append("JK"), "more jokers"),
        (lambda r: r["deal"]["hands"][0].__setitem__(0, "1S"), "unknown card"),
        (lambda r: r["deal"]["hands"][0].extend(r["deal"]["hands"][1][:2]) or
         r["deal"]["hands"].__setitem__(1, r["deal"]["hands"][1][2:]),
         "as equally as possible"),
        (lambda r: r["deal"]["hands"][0].pop(), "missing"),
        (lambda r: r.__setitem__("rules", {"preset": "pagat", "options": {"jokerz": 2}}),
         "did you mean 'jokers'"),
        (lambda r: r.__setitem__("first", 9), "'first' must be a seat"),
        (lambda r: r.__setitem__("titles", ["fugo"] * 4), "titles are"),
        (lambda r: r.__setitem__("titles", ["king", "fugo", "hinmin", "heimin"]),
         "unknown title"),
        (lambda r: r["actions"].append({"seat": 0, "do": "play", "cards": ["ZZ"]}),
         "unknown card"),
        (lambda r: r["actions"].append({"seat": 0, "do": "fold"}), "'do' is one of"),
        (lambda r: r.__setitem__("rules", {"preset": "pagat",
                                           "options": {"four_stop": True}}),
         "four_stop stops an 8-cut"),
    ],
)
def test_malformed_records(change: object, message: str) -> None:
    rec = record(deal(4, {}), [])
    change(rec)  # type: ignore[operator]
    with pytest.raises(MalformedRecord, match=message):
        referee(json.loads(json.dumps(rec)))


def test_wrong_joker_count_for_the_rules() -> None:
    rec = record(deal(4, {}, jokers=1), [], {"preset": "pagat", "options": {"jokers": 2}})
    with pytest.raises(MalformedRecord, match="1 joker"):
        referee(rec)


def test_action_after_the_end_is_illegal() -> None:
    hands = deal(3, {0: "3S", 1: "4S"})
    st = state_of(record(hands, []))
    import random

    from daifugo_helpers import play_random
    play_random(st, random.Random(3))
    rec = st.record()
    rec["actions"].append({"seat": 0, "do": "pass"})
    rep = ruling(rec)
    assert not rep["legal"] and rep["reason"] == "the hand is over: no more actions"
    assert rep["finished"] is True and rep["order"] is not None
    assert rep["illegal_at"] == len(rec["actions"]) - 1


def test_leader_may_not_pass() -> None:
    rep = ruling(record(deal(4, {}), [(0, "pass")]))
    assert rep["reason"] == "you are leading: play any card or combination"


def test_joker_at_either_end_needs_naming() -> None:
    """A sequence where the joker could stand at either end needs ``JK=``."""
    hands = deal(4, {0: "9H 10H JK"})
    rep = ruling(record(hands, [(0, "play", "9H 10H JK")]))
    assert not rep["legal"]
    assert "either end" in rep["reason"] and "JK=8H" in rep["reason"]
    for named in ("9H 10H JK=JH", "JK=8H 9H 10H"):
        assert ruling(record(hands, [(0, "play", named)]))["legal"]
    # a joker in the middle has one place: no '=' needed
    hands = deal(4, {0: "9H JK JH"})
    assert ruling(record(hands, [(0, "play", "9H JK JH")]))["legal"]


def test_sequences_never_join_two_and_three() -> None:
    """004: "(A-2-3 and 2-3-4 are not valid sequences, since the 2 and 3 are not adjacent)"."""
    hands = deal(4, {0: "AS 2S 3S 4S"})
    for bad in ("AS 2S 3S", "2S 3S 4S"):
        rep = ruling(record(hands, [(0, "play", bad)]))
        assert not rep["legal"] and "not consecutive" in rep["reason"]
    no_twos = {"preset": "pagat", "options": {"twos_in_sequences": False}}
    hands = deal(4, {0: "KS AS 2S"})
    rep = ruling(record(hands, [(0, "play", "KS AS 2S")], no_twos))
    assert "twos_in_sequences" in rep["reason"]


def test_pair_of_jokers_is_the_highest_pair() -> None:
    """004 "Jokers": "with two jokers, in which case a pair of jokers is the highest pair"."""
    rules = {"preset": "pagat", "options": {"jokers": 2}}
    hands = deal(4, {0: "2S 2H", 1: "JK JK"}, jokers=2)
    assert ruling(record(hands, [(0, "play", "2S 2H"), (1, "play", "JK JK")], rules))["legal"]


def test_notation_variants() -> None:
    """Input accepts T for ten, lower case and suit symbols."""
    hands = deal(4, {0: "10S 10H"})
    for text in ("TS 10H", "ts th", "♠10 ♥10", "10♠ ♡10"):
        assert ruling(record(hands, [(0, "play", text)]))["legal"], text
    assert act(0, "play", "th ts").cards == ("10S", "10H")


def test_rules_refuse_conflicts_and_unknowns() -> None:
    with pytest.raises(UnknownOption, match="needs a joker"):
        GAME.rules("popular", {"jokers": "0", "spade_three": "false"})
    with pytest.raises(UnknownOption, match="no preset"):
        GAME.rules("tokyo")
    assert GAME.rules("popular", {"jokers": "0", "spade_three": "false",
                                  "forbidden_finish": "top,eight"}).values["jokers"] == 0


def test_presets_follow_issue() -> None:
    u = GAME.rules("uecda").values
    assert (u["revolution"], u["sequence_revolution"], u["revolution_timing"]) == (
        "four", 5, "immediate")
    assert u["eight_cut"] and u["shibari"] == "full" and u["shibari_after"] == 2
    assert u["spade_three"] and u["scoring"] == "uecda"
    assert u["first_lead"] == "diamond_three_every"
    p = GAME.rules("popular").values
    assert p["revolution"] != "off" and p["eight_cut"] and p["shibari"] != "off"
    assert p["spade_three"] and p["jack_back"] and p["forbidden_finish"] and p["miyako_ochi"]
    assert GAME.rules("pagat").values["revolution"] == "off"
    assert GAME.rules("pagat").values["revolution_timing"] == "next_clear"
