"""Luk Fu payments: every tariff of the seeds, Five Tigers, the dreamer, liability.

All functions are pure. Points are whole units; the payments of a hand always sum to zero.
Sources: 000 'Scoring'; 001 'Miss Tsoi's tariff', 'Mr Pang's tariff', the dreamer's
'10p per match', the red-overprint variant and the variant list; 003 (Sung's table,
'Tsuk Mung', 'I said Tsoh, but I lost the game').
"""

from __future__ import annotations

from collections.abc import Iterable

from paiju.lukfu.engine.cards import LI_CHEN, RED_CARDS, Card, iter_cards, number_of

TARIFFS = ("doubling", "doubling5", "tsoi", "pang", "sung")
_RED_MASK = sum(1 << c for c in RED_CARDS)


def tariff_value(tariff: str, tricks: int, reds: int = 0) -> int:
    """What each loser pays for a win of ``tricks`` (6-12) with ``reds`` red cards among them.

    ``doubling``: 2^(n-6), twelve tricks doubled again to 128 (000 'Scoring').
    ``doubling5``: 2^(n-5), twelve doubled again (000 "In some places ... 5 instead of 6").
    ``tsoi``: n-5 units (001 "10p for six 'tricks' and 10p for each further").
    ``pang``: 1-4 for 6-9; 10 and 11 double (10, 12); 12 triple (21) (001 'Mr Pang's tariff').
    ``sung``: n-5 plus one per red; 12 with all 8 reds is doubled to 30 (003 table).
    """
    if not 6 <= tricks <= 12:
        raise ValueError(f"a win counts 6 to 12 tricks, not {tricks}")
    if tariff in ("doubling", "doubling5"):
        value = 2 ** (tricks - (6 if tariff == "doubling" else 5))
        return value * 2 if tricks == 12 else value
    if tariff == "tsoi":
        return tricks - 5
    if tariff == "pang":
        if tricks <= 9:
            return tricks - 5
        return (tricks - 5) * (2 if tricks <= 11 else 3)
    if tariff == "sung":
        if tricks == 12 and reds == 8:
            return 30
        return tricks - 5 + reds
    raise ValueError(f"unknown tariff {tariff!r}; known: {', '.join(TARIFFS)}")


def red_count(cards: int) -> int:
    """How many red-imprint cards the bitset ``cards`` holds."""
    return (cards & _RED_MASK).bit_count()


def win_value(tariff: str, tricks: int, winning: int, red_bonus: bool) -> int:
    """Each loser's payment to a winner whose winning cards are the bitset ``winning``.

    With ``red_bonus`` (001 variant; always in Sung's table) each red card won adds a unit;
    Sung's table counts them itself.
    """
    reds = red_count(winning)
    if tariff == "sung":
        return tariff_value("sung", tricks, reds)
    return tariff_value(tariff, tricks) + (reds if red_bonus else 0)


def five_tigers_value(tariff: str, value: str) -> tuple[int, int]:
    """``(count, payment per loser)`` of the Five Tigers under option ``five_tigers_value``.

    000 "he gets 8 tricks"; 001 Miss Tsoi six "tricks", Mr Pang 8; 003 "5 ung fu ha san ... 6".
    The payment is fixed: no red bonus, no dreamer (001 "a fixed amount"; 000 "the losers
    only need to pay him").
    """
    if value == "sung_table":
        return 5, 6
    tricks = 8 if value == "eight_tricks" else 6
    return tricks, tariff_value("sung" if tariff == "sung" else tariff, tricks)


def matches(dreamer: Card, winning: Iterable[Card] | int, li_chen_is_ace: bool) -> int:
    """How many of the winning cards share the dreamer card's number.

    Li Chen counts as a 1 when ``li_chen_is_ace`` (000 "(Li Chen = 1)"; 001 "the Extra Ace
    ... matches any other Aces"), otherwise it has no number (002 'Leeten').
    """
    cards = iter_cards(winning) if isinstance(winning, int) else winning

    def num(c: Card) -> int:
        if c == LI_CHEN and not li_chen_is_ace:
            return 0
        return number_of(c)

    target = num(dreamer)
    if target == 0:
        return 0
    return sum(1 for c in cards if num(c) == target)


def dreamer_value(income: str, tariff: str, match_count: int) -> int:
    """What each loser pays the dreamer for ``match_count`` matches (0 pays nothing).

    ``exponent``: the dreamer counts 5 + matches tricks at the tariff, without reds
    (000 "the dreamer is always granted 5 tricks and every match ... an additional trick";
    001 variant "doubles the amount won for each extra winning card").
    ``per_match``: one unit per match (001 "10p per match"; 003 'Tsuk Mung').
    """
    if match_count <= 0:
        return 0
    if income == "per_match":
        return match_count
    return tariff_value(tariff, min(5 + match_count, 12))


def settle(
    seats: int,
    winner: int,
    value: int,
    dreamer_seat: int | None = None,
    dreamer_amount: int = 0,
    liable: int | None = None,
) -> list[int]:
    """Net points of every seat when ``winner`` wins ``value`` from each other active seat.

    Each active loser pays ``value`` to the winner and ``dreamer_amount`` to the dreamer.
    If ``liable`` (the privileged / Vulnerable / Tsoh seat) lost, he pays the other loser's
    share as well and the other loser pays nothing (000 'Scoring', the privileged example;
    001 "twice from a Vulnerable opponent"; 003 Bao Su).
    """
    points = [0] * seats
    losers = [s for s in range(3) if s != winner]
    liable_lost = liable is not None and liable in losers
    payers = {liable: 2} if liable is not None and liable_lost else {s: 1 for s in losers}
    for seat, times in payers.items():
        points[seat] -= times * (value + dreamer_amount)
        points[winner] += times * value
        if dreamer_seat is not None:
            points[dreamer_seat] += times * dreamer_amount
    return points
