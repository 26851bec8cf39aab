"""Two people in two browsers and a computer player play whole hands by clicking."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from .driver import hand_over, join, legal, play_hand, position

pytestmark = pytest.mark.e2e


def create_by_page(page: Any, base: str) -> str:
    """Create a three-player Luk Fu table on the create page: two people and a computer."""
    page.goto(base + "/")
    page.get_by_test_id("game-lukfu").click()
    page.get_by_test_id("preset").select_option("hongkong")
    page.get_by_test_id("players").select_option("3")
    page.get_by_test_id("seat-0").select_option("human")
    page.get_by_test_id("seat-1").select_option("human")
    page.get_by_test_id("seat-2").select_option("heuristic")
    page.get_by_test_id("hands").fill("2")
    # every option of the game is there, with its meaning
    page.get_by_test_id("options").locator("summary").click()
    assert page.locator(".option").count() >= 5
    assert all(t.strip() for t in page.locator(".option-meaning").all_inner_texts())
    page.get_by_test_id("create").click()
    page.get_by_test_id("created").wait_for(state="visible")
    assert page.get_by_test_id("create-error").is_hidden()
    link = page.get_by_test_id("table-link").input_value()
    assert "/t/" in link
    return link.rsplit("/t/", 1)[1]


def payments(page: Any) -> list[int]:
    return [int(t) for t in page.get_by_test_id("payment").all_inner_texts()]


def check_hand_over(pages: list[Any], server: Any, table: str, zero_sum: bool) -> None:
    """Both people see the same payments (Luk Fu's sum to zero) and the server's totals agree."""
    first = payments(pages[0])
    assert first == payments(pages[1])
    assert len(first) == 3
    assert sum(first) == 0 or not zero_sum
    info = server.table(table)
    assert info["hands_played"] >= 1
    assert sorted(info["totals"]) == sorted(first)
    # the step-through of the hand just played, from the record the seat was sent, to its
    # last action (the full record is served once the session is over)
    status, record = server.request("GET", f"/api/tables/{table}/hands/1/record")
    assert status == (200 if info.get("over") else 409)
    page = pages[0]
    page.get_by_test_id("replay-open").click()
    pos = page.get_by_test_id("replay-pos").inner_text()
    n = int(pos.split(" / ")[1])
    assert pos == f"0 / {n}" and n >= 1
    if status == 200:
        assert n == len(record["actions"])
    assert page.get_by_test_id("replay-line").inner_text() == "The deal"
    page.get_by_test_id("replay-next").click()
    assert page.get_by_test_id("replay-line").inner_text() != "The deal"
    page.get_by_test_id("replay-last").click()
    assert page.get_by_test_id("replay-pos").inner_text() == f"{n} / {n}"


def test_lukfu_hand_by_two_people_and_a_computer(server: Any, contexts: Any) -> None:
    alice = contexts().new_page()
    frames: list[dict[str, Any]] = []
    alice.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: frames.append(json.loads(payload))))
    table = create_by_page(alice, server.base)
    bob = contexts().new_page()
    join(alice, server.base, table, 0, "Alice")
    join(bob, server.base, table, 1, "Bob")
    for page in (alice, bob):
        page.get_by_test_id("play").wait_for(state="visible")
        assert page.get_by_test_id("hand").locator("[data-testid=card]").count() == 12
    # the cards are drawn with their characters and numbers, red imprints in red
    cards = alice.get_by_test_id("hand").locator("[data-testid=card]")
    texts = cards.all_inner_texts()
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in t) for t in texts)
    for i in range(cards.count()):
        card = cards.nth(i)
        token = card.get_attribute("data-token")
        red = token in {"9Sip", "9Gon", "9Sok", "9Chen", "1Sip", "1Chen", "LiChen", "8Sip"}
        assert (card.get_attribute("data-red") == "1") == red, token
        color = card.evaluate("e => getComputedStyle(e).color")
        assert (color == "rgb(193, 18, 31)") == red, (token, color)
    shown = alice.get_by_test_id("play").inner_text()
    assert "null" not in shown and "undefined" not in shown
    # aged cards are marked as the state's cards map says (checked while a person is to move)
    deadline = time.monotonic() + 15
    while not (legal(alice) or legal(bob) or hand_over(alice)):
        assert time.monotonic() < deadline, "nobody is to move"
        time.sleep(0.05)
    if not hand_over(alice):
        alice.wait_for_timeout(300)  # the last state frame has reached the test too
        last = [f for f in frames if f.get("type") == "state" and f.get("view")][-1]
        assert len(last["view"]["actions"]) == int(position(alice)[1])
        aged = {t for t in last["view"]["hand"] if last["cards"][t]["aged"]}
        marked = set(cards.evaluate_all(
            "cs => cs.filter(c => c.dataset.aged === '1' && c.querySelector('.aged-mark'))"
            ".map(c => c.dataset.token)"))
        assert marked == aged
    made = play_hand([alice, bob])
    check_hand_over([alice, bob], server, table, zero_sum=True)
    if made < 2:  # a computer declared six at once: both people play the second hand
        for page in (alice, bob):
            page.get_by_test_id("next-hand").click()
        for page in (alice, bob):  # dealt when both are ready
            page.wait_for_function("document.getElementById('play').dataset.hand === '2'")
        made += play_hand([alice, bob])
    assert made >= 2


def test_daifugo_hand_by_two_people_and_a_computer(server: Any, contexts: Any) -> None:
    table = server.create(game="daifugo", rules="popular", players=3,
                          seats=["human", "human", "random"], hands=1, clock=None)
    alice, bob = contexts().new_page(), contexts().new_page()
    join(alice, server.base, table, 0, "Alice")
    join(bob, server.base, table, 1, "Bob")
    alice.get_by_test_id("play").wait_for(state="visible")
    bob.get_by_test_id("play").wait_for(state="visible")
    # suits and ranks, weakest first in the ranking in force (turned round by a revolution)
    order, tokens = alice.evaluate(
        "() => [document.querySelector('[data-testid=order]').innerText,"
        " [...document.querySelectorAll('[data-testid=hand] [data-testid=card]')]"
        ".map(c => c.dataset.token)]")
    reversed_order = "REVERSED" in order
    assert ("2 < A" if reversed_order else "3 < 4") in order
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    strength = [99 if t == "JK" else (12 - ranks.index(t[:-1]) if reversed_order
                                      else ranks.index(t[:-1])) for t in tokens]
    assert strength == sorted(strength)
    texts = alice.get_by_test_id("hand").locator("[data-testid=card]").all_inner_texts()
    assert texts and all(any(s in t for s in "♠♡♢♣★") for t in texts)
    shown = alice.get_by_test_id("play").inner_text()
    assert "null" not in shown and "undefined" not in shown
    play_hand([alice, bob])
    check_hand_over([alice, bob], server, table, zero_sum=False)
    lines = alice.get_by_test_id("over-lines").inner_text()
    assert "Alice" in lines and "Bob" in lines
