"""No player can see hidden cards.

The proof is by resampling: from a seat's view, ``view.sample`` deals the hidden cards
again, consistently with everything the seat has seen. If the view held anything
beyond the seat's information set, the resampled state's view would differ from the
original; if a player read anything beyond its view, its choice (with the same random
numbers) would change. A deliberately leaky view shows that the check does catch a
player that peeks.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from random import Random
from typing import Any

import pytest

from paiju.bots.base import Bot, make_bot
from paiju.core.games import get_game
from paiju.core.protocol import State, View
from paiju.core.seeding import make_rng

MakeView = Callable[[State, int], Any]


#: The search the strength ladder uses for Dai Fugō (docs/strength.md), budget left open.
HALVING = ("ismcts:iters={iters}:root=halving:tree=root:rollout=heuristic:prior=heuristic"
           ":reward=place")

#: The search with the learned policy as its play-out player for every seat and its prior.
GUIDED = "ismcts:iters={iters}:rollout=learned:prior=learned"


def _plain(state: State, seat: int) -> View:
    return state.view(seat)


def decision_points(game: str, preset: str | dict[str, Any], players: int, hands: int,
                    every: int, seed: int = 0) -> Iterator[State]:
    """States at which a seat must choose, from random hands (``preset``: a rules spec)."""
    g = get_game(game)
    rules = g.rules(preset)
    for hand in range(hands):
        rng = make_rng(seed, "hidden", game, hand)
        state = g.new_hand(rules, players, rng)
        step = 0
        while state.to_move() is not None:
            actions = state.legal_actions()
            if step % every == 0 and len(actions) > 1:
                yield state.clone()
            state.apply(actions[rng.randrange(len(actions))])
            step += 1


def _other_hands(state: State, seat: int) -> list[Any]:
    """The cards every other seat holds now (read from their own views)."""
    return [state.view(s).to_json().get("hand") for s in range(state.num_seats) if s != seat]


def check_blind(state: State, bots: list[Bot], samples: int = 4,
                make_view: MakeView = _plain) -> int:
    """Assert the seat to move's view and choices survive resampling; count changed deals."""
    seat = state.to_move()
    assert seat is not None
    view = make_view(state, seat)
    truth = _other_hands(state, seat)
    changed = 0
    chosen = [bot.choose(view, Random(99)) for bot in bots]
    for k in range(samples):
        other = view.sample(Random(k))
        if _other_hands(other, seat) != truth:
            changed += 1
        other_view = make_view(other, seat)
        assert other_view.to_json() == view.to_json(), "the view shows more than the seat knows"
        assert list(other_view.legal_actions()) == list(view.legal_actions())
        for bot, before in zip(bots, chosen, strict=True):
            assert bot.choose(other_view, Random(99)) == before, f"{bot.name} saw hidden cards"
    return changed


def test_tiny_views_and_players_are_blind() -> None:
    bots = [make_bot("random"), make_bot("heuristic"), make_bot("ismcts:iters=25"),
            make_bot(HALVING.format(iters=25))]
    changed = total = 0
    for state in decision_points("tiny", "basic", 3, hands=6, every=2):
        changed += check_blind(state, bots)
        total += 4
    assert total > 20
    assert changed > total // 2, "resampling must actually move the hidden cards"


class _LeakyView:
    """A view that (wrongly) carries the full state."""

    def __init__(self, view: Any, state: Any) -> None:
        self._view, self.state = view, state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)


class _PeekingBot:
    """Plays its highest card when the next seat holds a 6, else its lowest."""

    name = "peeking"

    def choose(self, view: Any, rng: Random) -> Any:
        nxt = view.state.hands[(view.seat + 1) % len(view.state.hands)]
        plays = sorted(view.legal_actions(), key=lambda m: (m.do != "play", m.cards))
        return plays[-1] if any(c.startswith("6") for c in nxt) else plays[0]


def test_the_check_catches_a_player_that_peeks() -> None:
    caught = 0
    for state in decision_points("tiny", "basic", 3, hands=6, every=1):
        try:
            check_blind(state, [_PeekingBot()], make_view=lambda s, seat: _LeakyView(
                s.view(seat), s))
        except AssertionError:
            caught += 1
    assert caught > 0


def _engine(game: str) -> None:
    module = {"lukfu": "paiju.lukfu.game", "daifugo": "paiju.daifugo.game"}[game]
    try:
        importlib.import_module(module)
    except ImportError:
        pytest.skip(f"the {game} engine is not available")


@pytest.mark.parametrize(
    ("game", "preset", "players"),
    [("lukfu", "hongkong", 4), ("lukfu", "gloucester", 3), ("daifugo", "pagat", 4),
     ("daifugo", "uecda", 5)],
)
def test_real_games_views_and_players_are_blind(game: str, preset: str, players: int) -> None:
    check_game(game, preset, players)


def test_two_pack_views_and_players_are_blind() -> None:
    """Dai Fugō's double deck (docs/daifugo.md): a seat's view and every player survive
    resampling, whose samples deal the unseen cards of both packs."""
    # two hands (the second opens with the exchange), every ninth decision: six seats of
    # 108 cards make long hands
    check_game("daifugo", {"preset": "popular", "options": {"decks": 2, "jokers": 2}}, 6,
               hands=2, every=9)


def check_game(game: str, preset: str | dict[str, Any], players: int, hands: int = 3,
               every: int = 5) -> None:
    _engine(game)
    bots = [make_bot("random"), make_bot("heuristic"), make_bot("learned"),
            make_bot("learned:temp=1")]
    searches = {0: make_bot("ismcts:iters=8"), 1: make_bot(GUIDED.format(iters=8)),
                2: make_bot(HALVING.format(iters=8)),
                3: make_bot(HALVING.format(iters=8).replace("prior=heuristic", "prior=learned")),
                # the game's strongest player (Dai Fugō's: exact endgames, reward=games)
                4: make_bot("strongest:iters=8", game),
                # ways out in every seat's play-outs, each action tried twice in the first
                # round (settings Luk Fu does not read)
                5: make_bot(HALVING.format(iters=8) + ":wayout=300:wide=2")}
    changed = total = 0
    for index, state in enumerate(decision_points(game, preset, players, hands=hands, every=every)):
        search = searches.get(index % 6)
        changed += check_blind(state, bots + ([search] if search else []), samples=3)
        total += 3
    assert total >= 9
    assert changed > 0, "resampling must actually move the hidden cards"
