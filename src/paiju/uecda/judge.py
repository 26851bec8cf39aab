"""What the official server ``tndhms`` answers to a play: 9 (accepted) or 8 (rejected).

The server (the 2018 kit's ``daihu.c`` and ``external.c``) first checks the table itself,
and paiju does the same here, on tables:

* no value but 0, 1 and 2 in rows 0..4, no 1 in column 0 or 14 or in row 4, at most one
  2 (``count_card_num``);
* the cards are the player's: each 1 a card of the hand, a 2 only with the joker in
  hand (``check_include_card``).

Whether the cards make a combination and may be played on the field is the Dai Fugō
rulebook's question under the ``uecda`` rules, which read every play the server reads
(docs/daifugo.md, "UECda's meld rules"): the play and the field are read as paiju tokens
(:func:`paiju.uecda.tables.table_play`) and the rulebook judges the play on a position
holding the field, the lock ([5][7], on the field's suits) and the revolution ([5][6],
with Jack back [5][5]). One answer is the protocol's, not the rules': a pass is answered
9 on an empty field and 8 on any other (it is a pass either way).

The field is the last field table the server sent, unless the hand table of the turn
says the field is empty ([5][4]).
"""

from __future__ import annotations

from functools import lru_cache

from paiju.daifugo.engine.combos import BadPlay, Meld
from paiju.daifugo.engine.position import Position
from paiju.daifugo.engine.rulebook import Rulebook, rulebook
from paiju.daifugo.rules import make_rules
from paiju.uecda.seat import card_mask
from paiju.uecda.tables import ProtocolError, Table, table_cards, table_play
from paiju.uecda.wire import ACCEPTED, REJECTED


@lru_cache(maxsize=1)
def uecda_book() -> Rulebook:
    """The rulebook of the ``uecda`` preset."""
    return rulebook(make_rules("uecda"))


def count_cards(t: Table) -> tuple[int, str | None]:
    """The number of cards in rows 0..4, and what is wrong with the cells if anything."""
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


def read(book: Rulebook, table: Table) -> Meld:
    """The combination of a play table; BadPlay saying why it is none."""
    try:
        return book.read(table_play(table))
    except ProtocolError as err:
        raise BadPlay(str(err)) from None


def position(hand: Table, field: Table, book: Rulebook) -> Position:
    """The position the server judges in: the player's cards (seat 0), the field unless
    [5][4] says it is empty, the lock on its suits and the ranking's direction."""
    mine = card_mask(table_cards(hand.cards_part()))
    p = Position(hands=[mine], turn=0, active=1)
    if hand[5, 4] == 0 and any(field.cards_part().cells):
        p.table = read(book, field)
        if hand[5, 7] == 1:
            p.lock = _suits(field)
    p.revolution = hand[5, 6] == 1
    p.jack_back_now = hand[5, 5] == 1
    return p


def _suits(table: Table) -> int:
    """The suits of rows 0..3 that hold a card or a joker, as a 4-bit mask (a group's
    joker has the suit of its cell, man/rule.html 4.3.1)."""
    return sum(1 << r for r in range(4) if any(table[r, c] for c in range(15)))


def judge(hand: Table, play: Table, field: Table) -> tuple[int, str | None]:
    """The server's answer to ``play`` from ``hand`` (the table of the turn) on ``field``
    (the last field table), and the reason of an 8 (None for a pass)."""
    n, wrong = count_cards(play)
    if n == 0 and not wrong:
        return (ACCEPTED if hand[5, 4] == 1 else REJECTED), None
    wrong = holds(hand, play) or wrong
    if wrong:
        return REJECTED, wrong
    book = uecda_book()
    try:
        meld = read(book, play)
        p = position(hand, field, book)
    except BadPlay as err:
        return REJECTED, str(err)
    why = book.why_not_play(p, 0, meld)
    return (REJECTED, why) if why else (ACCEPTED, None)
