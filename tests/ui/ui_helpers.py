"""Driving the table through Textual's test pilot, as a person at the keyboard would."""

from __future__ import annotations

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
