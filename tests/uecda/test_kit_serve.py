"""The official standard clients on ``paiju uecda serve`` (opt-in: set PAIJU_UECDA_KIT).

Five official standard clients (the 2018 kit's ``client/client``, built by hand outside
the repository as docs/uecda.md says) play PAIJU_UECDA_GAMES games on ``paiju uecda
serve``, started as a user starts it. Every program must end cleanly, no client may be
dropped, and every record must referee clean with the points of the results table.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from kit_helpers import GAMES, finish, free_port, kit_path, listening, official_client

from paiju.core.referee import referee

pytestmark = pytest.mark.uecda_kit


@pytest.fixture
def devkit() -> Path:
    return kit_path("client/client")


def test_official_clients_play_a_tournament_on_paiju_serve(devkit: Path, tmp_path: Path
                                                            ) -> None:
    port = free_port()
    started = time.monotonic()
    with open(tmp_path / "serve.out", "w") as out, open(tmp_path / "serve.log", "w") as err:
        server = subprocess.Popen(
            [sys.executable, "-c", "from paiju.cli import main; main()", "uecda", "serve",
             "--port", str(port), "--games", str(GAMES), "--seed", "1",
             "--records", str(tmp_path / "games.jsonl")],
            stdout=out, stderr=err)
    try:
        deadline = time.monotonic() + 20
        while not listening(port):
            assert server.poll() is None, (tmp_path / "serve.log").read_text()
            assert time.monotonic() < deadline, "paiju uecda serve did not listen within 20 s"
            time.sleep(0.05)
        clients = [official_client(devkit, port, f"std{i}") for i in range(5)]
        codes = finish(clients, timeout=60 + GAMES * 2)
        assert server.wait(60) == 0, (tmp_path / "serve.log").read_text()
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    seconds = time.monotonic() - started
    log = (tmp_path / "serve.log").read_text()
    assert codes == [0] * 5, log
    assert "takes the seat" not in log, log  # no client dropped
    assert "the rules accept" not in log, log  # no play that tndhms would refuse
    assert "the rules reject" not in log, log  # nor one it would take (a joker beyond the ends)
    # a rejected lead is a pass; where the rules make a leader play, the fallback plays
    stand_ins = [line for line in log.splitlines() if "plays this turn for it" in line]
    table = (tmp_path / "serve.out").read_text().splitlines()
    points = {int(line.split()[1]): float(line.split()[4]) for line in table[1:6]}
    assert len(points) == 5 and sum(points.values()) == 15 * GAMES
    totals = dict.fromkeys(range(5), 0.0)
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert len(lines) == GAMES
    for number, line in enumerate(lines, 1):
        rec = json.loads(line)
        report = referee(rec).report
        assert report["legal"] and report["finished"], (number, report)
        for seat, player in enumerate(rec["uecda"]["players"]):
            totals[player] += report["points"][seat]
    assert totals == points
    summary = [line for line in log.splitlines() if "games played; clients dropped" in line]
    print(f"\n{GAMES} games in {seconds:.0f} s; {summary[-1].split(' ', 1)[1]}; "
          f"{len(stand_ins)} rejected leads played by the fallback")
    print("\n".join(table))
