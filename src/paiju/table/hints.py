"""Hints: the strongest player's suggestion for a seat, with its search statistics.

The terminal and the browser ask :func:`search_hint` with the seat's view only, so a
hint can never draw on a card that seat does not know.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from paiju.core.errors import PaijuError
from paiju.core.protocol import View
from paiju.table.present import Presenter

#: The hint's search: ISMCTS, the strongest, with a time budget (seconds).
HINT_SECONDS = 2.0
#: ... and at most this many iterations.
HINT_ITERATIONS = 3000
#: The search settings of the hint per game, where they differ from ISMCTS's defaults:
#: for Dai Fugō, the ladder's halving search (docs/strength.md), which beats the heuristic.
HINT_SEARCH: dict[str, dict[str, Any]] = {
    "daifugo": {"rollout": "heuristic", "prior": "heuristic", "reward": "place",
                "root": "halving", "tree": "root"},
}


@dataclass(frozen=True)
class Hint:
    """The strongest player's suggestion, and why: its search statistics."""

    action: dict[str, Any]
    text: str
    reasons: tuple[str, ...]


def search_hint(
    view: View, game: str, presenter: Presenter, names: Sequence[str], native: bool,
    rng: Random, seconds: float | None = HINT_SECONDS,
    iterations: int | None = HINT_ITERATIONS,
) -> Hint:
    """Ask the search for the best action from ``view``; pure, may run in a worker thread."""
    from paiju.bots.ismcts import ISMCTSBot

    legal = list(view.legal_actions())
    if not legal:
        raise PaijuError("it is not your turn")
    if len(legal) == 1:
        only = legal[0].to_json()
        text = presenter.describe(only, view.seat, names, native)
        return Hint(only, text, ("it is the only legal action",))
    bot = ISMCTSBot(iterations=iterations, seconds=seconds, **HINT_SEARCH.get(game, {}))
    choice = bot.choose(view, rng)
    stats = bot.last
    by_key = {str(a.to_json()): a for a in legal}
    ranked = sorted(
        ((visits, stats.root_means.get(key, -math.inf), by_key[key])
         for key, visits in stats.root_visits.items() if key in by_key),
        key=lambda item: (item[2] == choice, item[0], item[1]), reverse=True,
    )
    total = sum(v for v, _, _ in ranked) or 1
    reasons = []
    for visits, mean, action in ranked[:3]:
        words = presenter.describe(action.to_json(), view.seat, names, native)
        words = words.removeprefix(names[view.seat] + " ")
        worth = (f"finishing-place score {mean:.2f} on average (1 = first out)"
                 if bot.reward == "place" else f"{mean:+.2f} points on average")
        reasons.append(f"{words}: {100 * visits / total:.0f}% of {total} searches, {worth}")
    best = choice.to_json()
    text = presenter.describe(best, view.seat, names, native)
    return Hint(best, text, tuple(reasons))
