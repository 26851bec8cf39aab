"""The tables of the UECda protocol (2007 version, used by UECda-2010 and later).

Every message is either one int or one *table*: 8 rows of 15 cells, each a big-endian
int32, 480 bytes (``man/protocol.html`` 13.2). Rows 0..3 are the suits ♠ ♥ ♦ ♣ (paiju's
S H D C, in the same order); columns 1..13 are the ranks 3, 4, ..., K, A, 2. A card held
or played is a 1. The joker is a 2: in a hand at [4][1]; in a play at the cell of the card
it stands for, anywhere in rows 0..3 when played alone, and at row 4 of the rank's column
when it is the fifth card of a group. Rows 5 and 6 carry the state of the game
(:class:`Status`).

This module turns tables into paiju card tokens and play actions and back. A sequence
whose joker stands below the 3 (column 0) or above the 2 (column 14), which the official
server accepts, reads as paiju's joker beyond the ends (``JK=<3S``, ``JK=>2S``: the
option ``sequence_joker_beyond_ends``); the places are numbered so that
:func:`cell_of` gives their columns.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from paiju.core.errors import PaijuError
from paiju.daifugo.engine.cards import (
    JOKER1,
    NUM_RANKS,
    RANK_NAMES,
    SUIT_NAMES,
    TOKENS,
    Card,
    parse_card,
    parse_play_token,
    stand_token,
)

ROWS, COLS = 8, 15
CELLS = ROWS * COLS
TABLE_BYTES = CELLS * 4
INT_BYTES = 4
#: The protocol version a 2007-protocol client writes at [0][0] of its profile.
PROTOCOL_VERSION = 20070
#: Where a hand table holds the joker, and the value that means a joker.
HAND_JOKER = (4, 1)
JOKER = 2
#: Row 4 holds the joker of a five-card group (four of a kind and the joker).
FIFTH_ROW = 4
#: The longest name the profile's row 1 carries, before its terminating 0.
NAME_LIMIT = 14

_TABLE = struct.Struct(">120i")
_INT = struct.Struct(">i")


class ProtocolError(PaijuError):
    """Bytes or a table that the UECda protocol does not allow; the message says why."""


def cell_of(card: Card) -> tuple[int, int]:
    """The (row, column) of a suited card: row = suit, column = rank + 1; of a place
    beyond the ends (what a joker stands for), column 0 below the 3 and 14 above the 2."""
    return card & 3, (card >> 2) + 1


def card_at(row: int, col: int) -> Card:
    """The suited card at (row, column) of rows 0..3 and columns 1..13; in columns 0 and
    14, the place beyond the ends that a sequence's joker may stand for."""
    return (col - 1) * 4 + row


def cell_name(row: int, col: int) -> str:
    return f"[{row}][{col}]"


@dataclass(frozen=True, slots=True)
class Table:
    """One 8x15 table of ints, read-only; ``table[r, c]`` is a cell."""

    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != CELLS:
            raise ProtocolError(f"a table has {CELLS} cells, not {len(self.cells)}")
        for i, v in enumerate(self.cells):
            if not isinstance(v, int) or not -(2**31) <= v < 2**31:
                raise ProtocolError(
                    f"cell {cell_name(*divmod(i, COLS))} holds {v!r}, not a 32-bit int"
                )

    @classmethod
    def empty(cls) -> Table:
        return cls((0,) * CELLS)

    @classmethod
    def of(cls, values: Mapping[tuple[int, int], int], base: Table | None = None) -> Table:
        """A table with ``values`` at their (row, column), the rest from ``base`` or 0."""
        cells = list(base.cells if base is not None else (0,) * CELLS)
        for (r, c), v in values.items():
            if not (0 <= r < ROWS and 0 <= c < COLS):
                raise ProtocolError(f"there is no cell {cell_name(r, c)} in an 8x15 table")
            cells[r * COLS + c] = v
        return cls(tuple(cells))

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]]) -> Table:
        if len(rows) != ROWS or any(len(row) != COLS for row in rows):
            raise ProtocolError(f"a table has {ROWS} rows of {COLS} cells")
        return cls(tuple(v for row in rows for v in row))

    @classmethod
    def from_bytes(cls, data: bytes) -> Table:
        """The table of 480 bytes of big-endian int32."""
        if len(data) != TABLE_BYTES:
            raise ProtocolError(f"a table is {TABLE_BYTES} bytes, not {len(data)}")
        return cls(_TABLE.unpack(data))

    def to_bytes(self) -> bytes:
        return _TABLE.pack(*self.cells)

    def __getitem__(self, rc: tuple[int, int]) -> int:
        r, c = rc
        return self.cells[r * COLS + c]

    def row(self, r: int) -> tuple[int, ...]:
        return self.cells[r * COLS:(r + 1) * COLS]

    def rows(self) -> list[list[int]]:
        return [list(self.row(r)) for r in range(ROWS)]

    def cards_part(self) -> Table:
        """The table with rows 5..7 (the state) cleared."""
        return Table(self.cells[:5 * COLS] + (0,) * (3 * COLS))

    def nonzero(self, rows: Iterable[int] = range(5)) -> list[tuple[int, int, int]]:
        """(row, column, value) of every non-zero cell of ``rows``."""
        return [(r, c, self[r, c]) for r in rows for c in range(COLS) if self[r, c]]

    def show(self) -> str:
        """The table as 8 lines of 15 numbers, as the C programs print it."""
        return "\n".join(" ".join(str(v) for v in self.row(r)) for r in range(ROWS))


