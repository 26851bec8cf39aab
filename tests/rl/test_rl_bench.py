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
    for label in ("paiju Luk Fu hongkong, 4 players, batch 256",
                  "paiju Dai Fugo pagat, 4 players, batch 256"):
        # every session's step counts: at least one step of all 256
        assert figures[label]["steps"] >= 256 and figures[label]["steps"] % 256 == 0
    for label in ("paiju Luk Fu hongkong, 4 players (OpenSpiel rl_environment)",
                  "paiju Dai Fugo pagat, 4 players (OpenSpiel rl_environment)"):
        assert figures[label]["steps"] > 0
    spiel = {"pyspiel dou_dizhu", "pyspiel dou_dizhu + observation tensor",
             "pyspiel leduc_poker", "pyspiel leduc_poker + observation tensor"}
    assert spiel <= set(figures)
    ratios = {(r["env"], r["peer"]): r["ratio"] for r in report["ratios"]}
    batched = "paiju Dai Fugo pagat, 4 players, batch 256"
    peer = "pyspiel dou_dizhu + observation tensor"
    assert ratios[batched, peer] == pytest.approx(
        figures[batched]["steps_per_second"] / figures[peer]["steps_per_second"])


def test_the_table_prints_the_ratios() -> None:
    from paiju.rl.bench import format_rl_bench

    report = {"load_average": 1.0, "figures": [
        {"env": "paiju X, batch 256", "steps_per_second": 3000.0, "steps": 9, "batched": True},
        {"env": "pyspiel dou_dizhu", "steps_per_second": 1000.0, "steps": 9}],
        "ratios": [{"env": "paiju X, batch 256", "peer": "pyspiel dou_dizhu", "ratio": 3.0}]}
    text = format_rl_bench(report)
    assert "paiju X, batch 256 / pyspiel dou_dizhu: 3.00x" in text
