"""What a new player meets in the first hour, at the keyboard through the real app.

Enter never throws Luk Fu cards away face down; a hint never changes the selection by
itself and shows every candidate in full at 80 columns; the screen says who you are this
hand (your part and your running total) as the seats rotate, names players the same way
everywhere, and ends a hand by saying how it was won; quitting saves the hand at once.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from ui_helpers import my_turn_or_end, screen_text, select, wait_for

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import get_game
from paiju.core.referee import referee
from paiju.table.present import Seen
from paiju.ui.app import HandView, PlayApp, ResultScreen
from paiju.ui.match import Match
from paiju.ui.screens import HintScreen


def _run(match: Match, scenario: Callable[[PlayApp, Any], Awaitable[None]],
         delay: float = 0) -> None:
    async def main() -> None:
        app = PlayApp(match, delay=delay)
        async with app.run_test(size=(80, 24)) as pilot:
            await scenario(app, pilot)
    asyncio.run(main())


def _play_own_turn(m: Match, rng: random.Random) -> None:
    """The person's turn taken without the keyboard (the heuristic's move)."""
    state = m.state
    assert state is not None
    action = HeuristicBot().choose(state.view(m.observer_seat), rng)
    m.apply(action)


async def _to_turn_where(app: PlayApp, pilot: Any, want: Callable[[Match], bool]) -> bool:
    """Play on (the person's turns by the heuristic) until ``want`` holds at the person's turn."""
    m = app.match
    rng = random.Random(3)
    while True:
        await wait_for(pilot, my_turn_or_end(app))
        if isinstance(app.screen, ResultScreen):
            return False
        if want(m):
            return True
        _play_own_turn(m, rng)
        app.redraw()
        app._schedule()


def _cannot_beat(m: Match) -> list[str] | None:
    """Cards the person may discard face down but not play: the enter trap of item 5."""
    state = m.state
    assert state is not None
    for action in state.legal_actions():
        data = action.to_json()
        if data["do"] != "discard":
            continue
        play = m.game.action_from_json({**data, "do": "play"})
        if state.why_illegal(play) is not None:
            return list(data["cards"])
    return None


def test_enter_never_discards_luk_fu_cards_face_down() -> None:
    """Enter on cards that cannot beat the table is refused with the reason; ``x`` discards."""
    rules = get_game("lukfu").rules("hongkong")
    for seed in range(20):
        match = Match("lukfu", rules, 3, seed=seed, hands=1, save=False)
        found: list[bool] = []

        async def scenario(app: PlayApp, pilot: Any, found: list[bool] = found) -> None:
            m = app.match
            if not await _to_turn_where(app, pilot, lambda m: _cannot_beat(m) is not None):
                return
            cards = _cannot_beat(m)
            assert cards is not None
            state = m.state
            assert state is not None
            count = len(state.record()["actions"])
            await select(pilot, app, cards)
            await pilot.press("enter")
            assert len(state.record()["actions"]) == count, "enter threw the cards away"
            assert "Refused" in app.message and "x discards them face down" in app.message
            assert "Refused" in screen_text(app)
            await pilot.press("x")
            done = state.record()["actions"][count]
            assert done["do"] == "discard" and sorted(done["cards"]) == sorted(cards)
            found.append(True)

        _run(match, scenario)
        if found:
            return
    raise AssertionError("no seed put the person where enter could throw cards away")


def test_a_hint_changes_the_selection_only_when_asked() -> None:
    """At 80x24 the hint panel shows every line whole; ``s`` selects, escape clears."""
    rules = get_game("daifugo").rules("popular")
    match = Match("daifugo", rules, 4, seed=4, hands=1, save=False,
                  hint_seconds=None, hint_iterations=40)

    def with_cards(m: Match) -> bool:
        legal = m.hint_view().legal_actions()
        return len(legal) > 2 and any(a.to_json().get("cards") for a in legal)

    async def scenario(app: PlayApp, pilot: Any) -> None:
        assert await _to_turn_where(app, pilot, with_cards)
        hand = app.query_one("#hand", HandView)
        first = hand.chips[0].token
        await select(pilot, app, [first])
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HintScreen))
        hint = app.hint
        assert hint is not None
        text = screen_text(app)
        assert all(len(line) <= 80 for line in text.splitlines())
        flat = " ".join(text.split())
        for reason in hint.reasons:
            assert " ".join(reason.split()) in flat, reason
        assert hand.tokens() == [first], "the hint changed the selection by itself"
        cards = [t.split("=")[0] for t in hint.action.get("cards", [])]
        await pilot.press("s" if cards else "escape")
        if cards:
            assert sorted(hand.tokens()) == sorted(cards)
            assert "selected for you" in app.message and "escape" in app.message
            assert "selected for you" in " ".join(screen_text(app).split())
            await pilot.press("escape")
        assert hand.tokens() == ([] if cards else [first])

    _run(match, scenario)


def test_the_screen_says_who_you_are_as_the_luk_fu_seats_rotate() -> None:
    """After hand 1 the person's part changes: the header names it with the running
    total, the log seats everyone by name and part (no seat numbers), and the end box
    says how the hand was won, with the same trick counts as the table."""
    rules = get_game("lukfu").rules("hongkong")
    rng = random.Random(0)
    for seed in range(40):
        match = Match("lukfu", rules, 4, seed=seed, hands=2, save=False)
        match.deal()
        first = match.role_of(match.observer_seat)
        state = match.state
        assert state is not None
        while not state.is_terminal():
            if match.human_to_move():
                _play_own_turn(match, rng)
            else:
                match.play_bot()
        seen = Seen.of(state, match.observer_seat)
        summary = match.finish()
        tricks = ", ".join(f"{n} {t}" for n, t in zip(
            match.seat_names(), seen.data["tricks"], strict=False))
        assert f"Tricks: {tricks}." in summary.lines
        report = state.report()
        if report["outcome"] == "win":
            head = summary.lines[0]
            assert re.search(r"(declares?|wins?) with \d+", head), head
            assert str(report["count"]) in head
        found: list[bool] = []

        async def scenario(app: PlayApp, pilot: Any, found: list[bool] = found,
                           first: str = first, summary: Any = summary) -> None:
            await pilot.pause()
            m = app.match
            second = m.role_of(m.observer_seat)
            if second == first:
                return
            header = screen_text(app).splitlines()[0]
            assert "hand 2/2" in header
            assert f"you: {second}, total {m.total_of(0):+g}" in header, header
            assert m.total_of(0) == summary.totals[0]
            log = m.log[0]
            assert log.startswith("Hand 2: ") and "seat" not in log
            for name in m.seat_names():
                assert name in log
            assert ("You are " + second) in log
            found.append(True)

        _run(match, scenario, delay=30)  # the app deals hand 2; computers wait
        if found:
            return
    raise AssertionError("no seed changed the person's part after hand 1")


@pytest.mark.parametrize("key", ["q", "ctrl+q", "ctrl+c"])
def test_quitting_before_the_first_action_saves_the_deal(key: str) -> None:
    """``q`` at once saves the hand as dealt, a record the referee reads; so do Ctrl-Q
    and Ctrl-C (Textual's own quit saved nothing, and Ctrl-C only said to press Ctrl-Q)."""
    rules = get_game("daifugo").rules("popular")
    match = Match("daifugo", rules, 4, seed=1, hands=1)

    async def scenario(app: PlayApp, pilot: Any) -> None:
        await pilot.pause()
        await pilot.press(key)
        await wait_for(pilot, lambda: not app.is_running, 10)

    _run(match, scenario, delay=30)  # no computer acts before the person quits
    saved = [line for line in match.log if line.startswith("unfinished hand saved: ")]
    assert saved, match.log
    path = saved[0].removeprefix("unfinished hand saved: ")
    record = json.loads(Path(path).read_text(encoding="utf-8"))
    assert record["actions"] == []
    ruling = referee(record)
    assert ruling.report["legal"] and not ruling.report["finished"]
