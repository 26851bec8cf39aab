"""The searches of every table on a few threads, shared fairly (docs/server.md,
"Security and limits").

Each table waits in its own line; the threads serve the lines in turn, one search from
each table with one waiting, so a table that asks for many searches waits behind itself,
not in front of others. Every search ends within ``max_think`` seconds, and when more
searches wait than there are threads each gets less: ``max_think × threads / waiting``
seconds, never less than ``min_think``. So a search waits at most about two
``max_think`` to start, however many tables search at once (while
``waiting × min_think / threads`` stays below ``max_think``, that is up to 60 waiting
searches with the defaults). A search asked for by a table nobody watches any more is
dropped before it starts (``wanted``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")


@dataclass
class _Job(Generic[T]):
    work: Callable[[float], T]  # given its time budget in seconds
    wanted: Callable[[], bool]
    done: asyncio.Future[T | None]


class Thinker:
    """Runs searches (``work(seconds)``) for many owners on ``threads`` threads, fairly."""

    def __init__(self, threads: int, max_think: float, min_think: float = 0.1) -> None:
        self.threads = max(1, threads)
        self.max_think = max_think
        self.min_think = min(min_think, max_think)
        self._pool = ThreadPoolExecutor(max_workers=self.threads,
                                        thread_name_prefix="paiju-search")
        self._lines: OrderedDict[str, deque[_Job[Any]]] = OrderedDict()
        self.running = 0

    @property
    def waiting(self) -> int:
        return sum(len(line) for line in self._lines.values())

    def budget(self) -> float:
        """The seconds the next search to start is given."""
        crowd = max(self.threads, self.running + self.waiting)
        return max(self.min_think, self.max_think * self.threads / crowd)

    async def run(self, owner: str, work: Callable[[float], T],
                  wanted: Callable[[], bool] = lambda: True) -> T | None:
        """``work``'s result, once a thread has run it; ``None`` if it was dropped as no
        longer wanted before it started."""
        done: asyncio.Future[T | None] = asyncio.get_running_loop().create_future()
        self._lines.setdefault(owner, deque()).append(_Job(work, wanted, done))
        self._pump()
        return await done

    def _pump(self) -> None:
        loop = asyncio.get_running_loop()
        while self.running < self.threads and self._lines:
            owner, line = next(iter(self._lines.items()))
            job = line.popleft()
            del self._lines[owner]
            if line:  # the owner goes to the back of the turn
                self._lines[owner] = line
            if job.done.done():  # cancelled by its waiter
                continue
            if not job.wanted():
                job.done.set_result(None)
                continue
            seconds = self.budget()
            self.running += 1
            future = self._pool.submit(job.work, seconds)
            future.add_done_callback(self._on_done(loop, job))

    def _on_done(self, loop: asyncio.AbstractEventLoop,
                 job: _Job[Any]) -> Callable[[Future[Any]], None]:
        def done(future: Future[Any]) -> None:  # in the search thread
            _call_soon(loop, self._finished, future, job)
        return done

    def _finished(self, future: Future[Any], job: _Job[Any]) -> None:
        self.running -= 1
        if not job.done.done():
            error = future.exception()
            if error is not None:
                job.done.set_exception(error)
            else:
                job.done.set_result(future.result())
        self._pump()

    def close(self) -> None:
        """Cancel the searches not yet started (a running one ends within its budget)."""
        for line in self._lines.values():
            for job in line:
                if not job.done.done():
                    job.done.cancel()
        self._lines.clear()
        self._pool.shutdown(wait=False, cancel_futures=True)


def _call_soon(loop: asyncio.AbstractEventLoop, call: Callable[..., None], *args: Any) -> None:
    """``call`` in ``loop``'s thread, unless the loop has closed meanwhile (shutting down)."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(call, *args)
