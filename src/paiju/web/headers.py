"""What every answer of the server says to the browser about itself, and which pages may
talk to it (docs/server.md, "Other sites").

:class:`Guarded` wraps the application: every HTTP answer carries the security headers
(:data:`HEADERS`: no framing, no inline script, no sniffing, no referrer), and a POST or a
WebSocket whose ``Origin`` is not the server's own is refused (403) before the
application sees it. A request with no ``Origin`` (a program, not a browser's page) is
let through: it carries no visitor's storage, and whatever it asks needs its tokens.
The server's own origin is the ``Host`` the request came to; behind a proxy that does
not pass ``Host`` on, ``--origin`` names the site's address(es) instead.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from paiju.web.limits import Budgets
from paiju.web.sentences import error_text

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The pages' content policy: everything from the server itself, no inline script, no
#: plugin, no framing by any page (the seat's token is in the site's storage).
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
          "frame-ancestors 'none'")

#: The headers every HTTP answer carries.
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


def _refusal(reason: str) -> bytes:
    """A refusal's JSON body: the reason, and in every language (as the app's refusals)."""
    return json.dumps({"error": reason, "error_text": error_text(reason)},
                      ensure_ascii=False).encode()


#: Said by an answer sent before its request's body was read: the connection closes rather
#: than read the rest of the body to reach the next request (a stranger's 10 MB body after
#: a 429 would otherwise be read to its end, for milliseconds of the server's time each).
CLOSE = (b"connection", b"close")

_REFUSED = _refusal("this server answers only its own pages (the Origin is another site)")
_TOO_MANY = _refusal("too many requests from one address: wait a moment")


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of an origin or a site's address, lower-cased; None if it
    is not one (``null``, no host)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.hostname:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
    port = parts.port
    default = 80 if scheme == "http" else 443
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}" + ("" if port in (None, default) else f":{port}")


def checked_origins(sites: Iterable[str]) -> tuple[str, ...]:
    """``--origin``'s addresses as origins; ``ValueError`` naming one that is none."""
    out = []
    for site in sites:
        origin = origin_of(site)
        if origin is None:
            raise ValueError(f"{site!r} is not a site's address (https://host[:port])")
        out.append(origin)
    return tuple(out)


def allowed(origin: str, host: str, sites: Iterable[str]) -> bool:
    """Whether a request with ``Origin: origin`` to ``Host: host`` comes from the server's
    own pages: the origin names that host (http or https), or one of ``sites``."""
    seen = origin_of(origin)
    if seen is None:
        return False
    chosen = {o for o in (origin_of(s) for s in sites) if o is not None}
    if chosen:
        return seen in chosen
    return seen in {origin_of(f"http://{host}"), origin_of(f"https://{host}")}


async def _answer(send: Send, status: int, body: bytes,
                  extra: Iterable[tuple[bytes, bytes]] = ()) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *extra, *HEADERS]})
    await send({"type": "http.response.body", "body": body})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _has_body(scope: Scope) -> bool:
    """Whether the request says a body follows its headers."""
    length = _header(scope, b"content-length")
    if length is not None:
        return length.strip() not in ("", "0")
    return _header(scope, b"transfer-encoding") is not None


class Guarded:
    """The application, behind the security headers, the ``Origin`` check and each
    address's budget of new requests and new WebSockets (``requests`` and ``websockets``
    a second; the address is the client's, a trusted proxy's ``X-Forwarded-For`` applied):
    past it, 429 (a WebSocket is refused before it is accepted)."""

    def __init__(self, app: App, sites: Iterable[str] = (), requests: float = 0.0,
                 websockets: float = 0.0) -> None:
        self.app = app
        self.sites = tuple(sites)
        self.requests = Budgets(requests)
        self.websockets = Budgets(websockets)

    def _foreign(self, scope: Scope) -> bool:
        origin = _header(scope, b"origin")
        if origin is None:
            return False
        return not allowed(origin, _header(scope, b"host") or "", self.sites)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        client = scope.get("client")
        address = str(client[0]) if client else ""
        if kind == "websocket":
            if self._foreign(scope):
                await send({"type": "websocket.close", "code": 4403})
                return
            if not self.websockets.take(address):
                await send({"type": "websocket.close", "code": 4429})
                return
            await self.app(scope, receive, send)
            return
        if kind != "http":
            await self.app(scope, receive, send)
            return
        unread = _has_body(scope)
        close = [CLOSE] if unread else []
        if not self.requests.take(address):
            await _answer(send, 429, _TOO_MANY, [(b"retry-after", b"1"), *close])
            return
        if scope.get("method") == "POST" and self._foreign(scope):
            await _answer(send, 403, _REFUSED, close)
            return

        async def receiving() -> Message:
            nonlocal unread
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                unread = False
            return message

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                said = [*message.get("headers", ()), *HEADERS]
                if unread and not any(k.lower() == b"connection" for k, _ in said):
                    said.append(CLOSE)
                message["headers"] = said
            await send(message)

        await self.app(scope, receiving, with_headers)
