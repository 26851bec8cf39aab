"""The tiny climbing game for the browser table (:class:`paiju.core.page.PageDescription`):
short cards, rank over suit letter, the hand weakest first, the play to beat on the felt
and each seat's points at the end."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from paiju.core.page import (
    Board,
    Face,
    PageDescription,
    ResultTable,
    ViewJson,
    badge,
    plays,
    to_beat,
)

from . import DECK


def face(token: str) -> Face:
    """A card drawn: its rank over its suit's letter (suit ``a`` in red); the deck is
    listed weakest first, so a card's place in it is its order."""
    return Face(parts=(("rank", token[0]), ("suit", token[1])), red=token[1] == "a",
                order=DECK.index(token), en=token, native=token)


def board(view: ViewJson) -> Board:
    """The layouts' part of a state message: each seat's cards, and the play on top of the
    table with what followed it."""
    history = view.get("actions") or []
    shown, since = to_beat(history, view.get("top") or [])
    return {"hand": list(view.get("hand") or []), "history": plays(history), "phase": "",
            "over": view.get("to_move") is None, "exchange": False, "turned": False,
            "flags": [], "seats": [badge(cards=n) for n in view.get("counts") or []],
            "felt": {"plays": shown, "since": since, "head": None}, "card": None, "known": []}


def result(report: Mapping[str, Any]) -> ResultTable:
    """The end of the hand: each seat's points."""
    return {"scores": report.get("points"), "places": None}


@cache
def page() -> PageDescription:
    """The tiny game's description for the page."""
    return PageDescription(
        title="Tiny climbing", native_lang="en", moves=("play", "pass"), card_shape="short",
        deck={token: face(token) for token in DECK}, board=board, result_of=result,
        hand_order="strength",
        hand_caption="handNormal", trick="table",
        result="points",
    )
