"""The simulator and the search on a game's fast path play exactly as through views.

``paiju simulate`` hands a hand to ``State.playout`` when every player is a plain random
player (or every one the rule-based player) and the game offers the play-out; the search
hands its rollouts to it. The same seed must give the same hands, records and choices with
the fast path on or off.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from paiju.bots.base import RandomBot, make_bot
from paiju.bots.heuristic import HeuristicBot
from paiju.bots.ismcts import HALVING_SPEC, ISMCTSBot
from paiju.core.games import get_game
from paiju.daifugo.fast import playout as daifugo_fast
from paiju.lukfu.fast import playout as fast
from paiju.sim.runner import SimConfig, playout_policy, simulate


def _switch(monkeypatch: pytest.MonkeyPatch, on: bool) -> None:
    """Both games' fast paths on or off."""
    monkeypatch.setattr(fast, "ENABLED", on)
    monkeypatch.setattr(daifugo_fast, "ENABLED", on)


@pytest.fixture(autouse=True)
def _fast_path_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests compare the two paths, so the fast path is on whatever PAIJU_FAST says."""
    _switch(monkeypatch, True)


def _run(config: SimConfig, on: bool, monkeypatch: pytest.MonkeyPatch
         ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    _switch(monkeypatch, on)
    records: list[dict[str, Any]] = []
    result = simulate(config, records=records.append).to_json()
    result.pop("seconds")
    return result, records


@pytest.mark.parametrize(("game", "rules", "players", "bots", "sessions"), [
    ("lukfu", "hongkong", 4, "random", 1),
    ("lukfu", "gloucester", 3, "random", 3),
    ("lukfu", "sung", 4, "heuristic", 1),
    ("lukfu", "hongkong", 3, "heuristic", 2),
    ("daifugo", "pagat", 4, "random", 1),
    ("daifugo", "popular", 5, "random", 3),
    ("daifugo", "uecda", 5, "heuristic", 2),
    ("daifugo", "popular", 3, "heuristic", 1),
])
def test_the_same_seed_gives_the_same_hands_on_either_path(
    game: str, rules: str, players: int, bots: str, sessions: int,
    monkeypatch: pytest.MonkeyPatch
) -> None:
    config = SimConfig(game, rules, players, (bots,) * players, 48, 7,
                       hands_per_session=sessions)
    fast_result, fast_records = _run(config, True, monkeypatch)
    slow_result, slow_records = _run(config, False, monkeypatch)
    assert fast_result == slow_result
    assert fast_records == slow_records
    assert len(fast_records) >= 48


def test_the_fast_path_is_taken_only_for_one_plain_policy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert playout_policy([RandomBot(), RandomBot(), RandomBot()]) == "random"
    assert playout_policy([HeuristicBot()] * 4) == "heuristic"
    assert playout_policy([RandomBot(), HeuristicBot(), RandomBot()]) is None
    assert playout_policy([make_bot("ismcts:iters=4")] * 3) is None

    class Fussy(RandomBot):
        """A random player that is not plain: its choice may differ from a play-out's."""

    assert playout_policy([Fussy(), RandomBot(), RandomBot()]) is None
    calls: list[str] = []
    original = fast.PLAYOUTS["random"]

    def counted(state: Any, rng: random.Random) -> int:
        calls.append("random")
        return original(state, rng)

    monkeypatch.setitem(fast.PLAYOUTS, "random", counted)
    simulate(SimConfig("lukfu", "hongkong", 3, ("random",) * 3, 6, 1))
    assert len(calls) == 6
    simulate(SimConfig("lukfu", "hongkong", 3, ("random", "heuristic", "random"), 6, 1))
    assert len(calls) == 6
    heuristic = daifugo_fast.PLAYOUTS["heuristic"]

    def counted_heuristic(
        state: Any, rng: random.Random, endgame: int = 0, wayout: int = 0
    ) -> int:
        calls.append("heuristic")
        return heuristic(state, rng, endgame, wayout)

    monkeypatch.setitem(daifugo_fast.PLAYOUTS, "heuristic", counted_heuristic)
    simulate(SimConfig("daifugo", "popular", 4, ("heuristic",) * 4, 8, 1))
    assert calls == ["random"] * 6 + ["heuristic"] * 8


@pytest.mark.parametrize(("name", "preset"), [("lukfu", "hongkong"), ("daifugo", "popular")])
@pytest.mark.parametrize("spec", [HALVING_SPEC, "ismcts:iters=40:rollout=random"])
def test_the_search_chooses_the_same_on_either_path(
    spec: str, name: str, preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game(name)
    rules = game.rules(preset)
    chosen: dict[bool, list[Any]] = {True: [], False: []}
    for on in (True, False):
        _switch(monkeypatch, on)
        for n in range(4):
            rng = random.Random(n)
            state = game.new_hand(rules, 4, rng)
            for _ in range(3 + n):
                actions = state.legal_actions()
                if actions:
                    state.apply(actions[rng.randrange(len(actions))])
            seat = state.to_move()
            if seat is None:
                continue
            bot = make_bot(spec, name)
            assert isinstance(bot, ISMCTSBot)
            chosen[on].append((bot.choose(state.view(seat), random.Random(n)),
                               bot.last.root_visits, bot.last.root_means))
    assert chosen[True] == chosen[False]
    assert len(chosen[True]) >= 3


def test_the_bench_measures_both_paths_side_by_side() -> None:
    from paiju.sim import bench

    target = (("Luk Fu sung, 3 players", "lukfu", "sung", {}, 3),)
    said: list[str] = []
    report = bench.run_bench(0.05, 2, 0, False, 0, log=said.append, targets=target,
                             search="ismcts:iters=4:rollout=heuristic", both_paths=True)
    assert said[0].startswith("plan: 7 measurements")
    (entry,) = report["paiju"]
    for key in ("engine", "engine_fast", "simulator", "simulator_views"):
        assert entry[key]["hands"] >= 1 and entry[key]["decisions"] >= entry[key]["hands"]
    assert entry["search_views"]["iterations"] == 4 * entry["search_views"]["positions"]
    text = bench.format_bench(report)
    assert "the same, rollouts through views" in text
    assert "on the fast path (State.playout)" in text
    assert "through the simulator (fast path)" in text
    assert "through the simulator (views)" in text
    plain = bench.run_bench(0.05, 2, 0, False, 0, targets=target, search=None)
    assert "engine_fast" not in plain["paiju"][0]
    # the simulator plays on the fast path whether or not both paths are measured
    assert "through the simulator (fast path)" in bench.format_bench(plain)
    assert not bench.has_playout("tiny", "basic", {}, 3)
    assert bench.has_playout("lukfu", "hongkong", {}, 4)
    assert bench.has_playout("daifugo", "pagat", {"jokers": 1}, 4)
