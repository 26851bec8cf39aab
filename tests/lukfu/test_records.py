"""Hand-written records in tests/lukfu/records, refereed as a user would: ``paiju referee FILE``.

Each record's ``comment`` quotes the passage it tries. The expected report and exit status
are here; the records are plain JSON files a user could have written.
"""

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paiju.cli import main

RECORDS = Path(__file__).parent / "records"
UNFINISHED = {"finished": False, "outcome": None, "winner": None, "count": None,
              "payments": None}


def legal(**fields: Any) -> dict[str, Any]:
    return {"legal": True, "illegal_at": None, "reason": None, "finished": True, **fields}


def illegal(index: int, reason: str, **fields: Any) -> dict[str, Any]:
    return {"legal": False, "illegal_at": index, "reason": reason, **fields}


NO_CALL = {"outcome": "no_call", "winner": None, "count": None, "payments": [0, 0, 0, 0]}

EXPECTED: dict[str, dict[str, Any]] = {
    # 001: the Vulnerable seat leads 9 Gon and 9 Sok while holding cards that are not Old.
    "gloucester_vulnerable_old_card_lead": {**legal(), **UNFINISHED, "legal": True},
    # 001: the Master is never Vulnerable; 9 Chen is Old and he holds cards that are not.
    "gloucester_master_may_not_lead_old_card": {
        **illegal(0, "9 Chen is an Old card, and only the Vulnerable player or one holding "
                  "nothing but Old cards may lead one alone (you hold 3 Sip, 2 Sip, 6 Gon, "
                  "4 Gon, 7 Sok, 5 Sok, 2 Sok, 6 Chen, 5 Chen and 3 Chen, not Old); to win "
                  "with Old cards, declare"),
        **UNFINISHED},
    # 002: after another seat's Tsoh the dealer's opening must be beatable.
    "sung_dealer_opens_triple_ones_after_tsoh": {
        **illegal(3, "another seat said Tsoh, so your opening lead must be one an opponent "
                  "could beat; nobody else can hold a meld that beats the Gok of three 1s"),
        **UNFINISHED},
    "sung_dealer_opens_triple_ones_after_own_tsoh": {**legal(), **UNFINISHED, "legal": True},
    "hongkong_nobody_calls": legal(**NO_CALL),
    "hongkong_action_after_the_end": {
        **illegal(3, "the hand is over (nobody called); no more actions"), "finished": True,
        **NO_CALL},
    # 000: 8 tricks at 2^(8-6) = 4 from each loser; no dreamer income for the Five Tigers.
    "hongkong_five_tigers_claim": legal(outcome="five_tigers", winner=2, count=8,
                                        payments=[-4, -4, 8, 0]),
    # 001, Miss Tsoi: six tricks, one unit from each loser.
    "gloucester_five_tigers_claim": legal(outcome="five_tigers", winner=2, count=6,
                                          payments=[-1, -1, 2, 0]),
    # 002/003: the deal wins by itself (6 points); a claim written afterwards is refused.
    "sung_five_tigers_automatic": {
        **illegal(0, "the hand is over (seat 2 won with the Five Tigers); no more actions"),
        "finished": True, "outcome": "five_tigers", "winner": 2, "count": 5,
        "payments": [-6, -6, 12, 0]},
    # 000: declining is final; in play the Five Tigers are no meld and no claim.
    "hongkong_five_tigers_declined_then_claimed": {
        **illegal(3, "the Five Tigers may be claimed only straight after the deal"),
        **UNFINISHED},
    # 000: all cards played, nobody reached six tricks.
    "hongkong_drawn_hand": legal(outcome="draw", winner=None, count=None,
                                 payments=[0, 0, 0, 0]),
}


def test_every_record_is_tried() -> None:
    assert {p.stem for p in RECORDS.glob("*.json")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_record(name: str) -> None:
    path = RECORDS / f"{name}.json"
    assert json.loads(path.read_text(encoding="utf-8"))["comment"]
    result = CliRunner().invoke(main, ["referee", str(path)])
    expected = EXPECTED[name]
    assert json.loads(result.stdout) == expected
    assert result.exit_code == (0 if expected["legal"] else 1)


def test_drawn_record_really_ran_out() -> None:
    # The drawn hand ends by itself when all 36 cards are played, with no declaration.
    record = json.loads((RECORDS / "hongkong_drawn_hand.json").read_text(encoding="utf-8"))
    played = sum(len(a.get("cards", [])) for a in record["actions"])
    assert played == 36 and not any(a["do"] == "declare" for a in record["actions"])
