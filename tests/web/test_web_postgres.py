"""The browser tables on a real PostgreSQL (a throwaway server of the test session): what
only PostgreSQL has (its schema version table and its upgrade, a database that stops
answering, the leases of several servers: taken, fenced, renewed, run out, let go, and the
lobby's announcements), the table model's own tests over it, and ``paiju serve --db
postgresql://`` as a real process that plays a hand over WebSockets and survives ``kill -9``
(several servers taking over each other's tables: test_web_takeover.py)."""

from __future__ import annotations

import asyncio
import importlib
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import test_web_tables as tables_tests
import web_helpers
from test_web_api import play_hand, until
from web_helpers import (
    PgCluster,
    Server,
    assert_seen_as,
    connect_moved,
    free_port,
    make_hub,
    table_seat_of,
)
from websockets.asyncio.client import connect

from paiju.web.lease import LeaseLost
from paiju.web.store import SeatRow, StoreDown, StoreError, TableRow

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (the test extra has it)")
store_pg = importlib.import_module("paiju.web.store_pg")  # psycopg is there: it must load
pg_cluster, pg_db = web_helpers.pg_cluster, web_helpers.pg_db  # the fixtures


def one_table(store: Any, table_id: str = "t1", public: bool = False) -> None:
    store.create_table(TableRow(table_id, "daifugo", {"game": "daifugo", "public": public}, 7,
                                seats=[SeatRow(0, "human"), SeatRow(1, "bot", "random")]))


def test_a_new_database_gets_the_schema_at_its_version_once(pg_db: str) -> None:
    first = store_pg.PgStore(pg_db)
    one_table(first)
    second = store_pg.PgStore(pg_db)  # a second opening upgrades nothing, loses nothing
    assert second.table_ids() == ["t1"]
    with psycopg.connect(pg_db) as db:
        assert db.execute("SELECT version FROM paiju_schema").fetchall() == [(4,)]
        db.execute("UPDATE paiju_schema SET version = 5")
    with pytest.raises(StoreError, match="newer than this paiju's"):
        store_pg.PgStore(pg_db)
    first.close()
    second.close()


def test_a_database_that_does_not_answer_is_store_down_and_nothing_changes(
        pg_db: str, pg_cluster: PgCluster) -> None:
    nowhere = pg_cluster.dsn("postgres").replace(str(pg_cluster.port), str(free_port()))
    with pytest.raises(StoreDown, match="did not answer"):
        store_pg.PgStore(nowhere)
    store = store_pg.PgStore(pg_db)
    one_table(store)
    with psycopg.connect(pg_cluster.dsn(), autocommit=True) as admin:  # the server drops it
        ended = admin.execute(
            "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
            "WHERE application_name LIKE 'paiju store %%' AND datname = %s",
            (psycopg.conninfo.conninfo_to_dict(pg_db)["dbname"],)).fetchall()
    assert ended == [(True,)]
    with pytest.raises(StoreDown, match="did not answer"):
        store.add_action("t1", 1, 0, {"seat": 0, "do": "pass"}, "human")
    store.add_action("t1", 1, 0, {"seat": 0, "do": "pass"}, "human")  # connected again
    assert store.action_count("t1") == 1
    store.close()


def lease_of(dsn: str, table: str) -> tuple[str, int] | None:
    with psycopg.connect(dsn) as db:
        row = db.execute("SELECT owner, epoch FROM leases WHERE table_id = %s",
                         (table,)).fetchone()
    return None if row is None else (str(row[0]), int(row[1]))


def wait_out(seconds: float) -> None:
    time.sleep(seconds + 0.2)