def int_to_bytes(value: int) -> bytes:
    if not -(2**31) <= value < 2**31:
        raise ProtocolError(f"{value} does not fit in a 32-bit int")
    return _INT.pack(value)


def int_from_bytes(data: bytes) -> int:
    if len(data) != INT_BYTES:
        raise ProtocolError(f"an int is {INT_BYTES} bytes, not {len(data)}")
    value: int = _INT.unpack(data)[0]
    return value


# ------------------------------------------------------------------ profile


def profile_table(name: str, version: int = PROTOCOL_VERSION) -> Table:
    """Table 1: the protocol version at [0][0], the name's characters in row 1, then 0."""
    if not name.isascii() or not name.isprintable() or not name:
        raise ProtocolError(f"a client's name is printable ASCII, not {name!r}")
    if len(name) > NAME_LIMIT:
        raise ProtocolError(f"a client's name has at most {NAME_LIMIT} characters: {name!r}")
    values = {(0, 0): version}
    values.update({(1, i): ord(ch) for i, ch in enumerate(name)})
    return Table.of(values)


def read_profile(table: Table) -> tuple[int, str]:
    """The protocol version and the name of a profile table."""
    chars = []
    for v in table.row(1):
        if v == 0:
            break
        if not 32 <= v < 127:
            raise ProtocolError(f"the profile's name holds {v}, not a printable ASCII code")
        chars.append(chr(v))
    return table[0, 0], "".join(chars)


# ------------------------------------------------------------------ hands


def cards_table(tokens: Iterable[str], status: Status | None = None) -> Table:
    """A hand (or the cards given in the exchange): 1 at each card, the joker 2 at [4][1]."""
    values: dict[tuple[int, int], int] = {}
    jokers = 0
    for t in tokens:
        c = parse_card(t)
        if c >= JOKER1:
            jokers += 1
            values[HAND_JOKER] = JOKER
        else:
            if cell_of(c) in values:
                raise ProtocolError(f"{TOKENS[c]} is named twice")
            values[cell_of(c)] = 1
    if jokers > 1:
        raise ProtocolError("the UECda pack has one joker; these cards hold two")
    table = Table.of(values)
    return status.on(table) if status is not None else table


def table_cards(table: Table) -> list[str]:
    """The tokens of a hand table (or of the cards given in the exchange), 3s first.

    A 1 is a card of rows 0..3, columns 1..13; a 2 anywhere in rows 0..4 is the joker.
    """
    out: list[str] = []
    jokers = 0
    for r, c, v in table.nonzero():
        if v == JOKER:
            jokers += 1
        elif v == 1 and r < 4 and 1 <= c <= NUM_RANKS:
            out.append(TOKENS[card_at(r, c)])
        else:
            raise ProtocolError(f"cell {cell_name(r, c)} holds {v}: no card is there")
    if jokers > 1:
        raise ProtocolError("the table holds two jokers; the UECda pack has one")
    out.sort(key=parse_card)
    return out + ["JK"] * jokers


# ------------------------------------------------------------------ plays


