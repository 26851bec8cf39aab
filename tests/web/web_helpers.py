"""Shared helpers of the browser table tests: a hub on a real SQLite file (or a real
PostgreSQL database), a random person, a real server process."""

from __future__ import annotations

import asyncio
import glob
import itertools
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from paiju.web.hub import Hub
from paiju.web.store import open_store
from paiju.web.tables import Config, Receiver, Table


def make_hub(db: Path | str, **config: Any) -> Hub:
    """A hub on ``db``: a SQLite file, or a ``postgresql://`` address."""
    return Hub(open_store(db), Config(**{"bot_delay": 0.0, "next_delay": 0.05, **config}))


async def next_message(receiver: Receiver, timeout: float = 20.0) -> dict[str, Any]:
    return await asyncio.wait_for(receiver.queue.get(), timeout)


async def your_turn(receiver: Receiver) -> dict[str, Any]:
    """The next state that offers the receiver's seat a move and is the latest sent."""
    message = await next_message(receiver)
    while not (message["type"] == "state" and message["legal"] and receiver.queue.empty()):
        message = await next_message(receiver)
    return message


async def play_as(table: Table, receiver: Receiver, rng: random.Random,
                  stop_after: int | None = None, seen: list[dict[str, Any]] | None = None
                  ) -> list[dict[str, Any]]:
    """Play random legal actions for the receiver's seat until the session is over
    (or ``stop_after`` own actions); returns every message received."""
    got = seen if seen is not None else []
    acted = 0
    while True:
        message = await next_message(receiver)
        got.append(message)
        kind = message["type"]
        if kind == "session_over":
            return got
        if kind == "hand_over":
            await table.handle(receiver, {"type": "next"})
        elif kind == "state" and message["legal"] and receiver.queue.empty():
            # (a state with newer messages behind it may be out of date: act on the latest)
            if stop_after is not None and acted >= stop_after:
                return got
            action = rng.choice(message["legal"])
            await table.handle(receiver, {"type": "act", "action": action})
            acted += 1
        elif kind == "error":
            raise AssertionError(message["reason"])


# ------------------------------------------------------------ a real server in a subprocess


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``paiju serve`` as a real process on a free port (started by :meth:`start`)."""

    def __init__(self, db: Path | str, *args: str, log: Path | None = None) -> None:
        self.db = db
        self.args = args
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        if log is None:  # the server's standard error, beside a SQLite file
            assert isinstance(db, Path)
            log = db.with_name(db.name + ".log")
        self.log = log

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def launch(self) -> None:
        """Start the server's process (:meth:`start` waits for it to answer)."""
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "paiju.cli", "serve", "--port", str(self.port),
                 "--db", str(self.db), "--delay", "0", "--tables-per-minute", "10000",
                 *self.args],
                stdout=subprocess.DEVNULL, stderr=log, env=env)

    def start(self, tries: int = 3, launched: bool = False) -> Server:
        """Start the server (``launched``: its process is started already, by
        :meth:`launch`) and wait until it answers; on a port taken meanwhile by another
        process, try another."""
        for attempt in range(tries):
            if attempt or not launched:
                self.launch()
            if self._wait_ready():
                return self
            assert self.proc is not None
            error = self.log.read_text(errors="replace")
            if "address already in use" not in error:
                raise RuntimeError(f"the server exited ({self.proc.returncode}): {error}")
            self.port = free_port()
        raise RuntimeError(f"no free port in {tries} tries")

    def _wait_ready(self) -> bool:
        assert self.proc is not None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                httpx.get(self.url + "/api/games", timeout=1)
                return True
            except httpx.TransportError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start within 30 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, as a crash."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def post(self, path: str, body: Any = None, raw: bytes | None = None) -> httpx.Response:
        content = raw if raw is not None else json.dumps(body).encode()
        return httpx.post(self.url + path, content=content, timeout=10,
                          headers={"Content-Type": "application/json"})

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.url + path, timeout=10)


