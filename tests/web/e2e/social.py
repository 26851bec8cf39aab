"""Helpers of the meeting-place tests: the messages a page receives, and the cards in them."""

from __future__ import annotations

import json
from typing import Any

from test_web_messages import cards_in  # tests/web, the hidden-card search of the server tests


class Frames:
    """Every message a page receives over its WebSockets, and the addresses it opened."""

    def __init__(self, page: Any) -> None:
        self.received: list[dict[str, Any]] = []
        self.urls: list[str] = []
        page.on("websocket", self._opened)

    def _opened(self, ws: Any) -> None:
        self.urls.append(ws.url)
        ws.on("framereceived", self._frame)

    def _frame(self, payload: Any) -> None:
        try:
            message = json.loads(payload)
        except (TypeError, ValueError):
            return
        if isinstance(message, dict):
            self.received.append(message)

    def of(self, *kinds: str) -> list[dict[str, Any]]:
        return [m for m in self.received if m.get("type") in kinds]


def no_cards(game: str, messages: list[dict[str, Any]]) -> None:
    """None of ``messages`` (lobby lists, chat) names a card, in tokens or in words."""
    for message in messages:
        assert not cards_in(game, message), message


def guide_cards_known(game: str, states: list[dict[str, Any]]) -> int:
    """Each state's guide names no card its state does not show already (the seat's own hand,
    the table); returns how many guides were read."""
    read = 0
    for state in states:
        guide = state.get("guide")
        if guide is None:
            continue
        read += 1
        rest = {k: v for k, v in state.items() if k != "guide"}
        assert cards_in(game, {"guide": guide}) <= cards_in(game, rest), guide
    return read
