"""The computer players are named in the reader's language by their strength, over a real
server: in the seats, the log, the payments and the refusals; a person's name is their own
in every language. And in the terminal, beside each computer's seat."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from web_helpers import Server
from websockets.asyncio.client import connect

from paiju.core.games import get_game
from paiju.table.computers import computer_name, strength
from paiju.ui.match import Match
from paiju.web.catalog import WebError, check_name

#: The English words of the old names and of the new, which no Chinese or Japanese text
#: may hold.
ENGLISH_NAME = re.compile(r"Heuristic|Random|Search|Computer|Seat \d", re.IGNORECASE)

SEATS = ["human", "heuristic", "random", "ismcts:time=0.3"]


async def _play_a_hand(server: Server, table: str, token: str) -> list[dict[str, Any]]:
    """Random legal moves for the person until the hand is over: every message."""
    got: list[dict[str, Any]] = []
    rng = random.Random(7)
    async with connect(f"{server.ws}/ws/{table}?token={token}") as ws:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 60))
            got.append(message)
            if message["type"] == "hand_over":
                return got
            if message["type"] == "state" and message["legal"]:
                await ws.send(json.dumps({"type": "act", "action": rng.choice(message["legal"])}))


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A hand of Luk Fu played by 婆婆 and three computers; its messages and a refusal."""
    server = Server(tmp_path_factory.mktemp("names") / "tables.sqlite3", "--delay", "0",
                    "--next-delay", "60").start()
    try:
        made = server.post("/api/tables", {"game": "lukfu", "seats": SEATS, "hands": 2}).json()
        token = server.post(f"/api/tables/{made['table']}/seats/0",
                            {"name": "婆婆"}).json()["token"]
        messages = asyncio.run(_play_a_hand(server, made["table"], token))
        taken = server.post(f"/api/tables/{made['table']}/seats/1", {"name": "Bea"})
        time_out = server.post(f"/api/tables/{made['table']}/seats/1", {"name": "Cat"})
        info = server.get(f"/api/tables/{made['table']}").json()
    finally:
        server.stop()
    return {"messages": messages, "taken": taken, "again": time_out, "info": info}


def test_the_seats_are_named_in_every_language(played: dict[str, Any]) -> None:
    state = next(m for m in played["messages"] if m["type"] == "state" and m["view"])
    by_player = {lang: [names[state["players"].index(p)] for p in range(4)]
                 for lang, names in state["names_text"].items()}
    assert by_player == {
        "en": ["婆婆", "Computer 2 (medium)", "Computer 3 (easy)", "Computer 4 (strong)"],
        "zh_Hant": ["婆婆", "電腦2（中級）", "電腦3（初級）", "電腦4（高級）"],
        "ja": ["婆婆", "コンピュータ2（普通）", "コンピュータ3（弱い）", "コンピュータ4（強い）"],
    }
    assert state["names"] == state["names_text"]["en"]
    seats = {s["player"]: s["name_text"] for s in state["seats"]}
    assert seats[0] == {"en": "婆婆", "zh_Hant": "婆婆", "ja": "婆婆"}
    assert seats[2]["zh_Hant"] == "電腦3（初級）" and seats[3]["ja"] == "コンピュータ4（強い）"


def test_no_chinese_or_japanese_line_names_a_computer_in_english(
        played: dict[str, Any]) -> None:
    said: dict[str, list[str]] = {"zh_Hant": [], "ja": []}
    for m in played["messages"]:
        for lang in said:
            if m["type"] == "state" and m["view"]:
                said[lang] += [line[lang] for line in m["log"]] + [m["status_text"][lang]]
            if m["type"] == "hand_over":
                said[lang] += m["lines_text"][lang]
    for lang, lines in said.items():
        assert lines, lang
        english = [line for line in lines if ENGLISH_NAME.search(line)]
        assert not english, (lang, english[:3])
    computer = {"zh_Hant": "電腦", "ja": "コンピュータ"}
    for lang, lines in said.items():  # the log's first line and the payments name them
        assert sum(computer[lang] in line for line in lines) >= 2, lang
    over = next(m for m in played["messages"] if m["type"] == "hand_over")
    assert over["names_text"]["zh_Hant"] == [
        "婆婆" if p == 0 else computer_name(SEATS[p], p, "zh_Hant") for p in over["players"]]


