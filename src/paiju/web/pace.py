"""The pace of a table: its computer players' moves (in the searchers, shared fairly with
every table), the move clock, the next deal's timer, hints, and the retries that keep a
table going when the store or a searcher fails (docs/server.md).

:class:`Pacing` is the part of :class:`~paiju.web.tables.Table` that sets these going; it
reads the table's position and changes it only through the table's ``_apply`` and
``_deal_and_send``, under the table's lock.
"""

from __future__ import annotations

import asyncio
import logging
import time
from abc import ABC, abstractmethod
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from paiju.bots.base import Bot
from paiju.core.protocol import Action, State
from paiju.core.seeding import make_rng
from paiju.table.hints import HINT_SECONDS
from paiju.table.text import LANGS
from paiju.web import messages as msg
from paiju.web import thinking
from paiju.web.catalog import STAND_IN, Settings, WebError
from paiju.web.limits import Limits
from paiju.web.store import SeatRow, StoreDown, StoreError, TableStore, Writer
from paiju.web.thinking import Thinker

if TYPE_CHECKING:
    from paiju.web.tables import Receiver

#: Who made an action, as stored: the person, a computer seat, the stand-in after the
#: grace time, or the stand-in when the clock ran out.
BY_PERSON, BY_BOT, BY_AWAY, BY_CLOCK = "human", "bot", "away", "clock"

log = logging.getLogger("paiju.web")
#: Players that decide in well under a millisecond (docs/notes/performance-history.md: the heuristic
#: about 0.2 ms): they decide in the event loop, since handing a decision to a searcher
#: process costs more than the decision. Every other player, the search above all,
#: decides in a searcher (:mod:`paiju.web.thinking`).
QUICK_PLAYERS = frozenset({"random", "heuristic"})


@dataclass
class Config:
    """How the tables behave: the grace time, and the computer players' pace."""

    grace: float = 60.0
    bot_delay: float = 0.6  # seconds a computer player waits before moving (0 in tests)
    next_delay: float = 15.0  # seconds before the next hand is dealt if not all are ready
    hint_seconds: float = HINT_SECONDS
    retry_delay: float = 1.0  # seconds before a computer's move the store refused is tried again
    limits: Limits = field(default_factory=Limits)


#: The reason a person is given when the database did not take their change.
TRY_AGAIN = "the server could not save that just now, so nothing changed: try again in a moment"


