"""A command that needs an extra paiju's install left out says so in one line, with the
command that installs it, and exits 2 (``bench --server`` without httpx gave a 33-line
traceback)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path


def test_bench_server_without_httpx_says_how_to_install_it(tmp_path: Path) -> None:
    (tmp_path / "httpx.py").write_text("raise ImportError(\"No module named 'httpx'\")\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-m", "paiju.cli", "bench", "--server",
                          "--tables", "1", "--seconds", "1"],
                         capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert lines == ["paiju: bench --server needs httpx, which paiju's test extra installs: "
                     "pip install -e '.[test]' in paiju's folder"]


def _serve(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paiju.cli", "serve", *args],
                          capture_output=True, text=True, timeout=60, env=env)


def _one_line(out: subprocess.CompletedProcess[str]) -> str:
    """The command failed with status 2 and said why in one line, no traceback."""
    assert out.returncode == 2, (out.returncode, out.stderr)
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    return lines[0]


def test_serve_on_a_file_that_is_not_a_database_says_so(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my shopping list\n" * 100)
    said = _one_line(_serve("--port", str(free_port()), "--db", str(notes)))
    assert said.startswith(f"paiju: --db {notes} is not a database paiju can use"), said
    assert notes.read_text() == "my shopping list\n" * 100  # bad input changes nothing


def test_serve_on_a_folder_says_so(tmp_path: Path) -> None:
    said = _one_line(_serve("--port", str(free_port()), "--db", str(tmp_path)))
    assert said == (f"paiju: --db {tmp_path} is a folder: give a file, e.g. "
                    f"{tmp_path / 'tables.sqlite3'}")


def test_serve_on_postgresql_without_its_driver_says_how_to_install_it(tmp_path: Path
                                                                       ) -> None:
    (tmp_path / "psycopg.py").write_text("raise ImportError(\"No module named 'psycopg'\")\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    said = _one_line(_serve("--port", str(free_port()), "--db",
                            "postgresql://paiju@127.0.0.1:1/paiju", env=env))
    assert said == ("paiju: --db postgresql://… needs psycopg, which paiju's postgres extra "
                    "installs: pip install -e '.[postgres]' in paiju's folder")


def test_serve_on_a_port_in_use_says_so_before_any_address(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = _serve("--port", str(port), "--db", str(tmp_path / "t.sqlite3"))
    said = _one_line(out)
    assert said == f"paiju: port {port} is in use by another program: choose another with --port"
    assert "http://" not in out.stderr and not (tmp_path / "t.sqlite3").exists()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_version_says_which_engines_run() -> None:
    out = subprocess.run([sys.executable, "-m", "paiju.cli", "--version"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    first, engines = out.stdout.strip().splitlines()
    assert first.startswith("paiju, version ")
    import paiju.compiled as compiled

    assert engines == ("engines: compiled" if compiled.in_use()
                       else f"engines: pure Python ({compiled.reason})")


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paiju.cli", "bench", *args],
                          capture_output=True, text=True, timeout=60)


def test_bench_strangers_are_named_from_the_list_and_only_with_abuse() -> None:
    assert _one_line(_bench("--server", "--abuse", "--strangers", "bodies,ghosts")) == (
        "paiju: --strangers: there is no stranger called ghosts (they are searchers, bodies, "
        "non-readers, table-flood, idle, message-flood, chat-flood, lobby-flood, crowd)")
    assert "names none" in _one_line(_bench("--server", "--abuse", "--strangers", ","))
    assert _one_line(_bench("--server", "--strangers", "bodies")) == (
        "paiju: --strangers goes with --abuse: it says which strangers come")
