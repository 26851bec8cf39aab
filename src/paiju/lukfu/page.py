"""Luk Fu for the browser table (:class:`paiju.core.page.PageDescription`): long cards
with the Chinese name written down the card over the token, the hand as the view lists
it, the four seats' roles, rounds of three plays on the felt and the payments at the
end (docs/lukfu.md)."""

from __future__ import annotations

from functools import cache

from paiju.core.page import Face, PageDescription
from paiju.lukfu.board import board, result
from paiju.lukfu.engine.cards import RED_CARDS, hanzi, name, pack


def face(c: int) -> Face:
    """Card ``c`` drawn: its Chinese name one character under another, and its token."""
    token = name(c)
    spaced = token[0] + " " + token[1:] if token[0].isdigit() else token
    return Face(parts=(("stack", hanzi(c)), ("name", spaced)), red=c in RED_CARDS,
                order=c, en=token, native=hanzi(c))


@cache
def page() -> PageDescription:
    """Luk Fu's description for the page."""
    return PageDescription(
        title="Luk Fu 六虎",
        native_lang="zh",
        moves=("five_tigers", "call", "play", "discard", "declare", "pass"),
        bare=("five_tigers", "call", "declare", "pass"), face_down=("discard",),
        card_shape="tall",
        board=board, result_of=result,
        deck={name(c): face(c) for c in pack(4)},
        learn_players=3,
        player_notes={4: "seatsDream"},
        red_word="redImprint",
        seats="roles",
        roles=("role.master", "role.second", "role.third", "role.dreamer"),
        card_seat=3, card_key="dreamer", card_caption="dreamCard",
        hand_caption="handRedAged",
        trick="rounds", round_size=3,
        result="payments",
    )
