"""Dai Fugō's research observation (:class:`paiju.core.protocol.Observer`; its layout in
docs/rl.md, "Observations"), read from a seat's view alone.

A card segment's entry ``i`` is card number ``i`` (:mod:`paiju.daifugo.engine.cards`) for the 52
suited cards, then two joker entries (a lone joker is the first, whichever joker it is),
so a seat's bitset of cards shifted to the segment's offset is the segment, and the whole
observation is one integer.

With two packs (``decks=2``) a card segment has 108 entries: the 52 first copies, the 52
second copies (entry ``52 + i`` card ``COPY + i``, ``7S'``), then four joker entries (``k``
jokers are the first ``k``). The engine keeps two packs' sets in canon form (a card held
once is the first pack's), so a card held once is its first entry, twice both.
"""

from __future__ import annotations

from collections.abc import Sequence

from paiju.core.bitset import offsets
from paiju.core.bitset import one_hot as hot
from paiju.core.protocol import View
from paiju.daifugo.action_space import PLACES
from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.cards import COPY
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
#: Entries of a two-pack card segment: both copies of the 52 suited cards, four jokers.
CARDS2 = 108
#: What a hand count and a face-down count are divided by, one pack and two: a hand of
#: four players' deal (13 or 14 cards; 27 of two packs with four jokers), the pack.
HAND_SCALE = {1: 14, 2: 27}
PACK_SCALE = {1: 54, 2: 108}
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


def engine_cards2(cards: int) -> int:
    """A two-pack card bitset (canon form, jokers any of cards 52..55) as the observation's:
    the first copies 0..51, the second copies 52..103, ``k`` jokers 104..104+k-1."""
    jokers = (cards >> 52 & 0xF).bit_count()
    return (cards & _SUITED_CARDS | (cards >> COPY & _SUITED_CARDS) << 52
            | ((1 << jokers) - 1) << 104)


def meld_stands_for(subs: Sequence[int]) -> int:
    """The bits of what a table's jokers stand for: cards 0..51, then the places beyond
    the ends, below the 3s (52..55) and above the 2s (56..59), from the engine's numbers
    (-4..-1 and 52..55)."""
    out = 0
    for card in subs:
        out |= 1 << (card + 56 if card < 0 else card + 4 if card >= 52 else card)
    return out


def segments(n: int, decks: int = 1) -> list[tuple[str, int]]:
    """The segments of a Dai Fugō observation with ``n`` players and ``decks`` packs,
    ``(name, width)``."""
    c = CARDS2 if decks == 2 else CARDS
    return [
        ("seat", n), ("phase", len(PHASES)), ("to_move", n), ("hand", c),
        ("counts", n), ("table", c), ("table_stands_for", STANDS), ("table_seat", n),
        ("flags", 4), ("lock", len(LOCKS)), ("played", c),
        ("face_down", 2), ("finished", n * n), ("titles", n * len(TITLES)),
        ("known", (n + 2) * c),
    ]


class DaifugoObserver:
    """A Dai Fugō seat's observation with ``players`` players and ``decks`` packs: 1
    entries as one integer, and the counts (hands /14, face-down cards /54; two packs
    /27 and /108)."""

    def __init__(self, players: int, decks: int = 1) -> None:
        if decks not in (1, 2):
            raise ValueError(f"one pack or two, not {decks}")
        self.players = players
        self.decks = decks
        self._segments = segments(players, decks)
        self.at: dict[str, int] = offsets(self._segments)
        self._width = CARDS2 if decks == 2 else CARDS
        self._hand_scale = HAND_SCALE[decks]
        self._pack_scale = PACK_SCALE[decks]

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

    def _cards(self, cards: int) -> int:
        """A card bitset of the engine as a card segment's entries."""
        return engine_cards2(cards) if self.decks == 2 else engine_cards(cards)

    def _meld(self, naturals: int, jokers: int) -> int:
        """A combination's natural cards and jokers as a card segment's entries."""
        if self.decks == 2:
            return engine_cards2(naturals) | ((1 << min(jokers, 4)) - 1) << 104
        return naturals | _JOKER_BITS[min(jokers, 2)]

    def encode(self, view: View[Action, Rules]) -> tuple[int, Sequence[float]]:
        """A Dai Fugō view's 1 entries, and its counts (:meth:`count_offsets`)."""
        if not isinstance(view, DaifugoView):
            raise TypeError(f"a Dai Fugō observation reads a Dai Fugō view, not "
                            f"{type(view).__name__}")
        if view.book.decks != self.decks:
            raise ValueError(f"an observer of {self.decks} pack(s) reads a view of "
                             f"{view.book.decks}: build it for the view's rules")
        n, c, at = self.players, self._width, self.at
        v = view.table_bits()
        meld = v.table
        flags = at["flags"]
        ones = (hot(v.seat, n, at["seat"]) | hot(_PHASE[v.phase], 4, at["phase"])
                | hot(v.to_move, n, at["to_move"])
                | self._cards(v.hand) << at["hand"]
                | hot(v.table_seat, n, at["table_seat"])
                | (1 << flags if v.revolution else 0)
                | (1 << (flags + 1) if v.revolution_pending else 0)
                | (1 << (flags + 2) if v.jack_back else 0)
                | (1 << (flags + 3) if v.clockwise else 0)
                | hot(_LOCK_INDEX.get(v.lock), 4, at["lock"])
                | self._cards(v.played) << at["played"])
        if meld is not None:
            ones |= (self._meld(meld.naturals, meld.jokers) << at["table"]
                     | meld_stands_for(meld.subs) << at["table_stands_for"])
        finished, at_finished = v.finished, at["finished"]
        for place, seat in enumerate(finished):
            if 0 <= seat < n and finished.index(seat) == place:
                ones |= hot(place, n, at_finished + seat * n)
        at_titles = at["titles"]
        for seat, title in enumerate(v.titles_before or ()):
            ones |= hot(_TITLE.get(title), 5, at_titles + seat * 5)
        known = [0] * (n + 2)
        two = self.decks == 2
        for seat, cards in view.facts().known_pins():  # seats, the discard pile, the drop
            known[seat if seat >= 0 else n - 1 - seat] |= cards  # each place listed once
        at_known = at["known"]
        for i, cards in enumerate(known):
            ones |= (engine_cards2(cards) if two else cards) << (at_known + i * c)
        hand, pack = self._hand_scale, self._pack_scale
        return ones, [*(k / hand for k in v.counts), v.discarded_face_down / pack,
                      v.dropped_face_down / pack]
