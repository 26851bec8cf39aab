"""The server's garbage-collection policy: young survivors frozen, everything collected on
schedule, the collector put back as it was."""

from __future__ import annotations

import asyncio
import gc
import weakref

from paiju.web.collect import THRESHOLDS, Collector, collect_everything


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_survivors_are_frozen_and_a_full_collection_still_frees_dead_cycles() -> None:
    async def run() -> None:
        before = gc.get_threshold()
        collector = Collector(full_every=0.05)
        collector.start()
        try:
            assert gc.get_threshold() == THRESHOLDS
            assert gc.get_freeze_count() > 0
            frozen = gc.get_freeze_count()
            dead = cycle()  # garbage already, but only a collection can see it
            gc.collect(1)  # a middle-generation collection frees it, freezes survivors
            assert dead() is None
            kept = [Node() for _ in range(100)]
            gc.collect(1)
            assert gc.get_freeze_count() >= frozen + 100
            late = cycle()
            gc.freeze()  # a cycle frozen while alive, dropped afterwards...
            gc.collect()
            assert late() is not None
            await asyncio.sleep(0.2)  # ...is freed by the scheduled collection of everything
            assert late() is None
            assert kept and collect_everything() >= 0
        finally:
            collector.stop()
        assert gc.get_threshold() == before and gc.get_freeze_count() == 0

    asyncio.run(run())
