"""The browser tables: a session of hands, its seats and tokens, its computer players.

A :class:`Table` lives in the server's event loop. Every change (an action, a seat taken,
the table started) is stored first (:mod:`paiju.web.store`, on the store's own thread,
so the loop never waits for the database), then sent to every receiver as
:mod:`paiju.web.messages` builds it from that receiver's view. Changes are made one at a
time (``Table.lock``); an action is tried on the position to learn whether it ends the hand,
taken back, stored, and only then played and sent, so a write that fails changes nothing
and the player is told to try again. Computer players decide in the search threads
(:mod:`paiju.web.thinking`) from a snapshot view, so the loop keeps serving while they think.

A person away for longer than the grace time (or who took a seat and never came) is stood
in for by a computer player until they come back; with a move clock, the computer moves
for a person whose time runs out, and the log says so. When nobody is watching a table (no
person and no spectator connected) its computer players wait, so a table everybody left is
kept as it stood and resumes when someone comes back. A table is rebuilt after a restart by
dealing its session again from its seed and replaying the stored actions.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from paiju.bots.base import Bot, make_bot
from paiju.core.errors import PaijuError
from paiju.core.games import get_game
from paiju.core.protocol import Action, HandsOver, State
from paiju.table.present import presenter_for
from paiju.table.text import LANGS, SOURCE, Words, read_all
from paiju.web import messages as msg
from paiju.web.catalog import (
    STAND_IN,
    Settings,
    WebError,
    bot_name,
    rules_key_text,
)
from paiju.web.chat import Chat
from paiju.web.guide import guide
from paiju.web.limits import Bucket, with_budget
from paiju.web.pace import (
    BY_AWAY,
    BY_BOT,
    BY_CLOCK,
    BY_PERSON,
    QUICK_PLAYERS,
    TRY_AGAIN,
    Config,
    Pacing,
)
from paiju.web.seating import Seating
from paiju.web.sentences import table_note
from paiju.web.store import SeatRow, StoreDown, TableRow, TableStore, Writer
from paiju.web.thinking import Thinker

WORDS = Words("table")

__all__ = ["BY_AWAY", "BY_BOT", "BY_CLOCK", "BY_PERSON", "QUICK_PLAYERS", "TRY_AGAIN", "Config",
           "Receiver", "Table"]


_HANDS_OVER: dict[type, bool] = {}


def hands_over(kind: type) -> bool:
    """Whether views of the class ``kind`` know their hand-overs (:class:`HandsOver`), asked
    once per class: a protocol's ``isinstance`` looks at every member, each time."""
    known = _HANDS_OVER.get(kind)
    if known is None:
        known = _HANDS_OVER[kind] = issubclass(kind, HandsOver)
    return known


