"""Output that must not lie or break: bounded reads, exit codes, the bench's flags."""

from __future__ import annotations

import json
import os
import pty
import resource
import subprocess

from cli_helpers import assert_one_line_refusal, paiju_program, run

from paiju.core.records import MAX_RECORD_BYTES


def _capped() -> None:
    """At most 2 GB of address space: a read without a bound fails instead of filling the
    machine's memory."""
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def test_referee_reads_dev_zero_with_a_bound_and_refuses_it_in_one_line() -> None:
    done = subprocess.run([*paiju_program(), "referee", "/dev/zero"], capture_output=True,
                          timeout=120, check=False, preexec_fn=_capped)
    stderr = done.stderr.decode()
    assert done.returncode == 2 and done.stdout == b"", stderr
    assert stderr.splitlines() == [
        f"paiju: /dev/zero holds more than {MAX_RECORD_BYTES // 1_000_000} MB, more than "
        "any record file paiju reads (split a JSON-lines file: split -l 10000 FILE)"]


def test_huge_input_on_standard_input_is_refused_too() -> None:
    line = assert_one_line_refusal(run(["referee", "-"], b" " * (MAX_RECORD_BYTES + 1)))
    assert "standard input holds more than" in line
    line = assert_one_line_refusal(run(["replay", "--text", "-"], b"{" * (MAX_RECORD_BYTES + 1)))
    assert "holds more than" in line


def test_referee_with_no_file_at_a_terminal_says_what_it_wants() -> None:
    leader, follower = pty.openpty()
    try:
        done = subprocess.run([*paiju_program(), "referee"], stdin=follower,
                              capture_output=True, timeout=60, check=False)
    finally:
        os.close(leader)
        os.close(follower)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines() == [
        "paiju: no record given: name a FILE, or send one to standard input "
        "(paiju referee - < FILE)"]


def test_bench_game_without_server_measures_that_game_only() -> None:
    result = run(["bench", "--game", "daifugo", "--seconds", "0.01", "--no-peers",
                  "--search", "", "--memory-hands", "0", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    games = {entry["game"] for entry in report["paiju"]}
    assert games == {"daifugo"}, games
    line = assert_one_line_refusal(run(["bench", "--game", "daifugo", "--target",
                                        "lukfu:hongkong:4", "--seconds", "0.01"]))
    assert line == "paiju: --target lukfu:hongkong:4 is not a game of --game daifugo"
