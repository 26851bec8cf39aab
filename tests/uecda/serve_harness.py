"""A paiju UECda server in a thread and clients in threads, over loopback, for the tests."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paiju.core.referee import referee
from paiju.uecda.client import SessionLog, play_session
from paiju.uecda.server import ServeConfig, Standing, Tournament
from paiju.uecda.standard import StandardStrategy
from paiju.uecda.tables import Table
from paiju.uecda.wire import ClientConnection

Client = Callable[[int], Any]


@dataclass
class Run:
    """What a tournament left: standings, the log, each client's return or error."""

    tournament: Tournament
    standings: list[Standing]
    log: list[str]
    results: dict[int, Any] = field(default_factory=dict)
    errors: dict[int, BaseException] = field(default_factory=dict)

    def records(self) -> list[dict[str, Any]]:
        path = self.tournament.config.records
        assert path is not None
        return [json.loads(line) for line in path.read_text().splitlines()]


def tournament(tmp_path: Path, clients: list[Client], wait: float = 120, **config: Any) -> Run:
    """Run a tournament on a free port with ``clients`` (each called with the port, in
    order of connection); every thread must end within ``wait`` seconds."""
    config.setdefault("timeout", 20.0)
    config.setdefault("seed", 5)
    tmp_path.mkdir(parents=True, exist_ok=True)
    cfg = ServeConfig(port=0, records=tmp_path / "games.jsonl", **config)
    log: list[str] = []
    t = Tournament(cfg, log.append)
    port = t.listen()
    out: dict[str, Any] = {}
    run = Run(t, [], log)

    def serve() -> None:
        try:
            out["standings"] = t.run()
        except BaseException as e:  # reported by the test
            out["error"] = e

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    threads = []
    for i, client in enumerate(clients):
        entered = threading.Event()

        def play(i: int = i, client: Client = client, entered: threading.Event = entered
                 ) -> None:
            try:
                run.results[i] = client(port, entered)
            except BaseException as e:  # reported by the test
                run.errors[i] = e
                entered.set()

        th = threading.Thread(target=play, daemon=True)
        th.start()
        entered.wait(10)  # numbers go in the order of connection
        threads.append(th)
    server.join(wait)
    for th in threads:
        th.join(wait)
    assert not server.is_alive(), "the server did not finish"
    if "error" in out:
        raise out["error"]
    run.standings = out["standings"]
    return run


def dropped_in(run: Run) -> dict[int, int]:
    """The game in which each dropped player was dropped, read from the log."""
    out = {}
    for line in run.log:
        if " dropped: " in line:
            game, player = line.split(":")[0].split()[1], line.split("player ")[1].split()[0]
            out[int(player)] = int(game)
    return out


def check_records(run: Run) -> None:
    """Every record referees clean, and the points add up to the standings: a player's
    own before the game it was dropped in, its stand-in's from that game on."""
    own, stood_in = [0.0] * 5, [0.0] * 5
    own_games, stood_in_games = [0] * 5, [0] * 5
    drops = dropped_in(run)
    records = run.records()
    assert len(records) == run.tournament.config.games
    for number, rec in enumerate(records, 1):
        report = referee(rec).report
        assert report["legal"] and report["finished"], (number, report)
        assert rec["uecda"]["game"] == number
        for seat, player in enumerate(rec["uecda"]["players"]):
            if number < drops.get(player, number + 1):
                own[player] += report["points"][seat]
                own_games[player] += 1
            else:
                stood_in[player] += report["points"][seat]
                stood_in_games[player] += 1
    assert {s.player: (s.points, s.games, s.stand_in_points, s.stand_in_games)
            for s in run.standings} == {
        p: (own[p], own_games[p], stood_in[p], stood_in_games[p]) for p in range(5)}
    assert [s.place for s in run.standings] == [1, 2, 3, 4, 5]
    assert [s.points for s in run.standings] == sorted((s.points for s in run.standings),
                                                        reverse=True)


class Recording(StandardStrategy):
    """The standard strategy, keeping every dealt hand it was sent."""

    def __init__(self) -> None:
        super().__init__(careful=True)
        self.dealt: list[Table] = []

    def gift(self, dealt: Table) -> Table | None:
        self.dealt.append(dealt)
        return super().gift(dealt)


def standard(name: str, strategy: StandardStrategy | None = None) -> Any:
    def client(port: int, entered: threading.Event) -> tuple[SessionLog, StandardStrategy]:
        with ClientConnection.connect("127.0.0.1", port, 30.0) as conn:
            entered.set()
            chosen = strategy or Recording()
            return play_session(conn, chosen, name), chosen
    return client
