"""Dai Fugō cards, their notation and bitsets.

A suited card is ``rank * 4 + suit``: ranks 0..12 are 3, 4, ..., 10, J, Q, K, A, 2 (the
order of 004, "Players and Cards": "Joker-2-A-K-Q-J-10-9-8-7-6-5-4-3"), suits 0..3 are
S, H, D, C. The jokers are 52 and 53: two distinct cards with the same token ``JK``.
A set of cards is an int bitset: bit ``c`` is card ``c``, so the four cards of a rank
are four adjacent bits.

With two packs (``decks=2``, docs/daifugo.md "The double deck") the second copy of a
suited card ``c`` is card ``c + 64`` (:data:`COPY`), written with a prime: ``7S'``. The
jokers of both packs are cards 52 to 55, all written ``JK`` (no one can tell them apart;
one pack's two jokers are already both ``JK``). One-pack hands never hold a card above 53,
so a one-pack record reads as before.

Under ``sequence_joker_beyond_ends`` (UECda) a joker in a sequence may stand one step
beyond the ends of a suit's run: below the 3 (rank -1) or above the 2 (rank 13). Such a
*place* is numbered as a card would be, ``rank * 4 + suit``: -4..-1 below the 3s (S H D
C), 52..55 above the 2s. It is never a card of the pack and appears only as what a
sequence's joker stands for, written ``JK=<3S`` (below the ♠3) and ``JK=>2S`` (above
the ♠2).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from paiju.core.bitset import iter_members
from paiju.core.bitset import mask_of as mask_of
from paiju.core.errors import UnknownCard

Card = int

RANK_NAMES = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUIT_NAMES = ("S", "H", "D", "C")
SUIT_SYMBOLS = ("♠", "♡", "♢", "♣")
NUM_RANKS: Final = 13
THREE: Final = 0
FOUR: Final = 1
FIVE: Final = 2
SIX: Final = 3
SEVEN: Final = 4
EIGHT: Final = 5
NINE: Final = 6
TEN: Final = 7
JACK: Final = 8
QUEEN: Final = 9
KING: Final = 10
ACE: Final = 11
TWO: Final = 12
SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
JOKER1: Final = 52
JOKER2: Final = 53
#: One pack's jokers.
JOKERS: Final = (1 << JOKER1) | (1 << JOKER2)
#: Every joker a hand may hold: a pack's two (52, 53), and under two packs the second
#: pack's (54, 55).
ALL_JOKERS: Final = 0xF << 52
SUITED: Final = (1 << 52) - 1
#: The second copy of card ``c`` (two packs) is card ``c + COPY``.
COPY: Final = 64
#: The suited cards of two packs: both copies of each.
SUITED2: Final = SUITED | SUITED << COPY
SPADE_THREE: Final = THREE * 4 + SPADES
DIAMOND_THREE: Final = THREE * 4 + DIAMONDS
#: The places beyond the ends (see the module's docstring): rank -1 and rank 13.
BELOW_THREE_RANK: Final = -1
ABOVE_TWO_RANK: Final = NUM_RANKS


#: The four cards of each rank, as a bitset.
RANK_MASK = tuple(0xF << (4 * r) for r in range(NUM_RANKS))
#: The thirteen cards of each suit, as a bitset.
SUIT_MASK = tuple(sum(1 << (4 * r + s) for r in range(NUM_RANKS)) for s in range(4))


def card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (0 = 3 .. 12 = 2) and ``suit`` (0..3 = S H D C)."""
    return rank * 4 + suit


def rank_of(c: Card) -> int:
    """0 for a 3 .. 12 for a 2 (of either pack); 13 for a joker."""
    if c < 52:
        return c >> 2
    return NUM_RANKS if c < COPY else (c - COPY) >> 2


def suit_of(c: Card) -> int:
    """0..3 for S H D C (of either pack); -1 for a joker."""
    return -1 if 52 <= c < COPY else c & 3


def is_joker(c: Card) -> bool:
    return 52 <= c < COPY


