"""Precomputed tables for listing plays fast.

Every combination a hand can make is built from small, hand-independent pieces:

* the groups of one rank depend only on which suits of that rank the hand holds (a
  4-bit mask), how many jokers it holds and the group size;
* the sequences of one suit depend only on which ranks of that suit it holds (a 13-bit
  mask) and how many jokers it holds.

The pieces are computed once, whole: the combinations and sequence shapes at import,
and the shared actions of :func:`paiju.daifugo.engine.actions.play_action` of every combination
when a seat is first seated. So nothing grows as hands are played: the only tables
that fill with play are the caches of :func:`sequence_shapes` and
:func:`paiju.daifugo.engine.combos.suit_ranks`, each emptied when it reaches a stated size.
The rules themselves (what may follow what) are in :mod:`paiju.daifugo.engine.rulebook`; these
tables only list what a hand holds.
"""

from __future__ import annotations

from paiju.daifugo.engine import combos
from paiju.daifugo.engine.actions import Action, pass_action, play_action
from paiju.daifugo.engine.cards import NUM_RANKS, SUITED
from paiju.daifugo.engine.combos import GROUP, JOKER_RANK, SUBSETS, Meld

#: The index of a group piece: rank * GROUP_STRIDE + (suit mask * 3 + jokers) * 5 + size.
GROUP_STRIDE = 16 * 3 * 5


def _spread(mask: int) -> int:
    return sum(1 << (4 * r) for r in range(NUM_RANKS) if mask >> r & 1)


#: ABOVE[r] / BELOW[r]: the ranks above / below rank r, spread (bit 4 * rank).
ABOVE: tuple[int, ...] = tuple(_spread(((1 << 13) - 1) & ~((2 << r) - 1)) for r in range(13))
BELOW: tuple[int, ...] = tuple(_spread((1 << r) - 1) for r in range(13))


def group_index(rank: int, nib: int, jokers: int, size: int) -> int:
    """The index of :data:`GROUP_MELDS` and :attr:`SeatTables.groups`."""
    return rank * GROUP_STRIDE + (nib * 3 + jokers) * 5 + size


def _group_melds(rank: int, nib: int, jokers: int, size: int) -> tuple[Meld, ...]:
    """The groups of ``size`` at ``rank`` from the suits ``nib`` and ``jokers`` jokers.

    ``size`` 0 means every size (1 to 4). At least one natural card is used; the groups
    of jokers only are :data:`JOKER_GROUPS`.
    """
    if size == 0:
        return tuple(m for k in (1, 2, 3, 4) for m in _group_melds(rank, nib, jokers, k))
    out = []
    for jj in range(min(jokers, size - 1) + 1):
        for sub in SUBSETS[nib][size - jj]:
            out.append(Meld(GROUP, size, rank, sub << (4 * rank), jj, (), sub, 1 << rank))
    return tuple(out)


GROUP_MELDS: list[tuple[Meld, ...]] = [()] * (NUM_RANKS * GROUP_STRIDE)
for _r in range(NUM_RANKS):
    for _nib in range(16):
        for _j in range(3):
            for _k in range(5):
                GROUP_MELDS[group_index(_r, _nib, _j, _k)] = _group_melds(_r, _nib, _j, _k)

#: JOKER_GROUPS[jokers held][size]: the group of jokers only (size 0: every size).
JOKER_GROUPS: tuple[tuple[tuple[Meld, ...], ...], ...] = tuple(
    tuple(
        tuple(combos.group(0, k, JOKER_RANK) for k in (1, 2) if k <= j and size in (0, k))
        for size in range(5)
    )
    for j in range(3)
)


#: Bit ``4 * r`` for every rank ``r``: a rank mask spread out to the card positions.
NIB1 = sum(1 << (4 * r) for r in range(NUM_RANKS))
_M1 = int("01" * 26, 2)
_M2 = int("0011" * 13, 2)


