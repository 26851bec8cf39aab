"""No feature and no label of the training pipeline is built from another seat's cards.

By construction: an example is made from a seat's view alone (``paiju.train.data.example``).
The proof is by resampling, as for the players (tests/bots/test_bots_hidden.py): the
hidden cards are dealt again from the view, and every example (the features of every
legal action and the teacher's label, with the same random numbers) must stay the same.
An encoder that is handed the full state, and reads another seat's hand from it, is
caught by the same check.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any

import pytest
from test_bots_hidden import _other_hands, decision_points

from paiju.bots.base import make_bot
from paiju.core.games import get_game
from paiju.core.protocol import Action, PolicyEncoder, State, View
from paiju.train.data import example

EncoderOf = Callable[[State], PolicyEncoder]


def check_examples_blind(state: State, encoder_of: EncoderOf, teacher: Any,
                         samples: int = 3) -> int:
    """Assert the seat to move's example survives resampling; count changed deals.

    ``encoder_of(state)`` is the encoder used on the view of ``state`` (the game's own,
    which never sees the state; a leaky one in the test that the check catches leaks)."""
    seat = state.to_move()
    assert seat is not None
    truth = _other_hands(state, seat)
    before = example(encoder_of(state), state.view(seat), teacher, Random(7))
    changed = 0
    for k in range(samples):
        other = state.view(seat).sample(Random(k))
        changed += _other_hands(other, seat) != truth
        got = example(encoder_of(other), other.view(seat), teacher, Random(7))
        assert got == before, "an example read hidden cards"
    return changed


@pytest.mark.parametrize(
    ("game", "preset", "players"),
    [("lukfu", "hongkong", 4), ("lukfu", "sung", 4), ("daifugo", "pagat", 4),
     ("daifugo", "uecda", 5)],
)
def test_examples_are_built_from_the_view_alone(game: str, preset: str, players: int) -> None:
    encoder = get_game(game).policy_encoder
    teachers = [make_bot("heuristic"), make_bot("ismcts:iters=6")]
    changed = total = 0
    for index, state in enumerate(decision_points(game, preset, players, hands=3, every=4)):
        changed += check_examples_blind(state, lambda s: encoder, teachers[index % 2])
        total += 3
    assert total >= 9
    assert changed > 0, "resampling must actually move the hidden cards"


class _PeekingEncoder:
    """Features that (wrongly) mark each action with how many low cards the next seat
    holds: an encoder handed the state, that reads another seat's hand."""

    def __init__(self, inner: PolicyEncoder, state: State) -> None:
        self.inner, self.state = inner, state
        self.version, self.size = inner.version, inner.size

    def encode(self, view: View, actions: Sequence[Action]) -> list[list[int]]:
        nxt = self.state.view((view.seat + 1) % 3).to_json().get("hand") or []
        peek = sum(1 for card in nxt if card[0] in "1234")
        return [[*f, peek] for f in self.inner.encode(view, actions)]


@pytest.mark.parametrize(("game", "preset", "players"),
                         [("lukfu", "gloucester", 3), ("daifugo", "pagat", 4)])
def test_the_check_catches_an_encoder_that_peeks(game: str, preset: str, players: int) -> None:
    inner = get_game(game).policy_encoder
    caught = 0
    for state in decision_points(game, preset, players, hands=3, every=3):
        try:
            check_examples_blind(state, lambda s: _PeekingEncoder(inner, s),
                                 make_bot("heuristic"))
        except AssertionError:
            caught += 1
    assert caught > 0
