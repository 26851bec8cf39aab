"""A rematch keeps each person's seat for them (their old seat token) until they come or the
table starts, and its table's id goes only to the people of the table before: over real
sockets to a real ``paiju serve``."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from web_helpers import Server
from websockets.asyncio.client import ClientConnection, connect


async def receive(ws: ClientConnection, timeout: float = 20) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return data


async def play_out(ws: ClientConnection, rng: random.Random) -> None:
    """Random legal moves until the session is over (a move on a state that a newer one
    followed is refused, and the newer one comes)."""
    while True:
        message = await receive(ws)
        if message["type"] == "session_over":
            return
        if message["type"] == "state" and message["legal"]:
            await ws.send(json.dumps({"type": "act", "action": rng.choice(message["legal"])}))


async def heard(ws: ClientConnection, seconds: float = 0.5) -> list[dict[str, Any]]:
    """Every message that comes within ``seconds``."""
    out = []
    try:
        while True:
            out.append(await receive(ws, seconds))
    except TimeoutError:
        return out


def seated(server: Server, public: bool) -> tuple[str, str, str]:
    """A one-hand Dai Fugō table of Ann, Cat and a computer: the table and Ann's and
    Cat's seat tokens."""
    made = server.post("/api/tables", {"game": "daifugo", "players": 3, "hands": 1,
                                       "public": public,
                                       "seats": ["human", "human", "random"]})
    table = made.json()["table"]
    ann = server.post(f"/api/tables/{table}/seats/0", {"name": "Ann"}).json()["token"]
    cat = server.post(f"/api/tables/{table}/seats/1", {"name": "Cat"}).json()["token"]
    return table, ann, cat


def finished(server: Server, public: bool, seeds: tuple[int, int]) -> tuple[str, str, str]:
    """As :func:`seated`, the session then played out by Ann and Cat."""
    table, ann, cat = seated(server, public)

    async def run() -> None:
        async with connect(f"{server.ws}/ws/{table}?token={ann}") as a, \
                connect(f"{server.ws}/ws/{table}?token={cat}") as c:
            await asyncio.gather(play_out(a, random.Random(seeds[0])),
                                 play_out(c, random.Random(seeds[1])))

    asyncio.run(run())
    return table, ann, cat


def test_a_rematch_seat_is_kept_from_a_stranger_under_the_persons_name(server: Server
                                                                         ) -> None:
    table, ann, cat = seated(server, public=True)

    async def run() -> None:
        async with connect(f"{server.ws}/ws/{table}?token={ann}") as a, \
                connect(f"{server.ws}/ws/{table}?token={cat}") as c, \
                connect(f"{server.ws}/ws/{table}") as spectator:
            await asyncio.gather(play_out(a, random.Random(1)), play_out(c, random.Random(2)))
            await heard(spectator)
            again = server.post(f"/api/tables/{table}/rematch", {"token": ann})
            assert again.status_code == 200, again.json()
            new = again.json()["table"]
            assert any(m["type"] == "rematch" and m["table"] == new for m in await heard(c))
            # nobody else learns the new table's id before it starts
            assert server.get(f"/api/tables/{table}").json()["next"] is None
            assert all(new not in json.dumps(m) for m in await heard(spectator))
            listed = json.dumps(server.get("/api/lobby").json())
            assert new not in listed
            # a stranger who has it anyway cannot take Cat's seat, as Cat or as anyone
            for name in ("Cat", "Eve"):
                stolen = server.post(f"/api/tables/{new}/seats/1", {"name": name})
                assert stolen.status_code == 409, stolen.json()
                assert "kept for Cat" in stolen.json()["error"]
            seats = server.get(f"/api/tables/{new}").json()["seats"]
            assert seats[1]["name"] == "Cat" and seats[1]["taken"]
            assert "held" not in server.get(f"/api/tables/{new}").json()
            # nor with another seat's old token
            wrong = server.post(f"/api/tables/{new}/seats/1", {"name": "Ann2", "token": ann})
            assert wrong.status_code in (400, 409)
            mine = server.post(f"/api/tables/{table}/rematch", {"token": cat})
            assert mine.status_code == 200, mine.json()
            assert mine.json()["table"] == new and mine.json()["player"] == 1
            info = server.get(f"/api/tables/{new}").json()
            assert info["started"] and [s["name"] for s in info["seats"]][:2] == ["Ann", "Cat"]
            # started and public: now the spectators and the table's page show it
            assert any(m["type"] == "rematch" and m["table"] == new
                       for m in await heard(spectator))
            assert server.get(f"/api/tables/{table}").json()["next"] == new

    asyncio.run(run())


def test_a_kept_seat_is_the_stand_ins_once_the_creator_starts(server: Server) -> None:
    table, ann, _ = finished(server, public=False, seeds=(3, 4))
    again = server.post(f"/api/tables/{table}/rematch", {"token": ann}).json()
    new = again["table"]
    assert server.post(f"/api/tables/{new}/start",
                       {"token": again["creator"]}).status_code == 200
    info = server.get(f"/api/tables/{new}").json()
    assert info["started"] and info["seats"][1]["kind"] == "bot"
    # private: the table before does not show it to strangers even now
    assert server.get(f"/api/tables/{table}").json()["next"] is None


def test_a_rematch_is_kept_and_shown_across_restarts(tmp_path: Path) -> None:
    """The rematch asked for, the server killed and started again on its file: the seat
    is still kept for its person, the new table's id still goes to nobody else until it
    starts, and once started (a public table) the table before shows it, and still does
    after another restart."""
    db = tmp_path / "tables.sqlite3"
    server = Server(db, "--next-delay", "0.2").start()
    try:
        table, ann, cat = finished(server, public=True, seeds=(5, 6))
        again = server.post(f"/api/tables/{table}/rematch", {"token": ann})
        assert again.status_code == 200, again.json()
        new = again.json()["table"]
        server.kill()
        server = Server(db, "--next-delay", "0.2").start()
        assert server.get(f"/api/tables/{table}").json()["next"] is None
        stolen = server.post(f"/api/tables/{new}/seats/1", {"name": "Cat"})
        assert stolen.status_code == 409 and "kept for Cat" in stolen.json()["error"]
        mine = server.post(f"/api/tables/{table}/rematch", {"token": cat})
        assert mine.status_code == 200, mine.json()
        assert mine.json()["table"] == new and mine.json()["player"] == 1
        assert server.get(f"/api/tables/{new}").json()["started"]
        assert server.get(f"/api/tables/{table}").json()["next"] == new
        server.kill()
        server = Server(db, "--next-delay", "0.2").start()
        assert server.get(f"/api/tables/{table}").json()["next"] == new
    finally:
        server.stop()
