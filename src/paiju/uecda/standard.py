"""The UECda standard client's strategy over the server's tables.

The strategy itself is :mod:`paiju.daifugo.players.standard` (the ``uecda-standard`` player plays
it over a Dai Fugō view); this module feeds it the tables as they come: the hand table of
each turn, the field table after it. The client's picture of the cards is the tables'
layout cell for cell, so its answers are the official standard client's in every
position (the opt-in kit test compares them play by play).
"""

from __future__ import annotations

from paiju.daifugo.players import standard as strategy
from paiju.daifugo.players.standard import Seen
from paiju.uecda.judge import judge
from paiju.uecda.tables import Table
from paiju.uecda.wire import REJECTED

__all__ = ["Seen", "StandardStrategy", "choose", "gift", "observe_field", "observe_hand"]


def observe_hand(seen: Seen, hand: Table) -> Seen:
    """What the client knows after the hand table of a turn (6)."""
    return strategy.observe_hand(seen, list(hand.cells))


def observe_field(seen: Seen, field: Table) -> Seen:
    """What the client knows after the field table of a turn (9)."""
    return strategy.observe_field(seen, list(field.cells))


def gift(hand: Table, count: int) -> Table:
    """The cards a Dai Fugō (2) or Fugō (1) gives: its lowest, never the joker."""
    return Table(tuple(strategy.gift(list(hand.cells), count)))


def choose(hand: Table, seen: Seen) -> Table:
    """The play (table 3) the standard client sends with ``hand`` on its turn."""
    return Table(tuple(strategy.choose(list(hand.cells), seen)))


class StandardStrategy:
    """The standard client's decisions, fed the tables in the order they come.

    ``careful``: send a pass instead of a play the server would reject
    (:func:`paiju.uecda.judge.judge`). The server counts a rejected play as a pass, so the
    games go exactly as the standard client's; only the answers 8 disappear.
    """

    def __init__(self, careful: bool = False) -> None:
        self.seen = Seen()
        self.careful = careful
        self.field = Table.empty()

    def seated(self, player: int) -> None:
        """The standard client does not use its player number."""

    def on_answer(self, answer: int) -> None:
        """The standard client does not read the answer's value."""

    def notes(self) -> list[str]:
        """The standard client notes nothing."""
        return []

    def gift(self, dealt: Table) -> Table | None:
        """The cards to give, or None when this player gives none ([5][1] not 1..99)."""
        count = dealt[5, 1]
        return gift(dealt, count) if 0 < count < 100 else None

    def on_hand(self, hand: Table) -> None:
        self.seen = observe_hand(self.seen, hand)

    def play(self, hand: Table) -> Table:
        out = choose(hand, self.seen)
        if self.careful and judge(hand, out, self.field)[0] == REJECTED:
            return Table.empty()
        return out

    def on_field(self, field: Table) -> None:
        self.seen = observe_field(self.seen, field)
        self.field = field
