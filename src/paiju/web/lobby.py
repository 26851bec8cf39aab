"""The lobby: the public tables, read from the database so that every server of it shows
every table, and sent to whoever watches it as they change (docs/server.md, "The lobby").

A table is listed when its creator made it public and its session is not over (a
rematch once it has started: until then its seats are kept for the people before). An entry
says what anyone at the table's link may see already (its game, rules, names and seats,
how many hands are played); never a token, a hand or a card. The list is read again at
most once a second while someone watches and something changed, and at least every
:data:`REFRESH` seconds. A change is heard from this server's tables and, on a database
several servers share, from every server's writes (PostgreSQL's ``LISTEN``/``NOTIFY``:
:meth:`paiju.web.store_pg.PgStore.listen`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

from paiju.core.games import get_game
from paiju.table.text import LANGS, SOURCE
from paiju.web.catalog import Settings, bot_name
from paiju.web.messages import text_of
from paiju.web.store import PublicRow, StoreDown, TableStore, Writer

#: The most tables the lobby lists (the newest first).
MOST = 100
#: Seconds between two readings of the list at the most, and at the least.
EVERY = 1.0
REFRESH = 10.0
#: Messages queued for a watcher of the lobby before it is cut off (it does not read).
QUEUE = 16

log = logging.getLogger("paiju.web")


def entry(row: PublicRow, live: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """A public table as the lobby lists it; ``None`` once its session is over.

    ``live`` is what the server holding the table in memory adds: who is connected and
    whether it stands between two hands (when a computer's seat may be taken).
    """
    settings = Settings.from_json(row.settings)
    if row.finished >= settings.hands or (settings.held is not None and not row.started):
        return None  # over, or a rematch whose seats are kept for the people before
    game = get_game(settings.game)
    preset = game.rules(settings.rules).preset
    between = bool(live and live.get("between"))
    seats = []
    for s in row.seats:
        person = s.kind == "human"
        said = ({lang: bot_name(s.bot or "", s.player, lang) for lang in LANGS} if not person
                else dict.fromkeys(LANGS, s.name or f"Seat {s.player + 1}"))
        seats.append({
            "player": s.player, "kind": s.kind, "name": said[SOURCE], "name_text": said,
            "free": person and s.token is None,
            "takeable": not person and row.started and between,
            "connected": bool(live and s.player in live.get("connected", ())),
        })
    return {
        "table": row.id, "url": f"/t/{row.id}", "name": settings.name, "game": game.name,
        "title": game.title, "preset": preset, "players": settings.players,
        "hands": settings.hands, "hands_played": row.finished, "started": row.started,
        "seats": seats,
        "free": sum(s["free"] for s in seats),
        "people": sum(s["kind"] == "human" and not s["free"] for s in seats),
        "computers": sum(s["kind"] == "bot" for s in seats),
    }


class Lobby:
    """The list of public tables and its watchers."""

    def __init__(self, store: TableStore, io: Writer,
                 live: Callable[[str], Mapping[str, Any] | None]) -> None:
        self.store = store
        self.io = io
        self.live = live
        self.watchers: set[asyncio.Queue[dict[str, Any] | None]] = set()
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._last = ""
        self._read: tuple[float, dict[str, Any]] | None = None  # when, and what
        self._listening = False
        #: watchers that have not had a list yet: the next reading goes to them even if
        #: unchanged (not to everyone: a storm of arrivals costs the others nothing)
        self._new: set[asyncio.Queue[dict[str, Any] | None]] = set()

    async def listing(self) -> dict[str, Any]:
        """``GET /api/lobby``: ``{"type": "lobby", "tables": [...]}`` (read at most once a
        second, however many ask, unless something changed)."""
        now = time.monotonic()
        if self._read is not None and now - self._read[0] < EVERY and not self._changed.is_set():
            return self._read[1]
        rows = await self.io(self.store.public_tables, MOST)
        tables = [e for e in (entry(r, self.live(r.id)) for r in rows) if e is not None]
        listing = {"type": "lobby", "tables": tables}
        self._read = (now, listing)
        return listing

    def touch(self) -> None:
        """Something a lobby may show has changed."""
        self._changed.set()

    def watch(self) -> asyncio.Queue[dict[str, Any] | None]:
        """A new watcher's queue: the list now, then each new one (``None``: cut off)."""
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.watchers.add(queue)
        now = time.monotonic()
        if self._read is not None and self._last and now - self._read[0] < REFRESH:
            queue.put_nowait(self._read[1])  # the list as last sent: fresh enough
        else:
            self._new.add(queue)  # the next reading, soon
            self._changed.set()
        loop = asyncio.get_running_loop()
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._serve())
        if not self._listening:  # the other servers' changes, heard on a store's thread
            self._listening = True

            def heard(_: str) -> None:
                with contextlib.suppress(RuntimeError):  # the loop closed: the server ends
                    loop.call_soon_threadsafe(self.touch)

            self.store.listen("lobby", heard)
        return queue

    def leave(self, queue: asyncio.Queue[dict[str, Any] | None]) -> None:
        self.watchers.discard(queue)
        self._new.discard(queue)

    async def _serve(self) -> None:
        while self.watchers:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), REFRESH)
            self._changed.clear()
            try:
                listing = await self.listing()
            except StoreDown as err:
                log.warning("the lobby could not be read (%s); trying again", err)
                await asyncio.sleep(EVERY)
                continue
            text = text_of(listing)
            sending = self.watchers if text != self._last else self._new & self.watchers
            self._last = text
            self._new.clear()
            for queue in list(sending):
                if queue.qsize() >= QUEUE:  # a watcher that does not read
                    self.watchers.discard(queue)
                    queue.put_nowait(None)
                else:
                    queue.put_nowait(listing)
            await asyncio.sleep(EVERY)

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
