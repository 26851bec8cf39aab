"""The registry of games: the CLI, referee, bots and simulator find games only here.

Beside it, the defaults every command shares, so that ``play``, ``hand`` and ``simulate``
seat the same number of players and name the same preset when they are not told.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from importlib.metadata import entry_points
from typing import Any

from paiju.core.errors import MalformedRecord
from paiju.core.protocol import Game

#: A game of the registry, whatever its action type (each game's own is its ``Action``).
AnyGame = Game[Any, Any]

#: The environment variable naming games from outside the package, ``name=module`` pairs
#: separated by commas (``PAIJU_GAMES=tiny=tinygame``): a game in development, or the
#: test suite's toy game in a server it starts.
GAMES_VARIABLE = "PAIJU_GAMES"


def _named(spec: str) -> dict[str, str]:
    """``name=module,...`` as a mapping; refuses a pair without both halves."""
    out: dict[str, str] = {}
    for pair in filter(None, (p.strip() for p in spec.split(","))):
        name, eq, module = pair.partition("=")
        if not (eq and name.strip() and module.strip()):
            raise ValueError(f"{GAMES_VARIABLE} takes name=module pairs, not {pair!r}")
        out[name.strip().lower()] = module.strip()
    return out


def _registered() -> dict[str, str]:
    """paiju's games, then those of installed packages (the ``paiju.games`` entry points,
    each naming a module with ``GAME``), then those of :data:`GAMES_VARIABLE`."""
    found = {"lukfu": "paiju.lukfu.game", "daifugo": "paiju.daifugo.game"}
    for point in entry_points(group="paiju.games"):
        found.setdefault(point.name.lower(), point.value)
    found.update(_named(os.environ.get(GAMES_VARIABLE, "")))
    return found


#: Game name -> module that defines ``GAME``.
GAMES: dict[str, str] = _registered()

#: Players at the table when a command is not told: Luk Fu's three and a dreamer,
#: Dai Fugō's usual four. A game missing here seats its smallest count.
DEFAULT_PLAYERS: dict[str, int] = {
    "lukfu": 4,
    "daifugo": 4,
}

#: The preset ``paiju play`` deals when not told: the rules most people play by
#: (Dai Fugō's Japanese house rules, with revolution, Jack back and locks). Every other
#: command, and a game missing here, uses the game's first preset.
PLAY_PRESETS: dict[str, str] = {
    "lukfu": "hongkong",
    "daifugo": "popular",
}


def get_game(name: str) -> AnyGame:
    """The game called ``name`` (``lukfu`` or ``daifugo``)."""
    if not isinstance(name, str):
        raise MalformedRecord(f"a game is named by a string, not {name!r}")
    key = name.lower()
    if key not in GAMES:
        raise MalformedRecord(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    game: AnyGame = importlib.import_module(GAMES[key]).GAME
    return game


def default_players(game: AnyGame) -> int:
    """The number of players a command seats when not told."""
    return DEFAULT_PLAYERS.get(game.name, game.player_counts[0])


def default_preset(game: AnyGame, playing: bool = False) -> str:
    """The preset a command uses when not told (``playing``: the one ``paiju play`` deals)."""
    first = next(iter(game.options.presets))
    return PLAY_PRESETS.get(game.name, first) if playing else first


def counts_text(counts: Sequence[int]) -> str:
    """Player counts as a person says them: ``3 or 4``, ``3 to 8``."""
    items = sorted(counts)
    if len(items) > 2 and items == list(range(items[0], items[-1] + 1)):
        return f"{items[0]} to {items[-1]}"
    if len(items) == 1:
        return str(items[0])
    return ", ".join(map(str, items[:-1])) + f" or {items[-1]}"
