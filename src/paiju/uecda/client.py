"""A table-level UECda client: it plays a strategy over tables on a UECda server.

The loop follows ``man/protocol.html`` 13.3: enter with a profile, then for each game
read the dealt hand, give cards when asked, and until the game is over read the hand,
play on this player's turn, read the field and the end code. ``paiju uecda client
--host H --port P --name N`` plays the standard client's strategy
(:mod:`paiju.uecda.standard`) with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from paiju.uecda.history import GameLog
from paiju.uecda.standard import StandardStrategy
from paiju.uecda.tables import Table
from paiju.uecda.wire import ALL_OVER, CONTINUE, REJECTED, ClientConnection


class TableStrategy(Protocol):
    """What a client needs to play: decisions over the tables the server sends."""

    def gift(self, dealt: Table) -> Table | None:
        """The cards to give in the exchange, or None when this player gives none."""
        ...

    def on_hand(self, hand: Table) -> None:
        """Sees the hand table of every turn, before :meth:`play` on this player's."""
        ...

    def play(self, hand: Table) -> Table:
        """The play on this player's turn (the all-zero table passes)."""
        ...

    def on_field(self, field: Table) -> None:
        """Sees the field table after every turn."""
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

    def points(self) -> list[int | None]:
        """This player's points in each game, as tndhms counts them: 5 for the first out
        down to 1 for the last (None where the order is not known)."""
        return [None if o is None else 5 - o.index(self.player) for o in self.orders]


def play_session(conn: ClientConnection, strategy: TableStrategy, name: str) -> SessionLog:
    """Enter the tournament as ``name`` and play until the server says all games are over."""
    log = SessionLog(player=conn.enter(name))
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
        if conn.send_play(play) == REJECTED:
            if cards:
                log.rejected.append((log.games, log.turns, play))
            else:
                log.passes_answered_8 += 1
    table = conn.read_field()
    strategy.on_field(table)
    game.on_field(table)
    return conn.read_end()


def run(host: str, port: int, name: str, timeout: float | None = None,
        exact: bool = False) -> SessionLog:
    """Play the standard strategy on the server at ``host``:``port``; careful (no play the
    server would reject) unless ``exact``."""
    with ClientConnection.connect(host, port, timeout) as conn:
        return play_session(conn, StandardStrategy(careful=not exact), name)

