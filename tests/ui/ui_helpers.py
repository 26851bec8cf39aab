"""Driving the table through Textual's test pilot, as a person at the keyboard would."""

from __future__ import annotations

import re
from collections.abc import Callable

from textual.pilot import Pilot

from paiju.ui.app import HandView, PlayApp, ResultScreen


def screen_text(app: PlayApp) -> str:
    """What the terminal shows now, as lines of text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


async def wait_for(pilot: Pilot[None], cond: Callable[[], bool], limit: float = 60.0) -> None:
    """Let the app run until ``cond()`` holds (computer players think in threads)."""
    waited = 0.0
    while not cond():
        if waited > limit:
            raise AssertionError("the table did not get there in time")
        await pilot.pause(0.01)
        waited += 0.01


def my_turn_or_end(app: PlayApp) -> Callable[[], bool]:
    def cond() -> bool:
        if isinstance(app.screen, ResultScreen):
            return True
        return app.match.human_to_move() and not app._busy
    return cond


async def select(pilot: Pilot[None], app: PlayApp, tokens: list[str]) -> None:
    """Select exactly ``tokens`` with the arrow keys and space."""
    hand = app.query_one("#hand", HandView)
    if hand.selected:
        await pilot.press("escape")
    for token in tokens:
        index = next(i for i, c in enumerate(hand.chips)
                     if c.token == token.split("=")[0] and i not in hand.selected)
        while hand.cursor != index:
            await pilot.press("right" if hand.cursor < index else "left")
        await pilot.press("space")
    assert sorted(hand.tokens()) == sorted(t.split("=")[0] for t in tokens)


#: The nouns paiju counts, as plural() says them.
NOUNS = ("card", "trick", "hand", "record", "action", "player", "group", "game",
         "decision", "point", "seat", "round", "session", "step", "measurement")
ONE_PLURAL = re.compile(r"(?<![\d.,])\b1 (" + "|".join(f"{n}s" for n in NOUNS) + r")\b")
MANY_SINGULAR = re.compile(r"\b(?:[02-9]|[1-9]\d+) (" + "|".join(NOUNS) + r")\b(?![-'])")
YOU_AS_THIRD = re.compile(r"\bYou (leads|plays|passes|declares|calls|discards|has|is|wins|"
                          r"gives|takes|claims|dreams|pays|gets)\b")


def wording_faults(text: str) -> list[str]:
    """Every place ``text`` miscounts or treats "You" as "he"."""
    faults = [m.group(0) for m in ONE_PLURAL.finditer(text)]
    faults += [m.group(0) for m in MANY_SINGULAR.finditer(text)]
    faults += [m.group(0) for m in YOU_AS_THIRD.finditer(text)]
    return faults
