"""``paiju review``: the review of a recorded hand in 80 columns and three languages, its
JSON, and one line with status 2 for what it cannot review."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.cells import cell_len

from paiju.bots.base import make_bot
from paiju.cli import main
from paiju.core.games import get_game


def record_file(tmp_path: Path, game_name: str, preset: str, players: int, seed: int) -> Path:
    game = get_game(game_name)
    rng = random.Random(seed)
    state = game.new_hand(game.rules(preset, {}), players, rng)
    bot = make_bot("heuristic", game_name)
    while (seat := state.to_move()) is not None:
        state.apply(bot.choose(state.view(seat), rng))
    path = tmp_path / f"{game_name}.json"
    path.write_text(json.dumps(state.record()))
    return path


@pytest.mark.parametrize(("game", "preset", "players"),
                         [("daifugo", "uecda", 5), ("lukfu", "hongkong", 4)])
@pytest.mark.parametrize("lang", ["en", "zh_Hant", "ja"])
def test_the_review_fits_80_columns_in_every_language(tmp_path: Path, game: str, preset: str,
                                                       players: int, lang: str) -> None:
    path = record_file(tmp_path, game, preset, players, 3)
    out = CliRunner().invoke(main, ["review", str(path), "--seat", "2", "--deals", "4",
                                    "--lang", lang])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert len(lines) > 8
    assert all(cell_len(line) <= 80 for line in lines), max(lines, key=cell_len)
    if lang != "en":  # every word from the catalogue: no English sentence left
        for english in ("Review of", "decisions with a choice", "the same", "held at the deal",
                        "Worst first", "well played", "Better:"):
            assert english not in out.output


def test_the_json_counts_from_zero_and_holds_every_decision(tmp_path: Path) -> None:
    path = record_file(tmp_path, "daifugo", "pagat", 4, 8)
    out = CliRunner().invoke(main, ["review", str(path), "--seat", "1", "--deals", "4",
                                    "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["seat"] == 0 and data["deals"] == 4 and data["model"] is None
    record = json.loads(path.read_text())
    for d in data["decisions"]:
        assert record["actions"][d["index"]] == d["made"]["action"]
        assert d["flagged"] == (d["cost_low"] > 0)
        assert d["made"]["place"] is not None  # Dai Fugō has an order of going out
    one = CliRunner().invoke(main, ["review", str(path), "--deals", "4", "--json",
                                    "--action", str(data["decisions"][0]["index"] + 1)])
    assert [d["index"] for d in json.loads(one.output)["decisions"]] == \
        [data["decisions"][0]["index"]]


def test_deals_by_the_others_moves_are_said(tmp_path: Path) -> None:
    path = record_file(tmp_path, "daifugo", "pagat", 4, 8)
    out = CliRunner().invoke(main, ["review", str(path), "--deals", "3", "--model",
                                    "heuristic"])
    assert out.exit_code == 0, out.output
    assert "best of 16 by how many of the others' moves heuristic makes too" in \
        " ".join(out.output.split())


@pytest.mark.parametrize(("args", "says"), [
    (["--seat", "9"], "the hand has seats 1 to 4, not 9"),
    (["--action", "100000"], "action 100000 is no decision of seat 1"),
    (["--bots", "nobody"], "nobody"),
    (["--index", "3"], "there is no record 3"),
    (["--model", "nobody"], "nobody"),
])
def test_what_cannot_be_reviewed_is_one_line_and_status_2(tmp_path: Path, args: list[str],
                                                          says: str) -> None:
    path = record_file(tmp_path, "daifugo", "pagat", 4, 8)
    done = subprocess.run([sys.executable, "-m", "paiju.cli", "review", str(path),
                           "--deals", "2", *args], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and says in done.stderr, done.stderr


def test_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    done = subprocess.run([sys.executable, "-m", "paiju.cli", "review", str(bad)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "Traceback" not in done.stderr
