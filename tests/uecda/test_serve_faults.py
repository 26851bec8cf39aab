"""Clients that fail do not stop a ``paiju uecda serve`` tournament (docs/uecda.md): a
client that disconnects, stalls, dribbles or sends garbage is dropped, the log names its seat and
the reason, and the fallback paiju player takes the seat; a rejected play is a pass; a
wrong gift is replaced by the strongest cards, as tndhms does."""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from serve_harness import check_records, standard, tournament

from paiju.daifugo.engine.cards import parse_card, tokens
from paiju.daifugo.engine.rulebook import rulebook
from paiju.daifugo.rules import make_rules
from paiju.uecda.client import play_session
from paiju.uecda.server import results_table
from paiju.uecda.standard import StandardStrategy
from paiju.uecda.tables import Table, cards_table, play_table, profile_table, table_cards
from paiju.uecda.wire import ClientConnection

#: the ``paiju`` command, as a user runs it
PAIJU = [sys.executable, "-c", "from paiju.cli import main; main()"]


class Quits(Exception):
    """Raised by a test strategy to leave the tournament."""


class Failing(StandardStrategy):
    """The standard strategy until its ``after``-th own turn, then ``fail(hand)``."""

    def __init__(self, after: int, fail: Any) -> None:
        super().__init__(careful=True)
        self.after = after
        self.turns = 0
        self.fail = fail

    def play(self, hand: Table) -> Table:
        self.turns += 1
        if self.turns == self.after:
            out: Table = self.fail(hand)
            return out
        return super().play(hand)


def quit_(hand: Table) -> Table:
    raise Quits


def stall(hand: Table) -> Table:
    time.sleep(5)
    return Table.empty()


def garbage(hand: Table) -> Table:
    return Table.of({(0, 1): 7, (2, 5): 1})


def a_card_not_held(hand: Table) -> Table:
    held = set(table_cards(hand))
    return play_table([next(t for t in ("2S", "2H", "2D", "2C", "AS") if t not in held)])


def clients_with(bad: Any, after: int = 3) -> list[Any]:
    return [standard("std0"), standard("std1"), standard("bad", Failing(after, bad)),
            standard("std3"), standard("std4")]


def dropped_line(log: list[str]) -> str:
    lines = [line for line in log if "dropped" in line]
    assert len(lines) == 1, log
    return lines[0]


def check_others_finished(run: Any, games: int) -> None:
    for player in (0, 1, 3, 4):
        assert player not in run.errors, run.errors
        assert run.results[player][0].games == games
    kinds = {s.player: s.kind for s in run.standings}
    assert kinds == {0: "client", 1: "client", 2: "dropped", 3: "client", 4: "client"}
    check_records(run)


def test_a_client_that_disconnects_mid_game(tmp_path: Path) -> None:
    run = tournament(tmp_path, clients_with(quit_), games=4)
    assert isinstance(run.errors.get(2), Quits)
    line = dropped_line(run.log)
    assert "player 2 ('bad', seat " in line and "connection closed" in line, line
    assert "heuristic takes the seat" in line
    check_others_finished(run, 4)


def test_a_client_that_stalls_past_the_timeout(tmp_path: Path) -> None:
    run = tournament(tmp_path, clients_with(stall), games=3, timeout=2.0)
    line = dropped_line(run.log)
    assert "player 2 ('bad', seat " in line and "no play within 2 s" in line, line
    check_others_finished(run, 3)


class Dribbled(Exception):
    """Raised by :class:`Dribbling` once the server has closed its connection."""

    def __init__(self, came: int, held: float) -> None:
        super().__init__(f"the server took {came} bytes and closed after {held:.2f} s")
        self.came = came
        self.held = held


class Dribbling(StandardStrategy):
    """The standard strategy that, on its ``after``-th own turn, sends its play one byte
    every ``every`` seconds, each byte well within the timeout, until the server closes."""

    def __init__(self, after: int, every: float) -> None:
        super().__init__(careful=True)
        self.after = after
        self.every = every
        self.turns = 0
        self.conn: ClientConnection | None = None

    def play(self, hand: Table) -> Table:
        self.turns += 1
        if self.turns < self.after:
            return super().play(hand)
        assert self.conn is not None
        sock, start, came = self.conn.sock, time.monotonic(), 0
        for b in super().play(hand).to_bytes():
            try:
                sock.sendall(bytes([b]))
            except OSError:
                break
            came += 1
            if select.select([sock], [], [], self.every)[0] and not sock.recv(4):
                break  # the server closed
        raise Dribbled(came, time.monotonic() - start)


def dribbler(strategy: Dribbling) -> Any:
    def client(port: int, entered: threading.Event) -> Any:
        with ClientConnection.connect("127.0.0.1", port, 30.0) as conn:
            entered.set()
            strategy.conn = conn
            return play_session(conn, strategy, "slow")
    return client


