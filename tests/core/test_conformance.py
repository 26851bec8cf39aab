"""The games' conformance suite: every registered game and the toy game
(tests/bots/tinygame.py) through the same checks of the core protocol, as OpenSpiel runs
every game through its own.

From several seeds, for each preset and the fewest and most players, two hands of a
session are played at random to the end (the second opens with whatever passes between
hands, such as Dai Fugō's exchange). At every step:

- the mover's view lists the state's legal actions, and each reads back from its JSON;
- ``push`` then ``pop`` gives back the action and the state exactly (its record, report,
  mover, legal actions and every seat's view), and so does playing on a clone;
- an action the state refuses raises ``IllegalAction`` and changes nothing;
- each seat's view hides what it must: its JSON names no card another seat holds unless
  every sample of the view puts that card in that seat's hand (the seat knows it), and
  the seat's view of a sample of its view is its view (the view says nothing the sample
  redeals).

At the end of each hand: the payments sum to zero, the record survives a JSON round
trip and replays through the game to the same record, and the referee, given the record
as JSON, agrees with the engine on its legality, report, record and payments.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
import tinygame

from paiju.core.errors import IllegalAction
from paiju.core.games import GAMES, get_game
from paiju.core.protocol import Game, State
from paiju.core.referee import referee

SEEDS = (1, 2)
#: How many samples a view's hidden cards are checked against.
SAMPLES = 3
#: Views are checked for hidden cards at every this-many steps (and at the first).
VIEW_EVERY = 3


#: Whether a game's points are payments between the seats, which sum to zero: Luk Fu's
#: are (paiju/lukfu/engine/scoring.py), Dai Fugō's are points for the titles (docs/daifugo.md,
#: "Titles, points, sessions").
ZERO_SUM = {"lukfu": True, "daifugo": False, "tiny": True}


def _game(name: str) -> Game:
    game: Game = tinygame.GAME if name == "tiny" else get_game(name)
    return game


def _cases() -> Iterator[tuple[str, str, int]]:
    for name in [*sorted(GAMES), "tiny"]:
        game = _game(name)
        for preset in game.options.presets:
            for players in sorted({min(game.player_counts), max(game.player_counts)}):
                yield name, preset, players


CASES = list(_cases())


def _js(obj: Any) -> Any:
    """``obj`` through JSON and back (what a file or a socket would carry)."""
    return json.loads(json.dumps(obj))


def _snapshot(state: State) -> tuple[Any, ...]:
    return (state.record(), state.report(), state.to_move(),
            [a.to_json() for a in state.legal_actions()],
            [state.view(s).to_json() for s in range(state.num_seats)])


def _hand(state: State, seat: int) -> set[str]:
    """The cards ``seat`` holds, as its own view shows them."""
    return set(state.view(seat).to_json()["hand"])


def _words(obj: Any) -> Iterator[str]:
    """Every word of every string in a JSON value (keys included)."""
    if isinstance(obj, str):
        yield from obj.replace(",", " ").split()
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from _words(key)
            yield from _words(value)
    elif isinstance(obj, list):
        for item in obj:
            yield from _words(item)


def _check_hiding(state: State, seat: int, rng: random.Random) -> None:
    view = state.view(seat)
    samples = [view.sample(rng) for _ in range(SAMPLES)]
    _check_samples_agree(state, seat, samples)
    _check_named_cards(state, seat, samples)


def _check_samples_agree(state: State, seat: int, samples: list[State]) -> None:
    """The seat's view of each sample of its view is its view."""
    said = state.view(seat).to_json()
    for sample in samples:
        assert sample.view(seat).to_json() == said, "a view says what its samples redeal"


def _check_named_cards(state: State, seat: int, samples: list[State]) -> None:
    """The view names no card another seat holds unless every sample puts it there."""
    named = set(_words(state.view(seat).to_json()))
    for other in range(state.num_seats):
        if other == seat:
            continue
        for card in sorted(_hand(state, other) & named):
            assert all(card in _hand(sample, other) for sample in samples), (
                f"seat {seat}'s view names {card}, which seat {other} holds unseen")


