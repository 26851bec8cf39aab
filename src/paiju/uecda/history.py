"""What every player did, read from the tables one client receives.

The server sends every client the field table after each turn, with the player who just
acted at [5][3] and the field's cards as they are after the turn, before the field clears.
A turn changed the field's cards exactly when its player's play was accepted. The
field is read as empty when the hand table of the turn said so ([5][4]).
So a client that keeps the tables in order knows each player's plays and passes, as a
player at the table would (a rejected play looks like a pass, as the server counts it).
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
        """The play as paiju tokens; () for a pass. Raises ProtocolError for a play with
        no paiju reading (a sequence whose joker stands below the 3 or above the 2)."""
        return table_play(self.play)

    def size(self) -> int:
        return sum(1 for v in self.play.cells if v)


@dataclass
class GameLog:
    """The turns of one game, fed the hand and field tables in the order they come."""

    turns: list[Turn] = field(default_factory=list)
    field_cards: Table = field(default_factory=Table.empty)
    new_trick: bool = True

    def on_hand(self, hand: Table) -> None:
        self.new_trick = hand[5, 4] == 1

    def on_field(self, table: Table) -> Turn:
        cards = Table(table.cells[:75] + (0,) * 45)
        before = Table.empty() if self.new_trick else self.field_cards
        turn = Turn(table[5, 3], Table.empty() if cards == before else cards)
        self.turns.append(turn)
        self.field_cards = cards
        return turn
