"""The tiny climbing game for the browser table (:class:`paiju.core.page.PageDescription`):
short cards, rank over suit letter, the hand weakest first, the play to beat on the felt
and each seat's points at the end."""

from __future__ import annotations

from functools import cache

from paiju.core.page import Face, PageDescription

from . import DECK


def face(token: str) -> Face:
    """A card drawn: its rank over its suit's letter (suit ``a`` in red); the deck is
    listed weakest first, so a card's place in it is its order."""
    return Face(parts=(("rank", token[0]), ("suit", token[1])), red=token[1] == "a",
                order=DECK.index(token), en=token, native=token)


@cache
def page() -> PageDescription:
    """The tiny game's description for the page."""
    return PageDescription(
        title="Tiny climbing", native_lang="en", moves=("play", "pass"), card_shape="short",
        deck={token: face(token) for token in DECK}, hand_order="strength",
        hand_caption="handNormal", trick="table", to_beat="top",
        result="points",
    )
