"""A table's chat: short messages and quick reactions, bounded like everything a stranger
sends (docs/server.md, "Chat").

A message is at most :data:`MAX_CHAT` characters, of text a person can read (no control
or invisible character), at most :data:`CHAT_BURST` at once and one every
:data:`CHAT_EVERY` seconds from a connection. Reactions are one of :data:`REACTIONS`.
The page shows a message as text, never as markup. The last :data:`KEPT` messages are
kept in memory and sent to whoever connects; the chat is not stored, and a restart
forgets it.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any

from paiju.web.catalog import WebError, refused
from paiju.web.limits import Bucket

#: The longest message, in characters.
MAX_CHAT = 200
#: One message every this many seconds from a connection, and this many at once.
CHAT_EVERY = 1.0
CHAT_BURST = 5
#: The messages kept for whoever connects.
KEPT = 50
#: The quick reactions, by name (the page draws each).
REACTIONS = ("good", "bravo", "wow", "haha", "thanks", "oops")


class Chat:
    """One table's chat."""

    def __init__(self) -> None:
        self.kept: deque[dict[str, Any]] = deque(maxlen=KEPT)

    @staticmethod
    def bucket() -> Bucket:
        """A connection's allowance of messages."""
        return Bucket(1 / CHAT_EVERY, CHAT_BURST)

    def said(self, player: int | None, name: str, message: dict[str, Any],
             spectator: int | None = None) -> dict[str, Any]:
        """The ``chat`` message to send for what a connection sent (checked), kept; a
        spectator's says its number at the table (``spectator``)."""
        kind = message["type"]
        said: dict[str, Any] = {"type": "chat", "player": player, "name": name,
                                "at": int(time.time() * 1000)}
        if spectator is not None:
            said["spectator"] = spectator
        if kind == "react":
            reaction = message.get("reaction")
            if reaction not in REACTIONS:
                raise WebError(400, f"a reaction is one of {', '.join(REACTIONS)}")
            said["reaction"] = reaction
        else:
            said["text"] = check_text(message.get("text"))
        self.kept.append(said)
        return said

    def log(self) -> dict[str, Any]:
        """The ``chat_log`` message: the messages kept, oldest first."""
        return {"type": "chat_log", "messages": list(self.kept)}


def check_text(text: Any) -> str:
    """A chat message's text, trimmed; ``WebError(400)`` if it is empty, too long, holds
    a control or invisible character, shows nothing or piles marks on a letter."""
    if not isinstance(text, str) or not text.strip():
        raise WebError(400, "a chat message needs some text")
    clean = " ".join(text.split())
    if len(text) > 4 * MAX_CHAT or len(clean) > MAX_CHAT:
        raise WebError(400, f"a chat message is at most {MAX_CHAT} characters")
    refused(clean, "a chat message")
    return clean
