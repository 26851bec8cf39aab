"""Floods cost only the flooder: each address has a budget of new requests and new
WebSockets (token buckets, ``--requests-per-second``, ``--websockets-per-second``), and
spectators and lobby watchers coming and going send nothing to anyone else; over real
sockets, from loopback addresses of their own, to a real ``paiju serve``."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
from web_helpers import Server
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from paiju.web.limits import Budgets

FLOODER, OTHER = "127.0.0.31", "127.0.0.32"


def test_an_address_past_its_budgets_is_refused_and_another_is_not(tmp_path: Path) -> None:
    server = Server(tmp_path / "tables.sqlite3", "--requests-per-second", "2",
                    "--websockets-per-second", "1").start()
    try:
        flooder = httpx.Client(transport=httpx.HTTPTransport(local_address=FLOODER))
        answers = [flooder.get(server.url + "/api/games") for _ in range(30)]
        codes = [a.status_code for a in answers]
        assert codes[:20] == [200] * 20 and codes[-1] == 429, codes  # ten seconds' worth
        assert answers[-1].json()["error_text"]["ja"].startswith("同じアドレスからの")
        assert 429 not in [httpx.get(server.url + "/api/games").status_code
                           for _ in range(5)]  # the others' budgets are their own
        table = server.post("/api/tables", {"game": "daifugo", "players": 3,
                                            "seats": ["human", "random", "random"]}).json()

        async def run() -> tuple[int, int]:
            opened = refused = 0
            for _ in range(20):
                try:
                    async with connect(f"{server.ws}/ws/{table['table']}",
                                       local_addr=(FLOODER, 0)):
                        opened += 1
                except InvalidStatus:
                    refused += 1
            async with connect(f"{server.ws}/ws/lobby", local_addr=(OTHER, 0)) as ws:
                assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "lobby"
            return opened, refused

        opened, refused = asyncio.run(run())
        assert 10 <= opened <= 12 and refused == 20 - opened, (opened, refused)
    finally:
        server.stop()


def _refused_raw(port: int, address: str, body: bytes) -> tuple[bytes, bytes]:
    """A POST from ``address`` with ``body``: the answer's head and what follows it before
    the server closes the connection (b"" when it does at once)."""
    import contextlib
    import socket

    head = (b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % len(body))
    with socket.create_connection(("127.0.0.1", port), source_address=(address, 0)) as s:
        s.settimeout(10)
        with contextlib.suppress(OSError):  # closed before all of it was sent
            s.sendall(head + body)
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += s.recv(65536)
        try:
            rest = s.recv(65536)
            while rest and not rest.endswith(b"}"):
                rest += s.recv(65536)
            after = s.recv(65536)
        except ConnectionResetError:
            after = b""
    return answer.split(b"\r\n\r\n")[0].lower(), after


def test_a_refusal_before_the_body_is_read_closes_the_connection(tmp_path: Path) -> None:
    """A 429 or a 403 leaves the body unread: the server closes the connection rather than
    read a stranger's megabytes to their end (docs/server.md, "Security and limits")."""
    server = Server(tmp_path / "tables.sqlite3", "--requests-per-second", "1").start()
    try:
        flooder = httpx.Client(transport=httpx.HTTPTransport(local_address=FLOODER))
        while flooder.get(server.url + "/api/games").status_code != 429:
            pass
        head, after = _refused_raw(server.port, FLOODER, b"[" + b" " * 4_000_000 + b"]")
        assert head.startswith(b"http/1.1 429") and b"connection: close" in head, head
        assert after == b""  # closed, the rest of the body unread
        # a refusal of a request with no body keeps its connection
        assert "connection" not in flooder.get(server.url + "/api/games").headers
    finally:
        server.stop()


def test_an_address_holds_its_cap_of_connections_and_gets_them_back(tmp_path: Path) -> None:
    """The connections an address holds are counted as they open and close, WebSockets
    upgraded from HTTP included: past the cap a new one is closed at once, and every one
    that closes makes room again."""
    server = Server(tmp_path / "tables.sqlite3", "--connections-per-client", "4").start()

    async def lobby() -> ClientConnection:
        ws = await connect(f"{server.ws}/ws/lobby", local_addr=(FLOODER, 0))
        assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "lobby"
        return ws

    async def refused() -> bool:
        try:
            ws = await lobby()
        except (OSError, InvalidHandshake, ConnectionClosed):
            return True
        await ws.close()
        return False

    async def run() -> None:
        held = [await lobby() for _ in range(4)]
        assert await refused()
        for ws in held[:2]:
            await ws.close()
        await asyncio.sleep(0.3)
        held[:2] = [await lobby(), await lobby()]  # room again, as each closed
        assert await refused()
        async with connect(f"{server.ws}/ws/lobby", local_addr=(OTHER, 0)) as other:
            assert json.loads(await asyncio.wait_for(other.recv(), 10))["type"] == "lobby"
        for ws in held:
            await ws.close()
        await asyncio.sleep(0.3)
        for _ in range(3):  # none is left counted: the whole cap is there again
            held = [await lobby() for _ in range(4)]
            for ws in held:
                await ws.close()
            await asyncio.sleep(0.3)

    try:
        asyncio.run(run())
    finally:
        server.stop()


async def quiet_for(ws: ClientConnection, seconds: float) -> list[dict[str, Any]]:
    out = []
    try:
        while True:
            out.append(json.loads(await asyncio.wait_for(ws.recv(), seconds)))
    except TimeoutError:
        return out


def test_spectators_and_lobby_watchers_coming_and_going_send_nothing_to_others(
        server: Server) -> None:
    made = server.post("/api/tables", {"game": "daifugo", "players": 3, "public": True,
                                       "seats": ["human", "human", "random"]}).json()
    table = made["table"]
    token = server.post(f"/api/tables/{table}/seats/0", {"name": "Ann"}).json()["token"]

    async def run() -> None:
        async with connect(f"{server.ws}/ws/{table}?token={token}") as ann, \
                connect(f"{server.ws}/ws/lobby") as lobby:
            await quiet_for(ann, 0.5)
            await quiet_for(lobby, 1.5)
            for n in range(20):  # spectators and lobby watchers come and go
                async with connect(f"{server.ws}/ws/{table}",
                                   local_addr=(f"127.0.0.{40 + n}", 0)) as spectator:
                    state = json.loads(await asyncio.wait_for(spectator.recv(), 10))
                    assert state["type"] == "state" and state["seat"] is None
                async with connect(f"{server.ws}/ws/lobby",
                                   local_addr=(f"127.0.0.{40 + n}", 0)) as watcher:
                    listed = json.loads(await asyncio.wait_for(watcher.recv(), 10))
                    assert listed["type"] == "lobby"
            assert await quiet_for(ann, 1.5) == []
            assert await quiet_for(lobby, 0.5) == []

    asyncio.run(run())


def test_a_budget_refills_at_its_rate_and_forgets_the_longest_unseen() -> None:
    budgets = Budgets(2.0, most=2)
    assert [budgets.take("a", 0.0) for _ in range(21)] == [True] * 20 + [False]
    assert budgets.take("a", 0.5) and not budgets.take("a", 0.5)  # one back a half second
    assert budgets.take("b", 0.5) and budgets.take("c", 0.5)  # "a" forgotten: a third
    assert all(budgets.take("a", 0.5) for _ in range(20))
    assert all(Budgets(0.0).take("x") for _ in range(1000))
