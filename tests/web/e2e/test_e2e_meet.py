"""The meeting place in the browser: the open tables on the first page, the personal seat
link, a computer's seat taken between hands, play to the end and rematch, and the chat."""

from __future__ import annotations

import re
import time
import uuid
from typing import Any

import pytest

from .driver import hand_over, join, play_hand, settled
from .social import Frames, no_cards

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 664}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def test_a_public_table_is_found_in_the_lobby_and_joined(server: Any, contexts: Any) -> None:
    mark = uuid.uuid4().hex[:6]
    table = server.create(game="lukfu", rules="hongkong", players=3, hands=1,
                          seats=["human", "human", "heuristic"], name=f"Evening {mark}",
                          public=True)
    hidden = server.create(game="lukfu", players=3, hands=1, seats=["human", "human", "random"],
                           name=f"Private {mark}")
    finder = contexts(**PHONE).new_page()
    watcher = contexts(**DESKTOP).new_page()
    frames = Frames(watcher)
    watcher.goto(server.base + "/")
    finder.goto(server.base + "/")
    entry = finder.get_by_test_id(f"lobby-table-{table}")
    entry.wait_for(state="visible")
    assert f"Evening {mark}" in entry.inner_text()
    assert entry.get_by_test_id("lobby-counts").inner_text() == (
        "free seats: 2 · people: 0 · computers: 1")
    assert finder.get_by_test_id(f"lobby-table-{hidden}").count() == 0
    watched = watcher.get_by_test_id(f"lobby-table-{table}")
    watched.wait_for(state="visible")
    # join: the table's link, a name, a free seat
    entry.get_by_test_id("lobby-join").click()
    finder.wait_for_url(re.compile(f"/t/{table}$"))
    finder.get_by_test_id("join-name").fill("Ann")
    finder.get_by_test_id("take-seat-0").click()
    finder.wait_for_function(f"localStorage.getItem('paiju.token.{table}') !== null")
    # the other page's list follows without a reload
    watcher.wait_for_function(
        f"document.querySelector('[data-testid=lobby-table-{table}]')?.dataset.free === '1'")
    assert "Ann" in watched.inner_text()
    lists = frames.of("lobby")
    assert len(lists) >= 2
    for listing in lists:  # never a secret, never a card
        text = str(listing)
        assert "token" not in text and "creator" not in text
        assert all(t["table"] != hidden for t in listing["tables"])
    no_cards("lukfu", lists)


def test_the_personal_link_brings_the_seat_to_another_browser(server: Any,
                                                             contexts: Any) -> None:
    table = server.create(game="daifugo", rules="popular", players=3, hands=1,
                          seats=["human", "heuristic", "heuristic"])
    first = contexts(**DESKTOP).new_page()
    join(first, server.base, table, 0, "Ann")
    first.get_by_test_id("play").wait_for(state="visible")
    link = first.get_by_test_id("seat-link").input_value()
    token = first.evaluate(f"JSON.parse(localStorage.getItem('paiju.token.{table}')).token")
    assert link == f"{server.base}/t/{table}#seat={token}"
    other = contexts(**PHONE).new_page()
    frames = Frames(other)
    other.goto(link)
    other.get_by_test_id("play").wait_for(state="visible")
    other.wait_for_function("document.getElementById('hand-info').dataset.role === 'player'")
    assert other.evaluate("location.hash") == ""  # the token leaves the address bar
    kept = other.evaluate(f"JSON.parse(localStorage.getItem('paiju.token.{table}'))")
    assert kept["token"] == token and kept["player"] == 0 and kept["name"] == "Ann"
    assert any(url.endswith(f"/ws/{table}?token={token}") for url in frames.urls)
    assert "Ann (you)" in other.get_by_test_id("mine").inner_text()
    assert other.get_by_test_id("hand").locator("[data-testid=card]").count() > 0


