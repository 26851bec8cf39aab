"""``paiju bench --server``: many tables at once on one server, measured over loopback.

The benchmark starts ``paiju serve`` as its own process on a free port with a fresh
database, creates ``tables`` tables (one person's seat, the others computer players),
and connects one WebSocket client to each person's seat. Each client plays a random
legal move ``think`` seconds after its turn comes, and times the move from the moment it
is sent to the moment the state that shows it arrives. Computer players move after the
server's ``--delay``. After a warm-up the clients measure for ``seconds``: moves per
second (every accepted action of every table, read from the database) and the latency
of the clients' moves (median, 99th percentile, worst). The server deals the next hand at
once (``--next-delay 0``), so the clients never need to say they are ready.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paiju.web.collect import Collector

#: Seconds of play before the measurement starts (every table dealt and going).
WARMUP = 3.0


@dataclass
class LoadReport:
    """What one run measured."""

    tables: int
    game: str
    seconds: float
    think: float
    bot_delay: float
    moves: int = 0
    client_moves: int = 0
    latencies: list[float] = field(default_factory=list)  # seconds
    errors: int = 0

    def to_json(self) -> dict[str, Any]:
        lat = sorted(self.latencies)
        return {
            "tables": self.tables, "game": self.game, "seconds": self.seconds,
            "think": self.think, "bot_delay": self.bot_delay,
            "moves": self.moves, "moves_per_second": self.moves / self.seconds,
            "client_moves": self.client_moves, "errors": self.errors,
            "latency_ms": {
                "p50": _ms(statistics.median(lat)) if lat else None,
                "p99": _ms(lat[min(len(lat) - 1, int(0.99 * len(lat)))]) if lat else None,
                "max": _ms(lat[-1]) if lat else None,
            },
        }


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def format_load(report: dict[str, Any]) -> str:
    """The report as a few lines."""
    lat = report["latency_ms"]
    return "\n".join([
        f"{report['tables']} tables of {report['game']} (one person's seat each, played by a "
        f"WebSocket client after {report['think']:g} s; computer players after "
        f"{report['bot_delay']:g} s), measured for {report['seconds']:g} s",
        f"moves: {report['moves']} ({report['moves_per_second']:.0f}/s), "
        f"of which the clients' {report['client_moves']}; errors: {report['errors']}",
        f"latency from a move sent to its state received: p50 {lat['p50']} ms, "
        f"p99 {lat['p99']} ms, max {lat['max']} ms",
    ])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, port: int, bot_delay: float) -> subprocess.Popen[bytes]:
    """``paiju serve`` on ``port`` (waits until it answers)."""
    import httpx

    proc = subprocess.Popen(
        [sys.executable, "-m", "paiju.cli", "serve", "--port", str(port), "--db", str(db),
         "--delay", str(bot_delay), "--next-delay", "0", "--grace", "3600",
         # one client address plays every table: lift the limits per address
         "--tables-per-minute", "1000000", "--connections-per-client", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with status {proc.returncode}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start within 30 s")


class Client:
    """One person's seat, played at random by a WebSocket client that times its moves."""

    def __init__(self, url: str, think: float, rng: random.Random, report: LoadReport):
        self.url = url
        self.think = think
        self.rng = rng
        self.report = report
        self.sent: float | None = None
        self.measuring = False

    async def run(self, stop: asyncio.Event) -> None:
        from websockets.asyncio.client import connect

        async with connect(self.url, max_size=None) as ws:
            reader = asyncio.get_running_loop().create_task(self._play(ws))
            await stop.wait()
            reader.cancel()

    async def _play(self, ws: Any) -> None:
        async for raw in ws:
            message = _loads(raw)
            kind = message["type"]
            if kind == "state" and self.sent is not None:
                if self.measuring:
                    self.report.latencies.append(time.perf_counter() - self.sent)
                    self.report.client_moves += 1
                self.sent = None
            if kind == "error" and self.sent is not None:  # the move was refused
                self.report.errors += self.measuring
                self.sent = None
            if kind == "state" and message["legal"] and self.sent is None:
                await asyncio.sleep(self.think * (0.5 + self.rng.random()))
                action = self.rng.choice(message["legal"])
                self.sent = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action}))


def _fast_json() -> Any:
    """orjson's ``loads`` when it is installed (the clients read every state whole)."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - depends on what is installed
        return json.loads
    return orjson.loads


_loads = _fast_json()


def _loop_factory() -> Any:
    """uvloop's event loop for the clients when it is installed (uvicorn's own choice)."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - depends on what is installed
        return None
    return uvloop.new_event_loop


def count_moves(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


async def drive(port: int, db: Path, report: LoadReport, seed: int) -> None:
    import httpx

    base = f"http://127.0.0.1:{port}"
    bots = ["heuristic"] * 3
    clients = []
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for n in range(report.tables):
            made = await http.post("/api/tables", json={
                "game": report.game, "players": 4, "hands": 100, "seats": ["human", *bots]})
            table = made.json()["table"]
            seat = await http.post(f"/api/tables/{table}/seats/0", json={"name": f"P{n}"})
            token = seat.json()["token"]
            clients.append(Client(f"ws://127.0.0.1:{port}/ws/{table}?token={token}",
                                  report.think, random.Random(rng.random()), report))
    stop = asyncio.Event()
    collector = Collector()  # the clients' process collects as the server does
    collector.start()
    tasks = [asyncio.get_running_loop().create_task(c.run(stop)) for c in clients]
    await asyncio.sleep(WARMUP)
    before = count_moves(db)
    for c in clients:
        c.measuring = True
    await asyncio.sleep(report.seconds)
    for c in clients:
        c.measuring = False
    report.moves = count_moves(db) - before
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    collector.stop()


def run_load(tables: int = 500, seconds: float = 20.0, think: float = 1.0,
             bot_delay: float = 0.6, game: str = "lukfu", seed: int = 0) -> dict[str, Any]:
    """Start a server, play ``tables`` tables on it for ``seconds``, and report."""
    report = LoadReport(tables, game, seconds, think, bot_delay)
    with tempfile.TemporaryDirectory(prefix="paiju-bench-") as tmp:
        db = Path(tmp) / "bench.sqlite3"
        port = free_port()
        proc = start_server(db, port, bot_delay)
        try:
            with asyncio.Runner(loop_factory=_loop_factory()) as runner:
                runner.run(drive(port, db, report, seed))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    return report.to_json()