def at_least(naturals: int, count: int) -> int:
    """Bit ``4 * r`` set for each rank ``r`` held at least ``count`` (1..4) times."""
    x = naturals
    if count <= 1:
        return (x | x >> 1 | x >> 2 | x >> 3) & NIB1
    a = (x & _M1) + ((x >> 1) & _M1)
    b = (a & _M2) + ((a >> 2) & _M2)  # each nibble: how many cards of its rank
    if count == 2:
        return ((b >> 1) | (b >> 2)) & NIB1
    if count == 3:
        return ((b >> 2) | ((b >> 1) & b)) & NIB1
    return (b >> 2) & NIB1


#: SPREAD[m]: the 13-bit rank mask ``m`` with bit ``r`` moved to bit ``4 * r``.
SPREAD: tuple[int, ...] = tuple(
    sum(1 << (4 * r) for r in range(NUM_RANKS) if m >> r & 1) for m in range(1 << NUM_RANKS)
)


def _all_shapes() -> list[tuple[int, int, int]]:
    """Every sequence shape: (lowest rank, length, the ranks jokers stand at).

    At most two jokers, at least one natural card, up to the 2 (``twos_in_sequences``;
    without it the shapes are a subset). 1,837 shapes: for each length L (3..13) there
    are 14 - L windows and 1 + L + L(L-1)/2 ways to place up to two jokers in one.
    """
    out = []
    for length in range(3, NUM_RANKS + 1):
        for lo in range(0, NUM_RANKS - length + 1):
            places = [1 << r for r in range(lo, lo + length)]
            out.append((lo, length, 0))
            out.extend((lo, length, p) for p in places)
            out.extend((lo, length, p | q) for i, p in enumerate(places) for q in places[i + 1:])
    return out


#: Every sequence shape, computed at import; a shape id is its index.
_SHAPES: tuple[tuple[int, int, int], ...] = tuple(_all_shapes())
_SHAPE_ID: dict[tuple[int, int, int], int] = {shape: i for i, shape in enumerate(_SHAPES)}

#: How many entries :data:`_SEQ_SHAPES` holds at most; it is emptied when full. Its keys
#: could number 8,192 suit masks x 3 joker counts x 2 x 14 lengths (688,128), far more
#: than random play needs at once: a few thousand keys serve nearly every look-up.
SEQ_SHAPES_LIMIT = 8192
_SEQ_SHAPES: dict[tuple[int, int, bool, int], tuple[tuple[int, int], ...]] = {}


def sequence_shapes(held: int, jokers: int, twos: bool, length: int) -> tuple[tuple[int, int], ...]:
    """``(lowest rank, shape id)`` of every sequence from the ranks ``held`` of one suit.

    ``length`` 0 means every length. The shapes do not depend on the suit, so one entry
    serves every suit and seat (cached, at most :data:`SEQ_SHAPES_LIMIT` entries).
    """
    key = (held, jokers, twos, length)
    got = _SEQ_SHAPES.get(key)
    if got is None:
        naturals = SPREAD[held]
        lengths = range(3, NUM_RANKS + 1) if length == 0 else (length,)
        out = []
        for n in lengths:
            for m in combos.sequences(naturals, jokers, n, twos):
                jr = 0
                for c in m.subs:
                    jr |= 1 << (c >> 2)
                out.append((m.rank, _SHAPE_ID[(m.rank, m.size, jr)]))
        got = tuple(out)
        if len(_SEQ_SHAPES) >= SEQ_SHAPES_LIMIT:
            _SEQ_SHAPES.clear()
        _SEQ_SHAPES[key] = got
    return got


