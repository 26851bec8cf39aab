"""Shared helpers of the browser table tests: a hub on a real SQLite file, a random person."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from paiju.web.hub import Hub
from paiju.web.store import Store
from paiju.web.tables import Config, Receiver, Table


def make_hub(path: Path, **config: Any) -> Hub:
    return Hub(Store(path), Config(**{"bot_delay": 0.0, "next_delay": 0.05, **config}))


async def next_message(receiver: Receiver, timeout: float = 20.0) -> dict[str, Any]:
    return await asyncio.wait_for(receiver.queue.get(), timeout)


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

    def __init__(self, db: Path, *args: str) -> None:
        self.db = db
        self.args = args
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = db.with_name(db.name + ".log")  # the server's standard error

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, tries: int = 3) -> Server:
        """Start the server; on a port taken meanwhile by another process, try another."""
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        for _ in range(tries):
            with self.log.open("ab") as log:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "paiju.cli", "serve", "--port", str(self.port),
                     "--db", str(self.db), "--delay", "0", "--tables-per-minute", "10000",
                     *self.args],
                    stdout=subprocess.DEVNULL, stderr=log, env=env)
            if self._wait_ready():
                return self
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
        return httpx.post(self.url + path, content=content, timeout=10)

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
