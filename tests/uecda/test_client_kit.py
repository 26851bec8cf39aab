"""``paiju uecda client --bot`` on the official server ``tndhms`` (opt-in: PAIJU_UECDA_KIT
names a built 2018 kit, docs/uecda.md says how to build it)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.uecda_kit

GAMES = int(os.environ.get("PAIJU_UECDA_GAMES", "20"))


def kit() -> Path:
    where = os.environ.get("PAIJU_UECDA_KIT")
    if not where:
        pytest.skip("PAIJU_UECDA_KIT does not name a built UECda kit")
    path = Path(where)
    for part in ("server/src/tndhms", "client/client"):
        if not (path / part).is_file():
            pytest.fail(f"PAIJU_UECDA_KIT={where} holds no built {part} (see docs/uecda.md)")
    return path


def listening(port: int) -> bool:
    """Whether a socket listens on ``port`` (read from /proc: a probe would take a seat)."""
    want = f":{port:04X} "
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        lines = Path(name).read_text().splitlines()[1:] if Path(name).exists() else []
        if any(want in line and line.split()[3] == "0A" for line in lines):
            return True
    return False


def start_server(path: Path, folder: Path) -> tuple[int, subprocess.Popen[bytes]]:
    cfg = (path / "server/src/tndhms.cfg").read_text(encoding="latin-1").splitlines()
    fixed = {"WINDOW_TYPE": "console", "GRAPH_WINDOW": "none", "GAME_NUMBER": str(GAMES)}
    lines = [f"{ln.split()[0]}\t{fixed[ln.split()[0]]}" if ln.split() and ln.split()[0] in fixed
             else ln for ln in cfg]
    (folder / "tndhms.cfg").write_text("\n".join(lines) + "\n", encoding="latin-1")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    with open(folder / "tndhms.out", "wb") as out:
        proc = subprocess.Popen([str(path / "server/src/tndhms"), "-c", "tndhms.cfg", "-p",
                                 str(port)], cwd=folder, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 10
    while not listening(port):
        assert proc.poll() is None and time.monotonic() < deadline, "tndhms did not listen"
        time.sleep(0.05)
    return port, proc


@pytest.mark.parametrize("spec", ["heuristic", "uecda-standard"])
def test_a_paiju_player_plays_a_session_on_tndhms_without_a_rejected_play(
        spec: str, tmp_path: Path) -> None:
    path = kit()
    port, server = start_server(path, tmp_path)
    procs = []
    try:
        def official(name: str) -> None:
            procs.append(subprocess.Popen(
                [str(path / "client/client"), "-p", str(port), "-n", name],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            time.sleep(0.1)  # the server takes its players in the order they come

        official("std0")
        official("std1")
        paiju = subprocess.Popen(
            [sys.executable, "-c", "from paiju.cli import main; main()", "uecda", "client",
             "--port", str(port), "--name", "paiju", "--bot", spec, "--seed", "1",
             "--timeout", "120"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        time.sleep(0.3)
        official("std2")
        official("std3")
        out, _ = paiju.communicate(timeout=900)
        text = out.decode()
        assert paiju.returncode == 0, text
        assert [p.wait(60) for p in procs] == [0, 0, 0, 0]
        assert server.wait(30) == 0
    finally:
        for p in [*procs, server]:
            if p.poll() is None:
                p.kill()
    got = re.search(r"(\d+) games, \d+ turns, (\d+) plays, \d+ passes, (\d+) plays rejected", text)
    assert got is not None, text
    assert (int(got[1]), int(got[3])) == (GAMES, 0), text
    assert int(got[2]) > 5 * GAMES
    print(text)
