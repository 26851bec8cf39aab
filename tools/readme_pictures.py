"""Take the README's two terminal pictures again, from the table as it is now.

    python tools/readme_pictures.py            # writes docs/play-lukfu.svg, docs/play-daifugo.svg

Each is the 80x24 table at the person's turn with the hint panel open: Luk Fu
(`hongkong`, four players) during play with cards on the table, and Dai Fugō (`popular`)
with a Jack back in force. The person's earlier moves are the heuristic's; the seeds are
fixed, so the pictures come out the same each time the table does.
"""

from __future__ import annotations

import asyncio
import html
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import get_game
from paiju.ui.app import PlayApp, ResultScreen
from paiju.ui.match import Match
from paiju.ui.screens import HintScreen

ROOT = Path(__file__).resolve().parents[1]


def _lukfu_moment(match: Match) -> bool:
    """Luk Fu in play, the person to beat what lies on the table."""
    state = match.state
    return state is not None and bool(match.trick) and any(
        a.to_json()["do"] == "play" for a in state.view(match.observer_seat).legal_actions())


def _jack_back(match: Match) -> bool:
    """Dai Fugō with a Jack back in force, the person to beat it, with a choice."""
    state = match.state
    if state is None:
        return False
    view = state.view(match.observer_seat)
    return bool(view.to_json().get("jack_back")) and len(list(view.legal_actions())) >= 3


def _shown(svg: str) -> str:
    """The words a terminal picture shows."""
    return html.unescape(" ".join(re.findall(r">([^<>]+)</text>", svg))).replace("\xa0", " ")


async def _take(match: Match, moment: Callable[[Match], bool], out: Path, shows: str) -> bool:
    app = PlayApp(match, delay=0)
    bot, rng = HeuristicBot(), random.Random(0)
    async with app.run_test(size=(80, 24)) as pilot:
        while True:
            for _ in range(3000):
                if isinstance(app.screen, ResultScreen) or (
                        match.human_to_move() and not app._busy):
                    break
                await pilot.pause(0.01)
            if isinstance(app.screen, ResultScreen):
                return False
            if moment(match):
                await pilot.pause(0.3)  # the log scrolled to its end
                await pilot.press("h")
                for _ in range(3000):
                    if isinstance(app.screen, HintScreen):
                        break
                    await pilot.pause(0.01)
                await pilot.pause(0.2)
                svg = app.export_screenshot(title="paiju play")
                if shows not in _shown(svg):  # the hint panel hides it: another hand
                    return False
                out.write_text(svg, encoding="utf-8")
                return True
            state = match.state
            assert state is not None
            match.apply(bot.choose(state.view(match.observer_seat), rng))
            app.redraw()
            app._schedule()


def take(game: str, preset: str, moment: Callable[[Match], bool], out: Path,
         shows: str) -> int:
    """The first seed from 1 whose hand reaches ``moment`` with the picture showing
    ``shows``; the picture written to ``out``."""
    for seed in range(1, 200):
        match = Match(game, get_game(game).rules(preset), 4, seed=seed, hands=1, save=False,
                      hint_seconds=None, hint_iterations=300)
        if asyncio.run(_take(match, moment, out, shows)):
            return seed
    raise SystemExit(f"no seed reached the moment for {game}")


def main() -> None:
    done = [take("lukfu", "hongkong", _lukfu_moment, ROOT / "docs/play-lukfu.svg", "Hint:"),
            take("daifugo", "popular", _jack_back, ROOT / "docs/play-daifugo.svg",
                 "Jack back: the ranking")]
    print(f"docs/play-lukfu.svg (seed {done[0]}), docs/play-daifugo.svg (seed {done[1]})",
          file=sys.stderr)


if __name__ == "__main__":
    main()
