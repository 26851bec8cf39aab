"""The table on a phone and a desktop: two people and computers play a whole hand of each
game, and at every turn of theirs the hand and the move buttons are on the screen without
scrolling, a hint or a refusal showing or not; one click is one move however fast."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from .driver import choose_big, hand_over, join, legal, make_move, position, select, settled

pytestmark = pytest.mark.e2e

#: The screens: two phones in portrait (the second the part of an iPhone 12's screen that
#: Safari leaves), a laptop, and a phone on its side.
SIZES = {"360x640": (360, 640), "390x664": (390, 664), "1280x800": (1280, 800),
         "640x360": (640, 360)}

#: The elements that must be inside the window, as [what, left, top, right, bottom].
OUTSIDE = """() => {
    const w = window.innerWidth, h = window.innerHeight;
    const out = [];
    const check = (what, e) => {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.left < 0 || r.top < 0 || r.right > w + 0.5 || r.bottom > h + 0.5)
            out.push([what, r.left, r.top, r.right, r.bottom]);
    };
    document.querySelectorAll('[data-testid=hand] [data-testid=card]').forEach(
        e => check('card ' + e.dataset.token, e));
    document.querySelectorAll('[data-testid=actions] button').forEach(
        e => check('button ' + e.dataset.testid, e));
    check('felt', document.querySelector('[data-testid=felt]'));
    const scroller = document.scrollingElement;
    if (scroller.scrollHeight > h + 1) out.push(['page scrolls', scroller.scrollHeight, h]);
    if (scroller.scrollWidth > w + 1) out.push(['page scrolls across', scroller.scrollWidth, w]);
    return out;
}"""


#: Two frames drawn: the page has handled a resize (it fits the hand to the window).
DRAWN = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def fits(page: Any, when: str, sizes: tuple[str, ...] = ()) -> None:
    """The person's hand, the move buttons and the table are all inside the window; with
    ``sizes``, at each of those window sizes in turn (the first left in place)."""
    for size in sizes[1:] + sizes[:1] if sizes else ("",):
        if size:
            width, height = SIZES[size]
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(DRAWN)
        assert page.get_by_test_id("actions").locator("button").count() >= 2, when
        outside = page.evaluate(OUTSIDE)
        assert not outside, (when, page.viewport_size, outside)


def illegal_selection(page: Any) -> list[int] | None:
    """Indexes of hand cards that make no legal play (None when no play is offered)."""
    moves = legal(page)
    plays = {tuple(sorted(c.split("=")[0] for c in m.get("cards", [])))
             for m in moves if m["do"] == "play"}
    if not plays:
        return None
    hand: list[str] = page.get_by_test_id("hand").locator("[data-testid=card]").evaluate_all(
        "cards => cards.map(c => c.dataset.token)")
    for pick in ([0, len(hand) - 1], [0, 1, len(hand) - 1], [0]):
        if (len(set(pick)) == len(pick) and max(pick) < len(hand)
                and tuple(sorted(hand[i] for i in pick)) not in plays):
            return pick
    return None


def refuse_once(page: Any, sizes: tuple[str, ...] = ()) -> bool:
    """Press Play with cards that make no legal play: the refusal shows, and the screen still
    holds the hand and the buttons. The cards are put back afterwards."""
    pick = illegal_selection(page)
    if pick is None:
        return False
    cards = page.get_by_test_id("hand").locator("[data-testid=card]")
    for i in pick:
        cards.nth(i).click()
    before = position(page)
    page.get_by_test_id("do-play").click()
    page.wait_for_function(
        "document.querySelector('[data-testid=message]').dataset.kind === 'error'")
    assert page.get_by_test_id("message").is_visible()
    assert position(page) == before
    fits(page, "with a refusal showing", sizes)
    for i in pick:
        cards.nth(i).click()
    return True


def hint_once(page: Any, sizes: tuple[str, ...] = ()) -> None:
    """Ask for a hint: its words show over the table and nothing is pushed off the screen."""
    page.get_by_test_id("hint").click()
    page.wait_for_function(
        "document.querySelector('[data-testid=message]').dataset.kind === 'hint'",
        timeout=30_000)
    assert page.get_by_test_id("message").is_visible()
    fits(page, "with a hint showing", sizes)
    # the hint selects cards: put them back so the test's own move is made
    pressed = page.locator("[data-testid=hand] [aria-pressed=true]")
    for _ in range(pressed.count()):
        pressed.first.click()
    assert pressed.count() == 0


def play_whole_hand(pages: list[Any], limit: float = 90.0,
                    sizes: tuple[str, ...] = ()) -> dict[str, int]:
    """Both people play the hand out, the screen checked at every turn (at each of
    ``sizes``, if given); one hint and one refusal are shown on the way. Returns how many
    turns, hints and refusals were seen."""
    seen = {"turns": 0, "hints": 0, "refusals": 0}
    deadline = time.monotonic() + limit
    while not any(hand_over(p) for p in pages):
        assert time.monotonic() < deadline, "the hand did not end in time"
        moved = False
        for p in pages:
            if not legal(p) or hand_over(p):
                continue
            fits(p, f"turn {seen['turns']}", sizes)
            seen["turns"] += 1
            if not seen["hints"]:
                hint_once(p, sizes)
                seen["hints"] += 1
            elif not seen["refusals"] and refuse_once(p, sizes):
                seen["refusals"] += 1
            make_move(p, choose_big(legal(p)))
            moved = True
        if not moved:
            time.sleep(0.03)
    for p in pages:
        p.wait_for_function("document.getElementById('over-dialog').open")
    return seen


GAMES = {
    "lukfu": {"game": "lukfu", "rules": "hongkong", "players": 3,
              "seats": ["human", "human", "random"]},
    "daifugo": {"game": "daifugo", "rules": "popular", "players": 5,
                "seats": ["human", "human", "random", "random", "random"]},
}


#: The screens a hand is played on: the two phones in portrait turn by turn (the same
#: hand checked at each size at every turn), and the laptop.
SCREENS = {"phones": ("360x640", "390x664"), "laptop": ("1280x800",)}


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
def test_a_whole_hand_fits_the_screen(server: Any, contexts: Any, game: str,
                                      screen: str) -> None:
    sizes = SCREENS[screen]
    width, height = SIZES[sizes[0]]
    phone = width < 800
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if phone:
        options.update(is_mobile=True, has_touch=True)
    for _ in range(4):  # a Luk Fu hand a computer ends at once is dealt again at a new table
        table = server.create(hands=1, clock=None, **GAMES[game])
        alice, bob = contexts(**options).new_page(), contexts(**options).new_page()
        join(alice, server.base, table, 0, "Alice")
        join(bob, server.base, table, 1, "Bob")
        for page in (alice, bob):
            page.get_by_test_id("play").wait_for(state="visible")
        seen = play_whole_hand([alice, bob], sizes=sizes if len(sizes) > 1 else ())
        if seen["turns"] >= 4:
            break
    assert seen["turns"] >= 4 and seen["hints"] == 1
    # the end of the hand: the step-through and the next-hand button are on the screen too
    for size in sizes:
        width, height = SIZES[size]
        alice.set_viewport_size({"width": width, "height": height})
        alice.evaluate(DRAWN)
        box = alice.get_by_test_id("replay-open").bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, size


def test_a_phone_on_its_side_keeps_hand_and_buttons_on_screen(server: Any, contexts: Any) -> None:
    width, height = SIZES["640x360"]
    table = server.create(hands=1, clock=30, **GAMES["lukfu"])
    pages = [contexts(viewport={"width": width, "height": height}, is_mobile=True,
                      has_touch=True).new_page() for _ in range(2)]
    for i, page in enumerate(pages):
        join(page, server.base, table, i, ["Alice", "Bob"][i])
    # the log is a drawer: opened by its button over the table, closed again
    page = pages[0]
    page.get_by_test_id("play").wait_for(state="visible")
    assert page.get_by_test_id("drawer").is_hidden()
    page.get_by_test_id("log-button").click()
    assert page.get_by_test_id("log").locator("li").first.is_visible()
    page.get_by_test_id("drawer-close").click()
    assert page.get_by_test_id("drawer").is_hidden()
    assert play_whole_hand(pages)["turns"] >= 2


def test_a_double_click_sends_one_move(server: Any, contexts: Any) -> None:
    table = server.create(game="daifugo", rules="popular", players=3,
                          seats=["human", "random", "random"], hands=1, clock=None)
    page = contexts().new_page()
    sent: list[dict[str, Any]] = []
    errors: list[str] = []

    def watch(ws: Any) -> None:
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)))
        ws.on("framereceived", lambda payload: errors.append(payload)
              if '"type": "error"' in payload or '"type":"error"' in payload else None)

    page.on("websocket", watch)
    join(page, server.base, table, 0, "Alice")
    settled(page)
    doubled = 0
    while not hand_over(page) and doubled < 3:
        moves = legal(page)
        if not moves:
            settled(page)
            continue
        # the move with the most cards (a pass when that is all there is), double-clicked
        move = max(moves, key=lambda m: (m["do"] != "pass", len(m.get("cards", []))))
        select(page, move.get("cards", []))
        before = len([f for f in sent if f.get("type") == "act"])
        where = position(page)
        page.get_by_test_id(f"do-{move['do']}").dblclick()
        page.wait_for_function(
            "([hand, moves]) => { const p = document.getElementById('play');"
            " return document.getElementById('over-dialog').open"
            " || p.dataset.hand !== hand || p.dataset.moves !== moves; }", arg=list(where))
        page.wait_for_timeout(150)  # a second move, had one been sent, is refused by now
        assert len([f for f in sent if f.get("type") == "act"]) == before + 1
        assert not errors, errors
        assert page.get_by_test_id("message").get_attribute("data-kind") != "error"
        doubled += 1
        settled(page)
    assert doubled >= 1
