"""A table-level UECda client: it plays a strategy over tables on a UECda server.

The loop follows ``man/protocol.html`` 13.3: enter with a profile, then for each game
read the dealt hand, give cards when asked, and until the game is over read the hand,
play on this player's turn, read the field and the end code. ``paiju uecda client
--host H --port P --name N`` plays the standard client's strategy
(:mod:`paiju.uecda.standard`) with it; with ``--bot SPEC`` it plays any paiju player
(:class:`PlayerStrategy`), which sees the seat's view that :mod:`paiju.uecda.seat` decodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Protocol

from paiju.bots.base import Bot
from paiju.core.protocol import Action
from paiju.daifugo.engine.actions import Action as DaifugoAction
from paiju.daifugo.players.standard_player import StandardPlayer
from paiju.daifugo.rules import Rules
from paiju.uecda.history import GameLog
from paiju.uecda.judge import judge
from paiju.uecda.seat import SeatDecoder, joker_cell_tokens
from paiju.uecda.standard import StandardStrategy
from paiju.uecda.tables import Status, Table, cards_table, play_table
from paiju.uecda.wire import ACCEPTED, ALL_OVER, CONTINUE, REJECTED, ClientConnection


class TableStrategy(Protocol):
    """What a client needs to play: decisions over the tables the server sends."""

    def seated(self, player: int) -> None:
        """Told this client's player number once the server has given it."""
        ...

    def gift(self, dealt: Table) -> Table | None:
        """The cards to give in the exchange, or None when this player gives none."""
        ...

    def on_hand(self, hand: Table) -> None:
        """Sees the hand table of every turn, before :meth:`play` on this player's."""
        ...

    def play(self, hand: Table) -> Table:
        """The play on this player's turn (the all-zero table passes)."""
        ...

    def on_answer(self, answer: int) -> None:
        """Sees the server's answer (9 or 8) to this player's play."""
        ...

    def on_field(self, field: Table) -> None:
        """Sees the field table after every turn."""
        ...

    def notes(self) -> list[str]:
        """What the strategy found the server and its own reading disagree on."""
        ...


@dataclass
class SessionLog:
    """What a client saw in a session."""

    player: int = -1
    games: int = 0
    turns: int = 0
    plays: int = 0
    passes: int = 0
    #: (game, turn, the play) of each play of cards the server rejected (answer 8)
    rejected: list[tuple[int, int, Table]] = field(default_factory=list)
    #: passes answered 8: tndhms answers 8 to a pass on a non-empty field (still a pass)
    passes_answered_8: int = 0
    #: each game's players from first out to last (None: ranked at random after 20 passes)
    orders: list[list[int] | None] = field(default_factory=list)
    #: where the strategy's reading of the tables and the server disagreed, in words
    disagreements: list[str] = field(default_factory=list)

    def points(self) -> list[int | None]:
        """This player's points in each game, as tndhms counts them: 5 for the first out
        down to 1 for the last (None where the order is not known)."""
        return [None if o is None else 5 - o.index(self.player) for o in self.orders]


def play_session(conn: ClientConnection, strategy: TableStrategy, name: str) -> SessionLog:
    """Enter the tournament as ``name`` and play until the server says all games are over."""
    log = SessionLog(player=conn.enter(name))
    strategy.seated(log.player)
    while True:
        dealt = conn.read_dealt()
        log.games += 1
        game = GameLog.dealt(dealt)
        given = strategy.gift(dealt)
        if given is not None:
            conn.send_gift(given)
        end = CONTINUE
        while end == CONTINUE:
            end = _turn(conn, strategy, log, game)
        log.orders.append(game.order())
        if end == ALL_OVER:
            log.disagreements = strategy.notes()
            return log


def _turn(conn: ClientConnection, strategy: TableStrategy, log: SessionLog,
          game: GameLog) -> int:
    hand = conn.read_hand()
    log.turns += 1
    strategy.on_hand(hand)
    game.on_hand(hand)
    if hand[5, 2] == 1:
        play = strategy.play(hand)
        cards = any(play.cells[:75])
        if cards:
            log.plays += 1
        else:
            log.passes += 1
        answer = conn.send_play(play)
        strategy.on_answer(answer)
        if answer == REJECTED:
            if cards:
                log.rejected.append((log.games, log.turns, play))
            else:
                log.passes_answered_8 += 1
    table = conn.read_field()
    strategy.on_field(table)
    game.on_field(table)
    return conn.read_end()


