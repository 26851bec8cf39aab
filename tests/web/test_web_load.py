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
    # the server's processor time over the measured moves, read from /proc (Linux)
    per_move = report["server_cpu_ms_per_move"]
    assert per_move is not None and 0 < per_move < 1000
    assert f"per move: {per_move} ms" in format_load(report)


def test_cpu_seconds_reads_a_live_process_and_none_for_a_gone_one() -> None:
    import os
    import subprocess
    import sys

    from paiju.web.loadbench import cpu_seconds

    spent = cpu_seconds([os.getpid()])
    assert spent is not None and spent > 0
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert cpu_seconds([child.pid]) is None


def test_the_abuse_run_measures_tables_while_strangers_do_everything_at_once() -> None:
    report = run_load(tables=3, seconds=3.0, think=0.05, bot_delay=0.0, game="daifugo",
                      abuse=True)
    assert report["moves"] > 0 and report["client_moves"] > 0 and report["errors"] == 0
    did = report["abuse"]
    assert did["search_tables"] == 4 and did["non_readers"] == 20
    assert did["bodies_sent"] > 0 and did["bodies_refused"] > 0
    assert did["tables_refused"] > 0 and did["tables_asked"] > did["tables_refused"]
    assert did["idle_opened"] > 0 and did["flood_messages"] > 0 and did["flood_cut"] > 0
    assert did["chat_sent"] > did["chat_refused"] > 0  # one a second gets through
    assert did["lobby_watchers"] > 0 and did["lobby_asked"] > 0
    assert did["crowd_spectators"] > 0 and did["crowd_watchers"] > 0
    assert did["churn_opened"] > 0
    assert "strangers each from an address of their own" in format_load(report)


def test_one_stranger_alone_comes_and_no_other() -> None:
    report = run_load(tables=2, seconds=2.0, think=0.05, bot_delay=0.0, game="daifugo",
                      abuse=True, strangers=("bodies",))
    assert report["moves"] > 0 and report["errors"] == 0
    did = report["abuse"]
    assert did["bodies_sent"] > 0 and did["bodies_refused"] > 0
    assert did["search_tables"] == did["non_readers"] == did["tables_asked"] == 0
    assert did["flood_messages"] == did["chat_sent"] == did["churn_opened"] == 0
    assert report["strangers"] == ["bodies"]
    assert "strangers (bodies alone)" in format_load(report)
