"""Who sits at a table: a person takes a free seat (or, between hands, a computer's), the
creator starts the table or frees the seat of a person who is away (docs/server.md).

:class:`Seating` is the part of :class:`~paiju.web.tables.Table` that does; each change
is stored before it is made and sent, under the table's lock.
"""

from __future__ import annotations

import asyncio
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from paiju.bots.base import Bot, make_bot
from paiju.table.text import LANGS
from paiju.web.catalog import (
    STAND_IN,
    Settings,
    WebError,
    bot_name,
    check_name,
    token_digest,
)
from paiju.web.pace import TRY_AGAIN
from paiju.web.sentences import said_error
from paiju.web.store import SeatRow, StoreDown, StoreError, TableStore, Writer


class Seating(ABC):
    """A table's seats (the abstract members are the table's own)."""

    id: str
    settings: Settings
    store: TableStore
    io: Writer
    lock: asyncio.Lock
    seats: list[SeatRow]
    started: bool
    between: bool
    creator: str | None
    bots: dict[int, Bot]
    away: set[int]
    _grace: dict[int, asyncio.Task[None]]
    on_start: Callable[[], None]

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @abstractmethod
    def name_of(self, player: int, lang: str = "en") -> str: ...

    @abstractmethod
    def connected(self, player: int) -> bool: ...

    @abstractmethod
    def broadcast(self) -> None: ...

    @abstractmethod
    def advance(self) -> None: ...

    @abstractmethod
    async def _deal_and_send(self) -> None: ...

    def kept_for(self, player: int) -> str | None:
        """The digest of the old seat token a rematch keeps seat ``player`` for, until its
        person comes or the table starts (None: the seat is not kept)."""
        held = self.settings.held
        if held is None or self.started or self.seats[player].token is not None:
            return None
        return held[player]

    async def take_seat(self, player: Any, name: Any, old_token: str | None = None) -> str:
        """Seat a person at ``player`` and return their secret token; a seat a rematch
        keeps takes only its person's ``old_token`` (the seat's at the table before)."""
        if not isinstance(player, int) or not 0 <= player < self.settings.players:
            raise WebError(404, f"there is no seat {player} at this table of "
                                f"{self.settings.players}")
        clean = check_name(name)
        async with self.lock:
            seat = self.seats[player]
            late = seat.kind == "bot" and self.started and self.between and not self.over
            if seat.kind != "human" and not late:
                raise WebError(409, said_error(
                    "seat {seat} is a computer player's ({name}): it can be taken between "
                    "hands", seat=str(player),
                    name={lang: self.name_of(player, lang) for lang in LANGS}))
            if seat.token is not None:
                raise WebError(409, f"seat {player} is already taken (by {seat.name})")
            kept = self.kept_for(player)
            if kept is not None and not (old_token is not None and secrets.compare_digest(
                    kept, token_digest(old_token))):
                raise WebError(409, f"seat {player} is kept for {seat.name or 'its player'} "
                                    "from the table before until they come or the table "
                                    "starts")
            taken = {" ".join(s.name.casefold().split()) for s in self.seats
                     if s.kind == "human" and s.name and s.player != player
                     and (s.token is not None or self.kept_for(s.player) is not None)}
            if clean.casefold() in taken:
                raise WebError(409, f"{clean} is already sitting at this table: "
                                    "choose another name")
            token = secrets.token_urlsafe(18)
            write = self.store.take_computer_seat if late else self.store.take_seat
            try:
                await self.io(write, self.id, player, clean, token)
            except StoreError as err:
                raise WebError(409, str(err)) from None
            except StoreDown:
                raise WebError(503, TRY_AGAIN) from None
            seat.kind, seat.bot, seat.name, seat.token = "human", None, clean, token
            self.bots.pop(player, None)
            if not self.started and all(s.token is not None for s in self.seats
                                        if s.kind == "human"):
                await self._start()
            else:
                self.broadcast()
        return token

    async def free_seat(self, player: Any, token: Any) -> None:
        """The creator frees a person's seat whose person is away, so that another may
        take it (a new token); the computer plays it until then."""
        if not self.may_start(token):
            raise WebError(403, "only the table's creator can free a seat")
        if not isinstance(player, int) or not 0 <= player < self.settings.players:
            raise WebError(404, f"there is no seat {player} at this table of "
                                f"{self.settings.players}")
        async with self.lock:
            seat = self.seats[player]
            if seat.kind != "human" or seat.token is None:
                raise WebError(409, f"seat {player} holds no person")
            if self.connected(player):
                raise WebError(409, f"{self.name_of(player)} is at the table: only a seat "
                                    "whose person is away can be freed")
            try:
                await self.io(self.store.free_seat, self.id, player)
            except StoreDown:
                raise WebError(503, TRY_AGAIN) from None
            seat.name = seat.token = None
            task = self._grace.pop(player, None)
            if task is not None:
                task.cancel()
            if self.started and not self.over:
                self.away.add(player)  # the stand-in plays the free seat
                self.advance()
            self.broadcast()

    async def start(self, token: Any = None) -> None:
        """Start the table: computer players take the empty seats, the first hand is dealt.

        Only its creator may (``token`` is the secret the creation gave); a table stored
        before tables had creators may be started by any person seated at it.
        """
        if not self.may_start(token):
            raise WebError(403, "only the table's creator can start it before every seat "
                                "is taken")
        async with self.lock:
            await self._start()

    def may_start(self, token: Any) -> bool:
        if not isinstance(token, str) or not token:
            return False
        if self.creator is not None:
            return secrets.compare_digest(self.creator, token)
        return any(s.token is not None and secrets.compare_digest(s.token, token)
                   for s in self.seats)

    async def _start(self) -> None:
        if self.started:
            raise WebError(409, "the table has already started")
        fill = [SeatRow(s.player, "bot", STAND_IN, bot_name(STAND_IN, s.player))
                for s in self.seats if s.kind == "human" and s.token is None]
        try:
            await self.io(self.store.start, self.id, fill)
        except StoreDown:
            raise WebError(503, TRY_AGAIN) from None
        for s in fill:
            seat = self.seats[s.player]
            seat.kind, seat.bot, seat.name = "bot", s.bot, s.name
            self.bots[s.player] = make_bot(STAND_IN)
        self.started = True
        self.on_start()
        await self._deal_and_send()

    def player_of(self, token: str) -> int:
        for s in self.seats:
            if s.token is not None and secrets.compare_digest(s.token, token):
                return s.player
        raise WebError(403, "this token does not hold a seat at this table")
