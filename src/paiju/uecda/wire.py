"""Blocking socket I/O of the UECda protocol (``man/protocol.html`` 13.3).

The official programs read each table with a single ``read()`` of 480 bytes, so every
table and every int goes out here in one ``sendall`` of its whole bytes. Reading is
exact: a table is 480 bytes however TCP cuts them, an int 4, and the whole message must
come within the timeout (one deadline per message, not one per ``recv``). A short read,
a closed connection, a timeout or a value the protocol does not allow raises
:class:`~paiju.uecda.tables.ProtocolError` naming what was expected.

The client's side of a tournament, in order (the numbers of protocol.html's figure 13.4):
connect (1); send the profile (2); read the player number (3); then for each game read
the dealt hand (4), send the gift when [5][1] asks for one (5), and until the game ends
read the hand (6); on this player's turn send a play (7) and read the answer (8); read
the field (9) and the end code (10).
"""

from __future__ import annotations

import select
import signal
import socket
import struct
import time
from types import TracebackType

from paiju.uecda.tables import (
    INT_BYTES,
    PROTOCOL_VERSION,
    TABLE_BYTES,
    ProtocolError,
    Table,
    int_from_bytes,
    int_to_bytes,
    profile_table,
    read_profile,
)

DEFAULT_PORT = 42485
#: The answers to a play: accepted, or rejected and counted as a pass.
ACCEPTED, REJECTED = 9, 8
#: The end codes after each turn: the game goes on, one game is over, all games are over.
CONTINUE, GAME_OVER, ALL_OVER = 0, 1, 2
#: The players at a UECda table, numbered 0..4 in the order they connected.
PLAYERS = 5
#: The 2006 protocol (a server's side only): no profile; every table and int is written
#: as tndhms's machine holds it in memory, little-endian on the PCs it runs on.
PROTOCOL_2006 = 20060
_NATIVE_TABLE = struct.Struct("<120i")
_NATIVE_INT = struct.Struct("<i")


def hang_ups_raise() -> None:
    """Let a peer's hang-up raise (``BrokenPipeError``, a :class:`ProtocolError` here) where
    ``paiju`` restores SIGPIPE's default, which would end the program at the next write: a
    client that closes is a client that leaves, a server that closes ends the client in one
    line."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)


def read_exact(sock: socket.socket, size: int, what: str, timeout: float | None,
               start: float | None = None) -> bytes:
    """Exactly ``size`` bytes of ``what``, or :class:`ProtocolError` saying what went wrong.

    The whole message must come within ``timeout`` seconds of ``start`` (a
    :func:`time.monotonic` reading; by default now), however the peer cuts it: a peer
    that sends one byte at a time cannot stretch a message past the timeout.
    """
    deadline = None if timeout is None else (time.monotonic() if start is None else start
                                             ) + timeout
    got = bytearray()
    while len(got) < size:
        try:
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                sock.settimeout(left)
            else:
                sock.settimeout(None)
            chunk = sock.recv(size - len(got))
        except TimeoutError:
            raise ProtocolError(
                f"no {what} within {timeout:g} s ({len(got)} of {size} bytes came)"
            ) from None
        except OSError as e:
            raise ProtocolError(f"the connection failed while reading {what}: {e}") from None
        if not chunk:
            raise ProtocolError(
                f"the connection closed after {len(got)} of the {size} bytes of {what}"
            )
        got += chunk
    return bytes(got)


def send_all(sock: socket.socket, data: bytes, what: str) -> None:
    """``data`` in one ``sendall``."""
    try:
        sock.sendall(data)
    except OSError as e:
        raise ProtocolError(f"the connection failed while sending {what}: {e}") from None


def read_table(sock: socket.socket, what: str = "table", timeout: float | None = None) -> Table:
    return Table.from_bytes(read_exact(sock, TABLE_BYTES, what, timeout))


def write_table(sock: socket.socket, table: Table, what: str = "table") -> None:
    send_all(sock, table.to_bytes(), what)


def read_int(sock: socket.socket, what: str = "int", timeout: float | None = None) -> int:
    return int_from_bytes(read_exact(sock, INT_BYTES, what, timeout))


def write_int(sock: socket.socket, value: int, what: str = "int") -> None:
    send_all(sock, int_to_bytes(value), what)


def read_answer(sock: socket.socket, timeout: float | None = None) -> int:
    """The server's answer to a play: 9 accepted or 8 rejected."""
    value = read_int(sock, "answer to the play", timeout)
    if value not in (ACCEPTED, REJECTED):
        raise ProtocolError(f"the answer to a play is 9 or 8, not {value}")
    return value


def read_end(sock: socket.socket, timeout: float | None = None) -> int:
    """The end code after a turn: 0 the game goes on, 1 it is over, 2 all are over."""
    value = read_int(sock, "end code", timeout)
    if value not in (CONTINUE, GAME_OVER, ALL_OVER):
        raise ProtocolError(f"the end code after a turn is 0, 1 or 2, not {value}")
    return value


