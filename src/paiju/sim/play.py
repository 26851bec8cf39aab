"""Play hands between players through the core protocol only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random

from paiju.bots.base import Bot
from paiju.core.protocol import Action, Result, State


def play_hand(
    state: State,
    bots: Sequence[Bot],
    rng: Random,
    on_action: Callable[[State, Action], None] | None = None,
) -> Result:
    """Play ``state`` to the end, each seat's decision made by ``bots[seat]`` from its view."""
    while True:
        seat = state.to_move()
        if seat is None:
            return state.result()
        action = bots[seat].choose(state.view(seat), rng)
        if on_action is not None:
            on_action(state, action)
        state.apply(action)
