"""Shared helpers of the browser table tests: a hub on a real SQLite file, a random person."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from paiju.web.store import Store
from paiju.web.tables import Config, Hub, Receiver, Table


def make_hub(path: Path, **config: Any) -> Hub:
    return Hub(Store(path), Config(**{"bot_delay": 0.0, "next_delay": 0.05, **config}))


async def next_message(receiver: Receiver, timeout: float = 20.0) -> dict[str, Any]:
    return await asyncio.wait_for(receiver.queue.get(), timeout)


async def play_as(table: Table, receiver: Receiver, rng: random.Random,
                  stop_after: int | None = None, seen: list[dict[str, Any]] | None = None
                  ) -> list[dict[str, Any]]:
    """Play random legal actions for the receiver's seat until the session is over
    (or ``stop_after`` own actions); returns every message received."""
    got = seen if seen is not None else []
    acted = 0
    while True:
        message = await next_message(receiver)
        got.append(message)
        kind = message["type"]
        if kind == "session_over":
            return got
        if kind == "hand_over":
            await table.handle(receiver, {"type": "next"})
        elif kind == "state" and message["legal"]:
            if stop_after is not None and acted >= stop_after:
                return got
            action = rng.choice(message["legal"])
            await table.handle(receiver, {"type": "act", "action": action})
            acted += 1
        elif kind == "error":
            raise AssertionError(message["reason"])
