"""The searches of every table in a few processes of their own, shared fairly
(docs/server.md, "Security and limits").

A search runs in a searcher process, not a thread of the server's: in a thread it would
hold the interpreter's lock from the event loop, and every table's moves would wait on it.
A searcher is handed the hand's record and the seat, rebuilds the seat's view from them,
and hands back the action, so nothing but records and actions crosses between processes.

Each table waits in its own line; the searchers serve the lines in turn, one search from
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
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from paiju.table.computers import Names

T = TypeVar("T")


@dataclass
class _Job(Generic[T]):
    work: Callable[..., T]  # a module-level function: work(seconds, *args)
    args: tuple[Any, ...]
    wanted: Callable[[], bool]
    done: asyncio.Future[T | None]


class SearchStuck(Exception):
    """A search ran past its budget and the grace after it: its searchers were stopped."""


#: Seconds a search may run past its budget (a start-up, a slow play-out) before its
#: searchers are taken to be stuck, stopped, and started afresh.
GRACE = 10.0


class Thinker:
    """Runs searches (``work(seconds, *args)``) for many owners in ``threads`` searcher
    processes, fairly (``pool`` may give other executors, e.g. threads in tests).

    A search that runs past its budget by more than ``grace`` seconds stops its searchers
    (every search running then fails with :class:`SearchStuck`, and its caller tries again
    on new searchers), so no table waits for ever on a search that does not end.
    """

    def __init__(self, threads: int, max_think: float, min_think: float = 0.1,
                 pool: Callable[[int], Executor] | None = None, grace: float = GRACE) -> None:
        self.threads = max(1, threads)
        self.max_think = max_think
        self.min_think = min(min_think, max_think)
        self.grace = grace
        self._make_pool = pool or _searchers
        self._pool: Executor | None = None
        self._lines: OrderedDict[str, deque[_Job[Any]]] = OrderedDict()
        self.running = 0
        self._started: dict[Future[Any], tuple[_Job[Any], float]] = {}  # running: by when
        self._watch: asyncio.TimerHandle | None = None

    @property
    def waiting(self) -> int:
        return sum(len(line) for line in self._lines.values())

    def budget(self) -> float:
        """The seconds the search starting now is given (it is not waiting any more)."""
        crowd = max(self.threads, self.running + self.waiting + 1)
        return max(self.min_think, self.max_think * self.threads / crowd)

    async def run(self, owner: str, work: Callable[..., T], args: tuple[Any, ...],
                  wanted: Callable[[], bool] = lambda: True) -> T | None:
        """``work(seconds, *args)``'s result, once a searcher has run it; ``None`` if it was
        dropped as no longer wanted before it started. A searcher that died (killed, out
        of memory) is replaced, and its search fails with ``BrokenProcessPool``."""
        done: asyncio.Future[T | None] = asyncio.get_running_loop().create_future()
        self._lines.setdefault(owner, deque()).append(_Job(work, args, wanted, done))
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
            if self._pool is None:
                self._pool = self._make_pool(self.threads)
            self.running += 1
            try:
                future = self._pool.submit(_nicely, job.work, seconds, *job.args)
            except BrokenProcessPool as err:  # a searcher died: start afresh
                self.running -= 1
                self._pool = None
                job.done.set_exception(err)
                continue
            self._started[future] = (job, loop.time() + seconds + self.grace)
            future.add_done_callback(self._on_done(loop, job))
            if self._watch is None:
                self._watch = loop.call_later(1.0, self._check)

    def _check(self) -> None:
        """Stop the searchers if a search runs past its time and grace."""
        loop = asyncio.get_running_loop()
        self._watch = None
        if any(by < loop.time() for _, by in self._started.values()):
            stuck, self._started = self._started, {}
            pool, self._pool = self._pool, None
            self.running -= len(stuck)
            if pool is not None:
                _stop(pool)
            for future, (job, _) in stuck.items():
                future.cancel()
                if not job.done.done():
                    job.done.set_exception(SearchStuck("a search ran past its time"))
            self._pump()
        if self._started:
            self._watch = loop.call_later(1.0, self._check)

    def _on_done(self, loop: asyncio.AbstractEventLoop,
                 job: _Job[Any]) -> Callable[[Future[Any]], None]:
        def done(future: Future[Any]) -> None:  # in the search thread
            _call_soon(loop, self._finished, future, job)
        return done

    def _finished(self, future: Future[Any], job: _Job[Any]) -> None:
        if self._started.pop(future, None) is None:
            return  # already counted out (its searchers were stopped as stuck)
        self.running -= 1
        error = None if future.cancelled() else future.exception()
        if isinstance(error, BrokenProcessPool):
            self._pool = None  # the next search starts new searchers
        if not job.done.done():
            if future.cancelled():
                job.done.cancel()
            elif error is not None:
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
        if self._watch is not None:
            self._watch.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _call_soon(loop: asyncio.AbstractEventLoop, call: Callable[..., None], *args: Any) -> None:
    """``call`` in ``loop``'s thread, unless the loop has closed meanwhile (shutting down)."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(call, *args)


