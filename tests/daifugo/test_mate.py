"""A sure way out (:mod:`paiju.daifugo.fast.mate`): every line found takes its seat out
before every other seat still playing through the reference ``apply``, with the others'
only move a pass between its moves; the search finds one exactly where a plain search
(every legal move through ``apply``, no table, no ordering) does; and play-outs and a
search that play the ways out make the same moves on the fast path as through views."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_fast_daifugo import random_rules, seats

from paiju.bots.base import RandomBot, make_bot
from paiju.bots.heuristic import HeuristicBot
from paiju.bots.ismcts import ISMCTSBot
from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.fast import playout as fast
from paiju.daifugo.fast.mate import way_out
from paiju.daifugo.game import GAME
from paiju.daifugo.rules import make_rules

STANDARD = make_bot("uecda-standard")
POLICIES = {"random": RandomBot(), "heuristic": HeuristicBot()}


@pytest.fixture(autouse=True)
def _fast_path_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests compare the two paths, so the fast path is on whatever PAIJU_FAST says."""
    monkeypatch.setattr(fast, "ENABLED", True)


def goes_out(state: DaifugoState, me: int) -> bool:
    """Whether ``me`` (to move) has a way out, by a plain search: each legal move but a
    pass through ``apply``, then the others' passes while a pass is their only move."""
    for action in state.legal_actions():
        if action.do == "pass":
            continue
        child = state.clone()
        child.apply(action)
        if not child.pos.hands[me]:
            if me in child.pos.finished and me not in child.pos.forbidden:
                return True
            continue
        if _passes_round(child, me) and goes_out(child, me):
            return True
    return False


def _passes_round(state: DaifugoState, me: int) -> bool:
    """The others pass until ``me`` moves again, if a pass is each one's only move."""
    while (seat := state.to_move()) is not None and seat != me:
        legal = state.legal_actions()
        if len(legal) != 1 or legal[0].do != "pass":
            return False
        state.apply(legal[0])
    return state.to_move() == me


def positions(seed: int, most: int, many: int = 12) -> list[DaifugoState]:
    """``many`` positions in play of random hands under random option mixes and the
    presets, the seat to move holding at most ``most`` cards and a choice of moves."""
    rng = random.Random(seed)
    out: list[DaifugoState] = []
    while len(out) < many:
        rules = random_rules(rng) if rng.random() < 0.6 else make_rules(
            rng.choice(["pagat", "uecda", "popular"]))
        state = GAME.new_hand(rules, seats(rules, rng.randrange(100)), rng)
        while (seat := state.to_move()) is not None:
            p = state.pos
            legal = state.legal_actions()
            if p.phase in ("play", "follow") and not p.exchange and len(legal) > 1 \
                    and p.hands[seat].bit_count() <= most and rng.random() < 0.3:
                out.append(state.clone())
                break
            state.apply(legal[rng.randrange(len(legal))])
    return out


def check_line(state: DaifugoState, line: list[Action]) -> None:
    """``line`` takes the seat to move out before every other seat still playing, each
    move but the last answered only by passes, through the reference ``apply``."""
    me = state.to_move()
    assert me is not None
    others = [s for s in range(state.n) if state.pos.active >> s & 1 and s != me]
    replay = state.clone()
    for n, action in enumerate(line):
        assert replay.to_move() == me
        assert action in replay.legal_actions()
        replay.apply(action)
        if n < len(line) - 1:
            assert replay.pos.hands[me]
            assert _passes_round(replay, me)
    assert not replay.pos.hands[me]
    assert me in replay.pos.finished and me not in replay.pos.forbidden
    assert not any(s in replay.pos.finished for s in others)


@pytest.mark.parametrize("seed", range(6))
def test_the_ways_out_are_the_plain_searchs(seed: int) -> None:
    found = 0
    for state in positions(seed, 4, many=16):
        me = state.to_move()
        assert me is not None
        before = state.record()
        line = way_out(state, 100_000)
        assert state.record() == before, "the search changed the state"
        if state.book.decks != 1:
            assert line is None  # two packs are not searched
            continue
        assert (line is not None) == goes_out(state.clone(), me)
        if line is not None:
            check_line(state, line)
            found += 1
    assert found >= 1


def test_the_lines_of_whole_hands_through_the_state() -> None:
    """Hands of ``uecda`` and ``popular`` played by the model: every line found at a
    choice holds, and some take three moves or more."""
    rng = random.Random(40)
    found = longest = 0
    for preset in ("uecda", "popular"):
        for _ in range(6):
            state = GAME.new_hand(make_rules(preset), 5, rng)
            while (seat := state.to_move()) is not None:
                if len(state.legal_actions()) > 1:
                    line = state.way_out(100_000)
                    if line is not None:
                        check_line(state, line)
                        found += 1
                        longest = max(longest, len(line))
                state.apply(STANDARD.choose(state.view(seat), rng))
    assert found >= 10 and longest >= 3