def pack(jokers: int, decks: int = 1) -> int:
    """The bitset of the pack: the 52 suited cards and ``jokers`` (0, 1 or 2) jokers; with
    ``decks=2`` both copies of each suited card and 0 to 4 jokers."""
    if decks not in (1, 2):
        raise ValueError(f"one pack or two, not {decks}")
    if not 0 <= jokers <= 2 * decks:
        raise ValueError(f"{decks} pack{'s' if decks > 1 else ''} hold 0 to {2 * decks} "
                         f"jokers, not {jokers}")
    suited = SUITED if decks == 1 else SUITED2
    return suited | sum(1 << (52 + j) for j in range(jokers))


def identity(c: Card) -> Card:
    """The card of which ``c`` is a copy: ``c`` itself in the first pack."""
    return c & (COPY - 1)


def is_copy(c: Card) -> bool:
    """True for a second pack's suited card (``7S'``)."""
    return c >= COPY


def fold(mask: int) -> int:
    """The cards of a bitset with their copies taken as the card (a 54-bit set)."""
    return (mask | mask >> COPY) & ((1 << COPY) - 1)


def twice(mask: int) -> int:
    """The suited cards of which a bitset holds both copies (a 52-bit set)."""
    return mask & mask >> COPY & SUITED


#: The first pack's cards and the jokers: the low half of a two-pack bitset.
LOW: Final = (1 << COPY) - 1


def canon(mask: int) -> int:
    """A set of cards in the form two-pack hands keep: a card held once is the first
    pack's (``7S``), a card held twice both (``7S 7S'``); one pack's sets are unchanged."""
    first, second = mask & LOW, mask >> COPY
    return first | second | (first & second) << COPY


def holds(hand: int, cards: int) -> bool:
    """True if ``hand`` holds ``cards`` (both in :func:`canon` form; jokers by their bits)."""
    return not (cards & ~hand)


def take(hand: int, cards: int) -> int:
    """``hand`` less ``cards`` (both in :func:`canon` form, ``cards`` held), kept in that
    form: a card held twice and given once leaves the first pack's copy."""
    a1, a2, b1, b2 = hand & LOW, hand >> COPY, cards & LOW, cards >> COPY
    return (a2 & ~b2) | (a1 & ~a2 & ~b1) | (a2 & ~b1) << COPY


def put(hand: int, cards: int) -> int:
    """``hand`` with ``cards`` added (both in :func:`canon` form), kept in that form."""
    a1, b1 = hand & LOW, cards & LOW
    return a1 | b1 | ((hand | cards) >> COPY | (a1 & b1 & SUITED)) << COPY


def minus(hand: int, cards: int) -> int:
    """``hand`` less ``cards`` as far as it holds them (both in :func:`canon` form; a card
    held twice less one held once is held once; jokers by their bits)."""
    a1, a2, b1, b2 = hand & LOW, hand >> COPY, cards & LOW, cards >> COPY
    return (a1 & ~b1) | (a2 & ~b2) | (a2 & ~b1) << COPY


def rank_count(mask: int, rank: int) -> int:
    """How many cards of ``rank`` a set holds (a two-pack set's second copies too)."""
    return (mask >> (4 * rank) & 0xF).bit_count() + (mask >> (COPY + 4 * rank) & 0xF).bit_count()


def jokers_in(mask: int) -> int:
    """How many jokers a bitset holds (of one pack or two)."""
    return (mask & ALL_JOKERS).bit_count()


def token(c: Card) -> str:
    """The canonical token: ``3S`` .. ``10S``, ``JS``, ``QS``, ``KS``, ``AS``, ``2S``; ``JK``."""
    return TOKENS[c]


TOKENS: tuple[str, ...] = tuple(
    [RANK_NAMES[c >> 2] + SUIT_NAMES[c & 3] for c in range(52)] + ["JK"] * 4
    + [""] * (COPY - 56)  # no card
    + [RANK_NAMES[c >> 2] + SUIT_NAMES[c & 3] + "'" for c in range(52)]
)

_RANK_IN = {name.lower(): r for r, name in enumerate(RANK_NAMES)}
_RANK_IN["t"] = TEN
_SUIT_IN = {
    "s": SPADES, "h": HEARTS, "d": DIAMONDS, "c": CLUBS,
    "♠": SPADES, "♤": SPADES, "♥": HEARTS, "♡": HEARTS,
    "♦": DIAMONDS, "♢": DIAMONDS, "♣": CLUBS, "♧": CLUBS,
}


