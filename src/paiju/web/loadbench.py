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

Given a PostgreSQL database, it also measures there with one server and with two
(:func:`compare`): each table is made at one server and played there, as a reverse proxy
hashing the table's id would send it (docs/deploy.md). Moves are counted by the store
(:meth:`~paiju.web.store.TableStore.action_count` of the benchmark's tables).

With ``abuse``, the server keeps its limits per address, each client plays from a
loopback address of its own (eight tables an address), and the strangers of
:mod:`paiju.web.abuse` do everything the limits are for, all at once, in a process of
their own, for the whole run; the report says what they did.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paiju.core.games import GAMES
from paiju.web.abuse import STRANGERS
from paiju.web.collect import Collector

#: The game played when not told: the registry's first.
FIRST_GAME = next(iter(GAMES))

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
    abuse: dict[str, int] | None = None  # what the strangers did, in an abuse run
    strangers: tuple[str, ...] = ()  # which strangers, in an abuse run (all: every one)
    store: str = "sqlite"  # or "postgresql"
    servers: int = 1
    #: CPU seconds the servers spent while measuring (user and system, every thread);
    #: None where the system does not say (no ``/proc``)
    server_cpu: float | None = None

    def to_json(self) -> dict[str, Any]:
        lat = sorted(self.latencies)
        return {
            "tables": self.tables, "game": self.game, "seconds": self.seconds,
            "store": self.store, "servers": self.servers,
            "think": self.think, "bot_delay": self.bot_delay,
            "moves": self.moves, "moves_per_second": self.moves / self.seconds,
            "client_moves": self.client_moves, "errors": self.errors,
            "server_cpu_ms_per_move": (round(self.server_cpu * 1000 / self.moves, 3)
                                       if self.server_cpu is not None and self.moves else None),
            "latency_ms": {
                "p50": _ms(statistics.median(lat)) if lat else None,
                "p99": _ms(lat[min(len(lat) - 1, int(0.99 * len(lat)))]) if lat else None,
                "max": _ms(lat[-1]) if lat else None,
            },
            **({"abuse": self.abuse, "strangers": list(self.strangers)}
               if self.abuse is not None else {}),
        }


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def format_load(report: dict[str, Any]) -> str:
    """The report as a few lines."""
    lat = report["latency_ms"]
    abuse = report.get("abuse")
    per_move = report.get("server_cpu_ms_per_move")
    cpu = [] if per_move is None else [
        f"server CPU time (user and system, every thread) per move: {per_move} ms"]
    chosen = report.get("strangers")
    which = "" if not chosen or set(chosen) == set(STRANGERS) else f" ({', '.join(chosen)} alone)"
    lines = [] if abuse is None else [
        f"meanwhile, strangers{which} each from an address of their own: "
        f"{abuse['search_tables']} tables of searches at the longest think; "
        f"{abuse['bodies_sent']} bodies of 10 MB ({abuse['bodies_refused']} refused unread); "
        f"{abuse['non_readers']} WebSockets that never read ({abuse['non_readers_cut']} cut "
        f"off); {abuse['tables_asked']} tables asked for by one address "
        f"({abuse['tables_refused']} refused); {abuse['idle_opened']} connections whose "
        f"headers never end ({abuse['idle_closed']} closed); {abuse['flood_messages']} "
        f"messages from one WebSocket (cut off {abuse['flood_cut']} times); "
        f"{abuse['chat_sent']} chat messages from one spectator ({abuse['chat_refused']} "
        f"refused); {abuse['lobby_watchers']} lobby watchers and {abuse['lobby_asked']} "
        "readings of the lobby from one address; from ten more, "
        f"{abuse.get('crowd_spectators', 0)} spectators of one table and "
        f"{abuse.get('crowd_watchers', 0)} lobby watchers held open, and "
        f"{abuse.get('churn_opened', 0)} WebSockets opened and closed at once "
        f"({abuse.get('churn_refused', 0)} refused)"]
    return "\n".join([
        f"{report['tables']} tables of {report['game']} (one person's seat each, played by a "
        f"WebSocket client after {report['think']:g} s; computer players after "
        f"{report['bot_delay']:g} s), measured for {report['seconds']:g} s",
        f"moves: {report['moves']} ({report['moves_per_second']:.0f}/s), "
        f"of which the clients' {report['client_moves']}; errors: {report['errors']}",
        f"latency from a move sent to its state received: p50 {lat['p50']} ms, "
        f"p99 {lat['p99']} ms, max {lat['max']} ms",
        *cpu,
        *lines,
    ])


def cpu_seconds(pids: list[int]) -> float | None:
    """The CPU seconds (user and system, all threads) the processes ``pids`` have used so
    far, from ``/proc/<pid>/stat``; None where there is no ``/proc`` or a process is gone."""
    import os

    total = 0
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return None
        fields = stat[stat.rindex(")") + 2:].split()  # after the command's name
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: The longest think of the server in an abuse run (the default of ``paiju serve``).
ABUSE_THINK = 3.0
#: Tables each client address plays in an abuse run.
TABLES_PER_ADDRESS = 8


def client_address(n: int, abuse: bool) -> str | None:
    """The loopback address table ``n``'s client comes from in an abuse run."""
    if not abuse:
        return None
    k = n // TABLES_PER_ADDRESS
    return f"127.0.{1 + k // 250}.{1 + k % 250}"


def start_server(db: Path | str, port: int, bot_delay: float,
                 abuse: bool = False) -> subprocess.Popen[bytes]:
    """``paiju serve`` on ``port`` (waits until it answers)."""
    import httpx

    # one client address plays every table: lift the limits per address (an abuse run
    # keeps them, its clients coming from many addresses)
    lifted = [] if abuse else ["--tables-per-minute", "1000000",
                               "--connections-per-client", "0",
                               "--requests-per-second", "0", "--websockets-per-second", "0"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "paiju.cli", "serve", "--port", str(port), "--db", str(db),
         "--delay", str(bot_delay), "--next-delay", "0", "--grace", "3600",
         "--max-think", str(ABUSE_THINK), *lifted],
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

    def __init__(self, url: str, think: float, rng: random.Random, report: LoadReport,
                 address: str | None = None):
        self.url = url
        self.address = address
        self.think = think
        self.rng = rng
        self.report = report
        self.sent: float | None = None
        self.measuring = False

    async def run(self, stop: asyncio.Event) -> None:
        from websockets.asyncio.client import connect

        local: dict[str, Any] = ({} if self.address is None
                                 else {"local_addr": (self.address, 0)})
        async with connect(self.url, max_size=None, **local) as ws:
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


def count_moves(db: Path | str, tables: list[str]) -> int:
    """The actions of ``tables`` stored so far, as the store counts them."""
    from paiju.web.store import open_store

    store = open_store(db)
    try:
        return sum(store.action_count(t) for t in tables)
    finally:
        store.close()


async def drive(ports: list[int], db: Path | str, report: LoadReport, seed: int,
                abuse: bool = False, pids: list[int] | None = None,
                strangers: tuple[str, ...] = STRANGERS) -> None:
    import httpx

    bots = ["heuristic"] * 3
    clients = []
    tables: list[str] = []
    rng = random.Random(seed)
    https: dict[tuple[str | None, int], httpx.AsyncClient] = {}
    try:
        for n in range(report.tables):
            address = client_address(n, abuse)
            port = ports[n % len(ports)]  # the table's server, as a proxy's hash picks one
            if (address, port) not in https:
                transport = httpx.AsyncHTTPTransport(local_address=address)
                https[address, port] = httpx.AsyncClient(
                    base_url=f"http://127.0.0.1:{port}", timeout=30, transport=transport)
            http = https[address, port]
            made = await http.post("/api/tables", json={
                "game": report.game, "players": 4, "hands": 100, "seats": ["human", *bots]})
            table = made.json()["table"]
            tables.append(table)
            seat = await http.post(f"/api/tables/{table}/seats/0", json={"name": f"P{n}"})
            token = seat.json()["token"]
            clients.append(Client(f"ws://127.0.0.1:{port}/ws/{table}?token={token}",
                                  report.think, random.Random(rng.random()), report, address))
    finally:
        for http in https.values():
            await http.aclose()
    process = None
    if abuse:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "paiju.web.abuse", str(ports[0]), str(WARMUP + report.seconds),
            str(ABUSE_THINK), ",".join(strangers), stdout=asyncio.subprocess.PIPE)
        report.strangers = strangers
    stop = asyncio.Event()
    collector = Collector()  # the clients' process collects as the server does
    collector.start()
    tasks = [asyncio.get_running_loop().create_task(c.run(stop)) for c in clients]
    await asyncio.sleep(WARMUP)
    before = await asyncio.to_thread(count_moves, db, tables)
    cpu_before = cpu_seconds(pids or [])
    began = time.monotonic()
    for c in clients:
        c.measuring = True
    await asyncio.sleep(report.seconds)
    for c in clients:
        c.measuring = False
    report.seconds = round(time.monotonic() - began, 2)  # from count to count
    cpu_after = cpu_seconds(pids or [])
    if pids and cpu_before is not None and cpu_after is not None:
        report.server_cpu = cpu_after - cpu_before
    report.moves = await asyncio.to_thread(count_moves, db, tables) - before
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    collector.stop()
    if process is not None:
        out, _ = await process.communicate()
        report.abuse = json.loads(out.decode().strip().splitlines()[-1])


