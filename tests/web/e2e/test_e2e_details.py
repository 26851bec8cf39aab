"""Small things a player meets: Enter in the name box takes the seat, the page speaks the
browser's language until told otherwise, the tapped card's name goes with the card, and
the seats are numbered as the computers are named."""

from __future__ import annotations

from typing import Any

import pytest

from .driver import legal, make_move, position, select, settled, wait_turn

pytestmark = pytest.mark.e2e


def test_enter_language_card_line_and_numbers(server: Any, contexts: Any) -> None:
    table = server.create(game="daifugo", rules="popular", players=3,
                          seats=["human", "random", "random"], hands=1, clock=None)
    page = contexts(locale="ja-JP").new_page()
    page.goto(f"{server.base}/t/{table}")
    # a Japanese browser at a Dai Fugō table: the page is in Japanese from the start
    assert page.get_by_test_id("language").input_value() == "ja"
    assert page.get_by_test_id("rules-button").inner_text() == "ルール"
    assert page.evaluate("document.documentElement.lang") == "ja"
    page.get_by_test_id("join-name").fill("Alice")
    page.get_by_test_id("join-name").press("Enter")  # the only seat for a person
    page.get_by_test_id("play").wait_for(state="visible")
    assert page.evaluate(f"localStorage.getItem('paiju.token.{table}')")
    seat_names = ("[...document.querySelectorAll('.seats .seat .who')]"
                  ".map(e => e.textContent.replace('▶ ', ''))")
    # the computers are named in the page's language, by their strength
    assert sorted(page.evaluate(seat_names)) == ["コンピュータ2（弱い）", "コンピュータ3（弱い）"]
    page.get_by_test_id("language").select_option("en")
    # the seats are numbered from 1, as the computers' names are: Computer 2 is player 2
    assert sorted(page.evaluate(seat_names)) == ["Computer 2 (easy)", "Computer 3 (easy)"]
    assert "player 1" in page.get_by_test_id("hand-info").inner_text()
    # a tapped card is named under the hand until it leaves the hand
    wait_turn(page)
    while not any(m["do"] == "play" and len(m.get("cards", [])) == 1 for m in legal(page)):
        make_move(page)
        settled(page)
        assert not page.evaluate("document.getElementById('over-dialog').open")
    move = next(m for m in legal(page) if m["do"] == "play" and len(m.get("cards", [])) == 1)
    select(page, move["cards"])
    detail = page.get_by_test_id("card-detail")
    assert detail.inner_text().strip()
    where = position(page)
    page.get_by_test_id("do-play").click()
    page.wait_for_function(
        "([hand, moves]) => { const p = document.getElementById('play');"
        " return p.dataset.hand !== hand || p.dataset.moves !== moves; }", arg=list(where))
    held = page.get_by_test_id("hand").locator("[data-testid=card]").evaluate_all(
        "cards => cards.map(c => c.dataset.token)")
    assert move["cards"][0].split("=")[0] not in held
    assert detail.inner_text().strip() == ""
