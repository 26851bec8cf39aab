"""The searchers shared by every table: fair turns, budgets that shrink when many wait,
searches no longer wanted dropped, and searchers stopped and started afresh when a search
does not end (paiju/web/thinking.py)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from paiju.web.thinking import SEARCHER_NICENESS, SearchStuck, Thinker

STARTED: list[str] = []


def note(seconds: float, name: str, pause: float) -> tuple[str, float]:
    """A search that takes ``pause`` seconds: its name and the budget it was given."""
    STARTED.append(name)
    time.sleep(pause)
    return name, seconds


def stuck(seconds: float) -> None:
    """A search that never looks at its budget."""
    time.sleep(600)


def answer(seconds: float) -> str:
    return "ok"


def threads(n: int) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(n)


def test_tables_take_turns_and_budgets_shrink_when_many_wait() -> None:
    async def run() -> None:
        STARTED.clear()
        thinker = Thinker(1, max_think=2.0, min_think=0.1, pool=threads)
        greedy = [thinker.run("greedy", note, (f"g{n}", 0.05)) for n in range(5)]
        modest = thinker.run("modest", note, ("m0", 0.05))
        results = await asyncio.gather(*greedy, modest)
        # the tables take turns: the modest table's one search waits for one of the greedy
        # table's, not for all five
        assert STARTED[:3] == ["g0", "g1", "m0"]
        budgets = {name: seconds for name, seconds in results}
        assert budgets["g0"] == 2.0  # alone: the whole think
        assert budgets["g1"] == pytest.approx(2.0 / 5)  # it and four waiting: a fifth
        assert budgets["g4"] == 2.0  # the last, alone again
        assert min(budgets.values()) >= 0.1
        thinker.close()

    asyncio.run(run())


def test_a_search_no_longer_wanted_is_dropped_before_it_starts() -> None:
    async def run() -> None:
        STARTED.clear()
        thinker = Thinker(1, max_think=1.0, pool=threads)
        first = thinker.run("a", note, ("first", 0.2))
        dropped = thinker.run("b", note, ("dropped", 0.0), wanted=lambda: False)
        assert await asyncio.gather(first, dropped) == [("first", 1.0), None]
        assert STARTED == ["first"]
        thinker.close()

    asyncio.run(run())


def test_a_search_that_does_not_end_stops_its_searchers_and_the_next_runs() -> None:
    async def run() -> None:
        thinker = Thinker(1, max_think=0.2, grace=0.5)  # real searcher processes
        began = time.monotonic()
        with pytest.raises(SearchStuck):
            await thinker.run("t", stuck, ())
        assert time.monotonic() - began < 30
        assert await thinker.run("t", answer, ()) == "ok"  # on new searchers
        thinker.close()

    asyncio.run(run())


def worker_pid(seconds: float) -> int:
    import os

    return os.getpid()


def worker_niceness(seconds: float) -> int:
    import os

    return os.nice(0)


def test_searchers_run_nicer_than_their_server() -> None:
    """A search never takes a core from the server's own work: every table's moves."""
    async def run() -> None:
        thinker = Thinker(1, max_think=1.0)  # a real searcher process
        niceness = await thinker.run("t", worker_niceness, ())
        thinker.close()
        assert niceness == min(19, os.nice(0) + SEARCHER_NICENESS)

    asyncio.run(run())


#: A server stand-in: starts real searchers, prints their process id, and waits to be killed.
SERVER = """
import asyncio, sys, time
from paiju.web.thinking import Thinker
sys.path.insert(0, {tests!r})
from test_web_thinking import worker_pid

async def main():
    thinker = Thinker(1, max_think=1.0)
    print(await thinker.run("t", worker_pid, ()), flush=True)
    time.sleep(600)

if __name__ == "__main__":
    asyncio.run(main())
"""


def test_searchers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(SERVER.format(tests=str(Path(__file__).parent)))
    server = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        searcher = int(server.stdout.readline())
        assert Path(f"/proc/{searcher}").exists()
        server.send_signal(signal.SIGKILL)  # a crash: the pool is told nothing
        server.wait(10)
        deadline = time.monotonic() + 10
        while _running(searcher) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _running(searcher), "the searcher outlived its server"
    finally:
        server.kill()


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (not a zombie waiting to be reaped by init)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status
