"""A server killed mid-hand (SIGKILL) and started again on the same database: the page
reconnects by itself and the person is back in the seat, in the same position."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, start_serve, stop
from .driver import make_move, seated_to_move, settled, snapshot

pytestmark = pytest.mark.e2e


def test_the_page_comes_back_after_the_server_is_killed(tmp_path: Path, contexts: Any) -> None:
    process, base = start_serve(tmp_path)
    try:
        page, _ = seated_to_move(Server(base, tmp_path), contexts, {
            "game": "daifugo", "rules": "popular", "players": 3,
            "seats": ["human", "heuristic", "heuristic"], "hands": 1, "clock": None})
        make_move(page)
        settled(page)
        before = snapshot(page)
        process.send_signal(signal.SIGKILL)
        process.wait()
        page.get_by_test_id("banner").wait_for(state="visible")
        assert "reconnecting" in page.get_by_test_id("banner").inner_text()
        # pinned to the top of the screen, over the table
        banner = page.get_by_test_id("banner")
        assert banner.evaluate("e => getComputedStyle(e).position") == "fixed"
        assert banner.bounding_box()["y"] == 0
        process, _ = start_serve(tmp_path, port=int(base.rsplit(":", 1)[1]))
        page.get_by_test_id("banner").wait_for(state="hidden", timeout=20_000)
        settled(page)
        assert snapshot(page) == before
    finally:
        stop(process)
