"""The standard client's play, fast: the fast path beside :mod:`paiju.daifugo.players.standard`.

:func:`paiju.daifugo.players.standard.choose` works on the client's 8-by-15 tables, cell by cell,
as the C client does. This module makes the same choice on the four card rows alone
(60 cells: rows ♠ ♥ ♦ ♣, columns 0..14), reads the field from the meld instead of a
drawn table, and answers the play's cards directly. It is what the ``uecda-standard``
player runs, and it makes the search's opponent model (``opponents=uecda-standard``)
affordable.

Where the client's table search runs past the card rows (a group's joker under a lock
with no free suit of the lock, a five-card group), it answers :data:`FALLBACK` and the
caller asks the table version. The differential test
(``tests/daifugo/test_standard_fast.py``) holds the two together on every turn of random
hands.
"""

from __future__ import annotations

from paiju.daifugo.engine.cards import JOKER1, NUM_RANKS
from paiju.daifugo.engine.combos import GROUP, JOKER_RANK, Meld

COLS = 15
CELLS = 4 * COLS

#: A play as (natural cards, jokers, ranks covered, cards the jokers stand for).
Play = tuple[int, int, int, tuple[int, ...]]
PASS: Play = (0, 0, 0, ())
#: The client's search left the card rows: ask :mod:`paiju.daifugo.players.standard`.
FALLBACK: Play = (-1, 0, 0, ())

_NATURALS = (1 << JOKER1) - 1


class Field:
    """What the client reads from the field: its size, strength, kind and suit flags."""

    __slots__ = ("qty", "sequence", "strength", "suits")

    def __init__(self, qty: int, strength: int, sequence: bool, suits: list[int]) -> None:
        self.qty = qty
        self.strength = strength
        self.sequence = sequence
        self.suits = suits


def _mark(grid: list[int], cards: int) -> list[int]:
    """``grid`` with a 1 at the cell of each natural card of ``cards`` (row = suit,
    column = rank + 1)."""
    x = cards & _NATURALS
    while x:
        low = x & -x
        card = low.bit_length() - 1
        grid[(card & 3) * COLS + (card >> 2) + 1] = 1
        x ^= low
    return grid


def hand_rows(hand: int) -> list[int]:
    """The natural cards of ``hand`` (a card bitset) as the four card rows."""
    return _mark([0] * CELLS, hand)


def read_field(meld: Meld, revolution: bool, eleven_back: bool) -> Field | None:
    """The field as the client reads it (``standard.observe_field`` on the server's
    field table); None where its scan would leave the table."""
    f = _mark([0] * (5 * COLS), meld.naturals)
    if meld.jokers and meld.naturals == 0 and meld.size == 1:
        f[0 if revolution else 14] = 2
    elif meld.kind == GROUP and meld.jokers:
        col = meld.rank + 1 if meld.rank != JOKER_RANK else 14
        left = meld.jokers
        for r in range(5):
            if left and f[r * COLS + col] == 0:
                f[r * COLS + col] = 2
                left -= 1
    else:
        for card in meld.subs:
            i = (card & 3) * COLS + (card >> 2) + 1
            if not 0 <= i < 5 * COLS:
                return None
            f[i] = 2
    r = c = 0
    while c < COLS and f[r * COLS + c] == 0:
        r += 1
        if r == 4:
            c, r = c + 1, 0
    if c == COLS:
        return None
    lone_joker = f[r * COLS + c] == 2
    sequence = c < 14 and f[r * COLS + c + 1] > 0
    suits = [0, 0, 0, 0, 0]
    count = 0
    if not sequence:
        for i in range(r, 5):
            hit = int(f[i * COLS + c] > 0)
            count += hit
            suits[i] = hit
        strength = c
        if lone_joker and count == 1:
            strength = 0 if revolution else 14
    else:
        while c + count < COLS and f[r * COLS + c + count] > 0:
            count += 1
        strength = c + count - 1 if revolution == eleven_back else c
        suits[r] = 1
    return Field(count, strength, sequence, suits)


