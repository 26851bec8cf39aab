"""Several ``paiju serve`` processes on one throwaway PostgreSQL, each table owned by one of
them at a time (docs/deploy.md, "Several processes: one owner per table").

The clients of a table go where the reverse proxy's hash of its id sends them: to its
owner, while the other servers answer 503 "the table is moving"; when the owner dies, to
another server, which takes the table over once the dead one's lease has run out. Here the
tests play the proxy, and check that a whole hand survives its owner's ``kill -9`` with
every acknowledged action kept and each seat seeing only its own cards, that an owner
paused past its lease is fenced off when it wakes, and that every server's lobby hears
every server's tables.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import time
from pathlib import Path
from typing import Any

import pytest
import web_helpers
from test_web_api import play_hand, receive, until
from test_web_postgres import stored_actions
from web_helpers import Server, assert_seen_as, connect_moved, table_seat_of
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

pytest.importorskip("psycopg", reason="psycopg is not installed (the test extra has it)")
pg_cluster, pg_db = web_helpers.pg_cluster, web_helpers.pg_db  # the fixtures

#: The lease the kill -9 test's servers are given (seconds; `paiju serve`'s is 10 s when
#: not told, which test_web_takeover_nginx's servers keep), and the takeover's allowance
#: past it (the poll of the clients, loading and replaying the table) on a busy machine.
LEASE = 4.0
SLACK = 3.0
SEATS = ["human", "random", "heuristic", "random"]


def servers(pg_db: str, tmp_path: Path, n: int, *args: str) -> list[Server]:
    """``n`` servers on ``pg_db``, started at once (a start costs seconds on a busy machine;
    two starting together upgrade the schema one after the other, under its lock)."""
    made = [Server(pg_db, "--searchers", "1", "--name", f"s{i}", *args,
                   log=tmp_path / f"serve{i}.log") for i in range(n)]
    try:
        for server in made:
            server.launch()
        for server in made:
            server.start(launched=True)
    except BaseException:
        for server in made:
            server.stop()
        raise
    return made


def new_table(server: Server, hands: int = 1, public: bool = False) -> tuple[str, str]:
    """A table of Dai Fugō made at ``server`` with Ann at seat 0: its id and her token."""
    made = server.post("/api/tables", {"game": "daifugo", "players": 4, "hands": hands,
                                       "seats": SEATS, "public": public})
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    token = server.post(f"/api/tables/{table}/seats/0", {"name": "Ann"}).json()["token"]
    return table, token


def assert_moving(server: Server, table: str) -> None:
    """``server`` does not serve the table (another live server owns it), and says so."""
    info = server.get(f"/api/tables/{table}")
    assert info.status_code == 503 and info.headers["Retry-After"] == "2"
    assert info.json()["error"].startswith("the table is moving")
    assert set(info.json()["error_text"]) == {"en", "zh_Hant", "ja"}
    seat = server.post(f"/api/tables/{table}/seats/1", {"name": "Eve"})
    assert seat.status_code == 503  # and nothing changed


def test_a_hand_survives_its_owners_kill_9_on_another_server(
        pg_db: str, tmp_path: Path) -> None:
    a, b, c = servers(pg_db, tmp_path, 3, "--lease", f"{LEASE:g}")
    try:
        table, token = new_table(a)
        rng = random.Random(34)

        async def at_the_owner() -> list[dict[str, Any]]:
            async with connect(f"{a.ws}/ws/{table}?token={token}") as ws, \
                    connect(f"{a.ws}/ws/{table}") as spectator:
                first = await until(ws, "state")
                assert_moving(b, table)  # watched at a: the others send its clients on
                assert_moving(c, table)
                state, played = await play_hand(a, ws, rng, moves=4, first=first)
                assert played == 4 and await until(spectator, "state")
                history: list[dict[str, Any]] = state["view"]["actions"]
                return history

        seen = asyncio.run(at_the_owner())
        a.kill()  # mid-hand, the person to move
        killed = time.monotonic()

        async def at_the_next_server() -> tuple[dict[str, Any], dict[str, Any], float, int]:
            ws, state, moving = await connect_moved(f"{b.ws}/ws/{table}?token={token}")
            took = time.monotonic() - killed
            watch, _, _ = await connect_moved(f"{b.ws}/ws/{table}")
            async with ws, watch:
                if state["type"] != "state":
                    state = await until(ws, "state")
                assert state["player"] == 0 and state["hand"] == 1
                assert state["view"]["actions"][:len(seen)] == seen
                over, _ = await play_hand(b, ws, rng, first=state)
                assert over["type"] == "hand_over"
                watched = await until(watch, "hand_over")
                assert_moving(c, table)  # the new owner lives: the others send clients on
                return over, watched, took, moving

        over, watched, took, moving = asyncio.run(at_the_next_server())
        print(f"taken over {took:.1f} s after the owner's kill -9 (lease {LEASE:g} s)")
        assert moving >= 1  # the dead owner's lease was still running: 503s first
        assert took <= LEASE + SLACK
        stored = stored_actions(pg_db, table)
        assert [x["seat"] for x in stored[:len(seen)]] == [x["seat"] for x in seen]
        record = b.get(f"/api/tables/{table}/hands/1/record").json()
        assert record["actions"] == stored  # every action acknowledged was kept, once
        assert_seen_as(over["record"], record, table_seat_of(over, 0))
        assert_seen_as(watched["record"], record, None)
    finally:
        for server in (a, b, c):
            server.stop()


def test_an_owner_paused_past_its_lease_is_fenced_off_when_it_wakes(
        pg_db: str, tmp_path: Path) -> None:
    a, b = servers(pg_db, tmp_path, 2, "--lease", "2")
    try:
        table, token = new_table(a)
        rng = random.Random(5)

        async def run() -> None:
            assert a.proc is not None
            async with connect(f"{a.ws}/ws/{table}?token={token}") as stale:
                state, _ = await play_hand(a, stale, rng, moves=2)
                a.proc.send_signal(signal.SIGSTOP)  # a pause (swapping, a stopped VM)
                try:
                    ws, moved, moving = await connect_moved(f"{b.ws}/ws/{table}?token={token}")
                    assert moving >= 1
                    if moved["type"] != "state":
                        moved = await until(ws, "state")
                    assert moved["view"]["actions"] == state["view"]["actions"]
                    await play_hand(b, ws, rng, moves=2, first=moved)
                finally:
                    a.proc.send_signal(signal.SIGCONT)
                async with ws:
                    before = stored_actions(pg_db, table)
                    with pytest.raises(ConnectionClosed) as closed:
                        # the woken owner still shows the old position: a move there is
                        # refused (fenced), or the table has left it already
                        await stale.send(json.dumps({"type": "act",
                                                     "action": rng.choice(state["legal"])}))
                        while True:
                            message = await receive(stale)
                            assert message["type"] != "state" or message["view"][
                                "actions"] == state["view"]["actions"]
                    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4503
                    await asyncio.sleep(0.5)
                    assert stored_actions(pg_db, table) == before  # nothing behind b's back
                    assert len(before) >= len(state["view"]["actions"]) + 2
                    assert_moving(a, table)  # awake, it sends the table's clients on to b

        asyncio.run(run())
    finally:
        for server in (a, b):
            server.stop()


def test_every_servers_lobby_hears_every_servers_tables_and_a_stop_hands_them_on(
        pg_db: str, tmp_path: Path) -> None:
    a, b = servers(pg_db, tmp_path, 2)
    try:
        async def run() -> None:
            async with connect(f"{a.ws}/ws/lobby") as lobby:
                assert (await until(lobby, "lobby"))["tables"] == []
                table, _ = new_table(b, hands=2, public=True)  # made and seated at b
                began = time.monotonic()
                while True:
                    listing = await until(lobby, "lobby")
                    mine = [t for t in listing["tables"] if t["table"] == table]
                    if mine and mine[0]["people"] == 1:
                        break
                assert time.monotonic() - began < 5  # heard, not the 10 s refresh
                b.stop()  # a server stopping lets its tables go at once
                stopped = time.monotonic()
                ws, state, _ = await connect_moved(f"{a.ws}/ws/{table}")
                async with ws:
                    assert time.monotonic() - stopped < 3
                    if state["type"] != "state":
                        state = await until(ws, "state")
                    assert state["player"] is None and state["started"]

        asyncio.run(run())
    finally:
        for server in (a, b):
            server.stop()


def test_a_server_that_cannot_renew_in_time_lets_its_tables_go(pg_db: str) -> None:
    from paiju.web.hub import Hub
    from paiju.web.store import StoreDown
    from paiju.web.store_pg import PgStore
    from paiju.web.tables import Config

    async def run() -> None:
        store = PgStore(pg_db, "a", lease=1.5)
        hub = Hub(store, Config(bot_delay=0, next_delay=0.05))
        table = await hub.create({"game": "daifugo", "players": 4, "hands": 1,
                                  "seats": SEATS})
        ann = table.connect(await table.take_seat(0, "Ann"))
        await asyncio.sleep(2.0)  # renewed: still its
        assert hub.tables == {table.id: table} and not ann.cut

        def down(table_ids: list[str]) -> list[str]:
            raise StoreDown("the database did not answer")

        store.renew = down  # type: ignore[method-assign]
        began = time.monotonic()
        while table.id in hub.tables:
            await asyncio.sleep(0.05)
        gone = time.monotonic() - began
        assert gone < 1.5  # before the lease could pass to another server
        assert ann.cut and not table.receivers
        messages = [ann.queue.get_nowait() for _ in range(ann.queue.qsize())]
        assert messages[-1] == {"type": "cut", "code": 4503,
                                "reason": "the table is moving to another server: try "
                                          "again in a moment"}
        other = PgStore(pg_db, "b", lease=1.5)
        await asyncio.sleep(1.6)
        assert other.take(table.id)  # once the lease ran out
        other.close()
        hub.close()
        store.close()

    asyncio.run(run())


def test_a_table_nobody_watches_is_handed_back_after_three_leases(pg_db: str) -> None:
    from paiju.web.hub import HANDBACK, Hub
    from paiju.web.store_pg import PgStore
    from paiju.web.tables import Config

    async def run() -> None:
        store = PgStore(pg_db, "a", lease=2.0)
        hub = Hub(store, Config(bot_delay=0, next_delay=0.05))
        table = await hub.create({"game": "daifugo", "players": 4, "hands": 1,
                                  "seats": SEATS})
        other = PgStore(pg_db, "b", lease=2.0)
        began = time.monotonic()
        while table.id in hub.tables:  # its clients went to another server
            assert not other.take(table.id)
            await asyncio.sleep(0.1)
        assert HANDBACK * 2.0 <= time.monotonic() - began <= 2 * HANDBACK * 2.0
        unloaded = time.monotonic()
        while not other.take(table.id):
            await asyncio.sleep(0.05)
        assert time.monotonic() - unloaded < 0.8  # let go, not run out
        other.close()
        hub.close()
        store.close()

    asyncio.run(run())


def test_a_table_made_at_one_server_is_served_by_the_one_its_clients_go_to(
        pg_db: str, tmp_path: Path) -> None:
    a, b = servers(pg_db, tmp_path, 2)
    try:
        table, token = new_table(a)  # the proxy spreads new tables; the hash then picks b
        began = time.monotonic()
        info = b.get(f"/api/tables/{table}")
        assert info.status_code == 200 and info.json()["seats"][0]["name"] == "Ann"
        assert time.monotonic() - began < 2  # a let it go at once: nobody watched it there

        async def run() -> None:
            async with connect(f"{b.ws}/ws/{table}?token={token}") as ws:
                state = await until(ws, "state")
                assert state["player"] == 0 and state["hand"] == 1
                assert_moving(a, table)  # watched at b now: a sends its clients on

        asyncio.run(run())
    finally:
        for server in (a, b):
            server.stop()


def test_the_comparison_measures_sqlite_and_one_and_two_servers_on_postgres(
        pg_db: str) -> None:
    from paiju.web.loadbench import compare, format_compare

    reports = compare(pg_db, tables=4, seconds=2.0, think=0.05, bot_delay=0.0, game="daifugo")
    assert [(r["store"], r["servers"]) for r in reports] == [
        ("sqlite", 1), ("postgresql", 1), ("postgresql", 2)]
    for r in reports:
        assert r["moves"] > 0 and r["client_moves"] > 0 and r["errors"] == 0
    import psycopg

    with psycopg.connect(pg_db) as db:  # both runs' tables, each made at its own server
        owners = db.execute("SELECT COUNT(DISTINCT split_part(owner, '/', 1)), COUNT(*) "
                            "FROM leases").fetchone()
    assert owners == (3, 8)
    lines = format_compare(reports).splitlines()
    assert lines[1].split() == ["store", "servers", "moves/s", "p50", "ms", "p99", "ms",
                                "errors"]
    assert [line.split()[:2] for line in lines[2:]] == [
        ["sqlite", "1"], ["postgresql", "1"], ["postgresql", "2"]]
