"""The referee on hand-written Luk Fu records: legal, illegal and malformed, under every preset."""

import copy
import json
from typing import Any

import pytest
from click.testing import CliRunner
from lukfu_helpers import record

from paiju.cli import main
from paiju.core.errors import MalformedRecord
from paiju.core.referee import referee

A_HAND = "2Sip 4Sip 7Sip 6Gon 7Gon 8Gon 7Sok 1Sok 3Sok 5Chen 8Chen 9Chen"
B_HAND = "6Sip 5Sip 5Gon 5Sok 2Chen 3Chen 4Chen 1Sip 3Sip 8Sip 9Sip 2Gon"
C_HAND = "3Gon 1Gon 4Gon 9Gon 2Sok 4Sok 6Sok 8Sok 9Sok 1Chen 6Chen 7Chen"


def a(seat: int, do: str, cards: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "do": do}
    if cards:
        out["cards"] = cards.split()
    return out


def declare_record(preset: str) -> dict[str, Any]:
    """000's declare example (seat 0 is C, seat 1 is A, seat 2 is B) as a record."""
    actions = [] if preset == "gloucester" else [a(0, "call")]
    actions += [
        a(0, "play", "3Gon"), a(1, "play", "8Gon"), a(2, "discard", "2Gon"),
        a(1, "play", "4Sip"), a(2, "play", "6Sip"), a(0, "discard", "7Chen"),
        a(2, "play", "2Chen 3Chen 4Chen"), a(0, "discard", "1Gon 2Sok 4Sok"),
        a(1, "discard", "1Sok 3Sok 5Chen"),
        a(2, "play", "5Sip 5Gon 5Sok"), a(0, "discard", "4Gon 6Sok 6Chen"),
        a(1, "play", "7Sip 7Gon 7Sok"), a(1, "declare"),
    ]
    return record(preset, [C_HAND, A_HAND, B_HAND], None, actions)


@pytest.mark.parametrize(
    ("preset", "payments"),
    # hongkong 2^(6-6) = 1; gloucester Tsoi 1 unit; sung 6 - 5 + 1 red (9 Chen) = 2, and
    # the dealer said Tsoh and lost, so he pays for both losers (003 Bao Su).
    [("hongkong", [-1, 2, -1]), ("gloucester", [-1, 2, -1]), ("sung", [-4, 4, 0])],
)
def test_declare_example_record(preset: str, payments: list[int]) -> None:
    report = referee(declare_record(preset)).report
    assert report == {
        "legal": True, "illegal_at": None, "reason": None, "finished": True,
        "outcome": "win", "winner": 1, "count": 6, "payments": payments,
    }


def test_unfinished_record_reports_nulls() -> None:
    rec = declare_record("hongkong")
    rec["actions"] = rec["actions"][:4]
    report = referee(rec).report
    assert report["legal"] and not report["finished"]
    assert report["outcome"] is None and report["payments"] is None and report["count"] is None


@pytest.mark.parametrize(
    ("preset", "index", "action", "reason"),
    [
        ("hongkong", 1, a(1, "play", "3Gon"), "it is seat 0's turn to lead, not seat 1's"),
        ("hongkong", 2, a(1, "play", "5Sip"), "you do not hold 5 Sip"),
        ("sung", 2, a(1, "play", "2Sip"), "does not beat the single 3 Gon"),
        ("gloucester", 0, a(0, "call"), "does not say Play"),
        ("hongkong", 14, a(1, "play", "2Sip"), "the hand is over"),
        ("sung", 1, a(0, "play", "1Gon 3Gon 4Gon"), "not a meld"),
        ("hongkong", 3, a(2, "discard", "2Gon 5Gon"), "you must play or discard 1 card, not 2"),
    ],
)
def test_illegal_actions_are_named(preset: str, index: int, action: dict[str, Any],
                                   reason: str) -> None:
    rec = declare_record(preset)
    rec["actions"] = [*rec["actions"][:index], action, *rec["actions"][index:]]
    report = referee(rec).report
    assert report["legal"] is False and report["illegal_at"] == index
    assert reason in report["reason"]
    assert report["finished"] is (index == 14)


