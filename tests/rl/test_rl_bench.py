"""``paiju bench --rl``: paiju's AEC env beside the peer environments, in one run."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pettingzoo")

from click.testing import CliRunner

from paiju.cli import main


def test_bench_rl_measures_paiju_and_the_peers_in_one_run() -> None:
    result = CliRunner().invoke(main, ["bench", "--rl", "--seconds", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["load_average"] >= 0
    figures = {f["env"]: f for f in report["figures"]}
    for label in ("paiju Luk Fu hongkong, 4 players", "paiju Dai Fugo pagat, 4 players"):
        assert figures[label]["steps"] > 10
        assert 0 < figures[label]["actions_per_second"] <= figures[label]["steps_per_second"]
    assert {"PettingZoo leduc_holdem_v4", "OpenSpiel dou_dizhu (rl_environment)"} <= set(figures)
    for fig in figures.values():
        assert "missing" in fig or fig["steps_per_second"] > 0