def test_a_refusal_names_the_computer_in_the_reader_s_language(
        played: dict[str, Any]) -> None:
    """Between hands a friend may take a computer's seat; the seat, taken, is refused to
    the next with the person's name, and before that, in play, with the computer's."""
    assert played["taken"].status_code == 200, played["taken"].text
    refused = played["again"]
    assert refused.status_code == 409
    assert refused.json()["error_text"] == {
        "en": "seat 1 is already taken (by Bea)", "zh_Hant": "1號位已經有人（Bea）",
        "ja": refused.json()["error_text"]["ja"]}
    assert "Bea" in refused.json()["error_text"]["ja"]
    seats = played["info"]["seats"]
    assert seats[1]["name_text"] == {"en": "Bea", "zh_Hant": "Bea", "ja": "Bea"}
    assert seats[3]["name_text"]["ja"] == "コンピュータ4（強い）"


def test_a_computer_s_seat_in_play_is_refused_with_its_name_in_every_language(
        tmp_path: Path) -> None:
    server = Server(tmp_path / "tables.sqlite3", "--next-delay", "60").start()
    try:
        made = server.post("/api/tables", {"game": "daifugo", "seats": [
            "human", "heuristic", "heuristic", "random"]}).json()
        server.post(f"/api/tables/{made['table']}/seats/0", {"name": "Ann"})
        refused = server.post(f"/api/tables/{made['table']}/seats/2", {"name": "Bea"})
    finally:
        server.stop()
    assert refused.status_code == 409
    said = refused.json()["error_text"]
    assert "Computer 3 (medium)" in refused.json()["error"] and said["en"] == refused.json()[
        "error"]
    assert said["zh_Hant"] == "2號位是電腦玩家（電腦3（中級））的：要等一局打完才可以入座"
    assert said["ja"].startswith("2番の席はコンピュータ（コンピュータ3（普通））の席です")


@pytest.mark.parametrize(("spec", "level"), [
    ("random", "easy"), ("heuristic", "medium"), ("learned", "strong"),
    ("ismcts:iters=100", "strong"), ("ismcts:time=0.3:prior=learned", "strong"),
    ("ismcts:time=1", "very strong"), ("ismcts:time=3:endgame=2000", "strongest"),
    ("strongest", "strongest"), ("uecda-standard", None)])
def test_each_player_has_its_strength(spec: str, level: str | None) -> None:
    assert strength(spec) == level
    name = computer_name(spec, 1, "zh_Hant")
    assert name.startswith("電腦2") and not ENGLISH_NAME.search(name)


def test_the_terminal_says_each_computer_s_strength_in_its_language() -> None:
    match = Match("daifugo", get_game("daifugo").rules("popular"), 4,
                  ("heuristic", "random", "ismcts:time=1"), seed=1, save=False)
    assert match.player_labels()[1:] == ["P1 (medium)", "P2 (easy)", "P3 (very strong)"]
    match.native = "ja"
    assert match.player_labels()[1:] == ["P1（普通）", "P2（弱い）", "P3（とても強い）"]
    match.native = "zh_Hant"
    assert match.player_labels()[1:] == ["P1（中級）", "P2（初級）", "P3（專家級）"]


@pytest.mark.parametrize("name", ["電腦3（中級）", "computer 2  (MEDIUM)", "コンピュータ8（最強）"])
def test_a_person_may_not_pass_for_a_computer(name: str) -> None:
    with pytest.raises(WebError) as refused:
        check_name(name)
    said = getattr(refused.value.reason, "text", {})
    assert refused.value.status == 400 and "computer player" in refused.value.reason
    assert said["zh_Hant"].endswith("是牌桌給電腦玩家的名字：請另選一個名字")
    assert check_name("電腦迷") == "電腦迷"  # a name merely like one is a person's own
