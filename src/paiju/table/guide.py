"""A guided turn: what a seat may do now and, for each card of its hand that no legal move
uses, why not, from the rules engine's own reasons. The browser (:mod:`paiju.web.guide`)
and the terminal (``paiju learn``) both ask this and say it in their reader's language.

Every reason is the engine's answer for that seat's own hand at that moment (what the
table would answer if it tried), so a guide tells a seat nothing another seat's cards
would.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from paiju.core.errors import PaijuError
from paiju.core.jsontypes import json_strs
from paiju.core.protocol import State
from paiju.table.present import presenter_for

#: The most legal moves a guide spells out (Dai Fugō can offer dozens of combinations).
MOST = 40


@dataclass
class Turn:
    """One guided turn: the legal moves (as JSON, the first :data:`MOST`), how many more
    there are, and each barred card's token with the engine's reason (English)."""

    moves: list[dict[str, Any]] = field(default_factory=list)
    more: int = 0
    barred: dict[str, str] = field(default_factory=dict)


def guided_turn(state: State, seat: int, game: Any, game_name: str) -> Turn:
    """The guide of ``seat``, whose turn it is, in ``state`` of ``game`` (its
    ``action_from_json`` builds a probe of each barred card played alone)."""
    view = state.view(seat)
    legal = list(view.legal_actions())
    turn = Turn(more=max(0, len(legal) - MOST))
    usable: set[str] = set()
    for action in legal:
        data = action.to_json()
        usable.update(json_strs(data.get("cards", [])))
        if len(turn.moves) < MOST:
            turn.moves.append(data)
    presenter = presenter_for(game_name)
    for token in json_strs(view.to_json().get("hand") or []):
        if token in usable or token in turn.barred:
            continue
        try:
            tried = game.action_from_json(presenter.build("play", seat, [token], legal))
            why = state.why_illegal(tried)
        except PaijuError as err:
            why = str(err)
        if why:
            turn.barred[token] = why
    return turn
