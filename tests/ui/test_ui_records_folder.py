"""A session whose records cannot be saved says so in one line before the first hand, exit
2 (with a read-only folder, ``p`` or ``q`` at the table gave a 320-line crash dump and
exit 0, and the hand was lost)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def _run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PAIJU_DATA_DIR": str(data)}
    return subprocess.run([sys.executable, "-m", "paiju.cli", *args], capture_output=True,
                          text=True, timeout=120, env=env)


def _said(out: subprocess.CompletedProcess[str], data: Path, game: str) -> None:
    assert out.returncode == 2, (out.returncode, out.stderr)
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert lines[0].startswith(f"paiju: cannot save records in {data / 'records' / game}: ")
    assert lines[0].endswith("; --no-save plays without saving, $PAIJU_DATA_DIR moves the folder")


@pytest.mark.parametrize("args", [("play", "lukfu"), ("play", "daifugo", "--watch"),
                                  ("learn", "daifugo")])
def test_a_data_folder_that_is_a_file_is_refused_before_the_first_hand(
        tmp_path: Path, args: tuple[str, ...]) -> None:
    data = tmp_path / "paiju-data"
    data.write_text("not a folder\n")
    out = _run(data, *args)
    _said(out, data, args[1])
    assert "Hand 1" not in out.stdout and "hand 1" not in out.stdout
    assert data.read_text() == "not a folder\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_data_folder_is_refused_before_the_first_hand(tmp_path: Path) -> None:
    data = tmp_path / "paiju-data"
    data.mkdir()
    data.chmod(0o555)
    try:
        _said(_run(data, "play", "lukfu"), data, "lukfu")
    finally:
        data.chmod(0o755)


def test_no_save_plays_whatever_the_folder(tmp_path: Path) -> None:
    data = tmp_path / "paiju-data"
    data.write_text("not a folder\n")
    out = _run(data, "play", "daifugo", "--watch", "--hands", "1", "--delay", "0",
               "--seed", "3", "--no-save")
    assert out.returncode == 0, out.stderr
