"""The UECda standard client's strategy, and the ``uecda-standard`` player that plays it.

The standard client of the UECda 2018 kit (``client/``, "UECルール2010") plays the weakest
play it finds, as its comments and the kit's manual describe (docs/uecda.md, "The
standard client"), with these exact habits:

* **Exchange.** A Dai Fugō or Fugō gives its lowest cards, one at a time: the lowest
  rank first, ♠ ♥ ♦ ♣ within a rank; never the joker.
* **Lead.** The longest sequence first (the lowest of that length), else the largest
  group (the lowest rank of that size), else the lowest single card, else the joker. With
  the joker in hand it counts the joker into every sequence and group it can: it leads a
  pair from a single card and the joker, a four (a revolution) from a triple, and may
  put the joker below the 3 or above the 2 to lengthen a sequence. In a revolution the
  same, highest first.
* **Follow.** On a single card: the lowest single card above the field that belongs to no
  pair and no sequence of the hand, under the lock's suits; if there is none, the joker
  if held. On a group: the lowest rank above the field of which, under the lock, it holds
  exactly as many cards as the field has, else (with the joker) one fewer and the joker.
  On a sequence: of the cards above the field's top, the lowest from which the run of
  its suit upward is exactly the field's length (a longer run is not cut), else one made
  with the joker. Nothing found is a pass. In a revolution, the highest below the field.
* **What it remembers.** The field's size, strength, kind and suits, read from the field
  after each turn with the revolution flag as it stood before that turn; a new trick
  forgets them.

The strategy works on the client's own picture of the cards: a flat list of 8 rows of 15
cells (the layout of the UECda tables, docs/uecda.md "Tables": rows 0..3 ♠ ♥ ♦ ♣, columns
1..13 the ranks 3 .. 2, a card 1, the joker 2, rows 5 and 6 the state of the game). A
cell beyond a row's end is the next row's first, as in the C array, so that its answers
are the client's in every position, odd ones included (a joker row search that runs past
row 4 reads the status rows and its lock test then the players' card counts).
:mod:`paiju.uecda.standard` feeds it the server's tables. The ``uecda-standard`` player
(:mod:`paiju.daifugo.players.standard_player`) plays it over a Dai Fugō view through the fast
path beside it (:mod:`paiju.daifugo.fast.standard`, the same choice on the card rows),
which hands the rare turns it leaves to these tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from paiju.daifugo.engine.cards import JOKER1, NUM_RANKS, Card, bits, parse_card
from paiju.daifugo.engine.combos import GROUP, JOKER_RANK, Meld
from paiju.daifugo.engine.view import DaifugoView

ROWS, COLS = 8, 15
Grid = list[int]
SIZE = ROWS * COLS


def at(g: Grid, r: int, c: int) -> int:
    """The cell (r, c), counted flat; 0 outside the table."""
    i = r * COLS + c
    return g[i] if 0 <= i < SIZE else 0


def put(g: Grid, r: int, c: int, v: int) -> None:
    i = r * COLS + c
    if 0 <= i < SIZE:
        g[i] = v


def blank() -> Grid:
    return [0] * SIZE


# ------------------------------------------------------------------ what the client remembers


@dataclass(frozen=True, slots=True)
class Seen:
    """What the standard client knows when it chooses a play."""

    new_trick: bool = True
    revolution: bool = False
    eleven_back: bool = False
    locked: bool = False
    joker: bool = False
    #: the field: number of cards, strength (column), a sequence or not, suits (5 flags)
    qty: int = 0
    strength: int = 0
    sequence: bool = False
    suits: tuple[int, ...] = (0, 0, 0, 0, 0)
    #: each player's number of cards ([6][0..4])
    counts: tuple[int, ...] = (0, 0, 0, 0, 0)

    def suit_at(self, i: int) -> int:
        """The lock's suit flag i; past the five flags, the card counts (the C layout)."""
        both = self.suits + self.counts
        return both[i] if 0 <= i < len(both) else 0


def observe_hand(seen: Seen, hand: Grid) -> Seen:
    """The state after the hand of a turn, with its status rows 5 and 6."""
    new = at(hand, 5, 4) > 0
    out = replace(
        seen, new_trick=new, revolution=at(hand, 5, 6) > 0, eleven_back=at(hand, 5, 5) > 0,
        locked=at(hand, 5, 7) > 0, joker=at(hand, 4, 1) == 2,
        counts=tuple(at(hand, 6, c) for c in range(5)),
    )
    if new:
        out = replace(out, qty=0, strength=0, locked=False, suits=(0, 0, 0, 0, 0))
    return out


