"""Luk Fu's action ids for research (:class:`paiju.core.protocol.ActionSpace`, docs/rl.md,
"Actions"): the six kinds of action, then the 37 dealt cards by card number."""

from __future__ import annotations

from collections.abc import Sequence

from paiju.core.bitset import members
from paiju.lukfu.engine.actions import LukFuAction, grouped
from paiju.lukfu.engine.cards import LI_CHEN, name

#: The kinds of action, as the records' ``do`` field (docs/records.md).
DOS = ("call", "pass", "play", "discard", "declare", "five_tigers")
#: The 37 dealt cards, 1 Sip .. 9 Chen then Li Chen: token ``i`` is card number ``i``.
TOKENS = tuple(name(c) for c in range(LI_CHEN + 1))


class LukFuActionSpace:
    """Luk Fu's kinds and card tokens; an action's cards are a bitset of card numbers,
    which are the token indices, so a decision is read by kind as bitsets."""

    @property
    def dos(self) -> tuple[str, ...]:
        return DOS

    @property
    def tokens(self) -> tuple[str, ...]:
        return TOKENS

    def card_ids(self, action: LukFuAction) -> tuple[int, ...] | None:
        """The action's card numbers, lowest first."""
        return tuple(members(action.cards))

    def grouped(self, legal: Sequence[LukFuAction]) -> list[tuple[str, list[int]]]:
        """The legal actions by kind as bitsets (:func:`paiju.lukfu.engine.actions.grouped`)."""
        return grouped(legal)

    def build(self, seat: int, do: str, cards: int) -> LukFuAction:
        return LukFuAction(seat, do, cards)


SPACE = LukFuActionSpace()
