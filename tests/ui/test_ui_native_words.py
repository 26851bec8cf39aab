"""The table's own words (its header, panels, key bar, status, refusals, screens and
result box) follow the ``n`` key into the game's own language: after it, no English word
of the table's own is on the screen, at the table, in the rules and hint screens and in
the result box, for both games; ``paiju play --watch --native`` prints its own lines in
that language too, and ``paiju replay``'s stepper speaks it after the key."""

from __future__ import annotations

import asyncio
import json
import random
import re

import pytest
from ui_helpers import my_turn_or_end, screen_text, wait_for

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import default_preset, get_game
from paiju.ui.app import PlayApp, ResultScreen
from paiju.ui.match import Match
from paiju.ui.replay import Replay, ReplayApp
from paiju.ui.screens import HintScreen, RulesScreen
from paiju.ui.watch import watch_plain

#: The English of the table's own words (the games' sentences are their presenters').
CHROME = ("Table", "Trick", "Last trick", "Log", "YOUR TURN", "select", "hint", "Hint",
          "rules", "Rules", "how to play", "quit", "You", "you", "total", "hand", "Hand",
          "seed", "watching", "no cards", "Refused", "refused", "player", "this hand",
          "saved as", "session", "Most points", "next hand", "leave", "preset", "changed",
          "now", "key", "close", "is", "are", "play goes", "Thinking")


def english(text: str, words: tuple[str, ...] = CHROME) -> list[str]:
    """The English words of ``words`` in ``text``, each as a word of its own."""
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def _match(game: str, hands: int) -> Match:
    g = get_game(game)
    return Match(game, g.rules(default_preset(g, playing=True)), 4, seed=3, hands=hands,
                 hint_seconds=None, hint_iterations=20)


@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_no_english_word_of_the_table_after_the_n_key(game: str) -> None:
    match = _match(game, 2)
    screens: dict[str, str] = {}

    async def scenario() -> None:
        app = PlayApp(match, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            screens["english"] = screen_text(app)
            await pilot.press("n")  # the game's own language, from the first hand on
            assert match.lang == match.presenter.native_lang != "en"
            bot, rng = HeuristicBot(), random.Random(1)
            while True:
                await wait_for(pilot, my_turn_or_end(app))
                if isinstance(app.screen, ResultScreen):
                    await pilot.pause()
                    screens[f"result of hand {len(match.summaries)}"] = screen_text(app)
                    if match.session_over():
                        break
                    await pilot.press("enter")
                    await pilot.pause()
                    continue
                state = match.state
                assert state is not None
                if match.hand_number == 2 and "table" not in screens:
                    # hand 2 was dealt in the language: its whole log is in it
                    await pilot.pause()
                    screens["table"] = screen_text(app)
                    await pilot.press("enter")  # no cards selected: refused, and why
                    await pilot.pause()
                    assert app.message, "the table refuses a play of no cards"
                    screens["refused"] = screen_text(app)
                    await pilot.press("escape")
                    await pilot.press("r")
                    await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
                    screens["rules"] = screen_text(app)
                    await pilot.press("escape")
                    await pilot.press("h")
                    await wait_for(pilot, lambda: isinstance(app.screen, HintScreen))
                    await pilot.pause()
                    screens["hint"] = screen_text(app)
                    await pilot.press("escape")
                    await pilot.pause()
                match.apply(bot.choose(state.view(match.observer_seat), rng))
                app.redraw()
                app._schedule()

    asyncio.run(scenario())
    assert {"table", "refused", "rules", "hint", "result of hand 1",
            "result of hand 2"} <= set(screens)
    # the check sees the English where it is: the table before the key
    assert {"Table", "Log", "quit", "rules"} <= set(english(screens.pop("english")))
    for name, text in screens.items():
        assert english(text) == [], (name, english(text), text)


@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_watching_with_native_prints_the_game_s_language(game: str) -> None:
    g = get_game(game)
    rules = g.rules(default_preset(g, playing=True))
    match = Match(game, rules, 4, seed=3, hands=2, human=None, save=False)
    match.native = True
    lines: list[str] = []
    watch_plain(match, lines.append)
    said = "\n".join(lines)
    own = ("players", "hand", "seat", "payments", "totals", "record", "Session over",
           "Final totals", "Most points", "rules", "seed")
    assert english(said, own) == [], english(said, own)
    english_lines: list[str] = []
    watch_plain(Match(game, rules, 4, seed=3, hands=2, human=None), english_lines.append)
    assert len(english(" ".join(english_lines), own)) == len(own)  # each said in English


@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_the_replay_speaks_the_game_s_language_after_the_n_key(game: str) -> None:
    g = get_game(game)
    match = Match(game, g.rules(default_preset(g, playing=True)), 4, seed=3, hands=1,
                  human=None)
    watch_plain(match, lambda line: None)
    replay = Replay(json.loads(match.saved_files[0].read_text(encoding="utf-8")))
    own = ("seat", "the deal", "step", "rules", "forward", "back", "deal/end", "quit",
           "Actions so far", "points", "action", "actions", "no cards")
    shown: dict[str, str] = {}

    async def scenario() -> None:
        app = ReplayApp(replay)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            shown["english"] = screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            shown["the deal"] = screen_text(app)
            await pilot.press("right")
            await pilot.pause()
            shown["step 1"] = screen_text(app)
            await pilot.press("end")
            await pilot.pause()
            shown["the end"] = screen_text(app)

    asyncio.run(scenario())
    assert {"seat", "the deal", "quit", "forward"} <= set(english(shown.pop("english"), own))
    for name, text in shown.items():
        assert english(text, own) == [], (name, english(text, own), text)