def _check_step(game: Game, state: State, rng: random.Random, step: int) -> State:
    """The step's checks; returns the state with a random legal action played."""
    legal = state.legal_actions()
    mover = state.to_move()
    assert legal and mover is not None
    assert all(a.seat == mover for a in legal)
    in_view = state.view(mover).legal_actions()
    assert [a.to_json() for a in in_view] == [a.to_json() for a in legal]
    before = _snapshot(state)
    action = legal[rng.randrange(len(legal))]
    assert game.action_from_json(_js(action.to_json())) == action
    state.push(action)
    assert state.pop() == action
    assert _snapshot(state) == before
    other = state.clone()
    other.apply(action)
    assert _snapshot(state) == before
    if step % VIEW_EVERY == 0:
        for seat in range(state.num_seats):
            _check_hiding(state, seat, rng)
    state.apply(action)
    for stale in legal:  # what is now refused is refused whole
        if state.why_illegal(stale) is not None:
            now = _snapshot(state)
            with pytest.raises(IllegalAction):
                state.apply(stale)
            assert _snapshot(state) == now
            break
    return state


def _check_end(game: Game, state: State) -> None:
    result = state.result()
    assert len(result.points) == state.num_seats
    if ZERO_SUM[state.game]:
        assert sum(result.points) == pytest.approx(0.0), "the payments do not sum to zero"
    assert set(result.winners) <= set(range(state.num_seats))
    assert state.legal_actions() == [] or list(state.legal_actions()) == []
    record = _js(state.record())
    assert record == state.record()
    again = game.from_record(record)
    for obj in record["actions"]:
        again.apply(game.action_from_json(obj))
    assert again.is_terminal() and again.record() == state.record()
    assert again.result() == result
    ruling = referee(_js(record))
    assert ruling.report["legal"] and ruling.report["finished"]
    assert {k: v for k, v in ruling.report.items()
            if k not in ("legal", "illegal_at", "reason", "finished")} == state.report()
    assert ruling.state.record() == state.record()
    assert ruling.state.result().points == result.points


@pytest.mark.parametrize(("name", "preset", "players"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_conforms(name: str, preset: str, players: int, seed: int,
                              tiny_registered: None) -> None:
    game = _game(name)
    rng = random.Random(f"conformance/{name}/{preset}/{players}/{seed}")
    session = game.new_session(game.rules(preset), players, seed)
    for _ in range(2):
        state = session.deal()
        step = 0
        while not state.is_terminal():
            _check_step(game, state, rng, step)
            step += 1
        _check_end(game, state)
        with pytest.raises(IllegalAction):
            state.apply(game.action_from_json({"seat": 0, "do": "pass"}))
        session.finish(state)


def test_every_game_is_in_the_suite() -> None:
    assert {name for name, _, _ in CASES} == {*GAMES, "tiny"} == set(ZERO_SUM)


class _LeakyState(tinygame.TinyState):
    """A toy state whose views show the next seat's hand: a leak."""

    def view(self, seat: int) -> tinygame.TinyView:
        return _Leaky(self.hands[(seat + 1) % self.num_seats], super().view(seat))


class _Leaky:
    """A toy view that shows another hand (and deals samples that leak alike)."""

    def __init__(self, shown: list[str], plain: tinygame.TinyView) -> None:
        self.shown, self.plain = shown, plain

    def to_json(self) -> dict[str, Any]:
        return {**self.plain.to_json(), "peek": " ".join(self.shown)}

    def sample(self, rng: random.Random) -> State:
        sample = self.plain.sample(rng)
        leaky = _LeakyState(sample.rules, sample.deal_hands, sample.kitty)
        leaky.hands = sample.hands
        return leaky


class _Forgetful(tinygame.TinyState):
    """A toy state whose pop forgets to give the turn back."""

    def pop(self) -> tinygame.Move:
        turn = self.turn
        action = super().pop()
        self.turn = turn
        return action


def _toy(kind: type[tinygame.TinyState]) -> tinygame.TinyState:
    plain = tinygame.GAME.new_hand(tinygame.GAME.rules(), 3, random.Random(5))
    state = kind(plain.rules, plain.deal_hands, plain.kitty)
    return state


def test_the_checks_catch_a_view_that_shows_another_hand() -> None:
    leaky, rng = _toy(_LeakyState), random.Random(1)
    samples = [leaky.view(0).sample(rng) for _ in range(SAMPLES)]
    with pytest.raises(AssertionError, match="samples redeal"):
        _check_samples_agree(leaky, 0, samples)
    with pytest.raises(AssertionError, match="holds unseen"):
        _check_named_cards(leaky, 0, samples)
    _check_hiding(_toy(tinygame.TinyState), 0, rng)


def test_the_checks_catch_a_pop_that_does_not_restore() -> None:
    with pytest.raises(AssertionError):
        _check_step(tinygame.GAME, _toy(_Forgetful), random.Random(1), 1)
    _check_step(tinygame.GAME, _toy(tinygame.TinyState), random.Random(1), 1)
