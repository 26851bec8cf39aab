"""Progress of a long run on standard error: how many are done, the time since the run
began, and an estimate of the time left once one is possible.

The bar appears ``delay`` seconds after the run began whether or not anything is done yet
(a slow first group still shows that the run is under way), and only on a terminal.
The clock counts from the run's start, not from the bar's, and the estimate is the rate
so far (everything done since the start, the set-up included) applied to what is left;
before the first count it says so rather than showing a dash.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any, Protocol, TextIO

#: Seconds a run lasts before its progress bar appears.
PROGRESS_DELAY = 1.0

#: What the estimate says before anything is done.
NO_ETA_YET = "eta: after the first"


class ProgressSink(Protocol):
    """Told how many hands each finished group played, then closed."""

    def advance(self, amount: int) -> None: ...

    def close(self) -> None: ...


def clock(seconds: float) -> str:
    """``h:mm:ss``."""
    whole = max(0, round(seconds))
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def remaining(done: int, total: int, elapsed: float) -> float | None:
    """Seconds left at the rate so far, or ``None`` while nothing is done."""
    if done <= 0 or total <= 0:
        return None
    return max(0.0, elapsed * (total - done) / done)


class Progress:
    """Progress with an ETA on ``stream`` (standard error) when it is a terminal.

    Silent when the stream is not a terminal (piped, redirected, under test). On a
    terminal the bar (Rich's) appears once the run has lasted ``delay`` seconds
    (:data:`PROGRESS_DELAY` unless given), even if nothing is done by then, so a quick
    run prints nothing; it stays on screen, finished, when the run ends.
    """

    def __init__(self, total: int, stream: TextIO | None = None, unit: str = "hands",
                 label: str = "", delay: float | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.total, self.unit, self.label = total, unit, label
        self.delay = PROGRESS_DELAY if delay is None else delay
        self.done = 0
        self.start = time.perf_counter()
        self.done_at = self.start  # when the count last changed
        self.active = bool(getattr(self.stream, "isatty", lambda: False)())
        self._bar: Any = None
        self._task: Any = None
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._closed = False
        if self.active:
            if self.delay <= 0:
                self._open()
            else:
                self._timer = threading.Timer(self.delay, self._open)
                self._timer.daemon = True
                self._timer.start()

    def advance(self, amount: int) -> None:
        """Count ``amount`` more done."""
        self.update(self.done + amount)

    def update(self, done: int, total: int | None = None) -> None:
        """Set how many are done (and, if it changed, how many there are in all)."""
        if done != self.done:
            self.done_at = time.perf_counter()
        self.done = done
        if total is not None:
            self.total = total
        with self._lock:
            if self._bar is not None:
                self._bar.update(self._task, completed=self.done, total=self.total)

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def eta(self) -> str:
        """The estimate as the bar shows it."""
        left = remaining(self.done, self.total, self.done_at - self.start)
        if left is None:
            return f"{NO_ETA_YET} {self.unit.rstrip('s') or self.unit}"
        left -= time.perf_counter() - self.done_at
        return f"eta {clock(max(left, 0.0))}"

    def log(self, message: str) -> None:
        """Print ``message`` on the stream (above the bar when it is shown)."""
        with self._lock:
            if self._bar is not None:
                self._bar.console.print(message, markup=False, highlight=False)
                return
        self.stream.write(message + "\n")
        self.stream.flush()

    def _open(self) -> None:
        from rich.console import Console
        from rich.markup import escape
        from rich.progress import BarColumn, MofNCompleteColumn, ProgressColumn, TextColumn
        from rich.progress import Progress as Bar
        from rich.text import Text

        outer = self

        class Elapsed(ProgressColumn):
            def render(self, task: Any) -> Text:
                return Text(clock(outer.elapsed()), style="progress.elapsed")

        class Eta(ProgressColumn):
            def render(self, task: Any) -> Text:
                return Text(outer.eta(), style="progress.remaining")

        with self._lock:
            if self._bar is not None or self._closed:
                return
            console = Console(file=self.stream, force_terminal=True, highlight=False)
            stdout_here = bool(getattr(sys.stdout, "isatty", lambda: False)())
            self._bar = Bar(
                TextColumn(escape(self.label)), BarColumn(), MofNCompleteColumn(),
                TextColumn(escape(self.unit)), Elapsed(), Eta(),
                console=console, redirect_stdout=stdout_here, redirect_stderr=False,
            )
            self._task = self._bar.add_task(self.label, total=self.total,
                                            completed=self.done)
            self._bar.start()

    def close(self) -> None:
        """Show the final count and leave the bar."""
        if self._timer is not None:
            self._timer.cancel()
        with self._lock:
            self._closed = True
            if self._bar is not None:
                self._bar.update(self._task, completed=self.done)
                self._bar.stop()
                self._bar = None
