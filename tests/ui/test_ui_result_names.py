"""``n`` on the result panel says the hand's result again with the other names, as it does
at the table (issue: it did nothing there, and the result stayed in English)."""

from __future__ import annotations

import asyncio
import re

from ui_helpers import wait_for

from paiju.core.games import get_game
from paiju.ui.app import PlayApp, ResultScreen
from paiju.ui.match import Match

HAN = re.compile(r"[\u4e00-\u9fff]")


def test_n_on_the_result_panel_changes_its_language() -> None:
    match = Match("lukfu", get_game("lukfu").rules("hongkong"), 4, seed=3, hands=1,
                  human=None, save=False)

    async def scenario() -> None:
        app = PlayApp(match, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ResultScreen)

            def shown() -> str:
                return screen.text

            english = shown()
            assert "dreamer" in english and not HAN.search(english)
            await pilot.press("n")
            await pilot.pause()
            chinese = shown()
            assert "夢家" in chinese and "dreamer" not in chinese, chinese
            assert match.native
            await pilot.press("n")
            await pilot.pause()
            assert shown() == english

    asyncio.run(scenario())


def test_a_watcher_sees_whose_hand_it_is() -> None:
    """Watching, the hand's caption names the seat it shows, never "Your hand"."""
    for game, players in (("lukfu", 4), ("daifugo", 4)):
        match = Match(game, get_game(game).rules(None), players, seed=5, hands=1,
                      human=None, save=False)

        async def scenario(match: Match = match) -> None:
            app = PlayApp(match, delay=0.2)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause(0.3)
                caption = str(app.query_one("#hand").border_title)
                name = match.seat_names()[match.observer_seat]
                assert "Your hand" not in caption and name in caption, caption
                await pilot.press("n")
                await pilot.pause()
                caption = str(app.query_one("#hand").border_title)
                assert "你的牌" not in caption and "手札（" not in caption[:3], caption

        asyncio.run(scenario())
