"""A client that hangs up leaves the tournament, whenever it does: ``paiju uecda serve``,
run as a user runs it (``paiju.cli.run``, which restores SIGPIPE's default so that ``| head``
works), drops the client, the fallback plays its seat and the tournament goes on to its
results. Over a real socket to a real server process, for each way of hanging up."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
from pathlib import Path

from fake_server import serve_once

from paiju.uecda.client import play_session
from paiju.uecda.standard import StandardStrategy
from paiju.uecda.tables import Table, int_to_bytes, profile_table
from paiju.uecda.wire import ClientConnection, read_exact, read_int

#: the ``paiju`` program itself (``run``, not ``main``: SIGPIPE as a user has it)
PAIJU = [sys.executable, "-c", "from paiju.cli import run; run()"]


class HangUp(Exception):
    """Raised by a test strategy to close its connection."""


def serve(games: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*PAIJU, "uecda", "serve", "--port", "0", "--games", str(games), "--timeout", "2",
         "--seed", "3", "--bots", "client,heuristic"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def port_of(proc: subprocess.Popen[str]) -> int:
    assert proc.stderr is not None
    line = proc.stderr.readline()
    found = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
    assert found, line
    return int(found.group(1))


def finish(proc: subprocess.Popen[str], games: int) -> str:
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, (proc.returncode, err)
    lines = out.splitlines()[:6]  # the results table: a heading and five players
    assert lines[0].startswith("place") and all(ln[:5].strip().isdigit() for ln in lines[1:])
    assert "dropped" in lines[1 + [ln.split()[1] for ln in lines[1:]].index("0")], out
    assert "games each played itself, and a stand-in's for it:" in out, out
    assert f"{games} games played" in err, err
    drops = [ln for ln in err.splitlines() if "player 0 ('hangs up', seat" in ln]
    assert len(drops) == 1 and "heuristic takes the seat" in drops[0], err
    return err


def test_a_client_that_hangs_up_after_its_profile(tmp_path: Path) -> None:
    proc = serve(3)
    with socket.create_connection(("127.0.0.1", port_of(proc))) as sock:
        sock.sendall(profile_table("hangs up").to_bytes())
        time.sleep(0.5)  # the server has read it and sent the number, which is never read
    finish(proc, 3)


def test_a_client_that_hangs_up_after_its_number(tmp_path: Path) -> None:
    proc = serve(3)
    with socket.create_connection(("127.0.0.1", port_of(proc))) as sock:
        sock.sendall(profile_table("hangs up").to_bytes())
        assert read_int(sock, "player number", 10) == 0
    finish(proc, 3)


def play_until(proc: subprocess.Popen[str], strategy: StandardStrategy) -> None:
    conn = ClientConnection.connect("127.0.0.1", port_of(proc), 10.0)
    try:
        play_session(conn, strategy, "hangs up")
    except HangUp:
        pass
    else:
        raise AssertionError("the client played to the end without hanging up")
    finally:
        conn.close()


class MidHand(StandardStrategy):
    """Plays its first turns, then hangs up on a hand table of another's turn."""

    def __init__(self) -> None:
        super().__init__(careful=True)
        self.turns = 0

    def on_hand(self, hand: Table) -> None:
        super().on_hand(hand)
        self.turns += 1
        if self.turns >= 12 and hand[5, 2] != 1:
            raise HangUp


class MidExchange(StandardStrategy):
    """Plays until it is dealt a hand it must give cards from, then hangs up."""

    def gift(self, dealt: Table) -> Table | None:
        if dealt[5, 1] > 0:
            raise HangUp
        return super().gift(dealt)


def test_a_client_that_hangs_up_mid_hand(tmp_path: Path) -> None:
    proc = serve(3)
    play_until(proc, MidHand())
    finish(proc, 3)


def test_a_client_that_hangs_up_mid_exchange(tmp_path: Path) -> None:
    proc = serve(8)
    play_until(proc, MidExchange(careful=True))
    err = finish(proc, 8)
    assert "game 1:" not in err  # it played the first game, before it was rich


def test_the_client_ends_in_one_line_when_the_server_hangs_up() -> None:
    """The client, run as a user runs it, whose server hangs up after asking for its gift and
    sending its turn: the status 2 and one line, not death by SIGPIPE (141)."""
    dealt = Table.of({(5, 0): 1, (5, 1): 2, **{(0, c): 1 for c in range(1, 12)}})
    turn = Table.of({(5, 2): 1, **{(0, c): 1 for c in range(1, 12)}})

    def script(conn: socket.socket) -> None:
        read_exact(conn, 480, "profile", 10)
        conn.sendall(int_to_bytes(0) + dealt.to_bytes() + turn.to_bytes())

    port, thread, out = serve_once(script)
    proc = subprocess.run([*PAIJU, "uecda", "client", "--port", str(port), "--timeout", "5"],
                          capture_output=True, text=True, timeout=60)
    thread.join(10)
    assert "error" not in out, out
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1

