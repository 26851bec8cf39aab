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
from test_bots_hidden import _LeakyView, _other_hands, decision_points

from paiju.bots.base import make_bot
from paiju.core.games import get_game
from paiju.core.protocol import Action, PolicyEncoder, State, View
from paiju.train import data
from paiju.train.data import Example, example

EncoderOf = Callable[[State], PolicyEncoder]

#: The teachers and behaviour players of ``paiju train``: the rule-based player, the
#: search, the search guided by the learned policy (its prior, its play-outs), the
#: halving search (Dai Fugō's teacher, with either prior) and the learned policy.
TEACHERS = ("heuristic", "ismcts:iters=6", "ismcts:iters=6:prior=learned",
            "ismcts:iters=6:rollout=learned",
            "ismcts:iters=6:root=halving:tree=root:rollout=heuristic:prior=heuristic:reward=place",
            "ismcts:iters=6:root=halving:tree=root:rollout=heuristic:prior=learned:reward=place",
            "learned:temp=1")


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
    teachers = [make_bot(spec) for spec in TEACHERS]
    changed = total = 0
    for index, state in enumerate(decision_points(game, preset, players, hands=3, every=4)):
        changed += check_examples_blind(state, lambda s: encoder,
                                        teachers[index % len(teachers)])
        total += 3
    assert total >= 3 * len(teachers)
    assert changed > 0, "resampling must actually move the hidden cards"


class _BlindnessCheck:
    """Stands in for :func:`paiju.train.data.example` inside the real pipeline: each call
    is checked as :func:`check_examples_blind` checks a state, from the view it is given
    (the hidden cards dealt again twice by ``view.sample``), then made as the pipeline
    makes it."""

    def __init__(self) -> None:
        self.calls = self.changed = 0

    def __call__(self, encoder: PolicyEncoder, view: View, teacher: Any,
                 rng: Random) -> Example | None:
        self.calls += 1
        state_rng = Random()
        state_rng.setstate(rng.getstate())
        before = example(encoder, view, teacher, state_rng)
        deals = []
        for k in range(2):
            other = view.sample(Random(k))
            deals.append(_other_hands(other, view.seat))
            again = Random()
            again.setstate(rng.getstate())
            got = example(encoder, other.view(view.seat), teacher, again)
            assert got == before, "a training example read hidden cards"
        self.changed += deals[0] != deals[1]  # the two deals hide different cards
        return example(encoder, view, teacher, rng)


@pytest.mark.parametrize(("game", "table", "teacher"), [
    ("lukfu", "gloucester:3", "ismcts:iters=6:prior=learned"),
    ("lukfu", "sung:4", "ismcts:iters=6:rollout=learned"),
    ("daifugo", "uecda:5", "ismcts:iters=6:root=halving:tree=root:rollout=heuristic"
                           ":prior=heuristic:reward=place"),
])
def test_the_training_pipeline_labels_from_views_alone(monkeypatch: pytest.MonkeyPatch,
                                                        game: str, table: str,
                                                        teacher: str) -> None:
    """Every example ``paiju train``'s sessions make (behaviour ``learned``, as in the rounds
    after the first) is the same when the hidden cards are dealt again from its view."""
    check = _BlindnessCheck()
    monkeypatch.setattr(data, "example", check)
    made = data.session_examples(game, data.parse_table(table), hands=2, seed=5,
                                 behaviour=[make_bot("learned")], teacher=make_bot(teacher),
                                 rate=0.3)
    assert made and len(made) == check.calls
    assert check.changed > 0, "resampling must actually move the hidden cards"


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


class _PeekingTeacher:
    """Picks by how many cards the next seat holds, when the view it is handed carries
    the state (a leak); its first action otherwise."""

    name = "peeking"

    def choose(self, view: Any, rng: Random) -> Action:
        actions = list(view.legal_actions())
        state = getattr(view, "state", None)
        if state is None:
            return actions[0]
        nxt = state.view((view.seat + 1) % state.num_seats).to_json().get("hand") or []
        return actions[(1 + sum(1 for card in nxt if card[0] in "1234")) % len(actions)]


class _LeakingGame:
    """A game whose dealt states hand out views that carry the state (as a pipeline that
    leaked would), its encoder reading the view inside."""

    def __init__(self, game: Any) -> None:
        self.game = game
        inner = game.policy_encoder
        self.policy_encoder = _Unwrapping(inner)

    def rules(self, preset: str) -> Any:
        return self.game.rules(preset)

    def new_session(self, *args: Any) -> Any:
        session = self.game.new_session(*args)
        return _Proxy(session, deal=lambda: _Proxy(
            dealt := session.deal(), view=lambda seat: _LeakyView(dealt.view(seat), dealt)))


class _Unwrapping:
    def __init__(self, inner: PolicyEncoder) -> None:
        self.inner, self.version, self.size = inner, inner.version, inner.size

    def encode(self, view: Any, actions: Sequence[Action]) -> list[list[int]]:
        return self.inner.encode(getattr(view, "_view", view), actions)


class _Proxy:
    """An object with some attributes replaced."""

    def __init__(self, inner: Any, **replaced: Any) -> None:
        self._inner, self._replaced = inner, replaced

    def __getattr__(self, name: str) -> Any:
        return self._replaced[name] if name in self._replaced else getattr(self._inner, name)


def test_the_pipeline_check_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were the pipeline to hand its teacher more than the view, the check above fails."""
    game = data.get_game("lukfu")
    monkeypatch.setattr(data, "example", _BlindnessCheck())
    monkeypatch.setattr(data, "get_game", lambda name: _LeakingGame(game))
    with pytest.raises(AssertionError, match="read hidden cards"):
        data.session_examples("lukfu", data.parse_table("gloucester:3"), hands=2, seed=5,
                              behaviour=[make_bot("heuristic")], teacher=_PeekingTeacher(),
                              rate=1.0)
