"""The pages work under their own content policy (no inline script or style, no framing):
a person makes a table, takes a seat, plays a move and writes in the chat with the policy
enforced, and the browser reports no violation; no other site's page can frame a table."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def violations(page: Any) -> list[str]:
    said: list[str] = []
    page.on("console", lambda m: said.append(m.text)
            if "Content Security Policy" in m.text else None)
    return said


def test_a_table_is_played_under_the_pages_policy(server: Any, contexts: Any) -> None:
    page = contexts(bypass_csp=False).new_page()
    refused = violations(page)
    for path in ("/", "/t/doesnotexist", "/learn/daifugo"):
        page.goto(server.base + path)
        page.locator("main").first.wait_for()
    table = server.create(game="daifugo", players=3, seats=["human", "random", "random"])
    page.goto(f"{server.base}/t/{table}")
    page.get_by_test_id("join-name").fill("Ann")
    page.get_by_test_id("take-seat-0").click()
    page.get_by_test_id("hand").locator("[data-testid=card]").first.wait_for()
    assert refused == []


def test_another_site_cannot_frame_a_table(server: Any, contexts: Any) -> None:
    table = server.create(game="daifugo", players=3, seats=["human", "random", "random"])
    page = contexts(bypass_csp=False).new_page()
    refused = violations(page)
    page.set_content(f'<iframe src="{server.base}/t/{table}"></iframe>')
    page.wait_for_timeout(1500)
    assert len(page.frames) == 2
    framed = page.frames[1]
    assert framed.get_by_test_id("join-name").count() == 0  # the browser showed its error
    assert not framed.url.startswith(server.base)
    assert any("frame-ancestors" in r for r in refused), refused