def observe_field(seen: Seen, f: Grid) -> Seen:
    """The state after the field of a turn (the cards on the field after it)."""
    suits = list(seen.suits)
    r = c = 0
    while c < 15 and at(f, r, c) == 0:
        suits[r] = 0
        r += 1
        if r == 4:
            c, r = c + 1, 0
    lone_joker = at(f, r, c) == 2
    sequence = seen.sequence
    if c < 14:
        sequence = at(f, r, c + 1) > 0
    count = 0
    if not sequence:
        for i in range(r, 5):
            hit = at(f, i, c) > 0
            count += hit
            suits[i] = int(hit)
        strength = c
        if lone_joker and count == 1:
            strength = 0 if seen.revolution else 14
    else:
        while c + count < 15 and at(f, r, c + count) > 0:
            count += 1
        upward = seen.revolution == seen.eleven_back
        strength = c + count - 1 if upward else c
        suits[r] = 1
    return replace(
        seen, qty=count, strength=strength, sequence=sequence, suits=tuple(suits),
        new_trick=seen.new_trick and count == 0,
    )


# ------------------------------------------------------------------ what a hand can make


def runs(h: Grid) -> Grid:
    """At each card, the length of the run of its suit upward from it, when 3 or more."""
    out = blank()
    for s in range(4):
        n = 0
        for c in range(13, 0, -1):
            n = n + 1 if at(h, s, c) == 1 else 0
            put(out, s, c, n if n > 2 else 0)
    return out


def joker_runs(h: Grid, joker: bool) -> Grid:
    """As :func:`runs` with the joker filling one gap, or the place above the run's top
    (the 2's top is column 14); column 0 may be the joker below the 3."""
    out = blank()
    if not joker:
        return out
    for s in range(4):
        with_joker, plain = 1, 0
        for c in range(13, -1, -1):
            if at(h, s, c) == 1:
                with_joker, plain = with_joker + 1, plain + 1
            else:
                with_joker, plain = plain + 1, 0
            put(out, s, c, with_joker if with_joker > 2 else 0)
    return out


def groups(h: Grid) -> Grid:
    """At each card of a rank held twice or more, how many of the rank are held."""
    out = blank()
    for c in range(15):
        n = sum(at(h, s, c) for s in range(4))
        if n > 1:
            for s in range(4):
                if at(h, s, c) == 1:
                    put(out, s, c, n)
    return out


def joker_groups(h: Grid, joker: bool) -> Grid:
    """As :func:`groups` counting the joker in: every card held is in a group of 2+."""
    out = blank()
    if not joker:
        return out
    for c in range(14):
        n = sum(at(h, s, c) for s in range(4)) + 1
        if n > 1:
            for s in range(4):
                if at(h, s, c) == 1:
                    put(out, s, c, n)
    return out


def only(t: Grid, n: int) -> tuple[Grid, bool]:
    """The cells of rows 0..3 equal to ``n``, and whether there is one."""
    out = blank()
    found = False
    for s in range(4):
        for c in range(15):
            if at(t, s, c) == n:
                put(out, s, c, n)
                found = True
    return out, found


def above(h: Grid, strength: int) -> Grid:
    """The hand without the cards of columns 0..strength."""
    out = list(h)
    for c in range(0, strength + 1):
        for s in range(4):
            put(out, s, c, 0)
    return out


def below(h: Grid, strength: int) -> Grid:
    """The hand without the cards of columns strength..14."""
    out = list(h)
    for c in range(strength, 15):
        for s in range(4):
            put(out, s, c, 0)
    return out


def locked_to(t: Grid, seen: Seen) -> Grid:
    """Only the cards of the suits of the field."""
    out = list(t)
    for s in range(4):
        for c in range(15):
            put(out, s, c, at(t, s, c) * seen.suits[s])
    return out


def without_runs(h: Grid, rs: Grid) -> Grid:
    """The cards of rows 0..3 that are in no run of three or more."""
    out = blank()
    for s in range(4):
        c = 0
        while c < 15:
            n = at(rs, s, c)
            if at(h, s, c) == 1 and n == 0:
                put(out, s, c, 1)
            elif n > 2:
                for k in range(n):
                    put(out, s, c + k, 0)
                c += n - 1
            else:
                put(out, s, c, 0)
            c += 1
    return out


def without_groups(h: Grid, gs: Grid) -> Grid:
    """The cards of rows 0..3 that are in no group of two or more."""
    out = blank()
    for c in range(15):
        for s in range(4):
            put(out, s, c, int(at(h, s, c) == 1 and at(gs, s, c) == 0))
    return out


# ------------------------------------------------------------------ choosing cards


