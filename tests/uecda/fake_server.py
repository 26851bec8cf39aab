"""A one-client server for the client tests: it runs a script against the client."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable

Script = Callable[[socket.socket], None]


def serve_once(script: Script) -> tuple[int, threading.Thread, dict[str, object]]:
    """A one-client server on a free port running ``script``; errors land in the dict."""
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    out: dict[str, object] = {}

    def run() -> None:
        conn, _ = listener.accept()
        listener.close()
        try:
            script(conn)
        except Exception as e:  # reported by the test
            out["error"] = e
        finally:
            conn.close()

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return port, t, out
