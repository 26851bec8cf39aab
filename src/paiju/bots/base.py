"""The player protocol and the registry of players."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Protocol

from paiju.core.protocol import Action, View


class Bot(Protocol):
    """A computer player: given a seat's view, choose one of its legal actions."""

    name: str

    def choose(self, view: View, rng: Random) -> Action: ...


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, view: View, rng: Random) -> Action:
        actions = view.legal_actions()
        if not actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        return actions[rng.randrange(len(actions))]


#: Player name -> factory.
BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot}


def make_bot(name: str) -> Bot:
    """The player called ``name``."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown player {name!r}; known: {', '.join(BOTS)}") from None
