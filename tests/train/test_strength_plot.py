"""tools/strength_plot.py: its runs are the ones kept in docs/notes/strength-plot, and it
draws the figure of docs/strength.md from them."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "notes" / "strength-plot"


def _tool() -> ModuleType:
    path = ROOT / "tools" / "strength_plot.py"
    spec = importlib.util.spec_from_file_location("strength_plot", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["strength_plot"] = module
    spec.loader.exec_module(module)
    return module


tool = _tool()


def _option(args: list[str], name: str) -> str:
    return args[args.index(name) + 1]


@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_every_kept_run_is_the_run_the_tool_names(game: str) -> None:
    """Each file in the folder holds what its ``paiju simulate`` command plays: the game,
    rules, players, seats, hands and seed (a changed list of players must be run again)."""
    runs = tool.runs(game)
    assert {name for name, _ in runs} >= {p.name for p in DATA.glob(f"{game}-*.json")}
    kept = 0
    for name, args in runs:
        path = DATA / name
        if not path.exists():
            continue
        kept += 1
        result = json.loads(path.read_text())
        players = int(_option(args, "--players"))
        specs = _option(args, "--bots").split(",")
        assert result["game"] == game and result["rules"] == _option(args, "--rules")
        assert result["players"] == players and result["seed"] == 2024
        assert result["bots"] == (specs + [specs[-1]] * players)[:players]
        assert result["hands"] >= int(_option(args, "--hands"))
        assert result["duplicate"] == ("--duplicate" in args)
    assert kept >= 3


def test_the_points_are_each_players_margin_and_seconds() -> None:
    points = {label: (seconds, margin) for label, seconds, margin in
              tool.speed_points(DATA, "lukfu")}
    assert points["heuristic"][1] == (0.0, 0.0, 0.0)
    mean, low, high = points["learned"][1]
    assert low < mean < high and low > 0  # docs/strength.md: significant over 2,001 hands
    assert points["heuristic"][0] < points["ismcts 100"][0]


def test_the_training_rounds_come_from_the_log() -> None:
    rounds = tool.training_log("lukfu", DATA / "train-lukfu.log")
    assert [r["round"] for r in rounds] == [1, 2, 3, 4]
    assert all(r["strength"][0]["table"] == "gloucester:3" for r in rounds)


def test_the_figure_is_drawn(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the plot needs the train extra's matplotlib")
    out = tmp_path / "plot.png"
    tool.plot(DATA, out, {"lukfu": DATA / "train-lukfu.log"})
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