def test_a_watcher_takes_a_computer_seat_between_hands_then_all_play_again(
        server: Any, contexts: Any) -> None:
    table = server.create(game="lukfu", rules="hongkong", players=3, hands=2,
                          seats=["human", "heuristic", "heuristic"])
    ann = contexts(**DESKTOP).new_page()
    join(ann, server.base, table, 0, "Ann")
    ann.get_by_test_id("play").wait_for(state="visible")
    settled(ann)
    carol = contexts(**PHONE).new_page()
    carol.goto(f"{server.base}/t/{table}")
    carol.get_by_test_id("play").wait_for(state="visible")
    if not hand_over(ann):
        # no computer's seat is offered while the hand is played
        assert carol.get_by_test_id("takeover").is_hidden()
        play_hand([ann])
    carol.get_by_test_id("takeover").wait_for(state="visible")
    carol.get_by_test_id("takeover-name").fill("Carol")
    carol.get_by_test_id("take-bot-2").click()
    carol.wait_for_function(f"localStorage.getItem('paiju.token.{table}') !== null")
    carol.wait_for_function("document.getElementById('hand-info').dataset.role === 'player'")
    seats = server.table(table)["seats"]
    assert seats[2]["kind"] == "human" and seats[2]["name"] == "Carol"
    for page in (ann, carol):
        page.get_by_test_id("next-hand").click()
    for page in (ann, carol):
        page.wait_for_function("document.getElementById('play').dataset.hand === '2'")
    play_hand([ann, carol])
    for page in (ann, carol):
        page.get_by_test_id("session-over").wait_for(state="visible")
    old = server.table(table)
    assert old["over"]
    # play again, the totals kept: the other person is asked and joins in one click
    ann.get_by_test_id("rematch-carry").check()
    ann.get_by_test_id("rematch").click()
    ann.wait_for_url(re.compile(r"/t/(?!" + table + r")[\w-]+$"))
    new = ann.url.rsplit("/t/", 1)[1]
    carol.get_by_test_id("rematch-join").click()
    carol.wait_for_url(re.compile(f"/t/{new}$"))
    for page in (ann, carol):
        page.get_by_test_id("play").wait_for(state="visible")
    info = server.table(new)
    assert info["started"] and [s["kind"] for s in info["seats"]] == ["human", "bot", "human"]
    assert [s["name"] for s in info["seats"]][::2] == ["Ann", "Carol"]
    # the totals carried; a hand may already have been played there (its seats' clocks)
    assert info["carry"] == old["totals"]
    assert info["hands_played"] > 0 or info["totals"] == old["totals"]
    assert ann.evaluate(f"localStorage.getItem('paiju.creator.{new}')")


def test_chat_reactions_mute_and_a_spectator_who_may_not_write(server: Any,
                                                              contexts: Any) -> None:
    # Dai Fugō: no hand ends at its deal, so no end-of-hand box comes over the chat
    table = server.create(game="daifugo", rules="popular", players=3, hands=1,
                          seats=["human", "human", "heuristic"])
    ann = contexts(**DESKTOP).new_page()
    bob = contexts(**PHONE).new_page()
    carol = contexts(**DESKTOP).new_page()
    seen = {name: Frames(page) for name, page in (("ann", ann), ("bob", bob), ("carol", carol))}
    join(ann, server.base, table, 0, "Ann")
    join(bob, server.base, table, 1, "Bob")
    carol.goto(f"{server.base}/t/{table}")
    for page in (ann, bob, carol):
        page.get_by_test_id("play").wait_for(state="visible")
    # on a phone the chat opens over the felt and leaves the hand and its buttons free
    bob.get_by_test_id("chat-button").click()
    drawer = bob.get_by_test_id("drawer").bounding_box()
    hand = bob.get_by_test_id("hand").bounding_box()
    assert drawer and hand and drawer["y"] + drawer["height"] <= hand["y"]
    # a message is shown as the text it is, never as markup
    said = "<b>hi</b> & <img src=x onerror=alert(1)>"
    ann.get_by_test_id("chat-input").fill(said)
    ann.get_by_test_id("chat-input").press("Enter")
    line = bob.get_by_test_id("chat-line").filter(has_text="hi")
    line.wait_for(state="visible")
    assert line.locator(".chat-text").inner_text() == f"Ann: {said}"
    assert bob.locator("#chat-list img, #chat-list b").count() == 0
    bob.get_by_test_id("react-bravo").click()
    ann.get_by_test_id("chat-line").filter(has_text="👏").wait_for(state="visible")
    assert "Bob: 👏 Bravo" in ann.get_by_test_id("chat-list").inner_text()
    # the spectator reads, and is told why it may not write
    carol.get_by_test_id("chat-line").filter(has_text="👏").wait_for(state="visible")
    assert carol.get_by_test_id("chat-input").is_disabled()
    assert "spectators may read the chat but not write" in carol.get_by_test_id(
        "chat-why").inner_text()
    # Bob mutes Ann: her lines go, and stay gone after a reload (the chat_log comes again)
    bob.get_by_test_id("chat-line").filter(has_text="hi").get_by_test_id("mute").click()
    assert bob.get_by_test_id("chat-line").filter(has_text="hi").count() == 0
    bob.reload()
    bob.get_by_test_id("play").wait_for(state="visible")
    bob.get_by_test_id("chat-button").click()
    bob.get_by_test_id("chat-line").filter(has_text="👏").wait_for(state="visible")
    assert bob.get_by_test_id("chat-line").filter(has_text="hi").count() == 0
    assert bob.get_by_test_id("unmute").inner_text() == "Show Ann again"
    assert any(m["type"] == "chat_log" and m["messages"] for m in seen["bob"].received)
    # the chat carries no card to anyone
    for frames in seen.values():
        no_cards("daifugo", frames.of("chat", "chat_log"))