def assert_seen_as(seen: dict[str, Any], full: dict[str, Any], seat: int | None) -> None:
    """``seen`` (a ``hand_over`` record) is ``full`` (the referee's record) as ``seat`` saw
    it: its own dealt hand only, and other seats' face-down cards only counted."""
    hands = full["deal"]["hands"]
    assert seen["deal"]["hands"] == [h if i == seat else None for i, h in enumerate(hands)]
    assert seen["seen_by"] == seat
    assert len(seen["actions"]) == len(full["actions"])
    for mine, real in zip(seen["actions"], full["actions"], strict=True):
        assert (mine["seat"], mine["do"]) == (real["seat"], real["do"])
        if "cards" in mine:
            assert mine["cards"] == real["cards"]
        else:
            assert mine.get("count", 0) == len(real.get("cards", []))
            if real.get("cards"):  # only another seat's face-down cards go uncounted
                assert real["do"] != "play" and real["seat"] != seat


def table_seat_of(message: dict[str, Any], player: int) -> int:
    """The seat ``player`` held in the hand a message is about (seats rotate in Luk Fu)."""
    players: list[int] = message["players"]
    return players.index(player)


# ------------------------------------------------------------ a throwaway PostgreSQL

NO_POSTGRES = ("PostgreSQL is not installed here (Debian's postgresql package: .ci/run "
               "installs it)")


def pg_bin() -> Path | None:
    """The folder of PostgreSQL's initdb and pg_ctl (Debian's newest, or on PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


class PgCluster:
    """A PostgreSQL server of its own in a temporary folder, reached by a Unix socket only
    (no TCP port is opened); as root it runs as the ``postgres`` user, as PostgreSQL must."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.dir = Path(tempfile.mkdtemp(prefix="paiju-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            import pwd

            try:
                pwd.getpwnam("postgres")
            except KeyError:
                pytest.skip("running as root and there is no postgres user to run "
                            "PostgreSQL as (Debian's postgresql package makes it)")
            self.as_user = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.dir, "postgres", "postgres")
        self._names = itertools.count(1)

    def _run(self, *command: str) -> None:
        done = subprocess.run([*self.as_user, *command], capture_output=True, text=True,
                              timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> PgCluster:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                  "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l",
                  str(self.dir / "server.log"), "-w", "-t", "60", "-o",
                  f"-p {self.port} -k {self.dir} -c listen_addresses=''", "start")
        return self

    def dsn(self, dbname: str = "postgres") -> str:
        return f"postgresql://postgres@/{dbname}?host={self.dir}&port={self.port}"

    def new_database(self) -> str:
        """A new empty database of the cluster: its address."""
        import psycopg

        name = f"paiju_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.dsn(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.dsn(name)

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                      "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    """One throwaway PostgreSQL for the test session (stopped and deleted at its end)."""
    pytest.importorskip("psycopg", reason="psycopg is not installed (the test extra has it)")
    bin_dir = pg_bin()
    if bin_dir is None:
        pytest.skip(NO_POSTGRES)
    cluster = PgCluster(bin_dir)
    try:
        yield cluster.start()
    finally:
        cluster.stop()


@pytest.fixture
def pg_db(pg_cluster: PgCluster) -> str:
    """The address of a new empty PostgreSQL database."""
    return pg_cluster.new_database()


# ------------------------------------------------------------ several servers of one table

#: The close code of a table whose lease another live server holds (4000 + HTTP 503).
WS_MOVING = 4503


async def connect_moved(url: str, timeout: float = 30.0) -> tuple[Any, dict[str, Any], int]:
    """Connect to a table's WebSocket, again every 0.1 s while the server answers that the
    table is moving (an ``error`` and close code 4503), as the page does: the connection,
    its first message and how many times the table was moving."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    deadline = time.monotonic() + timeout
    moving = 0
    while True:
        ws = await connect(url)
        try:
            first = json.loads(await asyncio.wait_for(ws.recv(), 20))
        except ConnectionClosed:
            first = {}
        if first.get("type") != "error":
            return ws, first, moving
        await ws.wait_closed()
        assert ws.close_code == WS_MOVING, (ws.close_code, first)
        assert "the table is moving" in first["reason"]
        moving += 1
        if time.monotonic() > deadline:
            raise AssertionError(f"the table was still moving after {timeout} s")
        await asyncio.sleep(0.1)