def test_a_client_that_dribbles_its_play_is_dropped_within_the_timeout(tmp_path: Path
                                                                        ) -> None:
    """One byte every 0.25 s keeps every recv under the 1 s timeout; read per recv, the
    play would take 2 minutes, and so would every one after it. The deadline is the
    message's: the client is dropped 1 s after the server began to wait for the play, the
    fallback takes the seat and the tournament plays to the end."""
    clients = clients_with(quit_)
    clients[2] = dribbler(Dribbling(after=2, every=0.25))
    run = tournament(tmp_path, clients, games=3, timeout=1.0, wait=60)
    err = run.errors.get(2)
    assert isinstance(err, Dribbled), run.errors
    assert 2 <= err.came <= 8 and err.held < 1.0 + 1.0, err
    line = dropped_line(run.log)
    assert "player 2 ('slow', seat " in line and "no play within 1 s (" in line, line
    took = int(line.split("no play within 1 s (")[1].split()[0])
    assert 2 <= took <= err.came, (line, err)
    check_others_finished(run, 3)


def test_a_client_that_dribbles_its_profile_is_refused_and_the_seat_stays_open(
        tmp_path: Path) -> None:
    """Entering counts too: a profile begun at once and dribbled is refused when the
    timeout has passed, and the five clients after it enter and play."""
    held: list[float] = []

    def slow_profile(port: int, entered: threading.Event) -> None:
        with socket.create_connection(("127.0.0.1", port)) as sock:
            entered.set()
            start = time.monotonic()
            for b in profile_table("slow").to_bytes():
                try:
                    sock.sendall(bytes([b]))
                except OSError:
                    break
                if select.select([sock], [], [], 0.25)[0] and not sock.recv(4):
                    break
            held.append(time.monotonic() - start)

    clients = [slow_profile, *(standard(f"std{i}") for i in range(5))]
    run = tournament(tmp_path, clients, games=2, timeout=1.0, wait=60)
    refused = [line for line in run.log if line.startswith("refused")]
    assert len(refused) == 1 and "no profile within 1 s (" in refused[0], run.log
    assert held and held[0] < 1.0 + 1.0
    assert {s.name for s in run.standings} == {f"std{i}" for i in range(5)}
    check_records(run)


class Passing(StandardStrategy):
    """A client that plays every game to the end and passes every turn."""

    def play(self, hand: Table) -> Table:
        return Table.empty()


def test_a_stand_in_s_points_do_not_rank_the_client_it_stood_in_for(tmp_path: Path) -> None:
    """A client dropped at its first turn earns nothing itself: it ranks below a client
    that played every game, however well its stand-in played; the table says how many
    games the stand-in played for it and what they scored, apart."""
    clients = [standard("passes", Passing(careful=True)), standard("quits", Failing(1, quit_))]
    run = tournament(tmp_path, clients, games=4, bots=("random", "random", "random"))
    check_records(run)
    by = {s.name: s for s in run.standings}
    quits, passes = by["quits"], by["passes"]
    assert (quits.kind, quits.games, quits.points, quits.stand_in_games) == ("dropped", 0, 0, 4)
    assert passes.kind == "client" and passes.games == 4 and passes.stand_in_games == 0
    assert quits.stand_in_points > passes.points  # by all points, it would rank above
    assert quits.place == 5 and passes.place < quits.place
    table = results_table(run.standings).splitlines()
    assert all(len(row) <= 80 for row in table), table
    split = table.index("games each played itself, and a stand-in's for it:")
    ranked, stand = table[:split], table[split + 1:]
    line = next(row for row in ranked if " quits " in row).split()
    assert line == ["5", "1", "quits", "dropped", "0", "-", "0", "0", "0", "0", "0"]
    assert stand[0].split() == ["player", "name", "own", "games", "stand-in", "games",
                                "stand-in", "points"]
    assert next(row for row in stand if " quits " in row).split() == [
        "1", "quits", "0", "4", f"{quits.stand_in_points:g}"]
    assert next(row for row in stand if " passes " in row).split()[-3:] == ["4", "0", "-"]


def test_a_client_dropped_mid_tournament_keeps_the_points_it_earned(tmp_path: Path) -> None:
    """The games before the one it was dropped in are its own (points, places); that game
    and the rest are its stand-in's (check_records splits the records by the log)."""
    run = tournament(tmp_path, clients_with(quit_, after=30), games=5)
    check_records(run)
    bad = next(s for s in run.standings if s.player == 2)
    assert bad.kind == "dropped" and bad.games >= 1 and bad.stand_in_games >= 1
    assert bad.games + bad.stand_in_games == 5 and sum(bad.places) == bad.games


def test_a_client_that_sends_a_malformed_table(tmp_path: Path) -> None:
    run = tournament(tmp_path, clients_with(garbage), games=3)
    line = dropped_line(run.log)
    assert "malformed play table: cell [0][1] holds 7" in line, line
    check_others_finished(run, 3)


