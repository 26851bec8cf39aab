"""``paiju learn``: a guided hand played to its end through the pilot at 80 x 24; at each
of the person's turns the guide panel says what they may do and why a card is barred,
from the engine's own reasons; the result box explains the scoring."""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from rich.cells import cell_len
from textual.containers import VerticalScroll
from textual.geometry import Region
from ui_helpers import my_turn_or_end, screen_text, wait_for

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import get_game
from paiju.table.guide import guided_turn
from paiju.ui.app import ResultScreen
from paiju.ui.learn import WORDS, LearnApp, guide_lines, learn_match, scoring_line
from paiju.ui.match import Match


def _squeezed(text: str) -> str:
    return re.sub(r"[\s│╭╮╰╯─▁▔┃█▀▄▌▐▇]+", "", text)


def _cells(app: LearnApp, region: Region) -> str:
    """The characters on screen inside ``region``, counted by cells (a Chinese or
    Japanese character is two cells wide)."""
    rows = []
    strips = app.screen._compositor.render_strips()
    for strip in strips[region.y:region.y + region.height]:
        x, row = 0, []
        for seg in strip:
            for ch in seg.text:
                if region.x <= x < region.x + region.width:
                    row.append(ch)
                x += cell_len(ch)
        rows.append("".join(row))
    return "\n".join(rows)


@pytest.mark.parametrize(("game", "native"), [("lukfu", False), ("daifugo", False),
                                              ("lukfu", True)])
def test_a_guided_hand_to_its_end(game: str, native: bool) -> None:
    match = learn_match(game, 5, save=False)
    assert match.seed is not None and match.seed >= 5
    match.native = native
    lang = match.presenter.lang(native)
    rng = random.Random(5)
    turns = barred_shown = 0

    async def scenario() -> None:
        nonlocal turns, barred_shown
        app = LearnApp(match, delay=0, auto_next=False)
        async with app.run_test(size=(80, 24)) as pilot:
            while True:
                await wait_for(pilot, my_turn_or_end(app))
                if isinstance(app.screen, ResultScreen):
                    break
                await pilot.pause()
                state, seat = match.state, match.observer_seat
                assert state is not None
                said = guide_lines(app)
                assert said[0] == WORDS(lang, "You may:")
                turn = guided_turn(state, seat, match.game, game)
                legal = list(state.view(seat).legal_actions())
                cut = said.index("") if "" in said else len(said)
                moves = [x for x in said[1:cut] if x.startswith("• ")]
                more = [int(re.search(r"\d+", x).group()) for x in said[1:cut]  # type: ignore[union-attr]
                        if not x.startswith("• ")]
                assert len(moves) + sum(more) == len(legal)  # every legal move, shown or counted
                assert len(moves) == len(legal) or more
                box = app.query_one("#guide", VerticalScroll)
                shown = _squeezed(_cells(app, box.content_region))
                assert shown.startswith(_squeezed(said[0] + said[1])[:20])  # on screen
                if turn.barred and any(d.get("cards") for d in turn.moves):
                    token, why = next(iter(turn.barred.items()))
                    label = match.presenter.label(token, native)
                    line = next(x for x in said if x.startswith("• ") and x.endswith(
                        ": " + match.presenter.refusal(why, native)))
                    assert label in line.split(": ")[0].split()
                    assert WORDS(lang, "Cards you cannot use now, and why:") in said
                    # the reason is the engine's: playing the card alone is refused
                    assert match.attempt("play", [token]) is not None
                    barred_shown += 1
                    if box.max_scroll_y > 0:  # PgDn shows the rest of the guide
                        await pilot.press("pagedown")
                        await pilot.pause()
                        assert box.scroll_y > 0
                        await pilot.press("pageup")
                        await pilot.pause()
                        assert box.scroll_y == 0
                turns += 1
                action = HeuristicBot().choose(state.view(seat), rng)
                match.apply(action)
                app.redraw()
                app._schedule()
            await pilot.pause(0.1)
            text = _squeezed(screen_text(app))
            assert _squeezed(scoring_line(game, lang)) in text
            leave = _squeezed("enter" + WORDS.c(lang, "key", "leave"))
            assert leave in text  # the box's last line: nothing is cut off
            assert match.summaries and match.summaries[0].lines
            await pilot.press("enter")

    asyncio.run(scenario())
    assert turns >= 2
    assert barred_shown >= 1


def test_the_guide_waits_while_the_others_play() -> None:
    g = get_game("lukfu")
    match = Match("lukfu", g.rules("hongkong"), 4, seed=5, hands=1, save=False)

    async def scenario() -> None:
        app = LearnApp(match, delay=30)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if not match.human_to_move():
                assert guide_lines(app) == [
                    WORDS("en", "Watch the others play: the guide speaks at your turn.")]
            else:
                assert guide_lines(app)[0] == "You may:"

    asyncio.run(scenario())


def test_the_command_needs_a_terminal_and_a_game() -> None:
    from click.testing import CliRunner

    from paiju.cli import main

    done = CliRunner().invoke(main, ["learn", "lukfu", "--seed", "5"])
    assert done.exit_code == 2
    assert done.output.strip() == "paiju: learning needs a terminal: run paiju learn in one"
    assert CliRunner().invoke(main, ["learn", "poker"]).exit_code == 2
