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
from paiju.core.protocol import State, View
from paiju.daifugo.action_space import PLACES
from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.cards import COPY
from paiju.daifugo.engine.combos import Meld
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.engine.view import DaifugoView, handover_pins, seat_moves, traced_handovers
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
        at = self.at
        # the offsets _encode reads, as attributes (cheaper than the dict in a hot loop)
        self._seat, self._phase, self._to_move = at["seat"], at["phase"], at["to_move"]
        self._hand, self._table, self._stands = at["hand"], at["table"], at["table_stands_for"]
        self._table_seat, self._flags, self._lock = at["table_seat"], at["flags"], at["lock"]
        self._played, self._finished = at["played"], at["finished"]
        self._titles, self._known = at["titles"], at["known"]
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
        self._check_decks(view.book.decks)
        v = view.table_bits()
        return self._encode(
            v.seat, v.phase, v.to_move, v.hand, v.table, v.table_seat, v.revolution,
            v.revolution_pending, v.jack_back, v.lock, v.clockwise, v.played, v.counts,
            v.discarded_face_down, v.dropped_face_down, v.finished, v.titles_before,
            view.facts().known_pins())

    def encode_state(self, state: State[Action, Rules], seat: int
                     ) -> tuple[int, Sequence[float]]:
        """:meth:`encode` of ``seat``'s view, read from the state without making the view
        (the batched env's fast path; tests/rl/test_rl_fast.py holds the two equal). Only
        a seat that handed cards over face down with two packs has its view made, for
        what it knows of them."""
        if not isinstance(state, DaifugoState):
            raise TypeError(f"a Dai Fugō observation reads a Dai Fugō hand, not "
                            f"{type(state).__name__}")
        self._check_decks(state.book.decks)
        p = state.pos
        pins: list[tuple[int, int]] = []
        for _, src, dst, _ in p.hidden:
            if src == seat and dst >= 0 and dst != seat:  # a hand-over of its own
                if self.decks == 2:
                    pins = state.view(seat).facts().known_pins()
                else:
                    moves = seat_moves(p.hidden, seat)
                    pins = handover_pins(
                        traced_handovers(moves, seat, p.hands[seat] | p.played), moves, seat)
                break
        table = p.table
        return self._encode(
            seat, p.phase, state.to_move(), p.hands[seat], table,
            p.table_seat if table else None, p.revolution, p.pending_rev, p.jack_back_now,
            p.lock, p.direction == 1, p.played, [h.bit_count() for h in p.hands],
            p.discards.bit_count(), p.dropped.bit_count(), p.finished, state.titles_eff, pins)

    def _check_decks(self, decks: int) -> None:
        if decks != self.decks:
            raise ValueError(f"an observer of {self.decks} pack(s) reads a view of "
                             f"{decks}: build it for the view's rules")

    def _encode(self, seat: int, phase: str, to_move: int | None, hand: int,
                meld: Meld | None, table_seat: int | None, revolution: bool,
                revolution_pending: bool, jack_back: bool, lock: int, clockwise: bool,
                played: int, counts: list[int], discarded: int, dropped: int,
                finished: list[int], titles: list[str] | None,
                pins: list[tuple[int, int]]) -> tuple[int, Sequence[float]]:
        """The 1 entries and the counts of what a seat sees (the fields of
        :class:`~paiju.daifugo.engine.view.TableBits`), with the cards it knows are with
        other seats (``pins``)."""
        n, c = self.players, self._width
        flags = self._flags
        ones = (hot(seat, n, self._seat) | hot(_PHASE[phase], 4, self._phase)
                | hot(to_move, n, self._to_move)
                | self._cards(hand) << self._hand
                | hot(table_seat, n, self._table_seat)
                | (1 << flags if revolution else 0)
                | (1 << (flags + 1) if revolution_pending else 0)
                | (1 << (flags + 2) if jack_back else 0)
                | (1 << (flags + 3) if clockwise else 0)
                | hot(_LOCK_INDEX.get(lock), 4, self._lock)
                | self._cards(played) << self._played)
        if meld is not None:
            ones |= (self._meld(meld.naturals, meld.jokers) << self._table
                     | meld_stands_for(meld.subs) << self._stands)
        at_finished = self._finished
        for place, s in enumerate(finished):
            if 0 <= s < n and finished.index(s) == place:
                ones |= hot(place, n, at_finished + s * n)
        if titles is not None:
            at_titles = self._titles
            for s, title in enumerate(titles):
                ones |= hot(_TITLE.get(title), 5, at_titles + s * 5)
        if pins:
            known = [0] * (n + 2)
            for s, cards in pins:  # seats, the discard pile, the drop
                known[s if s >= 0 else n - 1 - s] |= cards  # each place listed once
            at_known = self._known
            two = self.decks == 2
            for i, cards in enumerate(known):
                if cards:
                    ones |= (engine_cards2(cards) if two else cards) << (at_known + i * c)
        values = [k / self._hand_scale for k in counts]
        values.append(discarded / self._pack_scale)
        values.append(dropped / self._pack_scale)
        return ones, values
