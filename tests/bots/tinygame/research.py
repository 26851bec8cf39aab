"""The tiny game's part of the research envs (``Game.research``, paiju.core.protocol's
:class:`~paiju.core.protocol.Research`): its action ids, its observer and its deal card by
card, written here alone, as a new game's folder would hold them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from paiju.core.jsontypes import Json, JsonObject
from tinygame import DECK, HAND, Move, TinyView

#: A card's number: its place in the pack (``1a`` is 0, ``6c`` is 17).
NUMBER = {card: i for i, card in enumerate(DECK)}
DOS = ("play", "pass")


def bits(cards: Sequence[str]) -> int:
    """Cards as a bitset of their numbers."""
    out = 0
    for card in cards:
        out |= 1 << NUMBER[card]
    return out


class TinyActionSpace:
    """The two kinds, then the 18 cards in pack order."""

    dos = DOS
    tokens = DECK

    def card_ids(self, action: Move) -> tuple[int, ...] | None:
        return tuple(sorted(NUMBER[c] for c in action.cards))


class TinyObserver:
    """Seat, seat to move, own hand, hand counts (/5), the cards to beat, the cards played."""

    history = 64  # a hand has at most 15 plays, and fewer than 3 passes after each

    def __init__(self, players: int) -> None:
        self.actors = players
        n, c = players, len(DECK)
        self._segments = [("seat", n), ("to_move", n), ("hand", c), ("counts", n),
                          ("top", c), ("played", c)]
        self.at: dict[str, int] = {}
        offset = 0
        for name, width in self._segments:
            self.at[name] = offset
            offset += width

    def segments(self) -> list[tuple[str, int]]:
        return list(self._segments)

    def count_offsets(self) -> list[int]:
        return list(range(self.at["counts"], self.at["counts"] + self.actors))

    def encode(self, view: Any) -> tuple[int, list[float]]:
        if not isinstance(view, TinyView):
            raise TypeError(f"a tiny observation reads a tiny view, not {type(view).__name__}")
        at = self.at
        ones = (1 << (at["seat"] + view.seat) | bits(view.hand) << at["hand"]
                | bits(view.top) << at["top"]
                | bits([c for m in view.history for c in m.cards]) << at["played"])
        if view.turn is not None:
            ones |= 1 << (at["to_move"] + view.turn)
        return ones, [k / HAND for k in view.counts]


class TinyDeal:
    """Five cards to each seat in turn, the rest to the kitty; seat 0 leads."""

    draws_first = False
    zero_sum = True

    def __init__(self, players: int) -> None:
        self.players = players
        self.deck = tuple(range(len(DECK)))
        self.bounds = (-float(HAND), float(HAND * (players - 1)))
        self.max_length = 3 * 60  # at most 60 actions, of at most three ids

    def token(self, card: int) -> str:
        return DECK[card]

    def holder(self, index: int) -> int:
        """The seat of the ``index``-th card, -1 for the kitty's."""
        return index // HAND if index < HAND * self.players else -1

    def record(self, rules: Mapping[str, Json], dealt: Sequence[int],
               first: int | None) -> JsonObject:
        cards: list[Json] = [DECK[c] for c in dealt]
        hands: list[Json] = [cards[s * HAND:(s + 1) * HAND] for s in range(self.players)]
        return {"game": "tiny", "rules": dict(rules),
                "deal": {"hands": hands, "kitty": cards[self.players * HAND:]}}


class TinyResearch:
    action_space = TinyActionSpace()
    zero_sum = True

    def observer(self, players: int, rules: Any) -> TinyObserver:
        return TinyObserver(players)

    def deal(self, rules: Any, players: int) -> TinyDeal:
        return TinyDeal(players)


RESEARCH = TinyResearch()
