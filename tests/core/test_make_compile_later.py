"""`make compile-later`, the background compile `make play` starts: it outlives the
terminal that started it, and a compile that failed or was cut short says so next time.

The venv is a stand-in (a `pip` that sleeps and a `python` that agrees), so the test
runs the Makefile's own recipe in seconds without compiling anything."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def _venv(tmp_path: Path, pip_exit: int = 0) -> Path:
    """A stand-in venv whose `pip` takes a second and exits with ``pip_exit``."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    for name, body in (("pip", f"sleep 1\nexit {pip_exit}\n"), ("python", "exit 0\n")):
        script = venv / "bin" / name
        script.write_text("#!/bin/sh\n" + body)
        script.chmod(0o755)
    (venv / ".playing").touch()  # newer than pyproject.toml: nothing to install
    return venv


def _compile_later(venv: Path) -> subprocess.Popen[str]:
    """`make compile-later` in a session of its own, as a terminal's shell runs it."""
    return subprocess.Popen(
        ["make", "-s", "compile-later", f"VENV={venv}"], cwd=ROOT, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        start_new_session=True)


def _settled(venv: Path, marker: str, seconds: float = 20) -> bool:
    """Whether ``marker`` appears and `.compiling` goes within ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if (venv / marker).exists() and not (venv / ".compiling").exists():
            return True
        time.sleep(0.1)
    return False


def _dead_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def test_the_compile_survives_the_terminal_closing(tmp_path: Path) -> None:
    """The hangup a closing terminal sends its process group leaves the compile running,
    and it finishes as it would have."""
    venv = _venv(tmp_path)
    make = _compile_later(venv)
    out, _ = make.communicate(timeout=30)
    assert make.returncode == 0, out
    assert "compiling the engines in the background" in out
    # the terminal closes (no process left in its group is the compile's own session)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(make.pid, signal.SIGHUP)
    assert _settled(venv, ".compiled"), "the compile died with the terminal"
    assert not (venv / ".compile-failed").exists()


def test_an_interrupted_compile_says_so_at_the_next_start(tmp_path: Path) -> None:
    """A `.compiling` left by a compile that is no longer running is named as cut short,
    then the compile starts again."""
    venv = _venv(tmp_path)
    (venv / ".compiling").write_text(f"{_dead_pid()}\n")
    make = _compile_later(venv)
    out, _ = make.communicate(timeout=30)
    assert make.returncode == 0, out
    assert "was interrupted" in out
    assert "compiling the engines in the background" in out
    assert _settled(venv, ".compiled")


def test_a_failed_compile_says_so_at_the_next_start(tmp_path: Path) -> None:
    """A compile that fails leaves its marker, and the next start says the pure engines
    play and does not compile again."""
    venv = _venv(tmp_path, pip_exit=1)
    first = _compile_later(venv)
    first.communicate(timeout=30)
    assert _settled(venv, ".compile-failed")
    again = _compile_later(venv)
    out, _ = again.communicate(timeout=30)
    assert "did not compile here" in out
    assert "in the background" not in out
