"""Luk Fu cards, their notation and bitsets.

A card is an int. Suits rank Sip > Gon > Sok > Chen (seed 000, "The deck"; 001,
"The Cards"; 002, "Suits in decreasing rank"). ``suit * 9 + (number - 1)`` numbers
the 36 suited cards 0..35; Li Chen, the extra ace of four-player games, is 36; Li Fa,
printed but never dealt (000, 001 "Under no circumstance is the 38th card used"), is 37.

A set of cards is an int bitset: bit ``c`` is card ``c``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from paiju.core.bitset import iter_members, mask_of, members
from paiju.core.errors import UnknownCard

SIP: Final = 0
GON: Final = 1
SOK: Final = 2
CHEN: Final = 3
SUITS: Final = (SIP, GON, SOK, CHEN)
SUIT_NAMES = ("Sip", "Gon", "Sok", "Chen")
SUIT_HANZI = ("拾", "貫", "索", "綫")
LI_CHEN: Final = 36
LI_FA: Final = 37

Card = int


def card(suit: int, number: int) -> Card:
    """The card ``number`` (1-9) of ``suit``."""
    return suit * 9 + number - 1


def suit_of(c: Card) -> int:
    """The suit of a suited card; Li Chen has none (-1)."""
    return c // 9 if c < LI_CHEN else -1


def number_of(c: Card) -> int:
    """The printed number: 1-9, and 1 for Li Chen (the extra ace)."""
    return c % 9 + 1 if c < LI_CHEN else 1


#: The eight red-imprint cards: the four 9s, 1 Sip, 1 Chen, Li Chen and 8 Sip
#: (000 "Aged cards": "only eight cards in a deck of Luk Fu have red imprints";
#: 001 variant "the Nines and the Old Aces and also the Eight of Tens").
RED_CARDS: frozenset[Card] = frozenset(
    [card(s, 9) for s in SUITS] + [card(SIP, 1), card(CHEN, 1), LI_CHEN, card(SIP, 8)]
)

#: The seven cards aged from the start (000 "Aged cards").
INITIALLY_AGED: frozenset[Card] = frozenset(
    [card(s, 9) for s in SUITS] + [card(SIP, 1), card(CHEN, 1), LI_CHEN]
)

#: Singles that beat nothing and cannot be beaten: 1 Sip (Bak Chi), 1 Chen (Mau Gung),
#: Li Chen (000 "Single card"; 001 "Old Cards"; 002 "Yid Fu Tded").
IRON_SINGLES: frozenset[Card] = frozenset([card(SIP, 1), card(CHEN, 1), LI_CHEN])

#: The Five Tigers: the four 1s and Li Chen (000 "Ng Fu Ha San").
FIVE_TIGERS: frozenset[Card] = frozenset([card(s, 1) for s in SUITS] + [LI_CHEN])


def pack(players: int) -> list[Card]:
    """The cards dealt: 36 for three players, 37 (with Li Chen) for four."""
    if players not in (3, 4):
        raise ValueError(f"Luk Fu is for 3 or 4 players, not {players}")
    return list(range(36 if players == 3 else 37))


# ---------------------------------------------------------------- notation

_SUIT_ALIASES = {
    SIP: ["sip", "sup", "拾", "十"],
    GON: ["gon", "gong", "kuan", "guan", "貫", "贯", "万", "萬"],
    SOK: ["sok", "sop", "suo", "索"],
    CHEN: ["chen", "tyen", "ten", "tien", "qian", "綫", "錢", "钱", "线"],
}
_LI_CHEN_ALIASES = [
    "lichen", "li chen", "leeten", "liten", "litien", "litian", "lityen", "yuenchen",
    "yuen chen", "yotyen", "joentshien", "extra ace", "extraace", "麗綫", "梨綫", "雲綫",
    "雲錢", "丽线", "云线",
]
_LI_FA_ALIASES = ["lifa", "li fa", "leefa", "lukfa", "luk fa", "麗花", "梨花", "鹿花", "丽花"]
_NAMED = {
    "bakchi": card(SIP, 1), "bak chi": card(SIP, 1), "百子": card(SIP, 1),
    "maugung": card(CHEN, 1), "mau gung": card(CHEN, 1), "毛公": card(CHEN, 1),
}
_DIGITS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_SUIT_LOOKUP = {alias: s for s, aliases in _SUIT_ALIASES.items() for alias in aliases}
_SUIT_PATTERN = "|".join(sorted(map(re.escape, _SUIT_LOOKUP), key=len, reverse=True))
_NUM_SUIT = re.compile(rf"^([1-9一二三四五六七八九])\s*({_SUIT_PATTERN})$")
_SUIT_NUM = re.compile(rf"^({_SUIT_PATTERN})\s*([1-9一二三四五六七八九])$")


def parse_card(token: object) -> Card:
    """A card from any of the sources' names, case-insensitive.

    ``9Sip``, ``9 sip``, ``Sup9``, ``9Gong``, ``4Sop``, ``1Ten``, ``九拾``, ``LiChen``,
    ``Leeten``, ``Bak Chi``, ``毛公`` ... Li Fa is named but refused: it is never dealt.
    """
    if not isinstance(token, str):
        raise UnknownCard(f"a card is written as text like '9Sip', not {token!r}")
    text = " ".join(token.strip().lower().split())
    if text in _LI_CHEN_ALIASES or text.replace(" ", "") in _LI_CHEN_ALIASES:
        return LI_CHEN
    if text in _LI_FA_ALIASES or text.replace(" ", "") in _LI_FA_ALIASES:
        raise UnknownCard(f"{token!r} is Li Fa, which is never dealt in Luk Fu")
    if text in _NAMED:
        return _NAMED[text]
    for pattern, num_first in ((_NUM_SUIT, True), (_SUIT_NUM, False)):
        match = pattern.match(text)
        if match:
            num_text, suit_text = match.groups() if num_first else match.groups()[::-1]
            number = _DIGITS.get(num_text) or int(num_text)
            return card(_SUIT_LOOKUP[suit_text], number)
    raise UnknownCard(
        f"unknown Luk Fu card {token!r}; cards are written like 9Sip, 5Gon, 3Sok, 1Chen, LiChen"
    )


def name(c: Card) -> str:
    """The canonical token: ``1Sip`` ... ``9Chen``, ``LiChen``."""
    if c == LI_CHEN:
        return "LiChen"
    if c == LI_FA:
        return "LiFa"
    return f"{number_of(c)}{SUIT_NAMES[suit_of(c)]}"


def hanzi(c: Card) -> str:
    """The Chinese name: ``九拾``, ``一綫``, ``麗綫``."""
    if c == LI_CHEN:
        return "麗綫"
    if c == LI_FA:
        return "麗花"
    return "一二三四五六七八九"[number_of(c) - 1] + SUIT_HANZI[suit_of(c)]


def spoken(c: Card) -> str:
    """A card as a sentence names it: ``9 Sip``, ``Li Chen``."""
    if c == LI_CHEN:
        return "Li Chen"
    return f"{number_of(c)} {SUIT_NAMES[suit_of(c)]}"


# ---------------------------------------------------------------- bitsets


#: ``mask(cards)``, ``cards_of(m)`` (ascending id order: 1 Sip first, Li Chen last) and
#: ``iter_cards(m)`` are the shared bitset helpers of :mod:`paiju.core.bitset`.
mask = mask_of
cards_of = members
iter_cards = iter_members


def count(m: int) -> int:
    """How many cards bitset ``m`` holds."""
    return m.bit_count()


SUIT_MASK: Final = tuple(((1 << 9) - 1) << (9 * s) for s in SUITS)


def above_in_suit(c: Card) -> int:
    """The bitset of the cards of ``c``'s suit numbered higher than ``c`` (empty for Li Chen)."""
    if c >= LI_CHEN:
        return 0
    return SUIT_MASK[suit_of(c)] & ~((1 << (c + 1)) - 1)


def sort_key(c: Card) -> tuple[int, int]:
    """Display order: by suit rank (Sip first), then number high to low; Li Chen last."""
    return (4, 0) if c >= LI_CHEN else (suit_of(c), -number_of(c))


def show(cards: Iterable[Card]) -> str:
    """Cards as canonical tokens, in display order."""
    return " ".join(name(c) for c in sorted(cards, key=sort_key))
