"""The store on a real SQLite file and on a real PostgreSQL database (the same tests over
both): one transaction per action, durable through kill -9; SQLite's WAL and checkpoints."""

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import web_helpers

from paiju.web.store import SeatRow, Store, StoreError, TableRow, TableStore, open_store

pg_cluster, pg_db = web_helpers.pg_cluster, web_helpers.pg_db  # the fixtures


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Where a test's tables are kept: a new SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "db.sqlite3"
    address: str = request.getfixturevalue("pg_db")
    return address


def new_table(store: TableStore, table_id: str = "t1", public: bool = False) -> TableRow:
    row = TableRow(
        id=table_id, game="lukfu",
        settings={"rules": "hongkong", "players": 3, "hands": 2, "public": public,
                  "name": "六虎 — Ann's"},
        seed=2**62 - 1, seats=[SeatRow(0, "human"), SeatRow(1, "human"), SeatRow(2, "bot", "random",
                                                                          "random")],
    )
    store.create_table(row)
    return row


def test_the_file_is_in_wal_mode_at_schema_version_3(tmp_path: Path) -> None:
    path = tmp_path / "paiju.sqlite3"
    Store(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == 3


def test_a_table_reads_back_after_reopening(db: Path | str) -> None:
    store = open_store(db)
    new_table(store)
    store.take_seat("t1", 0, "Ann", "secret")
    store.add_action("t1", 1, 0, {"seat": 0, "do": "pass", "cards": ["天", "地"]}, "human")
    store.close()
    again = open_store(db)
    row = again.load("t1")
    assert row is not None
    assert row.game == "lukfu" and row.seed == 2**62 - 1 and row.settings == {
        "rules": "hongkong", "players": 3, "hands": 2, "public": False, "name": "六虎 — Ann's"}
    assert not row.started and row.creator is None and row.next_id is None
    assert [(s.player, s.kind, s.name, s.token) for s in row.seats] == [
        (0, "human", "Ann", "secret"), (1, "human", None, None), (2, "bot", "random", None)]
    assert [(a.hand, a.idx, a.action, a.by) for a in row.actions] == [
        (1, 0, {"seat": 0, "do": "pass", "cards": ["天", "地"]}, "human")]
    assert again.table_ids() == ["t1"]
    assert again.load("nope") is None
    again.close()


def test_a_taken_seat_cannot_be_taken_again(db: Path | str) -> None:
    store = open_store(db)
    new_table(store)
    store.take_seat("t1", 1, "Ann", "a")
    with pytest.raises(StoreError, match="seat 1 is already taken"):
        store.take_seat("t1", 1, "Bob", "b")
    with pytest.raises(StoreError):
        store.take_seat("t1", 2, "Bob", "b")  # a computer's seat
    row = store.load("t1")
    assert row is not None and row.seats[1].name == "Ann" and row.seats[1].token == "a"


def test_start_turns_empty_seats_into_computer_players(db: Path | str) -> None:
    store = open_store(db)
    new_table(store)
    store.start("t1", [SeatRow(1, "bot", "heuristic", "heuristic")])
    row = store.load("t1")
    assert row is not None and row.started
    assert (row.seats[1].kind, row.seats[1].bot) == ("bot", "heuristic")


def test_an_action_and_the_record_it_finishes_are_one_transaction(db: Path | str) -> None:
    store = open_store(db)
    new_table(store)
    store.add_action("t1", 1, 0, {"seat": 0, "do": "pass"}, "human")
    with pytest.raises(StoreError, match="action 0 of hand 1 is already stored"):
        store.add_action("t1", 1, 0, {"seat": 1, "do": "pass"}, "bot",
                         finished=({"game": "lukfu"}, {"outcome": "no_call"}))
    assert store.hand_record("t1", 1) is None  # the record was rolled back with the action
    store.add_action("t1", 1, 1, {"seat": 1, "do": "pass"}, "bot",
                     finished=({"game": "lukfu", "actions": []}, {"outcome": "no_call"}))
    assert store.hand_record("t1", 1) == {"game": "lukfu", "actions": []}
    row = store.load("t1")
    assert row is not None and set(row.finished) == {1} and store.action_count("t1") == 2


def test_every_committed_action_survives_kill_9(db: Path | str) -> None:
    maker = open_store(db)
    new_table(maker)
    maker.release(["t1"])  # for the process below to take (on a database servers share)
    script = textwrap.dedent(f"""
        import os, signal, sys
        from paiju.web.store import open_store
        store = open_store({str(db)!r})
        assert store.take("t1")  # another process: the table is its once it takes it
        for i in range(200):
            store.add_action("t1", 1, i, {{"seat": i % 3, "do": "pass"}}, "bot")
        print("written", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env={**os.environ}, timeout=60)
    assert proc.returncode == -signal.SIGKILL and "written" in proc.stdout
    row = open_store(db).load("t1")
    assert row is not None and [a.idx for a in row.actions] == list(range(200))


def test_the_log_is_checkpointed_by_the_stores_thread_and_kept_small(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from paiju.web import store as store_module

    monkeypatch.setattr(store_module, "CHECKPOINT_EVERY", 0.02)
    monkeypatch.setattr(store_module, "WAL_FRAMES", 40)
    path = tmp_path / "db.sqlite3"
    store = Store(path)
    assert store._db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    store.create_table(TableRow("t1", "lukfu", {"game": "lukfu"}, 7, seats=[SeatRow(0, "human")]))
    biggest = 0
    for i in range(600):
        store.add_action("t1", 1, i, {"seat": 0, "do": "pass"}, "human")
        if i % 50 == 0:
            time.sleep(0.2)  # the thread's turns (ten of them, on a busy machine too)
            biggest = max(biggest, (tmp_path / "db.sqlite3-wal").stat().st_size)
    time.sleep(0.1)
    other = sqlite3.connect(path)
    busy, frames, done = other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    other.close()
    assert busy == 0 and frames == done  # everything written was copied by the thread
    assert biggest < 600 * 4096  # restarted on the way, not one page per action
    loaded = store.load("t1")
    assert loaded is not None and len(loaded.actions) == 600
    store.close()
    assert not store._checkpoints.is_alive()


def test_a_hand_over_at_the_deal_is_stored_once_as_its_record(db: Path | str) -> None:
    store = open_store(db)
    new_table(store)
    store.finish_hand("t1", 1, {"actions": []}, {"outcome": "five_tigers"})
    with pytest.raises(StoreError, match="hand 1 is already stored as finished"):
        store.finish_hand("t1", 1, {"actions": ["changed"]}, {"outcome": "changed"})
    store.close()
    again = open_store(db)
    assert again.hand_record("t1", 1) == {"actions": []}
    row = again.load("t1")
    assert row is not None and row.finished == {1: {"actions": []}} and row.actions == []
    again.close()


def test_the_lobby_seats_rematches_and_late_seats_read_back(db: Path | str) -> None:
    store = open_store(db)
    new_table(store, "old", public=True)
    new_table(store, "private")
    new_table(store, "new", public=True)
    store.take_seat("new", 0, "Ann", "secret")
    store.finish_hand("old", 1, {"actions": []}, {"outcome": "five_tigers"})
    listed = store.public_tables(10)
    assert [(t.id, t.started, t.finished) for t in listed] == [("new", False, 0),
                                                               ("old", False, 1)]
    assert [(s.player, s.name, s.token) for s in listed[0].seats] == [
        (0, "Ann", "taken"), (1, None, None), (2, "random", None)]  # no secret shown
    assert [t.id for t in store.public_tables(1)] == ["new"]
    assert store.set_next("old", "r1") == "r1"
    assert store.set_next("old", "r2") == "r1"  # the first rematch asked for stands
    store.take_computer_seat("new", 2, "Bob", "b")
    with pytest.raises(StoreError, match="seat 2 is not a computer player's"):
        store.take_computer_seat("new", 2, "Cy", "c")
    store.free_seat("new", 0)
    assert [(s.player, s.kind, s.bot, s.name, s.token) for s in store.seats_of("new")] == [
        (0, "human", None, None, None), (1, "human", None, None, None),
        (2, "human", None, "Bob", "b")]
    store.close()
    again = open_store(db)
    row = again.load("old")
    assert row is not None and row.next_id == "r1" and row.finished == {1: {"actions": []}}
    assert again.table_ids() == ["old", "private", "new"]
    again.close()


def test_a_file_of_schema_version_1_is_brought_to_version_3_and_reads_back(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript("""
        CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, settings TEXT NOT NULL,
            seed INTEGER NOT NULL, created REAL NOT NULL, started INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id),
            player INTEGER NOT NULL, kind TEXT NOT NULL, bot TEXT, name TEXT, token TEXT,
            PRIMARY KEY (table_id, player));
        INSERT INTO tables VALUES ('t1', 'lukfu', '{"hands":1}', 5, 0.0, 1);
        INSERT INTO seats VALUES ('t1', 0, 'human', NULL, 'Ann', 'a');
    """)
    old.close()
    store = Store(path)
    row = store.load("t1")
    assert row is not None and row.started and row.settings == {"hands": 1}
    assert (row.creator, row.next_id) == (None, None)
    assert [(s.player, s.name) for s in row.seats] == [(0, "Ann")]
    assert store.public_tables(10) == []  # a table of an older file is private
    store.close()
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 3
