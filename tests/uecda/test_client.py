"""The table-level client against a scripted server over loopback (paiju.uecda.client)."""

from __future__ import annotations

import socket

from click.testing import CliRunner, Result
from fake_server import serve_once

from paiju.cli import main
from paiju.uecda.client import play_session
from paiju.uecda.standard import StandardStrategy
from paiju.uecda.tables import Status, cards_table, play_table
from paiju.uecda.wire import (
    ClientConnection,
    accept_profile,
    read_table,
    write_int,
    write_table,
)


def test_the_client_gives_its_lowest_card_and_follows_with_the_lowest_above() -> None:
    seen: dict[str, object] = {}

    def script(conn: socket.socket) -> None:
        # the first table after the gift is the hand of player 0's turn
        assert accept_profile(conn, 5) == (20070, "tester")
        write_int(conn, 1)
        write_table(conn, cards_table(["3H", "9C", "KS"], Status(
            exchanging=True, exchange_count=1, turn=6)))
        seen["gift"] = read_table(conn, "gift", 5)
        write_table(conn, cards_table(["9C", "KS"], Status(turn=0, field_empty=True)))
        write_table(conn, Status(turn=0).on(play_table(["8D"])))
        write_int(conn, 0)
        write_table(conn, cards_table(["9C", "KS"], Status(my_turn=True, turn=1)))
        seen["play"] = read_table(conn, "play", 5)
        write_int(conn, 9)
        write_table(conn, Status(turn=1).on(play_table(["9C"])))
        write_int(conn, 2)

    port, t, out = serve_once(script)
    result = _client("--port", str(port), "--name", "tester", "--timeout", "5")
    assert result.exit_code == 0, result.output
    t.join(5)
    assert "error" not in out, out
    assert seen["gift"] == cards_table(["3H"])
    assert seen["play"] == play_table(["9C"])
    assert "player 1: 1 games, 2 turns, 1 plays, 0 passes, 0 plays rejected" in result.output


def test_a_server_that_breaks_the_protocol_ends_the_client_with_the_reason() -> None:
    def script(conn: socket.socket) -> None:
        accept_profile(conn, 5)
        write_int(conn, 0)
        conn.sendall(b"garbage")

    port, t, _ = serve_once(script)
    result = _client("--port", str(port), "--timeout", "5")
    assert result.exit_code == 2
    t.join(5)
    assert "the connection closed after 7 of the 480 bytes of dealt hand" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_no_server_is_a_clear_error() -> None:
    s = socket.create_server(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    result = _client("--port", str(port))
    assert result.exit_code == 2
    assert f"cannot connect to the server at 127.0.0.1:{port}" in result.output


def test_an_empty_table_is_a_pass_and_a_pass_answered_8_is_no_rejection() -> None:
    def script(conn: socket.socket) -> None:
        accept_profile(conn, 5)
        write_int(conn, 4)
        write_table(conn, cards_table(["3H"], Status(exchanging=True, turn=6)))
        write_table(conn, cards_table(["3H"], Status(my_turn=True, turn=4)))
        read_table(conn, "play", 5)
        write_int(conn, 8)
        write_table(conn, Status(turn=4).on(play_table(["AS"])))
        write_int(conn, 2)

    port, t, out = serve_once(script)
    with ClientConnection.connect("127.0.0.1", port, 5) as conn:
        strategy = StandardStrategy()
        strategy.on_field(play_table(["AS"]))  # the single ace is on the field
        log = play_session(conn, strategy, "p")
    t.join(5)
    assert "error" not in out, out
    assert (log.player, log.plays, log.passes, log.passes_answered_8, log.rejected) == (
        4, 0, 1, 1, [])


def _client(*args: str) -> Result:
    """``paiju uecda client ARGS`` through the real command line (Click's runner)."""
    return CliRunner().invoke(main, ["uecda", "client", *args])