def test_gloucester_strict_refuses_breaking_discard() -> None:
    # Under 001 a follower who can beat must; under 000 he may break his meld instead.
    hands = ["2Sip 2Gon 2Sok",
             "6Sip 5Sip 4Sip 4Gon 4Sok 4Chen 8Chen 7Chen 5Chen 1Gon 3Gon 9Sok"]
    acts = [a(0, "play", "2Sip 2Gon 2Sok"), a(1, "discard", "4Gon 4Sok 5Chen")]
    hk = referee(record("hongkong", hands, None, [a(0, "call"), *acts])).report
    gl = referee(record("gloucester", hands, None, acts)).report
    assert hk["legal"] is True
    assert gl["legal"] is False and gl["illegal_at"] == 1
    assert gl["reason"].startswith("you must beat the Gok of three 2s")


def test_rules_object_with_options() -> None:
    rec = declare_record("hongkong")
    rec["rules"] = {"preset": "hongkong", "options": {"tariff": "doubling5"}}
    assert referee(rec).report["payments"] == [-2, 4, -2]


def _malformed() -> list[tuple[str, Any]]:
    base = declare_record("hongkong")
    cases: list[tuple[str, Any]] = []

    def variant(message: str, change: Any) -> None:
        rec = copy.deepcopy(base)
        change(rec)
        cases.append((message, rec))

    variant("unknown Luk Fu card '10Sip'", lambda r: r["deal"]["hands"][0].__setitem__(0, "10Sip"))
    variant("has no option 'tarif'", lambda r: r.__setitem__(
        "rules", {"preset": "hongkong", "options": {"tarif": "pang"}}))
    variant("no preset 'macau'", lambda r: r.__setitem__("rules", "macau"))
    variant("three hands", lambda r: r["deal"]["hands"].append(["9Sip"]))
    variant("11 cards, not 12", lambda r: r["deal"]["hands"][2].pop())
    variant("dealt twice", lambda r: r["deal"]["hands"][0].__setitem__(
        0, r["deal"]["hands"][1][0]))
    variant("Li Chen is dealt only with four players", lambda r: r["deal"]["hands"][0]
            .__setitem__(0, "LiChen"))
    variant("gives the dreamer's card", lambda r: r.__setitem__("players", 4))
    variant("unknown action 'bid'", lambda r: r["actions"].__setitem__(0, a(0, "bid")))
    variant("needs its cards", lambda r: r["actions"].__setitem__(1, a(0, "play")))
    variant("seat must be 0, 1, 2 or 3", lambda r: r["actions"].__setitem__(0, a(7, "call")))
    variant("lists 3Gon twice", lambda r: r["actions"].__setitem__(1, a(0, "play", "3Gon 3Gon")))
    variant("no 'deal'", lambda r: r.pop("deal"))
    variant("Li Fa", lambda r: r.__setitem__("deal", {**r["deal"], "dreamer": "LiFa"}))
    return cases


@pytest.mark.parametrize(("message", "rec"), _malformed())
def test_malformed_records(message: str, rec: Any) -> None:
    with pytest.raises(MalformedRecord, match=message):
        referee(rec)


def test_four_player_deal_with_dreamer() -> None:
    hands = ["", "1Sip 1Gon 1Sok 1Chen LiChen"]
    rec = record("hongkong", hands, "9Sip", [a(1, "five_tigers")])
    report = referee(rec).report
    assert report["outcome"] == "five_tigers" and report["payments"] == [-4, 8, -4, 0]
    rec["deal"]["dreamer"] = rec["deal"]["hands"][0][0]
    with pytest.raises(MalformedRecord, match="dealt twice"):
        referee(rec)


def _cli(text: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["referee", "-"], input=text)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("preset", ["hongkong", "gloucester", "sung"])
def test_cli_exit_statuses(preset: str) -> None:
    rec = declare_record(preset)
    status, out, _ = _cli(json.dumps(rec))
    assert status == 0 and json.loads(out)["winner"] == 1
    bad = copy.deepcopy(rec)
    first = next(i for i, x in enumerate(rec["actions"]) if x["seat"] == 1)
    bad["actions"].insert(first, a(1, "play", "5Sip"))
    status, out, _ = _cli(json.dumps(bad))
    assert status == 1
    assert json.loads(out)["reason"] == "you do not hold 5 Sip"
    assert json.loads(out)["illegal_at"] == first
    status, _, err = _cli(json.dumps(rec)[:-5])
    assert status == 2 and "not valid JSON" in err
    bad["deal"]["hands"][1][0] = "Joker"
    status, _, err = _cli(json.dumps(bad))
    assert status == 2 and "unknown Luk Fu card 'Joker'" in err