def test_a_table_is_one_servers_until_its_lease_runs_out_then_anothers(pg_db: str) -> None:
    a = store_pg.PgStore(pg_db, "a", lease=1.0)
    b = store_pg.PgStore(pg_db, "b", lease=1.0)
    one_table(a)  # its maker holds it
    assert lease_of(pg_db, "t1") == ("a", 1) and a.held() == {"t1": 1}
    assert not b.take("t1")  # held by a live server: the table is moving
    with pytest.raises(LeaseLost):  # b never held it: nothing written
        b.add_action("t1", 1, 0, {"seat": 0, "do": "pass"}, "human")
    a.add_action("t1", 1, 0, {"seat": 0, "do": "pass"}, "human")
    for _ in range(3):  # renewed, a keeps it past its first lease
        time.sleep(0.5)
        assert a.renew(["t1"]) == []
    assert not b.take("t1")
    wait_out(1.0)  # a stopped renewing (dead, or cut off): the lease runs out
    assert b.take("t1") and lease_of(pg_db, "t1") == ("b", 2)
    b.add_action("t1", 1, 1, {"seat": 1, "do": "pass"}, "bot")
    for write in (lambda: a.add_action("t1", 1, 2, {"seat": 0, "do": "pass"}, "human"),
                  lambda: a.take_seat("t1", 0, "Ann", "secret"),
                  lambda: a.finish_hand("t1", 1, {}, {})):
        with pytest.raises(LeaseLost):  # the stale server is fenced off
            write()
    assert a.held() == {} and a.renew(["t1"]) == ["t1"]
    assert stored_actions(pg_db, "t1") == [{"seat": 0, "do": "pass"}, {"seat": 1, "do": "pass"}]
    assert [s.token for s in b.seats_of("t1")] == [None, None]
    assert b.take("t1") and lease_of(pg_db, "t1") == ("b", 3)  # its own again: a new epoch
    b.release(["t1"])  # let go (an unloaded table, a server stopping): taken at once
    assert a.take("t1") and lease_of(pg_db, "t1") == ("a", 4)
    assert a.take("no-such-table") and lease_of(pg_db, "no-such-table") is None
    assert a.load("no-such-table") is None
    a.close()
    b.close()


def test_a_write_under_way_holds_the_lease_against_a_take(pg_db: str) -> None:
    a = store_pg.PgStore(pg_db, "a", lease=1.0)
    b = store_pg.PgStore(pg_db, "b", lease=1.0)
    one_table(a)
    epoch = a.held()["t1"]
    took: list[bool] = []
    with psycopg.connect(pg_db) as db, db.transaction():  # a's write, its fence passed
        assert db.execute(store_pg.FENCE, ("t1", "a", epoch)).fetchone() == (1,)
        wait_out(1.0)
        taking = threading.Thread(target=lambda: took.append(b.take("t1")))
        taking.start()
        taking.join(0.5)
        assert taking.is_alive() and took == []  # the take waits for the write to commit
        db.execute(store_pg.INSERT_ACTION, ("t1", 1, 0, '{"seat":0,"do":"pass"}', "human", 0.0))
    taking.join(5)
    assert took == [True] and len(b.load("t1").actions) == 1  # type: ignore[union-attr]
    a.close()
    b.close()


def test_a_database_of_schema_version_3_gains_the_leases(pg_db: str) -> None:
    with psycopg.connect(pg_db, autocommit=True) as db:
        db.execute("CREATE TABLE paiju_schema (version INTEGER NOT NULL)")
        db.execute("INSERT INTO paiju_schema (version) VALUES (3)")
        for statement in store_pg.STEPS[3]:
            db.execute(statement)
        db.execute("INSERT INTO tables (id, game, settings, seed, created) "
                   "VALUES ('old', 'daifugo', '{}', 5, 0)")
    store = store_pg.PgStore(pg_db, "a")
    with psycopg.connect(pg_db) as db:
        assert db.execute("SELECT version FROM paiju_schema").fetchall() == [(4,)]
    assert store.take("old") and lease_of(pg_db, "old") == ("a", 1)
    store.close()


