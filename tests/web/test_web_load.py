"""The load benchmark runs end to end on a real server (a few tables, briefly)."""

from paiju.web.loadbench import format_load, run_load


def test_the_load_benchmark_measures_moves_and_latency() -> None:
    report = run_load(tables=3, seconds=2.0, think=0.05, bot_delay=0.0, game="daifugo")
    assert report["tables"] == 3 and report["moves"] > 0 and report["client_moves"] > 0
    assert report["errors"] == 0
    lat = report["latency_ms"]
    assert 0 < lat["p50"] <= lat["p99"] <= lat["max"]
    assert "moves per second" not in format_load(report)
    assert f"p99 {lat['p99']} ms" in format_load(report)
