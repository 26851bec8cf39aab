"""Durable storage of the browser tables: one SQLite file in WAL mode, behind :class:`Store`
(or a PostgreSQL database, :mod:`paiju.web.store_pg`; :func:`open_store` chooses by ``--db``).

What is kept: each table's settings and seed, its seats (name, person or computer player,
secret token), every accepted action (one row, written in its own transaction before the
action is broadcast) and every finished hand as the referee's record with its report.
A table is rebuilt from this by dealing the session again from its seed and replaying the
actions (:mod:`paiju.web.tables`), so nothing else needs to be stored.

``synchronous=NORMAL`` in WAL mode keeps every committed transaction through a crash of the
process (``kill -9``); only a power cut can lose the last commits (``durable=True`` makes
SQLite sync the log at every commit to keep those too).
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

try:  # the owner's lock: fcntl on POSIX, msvcrt on Windows
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    settings TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    creator TEXT,
    public INTEGER NOT NULL DEFAULT 0,
    next_id TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    player INTEGER NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    name TEXT,
    token TEXT,
    PRIMARY KEY (table_id, player)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    hand INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    by TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, hand, idx)
);
CREATE TABLE IF NOT EXISTS hands (
    table_id TEXT NOT NULL REFERENCES tables(id),
    hand INTEGER NOT NULL,
    record TEXT NOT NULL,
    report TEXT NOT NULL,
    finished REAL NOT NULL,
    PRIMARY KEY (table_id, hand)
);
"""


@dataclass
class SeatRow:
    """One seat of a table: a session player, a person or a computer player."""

    player: int
    kind: str  # "human" or "bot"
    bot: str | None = None
    name: str | None = None
    token: str | None = None


@dataclass
class ActionRow:
    """One accepted action: its hand (from 1), its place in the hand, who made it."""

    hand: int
    idx: int
    action: dict[str, Any]
    by: str


@dataclass
class TableRow:
    """Everything stored of one table."""

    id: str
    game: str
    settings: dict[str, Any]
    seed: int
    started: bool = False
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[ActionRow] = field(default_factory=list)
    finished: dict[int, dict[str, Any]] = field(default_factory=dict)  # hand -> record
    creator: str | None = None  # the secret that lets its creator start the table
    next_id: str | None = None  # the table of its rematch, once one is asked for


@dataclass
class PublicRow:
    """A public table as the lobby lists it (a seat's ``token`` is only "taken" or None)."""

    id: str
    settings: dict[str, Any]
    started: bool
    finished: int  # hands over
    seats: list[SeatRow]


#: Seconds between two checkpoints of the write-ahead log (made by a thread of the store).
CHECKPOINT_EVERY = 1.0
#: Pages in the write-ahead log past which the checkpoint thread restarts it (a restart
#: holds the writer for the few pages written since the last checkpoint and one sync).
WAL_FRAMES = 8192
INSERT_ACTION = ("INSERT INTO actions (table_id, hand, idx, action, by, at) "
                 "VALUES (?, ?, ?, ?, ?, ?)")


#: Seconds a statement waits for a database locked by another connection before it fails
#: (``StoreDown``); it waits in the store's thread, never in the event loop.
BUSY_WAIT = 2.0
T = TypeVar("T")


class StoreError(Exception):
    """A write the store refused (a seat already taken, an action out of place)."""


class StoreDown(Exception):
    """The database did not answer (locked, full, or failing): nothing was written."""


class OwnerError(Exception):
    """Another process serves the same database file."""


class Shared:
    """The hold of one of several servers of a PostgreSQL database: nothing database-wide
    (each table has its own owner, by a lease: :mod:`paiju.web.lease`)."""

    def release(self) -> None:
        pass


