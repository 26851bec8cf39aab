"""Feedback and wording: progress with the time left on a terminal (quiet when piped), a
results table sized to its content, plurals, short closing lines, named sources."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from cli_helpers import assert_no_crash, real_records, run

from paiju.cli import main
from paiju.sim import progress as progress_module
from paiju.sim.bench import format_bench
from paiju.ui.commands import closing_lines


class Terminal(io.StringIO):
    """Standard error as a terminal."""

    def isatty(self) -> bool:
        return True


def _on_a_terminal(args: list[str], monkeypatch: pytest.MonkeyPatch) -> str:
    """Run ``paiju ARGS`` with standard error a terminal; what standard error showed."""
    stderr = Terminal()
    monkeypatch.setattr(sys, "stderr", stderr)
    monkeypatch.setattr(progress_module, "PROGRESS_DELAY", 0.0)
    try:
        main(args, standalone_mode=False)
    except SystemExit as done:
        assert done.code in (0, None), stderr.getvalue()
    return stderr.getvalue()


def _long_runs(tmp_path: Path) -> list[list[str]]:
    jsonl = tmp_path / "hands.jsonl"
    jsonl.write_text("\n".join(real_records()[:4]), encoding="utf-8")
    return [
        ["simulate", "lukfu", "--hands", "8"],
        ["bench", "--seconds", "0.01", "--no-peers", "--search", "", "--ismcts-iters", "2",
         "--memory-hands", "4", "--target", "lukfu:hongkong:3"],
        ["play", "lukfu", "--watch", "--plain", "--hands", "2", "--bots", "random",
         "--no-save"],
        ["referee", str(jsonl)],
    ]


@pytest.mark.parametrize("which", range(4))
def test_long_runs_show_progress_on_a_terminal_and_stay_quiet_when_piped(
        which: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    args = _long_runs(tmp_path)[which]
    piped = run(args)
    assert_no_crash(piped, (0,))
    assert "eta" not in piped.stderr and "━" not in piped.stderr
    shown = _on_a_terminal(args, monkeypatch)
    assert "eta" in shown and re.search(r"\d+/\d+", shown), shown


def test_bench_prints_its_plan_first() -> None:
    result = run(["bench", "--seconds", "0.01", "--no-peers", "--search", "",
                  "--ismcts-iters", "2", "--target", "lukfu:hongkong:3"])
    assert_no_crash(result, (0,))
    assert result.stderr.splitlines()[0] == (
        "plan: 4 measurements of 0.01 s each (--seconds), about 0.0 s in all")


def test_uecda_serve_says_how_far_it_is_and_fits_80_columns() -> None:
    result = subprocess.run([sys.executable, "-m", "paiju.cli", "uecda", "serve", "--port", "0",
                             "--games", "30", "--seed", "1", "--bots",
                             "heuristic,random,uecda-standard,heuristic,random"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    progress = [line for line in result.stderr.splitlines() if " of 30 games played" in line]
    assert [line.split()[1] for line in progress] == ["10", "20"], result.stderr
    assert all(len(line) <= 80 for line in result.stdout.splitlines()), result.stdout
    assert all(len(line) <= 80 for line in result.stderr.splitlines()), result.stderr
    assert result.stdout.splitlines()[-1] == "every player played all 30 games itself"


def test_the_results_table_is_as_wide_as_its_content() -> None:
    long = "ismcts:iters=2:rollout=random:prior=heuristic:reward=place:c=0.7"
    result = run(["simulate", "lukfu", "--players", "3", "--hands", "3", "--bots",
                  f"{long},random"])
    assert_no_crash(result, (0,))
    lines = result.output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("player"))
    header, rows = lines[start], lines[start + 1:start + 4]
    end = header.index("points/hand") + len("points/hand")
    win = header.index("win rate") + len("win rate")
    for row in rows:
        cells = row.split()
        assert row.index(cells[2]) + len(cells[2]) == end, (header, row)
        rate = re.search(r"\d+\.\d%", row)  # the win rate, after an interval that may
        assert rate is not None and rate.end() == win, (header, row)  # be words
    assert long in rows[0]


def test_plurals_in_command_output(tmp_path: Path) -> None:
    one_group = run(["simulate", "daifugo", "--players", "3", "--hands", "3"])
    assert "3 hands in 1 group (" in one_group.output
    record = json.loads(real_records()[0])
    record["actions"] = record["actions"][:1]
    path = tmp_path / "one.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert " · 1 action" in run(["replay", "--text", str(path)]).output.splitlines()[0]
    report = {"hardware": {"cpu": "x", "cores": 1, "usable_cores": 1, "python": "CPython",
                           "platform": "p"}, "seconds_per_measure": 1, "seed": 0,
              "paiju": [{"label": "L", "engine": {}, "simulator": {},
                         "ismcts": {"iterations_per_s": 5.0, "iterations": 1,
                                    "positions": 1}}],
              "peers": {}, "ratios": [], "memory": []}
    report["paiju"][0]["engine"] = report["paiju"][0]["simulator"] = {
        "hands": 1, "decisions": 1, "hands_per_s": 1.0, "decisions_per_s": 1.0}
    assert "(1 iteration over 1 decision)" in format_bench(report)


def test_closing_lines_fit_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    home = Path("/Users/somebody")
    monkeypatch.setattr(Path, "home", staticmethod(lambda: home))
    folder = home / "Library" / "Application Support" / "paiju" / "records" / "daifugo"
    summary = SimpleNamespace(totals=[3.0, -1.0, -1.0, -1.0],
                              record_file=folder / "20260101-120000-daifugo-seed4-hand001.json")
    match = SimpleNamespace(summaries=[summary], player_name=lambda p: "You" if p == 0 else
                            f"P{p}", saved_files=[summary.record_file])
    lines = closing_lines(match)
    assert lines[0] == "1 hand played; totals: You +3, P1 -1, P2 -1, P3 -1"
    assert lines[1:] == ["1 record saved in",
                         "  ~/Library/Application Support/paiju/records/daifugo"]
    assert all(len(line) <= 80 for line in lines)


def test_rules_name_their_sources() -> None:
    out = run(["rules", "daifugo", "--rules", "popular"]).output
    sources = [line for line in out.splitlines() if line.strip().startswith("source:")]
    assert sources and all("pagat.com, Dai Hinmin (004)" in line for line in sources
                           if "004" in line)
    assert not any(re.search(r"source: 00\d", line) for line in sources)
    lukfu = run(["rules", "lukfu"]).output
    assert "Luk Fu in Hong Kong, by The Suffocated and Wong Siu Fat (000)" in lukfu


def test_a_player_of_another_game_is_refused_before_any_hand() -> None:
    """Dai Fugō's own player names the game it plays when given to Luk Fu, in every command
    that takes a player (no traceback, nothing played)."""
    for args in (
        ["simulate", "lukfu", "--bots", "uecda-standard,random,random,random", "--hands", "2"],
        ["play", "lukfu", "--bots", "uecda-standard", "--seed", "1"],
    ):
        result = run(args)
        assert_no_crash(result, (1, 2))
        assert "player 'uecda-standard' plays only Dai Fugō (大富豪), not Luk Fu (六虎)" in (
            result.output), (args, result.output)
    result = run(["simulate", "daifugo", "--rules", "uecda", "--players", "5",
                  "--bots", "uecda-standard,random", "--hands", "4"])
    assert_no_crash(result, (0,))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_in_simulate_reports_the_hands_played_so_far(workers: str) -> None:
    """Ctrl-C stops ``paiju simulate`` at a group's end and prints the results of the
    groups played, saying so, with exit status 130 (it printed only "stopped")."""
    import signal
    import time

    def default_sigint() -> None:  # a shell's background job ignores it; a terminal does not
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    proc = subprocess.Popen([sys.executable, "-m", "paiju.cli", "simulate", "lukfu",
                             "--hands", "2000000", "--workers", workers],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_sigint)
    time.sleep(4)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert "Traceback" not in err
    played = re.search(r"^([\d,]+) hands in ([\d,]+) groups", out, re.MULTILINE)
    assert played, out
    hands = played.group(1)
    assert err.strip().splitlines()[-1] == (
        f"paiju: stopped after {hands} hands of 2,000,000; the results above are of those")
    assert int(played.group(2).replace(",", "")) * 4 == int(hands.replace(",", ""))