class ClientConnection:
    """One client's connection to a UECda server, message by message."""

    def __init__(self, sock: socket.socket, timeout: float | None = None) -> None:
        self.sock = sock
        self.timeout = timeout
        self.player: int | None = None

    @classmethod
    def connect(cls, host: str, port: int = DEFAULT_PORT,
                timeout: float | None = None) -> ClientConnection:
        try:
            sock = socket.create_connection((host, port), timeout=timeout or 10.0)
        except OSError as e:
            raise ProtocolError(f"cannot connect to the server at {host}:{port}: {e}") from None
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(sock, timeout)

    def enter(self, name: str) -> int:
        """Send the profile and read this client's player number (0..4)."""
        write_table(self.sock, profile_table(name), "profile")
        number = read_int(self.sock, "player number", self.timeout)
        if not 0 <= number < PLAYERS:
            raise ProtocolError(f"a player number is 0..4, not {number}")
        self.player = number
        return number

    def read_dealt(self) -> Table:
        """The hand dealt for a game ([5][0] is 1; [5][1] says how many cards to give)."""
        table = read_table(self.sock, "dealt hand", self.timeout)
        if table[5, 0] != 1:
            raise ProtocolError("the dealt hand does not say it is the exchange ([5][0] is 0)")
        return table

    def send_gift(self, table: Table) -> None:
        write_table(self.sock, table, "cards given in the exchange")

    def read_hand(self) -> Table:
        """The hand at the start of a turn; [5][2] is 1 on this player's turn."""
        return read_table(self.sock, "hand", self.timeout)

    def send_play(self, table: Table) -> int:
        """Send a play (all zero: a pass) and read the answer, 9 or 8."""
        write_table(self.sock, table, "play")
        return read_answer(self.sock, self.timeout)

    def read_field(self) -> Table:
        """The cards on the field after the turn."""
        return read_table(self.sock, "field", self.timeout)

    def read_end(self) -> int:
        return read_end(self.sock, self.timeout)

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> ClientConnection:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def open_listener(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (port 0: any free port), reusable at once."""
    try:
        sock = socket.create_server((host, port), reuse_port=False, backlog=PLAYERS)
    except OSError as e:
        raise ProtocolError(f"cannot listen on {host}:{port}: {e}") from None
    return sock


def accept_profile(sock: socket.socket, timeout: float | None, start: float | None = None
                   ) -> tuple[int, str]:
    """The server's side of the handshake: a client's protocol version and name, the whole
    profile within ``timeout`` seconds of ``start`` (see :func:`read_exact`)."""
    return read_profile(Table.from_bytes(read_exact(sock, TABLE_BYTES, "profile", timeout,
                                                    start)))


class ServerSeat:
    """The server's side of one client's connection, message by message.

    Every message must come whole within ``timeout`` seconds of the server's starting to
    wait for it, and every message sent must be taken within ``timeout`` seconds; a client
    that closes, stalls, dribbles or sends what the protocol does not allow raises
    :class:`ProtocolError` naming the message.
    A 2007-protocol client gets every table with its negative cells written as 0, as
    tndhms writes them (``tn_protocol.c``); a 2006-protocol client gets them as they are,
    in the byte order of the machines tndhms runs on (little-endian).
    """

    def __init__(self, sock: socket.socket, player: int, timeout: float | None) -> None:
        self.sock = sock
        self.player = player
        self.timeout = timeout
        self.name = ""
        self.version = PROTOCOL_VERSION
        sock.settimeout(timeout)  # bounds each sendall as a whole (Python 3.5 and later)

    def greet(self, profile_timeout: float = 2.0, old_protocol: bool = False) -> str:
        """Read the profile (a 2007-protocol client sends it at once) and send the number.

        The profile must begin within ``profile_timeout`` seconds of this call and come
        whole within ``timeout`` (``profile_timeout`` when there is no timeout): entering
        is a message like any other. With ``old_protocol``, a client that sends nothing
        within ``profile_timeout`` speaks the 2006 protocol, as tndhms takes it: no
        profile, and the name ``player<number>``; so does one whose profile says 20060.
        """
        start = time.monotonic()
        limit = self.timeout if self.timeout is not None else profile_timeout
        if not _readable(self.sock, profile_timeout):
            if not old_protocol:
                raise ProtocolError(f"no profile within {profile_timeout:g} s")
            self.version = PROTOCOL_2006
            self.name = f"player{self.player}"
        else:
            version, self.name = accept_profile(self.sock, limit, start)
            if old_protocol and version == PROTOCOL_2006:
                self.version = PROTOCOL_2006
            elif version != PROTOCOL_VERSION:
                raise ProtocolError(
                    f"the client speaks protocol {version}; paiju speaks {PROTOCOL_VERSION}"
                    + (f" and {PROTOCOL_2006}" if old_protocol else ""))
        self._int(self.player, "player number")
        return self.name

    def send(self, table: Table, what: str) -> None:
        if self.version == PROTOCOL_2006:
            send_all(self.sock, _NATIVE_TABLE.pack(*table.cells), what)
        else:
            send_all(self.sock, Table(tuple(max(v, 0) for v in table.cells)).to_bytes(), what)

    def read(self, what: str) -> Table:
        if self.version == PROTOCOL_2006:
            return Table(_NATIVE_TABLE.unpack(read_exact(self.sock, TABLE_BYTES, what,
                                                         self.timeout)))
        return read_table(self.sock, what, self.timeout)

    def answer(self, value: int) -> None:
        if value not in (ACCEPTED, REJECTED):
            raise ProtocolError(f"the answer to a play is 9 or 8, not {value}")
        self._int(value, "answer")

    def end(self, value: int) -> None:
        if value not in (CONTINUE, GAME_OVER, ALL_OVER):
            raise ProtocolError(f"the end code after a turn is 0, 1 or 2, not {value}")
        self._int(value, "end code")

    def _int(self, value: int, what: str) -> None:
        if self.version == PROTOCOL_2006:
            send_all(self.sock, _NATIVE_INT.pack(value), what)
        else:
            write_int(self.sock, value, what)

    def close(self) -> None:
        self.sock.close()


def _readable(sock: socket.socket, seconds: float) -> bool:
    """Whether ``sock`` has something to read (or has closed) within ``seconds``."""
    ready, _, _ = select.select([sock], [], [], seconds)
    return bool(ready)
