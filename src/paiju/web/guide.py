"""A guided hand: at each of a person's turns, what they may do and, for each card they
cannot use, why not, in every language, from the rules engine's own reasons
(docs/server.md, "A guided hand").

Every reason is the engine's answer for that seat's own hand at that moment (what the
table would answer if they tried), so a guide tells a seat nothing another seat's cards
would; the hidden-card tests read it with every other message.
"""

from __future__ import annotations

from typing import Any

from paiju.core.errors import PaijuError
from paiju.core.protocol import State
from paiju.table.present import presenter_for
from paiju.web import messages as msg

#: The most legal moves a guide spells out (Dai Fugō can offer dozens of combinations).
MOST = 40


def guide(ctx: msg.Context, state: State, seat: int, game: Any) -> dict[str, Any]:
    """The guide for ``seat``, whose turn it is: ``{"moves": [{"action", "text"}], "more",
    "barred": {card: {lang: reason}}}``; ``text`` and the reasons are by language."""
    view = state.view(seat)
    legal = list(view.legal_actions())
    moves: list[dict[str, Any]] = []
    usable: set[str] = set()
    for action in legal:
        data = action.to_json()
        usable.update(data.get("cards", ()))
        if len(moves) < MOST:
            moves.append({"action": data, "text": msg.describe(ctx, data, seat)})
    hand = view.to_json().get("hand") or []
    presenter = presenter_for(ctx.game)
    barred: dict[str, dict[str, str]] = {}
    for token in hand:
        if token in usable:
            continue
        try:
            tried = game.action_from_json(presenter.build("play", seat, [token], legal))
            why = state.why_illegal(tried)
        except PaijuError as err:
            why = str(err)
        if why:
            said = msg.refusal(ctx.game, why)
            barred[token] = dict(getattr(said, "text", None) or {"en": str(said)})
    return {"moves": moves, "more": max(0, len(legal) - MOST), "barred": barred}