def _stop(pool: Executor) -> None:
    """Stop an executor's workers now (a process pool's are killed: a stuck search in
    them would never return)."""
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        with contextlib.suppress(Exception):
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)


def _searchers(n: int) -> Executor:
    """``n`` searcher processes, started fresh (``spawn``: never a fork of the server's
    threads), each of which ends when the server does, even killed."""
    return ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_end_with, initargs=(os.getpid(),))


#: How often a searcher looks whether its server still runs (seconds).
PARENT_CHECK = 1.0
#: How much nicer than the server a searcher runs: where the cores are all busy, the
#: server's own work (every table's moves, sockets and pages) comes before any search.
SEARCHER_NICENESS = 10


#: In a searcher process: [whether it still runs as nice as it started]; empty: not a
#: searcher, so a job runs as it is (a test's threads).
_starting: list[bool] = []


def _end_with(server: int) -> None:
    """In a searcher: end this process once ``server`` is gone (a server killed by
    ``kill -9`` tells its pool nothing, and the searchers waited on it for ever)."""
    def watch() -> None:
        while os.getppid() == server:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    _starting.append(True)
    threading.Thread(target=watch, name="paiju-server-watch", daemon=True).start()


def _nicely(work: Callable[..., T], seconds: float, *args: Any) -> T:
    """``work(seconds, *args)``, in a searcher nicer than the server from its first search
    on (:data:`SEARCHER_NICENESS`): its start-up, the imports of the job it was handed,
    runs as fast as the server's, so a busy machine does not take it for stuck."""
    if _starting and _starting[0]:
        _starting[0] = False
        with contextlib.suppress(OSError):  # a system that refuses: it runs as it is
            os.nice(SEARCHER_NICENESS)
    return work(seconds, *args)


# ------------------------------------------------------------ what a searcher runs


def _view(game: str, record: Mapping[str, Any], seat: int) -> Any:
    """The seat's view of the hand ``record`` stands at (the record's actions replayed)."""
    from paiju.core.games import get_game
    from paiju.core.referee import read_actions

    rules = get_game(game)
    state = rules.from_record(record)
    for action in read_actions(rules, record):
        state.apply(action)
    return rules.seat_view(state, seat)


@cache
def _player(spec: str, game: str) -> Any:
    from paiju.bots.base import make_bot

    return make_bot(spec, game)


def decide(seconds: float, game: str, record: Mapping[str, Any], seat: int, spec: str,
           seed: int, parts: tuple[Any, ...]) -> dict[str, Any]:
    """A computer player's action (record JSON) for ``seat``, searching at most
    ``seconds``."""
    from paiju.core.seeding import make_rng
    from paiju.web.limits import with_budget

    player = with_budget(_player(spec, game), seconds)
    action = player.choose(_view(game, record, seat), make_rng(seed, *parts))
    result: dict[str, Any] = action.to_json()
    return result


def hint(seconds: float, game: str, record: Mapping[str, Any], seat: int,
         names: Names, seed: int, parts: tuple[Any, ...], most: float) -> Any:
    """The search's hint for ``seat`` (:func:`paiju.table.hints.search_hint`), searching at
    most ``seconds`` (and ``most``, the hint's own time)."""
    from paiju.core.seeding import make_rng
    from paiju.table.hints import search_hint
    from paiju.table.present import presenter_for

    view = _view(game, record, seat)
    return search_hint(view, game, presenter_for(game), names, False,
                       make_rng(seed, *parts), min(seconds, most))
