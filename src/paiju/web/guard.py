"""The server's connections, held to :class:`~paiju.web.limits.Limits` where they are made:
uvicorn's HTTP and WebSocket protocols with a deadline for a request to arrive, a cap on
the connections one address holds, a WebSocket cut off when it sends faster than its rate,
and one that stops reading, then is cut off, when its peer stops reading what it is sent
(docs/server.md, "Security and limits").

uvicorn closes idle connections between requests (``timeout_keep_alive``) but gives a
request whose headers never end all the time in the world; a few thousand such
connections use up the process's file descriptors, and real requests then fail.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections import Counter
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from paiju.web.limits import Bucket, Limits

#: The bytes the system may hold for a WebSocket that its peer has not read (SO_SNDBUF;
#: the kernel doubles it for its own bookkeeping): beyond them the server's own buffer
#: fills, the connection stops reading, and :attr:`Limits.stall` seconds later it is cut.
#: Without a bound the system grows it to megabytes a connection while nobody reads.
SEND_BUFFER = 64 * 1024


class Held:
    """The connections each address holds, counted as they are made and lost (a count
    kept, not the server's connections searched at each new one: a crowd holding
    hundreds made every handshake scan them all)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._by_host: Counter[str] = Counter()

    def enter(self, protocol: Any) -> bool:
        """Count ``protocol``'s new connection; whether it is past the limit (0: no cap)."""
        if self.limit <= 0 or not protocol.client:
            return False
        host = protocol.client[0]
        protocol.paiju_host = host
        self._by_host[host] += 1
        return self._by_host[host] > self.limit

    def leave(self, protocol: Any) -> None:
        """The connection counted for ``protocol`` is gone (or handed to another)."""
        host = getattr(protocol, "paiju_host", None)
        if host is None:
            return
        protocol.paiju_host = None
        self._by_host[host] -= 1
        if self._by_host[host] <= 0:
            del self._by_host[host]

    def of(self, host: str) -> int:
        """The connections ``host`` holds now."""
        return self._by_host.get(host, 0)


def protocols(limits: Limits) -> tuple[type[HttpToolsProtocol], type[WebSocketsSansIOProtocol]]:
    """uvicorn's ``http`` and ``ws`` protocol classes, held to ``limits``."""
    held = Held(limits.connections_per_client)

    class WebSocket(WebSocketsSansIOProtocol):
        _stall: asyncio.TimerHandle | None = None
        _bucket: Bucket | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._bucket = Bucket(limits.messages_per_second, limits.message_burst)
            sock = transport.get_extra_info("socket")
            if sock is not None:  # what the system holds unread for it is bounded too
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
            if held.enter(self):
                transport.abort()

        def send_receive_event_to_app(self) -> None:
            # a peer sending faster than its rate is cut off here, before its messages are
            # read any further (a polite close would go on reading them until it answers)
            if self._bucket is not None and not self._bucket.take():
                self.frames = []
                self.transport.abort()
                return
            super().send_receive_event_to_app()

        def pause_writing(self) -> None:
            # the peer reads no more: read no more from it either (its pings would be
            # answered into a buffer that only grows), and cut it off if it stays so
            super().pause_writing()
            self.transport.pause_reading()
            self._stall = asyncio.get_running_loop().call_later(limits.stall,
                                                                 self.transport.abort)

        def resume_writing(self) -> None:
            super().resume_writing()
            if self._stall is not None:
                self._stall.cancel()
                self._stall = None
            if not self.transport.is_closing():
                self.transport.resume_reading()

        def connection_lost(self, exc: Exception | None) -> None:
            held.leave(self)
            if self._stall is not None:
                self._stall.cancel()
            super().connection_lost(exc)

    class Http(HttpToolsProtocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            if held.enter(self):
                transport.abort()
                return
            self._start_clock()

        def _start_clock(self) -> None:
            if self._deadline is None:
                self._deadline = self.loop.call_later(limits.header_timeout, self._too_slow)

        def _stop_clock(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.abort()

        def data_received(self, data: bytes) -> None:
            if self.cycle is None or self.cycle.response_complete:
                self._start_clock()  # a new request begins: it has header_timeout to arrive
            super().data_received(data)

        def on_message_complete(self) -> None:
            self._stop_clock()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._stop_clock()
            held.leave(self)  # the connection is the WebSocket's now, counted there
            super().handle_websocket_upgrade()

        def connection_lost(self, exc: Exception | None) -> None:
            held.leave(self)
            self._stop_clock()
            super().connection_lost(exc)

    return Http, WebSocket
