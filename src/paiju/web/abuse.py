"""``paiju bench --server --abuse``: strangers doing everything the server's limits are for,
all at once, while the load benchmark's tables are measured (docs/server.md, "Security and
limits"; docs/performance.md).

Run as its own process (``python -m paiju.web.abuse PORT SECONDS MAX_THINK [NAMES]``, NAMES
those of :data:`STRANGERS` to run, comma-separated; by default all) beside the
measured clients, so that its work never delays theirs. Each stranger comes from its own
loopback address, as strangers on a network would, and every loop is bounded by the run's
time. It prints what it did as one line of JSON.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

from paiju.core.games import GAMES, default_players, get_game

#: The games the abuse is played at: the registry's first two (paiju's own), the first
#: at its smallest table (a person and computers) and at the table its commands seat.
GAME, OTHER = list(GAMES)[:2]
SMALL = get_game(GAME).player_counts[0]
SMALL_SEATS = ["human"] + ["random"] * (SMALL - 1)
#: The players at the searchers' tables and at the busy table of computers.
FULL, OTHER_FULL = default_players(get_game(GAME)), default_players(get_game(OTHER))

#: The loopback address of each kind of stranger.
SEARCHER, BODIES, NON_READER, TABLE_FLOOD, IDLE, MESSAGE_FLOOD, CHAT_FLOOD, LOBBY_FLOOD = (
    f"127.0.0.{n}" for n in range(2, 10))
#: The crowd's ten addresses, and what each holds open: spectators and lobby watchers
#: (with its churn, under the 64 connections an address may hold).
CROWD = tuple(f"127.0.3.{n}" for n in range(1, 11))
CROWD_EACH = 15


@dataclass
class Abuse:
    """What the strangers did."""

    search_tables: int = 0  # tables of searches at the longest think, watched
    bodies_sent: int = 0  # requests with a 10 MB body
    bodies_refused: int = 0  # ... answered 413
    non_readers: int = 0  # WebSocket spectators that never read
    non_readers_cut: int = 0  # ... cut off by the server
    tables_asked: int = 0  # tables asked for by one address, as fast as it can
    tables_refused: int = 0  # ... refused (429)
    idle_opened: int = 0  # connections whose headers never end
    idle_closed: int = 0  # ... closed by the server
    flood_messages: int = 0  # messages sent by a WebSocket as fast as it can
    flood_cut: int = 0  # ... times the server cut it off
    chat_sent: int = 0  # chat messages sent as fast as a spectator can write them
    chat_refused: int = 0  # ... refused (one a second)
    lobby_asked: int = 0  # readings of the lobby asked for as fast as one address can
    lobby_watchers: int = 0  # lobby WebSockets held open by one address
    crowd_spectators: int = 0  # spectators of one live table held open by ten addresses
    crowd_watchers: int = 0  # lobby WebSockets held open by the same ten
    churn_opened: int = 0  # WebSockets (a table's, the lobby's) opened and closed at once
    churn_refused: int = 0  # ... refused (each address's budget of new WebSockets)


async def _http(address: str, port: int) -> Any:
    import httpx

    return httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30,
                             transport=httpx.AsyncHTTPTransport(local_address=address))


async def searchers(port: int, max_think: float, until: float, did: Abuse) -> None:
    """Four tables of searches at the longest think the server allows, watched."""
    from websockets.asyncio.client import connect

    async with await _http(SEARCHER, port) as http:
        watchers = []
        for _ in range(4):
            made = (await http.post("/api/tables", json={
                "game": GAME, "players": FULL, "hands": 100,
                "seats": [f"ismcts:time={max_think:g}"] * FULL})).json()
            watchers.append(await connect(f"ws://127.0.0.1:{port}/ws/{made['table']}",
                                          local_addr=(SEARCHER, 0), max_size=None))
            await http.post(f"/api/tables/{made['table']}/start",
                            json={"token": made["creator"]})
            did.search_tables += 1
        while time.monotonic() < until:  # read what they are sent, as a spectator does
            for w in watchers:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(w.recv(), 0.1)
        for w in watchers:
            await w.close()


async def bodies(port: int, until: float, did: Abuse) -> None:
    """Requests with 10 MB bodies, one after the other."""
    body = b"[" + b" " * 10_000_000 + b"]"
    head = (b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % len(body))
    while time.monotonic() < until:
        did.bodies_sent += 1
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                           local_addr=(BODIES, 0))
        except OSError:
            await asyncio.sleep(0.1)
            continue
        try:
            writer.write(head + body)
            with contextlib.suppress(OSError):
                await asyncio.wait_for(writer.drain(), 5)
            answer = await asyncio.wait_for(reader.read(100), 5)
            did.bodies_refused += answer.startswith(b"HTTP/1.1 413")
        except ConnectionError:  # refused and closed before all of it was sent
            did.bodies_refused += 1
        except (OSError, TimeoutError):
            await asyncio.sleep(0.1)
        finally:
            writer.close()


async def non_readers(port: int, until: float, did: Abuse) -> None:
    """Spectators of a busy table of computers that never read what they are sent."""
    import httpx

    async with await _http(NON_READER, port) as http:
        made = (await http.post("/api/tables", json={
            "game": OTHER, "players": OTHER_FULL, "hands": 100,
            "seats": ["random"] * OTHER_FULL})).json()
        table = made["table"]
        socks = []
        for _ in range(20):
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.bind((NON_READER, 0))
            s.setblocking(False)
            await asyncio.get_running_loop().sock_connect(s, ("127.0.0.1", port))
            s.send(f"GET /ws/{table} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                   "Sec-WebSocket-Version: 13\r\n\r\n".encode())
            socks.append(s)
            did.non_readers += 1
        with contextlib.suppress(httpx.HTTPError):
            await http.post(f"/api/tables/{table}/start", json={"token": made["creator"]})
    while time.monotonic() < until:
        await asyncio.sleep(0.5)
    did.non_readers_cut = sum(_closed(s) for s in socks)
    for s in socks:
        s.close()


def _closed(s: socket.socket) -> bool:
    try:
        while True:
            if not s.recv(1 << 20):
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True


async def table_flood(port: int, until: float, did: Abuse) -> None:
    """One address asking for tables as fast as it can."""
    async with await _http(TABLE_FLOOD, port) as http:
        body = {"game": GAME, "players": SMALL, "seats": SMALL_SEATS}
        while time.monotonic() < until:
            did.tables_asked += 1
            answer = await http.post("/api/tables", json=body)
            did.tables_refused += answer.status_code == 429


async def idle(port: int, until: float, did: Abuse) -> None:
    """A thousand connections whose headers never end, opened again as they are closed."""
    loop = asyncio.get_running_loop()
    held: list[socket.socket] = []
    while time.monotonic() < until:
        alive = []
        for s in held:
            if _closed(s):
                did.idle_closed += 1
                s.close()
            else:
                alive.append(s)
        held = alive
        while len(held) < 1000 and time.monotonic() < until:
            s = socket.socket()
            s.setblocking(False)
            try:
                s.bind((IDLE, 0))
                await asyncio.wait_for(loop.sock_connect(s, ("127.0.0.1", port)), 1)
                s.send(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
            except (OSError, TimeoutError):
                s.close()
                await asyncio.sleep(0.05)
                continue
            held.append(s)
            did.idle_opened += 1
        await asyncio.sleep(0.5)
    for s in held:
        s.close()


async def flood_table(port: int) -> str:
    """The table the message flood connects to, made before the run's clock starts (on a
    busy machine, making it could take the whole run)."""
    async with await _http(MESSAGE_FLOOD, port) as http:
        made = (await http.post("/api/tables", json={
            "game": GAME, "players": SMALL, "seats": SMALL_SEATS})).json()
    return str(made["table"])


async def message_flood(port: int, table: str, until: float, did: Abuse) -> None:
    """A WebSocket sending pings as fast as it can, connecting again when it is cut."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidStatus

    while time.monotonic() < until:
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws/{table}",
                               local_addr=(MESSAGE_FLOOD, 0)) as ws:
                while time.monotonic() < until:
                    await ws.send('{"type": "ping"}')
                    did.flood_messages += 1
        except (ConnectionClosed, InvalidStatus, OSError):
            did.flood_cut += 1
            await asyncio.sleep(0.05)


