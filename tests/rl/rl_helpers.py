"""Helpers of the research-interface tests: every preset, and decisions seen in play."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

from paiju.core.games import get_game

#: Dai Fugō's double deck (docs/daifugo.md, "The double deck"): ``popular`` with two packs
#: and four jokers, as a rules spec (a preset and overrides) every env takes as its rules.
TWO_PACKS: dict[str, Any] = {"preset": "popular", "options": {"decks": 2, "jokers": 4}}

#: (game, preset, players) of every preset, at the player counts the tests deal, and the
#: double deck.
PRESETS: list[tuple[str, Any, int]] = [
    ("lukfu", "hongkong", 4), ("lukfu", "gloucester", 3), ("lukfu", "sung", 3),
    ("lukfu", "sung", 4),
    ("daifugo", "pagat", 4), ("daifugo", "uecda", 5), ("daifugo", "popular", 3),
    ("daifugo", TWO_PACKS, 5),
]


def label(preset: Any) -> str:
    """A preset's name in test ids: ``popular``, or ``popular2`` for its double deck."""
    if isinstance(preset, str):
        return preset
    return preset["preset"] + str(preset["options"].get("decks", ""))


IDS = [f"{g}-{label(p)}-{n}" for g, p, n in PRESETS]


def spiel_params(preset: Any) -> str:
    """A preset as an OpenSpiel game string's parameters: ``rules=popular``, and its
    overrides as ``options=decks:2;jokers:4``."""
    if isinstance(preset, str):
        return f"rules={preset}"
    options = ";".join(f"{k}:{v}" for k, v in preset["options"].items())
    return f"rules={preset['preset']},options={options}"


def decisions(game: str, preset: Any, players: int, hands: int,
              seed: int) -> Iterator[tuple[Any, Any]]:
    """``(state, seat)`` before every decision of random play in a session of ``hands``."""
    g = get_game(game)
    rng = Random(seed)
    session = g.new_session(g.rules(preset), players, seed)
    for _ in range(hands):
        state = session.deal()
        while not state.is_terminal():
            yield state, state.to_move()
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        session.finish(state)
