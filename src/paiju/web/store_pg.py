"""The browser tables' store in a PostgreSQL database (``paiju serve --db postgresql://…``).

The same rows and the same promises as the SQLite store (:mod:`paiju.web.store`): each
write is one transaction, committed before the call returns (``synchronous_commit`` as the
server sets it, on by default: a commit is on disk), so an action is stored before it is
broadcast and a table is rebuilt exactly from its seed and actions. Settings, actions and
records are kept as the JSON text the SQLite store keeps, so they read back byte for byte.

Several ``paiju serve`` may share the database, each table owned by one of them at a time
through its row of ``leases`` (:mod:`paiju.web.lease`): :meth:`PgStore.take` takes a table
whose lease has run out (or is this process's already), every write of a table first
checks, in its transaction, that this process still holds the lease at the epoch it took
(and holds that row against a take until the write commits), and :meth:`PgStore.renew`
extends all of this process's leases in one statement. Writes the lobby may show are
announced on the channel ``paiju_lobby`` (``NOTIFY``), heard by :meth:`PgStore.listen`.

One connection for the tables, used from one thread at a time (the hub's
:class:`~paiju.web.store.Writer`), one for the renewals and one that listens; a connection
the server dropped is opened again at its next use. A database that does not answer is
``StoreDown`` (nothing was written), a refused write ``StoreError``, a write of a table
whose lease is lost :class:`~paiju.web.lease.LeaseLost`. The schema's version is the row
of ``paiju_schema``, brought up to :data:`SCHEMA_VERSION` step by step (:data:`STEPS`)
under an advisory lock, so that two processes starting at once do not both upgrade.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg

from paiju.web.lease import LEASE, LeaseLost, owner_id
from paiju.web.store import (
    ActionRow,
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
#: The advisory lock key of paiju's schema upgrades.
UPGRADE_KEY = 0x7061696A00000002
#: The schema's version: the SQLite store's version 3 of the same rows, then the leases.
SCHEMA_VERSION = 4
#: The channels heard by :meth:`PgStore.listen` (``paiju_`` and the name): writes the lobby
#: may show, and tables another server was asked for; each says the table's id.
CHANNELS = ("lobby", "wanted")

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
    4: [
        """CREATE TABLE leases (
            table_id TEXT PRIMARY KEY REFERENCES tables(id),
            owner TEXT NOT NULL,
            epoch BIGINT NOT NULL,
            expires TIMESTAMPTZ NOT NULL)""",
        "CREATE INDEX leases_owner ON leases (owner)",
    ],
}
#: Take a table's lease: a new row, or one that ran out or is this process's already
#: (its epoch one more); no row back if another process holds it or there is no table.
TAKE = ("INSERT INTO leases (table_id, owner, epoch, expires) "
        "SELECT id, %(owner)s, 1, now() + make_interval(secs => %(lease)s) "
        "FROM tables WHERE id = %(table)s "
        "ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, "
        "epoch = leases.epoch + 1, expires = EXCLUDED.expires "
        "WHERE leases.expires < now() OR leases.owner = EXCLUDED.owner RETURNING epoch")
#: The fence of a write: this process holds the table's lease at its epoch, now; the row
#: is held (FOR SHARE) so that no take commits before the write does.
FENCE = ("SELECT 1 FROM leases WHERE table_id = %s AND owner = %s AND epoch = %s "
         "AND expires > now() FOR SHARE")
RENEW = ("UPDATE leases SET expires = now() + make_interval(secs => %s) "
         "WHERE owner = %s AND expires > now() AND table_id = ANY(%s) "
         "RETURNING table_id, epoch")
NOTIFY = "SELECT pg_notify('paiju_lobby', id) FROM tables WHERE id = %s AND public"
INSERT_ACTION = ('INSERT INTO actions (table_id, hand, idx, action, "by", at) '
                 "VALUES (%s, %s, %s, %s, %s, %s)")
#: An action, written only if the fence holds (one statement: no row written, no lease).
INSERT_FENCED = (f"WITH held AS ({FENCE}) "
                 'INSERT INTO actions (table_id, hand, idx, action, "by", at) '
                 "SELECT %s, %s, %s, %s, %s, %s FROM held")
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


class Link:
    """One connection of the store, used by one thread at a time, opened again at its next
    use after the server dropped it."""

    def __init__(self, dsn: str, role: str) -> None:
        self.dsn = dsn
        self.role = role
        self.lock = threading.Lock()
        self.db: psycopg.Connection[Any] | None = None

    @contextmanager
    def use(self) -> Iterator[psycopg.Connection[Any]]:
        """Hold the connection; a database that failed to answer is ``StoreDown`` and the
        connection is opened again at the next use."""
        with self.lock:
            try:
                if self.db is None or self.db.closed or self.db.broken:
                    self.db = connect(self.dsn, self.role)
                yield self.db
            except DOWN as err:
                self._drop()
                raise StoreDown(f"the database did not answer: {_first_line(err)}"
                                ) from None

    def _drop(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def close(self) -> None:
        with self.lock:
            self._drop()


class PgStore:
    """The PostgreSQL database of the browser tables, shared by any number of servers, each
    named ``owner`` in the leases of the tables it holds (of ``lease`` seconds)."""

    def __init__(self, dsn: str, owner: str | None = None, lease: float | None = None) -> None:
        self.dsn = dsn
        self.owner = owner or owner_id()
        self.lease = LEASE if lease is None else lease
        self._main = Link(dsn, "store")
        self._renewer = Link(dsn, "leases")
        self._held: dict[str, int] = {}  # table -> the epoch of its lease taken here
        self._held_lock = threading.Lock()
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        self._hear: dict[str, Callable[[str], None]] = {}  # channel -> its listener
        with self._main.use() as db:
            _upgrade(db)

    @contextmanager
    def _use(self) -> Iterator[None]:
        with self._main.use():
            yield

    def _conn(self) -> psycopg.Connection[Any]:
        assert self._main.db is not None
        return self._main.db

    @contextmanager
    def _tx(self) -> Iterator[psycopg.Cursor[Any]]:
        """One transaction: committed whole (before this returns), or rolled back whole."""
        with self._main.use() as db, db.transaction(), db.cursor() as cur:
            yield cur

    @contextmanager
    def _fenced(self, table_id: str) -> Iterator[psycopg.Cursor[Any]]:
        """A transaction of a write of ``table_id``, begun by its fence: ``LeaseLost`` (and
        nothing written) unless this process still holds the table's lease."""
        epoch = self._epoch(table_id)
        with self._tx() as cur:
            if cur.execute(FENCE, (table_id, self.owner, epoch)).fetchone() is None:
                self._lost(table_id)
            yield cur

    def _epoch(self, table_id: str) -> int:
        with self._held_lock:
            epoch = self._held.get(table_id)
        if epoch is None:
            raise LeaseLost(table_id)
        return epoch

    def _lost(self, table_id: str) -> None:
        with self._held_lock:
            self._held.pop(table_id, None)
        raise LeaseLost(table_id)

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
        self._main.close()
        self._renewer.close()

    # ------------------------------------------------------------ leases

    def take(self, table_id: str) -> bool:
        """Take the table's lease if it ran out or is this process's (``True``); ``False``
        while another process holds it. ``True`` for no such table (its load says so)."""
        with self._tx() as cur:
            row = cur.execute(TAKE, {"owner": self.owner, "lease": self.lease,
                                     "table": table_id}).fetchone()
            if row is None:
                return cur.execute("SELECT 1 FROM leases WHERE table_id = %s",
                                   (table_id,)).fetchone() is None
        with self._held_lock:
            self._held[table_id] = int(row[0])
        return True

    def renew(self, table_ids: Sequence[str]) -> list[str]:
        """Extend the leases of ``table_ids`` (one statement, on a connection of its own);
        the ids among them whose lease this process no longer holds."""
        with self._renewer.use() as db:
            rows = db.execute(RENEW, (self.lease, self.owner, list(table_ids))).fetchall()
        kept = {str(t): int(e) for t, e in rows}
        with self._held_lock:
            lost = [t for t in table_ids if self._held.get(t) != kept.get(t, -1)]
            for t in lost:
                self._held.pop(t, None)
        return lost

    def release(self, table_ids: Sequence[str]) -> None:
        """Let the tables go: their leases end now (another process may take them at
        once), their epochs kept, so that an epoch is never given twice."""
        with self._held_lock:
            for t in table_ids:
                self._held.pop(t, None)
        with self._tx() as cur:
            cur.execute("UPDATE leases SET expires = now() - interval '1 second' "
                        "WHERE owner = %s AND table_id = ANY(%s)", (self.owner, list(table_ids)))

    def held(self) -> dict[str, int]:
        """The tables whose lease this process took, with its epoch."""
        with self._held_lock:
            return dict(self._held)

    def want(self, table_id: str) -> None:
        """Ask the server holding the table to let it go if nobody watches it there (a
        table made at one server and first asked for at another, or handed back)."""
        with self._main.use() as db:
            db.execute("SELECT pg_notify('paiju_wanted', %s)", (table_id,))

    def listen(self, channel: str, heard: Callable[[str], None]) -> None:
        """Call ``heard`` with the table's id (on a thread of the store's) at each
        announcement on ``channel`` (one of :data:`CHANNELS`), by any server; with ``""``
        when listening begins or begins again (what was said meanwhile went unheard)."""
        self._hear[channel] = heard
        if self._listener is None:
            self._listener = threading.Thread(target=self._listen, daemon=True,
                                              name="paiju-listen")
            self._listener.start()

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                with connect(self.dsn, "listen") as db:
                    for channel in CHANNELS:
                        db.execute(f"LISTEN paiju_{channel}")
                    for heard in list(self._hear.values()):
                        heard("")
                    while not self._stop.is_set():
                        for note in db.notifies(timeout=1.0):
                            found = self._hear.get(note.channel.removeprefix("paiju_"))
                            if found is not None:
                                found(note.payload)
            except (StoreDown, *DOWN):
                self._stop.wait(1.0)

    # ------------------------------------------------------------ writes

    def create_table(self, row: TableRow) -> None:
        """Store a new table with its seats, and take its lease (epoch 1)."""
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
                cur.execute("INSERT INTO leases (table_id, owner, epoch, expires) VALUES "
                            "(%s, %s, 1, now() + make_interval(secs => %s))",
                            (row.id, self.owner, self.lease))
                cur.execute(NOTIFY, (row.id,))
        except psycopg.IntegrityError as err:
            raise StoreError(f"table {row.id} is already stored") from err
        with self._held_lock:
            self._held[row.id] = 1

    def take_seat(self, table_id: str, player: int, name: str, token: str) -> None:
        """Give a free person's seat a name and token; ``StoreError`` if it is taken."""
        with self._fenced(table_id) as cur:
            cur.execute(
                "UPDATE seats SET name = %s, token = %s WHERE table_id = %s AND player = %s "
                "AND kind = 'human' AND token IS NULL", (name, token, table_id, player))
            if cur.rowcount != 1:
                raise StoreError(f"seat {player} is already taken")
            cur.execute(NOTIFY, (table_id,))

    def start(self, table_id: str, bots: Sequence[SeatRow]) -> None:
        """Mark the table started, turning the given empty seats into computer players."""
        with self._fenced(table_id) as cur:
            for seat in bots:
                cur.execute(
                    "UPDATE seats SET kind = 'bot', bot = %s, name = %s "
                    "WHERE table_id = %s AND player = %s",
                    (seat.bot, seat.name, table_id, seat.player))
            cur.execute("UPDATE tables SET started = TRUE WHERE id = %s", (table_id,))
            cur.execute(NOTIFY, (table_id,))

    def add_action(
        self, table_id: str, hand: int, idx: int, action: dict[str, Any], by: str,
        finished: tuple[dict[str, Any], dict[str, Any]] | None = None,
    ) -> None:
        """Store one accepted action, and with it the hand's record if it ended the hand.

        ``StoreError`` if an action already stands at that place, ``LeaseLost`` if the
        table's lease is no longer this process's (nothing is written).
        """
        row = (table_id, hand, idx, _dump(action), by, time.time())
        try:
            if finished is None:  # one statement: its own transaction (autocommit)
                fence = (table_id, self.owner, self._epoch(table_id))
                with self._main.use() as db:
                    written = db.execute(INSERT_FENCED, fence + row).rowcount
                if written != 1:
                    self._lost(table_id)
                return
            with self._fenced(table_id) as cur:
                cur.execute(INSERT_ACTION, row)
                cur.execute(INSERT_HAND, _hand_row(table_id, hand, *finished))
                cur.execute(NOTIFY, (table_id,))
        except psycopg.IntegrityError as err:
            raise StoreError(f"action {idx} of hand {hand} is already stored") from err

    def take_computer_seat(self, table_id: str, player: int, name: str, token: str) -> None:
        """Give a computer player's seat to a person; ``StoreError`` if it is not one."""
        with self._fenced(table_id) as cur:
            cur.execute(
                "UPDATE seats SET kind = 'human', bot = NULL, name = %s, token = %s "
                "WHERE table_id = %s AND player = %s AND kind = 'bot'",
                (name, token, table_id, player))
            if cur.rowcount != 1:
                raise StoreError(f"seat {player} is not a computer player's")
            cur.execute(NOTIFY, (table_id,))

    def free_seat(self, table_id: str, player: int) -> None:
        """Free a person's seat (its token no longer holds it)."""
        with self._fenced(table_id) as cur:
            cur.execute("UPDATE seats SET name = NULL, token = NULL "
                        "WHERE table_id = %s AND player = %s AND kind = 'human'",
                        (table_id, player))
            cur.execute(NOTIFY, (table_id,))

    def set_next(self, table_id: str, next_id: str) -> str:
        """Record ``next_id`` as the table of ``table_id``'s rematch, unless one is
        already recorded: the rematch's table either way."""
        with self._fenced(table_id) as cur:
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
            with self._fenced(table_id) as cur:
                cur.execute(INSERT_HAND, _hand_row(table_id, hand, record, report))
                cur.execute(NOTIFY, (table_id,))
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