def test_a_rejected_play_is_answered_8_and_counted_as_a_pass(tmp_path: Path) -> None:
    bad = Failing(2, a_card_not_held)
    clients = [standard(f"std{i}") for i in range(5)]
    clients[2] = standard("bad", bad)
    run = tournament(tmp_path, clients, games=2)
    assert not run.errors, run.errors
    log = run.results[2][0]
    assert len(log.rejected) == 1 and log.games == 2
    assert not any("dropped" in line for line in run.log)
    assert run.tournament.rejected == sum(len(r[0].rejected) for r in run.results.values())
    check_records(run)


def test_garbage_or_another_protocol_is_refused_and_the_seat_stays_open(tmp_path: Path
                                                                          ) -> None:
    def noise(port: int, entered: threading.Event) -> None:
        with socket.create_connection(("127.0.0.1", port)) as sock:
            entered.set()
            sock.sendall(os.urandom(480))
            sock.recv(4)  # the server closes

    def wrong_version(port: int, entered: threading.Event) -> None:
        with socket.create_connection(("127.0.0.1", port)) as sock:
            entered.set()
            sock.sendall(profile_table("new", version=20140).to_bytes())
            sock.recv(4)

    clients = [noise, wrong_version, *(standard(f"std{i}") for i in range(5))]
    run = tournament(tmp_path, clients, games=2)
    refused = [line for line in run.log if line.startswith("refused")]
    assert len(refused) == 2, run.log
    assert "protocol 20140; paiju speaks 20070 and 20060" in refused[1]
    assert {s.name for s in run.standings} == {f"std{i}" for i in range(5)}
    check_records(run)


class WrongGift(StandardStrategy):
    def gift(self, dealt: Table) -> Table | None:
        count = dealt[5, 1]
        if count > 0:
            return cards_table(table_cards(dealt)[:count + 1])  # one card too many
        return None


def test_a_wrong_gift_is_replaced_by_the_strongest_cards(tmp_path: Path) -> None:
    clients = [standard(f"std{i}", WrongGift(careful=True)) for i in range(5)]
    run = tournament(tmp_path, clients, games=3)
    assert not run.errors, run.errors
    check_records(run)
    book = rulebook(make_rules("uecda"))
    refusals = [line for line in run.log if "gift is refused" in line]
    assert len(refusals) == 4, run.log  # the Dai Fugō and the Fugō, games 2 and 3
    for rec in run.records()[1:]:
        gives = [a for a in rec["actions"] if a["do"] == "give"]
        assert len(gives) == 2
        for action, (title, k) in zip(gives, (("daihinmin", 2), ("hinmin", 1)), strict=True):
            rich, poor = action["seat"], rec["titles"].index(title)
            hand = mask(rec["deal"]["hands"][rich])
            hand |= book.poor_gift(mask(rec["deal"]["hands"][poor]), k)  # what the poor gave
            assert action["cards"] == tokens(book.poor_gift(hand, k))


def mask(cards: list[str]) -> int:
    out = 0
    for t in cards:
        out |= 1 << parse_card(t)
    return out


def test_the_serve_command_runs_a_tournament_of_bots(tmp_path: Path) -> None:
    proc = subprocess.run(
        [*PAIJU, "uecda", "serve", "--port", "0", "--games", "3",
         "--seed", "1", "--bots", "heuristic,random,heuristic,random,heuristic",
         "--records", str(tmp_path / "games.jsonl")],
        capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].split()[:6] == ["place", "player", "name", "kind", "points", "per"]
    assert len(lines) == 7 and lines[6] == "every player played all 3 games itself"
    assert sum(float(line.split()[4]) for line in lines[1:6]) == 45
    assert "listening on 127.0.0.1:" in proc.stderr
    ruled = subprocess.run([*PAIJU, "referee", str(tmp_path / "games.jsonl")],
                           capture_output=True, text=True, timeout=120)
    assert ruled.returncode == 0, ruled.stderr
    reports = [json.loads(line) for line in ruled.stdout.splitlines()]
    assert len(reports) == 3 and all(r["legal"] and r["finished"] for r in reports)


def test_the_serve_commands_last_spec_repeats_and_client_seats_wait(tmp_path: Path) -> None:
    """``--bots`` as in every command: one spec a player number, the last repeating;
    ``client`` leaves a number to a client over the network."""
    proc = subprocess.run(
        [*PAIJU, "uecda", "serve", "-p", "0", "--games", "1", "--seed", "1", "-b", "random"],
        capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "for 0 clients, 1 game" in proc.stderr
    assert [line.split()[3] for line in proc.stdout.splitlines()[1:6]] == ["paiju"] * 5
    many = subprocess.run([*PAIJU, "uecda", "serve", "--bots", ",".join(["client", "random"] * 3)],
                          capture_output=True, text=True, timeout=60)
    assert many.returncode == 2 and "player specs for 5 players" in many.stderr


def test_the_serve_command_refuses_a_bad_player_in_one_line(tmp_path: Path) -> None:
    proc = subprocess.run(
        [*PAIJU, "uecda", "serve", "--port", "0", "--bots", "nobody"],
        capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "nobody" in proc.stderr
