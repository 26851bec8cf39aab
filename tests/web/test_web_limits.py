"""What a stranger can do to ``paiju serve``, over real sockets to a real server process:
each finding of the server's security review, reproduced, and held (docs/server.md,
"Security and limits")."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import Server, free_port
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed


def rss_mb(server: Server) -> float:
    """The server process's resident memory in MB (Linux)."""
    assert server.proc is not None
    for line in Path(f"/proc/{server.proc.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def from_address(address: str) -> httpx.Client:
    """An HTTP client whose connections come from another loopback address."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=10)


async def receive(ws: ClientConnection, timeout: float = 20) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return data


async def until(ws: ClientConnection, kind: str, timeout: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        message = await receive(ws, max(0.1, deadline - time.monotonic()))
        if message["type"] == kind:
            return message


# ------------------------------------------------------------ computer players


@pytest.mark.parametrize(("spec", "reason"), [
    ("ismcts:time=100000", "at most 3 s (paiju serve --max-think)"),
    ("ismcts:time=nan", "positive number of seconds"),
    ("ismcts:time=inf", "positive number of seconds"),
    ("ismcts:iters=999999999999", "at most 20000 (paiju serve --max-iters)"),
    ("ismcts:" + "c=1:" * 100 + "iters=5", "at most 200 characters"),
    ("learned:weights=/etc/passwd", "weights cannot be chosen at a table"),
    ("ismcts:iters=5:prior=learned:weights=/nonexistent", "weights cannot be chosen"),
])
def test_computer_players_past_the_limits_are_refused(shared_server: Server, spec: str,
                                                      reason: str) -> None:
    made = shared_server.post("/api/tables", {"game": "lukfu", "players": 3,
                                              "seats": ["human", spec, "random"]})
    assert made.status_code == 400 and reason in made.json()["error"]
    assert made.json()["error"].startswith("seat 1: ")


def test_the_searches_of_busy_tables_do_not_starve_another(tmp_path: Path) -> None:
    """Four tables of searches at the server's longest think fill the search threads; a
    fifth table's quick searches still move (before: none in 20 s)."""
    server = Server(tmp_path / "db.sqlite3", "--max-think", "1").start()
    try:
        hungry = [make_table(server, {"game": "lukfu", "players": 4, "hands": 100,
                                      "seats": ["ismcts:time=1"] * 4}) for _ in range(4)]
        modest = make_table(server, {"game": "lukfu", "players": 4, "hands": 100,
                                     "seats": ["ismcts:iters=50"] * 4})

        async def watch() -> list[float]:
            watchers = [await connect(f"{server.ws}/ws/{t}") for t in [*hungry, modest]]
            for t in [*hungry, modest]:
                assert server.post(f"/api/tables/{t}/start",
                                   {"token": _CREATORS[t]}).status_code == 200
            await asyncio.sleep(10)
            for w in watchers:
                await w.close()
            with sqlite3.connect(server.db) as db:
                return [at for (at,) in db.execute(
                    "SELECT at FROM actions WHERE table_id = ? ORDER BY at", (modest,))]

        moved = asyncio.run(watch())
        assert len(moved) >= 3
        # the wait between two of its moves stays within the stated bound: about twice
        # the longest think, whatever the other tables ask for (with room for a busy CI)
        assert max(b - a for a, b in itertools.pairwise(moved)) < 4.0
    finally:
        server.stop()


_CREATORS: dict[str, str] = {}


def make_table(server: Server, body: dict[str, Any]) -> str:
    made = server.post("/api/tables", body)
    assert made.status_code == 201, made.text
    _CREATORS[made.json()["table"]] = made.json()["creator"]
    return str(made.json()["table"])


# ------------------------------------------------------------ memory a stranger controls


def test_a_huge_body_is_refused_before_it_is_read(server: Server) -> None:
    before = rss_mb(server)
    with socket.create_connection(("127.0.0.1", server.port)) as s:
        # a body announced as 300 MB: refused from its headers
        s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 300000000\r\n\r\n" + b"[" * 100_000)
        answer = s.recv(65536)
    assert answer.startswith(b"HTTP/1.1 413")
    # a chunked body with no length: read no further than the limit
    with socket.create_connection(("127.0.0.1", server.port)) as s:
        s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b" " * 32768
        sent = 0
        try:
            for _ in range(3000):  # up to 100 MB
                s.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
        except OSError:
            pass
        s.settimeout(10)
        answer = s.recv(65536)
    assert answer.startswith(b"HTTP/1.1 413") and b"larger than 65536 bytes" in answer
    assert sent < 20_000_000  # the server stopped reading
    assert rss_mb(server) - before < 50


def test_a_websocket_that_never_reads_is_cut_off(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite3", "--stall-timeout", "2", "--next-delay", "0.2").start()
    try:
        table = make_table(server, {"game": "daifugo", "players": 4, "hands": 100,
                                    "seats": ["random"] * 4})
        before = rss_mb(server)
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", server.port))
        s.sendall(f"GET /ws/{table} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                  "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        assert server.post(f"/api/tables/{table}/start",
                           {"token": _CREATORS[table]}).status_code == 200
        # the computers play as fast as they can while this spectator reads nothing
        deadline = time.monotonic() + 40
        closed = False
        while time.monotonic() < deadline and not closed:
            time.sleep(1)
            closed = _peer_closed(s)
        assert closed, "the server still holds the connection of a reader that never reads"
        assert rss_mb(server) - before < 60
        s.close()
    finally:
        server.stop()


def _peer_closed(s: socket.socket) -> bool:
    """Whether the server has closed the connection (reading what is left to find out)."""
    s.setblocking(False)
    try:
        while True:
            data = s.recv(1 << 20)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        s.setblocking(True)


def test_a_websocket_flood_is_cut_off(server: Server) -> None:
    table = make_table(server, {"game": "lukfu", "players": 3,
                                "seats": ["human", "random", "random"]})

    async def run() -> tuple[int, int]:
        sent = pongs = 0
        async with connect(f"{server.ws}/ws/{table}") as ws:
            await receive(ws)
            with contextlib.suppress(ConnectionClosed):
                for _ in range(5000):
                    await ws.send(json.dumps({"type": "ping"}))
                    sent += 1
            with contextlib.suppress(ConnectionClosed, TimeoutError):
                while True:
                    pongs += (await receive(ws, 10))["type"] == "pong"
        return sent, pongs

    sent, pongs = asyncio.run(run())
    assert pongs <= 60 + 20 * 2  # the burst, and the rate while it lasted
    assert sent < 5000 or pongs < sent  # cut off: the rest was never read


def test_a_table_flood_is_refused(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite3", "--tables-per-minute", "5").start()
    try:
        body = {"game": "lukfu", "players": 3, "seats": ["human", "random", "random"]}
        codes = [server.post("/api/tables", body).status_code for _ in range(8)]
        assert codes == [201] * 5 + [429] * 3
        refused = server.post("/api/tables", body).json()["error"]
        assert "at most 5 new tables a minute" in refused
        with from_address("127.0.0.2") as other:  # another address is not held back
            assert other.post(f"{server.url}/api/tables", json=body).status_code == 201
    finally:
        server.stop()


# ------------------------------------------------------------ slow and idle connections


def _limit_descriptors() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))


def test_idle_connections_are_closed_and_cannot_crowd_out_others(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "paiju.cli", "serve", "--port", str(port), "--db", str(db),
         "--header-timeout", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        preexec_fn=_limit_descriptors)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_for(url)
        # 1,500 connections with headers that never end, from one address
        held: list[socket.socket] = []
        for _ in range(1500):
            s = socket.socket()
            s.bind(("127.0.0.3", 0))
            try:
                s.connect(("127.0.0.1", port))
                s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
            except OSError:
                s.close()
                continue
            held.append(s)
        # a real client from another address is served at once, under 256 descriptors
        with from_address("127.0.0.2") as other:
            assert other.get(f"{url}/api/games").status_code == 200
        time.sleep(3)  # past the header deadline every held connection is closed
        open_ = sum(1 for s in held if not _peer_closed(s))
        for s in held:
            s.close()
        assert open_ == 0
        with from_address("127.0.0.3") as back:
            assert back.get(f"{url}/api/games").status_code == 200
    finally:
        proc.terminate()
        proc.wait(10)


def _wait_for(url: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(url + "/api/games", timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise AssertionError("the server did not start")


# ------------------------------------------------------------ faults that froze a table


def test_a_seat_taken_and_never_connected_gets_the_stand_in(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    server = Server(db, "--grace", "1").start()
    table = make_table(server, {"game": "daifugo", "players": 3, "hands": 1,
                                "seats": ["human", "human", "random"]})
    ann = server.post(f"/api/tables/{table}/seats/0", {"name": "Ann"}).json()["token"]
    server.post(f"/api/tables/{table}/seats/1", {"name": "Bob"})  # Bob never comes

    async def play(on: Server, moves: int) -> None:
        async with connect(f"{on.ws}/ws/{table}?token={ann}") as ws:
            played = 0
            while played < moves:
                message = await until(ws, "state", 30)
                if message["legal"] and message["to_move"] is not None:
                    await ws.send(json.dumps({"type": "act", "action": message["legal"][0]}))
                    played += 1

    def away_moves() -> int:
        with sqlite3.connect(db) as conn:
            (n,) = conn.execute("SELECT COUNT(*) FROM actions WHERE by = 'away'").fetchone()
        return int(n)

    try:
        asyncio.run(play(server, 2))
        assert away_moves() > 0  # the computer moved for Bob, so Ann could play on
        server.kill()
    finally:
        server.stop()
    before = away_moves()
    again = Server(db, "--grace", "1").start()  # after a restart too
    try:
        asyncio.run(play(again, 2))
        assert away_moves() > before
    finally:
        again.stop()


def test_a_locked_database_refuses_the_move_keeps_the_server_answering_and_recovers(
        tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    server = Server(db).start()
    try:
        tables = [make_table(server, {"game": "daifugo", "players": 3, "hands": 1,
                                      "seats": ["human", "random", "random"]})
                  for _ in range(2)]
        tokens = [server.post(f"/api/tables/{t}/seats/0", {"name": "Ann"}).json()["token"]
                  for t in tables]
        locked = threading.Event()
        release = threading.Event()

        def hold_lock() -> None:
            conn = sqlite3.connect(db, timeout=10, isolation_level=None)
            conn.execute("BEGIN EXCLUSIVE")
            locked.set()
            release.wait(30)
            conn.execute("COMMIT")
            conn.close()

        async def run() -> None:
            a = await connect(f"{server.ws}/ws/{tables[0]}?token={tokens[0]}")
            b = await connect(f"{server.ws}/ws/{tables[1]}?token={tokens[1]}")
            state = await until(a, "state")
            while not state["legal"]:
                state = await until(a, "state")
            holder = threading.Thread(target=hold_lock)
            holder.start()
            locked.wait(10)
            action = state["legal"][0]
            sent = time.monotonic()
            await a.send(json.dumps({"type": "act", "action": action}))
            # meanwhile the server answers everyone at once
            started = time.monotonic()
            await b.send(json.dumps({"type": "ping"}))
            await until(b, "pong")
            info = httpx.get(f"{server.url}/api/tables/{tables[1]}", timeout=5)
            assert info.status_code == 200 and time.monotonic() - started < 1.0
            refused = await until(a, "error")
            assert "try again" in refused["reason"] and time.monotonic() - sent < 5
            release.set()
            holder.join()
            # nothing changed: the same move is still to make, and now it is taken
            await a.send(json.dumps({"type": "act", "action": action}))
            after = await until(a, "state")
            assert len(after["view"]["actions"]) == len(state["view"]["actions"]) + 1
            await a.close()
            await b.close()

        asyncio.run(run())
        with sqlite3.connect(db) as conn:
            (n,) = conn.execute("SELECT COUNT(*) FROM actions WHERE table_id = ? AND "
                                "by = 'human'", (tables[0],)).fetchone()
        assert n >= 1
    finally:
        server.stop()


def test_a_second_server_on_the_same_database_refuses_to_start(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    first = Server(db).start()
    try:
        second = subprocess.run(
            [sys.executable, "-m", "paiju.cli", "serve", "--port", str(free_port()),
             "--db", str(db)], capture_output=True, text=True, timeout=60,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert second.returncode == 2
        assert (f"another paiju serve (process {first.proc.pid if first.proc else ''}) is "
                f"serving {db}") in second.stderr
        first.kill()  # a crash lets the database go
        third = Server(db).start()
        third.stop()
    finally:
        first.stop()


# ------------------------------------------------------------ smaller findings


def test_starting_a_table_needs_its_creators_token(shared_server: Server) -> None:
    made = shared_server.post("/api/tables", {"game": "lukfu", "players": 3,
                                              "seats": ["human", "human", "random"]}).json()
    table = made["table"]
    for body in (None, {}, {"token": "guess"}, {"token": 7}):
        refused = shared_server.post(f"/api/tables/{table}/start", body)
        assert refused.status_code == 403 and "creator" in refused.json()["error"]
    assert not shared_server.get(f"/api/tables/{table}").json()["started"]
    assert shared_server.post(f"/api/tables/{table}/start",
                       {"token": made["creator"]}).status_code == 200


@pytest.mark.parametrize("path", ["seats/%C2%B2", "seats/%D9%A1", "seats/" + "9" * 30])
def test_odd_seat_numbers_are_not_seats(shared_server: Server, path: str) -> None:
    table = make_table(shared_server, {"game": "lukfu", "players": 3,
                                     "seats": ["human", "random", "random"]})
    answer = httpx.post(f"{shared_server.url}/api/tables/{table}/{path}", json={"name": "Ann"})
    assert answer.status_code == 404 and "numbered from 0" in answer.json()["error"]


def test_odd_hand_numbers_are_not_hands(shared_server: Server) -> None:
    table = make_table(shared_server, {"game": "lukfu", "players": 3,
                                     "seats": ["random"] * 3})
    for hand in ("9" * 30, "%C2%B2", "-1"):
        answer = shared_server.get(f"/api/tables/{table}/hands/{hand}/record")
        assert answer.status_code == 404 and "numbered from 1" in answer.json()["error"]


def test_deep_json_and_constants_get_400(shared_server: Server) -> None:
    deep = shared_server.post("/api/tables", raw=b"[" * 20_000 + b"]" * 20_000)
    assert deep.status_code == 400 and "too deep" in deep.json()["error"]
    nan = shared_server.post("/api/tables", raw=b'{"game": "lukfu", "clock": NaN}')
    assert nan.status_code == 400 and "NaN is not a JSON number" in nan.json()["error"]


@pytest.mark.parametrize("name", ["A\x00nn", "\u202eAnn", "Ann\u200b", "B\x1b[31mob"])
def test_names_refuse_control_and_bidirectional_characters(shared_server: Server,
                                                           name: str) -> None:
    table = make_table(shared_server, {"game": "lukfu", "players": 3,
                                     "seats": ["human", "random", "random"]})
    answer = shared_server.post(f"/api/tables/{table}/seats/0", {"name": name})
    assert answer.status_code == 400 and "control or invisible character" in \
        answer.json()["error"]
    assert shared_server.post(f"/api/tables/{table}/seats/0", {"name": "陳太"}).status_code == 200


@pytest.mark.parametrize("name", ["You", "you", "你", "あなた"])
def test_a_name_the_table_says_you_with_is_refused(shared_server: Server, name: str) -> None:
    table = make_table(shared_server, {"game": "lukfu", "players": 3,
                                     "seats": ["human", "random", "random"]})
    answer = shared_server.post(f"/api/tables/{table}/seats/0", {"name": name})
    assert answer.status_code == 400 and "choose another name" in answer.json()["error"]
    assert shared_server.post(f"/api/tables/{table}/seats/0", {"name": "Yoshi"}).status_code == 200


def test_websocket_sizes_count_bytes(shared_server: Server) -> None:
    table = make_table(shared_server, {"game": "lukfu", "players": 3,
                                     "seats": ["human", "random", "random"]})

    async def run() -> str:
        async with connect(f"{shared_server.ws}/ws/{table}") as ws:
            await receive(ws)
            # 30,000 characters: 90,000 bytes in UTF-8, past the 65,536-byte limit
            await ws.send(json.dumps({"type": "ping", "pad": "牌" * 30_000}))
            return str((await until(ws, "error"))["reason"])

    assert asyncio.run(run()) == "a message is at most 65536 bytes"