def parse_card(text: object) -> Card:
    """A card from a token: ``10S``, ``TS``, ``ts``, ``♠10``, ``10♠``, ``JK``; a second
    pack's copy with a prime, ``10S'`` (card ``c + COPY``).

    A joker parses as :data:`JOKER1`; which of the jokers a seat holds does not matter.
    """
    if not isinstance(text, str):
        raise UnknownCard(f"a card is written as a string like '9H', not {text!r}")
    t = text.strip().lower().replace("\ufe0f", "")
    if t.endswith(("'", "\u2032")) and len(t) > 1:
        first = parse_card(t[:-1])
        if first >= 52:
            raise UnknownCard(f"{text!r}: a joker is written JK, whichever pack it is of")
        return first + COPY
    if t in ("jk", "joker", "jo"):
        return JOKER1
    if len(t) >= 2:
        if t[0] in _SUIT_IN and t[1:] in _RANK_IN:
            return card(_RANK_IN[t[1:]], _SUIT_IN[t[0]])
        if t[-1] in _SUIT_IN and t[:-1] in _RANK_IN:
            return card(_RANK_IN[t[:-1]], _SUIT_IN[t[-1]])
    raise UnknownCard(
        f"unknown card {text!r}: write rank then suit, like 3S, 10H, TD, QC, AS, 2H, or JK"
    )


def is_beyond(c: Card) -> bool:
    """True for a place beyond the ends (below a 3 or above a 2), not a card."""
    return c < 0 or c >= 52


def stand_token(c: Card) -> str:
    """The token of what a joker stands for: a card (``9H``) or a place beyond the ends
    (``<3S`` below the ♠3, ``>2S`` above the ♠2)."""
    if c < 0:
        return "<" + TOKENS[THREE * 4 + (c & 3)]
    if c >= 52:
        return ">" + TOKENS[TWO * 4 + (c & 3)]
    return TOKENS[c]


def parse_play_token(text: object) -> tuple[Card, Card | None]:
    """``(card, stands_for)`` from a token of a play: ``9H``, ``JK``, ``JK=9H``, or a
    joker beyond the ends of a sequence, ``JK=<3S`` / ``JK=>2S``."""
    if isinstance(text, str):
        known = _CANONICAL.get(text)
        if known is not None:
            return known
    if isinstance(text, str) and "=" in text:
        left, _, right = text.partition("=")
        if parse_card(left) != JOKER1:
            raise UnknownCard(f"only a joker may say what it stands for, not {text!r}")
        right = right.strip()
        if right[:1] in ("<", ">"):
            return JOKER1, _parse_beyond(right, text)
        stand = parse_card(right)
        if stand >= 52:
            raise UnknownCard(f"a joker stands for a suited card, not {text!r}")
        return JOKER1, stand
    return parse_card(text), None


def _parse_beyond(right: str, text: str) -> Card:
    """The place of ``<3S`` (below the ♠3) or ``>2S`` (above the ♠2)."""
    below = right[0] == "<"
    c = parse_card(right[1:])
    if c >= 52 or rank_of(c) != (THREE if below else TWO):
        raise UnknownCard(
            f"a joker stands below a 3 (JK=<3S) or above a 2 (JK=>2S), not {text!r}")
    return card(BELOW_THREE_RANK if below else ABOVE_TWO_RANK, c & 3)


#: The cards of a bitset, lowest first (:func:`paiju.core.bitset.iter_members`).
bits = iter_members




def tokens(mask: int) -> list[str]:
    """The tokens of a bitset, from the 3s up, suits S H D C, jokers last."""
    return [TOKENS[c] for c in bits(mask)]


def count(mask: int) -> int:
    return mask.bit_count()


def show(cards: Iterable[str]) -> str:
    """Tokens joined by spaces, for messages."""
    return " ".join(cards)


_CANONICAL: dict[str, tuple[Card, Card | None]] = {TOKENS[c]: (c, None) for c in range(53)}
_CANONICAL.update({TOKENS[c]: (c, None) for c in range(COPY, COPY + 52)})
_CANONICAL.update({"JK=" + TOKENS[c]: (JOKER1, c) for c in range(52)})
_CANONICAL.update({"JK=" + stand_token(c): (JOKER1, c) for c in (*range(-4, 0), *range(52, 56))})
