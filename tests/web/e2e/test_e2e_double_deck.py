"""The double deck on the first page: the form offers ``decks`` with its meaning, and a
table of two packs is refused with the reason (docs/daifugo.md, "The double deck"), no
table made; one pack makes the table."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def test_two_packs_are_refused_with_the_reason_and_one_pack_is_made(
        server: Any, contexts: Any) -> None:
    page = contexts().new_page()
    page.goto(server.base + "/")
    page.get_by_test_id("language").select_option("en")
    page.get_by_test_id("game-daifugo").click()
    page.get_by_test_id("players").select_option("6")
    page.get_by_test_id("options").locator("summary").click()
    decks = page.get_by_test_id("opt-decks")
    assert decks.input_value() == "1"
    decks.select_option("2")
    page.get_by_test_id("create").click()
    refusal = page.get_by_test_id("create-error")
    refusal.filter(has_text="decks=2 (the double deck) is not played yet").wait_for()
    assert page.get_by_test_id("created").is_hidden()

    decks.select_option("1")
    page.get_by_test_id("create").click()
    page.get_by_test_id("created").wait_for(state="visible")
    assert refusal.is_hidden()
    assert "/t/" in page.get_by_test_id("table-link").input_value()
