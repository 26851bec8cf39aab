"""A 2006-protocol client on ``paiju uecda serve``, as tndhms takes one: it sends no
profile, and every table and int goes both ways little-endian with negative cells kept
(the 2018 kit's ``tn_protocol.c``)."""

from __future__ import annotations

import socket
import struct
import threading
from pathlib import Path
from typing import Any

from serve_harness import check_records, standard, tournament

from paiju.uecda.standard import StandardStrategy
from paiju.uecda.tables import Status, Table
from paiju.uecda.wire import ALL_OVER, CONTINUE, read_exact

TABLE = struct.Struct("<120i")
INT = struct.Struct("<i")


def old_client(port: int, entered: threading.Event) -> dict[str, Any]:
    """The standard strategy over the 2006 protocol; what it saw."""
    seen: dict[str, Any] = {"gives": [], "games": 0, "answers": []}
    strategy = StandardStrategy(careful=True)
    with socket.create_connection(("127.0.0.1", port)) as sock:
        entered.set()

        def table(what: str) -> Table:
            return Table(TABLE.unpack(read_exact(sock, 480, what, 30)))

        def number(what: str) -> int:
            value: int = INT.unpack(read_exact(sock, 4, what, 30))[0]
            return value

        seen["player"] = number("player number")
        end = CONTINUE
        while end != ALL_OVER:
            dealt = table("dealt hand")
            seen["games"] += 1
            seen["gives"].append(Status.of(dealt).exchange_count)
            gift = strategy.gift(dealt)
            if gift is not None:
                sock.sendall(TABLE.pack(*gift.cells))
            end = CONTINUE
            while end == CONTINUE:
                hand = table("hand")
                strategy.on_hand(hand)
                if hand[5, 2] == 1:
                    sock.sendall(TABLE.pack(*strategy.play(hand).cells))
                    seen["answers"].append(number("answer"))
                strategy.on_field(table("field"))
                end = number("end code")
    return seen


def test_a_2006_client_plays_beside_2007_clients(tmp_path: Path) -> None:
    clients = [standard("std0"), old_client, *(standard(f"std{i}") for i in range(2, 5))]
    run = tournament(tmp_path, clients, games=6)
    assert not run.errors, run.errors
    seen = run.results[1]
    assert seen["player"] == 1 and seen["games"] == 6
    assert set(seen["answers"]) <= {8, 9} and 9 in seen["answers"]
    assert "player 1: 'player1' from 127.0.0.1, protocol 20060" in run.log
    assert not any("dropped" in line for line in run.log)
    # the poor read -2 and -1 (2007 clients read 0): the Hinmin or Dai Hinmin at times
    titles = [r.get("titles") for r in run.records()]
    for game, (gives, rec_titles) in enumerate(zip(seen["gives"], titles, strict=True)):
        if rec_titles is None:
            assert gives == 0
            continue
        seat = run.records()[game]["uecda"]["players"].index(1)
        want = {"daifugo": 2, "fugo": 1, "heimin": 0, "hinmin": -1, "daihinmin": -2}
        assert gives == want[rec_titles[seat]], (game, rec_titles[seat])
    assert min(seen["gives"]) < 0, "this seed makes player 1 poor at least once"
    check_records(run)