def test_a_budget_too_small_finds_nothing_and_changes_nothing() -> None:
    rng = random.Random(8)
    for _ in range(20):
        state = GAME.new_hand(make_rules("uecda"), 5, rng)
        while (seat := state.to_move()) is not None:
            line = state.way_out(100_000)
            if line is not None and len(line) >= 2:  # two positions searched at least
                before = state.record()
                assert state.way_out(1) is None
                assert state.record() == before
                return
            state.apply(STANDARD.choose(state.view(seat), rng))
    pytest.fail("no way out of two moves or more")


def test_no_way_out_in_the_exchange() -> None:
    session = GAME.new_session(make_rules("uecda"), 5, 3)
    state = session.deal()
    while state.to_move() is not None:
        state.apply(state.legal_actions()[0])
    session.finish(state)
    state = session.deal()
    assert state.pos.phase == "exchange"
    assert state.way_out(1000) is None


def by_views(state: DaifugoState, me: int | None, policy: str, rng: random.Random,
             wayout: int) -> None:
    """The reference: each seat's player choosing from its view (``me`` by ``policy``,
    the others by the model; every seat by ``policy`` when ``me`` is None), a seat
    played by the policy taking its way out where it has one."""
    mine: Any = POLICIES[policy]
    lines: dict[int, list[Action]] = {}
    while (seat := state.to_move()) is not None:
        if me is None or seat == me:
            line = lines.get(seat)
            if not line and len(state.legal_actions()) > 1:
                line = state.way_out(wayout)
                if line:
                    line.reverse()
                    lines[seat] = line
            if line:
                state.apply(line.pop())
                continue
            if isinstance(mine, RandomBot):
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                continue
        player = mine if me is None or seat == me else STANDARD
        state.apply(player.choose(state.view(seat), rng))


def starts(seed: int) -> list[DaifugoState]:
    """Positions from a session's first two hands, played by the model."""
    rng = random.Random(seed)
    session = GAME.new_session(make_rules("uecda"), 5, seed)
    out = []
    for _ in range(2):
        state = session.deal()
        stops = {0, rng.randrange(1, 12), rng.randrange(12, 30)}
        n = 0
        while (seat := state.to_move()) is not None:
            if n in stops:
                out.append(state.clone())
            state.apply(STANDARD.choose(state.view(seat), rng))
            n += 1
        session.finish(state)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_play_outs_take_the_ways_out_as_through_views(seed: int) -> None:
    for n, start in enumerate(starts(seed)):
        me = (seed + n) % 5
        for policy in POLICIES:
            ref, quick = start.clone(), start.clone()
            by_views(ref, me, policy, random.Random(seed * 7 + n), 2000)
            assert quick.playout_against(random.Random(seed * 7 + n), me, policy,
                                         "uecda-standard", 0, 2000) is not None
            assert quick.actions == ref.actions, (policy, me)
            ref, quick = start.clone(), start.clone()
            by_views(ref, None, policy, random.Random(seed * 7 + n), 2000)
            assert quick.playout(random.Random(seed * 7 + n), policy, 0, 2000) is not None
            assert quick.actions == ref.actions, policy


def test_ways_out_change_play_outs() -> None:
    """Some play-out goes otherwise with the ways out (the setting is read)."""
    changed = 0
    for start in starts(5):
        plain, outs = start.clone(), start.clone()
        plain.playout(random.Random(1), "heuristic")
        outs.playout(random.Random(1), "heuristic", 0, 2000)
        changed += plain.actions != outs.actions
    assert changed


@pytest.mark.parametrize("spec", [
    "ismcts:iters=16:root=halving:tree=root:rollout=heuristic:prior=heuristic"
    ":reward=place:wayout=500:opponents=uecda-standard",
    "ismcts:iters=16:root=halving:tree=root:rollout=heuristic:prior=heuristic"
    ":reward=games:endgame=2000:wayout=500",
])
def test_a_search_with_ways_out_chooses_alike_on_either_path(spec: str) -> None:
    on: Any = make_bot(spec)
    off: Any = make_bot(spec)
    assert isinstance(off, ISMCTSBot)
    off.fast = False
    for start in starts(9)[:5]:
        seat = start.to_move()
        assert seat is not None
        view = start.view(seat)
        assert on.choose(view, random.Random(4)) == off.choose(view, random.Random(4))
