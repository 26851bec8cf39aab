"""What every player did, read from the tables one client receives.

The server sends every client the field table after each turn, with the player who just
acted at [5][3] and the field's cards as they are after the turn, before the field clears.
A turn changed the field's cards exactly when its player's play was accepted. The
field is read as empty when the hand table of the turn said so ([5][4]).
So a client that keeps the tables in order knows each player's plays and passes, as a
player at the table would (a rejected play looks like a pass, as the server counts it),
and the order in which the players go out. When a game ends after 20 passes in a row,
the server ranks the players still in at random; that order is not in the tables of the
game, and :meth:`GameLog.order` is None.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from paiju.uecda.tables import Table, table_play


@dataclass(frozen=True, slots=True)
class Turn:
    """One player's turn: the cards they put on the field, or none for a pass."""

    player: int
    play: Table

    @property
    def passed(self) -> bool:
        return not any(self.play.cells)

    def tokens(self) -> tuple[str, ...]:
        """The play as paiju tokens (a joker below the 3 or above the 2 is ``JK=<3S`` or
        ``JK=>2S``); () for a pass."""
        return table_play(self.play)

    def size(self) -> int:
        return sum(1 for v in self.play.cells if v)


PLAYERS = 5


@dataclass
class GameLog:
    """The turns of one game, fed the hand and field tables in the order they come."""

    #: each player's number of cards, from the dealt hand ([6][0..4]) on
    counts: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    turns: list[Turn] = field(default_factory=list)
    #: the players who went out, in order
    out: list[int] = field(default_factory=list)
    field_cards: Table = field(default_factory=Table.empty)
    new_trick: bool = True

    @classmethod
    def dealt(cls, table: Table) -> GameLog:
        """The log of a game from its dealt hand table."""
        return cls(counts=list(table.row(6)[:PLAYERS]))

    def order(self) -> list[int] | None:
        """The players from first out to last, once all but one are out."""
        if len(self.out) < PLAYERS - 1:
            return None
        return self.out + [p for p in range(PLAYERS) if p not in self.out]

    def on_hand(self, hand: Table) -> None:
        self.new_trick = hand[5, 4] == 1

    def on_field(self, table: Table) -> Turn:
        cards = Table(table.cells[:75] + (0,) * 45)
        before = Table.empty() if self.new_trick else self.field_cards
        turn = Turn(table[5, 3], Table.empty() if cards == before else cards)
        self.turns.append(turn)
        if 0 <= turn.player < PLAYERS and turn.size():
            self.counts[turn.player] -= turn.size()
            if self.counts[turn.player] <= 0 and turn.player not in self.out:
                self.out.append(turn.player)
        self.field_cards = cards
        return turn