# ------------------------------------------------------------------ what a hand can make


def runs(h: list[int]) -> list[int]:
    out = [0] * CELLS
    for s in range(4):
        b = s * COLS
        n = 0
        for c in range(13, 0, -1):
            n = n + 1 if h[b + c] == 1 else 0
            out[b + c] = n if n > 2 else 0
    return out


def joker_runs(h: list[int]) -> list[int]:
    out = [0] * CELLS
    for s in range(4):
        b = s * COLS
        with_joker, plain = 1, 0
        for c in range(13, -1, -1):
            if h[b + c] == 1:
                with_joker, plain = with_joker + 1, plain + 1
            else:
                with_joker, plain = plain + 1, 0
            out[b + c] = with_joker if with_joker > 2 else 0
    return out


def groups(h: list[int], joker: bool) -> list[int]:
    """At each card, how many of its rank are held (the joker counted in if ``joker``),
    where that is two or more."""
    out = [0] * CELLS
    extra = 1 if joker else 0
    for c in range(14 if joker else COLS):
        n = h[c] + h[COLS + c] + h[2 * COLS + c] + h[3 * COLS + c] + extra
        if n > 1:
            for s in range(4):
                if h[s * COLS + c] == 1:
                    out[s * COLS + c] = n
    return out


def only(t: list[int], n: int) -> list[int]:
    return [v if v == n else 0 for v in t]


def above(h: list[int], strength: int) -> list[int]:
    out = list(h)
    for s in range(4):
        for c in range(0, min(strength + 1, COLS)):
            out[s * COLS + c] = 0
    return out


def below(h: list[int], strength: int) -> list[int]:
    out = list(h)
    for s in range(4):
        for c in range(max(strength, 0), COLS):
            out[s * COLS + c] = 0
    return out


