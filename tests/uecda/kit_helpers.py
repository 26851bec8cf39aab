"""The official UECda kit for the opt-in tests (PAIJU_UECDA_KIT names its built folder).

PAIJU_UECDA_KIT names the folder ``tndhm_devkit_c-20180826`` of the 2018 kit, built by
hand outside the repository (docs/uecda.md says how); PAIJU_UECDA_GAMES the games a
tournament plays (20 unless set).
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

import pytest

GAMES = int(os.environ.get("PAIJU_UECDA_GAMES", "20"))


def kit_path(*parts: str) -> Path:
    """The built kit; the test is skipped without PAIJU_UECDA_KIT and fails when the kit
    lacks a program it needs (``parts``, by default the server and the client)."""
    where = os.environ.get("PAIJU_UECDA_KIT")
    if not where:
        pytest.skip("PAIJU_UECDA_KIT does not name a built UECda kit")
    path = Path(where)
    for part in parts or ("server/src/tndhms", "client/client"):
        if not (path / part).is_file():
            pytest.fail(f"PAIJU_UECDA_KIT={where} holds no built {part} (see docs/uecda.md)")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def listening(port: int) -> bool:
    """Whether some socket listens on ``port`` (read from /proc, so no slot is taken)."""
    want = f":{port:04X} "
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        if any(want in line and line.split()[3] == "0A" for line in lines):
            return True
    return False


def start_tndhms(kit: Path, folder: Path, games: int = GAMES
                 ) -> tuple[int, subprocess.Popen[bytes]]:
    """tndhms for ``games`` games on a free port, with no window, run in ``folder``
    (its output in ``folder/tndhms.out``); it listens when this returns."""
    cfg = (kit / "server/src/tndhms.cfg").read_text(encoding="latin-1").splitlines()
    fixed = {"WINDOW_TYPE": "console", "GRAPH_WINDOW": "none", "GAME_NUMBER": str(games)}
    lines = [f"{ln.split()[0]}\t{fixed[ln.split()[0]]}"
             if ln.split() and ln.split()[0] in fixed else ln for ln in cfg]
    (folder / "tndhms.cfg").write_text("\n".join(lines) + "\n", encoding="latin-1")
    port = free_port()
    with open(folder / "tndhms.out", "wb") as out:
        proc = subprocess.Popen(
            [str(kit / "server/src/tndhms"), "-c", "tndhms.cfg", "-p", str(port)],
            cwd=folder, stdout=out, stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 10
    while not listening(port):
        assert proc.poll() is None, (folder / "tndhms.out").read_text(encoding="latin-1")
        assert time.monotonic() < deadline, "tndhms did not listen within 10 s"
        time.sleep(0.05)
    return port, proc


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait()


def official_client(kit: Path, port: int, name: str) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [str(kit / "client/client"), "-p", str(port), "-n", name],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    time.sleep(0.1)  # the server takes its players one by one, in the order they come
    return proc


def finish(procs: list[subprocess.Popen[bytes]], timeout: float = 600) -> list[int]:
    return [p.wait(timeout) for p in procs]
