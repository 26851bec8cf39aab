"""A hint answers the position it was asked in: it names that position (``hand``,
``moves``, as the states do), and one whose position moved on while it was searched is
not sent (the seat is told the position changed); over real sockets to a real server."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from web_helpers import Server
from websockets.asyncio.client import ClientConnection, connect


async def receive(ws: ClientConnection, timeout: float = 20) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return data


async def my_turn(ws: ClientConnection) -> dict[str, Any]:
    """The latest state that offers this seat a move."""
    while True:
        message = await receive(ws)
        if message["type"] == "state" and message["legal"]:
            try:
                newer = await receive(ws, 0.3)
            except TimeoutError:
                return message
            if newer["type"] == "state" and newer["legal"]:
                return newer


def test_a_hint_names_its_position_and_none_comes_after_the_move(server: Server) -> None:
    made = server.post("/api/tables", {"game": "daifugo", "players": 3, "hands": 1,
                                       "seats": ["human", "random", "random"]})
    table = made.json()["table"]
    token = server.post(f"/api/tables/{table}/seats/0", {"name": "Ann"}).json()["token"]

    async def run() -> None:
        rng = random.Random(5)
        async with connect(f"{server.ws}/ws/{table}?token={token}") as ws:
            state = await my_turn(ws)
            await ws.send(json.dumps({"type": "hint"}))
            hint = await receive(ws, 30)
            while hint["type"] != "hint":
                hint = await receive(ws, 30)
            assert (hint["hand"], hint["moves"]) == (state["hand"], state["moves"])
            assert hint["action"] in state["legal"]
            # asked, then moved at once: the hint of the old position never comes
            await ws.send(json.dumps({"type": "hint"}))
            await ws.send(json.dumps({"type": "act", "action": rng.choice(state["legal"])}))
            came = []
            try:
                while True:
                    came.append(await receive(ws, 4))
            except TimeoutError:
                pass
            kinds = [m["type"] for m in came]
            assert "hint" not in kinds, came
            assert any(m["type"] == "error" and "position changed" in m["reason"]
                       for m in came), kinds

    asyncio.run(run())