def run_load(tables: int = 500, seconds: float = 20.0, think: float = 1.0,
             bot_delay: float = 0.6, game: str = FIRST_GAME, seed: int = 0,
             abuse: bool = False, db: str | None = None, servers: int = 1,
             strangers: tuple[str, ...] = STRANGERS) -> dict[str, Any]:
    """Start ``servers`` servers on ``db`` (a PostgreSQL address; by default a fresh SQLite
    file, one server), play ``tables`` tables on them for ``seconds``, and report (with
    ``abuse``, while the ``strangers``, by default all, do what the limits are for)."""
    report = LoadReport(tables, game, seconds, think, bot_delay,
                        store="sqlite" if db is None else "postgresql", servers=servers)
    with tempfile.TemporaryDirectory(prefix="paiju-bench-") as tmp:
        where: Path | str = Path(tmp) / "bench.sqlite3" if db is None else db
        procs: list[subprocess.Popen[bytes]] = []
        try:
            ports = []
            for _ in range(servers):
                ports.append(free_port())
                procs.append(start_server(where, ports[-1], bot_delay, abuse))
            with asyncio.Runner(loop_factory=_loop_factory()) as runner:
                runner.run(drive(ports, where, report, seed, abuse, [p.pid for p in procs],
                                 strangers))
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
    return report.to_json()