def locked_to(t: list[int], suits: list[int]) -> list[int]:
    return [t[i] * suits[i // COLS] for i in range(CELLS)]


def loose(h: list[int]) -> list[int]:
    """The cards in no run of three or more and no group of two or more."""
    rs = runs(h)
    out = [0] * CELLS
    for s in range(4):
        b = s * COLS
        c = 0
        while c < COLS:
            n = rs[b + c]
            if h[b + c] == 1 and n == 0:
                out[b + c] = 1
            elif n > 2:
                c += n - 1
            c += 1
    for c in range(COLS):
        if h[c] + h[COLS + c] + h[2 * COLS + c] + h[3 * COLS + c] > 1:
            for s in range(4):
                out[s * COLS + c] = 0
    return out


# ------------------------------------------------------------------ choosing cards


def _cells(play: list[int]) -> Play:
    """The play's cards as ``standard.play_key`` reads them (``standard.key_of`` makes
    them a play)."""
    naturals = jokers = ranks = 0
    subs: list[int] = []
    for r in range(4):
        for c in range(COLS):
            v = play[r * COLS + c]
            if v == 0:
                continue
            if v == 1 and 1 <= c <= NUM_RANKS:
                naturals |= 1 << ((c - 1) * 4 + r)
            else:
                jokers += 1
                subs.append((c - 1) * 4 + r)
            if 1 <= c <= NUM_RANKS:
                ranks |= 1 << (c - 1)
    return (naturals, jokers, ranks, tuple(subs))


def _group_at(h: list[int], gs: list[int], locked: bool, suits: list[int],
              columns: range) -> Play:
    out = [0] * CELLS
    count = qty = 0
    col = columns.stop
    for c in columns:
        for s in range(4):
            if gs[s * COLS + c] > 1:
                out[s * COLS + c] = 1
                count += 1
                qty = gs[s * COLS + c]
        if count:
            col = c
            break
    for row in range(4):
        if count < qty and h[row * COLS + col] == 0 and (not locked or suits[row] == 1):
            out[row * COLS + col] = 2
            count += 1
    if count < qty:
        return FALLBACK
    return _cells(out)


def _run_out(h: list[int], row: int, start: int, length: int) -> Play:
    out = [0] * CELLS
    for c in range(start, start + length):
        if c >= COLS:
            return FALLBACK
        out[row * COLS + c] = 1 if h[row * COLS + c] == 1 else 2
    return _cells(out)


def lowest_run(h: list[int], rs: list[int]) -> Play:
    for c in range(COLS):
        for s in range(4):
            v = rs[s * COLS + c]
            if v > 0:
                return _run_out(h, s, c, v)
    return PASS


def highest_run(h: list[int], rs: list[int]) -> Play:
    best = row = start = 0
    c = 14
    while c > 0 and best == 0:
        for s in range(4):
            b = s * COLS
            if rs[b + c] == 0 or h[b + c] == 0:
                continue
            k = -1
            while True:
                v = rs[b + c - k]
                if v >= best:
                    best, row, start = v, s, c - k
                k += 1
                if not (c - k >= 0 and v <= rs[b + c - k]):
                    break
        if best == 0:
            c -= 1
    return _run_out(h, row, start, best)


def _single(h: list[int], columns: range, joker: bool) -> Play:
    """The first card met along ``columns`` (♠ ♥ ♦ ♣ within a rank); none: the joker
    alone if held (the client puts it at [0][14], or [0][0] in a revolution)."""
    for c in columns:
        for s in range(4):
            if h[s * COLS + c] == 1:
                return (1 << ((c - 1) * 4 + s), 0, 1 << (c - 1), ())
    return (0, 1, 0, ()) if joker else PASS


# ------------------------------------------------------------------ the decisions


def lead(h: list[int], joker: bool, rev: bool) -> Play:
    rs = joker_runs(h) if joker else runs(h)
    gs = groups(h, joker)
    n = max(rs)
    if n > 2:
        t = only(rs, n)
        return highest_run(h, t) if rev else lowest_run(h, t)
    n = max(gs)
    if n > 1:
        t = only(gs, n)
        if rev:
            return _group_at(h, t, False, [], range(13, 0, -1))
        return _group_at(h, t, False, [], range(1, 14))
    if rev:
        return _single(h, range(13, 0, -1), joker)
    return _single(h, range(1, 14), joker)


def follow(h: list[int], field: Field, joker: bool, locked: bool, rev: bool) -> Play:
    if field.qty == 1:
        t = loose(h)
        t = below(t, field.strength) if rev else above(t, field.strength)
        if locked:
            t = locked_to(t, field.suits)
        if rev:
            return _single(t, range(13, 0, -1), joker)
        return _single(t, range(1, 14), joker)
    t = below(h, field.strength) if rev else above(h, field.strength)
    if locked:
        t = locked_to(t, field.suits)
    if not field.sequence:
        n = only(groups(t, False), field.qty)
        if joker and max(n) == 0:
            n = only(groups(t, True), field.qty)
        columns = range(13, 0, -1) if rev else range(1, 14)
        return _group_at(h, n, locked, field.suits, columns)
    n = only(runs(t), field.qty)
    if joker and max(n) == 0:
        n = only(joker_runs(t), field.qty)
    return highest_run(h, n) if rev else lowest_run(h, n)


def choose(hand: int, table: Meld | None, revolution: bool, eleven_back: bool,
           locked: bool) -> Play:
    """The standard client's play with ``hand`` (a card bitset, jokers included) on
    ``table`` (None: it leads), or :data:`PASS`, or :data:`FALLBACK`."""
    h = hand_rows(hand)
    joker = hand >> JOKER1 != 0
    if table is None:
        return lead(h, joker, revolution)
    field = read_field(table, revolution, eleven_back)
    if field is None:
        return FALLBACK
    return follow(h, field, joker, locked, revolution)
