"""Watch mode runs whole sessions headless; replay steps through a record both ways."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from ui_helpers import screen_text

from paiju.cli import main
from paiju.core.games import get_game
from paiju.core.referee import referee
from paiju.ui.datadir import ENV_VAR, data_dir
from paiju.ui.match import Match
from paiju.ui.replay import Replay, ReplayApp


@pytest.mark.parametrize(("game", "players"), [("lukfu", 4), ("daifugo", 5)])
def test_watch_plays_a_whole_session_headless(game: str, players: int, data_dir: Path) -> None:
    result = CliRunner().invoke(
        main, ["play", game, "--watch", "--hands", "3", "--players", str(players),
               "--seed", "4"])
    assert result.exit_code == 0, result.output
    out = result.output
    for k in (1, 2, 3):
        assert f"== hand {k} ==" in out
    assert "Session over after 3 hands. Final totals:" in out
    files = sorted((data_dir / "records" / game).glob("*.json"))
    assert len(files) == 3
    for path in files:
        ruling = referee(json.loads(path.read_text(encoding="utf-8")))
        assert ruling.report["legal"] and ruling.report["finished"]
    last = out.strip().splitlines()[-1]
    assert all(f"P{p}" in last for p in range(players))


def test_watch_is_reproducible_with_a_seed() -> None:
    args = ["play", "daifugo", "--watch", "--hands", "2", "--seed", "9", "--no-save"]
    first = CliRunner().invoke(main, args)
    second = CliRunner().invoke(main, args)
    assert first.exit_code == 0 and first.output == second.output
    assert "record:" not in first.output


def test_bad_input_is_refused_with_a_clear_message() -> None:
    runner = CliRunner()
    bad = runner.invoke(main, ["play", "lukfu", "--watch", "-o", "tarif=pang"])
    assert bad.exit_code == 2 and "did you mean 'tariff'" in bad.output
    bad = runner.invoke(main, ["play", "lukfu", "--watch", "--players", "5"])
    assert bad.exit_code == 2 and "3 or 4 players, not 5" in bad.output
    bad = runner.invoke(main, ["play", "daifugo", "--watch", "--bots", "grandmaster"])
    assert bad.exit_code == 2 and "unknown player 'grandmaster'" in bad.output
    bad = runner.invoke(main, ["play", "lukfu"])
    assert bad.exit_code == 2 and "needs a terminal" in bad.output


def test_the_data_folder_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "/tmp/somewhere")
    assert data_dir() == Path("/tmp/somewhere")
    monkeypatch.delenv(ENV_VAR)
    monkeypatch.setenv("XDG_DATA_HOME", "/tmp/xdg")
    assert data_dir() == Path("/tmp/xdg/paiju")


def _a_record(game: str, players: int) -> dict:
    match = Match(game, get_game(game).rules(None), players, seed=6, hands=1, human=None,
                  save=False)
    state = match.deal()
    while not state.is_terminal():
        match.play_bot()
    return state.record()


def _first_card_play(record: dict) -> int:
    return next(i for i, a in enumerate(record["actions"])
                if a["do"] == "play" and a.get("cards"))


@pytest.mark.parametrize(("game", "players"), [("lukfu", 3), ("daifugo", 4)])
def test_replay_shows_each_seats_hand_as_it_was(game: str, players: int) -> None:
    record = _a_record(game, players)
    replay = Replay(record)
    assert replay.steps == len(record["actions"]) and replay.stopped is None
    label = replay.presenter.label
    start = replay.hands(0)
    for seat, hand in enumerate(record["deal"]["hands"]):
        for token in hand:
            assert label(token, False) in start[seat]
    k = _first_card_play(record)
    action = record["actions"][k]
    before, after = replay.hands(k), replay.hands(k + 1)
    def cards_in(line: str) -> list[str]:
        return [t.rstrip("°") for t in line.split(": ", 1)[1].split()]

    for token in action["cards"]:
        plain = label(token.split("=")[0], False)
        assert plain in cards_in(before[action["seat"]])
        assert plain not in cards_in(after[action["seat"]])
    assert replay.end_lines(replay.steps), "a finished hand ends with its result"


def test_replay_app_steps_forwards_and_backwards() -> None:
    record = _a_record("daifugo", 4)
    replay = Replay(record)
    k = _first_card_play(record)

    async def scenario() -> None:
        app = ReplayApp(replay)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(k + 2):
                await pilot.press("right")
            await pilot.press("left")
            assert app.step == k + 1
            text = screen_text(app)  # type: ignore[arg-type]
            assert f"step {k + 1}/{replay.steps}" in text
            for line in replay.hands(k + 1):
                assert line in text
            await pilot.press("home")
            assert app.step == 0
            await pilot.press("left")
            assert app.step == 0
            await pilot.press("end")
            assert app.step == replay.steps
            text = screen_text(app)  # type: ignore[arg-type]
            assert replay.end_lines(replay.steps)[0] in text

    asyncio.run(scenario())


def test_replay_text_mode_and_an_illegal_record(tmp_path: Path) -> None:
    record = _a_record("lukfu", 3)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--text"])
    assert result.exit_code == 0, result.output
    n = len(record["actions"])
    assert f"step 0/{n}: the deal" in result.output and f"step {n}/{n}:" in result.output
    one = CliRunner().invoke(main, ["replay", str(path), "--text", "--step", "1"])
    assert "step 1/" in one.output and "step 0/" not in one.output
    # the first action played twice, then the rest: illegal at action 2 of n + 1
    broken = dict(record, actions=[*record["actions"][:1], dict(record["actions"][0]),
                                   *record["actions"][1:]])
    path.write_text(json.dumps(broken), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--text"])
    assert result.exit_code == 1 and "action 2 is illegal:" in result.output
    assert f"· {n + 1} actions, action 2 illegal (replayed to step 1)" in result.output
    assert CliRunner().invoke(main, ["referee", str(path)]).exit_code == 1
    path.write_text("{not json", encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--text"])
    assert result.exit_code == 2 and "not valid JSON" in result.output


def test_replay_shows_the_dreamers_card_face_down_as_a_dream() -> None:
    record = _a_record("lukfu", 4)
    replay = Replay(record)
    dreamer = record["deal"]["dreamer"]
    assert replay.hands(0)[3] == "seat 3: dreams: " + replay.presenter.label(dreamer, False)
    assert replay.hands(0)[0].startswith("seat 0: ") and "dreams" not in replay.hands(0)[0]