def all_melds() -> list[Meld]:
    """Every combination the pack makes under any rules: 8,097 of them.

    509 groups (39 per rank, and the lone joker and the pair of jokers), 4 x 1,837
    sequences and 240 emperors (ten runs of four ranks, 24 ways to give them the four
    suits). Rules that forbid some (no sequences, no 2s in them) use a subset.
    """
    out: list[Meld] = []
    seen: set[Meld] = set()
    for melds in GROUP_MELDS:
        for m in melds:
            if m not in seen:
                seen.add(m)
                out.append(m)
    out.extend(combos.group(0, k, JOKER_RANK) for k in (1, 2))
    out.extend(combos.sequence(suit, lo, length, jr)
               for suit in range(4) for lo, length, jr in _SHAPES)
    out.extend(combos.emperors(SUITED, True))
    return out


#: Every combination (:func:`all_melds`), computed at import.
ALL_MELDS: tuple[Meld, ...] = tuple(all_melds())


class SeatTables:
    """The shared play actions of one seat, by the pieces above.

    Built whole when the seat is first seated: the action of every combination
    (:data:`ALL_MELDS`) for this seat, so that no later hand adds to
    :mod:`paiju.daifugo.engine.actions`' tables (memory stays flat however long the play).
    """

    __slots__ = ("groups", "jokers", "pass_", "seat", "seqs")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.pass_ = pass_action(seat)
        for m in ALL_MELDS:
            play_action(seat, m)
        #: by :func:`group_index`
        self.groups: tuple[tuple[Action, ...], ...] = tuple(
            tuple(play_action(seat, m) for m in melds) for melds in GROUP_MELDS)
        self.jokers = tuple(
            tuple(tuple(play_action(seat, m) for m in by_size) for by_size in by_j)
            for by_j in JOKER_GROUPS
        )
        #: per suit, the action of each sequence shape (by shape id).
        self.seqs: tuple[tuple[Action, ...], ...] = tuple(
            tuple(play_action(seat, combos.sequence(suit, lo, length, jr))
                  for lo, length, jr in _SHAPES)
            for suit in range(4)
        )

    def group(self, rank: int, nib: int, jokers: int, size: int) -> tuple[Action, ...]:
        """The actions of :func:`_group_melds` (``size`` 0: every size)."""
        return self.groups[group_index(rank, nib, jokers, size)]

    def extend_groups(
        self, out: list[Action], ranks: int, naturals: int, jokers: int, size: int
    ) -> None:
        """Append the groups of ``size`` (0: every size) at each rank of the spread mask
        ``ranks`` (bit ``4 * rank``), made from ``naturals`` and ``jokers`` jokers."""
        groups = self.groups
        while ranks:
            low = ranks & -ranks
            p = low.bit_length() - 1
            ranks ^= low
            out.extend(groups[(p >> 2) * GROUP_STRIDE + (((naturals >> p) & 15) * 3 + jokers) * 5
                              + size])

    def sequence(self, suit: int, sid: int) -> Action:
        """The action of the sequence shape ``sid`` in ``suit``."""
        return self.seqs[suit][sid]


_SEATS: list[SeatTables] = []


def seat_tables(seat: int) -> SeatTables:
    """The tables of ``seat`` (built on first use)."""
    while len(_SEATS) <= seat:
        _SEATS.append(SeatTables(len(_SEATS)))
    return _SEATS[seat]


def _seat_table(n: int, d: int) -> tuple[int, ...]:
    """For every (seat, set of seats): the first seat of the set after it, going ``d``."""
    out = []
    for cur in range(n):
        for avail in range(1 << n):
            found = -1
            for k in range(1, n + 1):
                s = (cur + d * k) % n
                if avail >> s & 1:
                    found = s
                    break
            out.append(found)
    return tuple(out)


#: NEXT_SEAT[n][(seat << n) | seats]: the first of ``seats`` after ``seat`` clockwise
#: (-1: none); PREV_SEAT the same anticlockwise.
NEXT_SEAT = {n: _seat_table(n, 1) for n in range(3, 9)}
PREV_SEAT = {n: _seat_table(n, -1) for n in range(3, 9)}