class Pacing(ABC):
    """What sets a table's next thing going (the part of :class:`~paiju.web.tables.Table`
    that does; the abstract members are the table's own)."""

    # the table's, read here
    id: str
    config: Config
    settings: Settings
    seed: int
    store: TableStore
    io: Writer
    thinker: Thinker
    lock: asyncio.Lock
    state: State | None
    hand: int
    between: bool
    started: bool
    seats: list[SeatRow]
    seat_players: tuple[int, ...]
    by: list[str]
    bots: dict[int, Bot]
    stand_in: Bot
    away: set[int]
    version: int
    clock: tuple[int, float] | None
    game: Any
    _tasks: dict[str, asyncio.Task[None]]
    _move_for: int
    _committing: asyncio.Task[Any] | None

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @property
    @abstractmethod
    def watched(self) -> bool: ...

    @abstractmethod
    def connected(self, player: int) -> bool: ...

    @abstractmethod
    def name_of(self, player: int, lang: str = "en") -> str: ...

    @abstractmethod
    def _arm_grace(self) -> None: ...

    @abstractmethod
    def _people_here(self) -> bool: ...

    @abstractmethod
    async def _apply(self, action: Action, by: str) -> None: ...

    @abstractmethod
    async def _deal_and_send(self) -> None: ...

    async def _store_later(self, args: tuple[Any, ...]) -> None:
        """Store a hand over at its deal once the database answers again."""
        while True:
            await asyncio.sleep(self.config.retry_delay)
            try:
                await self.io(self.store.finish_hand, *args)
                return
            except StoreError:
                return  # stored meanwhile
            except StoreDown:
                continue

    def advance(self) -> None:
        """Start whatever must happen next: a computer's move, a clock, the next deal
        (the caller then broadcasts, so the clock goes out with the position)."""
        if not self.started or self.over or not self.watched:
            return
        self._arm_grace()
        if self.between:
            if "next" not in self._tasks and self._people_here():
                self._spawn("next", self._deal_later(self.config.next_delay, self.hand))
            return
        state = self.state
        assert state is not None
        seat = state.to_move()
        pending = self._tasks.get("move")
        if seat is None or (self._move_for == self.version and pending is not None
                            and not pending.done()):
            return
        self._move_for = self.version
        player = self.seat_players[seat]
        if player in self.bots:
            self._spawn("move", self._bot_move(self.version, seat, self.bots[player], BY_BOT))
        elif player in self.away:
            self._spawn("move", self._bot_move(self.version, seat, self.stand_in, BY_AWAY))
        elif self.settings.clock is not None:
            self.clock = (seat, time.time() + self.settings.clock)
            self._spawn("move", self._clock(self.version, seat, self.settings.clock))

    def _spawn(self, name: str, coro: Coroutine[Any, Any, None]) -> None:
        old = self._tasks.get(name)
        if (old is not None and not old.done() and old is not asyncio.current_task()
                and old is not self._committing):  # a task storing a move ends by itself
            old.cancel()
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks[name] = task
        task.add_done_callback(lambda t: self._done(name, t))

    def _done(self, name: str, task: asyncio.Task[None]) -> None:
        if self._tasks.get(name) is task:
            del self._tasks[name]
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: %s failed", self.id, name, exc_info=task.exception())

    async def _deal_later(self, delay: float, hand: int) -> None:
        await asyncio.sleep(delay)
        async with self.lock:
            if self.hand == hand and self.between and self._people_here():
                self._tasks.pop("next", None)  # so that a hand over at the deal sets its own
                await self._deal_and_send()

    async def _clock(self, version: int, seat: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        if self.version == version:
            await self._bot_move(version, seat, self.stand_in, BY_CLOCK, delay=False)

    async def _bot_move(self, version: int, seat: int, bot: Bot, by: str,
                        delay: bool = True) -> None:
        """A computer player decides from the seat's view (a search in the search threads,
        shared fairly with every table), then moves."""
        if delay and self.config.bot_delay > 0:
            await asyncio.sleep(self.config.bot_delay)
        if self.version != version or self.state is None:
            return
        parts = ("web player", self.hand, len(self.by))
        if getattr(bot, "name", "") in QUICK_PLAYERS:
            view = self.game.seat_view(self.state, seat)
            action: Action | None = bot.choose(view, make_rng(self.seed, *parts))
        else:
            spec = self.seats[self.seat_players[seat]].bot or STAND_IN
            try:
                chosen = await self.thinker.run(
                    self.id, thinking.decide,
                    (self.game.name, self.state.record(), seat, spec, self.seed, parts),
                    lambda: self.version == version and self.watched)
            except Exception as err:  # a searcher died: the move is tried again
                log.warning("table %s: a search failed (%s); trying again", self.id, err)
                self._move_for = -1
                self._spawn("retry", self._retry_later())
                return
            action = None if chosen is None else self.game.action_from_json(chosen)
        async with self.lock:
            if action is None or self.version != version or not self.watched:
                if self.version == version:
                    self._move_for = -1  # dropped while nobody watched: a connection restarts it
                return
            try:
                await self._apply(action, by)
            except StoreDown as err:
                log.warning("table %s: a computer's move was not stored (%s); trying again",
                            self.id, err)
                self._move_for = -1
                self._spawn("retry", self._retry_later())

    async def _retry_later(self) -> None:
        await asyncio.sleep(self.config.retry_delay)
        self.advance()

    async def hint(self, player: int) -> dict[str, Any]:
        """The search's suggestion for the person to move (searched in the search threads,
        within the server's ``max_think``)."""
        state = self.state
        if state is None or self.between:
            raise WebError(409, "there is no hand in play")
        seat = self.seat_players.index(player)
        view = state.view(seat)
        if view.to_move() != seat:
            raise WebError(409, "a hint is given on your turn")
        names = {lang: [self.name_of(p, lang) for p in self.seat_players] for lang in LANGS}
        hand, moves = self.hand, len(self.by)
        parts = ("web hint", hand, moves)
        version = self.version
        try:
            hint = await self.thinker.run(
                self.id, thinking.hint,
                (self.game.name, state.record(), seat, names, self.seed, parts,
                 self.config.hint_seconds),
                lambda: self.version == version and self.connected(player))
        except Exception as err:  # a searcher died or was stuck
            log.warning("table %s: a hint failed (%s)", self.id, err)
            raise WebError(503, "the hint could not be made just now: ask again") from None
        if hint is None or (self.hand, len(self.by)) != (hand, moves):  # moved meanwhile
            raise WebError(409, "the position changed before the hint was ready")
        return msg.hint_message(hint, hand, moves)

    async def _send_hint(self, receiver: Receiver, player: int) -> None:
        try:
            receiver.send(await self.hint(player))
        except WebError as err:
            receiver.send(msg.error_message(err.reason))