def play_table(cards: Sequence[str], revolution: bool = False) -> Table:
    """Table 3 for a play of ``cards`` (paiju tokens); no cards is the all-zero pass.

    A lone joker goes to [0][14] ([0][0] in a revolution), as the standard client puts
    it. A joker in a group takes the cell of the card it stands for (``JK=5C``), or when
    it names none the first suit the group lacks; with four natural cards it is the fifth,
    in row 4. A joker in a sequence takes the cell of the card it stands for.
    """
    if not cards:
        return Table.empty()
    try:
        played = [parse_play_token(t) for t in cards]
    except PaijuError as e:
        raise ProtocolError(str(e)) from None
    naturals = [c for c, _ in played if c < JOKER1]
    stands = [s for c, s in played if c >= JOKER1]
    if len(stands) > 1:
        raise ProtocolError("the UECda pack has one joker; this play holds two")
    if len(set(naturals)) != len(naturals):
        raise ProtocolError("a card is named twice in the play")
    if not naturals:
        if stands[0] is not None:
            raise ProtocolError("a joker played alone stands for no card")
        return Table.of({(0, 0) if revolution else (0, 14): JOKER})
    values = {cell_of(c): 1 for c in naturals}
    ranks = {c >> 2 for c in naturals}
    stand = stands[0] if stands else None
    if len(ranks) == 1 and (stand is None or stand >> 2 in ranks):
        if stands:
            values[_group_joker_cell(naturals, stand)] = JOKER
        return Table.of(values)
    return Table.of(_sequence_cells(naturals, stand, bool(stands)))


def _group_joker_cell(naturals: list[Card], stand: Card | None) -> tuple[int, int]:
    col = (naturals[0] >> 2) + 1
    if stand is not None:
        if stand in naturals:
            raise ProtocolError(f"the joker cannot stand for {TOKENS[stand]}: it is played")
        return cell_of(stand)
    free = [s for s in range(4) if card_at(s, col) not in naturals]
    return (free[0], col) if free else (FIFTH_ROW, col)


def _sequence_cells(
    naturals: list[Card], stand: Card | None, joker: bool
) -> dict[tuple[int, int], int]:
    suits = {c & 3 for c in naturals} | ({stand & 3} if stand is not None else set())
    if len(suits) != 1:
        raise ProtocolError("cards of several ranks and suits make no combination")
    size = len(naturals) + joker
    cols = sorted((c >> 2) + 1 for c in naturals)
    if joker:
        if stand is None:
            stand = _joker_place(cols, next(iter(suits)))
        cols = sorted([*cols, (stand >> 2) + 1])
    if size < 3 or cols != list(range(cols[0], cols[0] + size)):
        raise ProtocolError("the cards are not a sequence of three or more consecutive ranks")
    values = {cell_of(c): 1 for c in naturals}
    if stand is not None:
        if stand in naturals:
            raise ProtocolError(f"the joker cannot stand for {stand_token(stand)}: it is played")
        values[cell_of(stand)] = JOKER
    return values


def _joker_place(cols: list[int], suit: int) -> Card:
    """The card an unnamed joker stands for in a sequence: the gap, or the one free end."""
    gaps = [c for c in range(cols[0], cols[-1]) if c not in cols]
    if len(gaps) > 1:
        raise ProtocolError("the cards are not a sequence of consecutive ranks")
    if gaps:
        return card_at(suit, gaps[0])
    ends = [c for c in (cols[0] - 1, cols[-1] + 1) if 1 <= c <= NUM_RANKS]
    if not ends:
        raise ProtocolError("the sequence runs from the 3 to the 2: no place is left for the joker")
    if len(ends) != 1:
        raise ProtocolError(
            "the joker could stand at either end of the sequence: write which card it "
            f"stands for, e.g. JK={card_name(suit, ends[0])} or JK={card_name(suit, ends[1])}"
        )
    return card_at(suit, ends[0])


def table_play(table: Table) -> tuple[str, ...]:
    """The paiju tokens of a play table (rows 0..4); () for a pass.

    A joker in a group or sequence is written ``JK=`` the card whose cell it takes; the
    fifth card of a five-card group is a plain ``JK``; a lone joker is ``JK``.
    """
    cells = table.nonzero()
    if not cells:
        return ()
    for r, c, v in cells:
        if v not in (1, JOKER):
            raise ProtocolError(f"cell {cell_name(r, c)} holds {v}: a play has 1s and one 2")
        if v == 1 and (r == FIFTH_ROW or c in (0, 14)):
            raise ProtocolError(f"cell {cell_name(r, c)} holds 1, but no card is there")
    jokers = [(r, c) for r, c, v in cells if v == JOKER]
    if len(jokers) > 1:
        raise ProtocolError("the play holds two jokers; the UECda pack has one")
    if len(cells) == 1 and jokers:
        if jokers[0][0] == FIFTH_ROW:
            raise ProtocolError("a joker alone is played in rows 0..3, not in row 4")
        return ("JK",)
    cols = {c for _, c, _ in cells}
    rows = {r for r, _, _ in cells}
    if len(cols) == 1:
        return _group_tokens(cells)
    if len(rows) == 1:
        return _sequence_tokens(cells)
    raise ProtocolError("the cards are neither of one rank nor of one suit: no combination")


