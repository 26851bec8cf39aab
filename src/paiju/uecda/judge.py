"""What the official server ``tndhms`` answers to a play: 9 (accepted) or 8 (rejected).

These are the server's checks as it makes them on tables (the 2018 kit's ``daihu.c`` and
``external.c``), so that a client can know the answer before it sends a play:

* the cards are the player's (a 2 needs the joker in hand), and a table holds no 1 in
  column 0 or 14 or in row 4, no value but 0, 1 and 2, and at most one 2;
* the cards make one combination: the first card found (lowest column, then ♠ ♥ ♦ ♣,
  then row 4) starts a sequence if the next column of its row holds a card (three cards
  or more), else a group of the cards of its column, and every card must belong to it;
* on a non-empty field: as many cards and the same kind (a lone joker may follow a
  single card); a group must be of a higher column (lower in a revolution); a single or
  a sequence must start above the field's top (end below the field's bottom in a
  revolution);
* under a lock, the same suits (a lone joker is exempt);
* on a lone joker only the ♠3 alone is accepted;
* a pass is answered 9 on an empty field and 8 on any other (it is a pass either way).

The field is the last field table the server sent, unless the hand table of the turn
says the field is empty ([5][4]).
"""

from __future__ import annotations

from dataclasses import dataclass

from paiju.uecda.tables import Table
from paiju.uecda.wire import ACCEPTED, REJECTED

PASS, SINGLE, GROUP, SEQUENCE, LONE_JOKER = range(5)


@dataclass(frozen=True, slots=True)
class Shape:
    """A play as the server reads it: lowest column, cards, suits (5 bits), kind."""

    low: int
    count: int
    suits: int
    kind: int


def count_cards(t: Table) -> tuple[int, str | None]:
    """The number of cards in rows 0..4, and what is wrong with them if anything."""
    n = jokers = 0
    wrong = None
    for r in range(5):
        for c in range(15):
            v = t[r, c]
            if v == 0:
                continue
            if v == 1:
                n += 1
                if c in (0, 14) or r == 4:
                    wrong = f"cell [{r}][{c}] holds 1, but no card is there"
            elif v == 2:
                n += 1
                jokers += 1
            else:
                wrong = f"cell [{r}][{c}] holds {v}"
    if jokers >= 2:
        wrong = "the play holds two jokers"
    return n, wrong


def shape(t: Table) -> tuple[Shape, str | None]:
    """How the server reads a play table, and why it refuses it if it does."""
    n, wrong = count_cards(t)
    if n == 0:
        return Shape(15, 0, 0, PASS), wrong
    col, row = next((c, r) for c in range(15) for r in range(5) if t[r, c])
    kind = PASS
    if n == 1:
        kind = LONE_JOKER if t[row, col] == 2 else SINGLE
    if col != 14 and t[row, col + 1] != 0:
        length = 0
        while col + length < 15 and t[row, col + length] != 0:
            length += 1
        got = Shape(col, length, 1 << row, SEQUENCE)
        if length <= 2:
            wrong = wrong or "two cards of a suit in a row are no sequence"
    else:
        rows = [r for r in range(5) if t[r, col] != 0]
        got = Shape(col, len(rows), sum(1 << r for r in rows), kind or GROUP)
    if got.suits >= 16 and got.suits != 31:
        wrong = wrong or "a joker in row 4 is only the fifth card of four of a kind"
    if n != got.count:
        wrong = wrong or "the cards are not one combination"
    return got, wrong


def beats(field: Shape, play: Shape, revolution: bool) -> str | None:
    """Why ``play`` may not follow ``field``, or None."""
    if field.kind == PASS:
        return None
    if field.count != play.count:
        return f"the field has {field.count} cards, the play {play.count}"
    if play.kind == LONE_JOKER and field.kind == SINGLE:
        return None
    if field.kind != play.kind:
        return "the play is not the field's kind of combination"
    if field.kind == GROUP:
        higher = play.low < field.low if revolution else play.low > field.low
    elif revolution:
        higher = play.low + field.count - 1 < field.low
    else:
        higher = play.low > field.low + field.count - 1
    return None if higher else "the play does not beat the field"


def holds(hand: Table, play: Table) -> str | None:
    """Why the cards of ``play`` are not the player's, or None."""
    for r in range(5):
        for c in range(15):
            v = play[r, c]
            if v == 1 and hand[r, c] != 1:
                return "the player does not hold a card of the play"
            if v == 2 and hand[4, 1] != 2:
                return "the player does not hold the joker"
    return None


def judge(hand: Table, play: Table, field: Table) -> tuple[int, str | None]:
    """The server's answer to ``play`` from ``hand`` (the table of the turn) on ``field``
    (the last field table), and the reason of an 8 (None for a pass)."""
    stage = shape(field)[0] if hand[5, 4] == 0 else Shape(15, 0, 0, PASS)
    got, wrong = shape(play)
    if got.kind == PASS and not wrong:
        return (ACCEPTED if stage.kind == PASS else REJECTED), None
    wrong = holds(hand, play) or wrong
    wrong = wrong or beats(stage, got, (hand[5, 6] + hand[5, 5]) % 2 == 1)
    if not wrong and got.kind != LONE_JOKER and hand[5, 7] == 1 and got.suits != stage.suits:
        wrong = "the suits are locked"
    if stage.kind == LONE_JOKER:
        # the server lets a lone ♠3 through whatever else it found wrong
        spade_three = (got.low, got.count, got.suits) == (1, 1, 1) and hand[0, 1] == 1
        wrong = None if spade_three else holds(hand, play) or "only the ♠3 beats a lone joker"
    return (REJECTED, wrong) if wrong else (ACCEPTED, None)
