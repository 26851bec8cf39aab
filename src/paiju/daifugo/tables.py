"""Precomputed tables for listing plays fast.

Every combination a hand can make is built from small, hand-independent pieces:

* the groups of one rank depend only on which suits of that rank the hand holds (a
  4-bit mask), how many jokers it holds and the group size;
* the sequences of one suit depend only on which ranks of that suit it holds (a 13-bit
  mask) and how many jokers it holds.

These pieces are computed once (groups at import, sequences on first use) as the shared
actions of :func:`paiju.daifugo.actions.play_action`, per seat. The rules themselves
(what may follow what) stay in :mod:`paiju.daifugo.state`; these tables only list what
a hand holds.
"""

from __future__ import annotations

from paiju.daifugo import combos
from paiju.daifugo.actions import Action, pass_action, play_action
from paiju.daifugo.cards import NUM_RANKS
from paiju.daifugo.combos import GROUP, JOKER_RANK, SUBSETS, Meld

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


#: Every sequence shape met so far: (lowest rank, length, the ranks jokers stand at).
_SHAPES: list[tuple[int, int, int]] = []
_SHAPE_ID: dict[tuple[int, int, int], int] = {}
_SEQ_SHAPES: dict[tuple[int, int, bool, int], tuple[tuple[int, int], ...]] = {}


def sequence_shapes(held: int, jokers: int, twos: bool, length: int) -> tuple[tuple[int, int], ...]:
    """``(lowest rank, shape id)`` of every sequence from the ranks ``held`` of one suit.

    ``length`` 0 means every length. The shapes do not depend on the suit, so one entry
    serves every suit and seat.
    """
    key = (held, jokers, twos, length)
    got = _SEQ_SHAPES.get(key)
    if got is None:
        naturals = 0
        for r in range(NUM_RANKS):
            if held >> r & 1:
                naturals |= 1 << (4 * r)
        lengths = range(3, NUM_RANKS + 1) if length == 0 else (length,)
        out = []
        for n in lengths:
            for m in combos.sequences(naturals, jokers, n, twos):
                jr = 0
                for c in m.subs:
                    jr |= 1 << (c >> 2)
                shape = (m.rank, m.size, jr)
                sid = _SHAPE_ID.get(shape)
                if sid is None:
                    sid = _SHAPE_ID[shape] = len(_SHAPES)
                    _SHAPES.append(shape)
                out.append((m.rank, sid))
        got = _SEQ_SHAPES[key] = tuple(out)
    return got


class SeatTables:
    """The shared play actions of one seat, by the pieces above."""

    __slots__ = ("groups", "jokers", "pass_", "seat", "seqs")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.pass_ = pass_action(seat)
        #: by :func:`group_index`; None until first asked for (see :meth:`fill`).
        self.groups: list[tuple[Action, ...] | None] = [None] * len(GROUP_MELDS)
        self.jokers = tuple(
            tuple(tuple(play_action(seat, m) for m in by_size) for by_size in by_j)
            for by_j in JOKER_GROUPS
        )
        #: per suit, the action of each sequence shape (by shape id), None until needed.
        self.seqs: tuple[list[Action | None], ...] = ([], [], [], [])

    def group(self, rank: int, nib: int, jokers: int, size: int) -> tuple[Action, ...]:
        """The actions of :func:`_group_melds` (``size`` 0: every size)."""
        got = self.groups[group_index(rank, nib, jokers, size)]
        return self.fill(group_index(rank, nib, jokers, size)) if got is None else got

    def fill(self, index: int) -> tuple[Action, ...]:
        """Build the entry ``index`` of :attr:`groups`."""
        got = self.groups[index] = tuple(play_action(self.seat, m) for m in GROUP_MELDS[index])
        return got

    def sequence(self, suit: int, sid: int) -> Action:
        """The action of the sequence shape ``sid`` in ``suit``."""
        acts = self.seqs[suit]
        if sid >= len(acts):
            acts.extend([None] * (len(_SHAPES) - len(acts)))
        got = acts[sid]
        if got is None:
            lo, length, jr = _SHAPES[sid]
            got = acts[sid] = play_action(self.seat, combos.sequence(suit, lo, length, jr))
        return got


_SEATS: list[SeatTables] = []


def seat_tables(seat: int) -> SeatTables:
    """The tables of ``seat`` (built on first use)."""
    while len(_SEATS) <= seat:
        _SEATS.append(SeatTables(len(_SEATS)))
    return _SEATS[seat]
