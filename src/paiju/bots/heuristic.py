"""The rule-based player: one documented strategy per game, chosen by the view's game.

A strategy is a function ``(view, rng) -> action`` that reads only the seat's view:
its ``to_json()``, its ``legal_actions()`` and what the game's view object exposes
publicly. Each game's strategy lives in its own folder (``paiju/GAME/strategy.py``),
so that this package stays game-independent, and is described there and in
``docs/strength.md``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from random import Random

from paiju.bots.base import legal_actions_of
from paiju.core.protocol import Action, View

Strategy = Callable[[View, Random], Action]

#: Game name -> ``module:function`` of its strategy (imported when first needed).
STRATEGIES: dict[str, str | Strategy] = {
    "lukfu": "paiju.lukfu.strategy:choose",
    "daifugo": "paiju.daifugo.strategy:choose",
}


def game_of(view: View) -> str:
    """The name of the game ``view`` belongs to."""
    module = type(view).__module__.split(".")
    if len(module) > 1 and module[0] == "paiju" and module[1] in STRATEGIES:
        return module[1]
    name = view.to_json().get("game")
    if not isinstance(name, str):
        raise ValueError(f"cannot tell which game a {type(view).__name__} belongs to")
    return name


def strategy(game: str) -> Strategy:
    """The heuristic strategy of ``game``."""
    entry = STRATEGIES.get(game)
    if entry is None:
        known = ", ".join(STRATEGIES)
        raise ValueError(f"there is no heuristic player for {game!r}; known: {known}")
    if isinstance(entry, str):
        module, _, name = entry.partition(":")
        loaded: Strategy = getattr(importlib.import_module(module), name)
        STRATEGIES[game] = loaded
        return loaded
    return entry


class HeuristicBot:
    """Plays each game by its documented rule-based strategy."""

    name = "heuristic"

    def choose(self, view: View, rng: Random) -> Action:
        actions = legal_actions_of(view)
        if len(actions) == 1:
            return actions[0]
        return strategy(game_of(view))(view, rng)
