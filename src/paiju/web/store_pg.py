"""The browser tables' store in a PostgreSQL database (``paiju serve --db postgresql://…``).

The same rows and the same promises as the SQLite store (:mod:`paiju.web.store`): each
write is one transaction, committed before the call returns (``synchronous_commit`` as the
server sets it, on by default: a commit is on disk), so an action is stored before it is
broadcast and a table is rebuilt exactly from its seed and actions. Settings, actions and
records are kept as the JSON text the SQLite store keeps, so they read back byte for byte.

One connection, used from one thread at a time (the store's :class:`~paiju.web.store.Writer`);
a connection the server dropped is opened again at the next call. A database that does not
answer is ``StoreDown`` (nothing was written), a refused write ``StoreError``.
The schema's version is the row of ``paiju_schema``, brought up to
:data:`~paiju.web.store.SCHEMA_VERSION` step by step (:data:`STEPS`) under an advisory lock,
so that two processes starting at once do not both upgrade.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg

from paiju.web.store import (
    SCHEMA_VERSION,
    ActionRow,
    OwnerError,
    PublicRow,
    SeatRow,
    StoreDown,
    StoreError,
    TableRow,
    shown,
)

#: Seconds to wait for the database to accept a connection, and for one statement.
CONNECT_WAIT = 5
STATEMENT_WAIT = 5.0
#: The advisory lock keys of paiju: the one server of a database, and schema upgrades.
OWNER_KEY = 0x7061696A00000001
UPGRADE_KEY = 0x7061696A00000002

#: Each schema version's statements, applied in order to a database at an older version.
#: PostgreSQL databases start at version 3, the SQLite store's version of the same rows.
STEPS: dict[int, list[str]] = {
    3: [
        """CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            settings TEXT NOT NULL,
            seed BIGINT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            started BOOLEAN NOT NULL DEFAULT FALSE,
            creator TEXT,
            public BOOLEAN NOT NULL DEFAULT FALSE,
            next_id TEXT)""",
        """CREATE TABLE seats (
            table_id TEXT NOT NULL REFERENCES tables(id),
            player INTEGER NOT NULL,
            kind TEXT NOT NULL,
            bot TEXT,
            name TEXT,
            token TEXT,
            PRIMARY KEY (table_id, player))""",
        """CREATE TABLE actions (
            table_id TEXT NOT NULL REFERENCES tables(id),
            hand INTEGER NOT NULL,
            idx INTEGER NOT NULL,
            action TEXT NOT NULL,
            "by" TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, hand, idx))""",
        """CREATE TABLE hands (
            table_id TEXT NOT NULL REFERENCES tables(id),
            hand INTEGER NOT NULL,
            record TEXT NOT NULL,
            report TEXT NOT NULL,
            finished DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, hand))""",
        "CREATE INDEX tables_public ON tables (public, created)",
    ],
}
INSERT_ACTION = ('INSERT INTO actions (table_id, hand, idx, action, "by", at) '
                 "VALUES (%s, %s, %s, %s, %s, %s)")
INSERT_HAND = ("INSERT INTO hands (table_id, hand, record, report, finished) "
               "VALUES (%s, %s, %s, %s, %s)")
DOWN = (psycopg.OperationalError, psycopg.InterfaceError)


def connect(dsn: str, role: str) -> psycopg.Connection[Any]:
    """A connection in autocommit mode, named for ``pg_stat_activity``; ``StoreDown``
    if the database does not answer."""
    try:
        db = psycopg.connect(dsn, autocommit=True, connect_timeout=CONNECT_WAIT,
                             application_name=f"paiju {role} {os.getpid()}")
        db.execute(f"SET statement_timeout = {int(STATEMENT_WAIT * 1000)}")
    except DOWN as err:
        raise StoreDown(f"the database {shown(dsn)} did not answer: {_first_line(err)}"
                        ) from None
    return db


class PgOwnerLock:
    """The one server of a PostgreSQL database: a session advisory lock held on a
    connection of its own while the process lives (the server lets it go when that
    connection ends, even by ``kill -9``)."""

    def __init__(self, dsn: str) -> None:
        self._db = connect(dsn, "owner")
        got = self._db.execute("SELECT pg_try_advisory_lock(%s)", (OWNER_KEY,)).fetchone()
        if got is None or not got[0]:
            holder = self._holder()
            self._db.close()
            raise OwnerError(
                f"another paiju serve ({holder}) is serving {shown(dsn)}: two servers on "
                "one database would split its tables apart; stop it, or give this one "
                "another --db")

    def _holder(self) -> str:
        row = self._db.execute(
            "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
            "WHERE l.locktype = 'advisory' AND l.granted AND l.classid = %s AND l.objid = %s",
            (OWNER_KEY >> 32, OWNER_KEY & 0xFFFFFFFF)).fetchone()
        return str(row[0]) if row and row[0] else "unknown"

    def release(self) -> None:
        if not self._db.closed:
            self._db.close()  # the session's end lets the lock go


class PgStore:
    """The PostgreSQL database of the browser tables (one connection, one thread at a time)."""

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self._lock = threading.Lock()
        self._db: psycopg.Connection[Any] | None = connect(dsn, "store")
        with self._use():
            _upgrade(self._conn())

    def _conn(self) -> psycopg.Connection[Any]:
        if self._db is None or self._db.closed or self._db.broken:
            self._db = connect(self.dsn, "store")
        return self._db

    @contextmanager
    def _use(self) -> Iterator[None]:
        """Hold the connection; a database that failed to answer is ``StoreDown`` and its
        connection is opened again at the next call."""
        with self._lock:
            try:
                yield
            except DOWN as err:
                if self._db is not None:
                    self._db.close()
                    self._db = None
                raise StoreDown(f"the database did not answer: {_first_line(err)}") from None

    @contextmanager
    def _tx(self) -> Iterator[psycopg.Cursor[Any]]:
        """One transaction: committed whole (before this returns), or rolled back whole."""
        with self._use():
            db = self._conn()
            with db.transaction(), db.cursor() as cur:
                yield cur

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    # ------------------------------------------------------------ writes

    def create_table(self, row: TableRow) -> None:
        """Store a new table with its seats."""
        try:
            with self._tx() as cur:
                cur.execute(
                    "INSERT INTO tables (id, game, settings, seed, created, started, creator, "
                    "public) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                    (row.id, row.game, _dump(row.settings), row.seed, time.time(),
                     row.started, row.creator, bool(row.settings.get("public"))))
                cur.executemany(
                    "INSERT INTO seats (table_id, player, kind, bot, name, token) "
                    "VALUES (%s, %s, %s, %s, %s, %s)",
                    [(row.id, s.player, s.kind, s.bot, s.name, s.token) for s in row.seats])
        except psycopg.IntegrityError as err:
            raise StoreError(f"table {row.id} is already stored") from err

    def take_seat(self, table_id: str, player: int, name: str, token: str) -> None:
        """Give a free person's seat a name and token; ``StoreError`` if it is taken."""
        with self._tx() as cur:
            cur.execute(
                "UPDATE seats SET name = %s, token = %s WHERE table_id = %s AND player = %s "
                "AND kind = 'human' AND token IS NULL", (name, token, table_id, player))
            if cur.rowcount != 1:
                raise StoreError(f"seat {player} is already taken")

    def start(self, table_id: str, bots: Sequence[SeatRow]) -> None:
        """Mark the table started, turning the given empty seats into computer players."""
        with self._tx() as cur:
            for seat in bots:
                cur.execute(
                    "UPDATE seats SET kind = 'bot', bot = %s, name = %s "
                    "WHERE table_id = %s AND player = %s",
                    (seat.bot, seat.name, table_id, seat.player))
            cur.execute("UPDATE tables SET started = TRUE WHERE id = %s", (table_id,))

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
                with self._use():
                    self._conn().execute(INSERT_ACTION, row)
                return
            with self._tx() as cur:
                cur.execute(INSERT_ACTION, row)
                cur.execute(INSERT_HAND, _hand_row(table_id, hand, *finished))
        except psycopg.IntegrityError as err:
            raise StoreError(f"action {idx} of hand {hand} is already stored") from err

    def take_computer_seat(self, table_id: str, player: int, name: str, token: str) -> None:
        """Give a computer player's seat to a person; ``StoreError`` if it is not one."""
        with self._tx() as cur:
            cur.execute(
                "UPDATE seats SET kind = 'human', bot = NULL, name = %s, token = %s "
                "WHERE table_id = %s AND player = %s AND kind = 'bot'",
                (name, token, table_id, player))
            if cur.rowcount != 1:
                raise StoreError(f"seat {player} is not a computer player's")

    def free_seat(self, table_id: str, player: int) -> None:
        """Free a person's seat (its token no longer holds it)."""
        with self._tx() as cur:
            cur.execute("UPDATE seats SET name = NULL, token = NULL "
                        "WHERE table_id = %s AND player = %s AND kind = 'human'",
                        (table_id, player))

    def set_next(self, table_id: str, next_id: str) -> str:
        """Record ``next_id`` as the table of ``table_id``'s rematch, unless one is
        already recorded: the rematch's table either way."""
        with self._tx() as cur:
            cur.execute("UPDATE tables SET next_id = %s WHERE id = %s AND next_id IS NULL",
                        (next_id, table_id))
            row = cur.execute("SELECT next_id FROM tables WHERE id = %s",
                              (table_id,)).fetchone()
        return str(row[0] if row else None)

    def finish_hand(self, table_id: str, hand: int, record: dict[str, Any],
                    report: dict[str, Any]) -> None:
        """Store the record of a hand that ended without an action (over at the deal).

        ``StoreError`` if that hand's record is already stored (nothing is written).
        """
        try:
            with self._tx() as cur:
                cur.execute(INSERT_HAND, _hand_row(table_id, hand, record, report))
        except psycopg.IntegrityError as err:
            raise StoreError(f"hand {hand} is already stored as finished") from err

    # ------------------------------------------------------------ reads

    @contextmanager
    def _snapshot(self) -> Iterator[psycopg.Cursor[Any]]:
        """A read-only transaction that sees one moment of the database."""
        with self._tx() as cur:
            cur.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield cur

    def public_tables(self, most: int) -> list[PublicRow]:
        """The newest ``most`` public tables, with their seats (no token)."""
        with self._snapshot() as cur:
            rows = cur.execute(
                "SELECT t.id, t.settings, t.started, "
                "(SELECT COUNT(*) FROM hands h WHERE h.table_id = t.id) "
                "FROM tables t WHERE t.public ORDER BY t.created DESC LIMIT %s",
                (most,)).fetchall()
            seats: dict[str, list[SeatRow]] = {r[0]: [] for r in rows}
            if rows:
                for table_id, player, kind, bot, name, taken in cur.execute(
                        "SELECT table_id, player, kind, bot, name, token IS NOT NULL "
                        "FROM seats WHERE table_id = ANY(%s) ORDER BY table_id, player",
                        ([r[0] for r in rows],)):
                    seats[table_id].append(SeatRow(player, kind, bot, name,
                                                   "taken" if taken else None))
        return [PublicRow(r[0], json.loads(r[1]), bool(r[2]), int(r[3]), seats[r[0]])
                for r in rows]

    def seats_of(self, table_id: str) -> list[SeatRow]:
        """A table's seats as stored."""
        with self._use():
            rows = self._conn().execute(
                "SELECT player, kind, bot, name, token FROM seats WHERE table_id = %s "
                "ORDER BY player", (table_id,)).fetchall()
        return [SeatRow(*r) for r in rows]

    def table_ids(self) -> list[str]:
        """Every stored table, oldest first."""
        with self._use():
            rows = self._conn().execute(
                "SELECT id FROM tables ORDER BY created, id").fetchall()
        return [r[0] for r in rows]

    def load(self, table_id: str) -> TableRow | None:
        """Everything stored of one table, or ``None`` if there is no such table."""
        with self._snapshot() as cur:
            head = cur.execute(
                "SELECT game, settings, seed, started, creator, next_id FROM tables "
                "WHERE id = %s", (table_id,)).fetchone()
            if head is None:
                return None
            seats = cur.execute(
                "SELECT player, kind, bot, name, token FROM seats WHERE table_id = %s "
                "ORDER BY player", (table_id,)).fetchall()
            actions = cur.execute(
                'SELECT hand, idx, action, "by" FROM actions WHERE table_id = %s '
                "ORDER BY hand, idx", (table_id,)).fetchall()
            hands = cur.execute(
                "SELECT hand, record FROM hands WHERE table_id = %s", (table_id,)).fetchall()
        return TableRow(
            id=table_id, game=head[0], settings=json.loads(head[1]), seed=head[2],
            started=bool(head[3]), creator=head[4], next_id=head[5],
            seats=[SeatRow(*s) for s in seats],
            actions=[_action(*a) for a in actions],
            finished={h: json.loads(r) for h, r in hands},
        )

    def hand_record(self, table_id: str, hand: int) -> dict[str, Any] | None:
        """The record of a finished hand, or ``None`` if that hand has not finished."""
        with self._use():
            row = self._conn().execute(
                "SELECT record FROM hands WHERE table_id = %s AND hand = %s",
                (table_id, hand)).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def action_count(self, table_id: str) -> int:
        """How many actions of the table are stored (all hands)."""
        with self._use():
            row = self._conn().execute(
                "SELECT COUNT(*) FROM actions WHERE table_id = %s", (table_id,)).fetchone()
        return int(row[0]) if row else 0