def test_the_creator_frees_an_absent_persons_seat_for_someone_else(server: Any,
                                                                  contexts: Any) -> None:
    table = server.create(game="daifugo", rules="popular", players=3, hands=1,
                          seats=["human", "human", "heuristic"])
    ann = contexts(**DESKTOP).new_page()
    ann.goto(f"{server.base}/")  # the creating browser keeps the creator's secret
    ann.evaluate(f"localStorage.setItem('paiju.creator.{table}', '{server.creators[table]}')")
    join(ann, server.base, table, 0, "Ann")
    gone = contexts(**DESKTOP)
    bob = gone.new_page()
    join(bob, server.base, table, 1, "Bob")
    bob.get_by_test_id("play").wait_for(state="visible")
    # Bob is there (once Ann's page has heard that he is): no control to free his seat
    ann.get_by_test_id("free-seat-1").wait_for(state="detached")
    gone.close()  # Bob's browser is gone, and his token with it
    ann.get_by_test_id("free-seat-1").click()
    # the page says so (until the next position replaces the notice: the computer that
    # now plays the free seat may move at once), and the server has freed it
    deadline = time.monotonic() + 15
    while server.table(table)["seats"][1]["taken"] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not server.table(table)["seats"][1]["taken"]
    # a watcher takes the freed seat with a name of their own
    dan = contexts(**PHONE).new_page()
    dan.on("dialog", lambda d: d.accept("Dan"))
    dan.goto(f"{server.base}/t/{table}")
    dan.get_by_test_id("take-free-1").click()
    dan.wait_for_function("document.getElementById('hand-info').dataset.role === 'player'")
    seat = server.table(table)["seats"][1]
    assert seat["taken"] and seat["name"] == "Dan"
    assert dan.get_by_test_id("hand").locator("[data-testid=card]").count() > 0


def test_the_form_names_a_public_table_where_spectators_may_write(server: Any,
                                                                 contexts: Any) -> None:
    maker = contexts(**PHONE).new_page()
    maker.goto(server.base + "/")
    maker.get_by_test_id("game-daifugo").click()
    maker.get_by_test_id("players").select_option("3")
    maker.get_by_test_id("seat-1").select_option("heuristic")
    maker.get_by_test_id("table-name").fill("Open to all")
    maker.get_by_test_id("public").check()
    maker.get_by_test_id("spectators-chat").check()
    maker.get_by_test_id("create").click()
    maker.get_by_test_id("created").wait_for(state="visible")
    table = maker.get_by_test_id("table-link").input_value().rsplit("/t/", 1)[1]
    info = server.table(table)
    assert (info["name"], info["public"], info["spectators_chat"]) == ("Open to all", True, True)
    maker.goto(server.base + "/")
    assert "Open to all" in maker.get_by_test_id(f"lobby-table-{table}").inner_text()
    # a spectator of this table may write in its chat
    join(maker, server.base, table, 0, "Ann")
    watcher = contexts(**DESKTOP).new_page()
    watcher.goto(f"{server.base}/t/{table}")
    watcher.get_by_test_id("play").wait_for(state="visible")
    assert watcher.get_by_test_id("chat-why").is_hidden()
    watcher.get_by_test_id("chat-input").fill("Nice hand!")
    watcher.get_by_test_id("chat-send").click()
    line = maker.get_by_test_id("chat-line").filter(has_text="Nice hand!")
    line.wait_for(state="attached")
    assert line.locator(".chat-text").text_content() == "Spectator 2: Nice hand!"
    # on a phone whose drawer is shut, the chat button counts the message
    assert maker.get_by_test_id("chat-button").inner_text() == "Chat (1 new)"