def _group_at(h: Grid, gs: Grid, seen: Seen, columns: range) -> Grid:
    out = blank()
    count = qty = 0
    col = columns.stop
    for c in columns:
        for s in range(4):
            if at(gs, s, c) > 1:
                put(out, s, c, 1)
                count += 1
                qty = at(gs, s, c)
        if count:
            col = c
            break
    row = 0
    while count < qty and row < 8:
        if at(h, row, col) == 0 and (not seen.locked or seen.suit_at(row) == 1):
            put(out, row, col, 2)
            count += 1
        row += 1
    return out


def lowest_group(h: Grid, gs: Grid, seen: Seen) -> Grid:
    """The group of the lowest rank marked in ``gs``, the joker added to reach its size."""
    return _group_at(h, gs, seen, range(1, 14))


def highest_group(h: Grid, gs: Grid, seen: Seen) -> Grid:
    return _group_at(h, gs, seen, range(13, 0, -1))


def _run_out(h: Grid, row: int, start: int, length: int) -> Grid:
    out = blank()
    for c in range(start, start + length):
        put(out, row, c, 1 if at(h, row, c) == 1 else 2)
    return out


def lowest_run(h: Grid, rs: Grid) -> Grid:
    """The run starting in the lowest column marked in ``rs`` (the longest there)."""
    best = row = start = 0
    for c in range(15):
        for s in range(4):
            if at(rs, s, c) > best:
                best, row, start = at(rs, s, c), s, c
        if best:
            break
    return _run_out(h, row, start, best) if best else blank()


def highest_run(h: Grid, rs: Grid) -> Grid:
    """The run of the highest column marked in ``rs`` on a card held; a later suit in that
    column wins ties, and from a start the search walks down while the mark stays."""
    best = row = start = 0
    c = 14
    while c > 0 and best == 0:
        for s in range(4):
            if at(rs, s, c) == 0 or at(h, s, c) == 0:
                continue
            k = -1
            while True:
                v = at(rs, s, c - k)
                if v >= best:
                    best, row, start = v, s, c - k
                k += 1
                if not (c - k >= 0 and v <= at(rs, s, c - k)):
                    break
        if best == 0:
            c -= 1
    return _run_out(h, row, start, best)


def _single(h: Grid, columns: range, joker: bool, joker_cell: tuple[int, int]) -> Grid:
    """The first card met along ``columns`` (♠ ♥ ♦ ♣ within a rank); none: the joker at
    ``joker_cell`` if allowed."""
    out = blank()
    for c in columns:
        for s in range(4):
            if at(h, s, c) == 1:
                put(out, s, c, 1)
                return out
    if joker:
        put(out, *joker_cell, 2)
    return out


def lowest_single(h: Grid, joker: bool) -> Grid:
    """The lowest card; none: the joker at [0][14] if allowed."""
    return _single(h, range(1, 14), joker, (0, 14))


def highest_single(h: Grid, joker: bool) -> Grid:
    """The highest card; none: the joker at [0][0] if allowed."""
    return _single(h, range(13, 0, -1), joker, (0, 0))


# ------------------------------------------------------------------ the decisions


def gift(hand: Grid, count: int) -> Grid:
    """The cards a Dai Fugō (2) or Fugō (1) gives: its lowest, never the joker."""
    h = list(hand)
    out = blank()
    for _ in range(count):
        one = lowest_single(h, False)
        for i, v in enumerate(one):
            if v:
                h[i] = 0
                out[i] = 1
    return out


def _tables(h: Grid, seen: Seen) -> tuple[Grid, Grid]:
    if seen.joker:
        return joker_groups(h, True), joker_runs(h, True)
    return groups(h), runs(h)


def lead(h: Grid, seen: Seen, rev: bool) -> Grid:
    gs, rs = _tables(h, seen)
    for n in range(15, 2, -1):
        t, found = only(rs, n)
        if found:
            return highest_run(h, t) if rev else lowest_run(h, t)
    for n in range(5, 1, -1):
        t, found = only(gs, n)
        if found:
            return highest_group(h, t, seen) if rev else lowest_group(h, t, seen)
    return highest_single(h, seen.joker) if rev else lowest_single(h, seen.joker)


def follow(h: Grid, seen: Seen, rev: bool) -> Grid:
    side: Callable[[Grid, int], Grid] = below if rev else above
    if seen.qty == 1:
        loose = without_groups(without_runs(h, runs(h)), groups(h))
        t = side(loose, seen.strength)
        if seen.locked:
            t = locked_to(t, seen)
        return highest_single(t, seen.joker) if rev else lowest_single(t, seen.joker)
    t = side(h, seen.strength)
    if seen.locked:
        t = locked_to(t, seen)
    if not seen.sequence:
        n, found = only(groups(t), seen.qty)
        if not found and seen.joker:
            n, _ = only(joker_groups(t, True), seen.qty)
        return highest_group(h, n, seen) if rev else lowest_group(h, n, seen)
    n, found = only(runs(t), seen.qty)
    if not found and seen.joker:
        n, _ = only(joker_runs(t, True), seen.qty)
    return highest_run(h, n) if rev else lowest_run(h, n)


