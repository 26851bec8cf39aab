"""Dai Fugō's research observation (:class:`paiju.core.protocol.Observer`; its layout in
docs/rl.md, "Observations"), read from a seat's view alone.

A card segment's entry ``i`` is card number ``i`` (:mod:`paiju.daifugo.engine.cards`) for the 52
suited cards, then two joker entries (a lone joker is the first, whichever joker it is),
so a seat's bitset of cards shifted to the segment's offset is the segment, and the whole
observation is one integer.
"""

from __future__ import annotations

from collections.abc import Sequence

from paiju.core.bitset import offsets
from paiju.core.bitset import one_hot as hot
from paiju.core.protocol import View
from paiju.daifugo.action_space import PLACES
from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.view import DaifugoView
from paiju.daifugo.rules import Rules

#: Rows of history in an information-state tensor: a long hand with many players can run
#: longer, and then its oldest rows drop out.
HISTORY = 160
PHASES = ("exchange", "play", "follow", "over")
TITLES = ("daifugo", "fugo", "heimin", "hinmin", "daihinmin")
LOCKS = ("♠", "♡", "♢", "♣")
#: Entries of a card segment: 52 suited cards and two jokers.
CARDS = 54
#: What a table's jokers stand for: the 52 cards, then the 8 places beyond the ends.
STANDS = 52 + len(PLACES)

_PHASE = {p: i for i, p in enumerate(PHASES)}
_TITLE = {t: i for i, t in enumerate(TITLES)}
_SUITED_CARDS = (1 << 52) - 1
_JOKER_BITS = (0, 1 << 52, 3 << 52)
#: A lock's suit mask: the index of its one suit (a lock of several suits has none).
_LOCK_INDEX = {1 << i: i for i in range(4)}


def engine_cards(cards: int) -> int:
    """An engine's card bitset (the jokers cards 52 and 53) as the observation's: a lone
    joker is card 52, whichever joker it is."""
    jokers = cards >> 52
    return cards & _SUITED_CARDS | _JOKER_BITS[min(jokers.bit_count(), 2)] if jokers else cards


def meld_stands_for(subs: Sequence[int]) -> int:
    """The bits of what a table's jokers stand for: cards 0..51, then the places beyond
    the ends, below the 3s (52..55) and above the 2s (56..59), from the engine's numbers
    (-4..-1 and 52..55)."""
    out = 0
    for card in subs:
        out |= 1 << (card + 56 if card < 0 else card + 4 if card >= 52 else card)
    return out


def segments(n: int) -> list[tuple[str, int]]:
    """The segments of a Dai Fugō observation with ``n`` players, ``(name, width)``."""
    c = CARDS
    return [
        ("seat", n), ("phase", len(PHASES)), ("to_move", n), ("hand", c),
        ("counts", n), ("table", c), ("table_stands_for", STANDS), ("table_seat", n),
        ("flags", 4), ("lock", len(LOCKS)), ("played", c),
        ("face_down", 2), ("finished", n * n), ("titles", n * len(TITLES)),
        ("known", (n + 2) * c),
    ]


class DaifugoObserver:
    """A Dai Fugō seat's observation with ``players`` players: 1 entries as one integer,
    and the counts (hands /14, face-down cards /54)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self._segments = segments(players)
        self.at: dict[str, int] = offsets(self._segments)

    @property
    def actors(self) -> int:
        return self.players

    @property
    def history(self) -> int:
        return HISTORY

    def segments(self) -> list[tuple[str, int]]:
        return list(self._segments)

    def count_offsets(self) -> list[int]:
        """Each seat's hand count, the face-down discards, the dropped cards."""
        at, n = self.at, self.players
        return [*range(at["counts"], at["counts"] + n), at["face_down"], at["face_down"] + 1]

    def encode(self, view: View[Action, Rules]) -> tuple[int, Sequence[float]]:
        """A Dai Fugō view's 1 entries, and its counts (:meth:`count_offsets`)."""
        if not isinstance(view, DaifugoView):
            raise TypeError(f"a Dai Fugō observation reads a Dai Fugō view, not "
                            f"{type(view).__name__}")
        n, c, at = self.players, CARDS, self.at
        v = view.table_bits()
        meld = v.table
        flags = at["flags"]
        ones = (hot(v.seat, n, at["seat"]) | hot(_PHASE[v.phase], 4, at["phase"])
                | hot(v.to_move, n, at["to_move"])
                | engine_cards(v.hand) << at["hand"]
                | hot(v.table_seat, n, at["table_seat"])
                | (1 << flags if v.revolution else 0)
                | (1 << (flags + 1) if v.revolution_pending else 0)
                | (1 << (flags + 2) if v.jack_back else 0)
                | (1 << (flags + 3) if v.clockwise else 0)
                | hot(_LOCK_INDEX.get(v.lock), 4, at["lock"])
                | engine_cards(v.played) << at["played"])
        if meld is not None:
            ones |= ((meld.naturals | _JOKER_BITS[min(meld.jokers, 2)]) << at["table"]
                     | meld_stands_for(meld.subs) << at["table_stands_for"])
        finished, at_finished = v.finished, at["finished"]
        for place, seat in enumerate(finished):
            if 0 <= seat < n and finished.index(seat) == place:
                ones |= hot(place, n, at_finished + seat * n)
        at_titles = at["titles"]
        for seat, title in enumerate(v.titles_before or ()):
            ones |= hot(_TITLE.get(title), 5, at_titles + seat * 5)
        known = [0] * (n + 2)
        for seat, cards in view.facts().known_pins():  # seats, the discard pile, the drop
            known[seat if seat >= 0 else n - 1 - seat] |= cards
        at_known = at["known"]
        for i, cards in enumerate(known):
            ones |= cards << (at_known + i * c)
        return ones, [*(k / 14 for k in v.counts), v.discarded_face_down / 54,
                      v.dropped_face_down / 54]
