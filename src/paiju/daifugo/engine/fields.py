"""Read-only access to a Dai Fugō state's position by the fields' names (``state.hands``).

A plain Python mixin of :class:`~paiju.daifugo.engine.state.DaifugoState`, kept out of the
compiled modules (paiju/compiled.py): a compiled class that is not native may derive from
it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from paiju.daifugo.engine.combos import Meld
    from paiju.daifugo.engine.position import Position
    from paiju.daifugo.engine.rulebook import Rulebook


class PositionFields:
    """Read-only access to a state's position by the fields' names (``state.hands``)."""

    pos: Position
    book: Rulebook

    @property
    def hands(self) -> list[int]:
        return self.pos.hands

    @property
    def phase(self) -> str:
        return self.pos.phase

    @property
    def turn(self) -> int:
        return self.pos.turn

    @property
    def table(self) -> Meld | None:
        return self.pos.table

    @property
    def lock(self) -> int:
        return self.pos.lock

    @property
    def revolution(self) -> bool:
        return self.pos.revolution

    @property
    def cut_pending(self) -> bool:
        return self.pos.cut_pending

    @property
    def exchange(self) -> list[tuple[int, int, int]]:
        return self.pos.exchange

    @property
    def played(self) -> int:
        return self.pos.played

    @property
    def discards(self) -> int:
        return self.pos.discards

    @property
    def dropped(self) -> int:
        return self.pos.dropped

    @property
    def hidden(self) -> list[tuple[int, int, int, int]]:
        return self.pos.hidden

    @property
    def finished(self) -> list[int]:
        return self.pos.finished

    @property
    def forbidden(self) -> list[int]:
        return self.pos.forbidden

    @property
    def fallen(self) -> int | None:
        return self.pos.fallen

    @property
    def final(self) -> list[int] | None:
        return self.pos.final

    @property
    def seqs(self) -> bool:
        return self.book.sequences

    @property
    def twos(self) -> bool:
        return self.book.twos

    @property
    def emperor(self) -> bool:
        return self.book.emperor