def test_the_lobby_hears_every_servers_writes(pg_db: str) -> None:
    a = store_pg.PgStore(pg_db, "a")
    b = store_pg.PgStore(pg_db, "b")
    heard = threading.Event()
    said: list[str] = []
    a.listen("lobby", lambda table: (said.append(table), heard.set()))
    assert heard.wait(5) and said == [""]  # once when it starts listening
    heard.clear()
    one_table(b, "private")
    b.take_seat("private", 0, "Bo", "x")
    assert not heard.wait(1.5)  # a private table is not the lobby's
    one_table(b, "public", public=True)
    assert heard.wait(5)
    heard.clear()
    b.take_seat("public", 0, "Ann", "secret")
    assert heard.wait(5) and said == ["", "public", "public"]
    wanted: list[str] = []
    a.listen("wanted", wanted.append)
    b.want("public")
    deadline = time.monotonic() + 5
    while "public" not in wanted and time.monotonic() < deadline:
        time.sleep(0.05)
    assert wanted[-1] == "public" and said[-1] == "public"
    a.close()
    b.close()


@pytest.fixture
def tables_on_postgres(pg_cluster: PgCluster, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table model's tests, their SQLite files each replaced by a PostgreSQL database."""
    databases: dict[Path, str] = {}

    def hub_on_postgres(path: Path, **config: Any) -> Any:
        if path not in databases:
            databases[path] = pg_cluster.new_database()
        return make_hub(databases[path], **config)

    monkeypatch.setattr(tables_tests, "make_hub", hub_on_postgres)


@pytest.mark.usefixtures("tables_on_postgres")
@pytest.mark.parametrize(("game", "players"), [("lukfu", 4), ("daifugo", 4)])
def test_a_whole_session_on_postgres(tmp_path: Path, game: str, players: int) -> None:
    tables_tests.test_a_person_and_computers_play_a_whole_session(tmp_path, game, players)


@pytest.mark.usefixtures("tables_on_postgres")
def test_a_table_is_rebuilt_from_postgres_exactly_as_it_stood(tmp_path: Path) -> None:
    tables_tests.test_a_table_is_rebuilt_from_the_store_exactly_as_it_stood(tmp_path)


def stored_actions(dsn: str, table: str) -> list[dict[str, Any]]:
    with psycopg.connect(dsn) as db:
        return [json.loads(a) for (a,) in db.execute(
            "SELECT action FROM actions WHERE table_id = %s ORDER BY hand, idx", (table,))]


def test_serve_on_postgres_plays_over_websockets_and_survives_kill_9(
        pg_db: str, tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    first = Server(pg_db, "--lease", "2", log=log).start()
    try:
        made = first.post("/api/tables", {"game": "daifugo", "players": 4, "hands": 1,
                                          "seats": ["human", "random", "heuristic", "random"]})
        table = made.json()["table"]
        token = first.post(f"/api/tables/{table}/seats/0", {"name": "Ann"}).json()["token"]
        rng = random.Random(4)

        async def before() -> list[dict[str, Any]]:
            async with connect(f"{first.ws}/ws/{table}?token={token}") as ws:
                state, played = await play_hand(first, ws, rng, moves=3)
                assert state["type"] == "state" and played == 3
                history: list[dict[str, Any]] = state["view"]["actions"]
                return history

        seen = asyncio.run(before())
        first.kill()
    finally:
        first.stop()
    stored = stored_actions(pg_db, table)
    assert len(stored) >= len(seen) and [a["seat"] for a in stored[:len(seen)]] == [
        a["seat"] for a in seen]  # every action the client saw accepted was committed
    second = Server(pg_db, log=log).start()
    try:
        async def after() -> dict[str, Any]:  # once the killed server's lease ran out
            ws, state, _ = await connect_moved(f"{second.ws}/ws/{table}?token={token}")
            async with ws:
                if state["type"] != "state":
                    state = await until(ws, "state")
                assert state["player"] == 0 and state["hand"] == 1
                assert state["view"]["actions"][:len(seen)] == seen
                over, _ = await play_hand(second, ws, rng, first=state)
                assert over["type"] == "hand_over"
                return over

        over = asyncio.run(after())
        full = second.get(f"/api/tables/{table}/hands/1/record").json()
        assert full["actions"][:len(stored)] == stored  # no accepted action was lost
        assert_seen_as(over["record"], full, table_seat_of(over, 0))
    finally:
        second.stop()
