"""The toy game (tests/bots/tinygame/) served by a real ``paiju serve`` that learns of it
from ``PAIJU_GAMES``, over real sockets: its table is made and described, each state
message carries its cards, status and log in every language from its own presenter, a
refusal is said in every language, and its hand ends with the result in words and a
record the referee reads. Nothing of the game is in the server's Python."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import Server
from websockets.asyncio.client import ClientConnection, connect

from paiju.core.referee import referee

BOTS = Path(__file__).resolve().parents[1] / "bots"


@pytest.fixture
def toy_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    """A real server process that knows the toy game (``PAIJU_GAMES``)."""
    from paiju.core import games

    monkeypatch.setenv("PAIJU_GAMES", "tiny=tinygame")
    monkeypatch.syspath_prepend(str(BOTS))
    monkeypatch.setitem(games.GAMES, "tiny", "tinygame")  # for the referee here
    monkeypatch.setenv("PYTHONPATH", str(BOTS))
    running = Server(tmp_path / "tables.sqlite3", "--next-delay", "0.2").start()
    try:
        yield running
    finally:
        running.stop()


async def _receive(ws: ClientConnection) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 20))
    return data


def _refusable(hand: list[str], legal: list[dict[str, Any]]) -> list[str]:
    """Cards held that the table refuses to see played now: one no legal play holds, or
    else two no legal play holds together (empty when every such play is legal)."""
    playable = {c for a in legal for c in a.get("cards", [])}
    plays = {tuple(sorted(a.get("cards", []))) for a in legal}
    singles = [[c] for c in sorted(set(hand) - playable)]
    pairs = [[a, b] for i, a in enumerate(hand) for b in hand[i + 1:]
             if tuple(sorted((a, b))) not in plays]
    return (singles or pairs or [[]])[0]


async def _spectator_saw_no_hand(spectator: ClientConnection) -> None:
    """Every state a spectator was sent shows no seat's hand: its cards are those played."""
    seen = 0
    while True:
        message = await _receive(spectator)
        if message["type"] == "hand_over":
            assert seen
            return
        if message["type"] != "state" or message["view"] is None:
            continue
        view = message["view"]
        played = {c for a in view["actions"] for c in a.get("cards", [])}
        assert view["hand"] == [] and message["legal"] == []
        assert set(message["cards"]) <= played, (message["cards"], played)
        seen += 1


def test_a_toy_table_over_a_real_socket(toy_server: Server) -> None:
    server = toy_server
    made = server.post("/api/tables", {"game": "tiny", "players": 2, "hands": 1,
                                       "seats": ["human", "random"]})
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    token = server.post(f"/api/tables/{table}/seats/0", {"name": "Ann"}).json()["token"]
    info = server.get(f"/api/tables/{table}").json()
    assert info["game"] == "tiny"

    async def run() -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any]]:
        states: list[dict[str, Any]] = []
        refused: dict[str, Any] = {}
        rng = random.Random(3)
        async with connect(f"{server.ws}/ws/{table}?token={token}") as ws, \
                connect(f"{server.ws}/ws/{table}") as spectator:
            while True:
                message = await _receive(ws)
                if message["type"] == "hand_over":
                    await _spectator_saw_no_hand(spectator)
                    return states, message, refused
                if message["type"] == "error":
                    refused = message
                    continue
                if message["type"] != "state" or not message["legal"]:
                    continue
                states.append(message)
                hand = message["view"]["hand"]
                if not refused and (bad := _refusable(hand, message["legal"])):
                    await ws.send(json.dumps({"type": "act", "action": {
                        "seat": message["seat"], "do": "play", "cards": bad}}))
                    refused = await _receive(ws)
                    assert refused["type"] == "error", refused
                await ws.send(json.dumps({"type": "act",
                                          "action": rng.choice(message["legal"])}))

    states, over, refused = asyncio.run(run())
    assert states
    seat = states[0]["seat"]
    assert refused["reason"].startswith(f"seat {seat} may not play ")
    assert refused["reason_text"]["zh_Hant"].startswith(f"座位 {seat} 現在不可以出 ")
    assert refused["reason_text"]["ja"].endswith("を出すことはできない")
    first = states[0]
    mine = first["view"]["hand"]
    assert sorted(first["cards"]) == sorted({*mine, *first["view"]["top"],
                                             *(c for a in first["legal"]
                                               for c in a.get("cards", []))})
    assert first["cards"][mine[0]] == {"en": mine[0], "native": mine[0], "red": False,
                                       "aged": False}
    assert first["status_text"]["zh_Hant"].startswith("輪到")
    assert first["status_native"] == first["status_text"]["zh_Hant"]
    later = states[-1]
    plays = [line for line in later["log"][1:] if "plays" in line["en"] or "play " in line["en"]]
    assert plays and all(line["ja"] != line["en"] for line in plays)
    assert over["record"]["game"] == "tiny"
    assert over["lines_text"]["zh_Hant"][-1].startswith("本局得分：")
    assert over["lines_text"]["ja"][-1].startswith("この局の点：")
    record = server.get(f"/api/tables/{table}/hands/1/record").json()
    ruling = referee(record)
    assert ruling.report["legal"] and ruling.report["finished"]
    assert "handovers" not in over["record"]  # the toy views know no hand-overs
