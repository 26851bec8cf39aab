"""Every table of the server: created from a request's settings, or restored from the
store on first use, and unloaded again when nobody has watched it for a while
(:class:`Hub`); one table's life is :mod:`paiju.web.tables`.

On a database several servers share, a table is loaded only once its lease is this
server's (:mod:`paiju.web.lease`; 503 "the table is moving" while another live server holds
it), and leaves memory, its connections closed with 4503 so that the pages reconnect, when
its lease is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import time
from typing import Any

from paiju.web.catalog import Settings, WebError, bot_name, parse_settings, token_digest
from paiju.web.lease import MOVING, FencedWriter, Keeper
from paiju.web.limits import Window
from paiju.web.lobby import Lobby
from paiju.web.store import SeatRow, StoreDown, TableRow, TableStore, Writer
from paiju.web.tables import TRY_AGAIN, Config, Receiver, Table
from paiju.web.thinking import Thinker

#: Seconds between two looks for tables to unload.
SWEEP_EVERY = 30.0
#: On a database several servers share, a table nobody watches here is let go after this
#: many leases (or ``idle_unload``, if sooner), so that the server its clients are sent to
#: now (the one the proxy's hash picks once a dead server is back) can take it.
HANDBACK = 3
#: Seconds a server asked for a table another server holds waits for it to be let go (a
#: table nobody watches there is let go at once when wanted) before it answers 503.
WANT_WAIT = 1.0
#: The WebSocket close code of a table that left this server (4000 + HTTP 503): the page
#: connects again, and reaches the table's new server.
WS_MOVING = 4503


class Hub:
    """Every table of the server, loaded from the store on first use."""

    def __init__(self, store: TableStore, config: Config | None = None) -> None:
        self.store = store
        self.config = config or Config()
        limits = self.config.limits
        self.thinker = Thinker(limits.searchers, limits.max_think, limits.min_think)
        self.io: Writer = FencedWriter(lambda table_id: self.drop([table_id], MOVING))
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table]] = {}
        self._per_client = Window(limits.tables_per_minute)
        self._everyone = Window(limits.all_tables_per_minute)
        self._sweeper: asyncio.Task[None] | None = None
        self._letting_go: set[asyncio.Task[None]] = set()
        self._hearing = False
        self.lobby = Lobby(store, self.io, self._live)
        self.keeper = Keeper(store, lambda: list(self.tables), self.drop)

    async def create(self, body: Any, client: str = "") -> Table:
        """A new table from a request's settings (checked), within the creation rates."""
        limits = self.config.limits
        return await self._create(parse_settings(body, limits), client)

    async def _create(self, settings: Settings, client: str | None,
                      seats: list[SeatRow] | None = None) -> Table:
        """A new table; ``client`` None for a rematch (one a finished table, not a
        stranger's)."""
        limits = self.config.limits
        if client is not None and not self._per_client.allow(client):
            raise WebError(429, f"at most {limits.tables_per_minute} new tables a minute from "
                                "one address: wait a little")
        if not self._everyone.allow(""):
            raise WebError(429, "this server is making as many tables as it can just now: "
                                "try again in a minute")
        table_id = secrets.token_hex(5)
        seed = secrets.randbelow(2**62)
        seats = seats or [SeatRow(n, "human") if spec == "human"
                          else SeatRow(n, "bot", spec, bot_name(spec, n))
                          for n, spec in enumerate(settings.seats)]
        row = TableRow(table_id, settings.game, settings.to_json(), seed, seats=seats,
                       creator=secrets.token_urlsafe(18))
        try:
            await self.io(self.store.create_table, row)
        except StoreDown:
            raise WebError(503, TRY_AGAIN) from None
        table = self._made(row)
        return table

    def _made(self, row: TableRow) -> Table:
        table = Table(row, self.store, self.config, self.thinker, self.io)
        table.on_start = lambda: self._started(table)
        self.tables[row.id] = table
        if table.settings.public:
            table.on_change = self.lobby.touch
            self.lobby.touch()
        self._sweep_soon()
        if self.store.lease:
            self.keeper.start()
            self._hear_wanted()
        return table

    def _hear_wanted(self) -> None:
        """Hear the tables other servers are asked for (on the store's thread)."""
        if self._hearing:
            return
        self._hearing = True
        loop = asyncio.get_running_loop()

        def heard(table_id: str) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed: the server ends
                loop.call_soon_threadsafe(self._wanted, table_id)

        self.store.listen("wanted", heard)

    def _wanted(self, table_id: str) -> None:
        """Another server was asked for a table held here: let it go if nobody watches it
        here (made here, then sent elsewhere by the proxy's hash; or handed back)."""
        table = self.tables.get(table_id)
        if table is None or table.receivers or table.lock.locked():
            return
        del self.tables[table_id]
        table.close()
        task = asyncio.get_running_loop().create_task(self._let_go([table_id]))
        self._letting_go.add(task)
        task.add_done_callback(self._letting_go.discard)

    async def _let_go(self, table_ids: list[str]) -> None:
        with contextlib.suppress(StoreDown):
            await self.io(self.store.release, table_ids)

    def drop(self, table_ids: list[str], reason: str) -> None:
        """Let tables go from memory (their leases lost): their tasks end and their
        connections are closed with ``reason`` (the pages connect again)."""
        for table_id in table_ids:
            table = self.tables.pop(table_id, None)
            if table is None:
                continue
            table.close()
            for receiver in list(table.receivers):
                _close(receiver, reason)
            table.receivers.clear()  # nobody watches it here: its players wait
            self.lobby.touch()

    def _live(self, table_id: str) -> dict[str, Any] | None:
        """What the lobby adds of a table held here: who is connected, whether it stands
        between two hands."""
        table = self.tables.get(table_id)
        if table is None:
            return None
        return {"between": table.between,
                "connected": [s.player for s in table.seats if table.connected(s.player)]}

    async def rematch(self, table_id: str, token: Any, carry: Any) -> dict[str, Any]:
        """Play again: the same seats, rules and people at a new table, made by the first
        person who asks (with the totals carried over if ``carry``), and the asker seated at
        their seat there. ``{"table", "url", "player", "token"}``, and ``"creator"`` for the
        one who made it."""
        table = await self.get(table_id)
        if not isinstance(token, str):
            raise WebError(403, "playing again needs your seat's token")
        player = table.player_of(token)
        if not table.over:
            raise WebError(409, "the session is not over yet")
        if not isinstance(carry, bool):
            raise WebError(400, "'carry' must be true or false")
        made: dict[str, Any] = {}
        async with table.lock:
            if table.next_id is None:
                old = table.settings
                settings = Settings(
                    old.game, old.rules, old.players,
                    tuple("human" if s.kind == "human" else s.bot or "heuristic"
                          for s in table.seats),
                    old.hands, old.clock, table.name_of(player), old.name, old.public,
                    old.spectators_chat, tuple(table.totals()) if carry else None,
                    old.guided, tuple(token_digest(s.token) if s.kind == "human" and s.token
                                      else None for s in table.seats))
                seats = [SeatRow(s.player, "human", name=s.name if s.token else None)
                         if s.kind == "human" else SeatRow(s.player, "bot", s.bot, s.name)
                         for s in table.seats]
                new = await self._create(settings, None, seats)
                try:
                    table.next_id = await self.io(self.store.set_next, table.id, new.id)
                except StoreDown:
                    raise WebError(503, TRY_AGAIN) from None
                made["creator"] = new.creator
                # the people at the table hear of it, not spectators (they hear once it
                # has started: _started)
                table.tell_seats(_rematch_message(new))
        new = await self.get(table.next_id)
        seat_token = await new.take_seat(player, table.name_of(player), token)
        return {"table": new.id, "url": f"/t/{new.id}", "player": player,
                "token": seat_token, **made}

    async def get(self, table_id: str) -> Table:
        """The table ``table_id``, restored from the store if needed; ``WebError(404)``."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not _plausible_id(table_id):
            raise WebError(404, "there is no such table")
        loading = self._loading.get(table_id)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[Table] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            if not await self._take(table_id):
                raise WebError(503, MOVING)
            row = await self.io(self.store.load, table_id)
            if row is None:
                raise WebError(404, f"there is no table {table_id!r}")
            table = self._made(row)
            if table.next_id is not None:  # its rematch may have started meanwhile
                await self._show_next(table)
            future.set_result(table)
            return table
        except StoreDown:
            error = WebError(503, TRY_AGAIN)
            future.set_exception(error)
            raise error from None
        except BaseException as err:
            future.set_exception(err)
            raise
        finally:
            del self._loading[table_id]
            if not future.done():
                future.cancel()
            elif not future.cancelled():
                future.exception()  # retrieved: no "never retrieved" warning

    def _started(self, new: Table) -> None:
        """A table has started: if it is a rematch, the table before it shows it (if it
        is public), whether the rematch was asked for since this server started or
        before (its table before is found by its ``next``, in memory)."""
        for table in list(self.tables.values()):
            if table.next_id == new.id:
                _rematch_started(table, new, _rematch_message(new))

    async def _show_next(self, table: Table) -> None:
        """A table restored from the store: it shows its rematch if that has started and
        is public (as it did before the server stopped)."""
        assert table.next_id is not None
        new = self.tables.get(table.next_id)
        if new is not None:
            table.next_shown = new.started and new.settings.public
            return
        row = await self.io(self.store.load, table.next_id)
        table.next_shown = (row is not None and row.started
                            and bool(Settings.from_json(row.settings).public))

    async def _take(self, table_id: str) -> bool:
        """Take the table's lease, waiting up to :data:`WANT_WAIT` for the server holding
        it to let it go if nobody watches it there."""
        if await self.io(self.store.take, table_id):
            return True
        await self.io(self.store.want, table_id)
        for _ in range(5):
            await asyncio.sleep(WANT_WAIT / 5)
            if await self.io(self.store.take, table_id):
                return True
        return False

    async def record(self, table_id: str, hand: int) -> dict[str, Any]:
        """A finished hand's record; 409 before the hand is over, 404 for no such hand."""
        table = await self.get(table_id)
        try:
            record = await self.io(self.store.hand_record, table_id, hand)
        except StoreDown:
            raise WebError(503, TRY_AGAIN) from None
        if record is not None:
            return record
        if 1 <= hand <= table.hand:
            raise WebError(409, f"hand {hand} is not over yet")
        raise WebError(404, f"this table has not dealt hand {hand}")

    # ------------------------------------------------------------ unloading

    def _sweep_soon(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while self.tables:
            await asyncio.sleep(min(SWEEP_EVERY, self._idle_unload()))
            gone = self.sweep()
            if gone and self.store.lease:  # another server may take them at once
                await self._let_go(gone)

    def sweep(self, now: float | None = None) -> list[str]:
        """Unload the tables nobody has watched for ``idle_unload`` seconds, or on a shared
        database :data:`HANDBACK` leases (each comes back from the store on its next use);
        the ids unloaded."""
        now = time.monotonic() if now is None else now
        unload = self._idle_unload()
        idle = [t for t in self.tables.values()
                if not t.receivers and not t.lock.locked() and now - t.idle_since >= unload]
        for table in idle:
            table.close()
            del self.tables[table.id]
        return [t.id for t in idle]

    def _idle_unload(self) -> float:
        limit = self.config.limits.idle_unload
        return min(limit, HANDBACK * self.store.lease) if self.store.lease else limit

    def close(self) -> None:
        """Stop; on a shared database, let this server's tables go to the others at once."""
        self.lobby.close()
        self.keeper.close()
        if self._sweeper is not None:
            self._sweeper.cancel()
        for table in self.tables.values():
            table.close()
        self.thinker.close()
        self.io.close()
        if self.store.lease and self.tables:
            with contextlib.suppress(StoreDown):
                self.store.release(list(self.tables))


def _rematch_message(new: Table) -> dict[str, Any]:
    """What the people of the table before hear of its rematch ``new`` (``by``: who asked
    for it, its maker)."""
    return {"type": "rematch", "table": new.id, "url": f"/t/{new.id}",
            "by": new.settings.creator}


def _rematch_started(table: Table, new: Table, asked: dict[str, Any]) -> None:
    """A rematch has started: if it is public, the table before shows it to everyone (its
    spectators too); its seats are no longer kept, so its link is no stranger's key."""
    if new.settings.public:
        table.next_shown = True
        table.announce(asked)


def _close(receiver: Receiver, reason: str) -> None:
    """Close a connection once what it was sent has gone out (4503: it connects again)."""
    receiver.queue.put_nowait({"type": "cut", "code": WS_MOVING, "reason": reason})
    receiver.cut = True


_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _plausible_id(table_id: str) -> bool:
    """Whether ``table_id`` could name a table (ten hex digits when paiju makes it): other
    text is no table's, and is not looked up."""
    return _ID.fullmatch(table_id) is not None