class PlayerStrategy:
    """A paiju player at a UECda table: each decision is the player's choice from the view
    :class:`~paiju.uecda.seat.SeatDecoder` makes of the tables.

    Before a play goes out it is checked as the server will check it
    (:func:`paiju.uecda.judge.judge`: the table's own checks and the ``uecda`` rulebook).
    Where the server would refuse it (the player's rules are not the ``uecda`` preset's,
    or the table is malformed), the ``uecda-standard`` player's choice on the same view is sent if
    the server takes it, else a pass; each such case, and each answer of the server that
    the check did not foresee, is noted (:meth:`notes`).
    """

    def __init__(self, bot: Bot, rules: Rules, rng: Random) -> None:
        self.bot = bot
        self.rules = rules
        self.rng = rng
        self.player = -1
        self.game: SeatDecoder | None = None
        self.expected = ACCEPTED
        self._notes: list[str] = []
        self.games = 0

    def seated(self, player: int) -> None:
        self.player = player

    def gift(self, dealt: Table) -> Table | None:
        self.games += 1
        self._flush()
        self.game = SeatDecoder(self.rules, self.player, dealt)
        state = self.game.exchange_state(self.rng)
        if state is None:
            return None
        seat = state.to_move()
        assert seat is not None
        action = self.bot.choose(state.view(seat), self.rng)
        given = cards_table(_cards(action))
        self.game.on_gift(given)
        return given

    def on_hand(self, hand: Table) -> None:
        self._decoder().on_hand(hand)

    def play(self, hand: Table) -> Table:
        game = self._decoder()
        state = game.state(hand, self.rng)
        seat = state.to_move()
        assert seat is not None
        view = state.view(seat)
        revolution = Status.of(hand).revolution
        action = self.bot.choose(view, self.rng)
        out = self._table(_cards(action) if action.do == "play" else (), state.pos.lock,
                          revolution)
        self.expected, why = judge(hand, out, game.field_table)
        if self.expected == REJECTED and any(out.cells):
            self._note(f"the server would refuse {' '.join(_cards(action))} ({why}); "
                       "the uecda-standard play or a pass goes instead")
            backup = StandardPlayer().choose(view, self.rng)
            out = self._table(_cards(backup) if backup.do == "play" else (), state.pos.lock,
                              revolution)
            self.expected = judge(hand, out, game.field_table)[0]
            if self.expected == REJECTED and any(out.cells):
                out = Table.empty()
                self.expected = judge(hand, out, game.field_table)[0]
        return out

    def on_answer(self, answer: int) -> None:
        if answer != self.expected:
            what = {ACCEPTED: "accepted", REJECTED: "refused"}
            self._note(f"the server {what.get(answer, answer)} a play the check said it "
                       f"would have {what.get(self.expected, self.expected)}")

    def on_field(self, field: Table) -> None:
        self._decoder().on_field(field)

    def notes(self) -> list[str]:
        self._flush()
        return list(self._notes)

    def _table(self, cards: tuple[str, ...], lock: int, revolution: bool) -> Table:
        return play_table(list(joker_cell_tokens(cards, lock)), revolution)

    def _decoder(self) -> SeatDecoder:
        if self.game is None:
            self.game = SeatDecoder(self.rules, self.player, Table.empty())
        return self.game

    def _note(self, text: str) -> None:
        self._notes.append(f"game {self.games}: {text}")

    def _flush(self) -> None:
        if self.game is not None:
            for text in self.game.disagreements:
                self._note(text)
            self.game.disagreements.clear()


def _cards(action: Action) -> tuple[str, ...]:
    """The cards a Dai Fugō action names."""
    if not isinstance(action, DaifugoAction):
        raise TypeError(f"a UECda table plays Dai Fugō actions, not {action!r}")
    return action.cards


def run(host: str, port: int, name: str, timeout: float | None = None,
        exact: bool = False, bot: Bot | None = None, rules: Rules | None = None,
        rng: Random | None = None) -> SessionLog:
    """Play on the server at ``host``:``port``: the paiju player ``bot`` under ``rules``
    if given, else the standard strategy, careful (no play the server would reject)
    unless ``exact``."""
    strategy: TableStrategy
    if bot is not None and rules is not None:
        strategy = PlayerStrategy(bot, rules, rng or Random())
    else:
        strategy = StandardStrategy(careful=not exact)
    with ClientConnection.connect(host, port, timeout) as conn:
        return play_session(conn, strategy, name)
