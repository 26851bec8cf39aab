"""The table page in a real browser: reloading, watching, a refused click, a phone screen."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

from .driver import (
    hand_over,
    join,
    legal,
    make_move,
    play_hand,
    position,
    seated_to_move,
    settled,
    snapshot,
    wait_turn,
)

pytestmark = pytest.mark.e2e


def test_a_reload_mid_hand_returns_to_the_same_state(server: Any, contexts: Any) -> None:
    page, table = seated_to_move(server, contexts, {
        "game": "lukfu", "rules": "hongkong", "players": 3,
        "seats": ["human", "heuristic", "heuristic"], "hands": 1, "clock": None})
    make_move(page)  # into the hand (a computer may still end it early by declaring six)
    settled(page)
    before = snapshot(page)
    over = hand_over(page)
    assert int(before["position"][1]) >= 1 and before["hand"]
    token = page.evaluate(f"localStorage.getItem('paiju.token.{table}')")
    page.reload()
    page.get_by_test_id("play").wait_for(state="visible")
    settled(page)
    after = snapshot(page)
    assert after == before
    assert hand_over(page) == over
    assert page.evaluate(f"localStorage.getItem('paiju.token.{table}')") == token
    assert page.get_by_test_id("lobby").is_hidden()


def public_cards(game: str, view: dict[str, Any]) -> set[str]:
    """The cards every seat has seen face up so far in a view's JSON."""
    if game == "daifugo":
        return set(view.get("played") or []) | {"JK"}
    shown = set(view.get("declared_aged") or [])
    for item in view.get("actions", []):
        if item["do"] == "play":
            shown |= set(item["cards"])
        else:
            assert "cards" not in item, item  # face down: a count only
    if view.get("phase") == "over" and view.get("dreamer"):
        shown.add(view["dreamer"])
    return shown


@pytest.mark.parametrize("game", ["daifugo", "lukfu"])
def test_a_spectator_never_sees_a_hand_card(server: Any, contexts: Any, game: str) -> None:
    rules = "popular" if game == "daifugo" else "hongkong"
    table = server.create(game=game, rules=rules, players=3,
                          seats=["human", "heuristic", "random"], hands=1, clock=None)
    watcher = contexts().new_page()
    frames: list[dict[str, Any]] = []
    watcher.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: frames.append(json.loads(payload))))
    watcher.goto(f"{server.base}/t/{table}")
    watcher.get_by_test_id("lobby").wait_for(state="visible")
    player = contexts().new_page()
    join(player, server.base, table, 0, "Alice")
    watcher.get_by_test_id("play").wait_for(state="visible")
    assert watcher.get_by_test_id("hand-info").get_attribute("data-role") == "spectator"
    shown_hand_cards: list[int] = []

    def look() -> None:
        shown_hand_cards.append(
            watcher.get_by_test_id("hand").locator("[data-testid=card]").count())
        assert watcher.get_by_test_id("actions").locator("button").count() == 0

    settled(player)
    while not player.evaluate("document.getElementById('over-dialog').open"):
        look()
        if legal(player):
            make_move(player)
        else:
            player.wait_for_timeout(50)
    look()
    assert shown_hand_cards and set(shown_hand_cards) == {0}
    states = [f for f in frames if f.get("type") == "state" and f.get("view")]
    assert states
    for frame in states:
        view = frame["view"]
        assert frame["player"] is None and frame["seat"] is None and frame["legal"] == []
        assert not view.get("hand") and not view.get("known")
        shown = public_cards(game, view)
        named = {token.split("=")[0] for token in frame["cards"]}
        assert named <= shown, named - shown
    # the spectator's step-through shows the public actions and no hand at all
    watcher.wait_for_function("document.getElementById('over-dialog').open")
    watcher.get_by_test_id("replay-open").click()
    watcher.get_by_test_id("replay-last").click()
    assert watcher.get_by_test_id("replay-hand").locator("[data-testid=card]").count() == 0