def schema_version(db: psycopg.Connection[Any]) -> int:
    """The version of the database's schema (0 for a database paiju never wrote)."""
    exists = db.execute("SELECT to_regclass('paiju_schema') IS NOT NULL").fetchone()
    if exists is None or not exists[0]:
        return 0
    row = db.execute("SELECT version FROM paiju_schema").fetchone()
    return int(row[0]) if row else 0


def _upgrade(db: psycopg.Connection[Any]) -> None:
    """Bring the database to :data:`SCHEMA_VERSION`, step by step, in one transaction
    (``StoreError`` for a database written by a newer paiju)."""
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(%s)", (UPGRADE_KEY,))
        version = schema_version(db)
        if version > SCHEMA_VERSION:
            raise StoreError(f"the database is at schema version {version}, newer than "
                             f"this paiju's {SCHEMA_VERSION}: run a newer paiju")
        if version == SCHEMA_VERSION:
            return
        if version == 0:
            db.execute("CREATE TABLE paiju_schema (version INTEGER NOT NULL)")
            db.execute("INSERT INTO paiju_schema (version) VALUES (0)")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            for statement in STEPS.get(step, []):
                db.execute(statement)
        db.execute("UPDATE paiju_schema SET version = %s", (SCHEMA_VERSION,))


def _action(hand: int, idx: int, action: str, by: str) -> ActionRow:
    return ActionRow(hand, idx, json.loads(action), by)


def _hand_row(table_id: str, hand: int, record: dict[str, Any], report: dict[str, Any]
              ) -> tuple[Any, ...]:
    return (table_id, hand, _dump(record), _dump(report), time.time())


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _first_line(err: BaseException) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0]

