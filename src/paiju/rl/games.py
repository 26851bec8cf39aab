"""The games the research envs hold: each found in the registry, and its part of them
asked of it (``Game.research``, :class:`paiju.core.protocol.Research`)."""

from __future__ import annotations

import unicodedata
from typing import Any

from paiju.core.errors import MalformedRecord
from paiju.core.games import GAMES, AnyGame, get_game
from paiju.core.protocol import Research, Researched


def game_named(name: str) -> AnyGame:
    """The registry's game ``name``; ``ValueError`` naming an unknown one."""
    try:
        return get_game(name)
    except MalformedRecord as err:
        raise ValueError(str(err)) from None


def research_of(game: AnyGame) -> Research[Any, Any]:
    """The game's part of the research envs; ``ValueError`` naming the game if it has none."""
    if not isinstance(game, Researched):
        raise ValueError(f"{game.title} ({game.name}) offers no research interface: the "
                         "research envs need its Game.research (docs/rl.md, \"A game's part\")")
    research: Research[Any, Any] = game.research
    return research


def researched() -> list[AnyGame]:
    """The registry's games that offer a research interface, in the registry's order."""
    return [g for g in map(get_game, GAMES) if isinstance(g, Researched)]


def default_game() -> str:
    """The game an env holds when not told: the registry's first with a research interface."""
    return researched()[0].name


def plain_title(game: AnyGame) -> str:
    """The game's title in plain letters, without the part in brackets: ``Tiny climbing``,
    ``Ecarte`` for ``Écarté (エカルテ)`` (OpenSpiel's long name, the Gymnasium id, the
    bench's labels)."""
    title = game.title.split(" (")[0]
    return unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().strip()