def compare(postgres: str, tables: int = 500, seconds: float = 20.0, think: float = 1.0,
            bot_delay: float = 0.6, game: str = FIRST_GAME, seed: int = 0) -> list[dict[str, Any]]:
    """The same load on a fresh SQLite file (one server), then on the PostgreSQL database
    ``postgres`` with one server and with two: a report each."""
    args = (tables, seconds, think, bot_delay, game, seed)
    return [run_load(*args), run_load(*args, db=postgres),
            run_load(*args, db=postgres, servers=2)]


def format_compare(reports: list[dict[str, Any]]) -> str:
    """The reports of :func:`compare` as a table, one line a run."""
    first = reports[0]
    lines = [f"{first['tables']} tables of {first['game']} (one person's seat each, played "
             f"after {first['think']:g} s; computer players after {first['bot_delay']:g} s)",
             f"{'store':<11} {'servers':>7} {'moves/s':>8} {'p50 ms':>8} {'p99 ms':>8} "
             f"{'errors':>6}"]
    for r in reports:
        lat = r["latency_ms"]
        lines.append(f"{r['store']:<11} {r['servers']:>7} {r['moves_per_second']:>8.0f} "
                     f"{lat['p50']!s:>8} {lat['p99']!s:>8} {r['errors']:>6}")
    return "\n".join(lines)
