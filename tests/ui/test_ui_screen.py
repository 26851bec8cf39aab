"""An 80 x 24 terminal shows the whole table readably: nothing cut off, nothing missing."""

from __future__ import annotations

import asyncio

import pytest
from rich.cells import cell_len
from rich.text import Text
from ui_helpers import my_turn_or_end, screen_text, wait_for

from paiju.core.games import get_game
from paiju.ui.app import WORDS, HandView, PlayApp
from paiju.ui.match import Match
from paiju.ui.screens import RulesScreen

PANELS = ("#header", "#seats", "#trick", "#log", "#status", "#hand", "#keys")


@pytest.mark.parametrize(
    ("game", "players", "native"),
    [("lukfu", 3, False), ("lukfu", 4, True), ("daifugo", 4, False), ("daifugo", 3, True)],
)
def test_80x24_shows_hand_trick_opponents_status_and_log(
    game: str, players: int, native: bool
) -> None:
    match = Match(game, get_game(game).rules(None), players, seed=2, hands=1)
    match.native = native

    async def scenario() -> None:
        app = PlayApp(match, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, my_turn_or_end(app))
            await pilot.pause()
            text = screen_text(app)
            lines = text.splitlines()
            assert len(lines) == 24
            assert all(cell_len(line) <= 80 for line in lines)
            for panel in PANELS:
                region = app.query_one(panel).region
                assert region.width > 0 and region.height > 0, panel
                assert region.right <= 80 and region.bottom <= 24, panel
            state = match.state
            assert state is not None
            seen = match.seen()
            hand = app.query_one("#hand", HandView)
            assert hand.chips, "the person holds cards"
            assert len(hand.layout_rows(hand.size.width)) <= hand.size.height
            for chip in hand.chips:
                assert chip.label + chip.mark in text, chip
            names = match.seat_names()
            for s, row in enumerate(match.presenter.seat_rows(seen, names, native)):
                total = f"{match.session.totals[match.seats[s]]:+g}"
                assert Text.from_markup(row).plain + " " + total in text, row
            status = Text.from_markup(match.presenter.status(seen, names, native)).plain
            assert status[:60] in text.replace("\n", " ")
            lang = match.lang  # the table's own words in the language of its names
            assert WORDS.c(lang, "panel", "Table") in text and WORDS.c(lang, "panel", "Log") in text
            assert (WORDS.c(lang, "panel", "Trick") in text
                    or WORDS.c(lang, "panel", "Last trick") in text)
            hand_line = WORDS(lang, "Hand {hand}: {seats}.", hand=match.hand_number, seats="|")
            assert hand_line.split("|")[0] in text
            role, total = match.role_of(match.observer_seat), f"{match.total_of(0):+g}"
            who = (WORDS(lang, "you: {role}, total {total}", role=role, total=total) if role
                   else WORDS(lang, "you: seat {seat}, total {total}", seat=match.observer_seat,
                              total=total))
            assert who in lines[0]
            assert WORDS.c(lang, "key", "quit") in lines[-1]
            assert WORDS.c(lang, "key", "hint") in lines[-1]

    asyncio.run(scenario())


def test_rules_key_and_names_key() -> None:
    match = Match("lukfu", get_game("lukfu").rules("gloucester", {"red_bonus": "true"}), 3,
                  seed=2, hands=1)

    async def scenario() -> None:
        app = PlayApp(match, delay=0)
        async with app.run_test(size=(100, 40)) as pilot:
            await wait_for(pilot, my_turn_or_end(app))
            await pilot.press("r")
            await pilot.pause()
            text = screen_text(app)
            option = get_game("lukfu").options.option("tariff")
            assert "tariff = tsoi" in text
            assert option.meaning in text
            assert "preset gloucester" in text
            assert isinstance(app.screen, RulesScreen)
            assert "red_bonus = true (changed)" in Text.from_markup(app.screen.text).plain
            await pilot.press("escape")
            await pilot.pause()
            hand = app.query_one("#hand", HandView)
            latin = [c.label for c in hand.chips]
            await pilot.press("n")
            await pilot.pause()
            from paiju.lukfu.engine.cards import hanzi, parse_card

            assert [c.label for c in hand.chips] == [hanzi(parse_card(t)) for t in latin]
            assert hand.chips[0].label in screen_text(app)

    asyncio.run(scenario())


def test_watching_at_the_table_runs_the_session_to_its_end() -> None:
    match = Match("daifugo", get_game("daifugo").rules(None), 4, seed=8, hands=2, human=None)

    async def scenario() -> None:
        app = PlayApp(match, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, match.session_over)
            await pilot.pause()
            assert "The session is over." in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
        assert match.session.hands_played == 2 and len(match.summaries) == 2

    asyncio.run(scenario())


def test_narrower_than_80_columns_the_log_makes_room_and_says_so() -> None:
    """The log shrank to a column of single letters below 80 columns, with no word why."""
    match = Match("lukfu", get_game("lukfu").rules(None), 4, seed=3, hands=1, save=False)

    async def scenario() -> None:
        app = PlayApp(match, delay=0)
        async with app.run_test(size=(60, 20)) as pilot:
            await wait_for(pilot, my_turn_or_end(app))
            await pilot.pause()
            assert not app.query_one("#log").display
            assert app.query_one("#left").region.width == 60
            assert "the log shows at 80 columns or more" in screen_text(app)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert app.query_one("#log").display and app.query_one("#log").region.width > 20
            assert "the log shows at" not in screen_text(app)

    asyncio.run(scenario())
