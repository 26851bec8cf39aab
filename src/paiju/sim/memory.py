"""The memory run of ``paiju bench``: resident memory over a long simulation of random play.

The resident set size (Linux ``/proc/self/statm``) is sampled at twenty points and a
least-squares line through the second half of them (after the warm-up, while lookup
tables fill) gives its slope in KiB per 10,000 hands; the peak is the process's maximum
resident set size (``resource.getrusage``).
"""

from __future__ import annotations

import gc
import os
import resource
import sys
import time
from collections.abc import Callable
from typing import Any


def _rss_bytes() -> int:
    try:
        with open("/proc/self/statm", encoding="utf-8") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return _peak_bytes()


def _peak_bytes() -> int:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def _peak_of(start: float, samples: list[float]) -> float:
    """The run's peak resident set: the kernel's high-water mark, which it updates lazily
    (so it may lag the size read a moment ago), and never less than any size sampled."""
    return max(float(_peak_bytes()), float(_rss_bytes()), start, *samples)


def slope(xs: list[float], ys: list[float]) -> float:
    """The least-squares slope of ``ys`` on ``xs``."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0


def memory_run(game_name: str, preset: str, options: dict[str, Any], players: int,
               hands: int, seed: int, seconds: float | None = None,
               progress: Any = None,
               clock: Callable[[], float] = time.perf_counter) -> dict[str, Any]:
    """Resident memory over ``hands`` hands of random play through the simulator, or
    fewer if ``seconds`` is given and runs out first.

    Memory is sampled at each twentieth of the run (of its hands, or of its time when
    that runs out sooner); ``progress`` (a :class:`paiju.sim.runner.Progress`) is told
    of every hand; ``clock`` is read for the time.
    """
    from paiju.sim.runner import SimConfig, Tally, check_config, iter_outcomes

    config = SimConfig(game_name, preset, players, ("random",) * players, hands, seed,
                       overrides=options, duplicate=False)
    check_config(config)
    tally = Tally(config)
    gc.collect()
    start_rss = _rss_bytes()
    xs: list[float] = []
    ys: list[float] = []
    start = clock()
    mark = 1
    for outcome in iter_outcomes(config):
        tally.add(outcome)
        if progress is not None:
            progress.advance(outcome.hands)
        elapsed = clock() - start
        twentieths = tally.hands * 20 // hands
        if seconds is not None:
            twentieths = max(twentieths, int(elapsed * 20 / seconds))
        if twentieths >= mark:
            xs.append(float(tally.hands))
            ys.append(float(_rss_bytes()))
            mark = twentieths + 1
        if twentieths >= 20:
            break
    half = len(xs) // 2
    per_10k = slope(xs[half:], ys[half:]) * 10_000 / 1024 if len(xs) - half >= 2 else 0.0
    return {
        "game": game_name,
        "hands": tally.hands,
        "hands_asked": hands,
        "time_budget_s": seconds,
        "seconds": round(clock() - start, 1),
        "rss_start_mib": round(start_rss / 2**20, 1),
        "rss_end_mib": round(ys[-1] / 2**20, 1) if ys else None,
        "peak_rss_mib": round(_peak_of(start_rss, ys) / 2**20, 1),
        "slope_kib_per_10k_hands": round(per_10k, 2),
        "slope_measured_over": "the second half of the run (after the warm-up)",
        "samples": [[int(x), round(y / 2**20, 2)] for x, y in zip(xs, ys, strict=True)],
    }
