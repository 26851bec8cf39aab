"""Interoperability with the official UECda kit (opt-in: set PAIJU_UECDA_KIT).

PAIJU_UECDA_KIT names the folder ``tndhm_devkit_c-20180826`` of the 2018 kit, built by
hand outside the repository (docs/uecda.md says how). The tests start the official
server ``tndhms`` on a free port in a temporary folder, with official standard clients.
"""

from __future__ import annotations

import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from kit_helpers import GAMES, finish, kit_path, official_client, start_tndhms, stop

from paiju.uecda.client import play_session
from paiju.uecda.history import GameLog
from paiju.uecda.judge import judge
from paiju.uecda.standard import StandardStrategy
from paiju.uecda.tables import Table
from paiju.uecda.wire import (
    ALL_OVER,
    CONTINUE,
    ClientConnection,
    read_int,
    read_table,
    write_int,
    write_table,
)

pytestmark = pytest.mark.uecda_kit

@pytest.fixture
def kit() -> Path:
    return kit_path()


@pytest.fixture
def server(kit: Path, tmp_path: Path) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """tndhms for GAMES games on a free port, with no window."""
    port, proc = start_tndhms(kit, tmp_path)
    yield port, proc
    stop(proc)


def test_the_paiju_client_plays_a_session_on_tndhms(
    kit: Path, server: tuple[int, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    port, proc = server
    clients = [official_client(kit, port, f"std{i}") for i in range(2)]
    conn = ClientConnection.connect("127.0.0.1", port, timeout=60)
    result: dict[str, object] = {}

    def play() -> None:
        try:
            result["log"] = play_session(conn, StandardStrategy(careful=True), "paiju")
        except Exception as e:  # reported below
            result["error"] = e

    t = threading.Thread(target=play, daemon=True)
    t.start()
    time.sleep(0.2)
    clients += [official_client(kit, port, f"std{i}") for i in range(2, 4)]
    t.join(600)
    conn.close()
    assert "error" not in result, result["error"]
    log = result["log"]
    assert log.games == GAMES  # type: ignore[attr-defined]
    assert log.plays > 5 * GAMES  # type: ignore[attr-defined]
    assert log.rejected == []  # type: ignore[attr-defined]
    assert finish(clients) == [0, 0, 0, 0]
    assert proc.wait(30) == 0
    out = (tmp_path / "tndhms.out").read_text(encoding="latin-1")
    assert "All games are overed" in out
    points = [p for p in log.points() if p is not None]  # type: ignore[attr-defined]
    assert len(points) > GAMES * 0.9
    mean = sum(points) / len(points)
    sd = (sum((p - mean) ** 2 for p in points) / (len(points) - 1)) ** 0.5
    print(f"paiju client: {log.games} games, {log.plays} plays, no rejected play; "  # type: ignore[attr-defined]
          f"{mean:.3f} ± {1.96 * sd / len(points) ** 0.5:.3f} points per game")


@dataclass
class Proxy:
    """Sits between an official client and tndhms, and checks that
    :class:`StandardStrategy` chooses what the official client sends, message by message."""

    upstream: socket.socket
    downstream: socket.socket
    strategy: StandardStrategy = field(default_factory=StandardStrategy)
    plays: int = 0
    gifts: int = 0
    rejected: int = 0
    differences: list[str] = field(default_factory=list)
    last_field: Table = field(default_factory=Table.empty)
    history: GameLog = field(default_factory=GameLog)
    turns: int = 0
    orders: int = 0
    error: BaseException | None = None

    def relay_table(self, src: socket.socket, dst: socket.socket, what: str) -> Table:
        table = read_table(src, what, 60)
        write_table(dst, table, what)
        return table

    def relay_int(self, src: socket.socket, dst: socket.socket, what: str) -> int:
        value = read_int(src, what, 60)
        write_int(dst, value, what)
        return value

    def run(self) -> None:
        try:
            self._run()
        except BaseException as e:  # reported by the test
            self.error = e

    def _run(self) -> None:
        up, down = self.upstream, self.downstream
        self.relay_table(down, up, "profile")
        self.relay_int(up, down, "player number")
        while True:
            dealt = self.relay_table(up, down, "dealt hand")
            self.check_titles(self.history.order(), dealt)
            mine = self.strategy.gift(dealt)
            if mine is not None:
                theirs = self.relay_table(down, up, "gift")
                self.gifts += 1
                self.compare("gift", dealt, mine, theirs)
            end = CONTINUE
            self.history = GameLog.dealt(dealt)
            counts: tuple[int, ...] | None = None
            while end == CONTINUE:
                hand = self.relay_table(up, down, "hand")
                self.check_counts(counts, hand)
                counts = hand.row(6)[:5]
                self.strategy.on_hand(hand)
                self.history.on_hand(hand)
                if hand[5, 2] == 1:
                    mine = self.strategy.play(hand)
                    theirs = self.relay_table(down, up, "play")
                    self.plays += 1
                    self.compare("play", hand, mine, theirs)
                    answer = self.relay_int(up, down, "answer")
                    self.rejected += answer == 8 and any(theirs.cells[:75])
                    expected, why = judge(hand, theirs, self.last_field)
                    if expected != answer:
                        self.differences.append(
                            f"the server answered {answer} to\n{theirs.show()}\n"
                            f"on\n{self.last_field.show()}\nhand\n{hand.show()}\njudge: {why}")
                self.last_field = self.relay_table(up, down, "field")
                self.strategy.on_field(self.last_field)
                self.history.on_field(self.last_field)
                self.turns += 1
                end = self.relay_int(up, down, "end code")
            if end == ALL_OVER:
                return

    def check_titles(self, order: list[int] | None, dealt: Table) -> None:
        """The titles of a dealt hand are the places of the game before."""
        titles = list(dealt.row(6)[5:10])
        if order is None or not any(titles):  # a first game, or titles reset every 100
            return
        self.orders += 1
        if titles != [order.index(p) for p in range(5)]:
            self.differences.append(f"history: order {order} but titles {titles}")

    def check_counts(self, before: tuple[int, ...] | None, hand: Table) -> None:
        """Each player's cards fell by the size of their play in the history."""
        if before is None:
            return
        turn = self.history.turns[-1]
        expected = list(before)
        expected[turn.player] -= turn.size()
        if list(hand.row(6)[:5]) != expected:
            self.differences.append(f"history: {turn} but counts {before} -> {hand.row(6)[:5]}")

    def compare(self, what: str, given: Table, mine: Table, theirs: Table) -> None:
        if mine != theirs:
            self.differences.append(
                f"{what} #{self.plays + self.gifts} on\n{given.show()}\n"
                f"paiju:\n{mine.show()}\nofficial:\n{theirs.show()}\nseen: {self.strategy.seen}"
            )


def test_the_standard_strategy_sends_what_the_official_client_sends(
    kit: Path, server: tuple[int, subprocess.Popen[bytes]]
) -> None:
    port, proc = server
    listener = socket.create_server(("127.0.0.1", 0))
    clients = [official_client(kit, port, f"std{i}") for i in range(4)]
    watched = subprocess.Popen(
        [str(kit / "client/client"), "-p", str(listener.getsockname()[1]), "-n", "watched"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    down, _ = listener.accept()
    listener.close()
    up = socket.create_connection(("127.0.0.1", port))
    proxy = Proxy(up, down)
    t = threading.Thread(target=proxy.run, daemon=True)
    t.start()
    t.join(600)
    up.close()
    down.close()
    assert proxy.error is None, proxy.error
    assert finish([*clients, watched]) == [0] * 5
    assert proc.wait(30) == 0
    assert proxy.plays > 10 * GAMES
    assert proxy.differences[:3] == [], f"{len(proxy.differences)} of {proxy.plays} differ"
    assert proxy.turns > 50 * GAMES
    assert proxy.orders > GAMES // 2
    print(f"{proxy.plays} plays and {proxy.gifts} gifts agree; {proxy.rejected} rejected; "
          f"{proxy.turns} turns of the history agree with the card counts, "
          f"{proxy.orders} finishing orders with the next game's titles")
