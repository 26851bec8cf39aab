"""Dai Fugō's play-outs against an opponent model on the fast path
(:func:`paiju.daifugo.fast.playout.playout_against`) make the choices the players make
from their views: the searching seat's policy (random or the rule-based player) and the
``uecda-standard`` model in every other seat, one decision at a time, with and without
two-seat endgames played exactly; and a search with the model chooses the same move on
either path."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_fast_daifugo import random_rules, seats

from paiju.bots.base import RandomBot, make_bot
from paiju.bots.heuristic import HeuristicBot
from paiju.bots.ismcts import ISMCTSBot
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.fast import playout as fast
from paiju.daifugo.game import GAME
from paiju.daifugo.rules import PRESETS, Rules, make_rules

STANDARD = make_bot("uecda-standard")
POLICIES = {"random": RandomBot(), "heuristic": HeuristicBot()}


@pytest.fixture(autouse=True)
def _fast_path_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests compare the two paths, so the fast path is on whatever PAIJU_FAST says."""
    monkeypatch.setattr(fast, "ENABLED", True)


def by_views(state: DaifugoState, me: int, policy: str, rng: random.Random,
             endgame: int) -> None:
    """The reference: each seat's player choosing from its view, as the search's own
    play-out loop does (an endgame solved where the budget settles it)."""
    mine: Any = POLICIES[policy]
    while (seat := state.to_move()) is not None:
        if endgame and state.at_endgame():
            if state.solve_endgame(endgame):
                return
            endgame = 0
        player = mine if seat == me else STANDARD
        state.apply(player.choose(state.view(seat), rng))


def positions(rules: Rules, players: int, seed: int) -> list[DaifugoState]:
    """Positions from a session's first three hands (the later ones open with the
    exchange): each hand's start and a few points inside it, played by the model."""
    rng = random.Random(seed)
    session = GAME.new_session(rules, players, seed)
    out = []
    for _ in range(3):
        state = session.deal()
        stops = {0, rng.randrange(1, 12), rng.randrange(12, 40)}
        step = 0
        while (seat := state.to_move()) is not None:
            if step in stops:
                out.append(state.clone())
            state.apply(STANDARD.choose(state.view(seat), rng))
            step += 1
        session.finish(state)
    return out


def check(rules: Rules, players: int, seed: int) -> int:
    """Every position of :func:`positions` played out both ways from the same seed, by
    each policy, a seat chosen by the seed, with and without endgames; the number
    compared."""
    compared = 0
    for n, start in enumerate(positions(rules, players, seed)):
        me = (seed + n) % players
        for policy in POLICIES:
            for endgame in (0, 2000):
                ref, quick = start.clone(), start.clone()
                by_views(ref, me, policy, random.Random(seed * 31 + n), endgame)
                done = quick.playout_against(random.Random(seed * 31 + n), me, policy,
                                             "uecda-standard", endgame)
                assert done is not None
                assert quick.actions == ref.actions, (policy, endgame, me)
                assert quick.result() == ref.result()
                compared += 1
    return compared


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_play_outs_against_the_model_choose_as_its_players_do(preset: str,
                                                              players: int) -> None:
    rules = make_rules(preset)
    assert sum(check(rules, players, 100 * players + s) for s in range(3)) >= 3 * 3 * 4


def test_play_outs_against_the_model_agree_under_random_option_mixes() -> None:
    rng = random.Random(23)
    for n in range(16):
        rules = random_rules(rng)
        if rules.decks == 2:  # the model's card rows read one pack; the view path plays
            continue
        check(rules, seats(rules, n), 500 + n)


def test_two_packs_play_out_against_the_model_through_the_views() -> None:
    from paiju.daifugo.rules import with_two_packs

    rules = with_two_packs(make_rules("popular"))
    assert check(rules, 5, 77) > 0


def test_no_fast_path_for_another_model_or_policy() -> None:
    state = GAME.new_session(make_rules("uecda"), 5, 3).deal()
    before = state.clone()
    assert state.playout_against(random.Random(1), 0, "heuristic", "heuristic") is None
    assert state.playout_against(random.Random(1), 0, "learned", "uecda-standard") is None
    assert state.actions == before.actions and state.pos == before.pos


@pytest.mark.parametrize("spec", [
    "ismcts:iters=24:root=halving:tree=root:rollout=heuristic:prior=heuristic"
    ":reward=place:opponents=uecda-standard",
    "ismcts:iters=16:root=halving:tree=root:rollout=heuristic:prior=heuristic"
    ":reward=games:endgame=2000:opponents=uecda-standard",
])
def test_a_search_with_the_model_chooses_alike_on_either_path(spec: str) -> None:
    on: Any = make_bot(spec)
    off: Any = make_bot(spec)
    assert isinstance(off, ISMCTSBot)
    off.fast = False
    for start in positions(make_rules("uecda"), 5, 9)[:6]:
        seat = start.to_move()
        assert seat is not None
        view = start.view(seat)
        assert on.choose(view, random.Random(4)) == off.choose(view, random.Random(4))
