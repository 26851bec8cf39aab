"""Dai Fugō's action ids for research (:class:`paiju.core.protocol.ActionSpace`, docs/rl.md,
"Actions"): the six kinds of action, then the card tokens (a suited card, the joker, the
joker standing for a card, the joker beyond the ends of a sequence, a second pack's copy
of a suited card)."""

from __future__ import annotations

from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.cards import COPY, stand_token
from paiju.daifugo.engine.cards import TOKENS as CARD_TOKENS

#: The kinds of action, as the records' ``do`` field (docs/records.md).
DOS = ("play", "pass", "give", "seven_pass", "discard", "ask")
#: The joker's tokens beyond the ends: below the 3s, then above the 2s, ♠ ♡ ♢ ♣.
PLACES = tuple("JK=" + stand_token(c) for c in (*range(-4, 0), *range(52, 56)))
#: A second pack's copy of each suited card (``decks=2``): ``3S'`` .. ``2C'``, card
#: ``c + COPY`` of :mod:`paiju.daifugo.engine.cards`.
PRIMED = CARD_TOKENS[COPY:COPY + 52]
#: The 52 suited cards (3S .. 2C, token ``i`` card number ``i``), the joker, a joker
#: standing for each card, a sequence's joker below each 3 and above each 2
#: (``sequence_joker_beyond_ends``), then the second copies of two packs (token ``113 + i``
#: card number ``COPY + i``): appended, so one pack's tokens keep their places.
TOKENS = (*CARD_TOKENS[:52], "JK", *("JK=" + t for t in CARD_TOKENS[:52]), *PLACES, *PRIMED)


class DaifugoActionSpace:
    """Dai Fugō's kinds and card tokens; an action's cards are its tokens."""

    def __init__(self) -> None:
        self._index = {t: i for i, t in enumerate(TOKENS)}

    @property
    def dos(self) -> tuple[str, ...]:
        return DOS

    @property
    def tokens(self) -> tuple[str, ...]:
        return TOKENS

    def card_ids(self, action: Action) -> tuple[int, ...] | None:
        """The indices of the action's tokens, ascending (a pair of jokers is ``JK``
        twice; both copies of a card are ``7S`` and ``7S'``)."""
        if action.do == "pass":
            return ()
        return tuple(sorted(self._index[t] for t in action.cards))


SPACE = DaifugoActionSpace()
