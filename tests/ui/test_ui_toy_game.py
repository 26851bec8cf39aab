"""The toy game (tests/bots/tinygame/) at the terminal table and before the referee, with
nothing of it outside its folder but the test registry's line: a whole hand played at the
keyboard through the real app (Textual's pilot), in English and then in Chinese, its
record saved, replayed by ``paiju referee`` in a process that learns of the game from
``PAIJU_GAMES``, and a broken copy of it refused at its first broken rule."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ui_helpers import my_turn_or_end, screen_text, select, wait_for

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import get_game
from paiju.table.present import presenter_for
from paiju.ui.app import PlayApp, ResultScreen
from paiju.ui.match import Match

BOTS = Path(__file__).resolve().parents[1] / "bots"
sys.path.insert(0, str(BOTS))


@pytest.fixture(autouse=True)
def _tiny_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from paiju.core import games

    monkeypatch.setitem(games.GAMES, "tiny", "tinygame")


async def _play_hand(app: PlayApp, pilot: Any) -> tuple[int, bool]:
    """The person's seat played by the heuristic at the keyboard, one refusal tried on
    the way; (turns played, whether the engine's reason for the refusal was shown)."""
    m = app.match
    bot, rng = HeuristicBot(), random.Random(2)
    turns, refused = 0, False
    while True:
        await wait_for(pilot, my_turn_or_end(app))
        if isinstance(app.screen, ResultScreen):
            return turns, refused
        state = m.state
        assert state is not None
        seat = m.observer_seat
        text = screen_text(app)
        for other in range(state.num_seats):  # no other seat's card on the screen
            if other != seat:
                for token in state.view(other).to_json()["hand"]:
                    assert token not in text, f"seat {other}'s {token} is on the screen"
        legal = state.legal_actions()
        dos = m.presenter.moves(legal)
        mine = state.view(seat).to_json()["hand"]
        beaten = [t for t in mine if not any(a.to_json().get("cards") == [t] for a in legal)]
        if not refused and beaten:  # a single the table refuses: the engine says why
            await select(pilot, app, [beaten[0]])
            await pilot.press(m.presenter.key_for("play", dos))
            why = state.why_illegal(m.game.action_from_json(
                {"seat": seat, "do": "play", "cards": [beaten[0]]}))
            assert why is not None and m.presenter.refusal(why, m.native) in app.message
            refused = True
            await pilot.press("escape")
        data = bot.choose(state.view(seat), rng).to_json()
        if data["do"] not in m.presenter.no_cards:
            await select(pilot, app, data["cards"])
        count = len(state.record()["actions"])
        await pilot.press(m.presenter.key_for(data["do"], dos))
        assert app.message == "", app.message
        assert len(state.record()["actions"]) > count or state.is_terminal()
        turns += 1


def _play(native: bool) -> tuple[Match, str, int, bool]:
    rules = get_game("tiny").rules("basic")
    match = Match("tiny", rules, 3, seed=4, hands=1, hint_seconds=None, hint_iterations=20)

    async def scenario() -> tuple[str, int, bool]:
        app = PlayApp(match, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            if native:
                await pilot.press("n")
            turns, refused = await _play_hand(app, pilot)
            text = screen_text(app)
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.return_code is not None or not app.is_running, 10)
        return text, turns, refused

    text, turns, refused = asyncio.run(scenario())
    return match, text, turns, refused


def _referee(path: Path) -> subprocess.CompletedProcess[str]:
    """``paiju referee`` in a new process that knows the toy game by ``PAIJU_GAMES``."""
    env = {**os.environ, "PAIJU_GAMES": "tiny=tinygame", "PYTHONPATH": str(BOTS)}
    return subprocess.run([sys.executable, "-m", "paiju.cli", "referee", str(path)], env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_toy_hand_at_the_keyboard_and_before_the_referee(tmp_path: Path) -> None:
    match, text, turns, refused = _play(native=False)
    assert turns >= 2 and refused
    summary = match.summaries[-1]
    presenter = presenter_for("tiny")
    report = match._keep_last.report() if match._keep_last else {}
    winner = match.seat_names()[report["winner"]]
    said = ("You go out first and win." if winner == "You"
            else f"{winner} goes out first and wins.")
    assert said in " ".join(text.split())  # the result box, in the game's words
    assert summary.lines[0] == said
    assert presenter.game_title("en") in text
    assert summary.payments == tuple(match.session.totals)
    assert sum(summary.payments) == 0

    record_file = summary.record_file
    assert record_file is not None
    record = json.loads(record_file.read_text(encoding="utf-8"))
    ruled = _referee(record_file)
    assert ruled.returncode == 0, ruled.stderr
    ruling = json.loads(ruled.stdout)
    assert ruling["legal"] and ruling["finished"] and ruling["points"] == list(summary.payments)

    # a broken copy: the first play made again by the seat after it (out of turn)
    first = next(i for i, a in enumerate(record["actions"]) if a["do"] == "play")
    broken = json.loads(json.dumps(record))
    wrong = broken["actions"][first]
    wrong["seat"] = (wrong["seat"] + 1) % 3
    (tmp_path / "broken.json").write_text(json.dumps(broken), encoding="utf-8")
    refused_ruling = _referee(tmp_path / "broken.json")
    assert refused_ruling.returncode == 1, refused_ruling.stderr
    out = json.loads(refused_ruling.stdout)
    assert out["legal"] is False and out["illegal_at"] == first
    assert out["reason"] == (f"it is seat {record['actions'][first]['seat']}'s turn, "
                             f"not seat {wrong['seat']}'s")


def test_a_toy_hand_in_chinese_says_no_english_sentence() -> None:
    match, text, turns, _ = _play(native=True)
    assert turns >= 2
    lines = match.summaries[-1].lines
    assert any(line.endswith("最先出完，贏了。") or line == "你最先出完，贏了。"
               for line in lines), lines
    assert lines[-1].startswith("本局得分：")
    assert "goes out first" not in text and "Points this hand" not in text