def choose(hand: Grid, seen: Seen) -> Grid:
    """The play the standard client makes with ``hand`` on its turn (all zero: a pass)."""
    h = list(hand)
    return lead(h, seen, seen.revolution) if seen.new_trick else follow(h, seen, seen.revolution)




# ------------------------------------------------------------------ the player over a view


def cell_of(card: Card) -> tuple[int, int]:
    """The (row, column) of a suited card: row = suit, column = rank + 1."""
    return card & 3, (card >> 2) + 1


def hand_grid(hand: Sequence[str], status: Mapping[tuple[int, int], int]) -> Grid:
    """A hand as the client holds it: 1 at each card, the joker 2 at [4][1], and ``status``."""
    g = blank()
    for tok in hand:
        c = parse_card(tok)
        if c >= JOKER1:
            put(g, 4, 1, 2)
        else:
            put(g, *cell_of(c), 1)
    for (r, c), v in status.items():
        put(g, r, c, v)
    return g


def field_grid(meld: Meld, revolution: bool) -> Grid:
    """The field as the server shows it: the lone joker at [0][14] ([0][0] in a
    revolution), a group's joker in the first suit the group lacks (row 4 beside four of
    a kind), a sequence's joker at the card it stands for."""
    g = blank()
    for c in bits(meld.naturals):
        put(g, *cell_of(c), 1)
    if meld.jokers and meld.naturals == 0 and meld.size == 1:
        put(g, 0, 0 if revolution else 14, 2)
    elif meld.kind == GROUP and meld.jokers:
        col = meld.rank + 1 if meld.rank != JOKER_RANK else 14
        free = [r for r in range(5) if at(g, r, col) == 0][: meld.jokers]
        for r in free:
            put(g, r, col, 2)
    else:
        for c in meld.subs:
            put(g, *cell_of(c), 2)
    return g


def seen_of(view: DaifugoView, hand: Grid) -> Seen:
    """What the standard client knows at this seat's turn, from the view."""
    seen = observe_hand(Seen(), hand)
    meld = view.table_meld
    if meld is None:
        return seen
    return observe_field(seen, field_grid(meld, seen.revolution))


@dataclass(frozen=True, slots=True)
class PlayKey:
    """A play's cards, as the client's play grid names them (None stands for a pass)."""

    naturals: int
    jokers: int
    ranks: int
    #: the cards the joker cells stand for (rows 0..3, columns 1..13)
    subs: frozenset[int] = frozenset()

    def matches(self, meld: Meld) -> bool:
        """Whether ``meld`` is this play: the same cards, and where the meld names the
        cards its jokers stand for (a sequence, or a group under ``group_joker_suit``),
        the same ones."""
        return (meld.naturals == self.naturals and meld.jokers == self.jokers
                and (0 if not meld.naturals else meld.ranks) == self.ranks
                and (not meld.subs or frozenset(meld.subs) == self.subs))


def play_key(play: Grid) -> PlayKey | None:
    """The cards of a play grid, to find the paiju action; None for a pass. A joker in
    column 0 or 14 of a sequence stands below the 3 or above the 2 (``JK=<3S``, ``JK=>2S``:
    ``sequence_joker_beyond_ends``), which covers no rank."""
    naturals = jokers = ranks = 0
    subs: set[int] = set()
    for r in range(5):
        for c in range(COLS):
            v = at(play, r, c)
            if v == 1 and r < 4 and 1 <= c <= NUM_RANKS:
                naturals |= 1 << ((c - 1) * 4 + r)
            elif v:
                jokers += 1
                if r < 4:
                    subs.add((c - 1) * 4 + r)
            if v and 1 <= c <= NUM_RANKS:
                ranks |= 1 << (c - 1)
    return key_of(naturals, jokers, ranks, subs)


def key_of(naturals: int, jokers: int, ranks: int, subs: Iterable[int]) -> PlayKey | None:
    """The play of these cards (None: no card, a pass); jokers alone name no card."""
    if not naturals and not jokers:
        return None
    if not naturals:
        return PlayKey(0, jokers, 0)
    return PlayKey(naturals, jokers, ranks, frozenset(subs))


def lowest_cards(hand: Sequence[str], count: int) -> set[str]:
    """The exchange rule on paiju tokens: the ``count`` lowest cards, never a joker."""
    grid = hand_grid(hand, {})
    picked = gift(grid, count)
    return {tok for tok in hand if parse_card(tok) < JOKER1
            and at(picked, *cell_of(parse_card(tok))) == 1}
