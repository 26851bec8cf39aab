"""Dai Fugō for the browser table (:class:`paiju.core.page.PageDescription`): short
playing cards, rank over suit, the hand weakest first in the ranking in force (turned
round by a revolution or a Jack back), the titles carried from the last hand, the play
to beat on the felt, the exchange of cards after a hand and the places at the end
(docs/daifugo.md)."""

from __future__ import annotations

from functools import cache

from paiju.core.page import Face, PageDescription
from paiju.daifugo.board import board, result
from paiju.daifugo.engine.cards import (
    COPY,
    DIAMONDS,
    HEARTS,
    JOKER1,
    NUM_RANKS,
    RANK_NAMES,
    SUIT_SYMBOLS,
    SUITED,
    identity,
    is_joker,
    rank_of,
    suit_of,
    token,
)
from paiju.daifugo.engine.rulebook import DAIFUGO, DAIHINMIN, FUGO, HEIMIN, HINMIN

#: Each title's phrase, richest first.
TITLES = {DAIFUGO: "title.richest", FUGO: "title.rich", HEIMIN: "title.commoner",
          HINMIN: "title.poor", DAIHINMIN: "title.poorest"}


def face(c: int) -> Face:
    """Card ``c`` drawn: its rank over its suit (a joker: JK over a star); a second
    pack's copy as the card itself."""
    c = identity(c)
    if is_joker(c):
        return Face(parts=(("rank", "JK"), ("suit", "★")), red=False, order=4 * NUM_RANKS,
                    en="JK", native="JK", style="joker")
    rank, suit = RANK_NAMES[rank_of(c)], SUIT_SYMBOLS[suit_of(c)]
    turned = (NUM_RANKS - 1 - rank_of(c)) * 4 + suit_of(c)
    return Face(parts=(("rank", rank), ("suit", suit)), red=suit_of(c) in (HEARTS, DIAMONDS),
                order=c, turned=turned, en=rank + suit, native=suit + rank,
                inner=f"={rank}{suit}")


@cache
def page() -> PageDescription:
    """Dai Fugō's description for the page."""
    # the second pack's copies too (``7S'``: docs/daifugo.md, "The double deck")
    cards = [*range(SUITED.bit_length()), JOKER1, *range(COPY, COPY + SUITED.bit_length())]
    return PageDescription(
        title="Dai Fugō 大富豪",
        native_lang="ja",
        moves=("ask", "give", "play", "seven_pass", "discard", "pass"),
        move_words={"discard": "discard.tens"},
        card_shape="short",
        board=board, result_of=result,
        deck={token(c): face(c) for c in cards},
        hand_order="strength", turned_by=("revolution", "jack_back"),
        ranking=("orderNormal", "orderReversed"),
        flags=(("revolution", "revolution", ""), ("revolution_pending", "revolutionPending", ""),
               ("jack_back", "jackBack", ""), ("lock", "lockedTo", ""),
               ("direction", "anticlockwise", "clockwise")),
        seats="titles",
        hand_caption="handNormal",
        trick="table",
        result="places",
        titles=TITLES,
        exchange=((DAIFUGO, DAIHINMIN, 2), (FUGO, HINMIN, 1)), ask_option="card_request",
        face_down=("give", "seven_pass", "discard"),
    )
