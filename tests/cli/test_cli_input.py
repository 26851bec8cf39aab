"""Files that are not records: the referee and replay refuse them with status 2 and one line,
in this process and through the real program (its own standard input and output)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from cli_helpers import (
    assert_no_crash,
    assert_one_line_refusal,
    paiju_program,
    real_records,
    run,
    run_program,
)

from paiju.core.referee import referee

BINARY = random.Random(2000).randbytes(2000)
DEEP = ("[" * 100_000 + "]" * 100_000).encode()


def _pretty_record() -> str:
    return json.dumps(json.loads(real_records()[3]), indent=1)


@pytest.mark.parametrize(("data", "says"), [
    (BINARY, "is not UTF-8 text"),
    (DEEP, "nests its JSON too deeply"),
    (b"", "the record is empty"),
    (b"{\"game\": \"lukfu\", \"rules\": NaN}", "NaN is not a number"),
    (b"[" + b"1" * 5000 + b"]", "a number with too many digits"),
])
@pytest.mark.parametrize("command", [["referee"], ["replay", "--text"]])
def test_what_is_not_a_record_is_refused_in_one_line(
        tmp_path: Path, command: list[str], data: bytes, says: str) -> None:
    path = tmp_path / "b.bin"
    path.write_bytes(data)
    line = assert_one_line_refusal(run([*command, str(path)]))
    assert says in line


def test_a_truncated_pretty_printed_record_is_called_truncated(tmp_path: Path) -> None:
    text = _pretty_record()
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    for command in (["referee"], ["replay", "--text"]):
        line = assert_one_line_refusal(run([*command, str(path)]))
        assert "the record ends before its JSON is complete" in line
        assert "line 1 is not valid JSON" not in line
    path.write_text(text.replace('"seat": 0', '"seat" 0', 1), encoding="utf-8")
    line = assert_one_line_refusal(run(["referee", str(path)]))
    assert "the record is not valid JSON: Expecting ':' delimiter: line" in line


def test_a_json_lines_file_cut_short_names_its_last_line(tmp_path: Path) -> None:
    lines = list(real_records()[:3])
    lines[-1] = lines[-1][:40]
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8")
    line = assert_one_line_refusal(run(["referee", str(path)]))
    assert "line 3 ends before its JSON is complete" in line


def test_an_unreadable_action_is_named_from_1(tmp_path: Path) -> None:
    record = json.loads(real_records()[0])
    record["actions"][1] = {"seat": 0, "do": "juggle"}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for command in (["referee"], ["replay", "--text"]):
        assert "paiju: action 2: unknown action 'juggle'" in assert_one_line_refusal(
            run([*command, str(path)]))


@pytest.mark.parametrize("program", ["script", "module"])
def test_the_real_program_refuses_binary_and_deep_input(tmp_path: Path, program: str) -> None:
    command = paiju_program() if program == "script" else [sys.executable, "-m", "paiju.cli"]
    deep = tmp_path / "deep.json"
    deep.write_bytes(DEEP)
    for args, stdin in ((["referee", "-"], BINARY), (["referee", str(deep)], b""),
                        (["replay", "--text", str(deep)], b"")):
        done = run_program(command, args, stdin)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stdout == "" and "Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("paiju: ")


def test_the_real_program_reads_a_record_on_stdin_and_stays_quiet_when_piped() -> None:
    record = real_records()[3].encode()
    done = run_program(paiju_program(), ["referee", "-"], record)
    assert done.returncode == 0 and json.loads(done.stdout)["legal"] is True
    assert done.stderr == ""
    done = run_program(paiju_program(), ["simulate", "lukfu", "--hands", "8", "--json"])
    assert done.returncode == 0 and json.loads(done.stdout)["hands"] == 8
    assert done.stderr == "", "no progress bar when standard error is not a terminal"


def test_an_illegal_record_still_exits_1() -> None:
    record = json.loads(real_records()[0])
    record["actions"].append(dict(record["actions"][-1]))
    result = run(["referee", "-"], stdin=json.dumps(record).encode())
    assert_no_crash(result, (1,))
    assert json.loads(result.stdout)["illegal_at"] == len(record["actions"]) - 1


@pytest.mark.skipif(sys.platform == "win32", reason="SIGPIPE is a POSIX signal")
def test_a_reader_that_stops_reading_ends_the_referee_as_it_ends_cat(tmp_path: Path) -> None:
    import signal
    import subprocess

    path = tmp_path / "many.jsonl"
    path.write_text((real_records()[0] + "\n") * 2000, encoding="utf-8")
    program = subprocess.Popen([*paiju_program(), "referee", str(path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert program.stdout is not None and program.stderr is not None
    first = program.stdout.readline()
    program.stdout.close()
    status = program.wait(timeout=120)
    errors = program.stderr.read().decode()
    assert json.loads(first)["legal"] is True
    assert status == -signal.SIGPIPE, (status, errors)
    assert errors == ""


def test_hand_record_dash_goes_to_standard_output(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """``paiju hand --record -`` prints the record as the last line and writes no file."""
    monkeypatch.chdir(tmp_path)
    result = run(["hand", "daifugo", "--seed", "3", "--record", "-"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.output.splitlines()[-1])
    assert referee(record).report["finished"]
    assert not (tmp_path / "-").exists()
