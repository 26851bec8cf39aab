"""Garbage collection for a server that holds many long-lived tables.

CPython's cyclic collector scans every tracked object in a full (oldest generation)
collection: with hundreds of tables in memory that is over a hundred thousand objects and
a pause of tens to hundreds of milliseconds in the one event loop, which every move then
waits behind (docs/notes/performance-history.md, "The browser tables"). Nearly all of the server's
garbage is freed by reference counting the moment it is dropped, so the collector is made
to look less often and at less:

- the youngest generation is collected after 10,000 allocations instead of 700;
- the objects that survive a collection of the middle or oldest generation are frozen
  (``gc.freeze``): later collections look only at what is newer, so no collection ever
  walks every table;
- every ``full_every`` seconds the frozen objects are let go again and one collection
  takes in everything, so cycles that died after they were frozen are still reclaimed.

Measured with 300 tables of the load benchmark (the machine shared, load average 10 to
11): the collector's pauses went from 3.0 s in 24 s (a full collection up to 377 ms) to
0.7 s (the longest 99 ms), and the server's processor time per move from 1.08 to 0.80 ms.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

#: The collector's thresholds for the three generations while the server runs.
THRESHOLDS = (10_000, 20, 20)
#: Seconds between two collections of everything (frozen objects included).
FULL_EVERY = 600.0


def _freeze_survivors(phase: str, info: dict[str, Any]) -> None:
    if phase == "stop" and info.get("generation", 0) >= 1:
        gc.freeze()


class Collector:
    """The server's collection policy, applied by :meth:`start`, undone by :meth:`stop`."""

    def __init__(self, full_every: float = FULL_EVERY) -> None:
        self.full_every = full_every
        self._before: tuple[int, int, int] | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Apply the policy (the objects alive now, the program's own, are frozen)."""
        self._before = gc.get_threshold()
        gc.collect()
        gc.freeze()
        gc.set_threshold(*THRESHOLDS)
        gc.callbacks.append(_freeze_survivors)
        self._task = asyncio.get_running_loop().create_task(self._full_collections())

    async def _full_collections(self) -> None:
        while True:
            await asyncio.sleep(self.full_every)
            collect_everything()

    def stop(self) -> None:
        """Put the collector back as it was."""
        if self._task is not None:
            self._task.cancel()
        if _freeze_survivors in gc.callbacks:
            gc.callbacks.remove(_freeze_survivors)
        gc.unfreeze()
        if self._before is not None:
            gc.set_threshold(*self._before)


def collect_everything() -> int:
    """Unfreeze, collect every generation, freeze what survived; the objects freed."""
    gc.unfreeze()
    freed = gc.collect()  # the callback freezes the survivors
    return freed
