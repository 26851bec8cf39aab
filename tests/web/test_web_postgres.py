"""The browser tables on a real PostgreSQL (a throwaway server of the test session): what
only PostgreSQL has (its schema version table, a database that stops answering, one server
per database), the table model's own tests over it, and ``paiju serve --db postgresql://``
as a real process that plays a hand over WebSockets and survives ``kill -9``."""

from __future__ import annotations

import asyncio
import json
import random
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
    free_port,
    make_hub,
    table_seat_of,
)
from websockets.asyncio.client import connect

from paiju.web.store import SCHEMA_VERSION, OwnerError, SeatRow, StoreDown, StoreError, TableRow

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (the test extra has it)")
store_pg = pytest.importorskip("paiju.web.store_pg")
pg_cluster, pg_db = web_helpers.pg_cluster, web_helpers.pg_db  # the fixtures


def one_table(store: Any) -> None:
    store.create_table(TableRow("t1", "daifugo", {"game": "daifugo"}, 7,
                                seats=[SeatRow(0, "human"), SeatRow(1, "bot", "random")]))


def test_a_new_database_gets_the_schema_at_its_version_once(pg_db: str) -> None:
    first = store_pg.PgStore(pg_db)
    one_table(first)
    second = store_pg.PgStore(pg_db)  # a second opening upgrades nothing, loses nothing
    assert second.table_ids() == ["t1"]
    with psycopg.connect(pg_db) as db:
        assert db.execute("SELECT version FROM paiju_schema").fetchall() == [(SCHEMA_VERSION,)]
        db.execute("UPDATE paiju_schema SET version = %s", (SCHEMA_VERSION + 1,))
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


def test_one_server_per_database_until_it_lets_go(pg_db: str) -> None:
    owner = store_pg.PgOwnerLock(pg_db)
    with pytest.raises(OwnerError, match=r"another paiju serve \(paiju owner \d+\) is serving"):
        store_pg.PgOwnerLock(pg_db)
    owner.release()
    store_pg.PgOwnerLock(pg_db).release()


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
    first = Server(pg_db, log=log).start()
    try:
        with pytest.raises(RuntimeError, match="another paiju serve"):
            Server(pg_db, log=tmp_path / "second.log").start()  # one server per database
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
    second = Server(pg_db, log=log).start()  # the killed server's hold went with it
    try:
        async def after() -> dict[str, Any]:
            async with connect(f"{second.ws}/ws/{table}?token={token}") as ws:
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
