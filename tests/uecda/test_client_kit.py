"""``paiju uecda client --bot`` on the official server ``tndhms`` (opt-in: PAIJU_UECDA_KIT
names a built 2018 kit, docs/uecda.md says how to build it)."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from kit_helpers import GAMES, kit_path, start_tndhms

pytestmark = pytest.mark.uecda_kit

@pytest.mark.parametrize("spec", ["heuristic", "uecda-standard"])
def test_a_paiju_player_plays_a_session_on_tndhms_without_a_rejected_play(
        spec: str, tmp_path: Path) -> None:
    path = kit_path()
    port, server = start_tndhms(path, tmp_path)
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
