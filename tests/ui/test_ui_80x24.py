"""Nothing is cut off at 80 x 24: both games played through the real app at that size,
a refusal tried at every turn of the person's, a hint asked for and taken, and after
each step every sentence of the status is on screen whole."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import Static
from ui_helpers import my_turn_or_end, screen_text, wait_for, wording_faults

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import get_game
from paiju.ui.app import HandView, PlayApp, ResultScreen
from paiju.ui.match import Match
from paiju.ui.screens import HintScreen


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _shown(app: PlayApp, widget: Any) -> str:
    """The text on screen inside ``widget``'s content area."""
    region = widget.content_region
    lines = screen_text(app).splitlines()[region.y:region.y + region.height]
    return "\n".join(line[region.x:region.x + region.width] for line in lines)


def assert_status_whole(app: PlayApp) -> str:
    """Every word of the status, in order, within the status's lines on screen."""
    want = Text.from_markup(app.status_markup).plain
    shown = _shown(app, app.query_one("#status", Static))
    assert _squeezed(shown) == _squeezed(want), f"cut off:\n{want}\nshown:\n{shown}"
    assert wording_faults(want) == [], want
    return want


async def _refuse_something(app: PlayApp, pilot: Any, rng: random.Random) -> str | None:
    """Select cards the rules refuse (the whole hand, or a random pair) and press enter."""
    m = app.match
    hand = app.query_one("#hand", HandView)
    legal = {tuple(sorted(a.to_json().get("cards", []))) for a in m.seen().view.legal_actions()}
    tokens = [c.token for c in hand.chips]
    for pick in (tokens, rng.sample(tokens, min(2, len(tokens)))):
        if tuple(sorted(pick)) in legal or not pick:
            continue
        hand.select_tokens(pick)
        app.message = ""
        await pilot.press("enter")
        await pilot.pause()
        if "Refused" in app.status_markup:
            return assert_status_whole(app)
    return None


def _own_turn(app: PlayApp, rng: random.Random) -> None:
    m = app.match
    state = m.state
    assert state is not None
    m.apply(HeuristicBot().choose(state.view(m.observer_seat), rng))
    app.message = ""
    app._hand().clear()
    app.redraw()
    app._schedule()


@pytest.mark.parametrize(("game", "preset", "players"),
                         [("lukfu", "hongkong", 4), ("daifugo", "popular", 5)])
def test_every_sentence_is_whole_at_80x24(game: str, preset: str, players: int) -> None:
    rules = get_game(game).rules(preset)
    match = Match(game, rules, players, seed=11, hands=1, save=False,
                  hint_seconds=None, hint_iterations=16)
    rng = random.Random(11)
    seen: dict[str, list[str]] = {"refusal": [], "hint": [], "status": []}

    async def scenario() -> None:
        app = PlayApp(match, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            while True:
                await wait_for(pilot, my_turn_or_end(app))
                if isinstance(app.screen, ResultScreen):
                    assert wording_faults("\n".join(match.log)) == [], match.log
                    return
                seen["status"].append(assert_status_whole(app))
                refused = await _refuse_something(app, pilot, rng)
                if refused:
                    seen["refusal"].append(refused)
                if not seen["hint"] and len(match.seen().view.legal_actions()) > 1:
                    app._hand().clear()
                    await pilot.press("h")
                    await wait_for(pilot, lambda: isinstance(app.screen, HintScreen))
                    box = app.screen.query_one("#hint-box")
                    assert box.virtual_size.height <= box.content_region.height, \
                        "the hint's last lines are out of sight"
                    await pilot.press("s")
                    await wait_for(pilot, lambda: not isinstance(app.screen, HintScreen))
                    seen["hint"].append(assert_status_whole(app))
                    continue  # the hint's cards are selected: the person plays them
                _own_turn(app, rng)

    asyncio.run(scenario())
    assert seen["refusal"] and seen["hint"], seen
    # the longest sentences drawn were among those checked
    longest = max((*seen["refusal"], *seen["hint"]), key=len)
    assert len(longest) > 78, longest