def test_an_illegal_click_is_refused_with_the_reason(server: Any, contexts: Any) -> None:
    table = server.create(game="daifugo", rules="pagat", players=3,
                          seats=["human", "heuristic", "heuristic"], hands=1, clock=None)
    page = contexts().new_page()
    errors: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: errors.append(
        json.loads(payload)["reason"]) if '"error"' in payload else None))
    join(page, server.base, table, 0, "Alice")
    wait_turn(page)
    moves = legal(page)
    while not any(m["do"] == "play" for m in moves):  # nothing beats the table: pass on
        make_move(page, {"seat": 0, "do": "pass"})
        wait_turn(page)
        moves = legal(page)
    plays = {tuple(sorted(m.get("cards", []))) for m in moves if m["do"] == "play"}
    hand = page.get_by_test_id("hand").locator("[data-testid=card]").evaluate_all(
        "cards => cards.map(c => c.dataset.token)")
    # the weakest and the strongest natural card: never a legal play together
    naturals = [i for i, t in enumerate(hand) if t != "JK"]
    pair = (naturals[0], naturals[-1])
    assert tuple(sorted(hand[i] for i in pair)) not in plays
    before = position(page)
    cards = page.get_by_test_id("hand").locator("[data-testid=card]")
    for i in pair:
        cards.nth(i).click()
    button = page.get_by_test_id("do-play")
    assert button.get_attribute("data-legal") == "0"
    button.click()
    message = page.get_by_test_id("message")
    page.wait_for_function(
        "document.querySelector('[data-testid=message]').dataset.kind === 'error'")
    assert errors and message.inner_text() == errors[-1]
    assert errors[-1].strip()
    assert position(page) == before
    assert legal(page) == moves


def test_the_table_fits_a_phone_in_portrait(server: Any, contexts: Any) -> None:
    page, _ = seated_to_move(server, contexts, {
        "game": "lukfu", "rules": "hongkong", "players": 3,
        "seats": ["human", "heuristic", "random"], "hands": 1, "clock": 60},
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
        device_scale_factor=2)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    cards = page.get_by_test_id("hand").locator("[data-testid=card]")
    assert cards.count() == 12
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert box["width"] >= 30 and box["height"] >= 44  # big enough for a finger
    for button in page.get_by_test_id("actions").locator("button").all():
        box = button.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390 and box["height"] >= 36
    # the move clock of the table is on show
    assert page.get_by_test_id("clock").is_visible()
    # a tap selects a card
    moves = legal(page)
    if any(m["do"] == "play" for m in moves):
        cards.nth(0).tap()
        assert cards.nth(0).get_attribute("aria-pressed") == "true"
        cards.nth(0).tap()
        assert cards.nth(0).get_attribute("aria-pressed") == "false"
    page.screenshot(path=str(server.folder / "phone.png"), full_page=True)
    play_hand([page])


def test_hint_names_and_rules_key(server: Any, contexts: Any) -> None:
    table = server.create(game="daifugo", rules="popular", players=3,
                          seats=["human", "heuristic", "heuristic"], hands=1, clock=None)
    page = contexts().new_page()
    join(page, server.base, table, 0, "Alice")
    wait_turn(page)
    moves = legal(page)
    page.get_by_test_id("hint").click()
    page.wait_for_function(
        "document.querySelector('[data-testid=message]').dataset.kind === 'hint'",
        timeout=30_000)
    assert page.get_by_test_id("message").inner_text().strip()
    chosen = page.locator("[data-testid=hand] [aria-pressed=true]").evaluate_all(
        "cards => cards.map(c => c.dataset.token)")
    # the hint's cards are selected, and make a move the engine lists
    kinds = {m["do"] for m in moves
             if sorted(c.split("=")[0] for c in m.get("cards", [])) == sorted(chosen)}
    assert kinds
    if chosen:
        assert page.get_by_test_id("do-play").get_attribute("data-legal") == "1"
    # the language: Japanese, then back
    assert page.get_by_test_id("language").input_value() == "en"
    page.get_by_test_id("language").select_option("ja")
    assert "強さ" in page.get_by_test_id("order").inner_text()
    if any(m["do"] == "pass" for m in moves):
        assert page.get_by_test_id("do-pass").inner_text() == "パス"
    page.get_by_test_id("language").select_option("en")
    assert "Order" in page.get_by_test_id("order").inner_text()
    # the Rules box: the rules in plain words by group, the options by name a click away
    page.get_by_test_id("rules-button").click()
    assert page.get_by_test_id("rules-dialog").is_visible()
    rules = page.get_by_test_id("rules-text")
    assert rules.locator("h3").count() >= 2 and rules.locator("li").count() >= 5
    assert "=" not in rules.inner_text()
    page.locator("#rules-details summary").click()
    assert page.get_by_test_id("rules-key").locator("li").count() >= 10
    assert "popular" in page.get_by_test_id("rules-key").inner_text()


