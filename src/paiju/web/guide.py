"""A guided hand in the browser: at each of a person's turns, what they may do and, for
each card they cannot use, why not, in every language (docs/server.md, "A guided hand").

The reasons are the rules engine's, found by :func:`paiju.table.guide.guided_turn` (shared
with the terminal's ``paiju learn``); this module says them in every language. Each is
the engine's answer for that seat's own hand, so a guide tells a seat nothing another
seat's cards would; the hidden-card tests read it with every other message.
"""

from __future__ import annotations

from typing import Any

from paiju.core.protocol import State
from paiju.table.guide import MOST as MOST
from paiju.table.guide import guided_turn
from paiju.web import messages as msg


def guide(ctx: msg.Context, state: State, seat: int, game: Any) -> dict[str, Any]:
    """The guide for ``seat``, whose turn it is: ``{"moves": [{"action", "text"}], "more",
    "barred": {card: {lang: reason}}}``; ``text`` and the reasons are by language."""
    turn = guided_turn(state, seat, game, ctx.game)
    moves = [{"action": data, "text": msg.describe(ctx, data, seat)} for data in turn.moves]
    barred: dict[str, dict[str, str]] = {}
    for token, why in turn.barred.items():
        said = msg.refusal(ctx.game, why)
        barred[token] = dict(getattr(said, "text", None) or {"en": str(said)})
    return {"moves": moves, "more": turn.more, "barred": barred}
