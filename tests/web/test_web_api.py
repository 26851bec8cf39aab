"""The API and the WebSocket of ``paiju serve``, over real sockets to a real server process."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from web_helpers import Server, assert_seen_as, table_seat_of
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from paiju.core.referee import referee


async def receive(ws: ClientConnection, timeout: float = 20) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return data


async def until(ws: ClientConnection, kind: str, **fields: Any) -> dict[str, Any]:
    while True:
        message = await receive(ws)
        if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
            return message


def test_games_describe_every_option_preset_and_computer_player(shared_server: Server) -> None:
    games = {g["name"]: g for g in shared_server.get("/api/games").json()["games"]}
    assert set(games) == {"lukfu", "daifugo"}
    lukfu = games["lukfu"]
    assert lukfu["player_counts"] == [3, 4] and lukfu["default_players"] == 4
    assert {p["name"] for p in lukfu["presets"]} == {"hongkong", "gloucester", "sung"}
    tariff = next(o for o in lukfu["options"] if o["name"] == "tariff")
    assert tariff["meaning"] and tariff["source"] and set(tariff["defaults"]) == {
        "hongkong", "gloucester", "sung"}
    assert [b["spec"] for b in games["daifugo"]["bots"]][:2] == ["random", "heuristic"]


@pytest.mark.parametrize(("body", "reason"), [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"game": "lukfu", "rules": {"preset": "hongkong", "options": {"tarif": "x"}}},
     "lukfu has no option 'tarif' (did you mean 'tariff'?)"),
    ({"game": "lukfu", "rules": "mars"}, "lukfu has no preset 'mars'"),
    ({"game": "lukfu", "players": 6}, "Luk Fu (六虎) is for 3 or 4 players, not 6"),
    ({"game": "lukfu", "players": 3, "seats": ["human", "human"]}, "one entry for each of the 3"),
    ({"game": "lukfu", "players": 3, "seats": ["human", "wizard", "random"]},
     "seat 1: unknown player 'wizard'"),
    ({"game": "lukfu", "players": 3, "seats": ["human", "uecda-standard", "random"]},
     "seat 1: player 'uecda-standard' plays only Dai Fugō (大富豪), not Luk Fu (六虎)"),
    ({"game": "daifugo", "hands": 0}, "'hands' must be a whole number from 1 to 100"),
    ({"game": "daifugo", "clock": 1}, "'clock' must be null or seconds from 5 to 3600"),
    ({"game": "daifugo", "colour": "red"}, "unknown setting 'colour'"),
    ({"game": "daifugo", "players": 3, "seats": ["human", "random", "random"],
      "rules": {"preset": "pagat", "options": {"decks": 2}}},
     "two packs (decks=2) are for 4 to 8 players, not 3"),
    ([1, 2], "the table's settings must be a JSON object"),
])
def test_bad_settings_get_400_with_the_reason(shared_server: Server, body: Any,
                                              reason: str) -> None:
    response = shared_server.post("/api/tables", body)
    assert response.status_code == 400
    assert reason in response.json()["error"]


def test_malformed_json_and_unknown_addresses_get_clear_errors(shared_server: Server) -> None:
    response = shared_server.post("/api/tables", raw=b'{"game": ')
    assert response.status_code == 400
    assert response.json()["error"].startswith("the request is not valid JSON")
    response = shared_server.get("/api/tables/nope")
    assert (response.status_code, response.json()["error"]) == (404, "there is no table 'nope'")
    assert response.json()["error_text"]["ja"] == "テーブル'nope'はありません"  # in every language
    assert shared_server.get("/api/nothing").status_code == 404
    assert shared_server.get("/api/tables/nope/hands/1/record").status_code == 404


def test_seats_links_and_records(server: Server) -> None:
    response = server.post("/api/tables", {"game": "daifugo", "players": 3,
                                           "seats": ["human", "human", "random"], "hands": 2})
    assert response.status_code == 201
    made = response.json()
    table = made["table"]
    assert made["url"] == f"/t/{table}"
    assert server.get(made["url"]).status_code == 200  # the table's page
    seat = server.post(f"/api/tables/{table}/seats/0", {"name": "Ann"})
    assert seat.status_code == 200 and seat.json()["player"] == 0 and seat.json()["token"]
    again = server.post(f"/api/tables/{table}/seats/0", {"name": "Bob"})
    assert again.status_code == 409 and "already taken" in again.json()["error"]
    assert server.post(f"/api/tables/{table}/seats/7", {"name": "Bob"}).status_code == 404
    assert server.post(f"/api/tables/{table}/seats/x", {"name": "Bob"}).status_code == 404
    assert server.post(f"/api/tables/{table}/seats/1", {"nom": "Bob"}).status_code == 400
    info = server.get(f"/api/tables/{table}").json()
    assert info["started"] is False and info["hands_played"] == 0
    assert [(s["name"], s["kind"]) for s in info["seats"]] == [
        ("Ann", "human"), ("Seat 2", "human"), ("Computer 3 (easy)", "bot")]
    assert server.post(f"/api/tables/{table}/start").status_code == 403  # no token
    seated = {"token": seat.json()["token"]}  # a seat's token is not the creator's
    assert server.post(f"/api/tables/{table}/start", seated).status_code == 403
    creator = {"token": made["creator"]}
    assert server.post(f"/api/tables/{table}/start", creator).status_code == 200
    assert server.post(f"/api/tables/{table}/start", creator).status_code == 409
    info = server.get(f"/api/tables/{table}").json()
    assert info["started"] and [s["kind"] for s in info["seats"]] == ["human", "bot", "bot"]
    early = server.get(f"/api/tables/{table}/hands/1/record")
    assert early.status_code == 409 and "not over" in early.json()["error"]


async def play_hand(server: Server, ws: ClientConnection, rng: random.Random,
                    moves: int | None = None, first: dict[str, Any] | None = None,
                    ) -> tuple[dict[str, Any], int]:
    """Play random legal moves until the hand is over (the ``hand_over`` message), or
    until ``moves`` were accepted (the state that offers the next move)."""
    played = 0
    while True:
        message, first = first or await receive(ws), None
        if message["type"] == "hand_over":
            return message, played
        if message["type"] == "error":
            raise AssertionError(message["reason"])
        if message["type"] == "state" and message["legal"]:
            if moves is not None and played >= moves:
                return message, played
            await ws.send(json.dumps({"type": "act", "action": rng.choice(message["legal"])}))
            played += 1


def test_a_whole_hand_over_the_websocket_with_a_spectator(server: Server) -> None:
    made = server.post("/api/tables", {"game": "lukfu", "players": 4, "hands": 1,
                                       "seats": ["human", "heuristic", "random", "heuristic"]})
    table = made.json()["table"]
    token = server.post(f"/api/tables/{table}/seats/0", {"name": "Ann"}).json()["token"]

    async def run() -> None:
        async with connect(f"{server.ws}/ws/{table}?token={token}") as ws, \
                connect(f"{server.ws}/ws/{table}") as spectator:
            first = await until(ws, "state")
            assert first["player"] == 0 and first["started"] and first["hand"] == 1
            assert first["names"][first["seat"]] == "Ann"
            assert {"view", "legal", "to_move", "role", "status", "cards", "rules_key", "log",
                    "totals", "clock", "seats", "players"} <= set(first)
            over, _ = await play_hand(server, ws, random.Random(1), first=first)
            assert over["type"] == "hand_over" and over["hand"] == 1
            assert over["record"]["game"] == "lukfu"
            assert over["lines"] and len(over["totals"]) == 4
            done = await until(ws, "session_over")
            assert done["places"] and done["totals"] == over["totals"]
            watched = await until(spectator, "hand_over")
            assert watched["record"]["deal"]["hands"] == [None] * 3  # a spectator holds none
        record = server.get(f"/api/tables/{table}/hands/1/record")
        assert record.status_code == 200
        assert_seen_as(over["record"], record.json(), table_seat_of(over, 0))
        assert_seen_as(watched["record"], record.json(), None)
        info = server.get(f"/api/tables/{table}").json()
        assert info["hands_played"] == 1 and info["totals"] == over["totals"]

    asyncio.run(run())


def test_a_whole_session_with_two_packs_over_the_websocket(tmp_path: Path) -> None:
    """Dai Fugō's double deck (docs/daifugo.md): two hands of six players (the second
    opens with the exchange), a person's seat played over the socket, the others by the
    computer players, each hand's record read back by the referee. The computers move
    5 ms apart: with none, five of them play a long hand out at once when the person is
    out first, faster than a client reads (the server cuts off a connection 256 messages
    behind, docs/server.md)."""
    server = Server(tmp_path / "tables.sqlite3", "--next-delay", "0.2",
                    "--delay", "0.005").start()
    try:
        _two_pack_session(server)
    finally:
        server.stop()


def _two_pack_session(server: Server) -> None:
    made = server.post("/api/tables", {
        "game": "daifugo", "players": 6, "hands": 2,
        "rules": {"preset": "popular", "options": {"decks": 2, "jokers": 4}},
        "seats": ["human", "heuristic", "random", "learned", "heuristic", "random"]})
    assert made.status_code == 201, made.json()
    table = made.json()["table"]
    token = server.post(f"/api/tables/{table}/seats/0", {"name": "Ann"}).json()["token"]

    async def run() -> None:
        rng = random.Random(7)
        async with connect(f"{server.ws}/ws/{table}?token={token}") as ws:
            first = await until(ws, "state")
            assert all(t in first["cards"] for t in first["board"]["hand"])  # each named
            for hand in (1, 2):
                over, _ = await play_hand(server, ws, rng, first=first if hand == 1 else None)
                assert over["type"] == "hand_over" and over["hand"] == hand
                if hand == 1:
                    await ws.send(json.dumps({"type": "next"}))
            done = await until(ws, "session_over")
            assert len(done["totals"]) == 6
        for hand in (1, 2):
            record = server.get(f"/api/tables/{table}/hands/{hand}/record").json()
            assert record["rules"]["options"]["decks"] == 2
            ruling = referee(record)
            assert ruling.report["legal"] and ruling.report["finished"]

    asyncio.run(run())


def test_websocket_refusals(server: Server) -> None:
    made = server.post("/api/tables", {"game": "daifugo", "players": 3,
                                       "seats": ["human", "human", "random"]})
    table = made.json()["table"]
    tokens = [server.post(f"/api/tables/{table}/seats/{n}", {"name": f"P{n}"}).json()["token"]
              for n in (0, 1)]

    async def run() -> None:
        async with connect(f"{server.ws}/ws/{table}?token=wrong") as ws:
            refusal = await receive(ws)
            assert refusal["type"] == "error"
            assert refusal["reason"] == "this token does not hold a seat at this table"
            with pytest.raises(ConnectionClosed) as closed:
                await receive(ws)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        async with connect(f"{server.ws}/ws/nope") as ws:
            assert "no table" in (await receive(ws))["reason"]
        a = await connect(f"{server.ws}/ws/{table}?token={tokens[0]}")
        b = await connect(f"{server.ws}/ws/{table}?token={tokens[1]}")
        spectator = await connect(f"{server.ws}/ws/{table}")
        state = await until(a, "state")
        while state["to_move"] is None or state["players"][state["to_move"]] not in (0, 1):
            state = await until(a, "state")  # the computer player moves first
        mover, waiter = (a, b) if state["legal"] else (b, a)
        await waiter.send(json.dumps({"type": "act", "action": {"do": "pass"}}))
        assert (await until(waiter, "error"))["reason"].endswith("turn, not yours")
        await mover.send("{not json")
        assert "not valid JSON" in (await until(mover, "error"))["reason"]
        await mover.send(json.dumps({"type": "act", "action": {"do": "play", "cards": ["ZZ"]}}))
        assert "ZZ" in (await until(mover, "error"))["reason"]
        await spectator.send(json.dumps({"type": "act", "action": {"do": "pass"}}))
        assert "spectator" in (await until(spectator, "error"))["reason"]
        await mover.send(json.dumps({"type": "ping"}))
        await until(mover, "pong")
        for ws in (a, b, spectator):
            await ws.close()

    asyncio.run(run())
    path = server.db
    with sqlite3.connect(path) as db:
        refused = db.execute("SELECT COUNT(*) FROM actions WHERE by = 'human'").fetchone()[0]
        assert refused == 0  # no refused action was stored


def test_kill_9_mid_hand_loses_no_accepted_action_and_play_continues(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    first = Server(db).start()
    try:
        made = first.post("/api/tables", {"game": "daifugo", "players": 4, "hands": 1,
                                          "seats": ["human", "random", "heuristic", "random"]})
        table = made.json()["table"]
        token = first.post(f"/api/tables/{table}/seats/0", {"name": "Ann"}).json()["token"]
        rng = random.Random(4)

        async def before() -> list[dict[str, Any]]:
            async with connect(f"{first.ws}/ws/{table}?token={token}") as ws:
                state, played = await play_hand(first, ws, rng, moves=3)
                assert state["type"] == "state" and played == 3
                # every action accepted so far is in the state the server sent last
                history: list[dict[str, Any]] = state["view"]["actions"]
                return history

        seen = asyncio.run(before())
        first.kill()
    finally:
        first.stop()
    with sqlite3.connect(db) as conn:
        stored = [json.loads(a) for (a,) in conn.execute(
            "SELECT action FROM actions WHERE table_id = ? ORDER BY idx", (table,))]
    assert len(stored) >= len(seen) and [a["seat"] for a in stored[:len(seen)]] == [
        a["seat"] for a in seen]
    second = Server(db).start()
    try:
        async def after() -> dict[str, Any]:
            async with connect(f"{second.ws}/ws/{table}?token={token}") as ws:
                state = await until(ws, "state")
                assert state["player"] == 0 and state["hand"] == 1
                assert state["view"]["actions"][:len(seen)] == seen
                over, _ = await play_hand(second, ws, rng, first=state)
                assert over["type"] == "hand_over"
                return over

        over = asyncio.run(after())
        full = second.get(f"/api/tables/{table}/hands/1/record").json()
        assert full["actions"][:len(stored)] == stored  # no accepted action was lost
        assert_seen_as(over["record"], full, table_seat_of(over, 0))
    finally:
        second.stop()