async def chat_table(port: int) -> str:
    """The table the chat flood writes in, made before the run's clock starts (as
    :func:`flood_table`)."""
    async with await _http(CHAT_FLOOD, port) as http:
        made = (await http.post("/api/tables", json={
            "game": GAME, "players": SMALL, "spectators_chat": True,
            "seats": SMALL_SEATS})).json()
    return str(made["table"])


async def chat_flood(port: int, table: str, until: float, did: Abuse) -> None:
    """A spectator writing in a table's chat as fast as the table lets it (at the rate a
    connection may send, not to be cut off: the chat's own limit is what is measured)."""
    import json

    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    while time.monotonic() < until:
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws/{table}",
                               local_addr=(CHAT_FLOOD, 0)) as ws:
                while time.monotonic() < until:
                    await ws.send(json.dumps({"type": "chat", "text": "spam " * 30}))
                    did.chat_sent += 1
                    await _count_refusals(ws, 0.01, did)
                    await asyncio.sleep(0.06)
                await _count_refusals(ws, 0.5, did)  # the answers still on their way
        except (ConnectionClosed, OSError):
            await asyncio.sleep(0.05)


async def _count_refusals(ws: Any, wait: float, did: Abuse) -> None:
    """Read what the server has sent the chat flood, counting its refusals, until
    ``wait`` seconds pass without a message or ``wait`` seconds have passed in all (the
    table's own states keep coming)."""
    by = time.monotonic() + wait
    with contextlib.suppress(TimeoutError):
        while time.monotonic() < by:
            reply = json.loads(await asyncio.wait_for(ws.recv(), wait))
            did.chat_refused += reply.get("type") == "error"


