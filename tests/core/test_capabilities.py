"""A game's capabilities beyond the protocol are runtime-checkable protocols
(core/protocol.py), tested with isinstance, never found by looking a name up; and one
undo contract holds for every game: ``pop`` returns the action it took back."""

import ast
import random
from pathlib import Path
from typing import Any

import pytest
import tinygame

from paiju.bots.base import BarsCards, make_bot
from paiju.core.games import GAMES, get_game
from paiju.core.protocol import (
    DealsAround,
    PlaysOut,
    Rewinds,
    ShowsHand,
    Undoes,
    deals_around,
    offers,
    plays_out,
    rewinds,
)

SRC = Path(__file__).resolve().parents[2] / "src" / "paiju"

#: Game -> (offers a fast play-out, its views wind a sample back, deal around barred cards)
OFFERED = {
    "lukfu": (True, False, False),
    "daifugo": (True, True, True),
    "tiny": (False, False, False),
}


def _hand(name: str) -> Any:
    game = tinygame.GAME if name == "tiny" else get_game(name)
    return game.new_hand(game.rules(), game.player_counts[-1], random.Random(1))


def test_every_game_is_listed_here() -> None:
    assert set(GAMES) | {"tiny"} == set(OFFERED)


@pytest.mark.parametrize("name", sorted(OFFERED))
def test_what_each_game_offers(name: str) -> None:
    state = _hand(name)
    view = state.view(0)
    fast, rewind, barred = OFFERED[name]
    assert isinstance(state, Undoes)
    assert isinstance(state, PlaysOut) is fast and plays_out(state) is fast
    assert isinstance(view, Rewinds) is rewind and rewinds(view) is rewind
    assert isinstance(view, DealsAround) is barred and deals_around(view) is barred
    assert isinstance(view, ShowsHand)


@pytest.mark.parametrize("name", sorted(OFFERED))
def test_pop_returns_the_action_it_took_back(name: str) -> None:
    """The one undo contract: push then pop, the action comes back and the record and
    every seat's view are as before, at every step of a random hand."""
    state = _hand(name)
    rng = random.Random(name)
    while not state.is_terminal():
        before = (state.record(), [state.view(s).to_json()
                                   for s in range(state.num_seats)])
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state.push(action)
        assert state.pop() == action
        assert (state.record(), [state.view(s).to_json()
                                 for s in range(state.num_seats)]) == before
        state.apply(action)
    with pytest.raises(IndexError):
        state.pop()


def test_a_method_set_to_none_is_not_offered() -> None:
    """A class may switch a capability off by setting its method to None; ``offers``
    answers as ``isinstance`` does, once per class."""

    class NoFast(tinygame.TinyState):
        playout = None

    class Fast(tinygame.TinyState):
        def playout(self, rng: random.Random, policy: str = "random") -> int | None:
            return None

    plain = _hand("tiny")
    off, on = NoFast.__new__(NoFast), Fast.__new__(Fast)
    for obj in (plain, off, on, on):
        assert offers(obj, PlaysOut) is isinstance(obj, PlaysOut)
    assert not plays_out(off) and plays_out(on)


def test_the_facts_model_is_checked_by_its_protocol() -> None:
    """``ismcts:facts`` needs an opponent model that says which cards are barred."""
    assert isinstance(make_bot("uecda-standard", "daifugo"), BarsCards)
    assert not isinstance(make_bot("heuristic", "daifugo"), BarsCards)
    with pytest.raises(ValueError, match="facts asks an opponent model"):
        make_bot("ismcts:iters=2:opponents=heuristic:facts=1", "daifugo")


#: The names of the capabilities' members, which no player or simulator looks up.
MEMBERS = {"playout", "sample_replay", "sample_barred", "hand", "barred", "push", "pop",
           "undo", "replay"}


def _looked_up(path: Path) -> list[str]:
    """Each ``getattr``/``hasattr`` in ``path`` whose name is a capability's member."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant) and node.args[1].value in MEMBERS):
            found.append(f"{path.name}:{node.lineno} {node.func.id}(..., {node.args[1].value!r})")
    return found


def test_players_and_the_simulator_find_no_capability_by_name() -> None:
    found = [hit for folder in ("bots", "sim", "core")
             for path in sorted((SRC / folder).glob("*.py")) for hit in _looked_up(path)]
    assert found == []
