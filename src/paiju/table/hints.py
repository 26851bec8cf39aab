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
    """The strongest player's suggestion, and why: its search statistics in words.

    ``reasons`` has one line per candidate the search weighed, best first: its expected
    points (or finishing place) with a 95% interval and its number of play-outs.
    ``kept`` says, when the search kept the heuristic's move although another had the
    better mean, that the difference was within the noise.
    """

    action: dict[str, Any]
    text: str
    reasons: tuple[str, ...]
    kept: str = ""


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
    chosen = str(choice.to_json())
    ranked = sorted(
        (key for key in stats.root_visits if key in by_key),
        key=lambda key: (key == chosen, stats.root_means.get(key, -math.inf),
                         stats.root_visits[key]),
        reverse=True,
    )
    worth = _Worth(bot.reward == "place", len(names))

    def words(key: str) -> str:
        text = presenter.describe(by_key[key].to_json(), view.seat, names, native)
        return text.removeprefix(names[view.seat] + " ")

    reasons = []
    for key in ranked[:4]:
        mean = stats.root_means.get(key)
        visits = stats.root_visits[key]
        shown = "not tried" if mean is None else worth.say(mean, stats.interval(key))
        reasons.append(f"{words(key)}: {shown}, {visits:,} play-out{'s' * (visits != 1)}")
    kept = ""
    if stats.kept is not None and stats.kept.challenger in by_key:
        k = stats.kept
        kept = (f"kept: {words(k.challenger)} did {worth.amount(k.difference)} better on "
                f"average, but the difference is within the noise (±"
                f"{worth.amount(k.noise)}) of {k.samples:,} paired play-outs")
    best = choice.to_json()
    text = presenter.describe(best, view.seat, names, native)
    return Hint(best, text, tuple(reasons), kept)


@dataclass(frozen=True)
class _Worth:
    """A search reward in a player's terms: points, or the finishing place."""

    place: bool
    players: int

    def amount(self, reward: float) -> str:
        """A difference of rewards: points, or places."""
        if self.place:
            return f"{abs(reward) * (self.players - 1):.2f} places"
        return f"{abs(reward):.2f} points"

    def say(self, mean: float, half: float) -> str:
        """A mean reward with its 95% interval."""
        if self.place:
            place = 1 + (1 - mean) * (self.players - 1)
            width = half * (self.players - 1)
            return f"expected place {place:.1f}{_pm(width, 1)} of {self.players}"
        return f"expected {mean:+.2f}{_pm(half, 2)} points"


def _pm(half: float, digits: int) -> str:
    """`` ± w`` for a 95% interval's half-width, or nothing when it is unknown."""
    return "" if math.isinf(half) else f" ± {half:.{digits}f}"