async def lobby_flood(port: int, until: float, did: Abuse) -> None:
    """One address holding lobby WebSockets open and reading the lobby as fast as it can,
    both at once."""
    from websockets.asyncio.client import connect

    async def watcher() -> Any:
        with contextlib.suppress(OSError, TimeoutError):
            ws = await asyncio.wait_for(connect(
                f"ws://127.0.0.1:{port}/ws/lobby", local_addr=(LOBBY_FLOOD, 0)), 5)
            did.lobby_watchers += 1
            return ws
        return None

    async def readings() -> None:
        async with await _http(LOBBY_FLOOD, port) as http:
            while time.monotonic() < until:
                with contextlib.suppress(Exception):
                    await http.get("/api/lobby")
                    did.lobby_asked += 1

    reading = asyncio.ensure_future(readings())
    watchers = await asyncio.gather(*(watcher() for _ in range(50)))
    await reading
    for w in watchers:
        if w is not None:
            with contextlib.suppress(Exception):
                await w.close()


async def crowd(port: int, until: float, did: Abuse) -> None:
    """Ten addresses, each holding 15 spectators of one live public table (a person's seat
    taken, never played: it waits on them) and 15 lobby watchers open, and opening and
    closing WebSockets (the table's and the lobby's, in turn) as fast as they can:
    spectators' and watchers' arrivals and departures, and reconnect storms."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    async with await _http(CROWD[0], port) as http:  # a live table waiting on a person
        made = (await http.post("/api/tables", json={
            "game": OTHER, "players": OTHER_FULL, "hands": 100, "public": True,
            "seats": ["human"] + ["random"] * (OTHER_FULL - 1)})).json()
        await http.post(f"/api/tables/{made['table']}/seats/0", json={"name": "Crowd"})
    urls = (f"ws://127.0.0.1:{port}/ws/{made['table']}", f"ws://127.0.0.1:{port}/ws/lobby")

    async def hold(address: str, url: str) -> Any:
        with contextlib.suppress(OSError, TimeoutError, InvalidStatus):
            ws = await asyncio.wait_for(connect(url, local_addr=(address, 0)), 5)
            if url == urls[0]:
                did.crowd_spectators += 1
            else:
                did.crowd_watchers += 1
            return ws
        return None

    async def read(ws: Any) -> None:  # a spectator reads what it is sent
        with contextlib.suppress(Exception):
            async for _ in ws:
                if time.monotonic() >= until:
                    return

    async def churn(address: str) -> None:
        n = 0
        while time.monotonic() < until:
            n += 1
            try:
                async with connect(urls[n % 2], local_addr=(address, 0)):
                    did.churn_opened += 1
            except InvalidStatus:
                did.churn_refused += 1
                await asyncio.sleep(0.01)
            except (OSError, TimeoutError):
                await asyncio.sleep(0.05)

    async def hold_all(address: str) -> list[Any]:  # one after another, as pages come
        return [await hold(address, u) for _ in range(CROWD_EACH) for u in urls]

    await asyncio.sleep(1.0)  # the other strangers first: they set up tables
    churning = asyncio.gather(*(churn(a) for a in CROWD))  # while the crowd gathers
    held = [ws for each in await asyncio.gather(*(hold_all(a) for a in CROWD))
            for ws in each]
    readers = [asyncio.ensure_future(read(ws)) for ws in held if ws is not None]
    await churning
    for ws in held:
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.close()
    for r in readers:
        r.cancel()


#: The strangers by name (``paiju bench --server --abuse --strangers``), in the order they
#: are started.
STRANGERS = ("searchers", "bodies", "non-readers", "table-flood", "idle", "message-flood",
             "chat-flood", "lobby-flood", "crowd")


async def abuse(port: int, seconds: float, max_think: float,
                strangers: tuple[str, ...] = STRANGERS) -> Abuse:
    """The ``strangers`` (by default every one) at once for ``seconds``."""
    did = Abuse()
    table = await flood_table(port) if "message-flood" in strangers else ""
    chatted = await chat_table(port) if "chat-flood" in strangers else ""
    until = time.monotonic() + seconds
    each = {"searchers": lambda: searchers(port, max_think, until, did),
            "bodies": lambda: bodies(port, until, did),
            "non-readers": lambda: non_readers(port, until, did),
            "table-flood": lambda: table_flood(port, until, did),
            "idle": lambda: idle(port, until, did),
            "message-flood": lambda: message_flood(port, table, until, did),
            "chat-flood": lambda: chat_flood(port, chatted, until, did),
            "lobby-flood": lambda: lobby_flood(port, until, did),
            "crowd": lambda: crowd(port, until, did)}
    results = await asyncio.gather(*(each[name]() for name in STRANGERS if name in strangers),
                                   return_exceptions=True)
    for r in results:
        if isinstance(r, BaseException):
            print(f"paiju abuse: {type(r).__name__}: {r}", file=sys.stderr)
    return did


def main(argv: list[str]) -> None:
    port, seconds, max_think = int(argv[0]), float(argv[1]), float(argv[2])
    strangers = tuple(argv[3].split(",")) if len(argv) > 3 else STRANGERS
    did = asyncio.run(abuse(port, seconds, max_think, strangers))
    print(json.dumps(asdict(did)))


if __name__ == "__main__":
    main(sys.argv[1:])