def test_the_lobby_and_starting_at_once(server: Any, contexts: Any) -> None:
    table = server.create(game="daifugo", rules="pagat", players=4,
                          seats=["human", "human", "human", "random"], hands=1, clock=None)
    page = contexts().new_page()
    page.goto(f"{server.base}/t/{table}")
    lobby = page.get_by_test_id("lobby")
    lobby.wait_for(state="visible")
    assert page.get_by_test_id("start").is_hidden()  # a watcher cannot start the table
    # a seat needs a name
    page.get_by_test_id("take-seat-1").click()
    said = page.get_by_test_id("lobby-message")
    assert said.is_visible() and said.get_attribute("data-kind") == "error"
    assert "name" in said.inner_text()
    join(page, server.base, table, 1, "Bob")
    page.wait_for_function(
        "document.querySelector('[data-testid=lobby-seat-1]').innerText.includes('Bob (you)')")
    assert "2 free" in page.get_by_test_id("lobby-note").inner_text()
    # someone else finds seat 1 taken
    other = contexts().new_page()
    other.goto(f"{server.base}/t/{table}")
    other.get_by_test_id("lobby").wait_for(state="visible")
    assert other.get_by_test_id("take-seat-1").count() == 0
    assert other.get_by_test_id("take-seat-0").count() == 1
    # the maker of the table (whose browser keeps its secret) starts it at once
    page.evaluate("([table, secret]) => localStorage.setItem('paiju.creator.' + table, secret)",
                  [table, server.creators.get(table, "")])
    page.get_by_test_id("start").click()
    page.get_by_test_id("play").wait_for(state="visible")
    info = server.table(table)
    assert info["started"]
    assert [s["kind"] for s in info["seats"]] == ["bot", "human", "bot", "bot"]
    other.get_by_test_id("play").wait_for(state="visible")
    assert other.get_by_test_id("hand-info").get_attribute("data-role") == "spectator"


def test_a_table_that_is_gone_says_so_with_a_way_on(server: Any, contexts: Any) -> None:
    """The table page, once its API says the table does not exist, says so in words and
    offers a new table (no raw reason, no dead end)."""
    page = contexts().new_page()
    page.route("**/t/0000000000", lambda route: route.fulfill(
        status=200, content_type="text/html",
        body=server_page(server, "/static/table.html")))
    page.goto(f"{server.base}/t/0000000000")
    gone = page.get_by_test_id("gone")
    gone.wait_for(state="visible")
    assert "There is no table here" in gone.inner_text()
    assert page.get_by_test_id("gone-new").get_attribute("href") == "/"
    assert page.get_by_test_id("lobby").is_hidden() and page.get_by_test_id("play").is_hidden()
    assert page.get_by_test_id("banner").is_hidden()


def server_page(server: Any, path: str) -> str:
    """A static page of the server, as text."""
    with urllib.request.urlopen(server.base + path, timeout=10) as resp:
        text: str = resp.read().decode()
        return text


def test_taking_the_last_seat_never_shows_the_watchers_table(server: Any, contexts: Any) -> None:
    """The last seat starts the table; the page's watcher connection hears of the start before
    the seat's reply (held back here), and the page waits for its own hand instead."""
    table = server.create(game="lukfu", rules="hongkong", players=3,
                          seats=["human", "human", "heuristic"], hands=1, clock=None)
    alice, bob = contexts().new_page(), contexts().new_page()
    join(alice, server.base, table, 0, "Alice")
    bob.goto(f"{server.base}/t/{table}")
    bob.get_by_test_id("lobby").wait_for(state="visible")
    bob.evaluate("""() => {
        window.shown = [];
        new MutationObserver(() => {
            const play = document.getElementById('play');
            if (!play.hidden) window.shown.push(
                document.getElementById('hand-info').dataset.role + ':'
                + document.querySelectorAll('[data-testid=hand] [data-testid=card]').length);
        }).observe(document.body, {subtree: true, childList: true, attributes: true});
    }""")

    def late_reply(route: Any) -> None:
        reply = route.fetch()  # the seat is taken and the table starts
        assert server.table(table)["started"]
        time.sleep(0.4)  # the watcher's connection hears of it first
        route.fulfill(response=reply)

    bob.route("**/api/tables/*/seats/1", late_reply)
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("take-seat-1").click()
    bob.get_by_test_id("play").wait_for(state="visible")
    bob.wait_for_function("document.getElementById('hand-info').dataset.role === 'player'")
    shown = bob.evaluate("window.shown")
    assert shown and all(s == "player:12" for s in shown), shown
