"""The protocol's socket I/O over real loopback sockets."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from paiju.uecda.tables import ProtocolError, Status, Table, cards_table, profile_table
from paiju.uecda.wire import (
    ClientConnection,
    ServerSeat,
    accept_profile,
    read_answer,
    read_end,
    read_int,
    read_table,
    write_int,
    write_table,
)


@pytest.fixture
def pair() -> Iterator[tuple[socket.socket, socket.socket]]:
    """A connected (client, server) pair of TCP sockets on loopback."""
    listener = socket.create_server(("127.0.0.1", 0))
    client = socket.create_connection(listener.getsockname())
    server, _ = listener.accept()
    listener.close()
    yield client, server
    client.close()
    server.close()


def later(action: Callable[[], None]) -> threading.Thread:
    t = threading.Thread(target=action, daemon=True)
    t.start()
    return t


def test_a_table_cut_in_pieces_is_read_whole(pair: tuple[socket.socket, socket.socket]) -> None:
    client, server = pair
    table = cards_table(["3S", "2C", "JK"])
    data = table.to_bytes()

    def dribble() -> None:
        for i in range(0, 480, 100):
            server.sendall(data[i:i + 100])
            time.sleep(0.01)

    later(dribble)
    assert read_table(client, "hand", 5.0) == table


def test_a_connection_closed_mid_table_says_how_much_came(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    client, server = pair
    server.sendall(bytes(100))
    server.close()
    with pytest.raises(ProtocolError, match="closed after 100 of the 480 bytes of hand"):
        read_table(client, "hand", 5.0)


def test_a_silent_peer_times_out_with_the_name_of_the_message(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    client, _ = pair
    start = time.monotonic()
    with pytest.raises(ProtocolError, match=r"no field within 0.2 s \(0 of 480 bytes came\)"):
        read_table(client, "field", 0.2)
    assert time.monotonic() - start < 2


def test_answers_and_end_codes_outside_the_protocol_are_refused(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    client, server = pair
    for v in (9, 8, 7, 0, 1, 2, 3):
        write_int(server, v)
    assert read_answer(client, 1.0) == 9
    assert read_answer(client, 1.0) == 8
    with pytest.raises(ProtocolError, match="9 or 8, not 7"):
        read_answer(client, 1.0)
    assert [read_end(client, 1.0) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(ProtocolError, match="0, 1 or 2, not 3"):
        read_end(client, 1.0)


class Recorder:
    """A socket stand-in that records each sendall."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.sent.append(bytes(data))


def test_each_table_and_int_goes_out_in_one_write() -> None:
    rec = Recorder()
    write_table(rec, cards_table(["5D"]))  # type: ignore[arg-type]
    write_int(rec, 9)  # type: ignore[arg-type]
    assert [len(b) for b in rec.sent] == [480, 4]