@dataclass(eq=False)
class Receiver:
    """One open connection: a seat's (``player``) or a spectator's (``None``).

    Its queue holds at most ``limit`` messages: a connection that falls that far behind is
    not reading, and is cut off (``cut``) rather than let its queue grow.
    """

    player: int | None
    limit: int = 256
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    last: str | None = None  # the text of the last state sent
    cut: bool = False  # set when the queue overflowed: the connection is closed
    chat: Bucket = field(default_factory=Chat.bucket)  # its allowance of chat messages
    spectator: int | None = None  # a spectator's number at the table (from 1)

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a state identical to the last one sent is not sent again."""
        if self.cut:
            return
        if message.get("type") == "state":
            text = msg.text_of(message)
            if text == self.last:
                return
            self.last = text
        if self.queue.qsize() >= self.limit:
            self.cut = True
            self.queue = asyncio.Queue()
            self.queue.put_nowait({"type": "cut"})  # the writer closes the connection
            return
        self.queue.put_nowait(message)


class Table(Pacing, Seating):
    """One table: its settings, seats, session and current hand (its pace: :class:`Pacing`)."""

    def __init__(self, row: TableRow, store: TableStore, config: Config, thinker: Thinker,
                 io: Writer) -> None:
        self.id = row.id
        self.settings = Settings.from_json(row.settings)
        self.seed = row.seed
        self.store = store
        self.config = config
        self.thinker = thinker
        self.io = io
        self.lock = asyncio.Lock()  # one change at a time
        self.idle_since = time.monotonic()  # when the last connection closed
        self.game = get_game(self.settings.game)
        self.rules = self.game.rules(self.settings.rules)
        self.seats: list[SeatRow] = list(row.seats)
        self.started = row.started
        self.creator = row.creator
        self.next_id = row.next_id  # the table of its rematch, once asked for
        self.chat = Chat()
        self._spectators = 0  # spectators connected so far (each numbered)
        self.on_change: Callable[[], None] = lambda: None  # the lobby's: a change it may show
        self.on_start: Callable[[], None] = lambda: None  # a rematch's: tell the table before
        #: whether ``info`` shows the rematch's table: once it has started, if it is public
        #: (until then only the people of this table learn it, over their sockets)
        self.next_shown = False
        self.session = self.game.new_session(self.rules, self.settings.players, self.seed)
        self.state: State | None = None
        self.hand = 0
        self.between = False  # the current hand is over and the next not yet dealt
        self.seat_players: tuple[int, ...] = ()
        self.by: list[str] = []
        self.movers: list[int] = []  # the seat of each action of this hand
        self.last_over: dict[str, Any] | None = None  # the last hand_over message (full)
        self.last_views: list[dict[str, Any]] = []  # every seat's view at the hand's end
        #: each seat's hand-overs at the end (None where its view knows none: HandsOver)
        self.last_handovers: list[list[dict[str, Any]] | None] = []
        self.receivers: set[Receiver] = set()
        self.away: set[int] = set()
        self.ready: set[int] = set()
        self.version = 0
        self.clock: tuple[int, float] | None = None
        self._move_for = -1  # the version whose next move has been set going
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._committing: asyncio.Task[Any] | None = None  # the task storing an action
        self._grace: dict[int, asyncio.Task[None]] = {}
        self.bots: dict[int, Bot] = {s.player: self._player(s.bot or STAND_IN)
                                     for s in self.seats if s.kind == "bot"}
        self.stand_in: Bot = make_bot(STAND_IN)
        self.rules_key = msg.rules_key(self.game.name, self.rules)
        self.rules_key_text = rules_key_text(self.game.name, self.rules, self.rules_key)
        read_all()  # the first table reads every catalogue, not the first hand's end
        if self.started:
            self._restore(row)

    def _player(self, spec: str) -> Bot:
        """A computer player, its search cut to the server's ``max_think``."""
        return with_budget(make_bot(spec, self.game.name), self.config.limits.max_think)

    # ------------------------------------------------------------ restoring

    def _restore(self, row: TableRow) -> None:
        """Deal the session again from its seed and replay every stored action."""
        by_hand: dict[int, list[Any]] = {}
        for a in row.actions:
            by_hand.setdefault(a.hand, []).append(a)
        while True:
            self._deal()
            assert self.state is not None
            for stored in by_hand.get(self.hand, []):
                action = self.game.action_from_json(stored.action)
                self.state.apply(action)
                self.by.append(stored.by)
                self.movers.append(action.seat)
            if not self.state.is_terminal():
                return
            self._settle()
            later = self.hand + 1  # dealt if it has actions, or ended at its deal
            if self.over or (later not in by_hand and later not in row.finished):
                return

    # ------------------------------------------------------------ public facts

    @property
    def over(self) -> bool:
        return self.session.hands_played >= self.settings.hands

    def totals(self) -> list[float]:
        """Each player's running total: the session's, and any carried from the table
        before (a rematch that kept the totals)."""
        carry = self.settings.carry or (0.0,) * len(self.session.totals)
        return [a + b for a, b in zip(self.session.totals, carry, strict=True)]

    def name_of(self, player: int, lang: str = SOURCE) -> str:
        """The player's name in ``lang``: a person's own, a computer's in the language."""
        seat = self.seats[player]
        if seat.kind == "bot":
            return bot_name(seat.bot or STAND_IN, player, lang)
        if seat.name:
            return seat.name
        return WORDS.c(lang, "name", "Seat {n}", n=player + 1)

    def names_text(self, players: list[int]) -> dict[str, list[str]]:
        """The names of ``players`` by language."""
        return {lang: [self.name_of(p, lang) for p in players] for lang in LANGS}

    def connected(self, player: int) -> bool:
        return any(r.player == player for r in self.receivers)

    def seats_json(self) -> list[dict[str, Any]]:
        return [
            {"player": s.player, "name": self.name_of(s.player),
             "name_text": {lang: self.name_of(s.player, lang) for lang in LANGS},
             "kind": s.kind, "bot": s.bot,
             "taken": (s.kind == "bot" or s.token is not None
                       or self.kept_for(s.player) is not None),
             "connected": s.kind == "bot" or self.connected(s.player),
             "away": s.player in self.away}
            for s in self.seats
        ]

    def info(self) -> dict[str, Any]:
        """``GET /api/tables/<id>``: settings, seats, hands played and totals."""
        return {
            "table": self.id, "url": f"/t/{self.id}", "title": self.game.title,
            **{k: v for k, v in self.settings.to_json().items() if k != "held"},
            "preset": self.rules.preset,
            "options": {k: list(v) if isinstance(v, tuple) else v
                        for k, v in self.rules.values.items()},
            "rules_key": self.rules_key, "rules_key_text": self.rules_key_text,
            "rules_text": msg.rules_text(self.game.name, self.rules),
            "seats": self.seats_json(), "started": self.started,
            "hand": self.hand, "hands_played": self.session.hands_played,
            "totals": self.totals(), "over": self.over,
            "next": self.next_id if self.next_shown else None,
        }

    def context(self) -> msg.Context:
        names = self.names_text(list(self.seat_players))
        notes = {i: table_note(self.game.name, by, names[SOURCE][seat])
                 for i, (by, seat) in enumerate(zip(self.by, self.movers, strict=True))
                 if by in (BY_CLOCK, BY_AWAY)}
        return msg.Context(
            table=self.id, game=self.game.name, rules=self.rules, hand=self.hand,
            names=names[SOURCE], names_text=names,
            players=list(self.seat_players), totals=self.totals(),
            started=self.started, seats=self.seats_json(), rules_key=self.rules_key,
            rules_key_text=self.rules_key_text,
            notes=notes, clock=self.clock, moves=len(self.by),
        )

    # ------------------------------------------------------------ seats

    # ------------------------------------------------------------ connections

    def connect(self, token: str | None) -> Receiver:
        """A new connection: a seat's, by its token, or a spectator's."""
        player = None if token is None else self.player_of(token)
        receiver = Receiver(player, self.config.limits.send_queue)
        if player is None:  # spectators are numbered, so that the chat can tell them apart
            self._spectators += 1
            receiver.spectator = self._spectators
        self.receivers.add(receiver)
        if player is not None:
            task = self._grace.pop(player, None)
            if task:
                task.cancel()
            if player in self.away:
                self.away.discard(player)
                self.version += 1  # the stand-in's pending move is dropped
        self.advance()
        if player is None:  # nobody else sees a spectator come: only it is sent the state
            receiver.send(self._state_for(self.context(), None))
        else:
            self.broadcast()
        if self.chat.kept:
            receiver.send(self.chat.log())
        if self.between and self.last_over is not None:
            receiver.send(self._over_for(receiver.player))
            if self.over:
                receiver.send(msg.session_over_message(self.totals()))
        return receiver

    def disconnect(self, receiver: Receiver) -> None:
        self.receivers.discard(receiver)
        if not self.receivers:
            self.idle_since = time.monotonic()
        if receiver.player is None:  # a spectator leaving changes nothing anyone sees
            return
        self._arm_grace()
        self.broadcast()

    def _arm_grace(self) -> None:
        """Start the grace time of every person's seat with nobody connected to it: one
        left, or taken and never connected (after a restart too)."""
        if not self.started or self.over:
            return
        for s in self.seats:
            p = s.player
            if (s.kind == "human" and s.token is not None and p not in self.away
                    and p not in self._grace and not self.connected(p)):
                self._grace[p] = asyncio.get_running_loop().create_task(self._away(p))

    async def _away(self, player: int) -> None:
        await asyncio.sleep(self.config.grace)
        self._grace.pop(player, None)
        if not self.connected(player):
            self.away.add(player)
            if self._to_move_player() == player:
                self.version += 1  # the person's clock is dropped: the stand-in moves now
            self.advance()
            self.broadcast()

    @property
    def watched(self) -> bool:
        return bool(self.receivers)

    def _to_move_player(self) -> int | None:
        """The session player whose move it is, if a hand is in play."""
        state = self.state
        seat = None if state is None or self.between else state.to_move()
        return None if seat is None else self.seat_players[seat]

    def _people_here(self) -> bool:
        """Whether a person is connected to their seat, or the table has no person's seat
        (computers only, played for whoever watches)."""
        people = [s.player for s in self.seats if s.kind == "human"]
        return not people or any(self.connected(p) for p in people)

    # ------------------------------------------------------------ sending

    def broadcast(self) -> None:
        """Send every receiver its state (made once per seat, once for all spectators)."""
        self.on_change()
        if not self.receivers:
            return
        ctx = self.context()
        made: dict[int | None, dict[str, Any]] = {}
        for r in list(self.receivers):
            if r.player not in made:
                made[r.player] = self._state_for(ctx, r.player)
            r.send(made[r.player])

    def _state_for(self, ctx: msg.Context, player: int | None) -> dict[str, Any]:
        state = self.state
        if state is None:
            return msg.state_message(ctx, player, None)
        if player is None:
            views = [state.view(s).to_json() for s in range(state.num_seats)]
            return msg.state_message(ctx, None, None, msg.public_json(self.game.name, views))
        seat = self.seat_players.index(player)
        view = self.game.seat_view(state, seat)
        message = msg.state_message(ctx, player, view)
        if hands_over(type(view)):  # the cards this seat handed over or was handed
            message["handovers"] = cast(HandsOver, view).handovers()
        if self.settings.guided and view.to_move() == seat:
            message["guide"] = guide(ctx, state, seat, self.game)
        return message

    def announce(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every connection of the table (it holds nothing hidden)."""
        self._send_all(message)

    def tell_seats(self, message: dict[str, Any]) -> None:
        """Send ``message`` to the seats' connections only, not to spectators."""
        for r in list(self.receivers):
            if r.player is not None:
                r.send(message)

    def _send_all(self, message: dict[str, Any]) -> None:
        for r in list(self.receivers):
            r.send(message)

    # ------------------------------------------------------------ play

    def _deal(self) -> None:
        self.state = self.session.deal()
        self.hand += 1
        self.seat_players = tuple(self.session.seat_players())
        self.by = []
        self.movers = []
        self.ready = set()
        self.between = False
        self.last_over = None
        self.version += 1

    def _settle(self) -> dict[str, Any]:
        """Settle the finished hand into the session; the ``hand_over`` message."""
        assert self.state is not None
        self.session.finish(self.state)
        self.between = True
        state = self.state
        record, report = state.record(), state.report()
        seen = [state.view(s) for s in range(state.num_seats)]
        views = [v.to_json() for v in seen]
        self.last_views = views
        self.last_handovers = [list(cast(HandsOver, v).handovers()) if hands_over(type(v))
                               else None
                               for v in seen]
        self.last_over = msg.hand_over_message(self.context(), record, report,
                                               msg.public_json(self.game.name, views))
        return self.last_over

    def _over_for(self, player: int | None) -> dict[str, Any]:
        """The last ``hand_over`` message for one receiver: the record as it saw the hand."""
        assert self.last_over is not None
        views = self.last_views
        handovers: list[dict[str, Any]] | None = None
        if player is None or player not in self.seat_players:
            view = msg.public_json(self.game.name, views)
            if any(h is not None for h in self.last_handovers):
                handovers = []
        else:
            seat = self.seat_players.index(player)
            view, handovers = views[seat], self.last_handovers[seat]
        record = msg.seen_record(self.last_over["record"], self.game.name, view, handovers)
        return {**self.last_over, "record": record}

    def _send_over(self) -> None:
        """Send every receiver its ``hand_over`` (made once per seat, once for spectators)."""
        made: dict[int | None, dict[str, Any]] = {}
        for r in list(self.receivers):
            if r.player not in made:
                made[r.player] = self._over_for(r.player)
            r.send(made[r.player])

    async def act(self, player: int, action: Any) -> None:
        """A person's action (``{"do", "cards"}``); ``WebError`` with the reason if refused."""
        async with self.lock:
            self._check_shape(action)
            parsed = self._checked(player, action)
            try:
                await self._apply(parsed, BY_PERSON)
            except StoreDown:
                raise WebError(503, TRY_AGAIN) from None

    def _check_shape(self, action: Any) -> None:
        state = self.state
        if not self.started or state is None:
            raise WebError(409, "the table has not started yet")
        if self.between or state.is_terminal():
            raise WebError(409, "the hand is over")
        if not isinstance(action, dict) or not isinstance(action.get("do"), str):
            raise WebError(400, 'an action is an object {"do": ..., "cards": [...]}')
        cards = action.get("cards", [])
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise WebError(400, "an action's cards are a list of card names")

    def _checked(self, player: int, action: dict[str, Any]) -> Action:
        """The person's action as the engine's, or ``WebError`` with the engine's reason."""
        state = self.state
        assert state is not None
        seat = self.seat_players.index(player)
        view = state.view(seat)
        turn = view.to_move()
        if turn != seat:
            who = "nobody's" if turn is None else f"{self.name_of(self.seat_players[turn])}'s"
            raise WebError(409, f"it is {who} turn, not yours")
        data = presenter_for(self.game.name).build(action["do"], seat, action.get("cards", []),
                                                   view.legal_actions())
        try:
            parsed = self.game.action_from_json(data)
        except PaijuError as err:
            raise WebError(400, msg.refusal(self.game.name, str(err))) from None
        why = state.why_illegal(parsed)
        if why is not None:
            raise WebError(409, msg.refusal(self.game.name, why))
        return parsed

    async def _apply(self, action: Action, by: str) -> None:
        """Store a checked action (with the record if it ends the hand), then play and send
        it; ``StoreDown`` if the store did not take it, and then nothing has changed.

        The action is tried on the position and taken back to learn whether it ends the
        hand, so the position is never ahead of the store while the write is under way.
        """
        state = self.state
        assert state is not None
        state.push(action)
        finished = (state.record(), state.report()) if state.is_terminal() else None
        state.pop()
        self._committing = asyncio.current_task()  # not to be cancelled while it writes
        try:
            await self.io(self.store.add_action, self.id, self.hand, len(self.by),
                          action.to_json(), by, finished)
        finally:
            self._committing = None
        state.apply(action)
        self.by.append(by)
        self.movers.append(action.seat)
        self.version += 1
        self.clock = None
        if finished:
            self._settle()
        self._send_after()

    def _send_after(self) -> None:
        """Set the next thing going and send the position (and the hand's end, if over)."""
        self.advance()
        self.broadcast()
        if self.between:
            self._send_over()
            if self.over:
                self._send_all(msg.session_over_message(self.totals()))

    async def next_hand(self, player: int) -> None:
        """A person is ready for the next hand; it is dealt when all connected people are."""
        async with self.lock:
            if not self.between or self.over:
                raise WebError(409, "there is no next hand to deal now")
            self.ready.add(player)
            if self._all_ready():
                await self._deal_and_send()

    def _all_ready(self) -> bool:
        people = {r.player for r in self.receivers if r.player is not None}
        return people <= self.ready

    async def _deal_and_send(self) -> None:
        """Deal the next hand and send it. A hand over at the deal (Five Tigers paid
        automatically) is stored and settled at once, and its end is sent; if the store
        does not answer, its record is stored as soon as it does."""
        if not self.started or (not self.between and self.hand > 0) or self.over:
            return
        waiting = self._tasks.pop("next", None)  # the timer of the hand just left
        if waiting is not None and waiting is not asyncio.current_task():
            waiting.cancel()
        self._deal()
        state = self.state
        assert state is not None
        if state.is_terminal():
            args = (self.id, self.hand, state.record(), state.report())
            try:
                await self.io(self.store.finish_hand, *args)
            except StoreDown:
                self._spawn(f"store hand {self.hand}", self._store_later(args))
            self._settle()
        self._send_after()

    async def handle(self, receiver: Receiver, message: Any) -> None:
        """One message from a connection; a refusal is sent back as an ``error``."""
        try:
            await self._handle(receiver, message)
        except WebError as err:
            receiver.send(msg.error_message(err.reason))

    async def _handle(self, receiver: Receiver, message: Any) -> None:
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise WebError(400, 'a message is a JSON object with a "type"')
        kind = message["type"]
        if kind == "ping":
            receiver.send({"type": "pong"})
            return
        if kind not in ("act", "hint", "next", "chat", "react"):
            raise WebError(400, f"unknown message type {kind[:40]!r}; known: act, chat, hint, "
                                "next, ping, react")
        player = receiver.player
        if kind in ("chat", "react"):
            self._chat(receiver, message)
            return
        if player is None:
            raise WebError(403, "a spectator cannot play: take a seat to play")
        if kind == "act":
            await self.act(player, message.get("action"))
        elif kind == "next":
            await self.next_hand(player)
        elif f"hint {player}" not in self._tasks:  # one hint at a time for each seat
            self._spawn(f"hint {player}", self._send_hint(receiver, player))

    def _chat(self, receiver: Receiver, message: dict[str, Any]) -> None:
        player = receiver.player
        if player is None and not self.settings.spectators_chat:
            raise WebError(403, "spectators may read the chat but not write in it at this "
                                "table")
        if not receiver.chat.take():
            raise WebError(429, "one chat message a second: wait a moment")
        name = "" if player is None else self.name_of(player)
        said = self.chat.said(player, name, message, receiver.spectator)
        self._send_all(said)

    def close(self) -> None:
        for task in [*self._tasks.values(), *self._grace.values()]:
            task.cancel()