def _group_tokens(cells: list[tuple[int, int, int]]) -> tuple[str, ...]:
    col = cells[0][1]
    if not 1 <= col <= NUM_RANKS:
        raise ProtocolError(f"a group in column {col} stands for no rank")
    nat = [TOKENS[card_at(r, c)] for r, c, v in cells if v == 1]
    jok = [(r, c) for r, c, v in cells if v == JOKER]
    if not jok:
        return tuple(nat)
    r, c = jok[0]
    if r == FIFTH_ROW:
        if len(nat) != 4:
            raise ProtocolError("a joker in row 4 is the fifth card of four of a kind")
        return (*nat, "JK")
    return (*nat, "JK=" + TOKENS[card_at(r, c)])


def _sequence_tokens(cells: list[tuple[int, int, int]]) -> tuple[str, ...]:
    row = cells[0][0]
    if row == FIFTH_ROW:
        raise ProtocolError("row 4 holds only a group's fifth card, not a sequence")
    cols = sorted(c for _, c, _ in cells)
    if len(cols) < 3 or cols != list(range(cols[0], cols[0] + len(cols))):
        raise ProtocolError("the cards of one suit are not three or more consecutive ranks")
    out = []
    for r, c, v in sorted(cells, key=lambda x: x[1]):
        # a joker in column 0 or 14 stands beyond the ends: JK=<3S, JK=>2S
        out.append(TOKENS[card_at(r, c)] if v == 1 else "JK=" + stand_token(card_at(r, c)))
    return tuple(out)


def card_name(row: int, col: int) -> str:
    """The paiju token of a suited cell, for messages."""
    return RANK_NAMES[col - 1] + SUIT_NAMES[row]


# ------------------------------------------------------------------ status rows


@dataclass(frozen=True, slots=True)
class Status:
    """Rows 5 and 6 of a table the server sends (``man/protocol.html`` 13.2.2)."""

    #: [5][0]: 1 in the table dealt before the exchange.
    exchanging: bool = False
    #: [5][1]: how many cards this player gives (2 Dai Fugō, 1 Fugō, else 0).
    exchange_count: int = 0
    #: [5][2]: 1 when it is this player's turn.
    my_turn: bool = False
    #: [5][3]: the player whose turn it is (6 in the dealt table).
    turn: int = 0
    #: [5][4]: 1 when the field is empty (a new trick is led).
    field_empty: bool = False
    #: [5][5]: Jack back (11-back) in effect; never on under the UECda rules.
    eleven_back: bool = False
    #: [5][6]: a revolution is in effect.
    revolution: bool = False
    #: [5][7]: the suits are locked (shibari).
    locked: bool = False
    #: [6][0..4]: each player's number of cards.
    counts: tuple[int, ...] = (0, 0, 0, 0, 0)
    #: [6][5..9]: each player's title, 0 Dai Fugō .. 4 Dai Hinmin (all 0 before titles).
    titles: tuple[int, ...] = (0, 0, 0, 0, 0)
    #: [6][10..14]: the player in each seat, in turn order.
    seats: tuple[int, ...] = (0, 1, 2, 3, 4)

    @classmethod
    def of(cls, table: Table) -> Status:
        r5, r6 = table.row(5), table.row(6)
        return cls(
            bool(r5[0]), r5[1], bool(r5[2]), r5[3], bool(r5[4]), bool(r5[5]), bool(r5[6]),
            bool(r5[7]), tuple(r6[0:5]), tuple(r6[5:10]), tuple(r6[10:15]),
        )

    def cells(self) -> dict[tuple[int, int], int]:
        """The cells of rows 5 and 6 that say this status."""
        r5 = [int(self.exchanging), self.exchange_count, int(self.my_turn), self.turn,
              int(self.field_empty), int(self.eleven_back), int(self.revolution),
              int(self.locked)]
        r6 = [*self.counts, *self.titles, *self.seats]
        if len(r6) != COLS:
            raise ProtocolError("a status names five counts, five titles and five seats")
        out = {(5, c): v for c, v in enumerate(r5)}
        out.update({(6, c): v for c, v in enumerate(r6)})
        return out

    def on(self, table: Table) -> Table:
        """``table`` with rows 5 and 6 saying this status."""
        return Table.of(self.cells(), table)