def test_one_read_of_480_bytes_gets_the_whole_table_as_the_c_programs_read_it(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    client, server = pair
    write_table(server, Table.of({(0, 0): 20070}))
    write_int(server, 3)
    time.sleep(0.05)
    assert len(client.recv(480)) == 480
    assert read_int(client, "number", 1.0) == 3


def test_the_client_handshake_and_one_turn_against_a_scripted_server(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    client, server = pair
    seen: dict[str, object] = {}
    dealt = cards_table(["3D", "4D"], Status(exchanging=True, exchange_count=1, turn=6))
    turn = cards_table(["3D"], Status(my_turn=True, turn=2, field_empty=True))

    def script() -> None:
        seen["profile"] = accept_profile(server, 5.0)
        write_int(server, 2)
        write_table(server, dealt)
        seen["gift"] = read_table(server, "gift", 5.0)
        write_table(server, turn)
        seen["play"] = read_table(server, "play", 5.0)
        write_int(server, 9)
        write_table(server, Table.of({(2, 1): 1}))
        write_int(server, 2)

    t = later(script)
    conn = ClientConnection(client, timeout=5.0)
    assert conn.enter("paiju") == 2
    got = conn.read_dealt()
    assert Status.of(got).exchange_count == 1
    conn.send_gift(cards_table(["4D"]))
    assert Status.of(conn.read_hand()).my_turn
    assert conn.send_play(Table.of({(2, 1): 1})) == 9
    assert conn.read_field()[2, 1] == 1
    assert conn.read_end() == 2
    t.join(5)
    assert seen["profile"] == (20070, "paiju")
    assert seen["gift"] == cards_table(["4D"])
    assert seen["play"] == Table.of({(2, 1): 1})


def test_a_player_number_outside_0_to_4_is_refused(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    client, server = pair
    write_int(server, 7)
    with pytest.raises(ProtocolError, match=r"0\.\.4, not 7"):
        ClientConnection(client, 1.0).enter("x")
    assert read_table(server, "profile", 1.0) == profile_table("x")


def test_a_dealt_hand_without_the_exchange_flag_is_refused(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    client, server = pair
    write_table(server, cards_table(["3S"]))
    with pytest.raises(ProtocolError, match=r"\[5\]\[0\] is 0"):
        ClientConnection(client, 1.0).read_dealt()


def test_connecting_to_a_closed_port_names_the_address() -> None:
    s = socket.create_server(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    with pytest.raises(ProtocolError, match=f"cannot connect to the server at 127.0.0.1:{port}"):
        ClientConnection.connect("127.0.0.1", port, 1.0)


def test_a_server_seat_and_a_client_hold_a_whole_conversation(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    client, server = pair
    seat = ServerSeat(server, 3, timeout=5.0)
    conn = ClientConnection(client, timeout=5.0)
    t = later(lambda: conn.enter("paiju"))
    assert seat.greet() == "paiju"
    t.join(5)
    assert conn.player == 3
    seat.send(cards_table(["3S"], Status(exchanging=True, turn=6)), "dealt hand")
    assert conn.read_dealt()[0, 1] == 1
    seat.send(cards_table(["3S"], Status(my_turn=True, turn=3, field_empty=True)), "hand")
    assert conn.read_hand()[5, 2] == 1
    t = later(lambda: seat.answer(9 if seat.read("play")[0, 1] == 1 else 8))
    assert conn.send_play(Table.of({(0, 1): 1})) == 9
    t.join(5)
    seat.send(Table.of({(0, 1): 1}), "field")
    seat.end(2)
    assert conn.read_field()[0, 1] == 1 and conn.read_end() == 2
    with pytest.raises(ProtocolError, match="0, 1 or 2, not 5"):
        seat.end(5)


def test_a_server_seat_names_a_client_that_stalls_or_sends_garbage(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    client, server = pair
    seat = ServerSeat(server, 0, timeout=0.2)
    with pytest.raises(ProtocolError, match=r"no profile within 2 s"):
        seat.greet(profile_timeout=2)
    client.sendall(Table.of({(0, 0): 20060}).to_bytes())
    with pytest.raises(ProtocolError, match="protocol 20060; paiju speaks 20070"):
        seat.greet()
    client.sendall(b"\x00" * 100)
    with pytest.raises(ProtocolError, match=r"no play within 0.2 s \(100 of 480 bytes came\)"):
        seat.read("play")
    client.close()
    with pytest.raises(ProtocolError, match="closed after 0 of the 480 bytes of play"):
        seat.read("play")


def dribble(sock: socket.socket, data: bytes, every: float) -> threading.Thread:
    """Send ``data`` one byte every ``every`` seconds until the peer goes away."""
    def run() -> None:
        try:
            for b in data:
                sock.sendall(bytes([b]))
                time.sleep(every)
        except OSError:
            pass
    return later(run)


def test_a_whole_message_must_come_within_the_timeout_however_it_is_cut(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    """One byte every 0.1 s keeps every recv under a 0.5 s timeout, but the play as a
    whole would take 48 s: the deadline is the message's, so it fails after 0.5 s."""
    client, server = pair
    seat = ServerSeat(server, 0, timeout=0.5)
    dribble(client, Table.of({(0, 1): 1}).to_bytes(), 0.1)
    start = time.monotonic()
    with pytest.raises(ProtocolError, match=r"no play within 0.5 s \((\d+) of 480") as err:
        seat.read("play")
    waited = time.monotonic() - start
    came = int(str(err.value).split("(")[1].split()[0])
    assert 2 <= came <= 10, err.value
    assert 0.5 <= waited < 1.5


def test_a_dribbled_profile_is_refused_within_the_timeout(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    """Entering is a message too: a profile begun at once but dribbled is refused once
    the timeout has passed since the greeting began, not byte by byte."""
    client, server = pair
    seat = ServerSeat(server, 0, timeout=0.5)
    dribble(client, profile_table("slow").to_bytes(), 0.1)
    start = time.monotonic()
    with pytest.raises(ProtocolError, match=r"no profile within 0.5 s \(\d+ of 480"):
        seat.greet(old_protocol=True)
    assert time.monotonic() - start < 1.5
