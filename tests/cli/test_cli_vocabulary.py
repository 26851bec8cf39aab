"""One vocabulary across commands: the same options, refused the same way when out of range,
the same defaults, help generated from the option tables."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import ROOT, assert_no_crash, real_records, run

from paiju.core import games
from paiju.core.games import get_game
from paiju.core.referee import referee

WATCH = ["--watch", "--plain", "--hands", "1", "--bots", "random", "--no-save"]


@pytest.mark.parametrize(("args", "option", "says"), [
    (["simulate", "daifugo", "--players", "0"], "--players", "Dai Fugō (大富豪) is for 3 to 8 "
                                                            "players, not 0"),
    (["simulate", "lukfu", "-n", "5"], "--players", "is for 3 or 4 players, not 5"),
    (["play", "lukfu", *WATCH, "--players", "0"], "--players", "3 or 4 players, not 0"),
    (["hand", "daifugo", "--players", "9"], "--players", "3 to 8 players, not 9"),
    (["play", "lukfu", *WATCH, "--delay", "-3"], "--delay", "-3.0 is not in the range x>=0"),
    (["play", "lukfu", *WATCH, "--delay", "nan"], "--delay", "'nan' is not a number of seconds"),
    (["play", "lukfu", *WATCH, "--hint-time", "0"], "--hint-time", "not in the range x>0"),
    (["play", "lukfu", *WATCH, "--hands", "0"], "--hands", "not in the range x>=1"),
    (["bench", "--seconds", "-1"], "--seconds", "-1.0 is not in the range x>0"),
    (["bench", "--seconds", "inf"], "--seconds", "'inf' is not a number of seconds"),
    (["bench", "--memory-hands", "-1"], "--memory-hands", "not in the range x>=0"),
    (["simulate", "lukfu", "--hands", "0"], "--hands", "not in the range x>=1"),
    (["simulate", "lukfu", "--workers", "0"], "--workers", "not in the range 1<=x<=256"),
    (["simulate", "lukfu", "--seed", "-1"], "--seed", "-1 is not in the range 0<=x<2**63"),
    (["hand", "lukfu", "--seed", "-1"], "--seed", "not in the range"),
    (["play", "lukfu", *WATCH, "--seed", "-7"], "--seed", "not in the range"),
    (["bench", "--seed", "-1"], "--seed", "not in the range"),
    (["play", "lukfu", *WATCH, "--seed", str(2**63)], "--seed", "not in the range"),
    (["rules", "lukfu", "--rules", "pagat"], "--rules", "Luk Fu (六虎) has no preset 'pagat'; "
                                                        "its presets: hongkong, gloucester, sung"),
    (["simulate", "chess"], "GAME", "unknown game 'chess'"),
])
def test_values_out_of_range_are_refused_by_click(args: list[str], option: str,
                                                  says: str) -> None:
    result = run(args)
    assert_no_crash(result, (2,))
    assert f"Invalid value for '{option}'" in result.output or option == "GAME"
    assert says in result.output


@pytest.mark.parametrize("flag", ["--step", "--index", "--record"])
def test_replay_refuses_steps_and_indexes_out_of_range(tmp_path: Path, flag: str) -> None:
    path = tmp_path / "hand.json"
    path.write_text(real_records()[0], encoding="utf-8")
    result = run(["replay", "--text", str(path), flag, "-1"])
    assert_no_crash(result, (2,))
    assert "not in the range" in result.output
    result = run(["replay", "--text", str(path), flag, "999"])
    assert_no_crash(result, (2,))
    assert "not 999" in result.output or "no record 999" in result.output


def test_rules_takes_rules_and_keeps_preset_as_an_alias() -> None:
    outputs = {flag: run(["rules", "lukfu", flag, "gloucester"]) for flag in
               ("--rules", "-r", "--preset")}
    for result in outputs.values():
        assert_no_crash(result, (0,))
        assert result.output.startswith("Luk Fu (六虎) — preset gloucester")
    assert len({r.output for r in outputs.values()}) == 1
    assert_no_crash(run(["rules", "lukfu", "-p", "gloucester"]), (2,))  # -p is no preset


@pytest.mark.parametrize("command", [["serve"], ["uecda", "serve"], ["uecda", "client"]])
def test_p_is_the_port_wherever_there_is_one(command: list[str]) -> None:
    text = run([*command, "--help"]).output
    assert re.search(r"--port, -p|-p, --port", text), text


def test_one_bots_option_wherever_players_are_seated() -> None:
    for command in (["play"], ["simulate"], ["hand"], ["uecda", "serve"], ["uecda", "client"]):
        assert "--bots" in run([*command, "--help"]).output, command


def test_the_last_bot_spec_repeats_in_every_command() -> None:
    result = run(["simulate", "daifugo", "--players", "5", "--bots", "heuristic,random",
                  "--hands", "5", "--json"])
    assert_no_crash(result, (0,))
    assert json.loads(result.output)["bots"] == ["heuristic"] + ["random"] * 4
    watch = run(["play", "daifugo", "--watch", "--plain", "--hands", "1", "--no-save",
                 "--players", "5", "--bots", "heuristic,random", "--seed", "1"])
    assert_no_crash(watch, (0,))
    assert ("players: P0 (medium), P1 (easy), P2 (easy), P3 (easy), P4 (easy)"
            in watch.output)
    extra = run(["simulate", "daifugo", "--bots", "random,random,random,random,heuristic"])
    assert_no_crash(extra, (2,))
    assert "5 player specs for 4 seats" in extra.output
    mine = run(["play", "lukfu", "-n", "3", "--bots", "random,random,heuristic"])
    assert_no_crash(mine, (2,))
    assert "3 player specs for 2 computer seats" in mine.output


def _players_seated(command: str, game: str) -> int:
    if command == "hand":
        out = run(["hand", game, "--seed", "1"]).output
        return int(re.search(r", (\d) players\n", out).group(1))  # type: ignore[union-attr]
    if command == "simulate":
        return int(json.loads(run(["simulate", game, "--hands", "1", "--json"]).output)[
            "players"])
    out = run(["play", game, *WATCH]).output
    return int(re.search(r" · (\d) players · ", out).group(1))  # type: ignore[union-attr]


@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_one_default_player_count_per_game(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    commands = ("hand", "simulate", "play")
    assert {_players_seated(c, game) for c in commands} == {4}
    monkeypatch.setitem(games.DEFAULT_PLAYERS, game, 3)
    assert {_players_seated(c, game) for c in commands} == {3}


@pytest.mark.parametrize("command", ["play", "hand", "simulate", "rules"])
def test_every_help_lists_the_presets_from_the_option_tables(
        command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = " ".join(run([command, "--help"]).output.split())
    for name in ("lukfu", "daifugo"):
        for preset in get_game(name).options.presets:
            assert preset in text
    monkeypatch.setitem(get_game("lukfu").options.presets, "teahouse", {})
    assert "teahouse" in run([command, "--help"]).output, "the list is generated"


@pytest.mark.parametrize("command", ["play", "replay", "referee"])
def test_help_says_where_records_are_saved(command: str, data_dir: Path) -> None:
    text = "".join(run([command, "--help"]).output.split())
    assert str(data_dir / "records" / "GAME") in text and "$PAIJU_DATA_DIR" in text


def test_play_deals_dai_fugo_under_the_popular_preset(data_dir: Path) -> None:
    result = run(["play", "daifugo", "--watch", "--hands", "1", "--seed", "3"])
    assert_no_crash(result, (0,))
    assert "rules popular" in result.output.splitlines()[0]
    (path,) = (data_dir / "records" / "daifugo").glob("*.json")
    assert json.loads(path.read_text(encoding="utf-8"))["rules"]["preset"] == "popular"
    pagat = run(["play", "daifugo", *WATCH, "--rules", "pagat"])
    assert "rules pagat" in pagat.output.splitlines()[0]
    help_text = " ".join(run(["play", "--help"]).output.split())
    assert "daifugo: popular (default), pagat, uecda" in help_text
    for command in ("hand", "simulate", "rules"):  # one default across commands
        assert "daifugo: popular (default)" in " ".join(run([command, "--help"]).output.split())
    assert "popular" in run(["rules", "daifugo"]).output.splitlines()[0]


def test_the_readme_says_which_dai_fugo_play_deals() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = readme[: readme.index("## Playing in the terminal")]
    assert "paiju play daifugo" in first and "popular" in first
    tour = readme[readme.index("## A short tour"):]
    assert "--rules pagat" in tour and "popular" in tour


def test_actions_are_counted_from_1_for_people(tmp_path: Path) -> None:
    record = json.loads(real_records()[3])
    record["actions"][2] = dict(record["actions"][0])
    ruling = referee(record).report
    assert ruling["legal"] is False
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    text = run(["replay", "--text", str(path)]).output
    assert f"action {ruling['illegal_at'] + 1} is illegal: {ruling['reason']}" in text
    assert f"step {ruling['illegal_at']}/{ruling['illegal_at']}:" in text
    docs = " ".join((ROOT / "docs" / "records.md").read_text(encoding="utf-8").split())
    assert "`illegal_at` counts from 0" in docs and "people count actions from 1" in docs


def test_replay_of_many_records_says_which_it_shows(tmp_path: Path) -> None:
    records = real_records()[3:6]
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(records), encoding="utf-8")
    first = run(["replay", "--text", str(path)])
    assert_no_crash(first, (0,))
    assert "record 1 of 3 (--index N shows another)" in first.output.splitlines()[0]
    for flag in ("--index", "--record"):
        second = run(["replay", "--text", str(path), flag, "2"])
        assert "record 2 of 3" in second.output.splitlines()[0]
        assert "shows another" not in second.output
        assert "Dai Fugō (大富豪) · rules popular" in second.output
    beyond = run(["replay", "--text", str(path), "--index", "4"])
    assert_no_crash(beyond, (2,))
    assert "the file holds 3 records; there is no record 4" in beyond.output
