"""The rule-based player: each game's documented strategy, found through the game.

A strategy is the game's :meth:`~paiju.core.protocol.Game.strategy`, ``(view, rng) ->
action``, which reads only the seat's view. Each game's lives in its own folder
(``paiju/GAME/players/strategy.py``), so this package stays game-independent; each is described
there and in ``docs/strength.md``.
"""

from __future__ import annotations

from random import Random

from paiju.bots.base import legal_actions_of
from paiju.core.games import get_game
from paiju.core.protocol import Action, View


class HeuristicBot:
    """Plays each game by its documented rule-based strategy."""

    name = "heuristic"

    def choose(self, view: View, rng: Random) -> Action:
        actions = legal_actions_of(view)
        if len(actions) == 1:
            return actions[0]
        return get_game(view.game).strategy(view, rng)
