"""The tables a UECda server sends, made from a paiju Dai Fugō hand, and the tables it reads.

The server's side of ``man/protocol.html`` 13.2 and figure 13.4, as ``tndhms`` fills the
cells (the 2018 kit's ``daihu.c``): the dealt hand ([5][0] = 1, [5][3] = 6, the cards to
give at [5][1]: 2 and 1 for the Dai Fugō and the Fugō, -1 and -2 for the Hinmin and the
Dai Hinmin, 0 otherwise, which a 2007-protocol client reads as 0 because
:class:`~paiju.uecda.wire.ServerSeat` writes negative cells as 0, as tndhms does), the
hand of each turn and the field after each turn. Rows 6
give every player's card count, title (0 Dai Fugō .. 4 Dai Hinmin, all 0 when the titles
are forgotten) and the player in each seat. The tables are pure functions of the paiju
state, but for the lock flag [5][7], which :class:`LockFlag` keeps as tndhms keeps its
own; the seats are paiju's seats and the players the UECda player numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from paiju.daifugo.engine.cards import tokens
from paiju.daifugo.engine.rulebook import rulebook
from paiju.daifugo.engine.state import DaifugoState
from paiju.uecda.tables import (
    JOKER,
    ProtocolError,
    Status,
    Table,
    cards_table,
    cell_name,
    play_table,
    table_cards,
    table_play,
)

#: [5][3] of the dealt hand: no player's turn yet.
DEALT_TURN = 6


@dataclass(frozen=True)
class Seating:
    """Who sits where in one game: ``players[seat]`` is a UECda player number."""

    players: tuple[int, ...]
    #: each player's title number from the previous game (None: titles forgotten)
    titles: tuple[int, ...] | None

    @classmethod
    def of(cls, state: DaifugoState, players: Sequence[int]) -> Seating:
        """The seating of ``state``, whose seat ``s`` is played by ``players[s]``."""
        if state.titles_in is None:
            return cls(tuple(players), None)
        by_place = rulebook(state.rules).titles_by_place(state.n)
        numbers = [0] * state.n
        for seat, title in enumerate(state.titles_in):
            numbers[players[seat]] = by_place.index(title)
        return cls(tuple(players), tuple(numbers))

    def seat_of(self, player: int) -> int:
        return self.players.index(player)

    def by_player(self, per_seat: Sequence[int]) -> tuple[int, ...]:
        """A value per seat, reordered by player number."""
        return tuple(per_seat[self.seat_of(p)] for p in range(len(self.players)))


def lone_joker(cards: Table) -> bool:
    """True if the cards of a play table are the joker alone."""
    return [v for v in cards.cells[:75] if v] == [JOKER]


def suit_bits(cards: Table) -> int:
    """The suits of a play as tndhms compares them for the lock: a bit per row holding a
    card (row 4, a group's fifth card, is the fifth bit) for a group or a lone joker, and
    the sequence's row for a sequence (0 for a pass)."""
    cells = [(r, c) for r in range(5) for c in range(15) if cards[r, c]]
    if len({c for _, c in cells}) > 1:
        return 1 << cells[0][0]
    out = 0
    for r, _ in cells:
        out |= 1 << r
    return out


@dataclass
class LockFlag:
    """The lock flag [5][7] as tndhms shows it through a trick (``daihu.c``, its variable
    ``now_shibari``; docs/uecda.md, "The lock flag").

    It is set by an accepted play in the same suits as the play it follows and stays set
    until the field clears; a lone joker clears it (only the ♠3 may follow a lone joker,
    and under the UECda rules the ♠3 beats it whatever the lock); the ♠3 on the joker
    leaves it clear. Between a play and the clear it makes (an 8, the ♠3 on the joker, the
    last pass), the field table still shows it. Under the ``uecda`` rules it is the
    engine's lock but on a lone joker (``tests/uecda/test_serve_tables.py``).
    """

    on: bool = False

    def play(self, cards: Table, field: Table) -> None:
        """An accepted play of ``cards`` on ``field`` (the cards on it; empty: a lead)."""
        if lone_joker(cards):
            self.on = False
        elif not self.on and not lone_joker(field) and any(field.cells[:75]):
            self.on = suit_bits(cards) == suit_bits(field)

    def clear(self) -> None:
        """The field is cleared."""
        self.on = False


def lock_shown(state: DaifugoState) -> bool:
    """The flag [5][7] of a hand table, from the engine's position: its lock, but clear
    while a lone joker is on the field (as :class:`LockFlag` is at the start of a turn)."""
    t = state.pos.table
    return bool(state.pos.lock) and not (t is not None and t.size == 1 and t.jokers == 1)


def status(state: DaifugoState, seating: Seating, **cells: Any) -> Status:
    """Rows 5 and 6 as the hand or the field after a turn shows them now."""
    p = state.pos
    base = Status(
        field_empty=p.table is None,
        eleven_back=p.jack_back_now,
        revolution=p.revolution,
        locked=bool(p.lock),
        counts=seating.by_player([h.bit_count() for h in p.hands]),
        titles=titles_row(state, seating),
        seats=seating.players,
    )
    return replace(base, **cells)


def titles_row(state: DaifugoState, seating: Seating) -> tuple[int, ...]:
    """[6][5..9] during a game, as tndhms writes them (``daihu.c``, its ``mibun``).

    tndhms keeps a list of the players by title, 0 Dai Fugō .. 4 Dai Hinmin, from the
    last game; as each player goes out it writes that player over the list's entry for
    the place it took, and it shows each player the last place at which the list holds
    it. So the row is the titles as dealt until players go out, and then a mix: when the
    old Heimin and then the old Dai Fugō have gone out, the Dai Fugō shows 1, the Heimin
    2, and the old Fugō, no longer listed, 0. (tndhms leaves an unlisted player's cell
    as the client's last table had it; the official client sends zeros there, and paiju
    writes 0.) All 0 in a game without titles.
    """
    if seating.titles is None:
        return (0,) * state.n
    by_place = [seating.titles.index(t) for t in range(state.n)]
    for place, seat in enumerate(state.pos.finished):
        by_place[place] = seating.players[seat]
    row = [0] * state.n
    for place, player in enumerate(by_place):
        row[player] = place
    return tuple(row)


def gift_counts(state: DaifugoState, seating: Seating) -> tuple[int, ...]:
    """[5][1] of each player's dealt hand: the rich give k, the poor -k, the others 0."""
    out = [0] * state.n
    for rich, poor, k in state.pos.exchange:
        out[seating.players[rich]] = k
        out[seating.players[poor]] = -k
    return tuple(out)


def dealt_tables(state: DaifugoState, seating: Seating) -> dict[int, Table]:
    """Each player's dealt hand table, before the first ``give``.

    The rich see their hand with the poor's best cards already in it; the others their
    hand as dealt (the poor before they give). The counts are those dealt.
    """
    gives = gift_counts(state, seating)
    rich = {r for r, _, _ in state.pos.exchange}
    counts = seating.by_player([h.bit_count() for h in state.dealt])
    out = {}
    for seat, player in enumerate(seating.players):
        hand = state.pos.hands[seat] if seat in rich else state.dealt[seat]
        st = Status(exchanging=True, exchange_count=gives[player], turn=DEALT_TURN,
                    counts=counts, titles=seating.titles or (0,) * state.n,
                    seats=seating.players)
        out[player] = cards_table(tokens(hand), st)
    return out


def hand_table(state: DaifugoState, seating: Seating, player: int, mover: int,
               locked: bool | None = None) -> Table:
    """The hand ``player`` reads at the start of ``mover``'s turn, with the lock flag
    ``locked`` (by default :func:`lock_shown`)."""
    hand = state.pos.hands[seating.seat_of(player)]
    st = status(state, seating, my_turn=player == mover, turn=mover,
                locked=lock_shown(state) if locked is None else locked)
    return cards_table(tokens(hand), st)


def field_table(state: DaifugoState, seating: Seating, cards: Table, actor: int,
                locked: bool) -> Table:
    """The field after ``actor``'s turn: ``cards`` (the last play accepted since the field
    was last empty, before any clear this turn makes), the lock flag ``locked`` (a
    :class:`LockFlag`'s, before any clear) and the rest of the state after the turn."""
    st = status(state, seating, turn=actor, field_empty=not any(cards.cells[:75]),
                locked=locked)
    return st.on(cards.cards_part())


def bot_play_table(cards: Sequence[str], revolution: bool) -> Table:
    """The table of a play paiju made (a bot's), as the standard client would write it."""
    return play_table(list(cards), revolution)


def malformed(table: Table) -> str | None:
    """Why a table from a client is no table of cards at all (a value other than 0, 1 or 2
    in rows 0..4), or None. A client that sends one has lost the thread of the protocol."""
    for r, c, v in table.nonzero():
        if v not in (1, JOKER):
            return f"cell {cell_name(r, c)} holds {v}; a table of cards holds only 0, 1 and 2"
    return None


def read_play(table: Table) -> tuple[tuple[str, ...] | None, str | None]:
    """The play of a client's table as paiju tokens (() a pass), or None and why not.

    Rows 5..7 are ignored, as tndhms ignores them.
    """
    try:
        return table_play(table.cards_part()), None
    except ProtocolError as err:
        return None, str(err)


def read_gift(table: Table) -> tuple[list[str] | None, str | None]:
    """The cards of a gift table as paiju tokens, or None and why not."""
    try:
        return table_cards(table.cards_part()), None
    except ProtocolError as err:
        return None, str(err)
