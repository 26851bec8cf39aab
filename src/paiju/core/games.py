"""The registry of games: the CLI, referee, bots and simulator find games only here."""

from __future__ import annotations

import importlib

from paiju.core.errors import MalformedRecord
from paiju.core.protocol import Game

#: Game name -> module that defines ``GAME``.
GAMES: dict[str, str] = {
    "lukfu": "paiju.lukfu.game",
    "daifugo": "paiju.daifugo.game",
}


def get_game(name: str) -> Game:
    """The game called ``name`` (``lukfu`` or ``daifugo``)."""
    key = name.lower() if isinstance(name, str) else name
    if key not in GAMES:
        raise MalformedRecord(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    game: Game = importlib.import_module(GAMES[key]).GAME
    return game
