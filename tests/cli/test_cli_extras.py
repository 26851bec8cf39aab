"""A command that needs an extra paiju's install left out says so in one line, with the
command that installs it, and exits 2 (``bench --server`` without httpx gave a 33-line
traceback)."""

from __future__ import annotations

import os
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
