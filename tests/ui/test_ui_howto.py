"""``?`` at the table opens "How to play" for the game in force, in the language of the
table's names, and closes again, at 80 x 24."""

from __future__ import annotations

import asyncio

import pytest
from ui_helpers import screen_text, wait_for

from paiju.core.games import get_game
from paiju.ui.app import PlayApp
from paiju.ui.howto import WORDS, HowToScreen
from paiju.ui.match import Match


@pytest.mark.parametrize(("game", "preset", "native", "heading", "topic"), [
    ("lukfu", "hongkong", False, "How to play Luk Fu", "What a trick is"),
    ("lukfu", "hongkong", True, "六虎玩法", "甚麼是「糊」"),
    ("daifugo", "popular", False, "How to play Dai Fugō", "8-cut (house rule)"),
    ("daifugo", "popular", True, "大富豪の遊び方", "8切り（ローカルルール）"),
])
def test_question_mark_opens_and_closes_how_to_play(
        game: str, preset: str, native: bool, heading: str, topic: str) -> None:
    match = Match(game, get_game(game).rules(preset), 4, seed=3, hands=1, save=False)

    async def scenario() -> None:
        app = PlayApp(match, delay=30)  # the computers wait: the table stays as dealt
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if native:
                await pilot.press("n")
            table = screen_text(app)
            keys = table.splitlines()[-1]
            said = match.presenter.lang(match.native)  # the key bar's words are the table's
            assert f"? {WORDS.c(said, 'key', 'how to play')}" in keys or match.human_to_move()
            assert keys.rstrip().endswith(f"q {WORDS.c(said, 'key', 'quit')}")  # whole
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, HowToScreen))
            await pilot.pause(0.2)
            shown = screen_text(app)
            assert heading in shown
            lang = match.presenter.lang(match.native)
            assert WORDS(lang, "↑↓ PgUp PgDn scroll · escape closes") in shown
            box = app.screen.query_one("#howto-box")
            assert box.virtual_size.height > box.content_region.height  # it scrolls
            for _ in range(200):  # scroll down to the topic
                if topic in screen_text(app):
                    break
                await pilot.press("pagedown")
                await pilot.pause(0.02)
            assert topic in screen_text(app)
            await pilot.press("escape")
            await wait_for(pilot, lambda: not isinstance(app.screen, HowToScreen))
            assert heading not in screen_text(app)
            assert screen_text(app).splitlines()[-1] == table.splitlines()[-1]

    asyncio.run(scenario())
