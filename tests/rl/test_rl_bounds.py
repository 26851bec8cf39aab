"""The utility bounds OpenSpiel is told come from the rules in force: every hand of random
play scores within them, and Dai Fugō's are met (its scoring pays by place)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import pyspiel
from rl_helpers import spiel_params

import paiju.rl.openspiel  # noqa: F401  (registers the games)
from paiju.core.games import get_game


def _hand_points(game: str, rules: Any, players: int, hands: int, seed: int
                 ) -> list[list[float]]:
    g = get_game(game)
    rng = Random(seed)
    session = g.new_session(g.rules(rules), players, seed)
    out = []
    for _ in range(hands):
        state = session.deal()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        out.append([float(p) for p in state.result().points])
        session.finish(state)
    return out


def test_every_hand_scores_within_the_bounds(preset: tuple[str, Any, int]) -> None:
    game, rules, players = preset
    spiel = pyspiel.load_game(f"python_paiju_{game}({spiel_params(rules)},players={players})")
    low, high = spiel.min_utility(), spiel.max_utility()
    points = _hand_points(game, rules, players, 30, 3)
    assert all(low <= p <= high for hand in points for p in hand)
    if game == "daifugo":  # every hand gives the best and the worst place's points
        assert all(min(h) == low and max(h) == high for h in points)


@pytest.mark.parametrize("name,low,high", [
    ("python_paiju_daifugo(rules=pagat,players=4)", 0, 1),  # one point to the first out
    ("python_paiju_daifugo(rules=uecda,players=5)", 1, 5),  # 5 for first .. 1 for last
    ("python_paiju_daifugo(rules=pagat,players=5)", 0, 2),  # 2 to the daifugo, 1 the fugo
    # the poor pay the rich: four players are fugo, two heimin, hinmin
    ("python_paiju_daifugo(rules=popular,options=scoring:payments,players=4)", -1, 1),
    # a doubled twelve-trick win 128, the dreamer's four matches 8 (nine tricks), liable x2
    ("python_paiju_lukfu(rules=hongkong,players=4)", -272, 256),
    ("python_paiju_lukfu(rules=hongkong,players=3)", -256, 256),  # no dreamer
    # Sung: twelve tricks with all eight reds 30, the dreamer a point a match (Li Chen no 1)
    ("python_paiju_lukfu(rules=sung,players=4)", -66, 60),
])
def test_the_bounds_are_the_rules_own(name: str, low: int, high: int) -> None:
    game = pyspiel.load_game(name)
    assert (game.min_utility(), game.max_utility()) == (low, high)
