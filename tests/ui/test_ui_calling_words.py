"""Luk Fu's calling speaks one vocabulary in each language: the key bar says what the
status line asks (seed 000: Jor 做 "Play", Ng Jor 唔做 "Not Play"), and a pass that declines
the Five Tigers stays a plain pass."""

from __future__ import annotations

import asyncio

import pytest
from rich.text import Text
from textual.widgets import Static
from ui_helpers import wait_for

from paiju.core.games import get_game
from paiju.ui.app import PlayApp
from paiju.ui.match import Match

GAME = get_game("lukfu")


def _calling_match(native: bool) -> Match:
    """A hand whose person is asked first to call or pass."""
    for seed in range(200):
        m = Match("lukfu", GAME.rules("hongkong"), 4, seed=seed, hands=1, save=False)
        m.native = native
        m.deal()
        state = m.state
        assert state is not None
        if m.human_to_move() and "call" in m.presenter.moves(
                state.view(m.observer_seat).legal_actions()):
            return m
    raise AssertionError("no seed asks the person to call")


@pytest.mark.parametrize(("native", "call", "not_play", "asked"), [
    (True, "做", "唔做", ("「做」", "「唔做」")),
    (False, "call", "pass", ("Play", "pass")),
])
def test_the_key_bar_says_what_the_status_asks(native: bool, call: str, not_play: str,
                                                asked: tuple[str, str]) -> None:
    match = _calling_match(native)

    async def scenario() -> None:
        app = PlayApp(match, delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: match.human_to_move())
            await pilot.pause()
            keys = Text.from_markup(str(app.query_one("#keys", Static).render())).plain
            status = Text.from_markup(str(app.query_one("#status", Static).render())).plain
            assert f"c {call}" in keys and f"p {not_play}" in keys, keys
            assert all(word in status for word in asked), status

    asyncio.run(scenario())


def test_declining_the_five_tigers_is_a_plain_pass() -> None:
    p = GAME.presenter()
    assert p.move_word("pass", True, ("five_tigers", "pass")) == "過"
    assert p.move_word("pass", True, ("call", "pass")) == "唔做"
    assert p.move_word("call", True, ("call", "pass")) == "做"