class OwnerLock:
    """The one server of a database file: an exclusive lock on ``<db>.lock`` held while the
    process lives (the system lets it go when the process ends, even by ``kill -9``)."""

    def __init__(self, db: str | Path) -> None:
        self.path = Path(str(db) + ".lock")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.path.open("a+")
        if fcntl is None:  # pragma: no cover - Windows has no advisory locks of this kind
            return
        try:
            fcntl.flock(self._file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._file.seek(0)
            holder = self._file.read().strip() or "unknown"
            self._file.close()
            raise OwnerError(
                f"another paiju serve (process {holder}) is serving {db}: two servers on "
                "one database would split its tables apart; stop it, or give this one "
                "another --db") from None
        self._file.seek(0)
        self._file.truncate()
        self._file.write(str(os.getpid()))
        self._file.flush()

    def release(self) -> None:
        if not self._file.closed:
            self._file.close()  # closing the file lets the lock go


class TableStore(Protocol):
    """What the tables ask of a store; :class:`Store` (SQLite) and
    :class:`paiju.web.store_pg.PgStore` (PostgreSQL) keep the same promises: each write is
    one transaction, committed before the call returns; ``StoreError`` for a refused write,
    ``StoreDown`` for a database that did not answer (and then nothing was written).

    A store several processes share (PostgreSQL) has a ``lease`` of some seconds: a table is
    held by :meth:`take` (``False`` while another live process holds it: :meth:`want`
    asks it to let go), kept by :meth:`renew` and let go by :meth:`release`; each write of
    a table it no longer holds is refused with :class:`paiju.web.lease.LeaseLost`. A store
    of one process (SQLite, ``lease`` 0) takes every table at once and never loses one.
    """

    lease: float

    def close(self) -> None: ...
    def take(self, table_id: str) -> bool: ...
    def renew(self, table_ids: Sequence[str]) -> list[str]: ...
    def release(self, table_ids: Sequence[str]) -> None: ...
    def want(self, table_id: str) -> None: ...
    def listen(self, channel: str, heard: Callable[[str], None]) -> None: ...
    def create_table(self, row: TableRow) -> None: ...
    def take_seat(self, table_id: str, player: int, name: str, token: str) -> None: ...
    def start(self, table_id: str, bots: Sequence[SeatRow]) -> None: ...
    def add_action(
        self, table_id: str, hand: int, idx: int, action: dict[str, Any], by: str,
        finished: tuple[dict[str, Any], dict[str, Any]] | None = None,
    ) -> None: ...
    def take_computer_seat(self, table_id: str, player: int, name: str, token: str
                           ) -> None: ...
    def free_seat(self, table_id: str, player: int) -> None: ...
    def set_next(self, table_id: str, next_id: str) -> str: ...
    def public_tables(self, most: int) -> list[PublicRow]: ...
    def seats_of(self, table_id: str) -> list[SeatRow]: ...
    def finish_hand(self, table_id: str, hand: int, record: dict[str, Any],
                    report: dict[str, Any]) -> None: ...
    def table_ids(self) -> list[str]: ...
    def load(self, table_id: str) -> TableRow | None: ...
    def hand_record(self, table_id: str, hand: int) -> dict[str, Any] | None: ...
    def action_count(self, table_id: str) -> int: ...


class Owner(Protocol):
    """A process's hold on its database, let go by :meth:`release` (or by its end)."""

    def release(self) -> None: ...


def is_postgres(db: str | Path) -> bool:
    """Whether ``--db`` names a PostgreSQL database (a ``postgresql://`` or
    ``postgres://`` address) rather than a SQLite file."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def open_store(db: str | Path, owner: str | None = None,
               lease: float | None = None) -> TableStore:
    """The store ``--db`` names: a PostgreSQL database for a ``postgresql://`` address
    (``owner`` names this process in its leases, of ``lease`` seconds), else the SQLite
    file at that path."""
    if is_postgres(db):
        from paiju.web.store_pg import PgStore

        return PgStore(str(db), owner, lease)
    return Store(db)


def owner_of(db: str | Path) -> Owner:
    """Make this process the one server of a SQLite file (``OwnerError`` if another
    process is); a PostgreSQL database is shared, its tables owned one by one."""
    if is_postgres(db):
        from paiju.web.store_pg import connect

        connect(str(db), "start").close()  # ``StoreDown`` now, if it does not answer
        return Shared()
    return OwnerLock(db)


def shown(db: str | Path) -> str:
    """``db`` as it may be printed: a PostgreSQL address without its password."""
    if not is_postgres(db):
        return str(db)
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(str(db))
    if parts.password is None:
        return str(db)
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


class Writer:
    """Runs the store's calls on one thread of its own, so that the event loop never waits
    for the database; ``sqlite3.OperationalError`` comes back as ``StoreDown``."""

    def __init__(self) -> None:
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="paiju-store")

    async def __call__(self, call: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, _guarded, call, *args)

    def close(self) -> None:
        self._thread.shutdown(wait=True)


def _guarded(call: Callable[..., T], *args: Any) -> T:
    try:
        return call(*args)
    except sqlite3.OperationalError as err:
        raise StoreDown(f"the database did not answer: {err}") from None


class Store:
    """The SQLite file of the browser tables (one connection, used from one thread at a time)."""

    lease = 0.0  # one server per file (its OwnerLock): no leases

    def __init__(self, path: str | Path, durable: bool = False) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), isolation_level=None,
                                   check_same_thread=False, timeout=BUSY_WAIT)
        self._lock = threading.Lock()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        _upgrade(self._db)
        self._db.execute("CREATE INDEX IF NOT EXISTS tables_public ON tables (public, created)")
        # The write-ahead log is copied into the database by a thread of its own, not by
        # the commit that happens to fill it: that copy syncs the file, and it had held a
        # commit, and with it the server's one event loop, for up to 0.3 s.
        self._db.execute("PRAGMA wal_autocheckpoint=0")
        self._stop = threading.Event()
        self._checkpoints = threading.Thread(target=self._checkpoint_loop, daemon=True,
                                             name="paiju-checkpoint")
        self._checkpoints.start()

    def _checkpoint_loop(self) -> None:
        """Copy the log into the database every ``CHECKPOINT_EVERY`` seconds (a passive
        checkpoint: it never waits for, nor blocks, the writer)."""
        db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.wait(CHECKPOINT_EVERY):
                try:
                    _, frames, _ = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    if frames > WAL_FRAMES:  # the writer never left a gap to restart the log
                        db.execute("PRAGMA wal_checkpoint(RESTART)")
                except sqlite3.Error:  # busy or locked now: the next turn tries again
                    continue
        finally:
            db.close()

    def close(self) -> None:
        self._stop.set()
        self._checkpoints.join(timeout=10)
        self._db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed whole, or rolled back whole."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def take(self, table_id: str) -> bool:
        """Every table of the file is this process's (it is the file's one server)."""
        return True

    def renew(self, table_ids: Sequence[str]) -> list[str]:
        return []

    def release(self, table_ids: Sequence[str]) -> None:
        pass

    def want(self, table_id: str) -> None:
        pass

    def listen(self, channel: str, heard: Callable[[str], None]) -> None:
        """No other process writes the file: nothing to hear."""

    # ------------------------------------------------------------ writes

    def create_table(self, row: TableRow) -> None:
        """Store a new table with its seats."""
        with self._tx() as db:
            db.execute(
                "INSERT INTO tables (id, game, settings, seed, created, started, creator, "
                "public) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.game, _dump(row.settings), row.seed, time.time(), int(row.started),
                 row.creator, int(bool(row.settings.get("public")))),
            )
            db.executemany(
                "INSERT INTO seats (table_id, player, kind, bot, name, token) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(row.id, s.player, s.kind, s.bot, s.name, s.token) for s in row.seats],
            )

    def take_seat(self, table_id: str, player: int, name: str, token: str) -> None:
        """Give a free person's seat a name and token; ``StoreError`` if it is taken."""
        with self._tx() as db:
            cur = db.execute(
                "UPDATE seats SET name = ?, token = ? WHERE table_id = ? AND player = ? "
                "AND kind = 'human' AND token IS NULL",
                (name, token, table_id, player),
            )
            if cur.rowcount != 1:
                raise StoreError(f"seat {player} is already taken")

    def start(self, table_id: str, bots: Sequence[SeatRow]) -> None:
        """Mark the table started, turning the given empty seats into computer players."""
        with self._tx() as db:
            for seat in bots:
                db.execute(
                    "UPDATE seats SET kind = 'bot', bot = ?, name = ? "
                    "WHERE table_id = ? AND player = ?",
                    (seat.bot, seat.name, table_id, seat.player),
                )
            db.execute("UPDATE tables SET started = 1 WHERE id = ?", (table_id,))

    def add_action(
        self, table_id: str, hand: int, idx: int, action: dict[str, Any], by: str,
        finished: tuple[dict[str, Any], dict[str, Any]] | None = None,
    ) -> None:
        """Store one accepted action, and with it the hand's record if it ended the hand.

        ``StoreError`` if an action already stands at that place (nothing is written).
        """
        row = (table_id, hand, idx, _dump(action), by, time.time())
        try:
            if finished is None:  # one statement: its own transaction (autocommit)
                with self._lock:
                    self._db.execute(INSERT_ACTION, row)
                return
            with self._tx() as db:
                db.execute(INSERT_ACTION, row)
                _insert_hand(db, table_id, hand, *finished)
        except sqlite3.IntegrityError as err:
            raise StoreError(f"action {idx} of hand {hand} is already stored") from err

    def take_computer_seat(self, table_id: str, player: int, name: str, token: str) -> None:
        """Give a computer player's seat to a person; ``StoreError`` if it is not one."""
        with self._tx() as db:
            cur = db.execute(
                "UPDATE seats SET kind = 'human', bot = NULL, name = ?, token = ? "
                "WHERE table_id = ? AND player = ? AND kind = 'bot'",
                (name, token, table_id, player))
            if cur.rowcount != 1:
                raise StoreError(f"seat {player} is not a computer player's")

    def free_seat(self, table_id: str, player: int) -> None:
        """Free a person's seat (its token no longer holds it)."""
        with self._tx() as db:
            db.execute("UPDATE seats SET name = NULL, token = NULL "
                       "WHERE table_id = ? AND player = ? AND kind = 'human'",
                       (table_id, player))

    def set_next(self, table_id: str, next_id: str) -> str:
        """Record ``next_id`` as the table of ``table_id``'s rematch, unless one is
        already recorded: the rematch's table either way."""
        with self._tx() as db:
            db.execute("UPDATE tables SET next_id = ? WHERE id = ? AND next_id IS NULL",
                       (next_id, table_id))
            row = db.execute("SELECT next_id FROM tables WHERE id = ?", (table_id,)).fetchone()
        return str(row[0])

    def public_tables(self, most: int) -> list[PublicRow]:
        """The newest ``most`` public tables, with their seats (no token)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT t.id, t.settings, t.started, "
                "(SELECT COUNT(*) FROM hands h WHERE h.table_id = t.id) "
                "FROM tables t WHERE t.public = 1 ORDER BY t.created DESC LIMIT ?",
                (most,)).fetchall()
            seats: dict[str, list[SeatRow]] = {r[0]: [] for r in rows}
            if rows:
                marks = ", ".join("?" * len(rows))
                for table_id, player, kind, bot, name, taken in self._db.execute(
                        "SELECT table_id, player, kind, bot, name, token IS NOT NULL "
                        f"FROM seats WHERE table_id IN ({marks}) ORDER BY table_id, player",
                        [r[0] for r in rows]):
                    seats[table_id].append(SeatRow(player, kind, bot, name,
                                                   "taken" if taken else None))
        return [PublicRow(r[0], json.loads(r[1]), bool(r[2]), int(r[3]), seats[r[0]])
                for r in rows]

    def seats_of(self, table_id: str) -> list[SeatRow]:
        """A table's seats as stored."""
        with self._lock:
            rows = self._db.execute(
                "SELECT player, kind, bot, name, token FROM seats WHERE table_id = ? "
                "ORDER BY player", (table_id,)).fetchall()
        return [SeatRow(*r) for r in rows]

    def finish_hand(self, table_id: str, hand: int, record: dict[str, Any],
                    report: dict[str, Any]) -> None:
        """Store the record of a hand that ended without an action (over at the deal).

        ``StoreError`` if that hand's record is already stored (nothing is written).
        """
        try:
            with self._tx() as db:
                _insert_hand(db, table_id, hand, record, report)
        except sqlite3.IntegrityError as err:
            raise StoreError(f"hand {hand} is already stored as finished") from err

    # ------------------------------------------------------------ reads

    def table_ids(self) -> list[str]:
        """Every stored table, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT id FROM tables ORDER BY created, id").fetchall()
        return [r[0] for r in rows]

    def load(self, table_id: str) -> TableRow | None:
        """Everything stored of one table, or ``None`` if there is no such table."""
        with self._lock:
            db = self._db
            head = db.execute(
                "SELECT game, settings, seed, started, creator, next_id FROM tables "
                "WHERE id = ?", (table_id,)
            ).fetchone()
            if head is None:
                return None
            seats = db.execute(
                "SELECT player, kind, bot, name, token FROM seats WHERE table_id = ? "
                "ORDER BY player", (table_id,)
            ).fetchall()
            actions = db.execute(
                "SELECT hand, idx, action, by FROM actions WHERE table_id = ? ORDER BY hand, idx",
                (table_id,),
            ).fetchall()
            hands = db.execute(
                "SELECT hand, record FROM hands WHERE table_id = ?", (table_id,)
            ).fetchall()
        return TableRow(
            id=table_id, game=head[0], settings=json.loads(head[1]), seed=head[2],
            started=bool(head[3]), creator=head[4], next_id=head[5],
            seats=[SeatRow(*s) for s in seats],
            actions=[ActionRow(h, i, json.loads(a), by) for h, i, a, by in actions],
            finished={h: json.loads(r) for h, r in hands},
        )

    def hand_record(self, table_id: str, hand: int) -> dict[str, Any] | None:
        """The record of a finished hand, or ``None`` if that hand has not finished."""
        with self._lock:
            row = self._db.execute(
                "SELECT record FROM hands WHERE table_id = ? AND hand = ?", (table_id, hand)
            ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def action_count(self, table_id: str) -> int:
        """How many actions of the table are stored (all hands)."""
        with self._lock:
            row = self._db.execute(
                "SELECT COUNT(*) FROM actions WHERE table_id = ?", (table_id,)
            ).fetchone()
        return int(row[0])


#: The schema's version (``PRAGMA user_version``); :func:`_upgrade` brings older files to it.
#: PostgreSQL databases carry the same rows at the same number, and at version 4 the leases
#: of several servers (:mod:`paiju.web.store_pg`), which a SQLite file, with its one
#: server, has no use for: a step that changes the rows is written for both.
SCHEMA_VERSION = 3
#: The columns each version added to ``tables``, with their definitions.
ADDED = {2: [("creator", "TEXT")],
         3: [("public", "INTEGER NOT NULL DEFAULT 0"), ("next_id", "TEXT")]}


def _upgrade(db: sqlite3.Connection) -> None:
    """Bring a file written by an older paiju to :data:`SCHEMA_VERSION`, step by step.

    Version 1 (no ``user_version``) had no ``tables.creator``: its tables keep ``NULL``
    there, and any person seated at them may start them, as before. Version 2 had no
    ``public`` (its tables are private: not in the lobby) nor ``next_id`` (the table of a
    rematch).
    """
    version = db.execute("PRAGMA user_version").fetchone()[0]
    columns = {r[1] for r in db.execute("PRAGMA table_info(tables)")}
    for step in range(version + 1, SCHEMA_VERSION + 1):
        for name, definition in ADDED.get(step, []):
            if name not in columns:
                db.execute(f"ALTER TABLE tables ADD COLUMN {name} {definition}")
    if version < SCHEMA_VERSION:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _insert_hand(db: sqlite3.Connection, table_id: str, hand: int, record: dict[str, Any],
                 report: dict[str, Any]) -> None:
    db.execute(
        "INSERT INTO hands (table_id, hand, record, report, finished) VALUES (?, ?, ?, ?, ?)",
        (table_id, hand, _dump(record), _dump(report), time.time()),
    )


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
