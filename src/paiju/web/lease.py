"""One owning process per table when several ``paiju serve`` share a PostgreSQL database
(docs/deploy.md, "Several processes: one owner per table").

Each table a process holds in memory is its by a lease row in the database (owner, epoch,
expiry in the database's clock): taken when the process creates or loads the table,
renewed for all its tables at once every third of the lease by :class:`Keeper`, checked by
every write of the table (:mod:`paiju.web.store_pg`). A write whose lease went to another
process is refused (:class:`LeaseLost`, nothing written) and the table leaves this
process's memory; a process that cannot renew in time lets all its tables go before their
leases can pass to another. A SQLite file has one server (its owner's lock) and no leases.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable
from typing import Any, TypeVar

from paiju.web.store import StoreDown, TableStore, Writer

#: Seconds a lease lasts past its last renewal, by default; renewed every third of it.
LEASE = 10.0
#: A table whose lease another live process holds: the request is tried again later.
MOVING = "the table is moving to another server: try again in a moment"
#: Seconds a client is told to wait before it asks again for a table that is moving.
RETRY_AFTER = 2

log = logging.getLogger("paiju.web")
T = TypeVar("T")


def owner_id(name: str | None = None) -> str:
    """This process's name in the leases: ``name`` (by default the host's name and the
    process id) and a random part, so that no two runs of a server share one."""
    base = name or f"{socket.gethostname()}:{os.getpid()}"
    return f"{base}/{secrets.token_hex(3)}"


class LeaseLost(StoreDown):
    """The table's lease is no longer this process's (another took it, or it ran out):
    nothing was written, and the table must leave this process's memory."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id} is no longer this server's")
        self.table_id = table_id


class FencedWriter(Writer):
    """The hub's :class:`~paiju.web.store.Writer`: a call refused with :class:`LeaseLost`
    hands the table to ``on_lost`` (at the event loop's next turn) before it fails."""

    def __init__(self, on_lost: Callable[[str], None]) -> None:
        super().__init__()
        self.on_lost = on_lost

    async def __call__(self, call: Callable[..., T], *args: Any) -> T:
        try:
            return await super().__call__(call, *args)
        except LeaseLost as err:
            asyncio.get_running_loop().call_soon(self.on_lost, err.table_id)
            raise


class Keeper:
    """Renews the leases of the tables ``held()`` names, on a thread of its own, every
    third of the store's lease; hands ``drop`` the tables whose leases are lost, and every
    table once renewal has failed for all but one renewal's time of the lease."""

    def __init__(self, store: TableStore, held: Callable[[], list[str]],
                 drop: Callable[[list[str], str], None]) -> None:
        self.store = store
        self.held = held
        self.drop = drop
        self.every = store.lease / 3
        self.io = Writer()
        self._renewed = time.monotonic()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.store.lease > 0 and self._task is None:
            self._renewed = time.monotonic()  # the first table's lease was just taken
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            await self.renew()

    async def renew(self) -> None:
        """Renew once; drop what is lost, or everything if the deadline has passed."""
        began = time.monotonic()
        deadline = self._renewed + self.store.lease - self.every
        tables = self.held()
        try:
            lost = await asyncio.wait_for(self.io(self.store.renew, tables),
                                          max(0.1, deadline - began))
        except (StoreDown, TimeoutError) as err:
            if time.monotonic() >= deadline and tables:
                log.warning("the leases could not be renewed (%s): letting this server's "
                            "%d tables go", err or "no answer in time", len(tables))
                self.drop(tables, MOVING)
            return
        self._renewed = began
        if lost:
            log.warning("tables %s went to another server", ", ".join(lost))
            self.drop(lost, MOVING)

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        with contextlib.suppress(RuntimeError):
            self.io.close()
