"""The benchmark's pieces, on the tiny game (figures are measured, never asserted)."""

import itertools
import json

import pytest
from click.testing import CliRunner

from paiju.cli import main
from paiju.sim import bench, memory


def test_slope_is_least_squares() -> None:
    assert memory.slope([0, 1, 2, 3], [1, 3, 5, 7]) == pytest.approx(2.0)
    assert memory.slope([0, 1, 2], [5, 5, 5]) == 0.0
    assert memory.slope([1, 1], [2, 3]) == 0.0


def test_hardware_names_cpu_cores_and_python() -> None:
    hw = bench.hardware()
    assert hw["cpu"] and hw["cores"] >= 1 and hw["python"].split()[0] in ("CPython", "PyPy")


TINY = (("Tiny, 3 players", "tiny", "basic", {}, 3),)


def test_bench_command_on_the_tiny_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "TARGETS", TINY)
    out = CliRunner().invoke(main, ["bench", "--seconds", "0.05", "--ismcts-iters", "5",
                                    "--search", "ismcts:iters=7:root=halving",
                                    "--memory-hands", "60", "--no-peers", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    (entry,) = report["paiju"]
    engine = entry["engine"]
    assert engine["hands"] >= 1 and engine["decisions"] >= engine["hands"]
    assert entry["ismcts"]["positions"] >= 1
    assert entry["ismcts"]["iterations"] == 5 * entry["ismcts"]["positions"]
    search = entry["search"]
    assert search["spec"] == "ismcts:iters=7:root=halving" and search["positions"] >= 1
    assert search["decisions_per_s"] > 0 and search["iterations"] > 0
    (memory,) = report["memory"]
    assert memory["hands"] == 60 and len(memory["samples"]) == 20
    assert memory["time_budget_s"] is None, "a number of hands is played whatever the time"
    text = bench.format_bench(report)
    assert "hardware:" in text and "Tiny, 3 players" in text and "KiB per 10,000 hands" in text
    assert "ismcts:iters=7:root=halving" in text and "decisions/s" in text
    only = CliRunner().invoke(main, ["bench", "--memory-only", "--memory-hands", "30"])
    assert only.exit_code == 0, only.output
    assert "hands/s" not in only.output and "memory over a long simulation" in only.output


def _fake_clock(monkeypatch: pytest.MonkeyPatch, tick: float) -> None:
    """Every reading of the bench's clock moves it on by ``tick`` seconds."""
    ticks = itertools.count()
    monkeypatch.setattr(bench, "clock", lambda: next(ticks) * tick)


def test_every_measurement_follows_seconds_the_memory_run_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_clock(monkeypatch, 0.01)
    said: list[str] = []
    report = bench.run_bench(0.5, 5, None, False, 0, log=said.append, targets=TINY,
                             search=None)
    assert said[0] == "plan: 4 measurements of 0.5 s each (--seconds), about 2.0 s in all"
    (entry,) = report["paiju"]
    for figure in (entry["engine"], entry["simulator"]):
        assert 0.5 <= figure["seconds"] < 0.6
    (memory,) = report["memory"]
    assert memory["time_budget_s"] == 0.5 and memory["hands_asked"] == bench.MEMORY_HANDS
    assert 10 < memory["hands"] < 100, "the memory run stops when its time is up"
    assert 15 <= len(memory["samples"]) <= 20
    text = bench.format_bench(report)
    assert "(its 0.5 s ran out;\n    --memory-hands N plays N hands)" in text
    assert all(len(line) <= 80 for line in text.splitlines()), text


def test_a_number_of_memory_hands_is_planned_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_clock(monkeypatch, 0.01)
    said: list[str] = []
    report = bench.run_bench(0.5, 5, 40, False, 0, log=said.append, targets=TINY,
                             search=None, memory_only=True)
    assert said[0] == ("plan: 0 measurements of 0.5 s each (--seconds), about 0.0 s in all; "
                       "then 1 memory run of 40 hands (as long as they take; a terminal "
                       "shows the time left)")
    assert report["memory"][0]["hands"] == 40 and report["paiju"] == []


def test_peers_report_when_they_are_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.setitem(sys.modules, "rlcard", None)
    assert "not installed" in str(bench.openspiel_random(0.01, 0))
    assert "not installed" in str(bench.rlcard_random(0.01, 0))


def test_targets_name_a_game_preset_and_player_count() -> None:
    assert bench.parse_target("lukfu:sung:3") == ("lukfu sung, 3 players", "lukfu", "sung", {}, 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("lukfu:sung", "GAME:PRESET:PLAYERS"),
        ("lukfu:sung:x", "GAME:PRESET:PLAYERS"),
        ("lukfu:sung:9", "not 9"),
        ("lukfu:nonesuch:4", "no preset 'nonesuch'"),
        ("chess:x:2", "unknown game 'chess'"),
    ],
)
def test_bad_targets_are_refused_before_anything_runs(text: str, message: str) -> None:
    result = CliRunner().invoke(main, ["bench", "--target", text, "--memory-hands", "0"])
    assert result.exit_code == 2
    assert message in result.output


def test_the_memory_peak_is_never_below_a_size_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    # the kernel's high-water mark lags: it reads lower than the size read after it
    sizes = iter(range(100 << 20, 200 << 20, 1 << 20))
    monkeypatch.setattr(memory, "_rss_bytes", lambda: next(sizes))
    monkeypatch.setattr(memory, "_peak_bytes", lambda: 50 << 20)
    report = memory.memory_run("lukfu", "hongkong", {}, 4, 40, 1)
    samples = [mib for _, mib in report["samples"]]
    assert report["peak_rss_mib"] >= max(samples) >= report["rss_end_mib"]
    assert report["peak_rss_mib"] >= report["rss_start_mib"]
    monkeypatch.undo()
    real = memory.memory_run("lukfu", "hongkong", {}, 4, 40, 1)
    assert real["peak_rss_mib"] >= real["rss_end_mib"]
