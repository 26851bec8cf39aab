"""The guided first hand of each game, from the first page's "Learn to play" to the hand's
explanation; and the turn signal, the screen reader's words and play by keyboard."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .driver import (
    hand_over,
    learn_from_the_first_page,
    legal,
    make_move,
    seated_to_move,
    settled,
)
from .social import Frames, guide_cards_known

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 664}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


@pytest.mark.parametrize(("game", "size"), [("lukfu", PHONE), ("daifugo", DESKTOP)])
def test_the_guided_hand_is_played_to_its_end(server: Any, contexts: Any, game: str,
                                              size: dict[str, Any]) -> None:
    for _ in range(4):  # a Luk Fu hand a computer ends at its deal is learnt again
        page = contexts(**size).new_page()
        frames = Frames(page)
        if learn_from_the_first_page(page, server.base, game):
            break
        page.close()
    table = page.url.rsplit("/t/", 1)[1]
    info = server.table(table)
    assert info["guided"] and info["hands"] == 1
    assert info["seats"][0]["kind"] == "human" and info["seats"][0]["name"] == "Learner"
    assert all(s["kind"] == "bot" and s["bot"] == "heuristic" for s in info["seats"][1:])
    turns = why = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        settled(page)
        if hand_over(page):
            break
        box = page.get_by_test_id("guide")
        box.wait_for(state="visible")
        moves = box.get_by_test_id("guide-moves").locator("li").all_inner_texts()
        assert moves and all(m.strip() for m in moves)
        turns += 1
        state = [f for f in frames.of("state") if f.get("legal")][-1]
        barred = state["guide"]["barred"]
        if barred and not why:
            # a card that cannot be used: tapped, the page says why in the engine's words
            token = next(iter(barred))
            card = page.locator(f"[data-testid=hand] [data-token='{token}']").first
            if card.get_attribute("aria-pressed") is not None:
                card.click()
                said = page.get_by_test_id("guide-why").inner_text()
                assert "cannot be used now" in said and barred[token]["en"] in said
                info = state["cards"][token]  # named as the card line names it: "9 Gon"
                assert said.startswith(f"{info.get('spoken') or info['en']} cannot")
                card.click()  # taken back
                why += 1
        make_move(page, legal(page)[0])
    assert hand_over(page) and turns >= 1
    assert page.get_by_test_id("over-lines").locator("li").count() >= 1
    assert page.get_by_test_id("guided-end").is_visible()
    read = guide_cards_known(game, frames.of("state"))
    assert read >= turns


def test_the_turn_signal_the_announcements_and_play_by_keyboard(server: Any,
                                                               contexts: Any) -> None:
    body = {"game": "daifugo", "rules": "popular", "players": 3, "hands": 1,
            "seats": ["human", "heuristic", "heuristic"]}
    page, table = seated_to_move(server, contexts, body, **DESKTOP)
    # the tab's title says it is your turn; the screen reader is told so
    assert page.title().startswith("▶ Your turn")
    assert "It is your turn." in page.get_by_test_id("announce").inner_text()
    signals = int(page.evaluate("document.body.dataset.turnSignals || '0'"))
    assert signals >= 1
    # the sound is off until chosen, and the choice is kept
    toggle = page.get_by_test_id("sound-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('paiju.sound')") == "true"
    # by keyboard: Tab to a card, Space picks it, Enter plays the first move that is lit
    for _ in range(10):  # a turn where cards may be played (else pass and wait)
        moves = [m for m in legal(page) if m.get("cards")
                 and not any("=" in c or c == "JK" for c in m["cards"])]
        if moves:
            break
        make_move(page)
        settled(page)
        assert not hand_over(page)
    tokens = moves[0]["cards"]
    before = page.get_by_test_id("play").get_attribute("data-moves")
    for token in tokens:
        page.locator(f"[data-testid=hand] [data-token='{token}'][aria-pressed=false]").first.focus()
        page.keyboard.press("Space")
        assert page.evaluate("document.activeElement.dataset.token") == token
        assert page.evaluate("document.activeElement.getAttribute('aria-pressed')") == "true"
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([m]) => document.getElementById('play').dataset.moves !== m", arg=[before])
    hand = page.get_by_test_id("hand").locator("[data-testid=card]").evaluate_all(
        "cards => cards.map(c => c.dataset.token)")
    assert not set(tokens) & set(hand)
    said = page.get_by_test_id("announce").inner_text()
    assert said and said != "It is your turn."
    assert server.table(table)["hand"] == 1
    # the plays' animations run, and not under the system's reduce-motion setting
    probe = ("() => { const p = document.createElement('div'); p.className = 'play-item arrive';"
             " document.getElementById('trick').append(p);"
             " return getComputedStyle(p).animationName; }")
    assert page.evaluate(probe) == "arrive"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(probe) == "none"
