"""Fixtures shared by the browser tables' tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from web_helpers import Server


def _serving(folder: Path) -> Iterator[Server]:
    """A real ``paiju serve`` on a fresh SQLite file in ``folder`` (the next hand dealt
    0.2 s after), stopped at the end."""
    running = Server(folder / "tables.sqlite3", "--next-delay", "0.2").start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own."""
    yield from _serving(tmp_path)


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a module's tests that make nothing a later test reads (refusals,
    descriptions): a start costs seconds on a busy machine."""
    yield from _serving(tmp_path_factory.mktemp("shared"))
