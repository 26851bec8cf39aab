"""Playing at the table page as a person does: read the legal moves the page offers, click
the cards, click the button."""

from __future__ import annotations

import json
import re
import time
from typing import Any

#: The kind of move a test player prefers, best first (a Luk Fu hand is always taken up,
#: so it is played out rather than thrown in).
PREFERENCE = ("five_tigers", "call", "declare", "play", "give", "seven_pass", "discard", "pass")


def join(page: Any, base: str, table: str, player: int, name: str) -> None:
    """Open the table's link, write a name and take seat ``player``."""
    page.goto(f"{base}/t/{table}")
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id(f"take-seat-{player}").click()
    page.wait_for_function(f"localStorage.getItem('paiju.token.{table}') !== null")


def legal(page: Any) -> list[dict[str, Any]]:
    """The legal moves the page holds (empty when it is not this person's turn)."""
    raw = page.get_by_test_id("actions").get_attribute("data-legal") or "[]"
    moves: list[dict[str, Any]] = json.loads(raw)
    return moves


def choose(moves: list[dict[str, Any]]) -> dict[str, Any]:
    """The move a test player makes: the first of its most preferred kind."""
    for kind in PREFERENCE:
        for move in moves:
            if move["do"] == kind:
                return move
    return moves[0]


def choose_big(moves: list[dict[str, Any]]) -> dict[str, Any]:
    """The move of the most preferred kind with the most cards (a hand ends sooner)."""
    kind = choose(moves)["do"]
    return max((m for m in moves if m["do"] == kind), key=lambda m: len(m.get("cards", [])))


def select(page: Any, cards: list[str]) -> None:
    """Click the hand's cards for ``cards`` (a joker's reading aside), one element each."""
    taken: list[int] = []
    for token in cards:
        plain = token.split("=")[0]
        hand = page.locator(f'[data-testid=hand] [data-token="{plain}"]')  # 7S' has a quote
        for i in range(hand.count()):
            index = int(hand.nth(i).get_attribute("data-index"))
            if index not in taken and hand.nth(i).get_attribute("aria-pressed") == "false":
                hand.nth(i).click()
                taken.append(index)
                break
        else:
            raise AssertionError(f"{token} is not in the hand on the page")


def position(page: Any) -> tuple[str, str]:
    play = page.get_by_test_id("play")
    return play.get_attribute("data-hand") or "", play.get_attribute("data-moves") or ""


def hand_over(page: Any) -> bool:
    return bool(page.evaluate("document.getElementById('over-dialog').open"))


def make_move(page: Any, move: dict[str, Any] | None = None) -> dict[str, Any]:
    """Make this person's move (``move``, else the one :func:`choose` picks) by clicking, and
    wait until the table has moved on."""
    move = move or choose(legal(page))
    before = position(page)
    select(page, move.get("cards", []))
    button = page.get_by_test_id(f"do-{move['do']}")
    assert button.get_attribute("data-legal") == "1" or move["do"] in ("pass", "call",
                                                                       "declare", "five_tigers")
    button.click()
    page.wait_for_function(
        """([hand, moves]) => {
            const p = document.getElementById('play');
            return document.getElementById('over-dialog').open
                || p.dataset.hand !== hand || p.dataset.moves !== moves;
        }""",
        arg=list(before),
    )
    return move


def play_hand(pages: list[Any], limit: float = 120.0) -> int:
    """Play the hand out with every page's person until a page shows the end of the hand;
    returns how many moves the people made."""
    made = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if any(hand_over(p) for p in pages):
            for p in pages:
                p.wait_for_function("document.getElementById('over-dialog').open")
            return made
        moved = False
        for p in pages:
            if legal(p) and not hand_over(p):
                make_move(p)
                made += 1
                moved = True
        if not moved:
            time.sleep(0.05)
    raise AssertionError("the hand did not end in time")


def play_out_over_sockets(base: str, table: str, pages: list[Any],
                          pick: Any = choose_big, limit: float = 60.0) -> int:
    """Play the hand out for every page's person over a WebSocket of their own seat (the
    page's token), each move the one ``pick`` chooses, the pages away meanwhile (a page
    drawing every move of a long hand costs the machine more than the moves); then open
    the table at every page again, which shows the end of the hand. How many moves were
    made. For the tests of what comes after a hand: clicking a hand out is test_e2e_play's
    (and others')."""
    from urllib.parse import quote

    from websockets.sync.client import connect

    tokens = [page.evaluate("(t) => JSON.parse(localStorage.getItem('paiju.token.' + t))"
                            ".token", table) for page in pages]
    assert all(tokens)
    # connected before the pages leave: the seats are never away (no stand-in plays them)
    sockets = [connect(f"ws{base.removeprefix('http')}/ws/{table}?token={quote(token)}")
               for token in tokens]
    latest: list[dict[str, Any] | None] = [None] * len(sockets)
    acted = [-1] * len(sockets)  # the number of moves seen at each seat's last move
    over: set[int] = set()
    made = 0
    deadline = time.monotonic() + limit
    try:
        for page in pages:
            page.goto("about:blank")
        while len(over) < len(sockets):
            assert time.monotonic() < deadline, "the hand did not end in time"
            for i, ws in enumerate(sockets):  # every message received so far
                while True:
                    try:
                        message = json.loads(ws.recv(timeout=0 if latest[i] else 0.01))
                    except TimeoutError:
                        break
                    if message["type"] == "error":
                        raise AssertionError(message["reason"])
                    if message["type"] == "hand_over":
                        over.add(i)
                    elif message["type"] == "state":
                        latest[i] = message
            for i, state in enumerate(latest):  # one seat is to move at a time
                if state is None or i in over or not state["legal"]:
                    continue
                seen = len(state["view"]["actions"])
                if seen > acted[i]:
                    sockets[i].send(json.dumps({"type": "act", "action": pick(state["legal"])}))
                    acted[i] = seen
                    made += 1
            time.sleep(0.005)
        for page in pages:
            page.goto(f"{base}/t/{table}")
        for page in pages:
            page.wait_for_function("document.getElementById('over-dialog').open")
    finally:
        for ws in sockets:
            ws.close()
    return made


def wait_turn(page: Any, timeout: float = 30.0) -> None:
    """Wait until the page offers moves (on failure, say what the page shows)."""
    try:
        page.wait_for_function(
            "JSON.parse(document.querySelector('[data-testid=actions]').dataset.legal || '[]')"
            ".length > 0",
            timeout=timeout * 1000,
        )
    except Exception as err:
        shown = page.evaluate("document.body.innerText")
        raise AssertionError(f"no move offered in {timeout} s; the page shows:\n{shown}") from err


def settled(page: Any) -> None:
    """Wait until the person is to move or the hand is over (computer players move at once)."""
    page.wait_for_function(
        "document.getElementById('over-dialog').open || JSON.parse(document.querySelector("
        "'[data-testid=actions]').dataset.legal || '[]').length > 0")


def seated_to_move(server: Any, contexts: Any, body: dict[str, Any], tries: int = 6,
                   **options: Any) -> tuple[Any, str]:
    """A new table and a person at seat 0 with a move to make (a Luk Fu hand a computer
    ends at once, declaring six with aged cards, is dealt again at a new table)."""
    for _ in range(tries):
        table = server.create(**body)
        page = contexts(**options).new_page()
        join(page, server.base, table, 0, "Alice")
        settled(page)
        if not hand_over(page):
            return page, table
        page.close()
    raise AssertionError(f"every one of {tries} hands ended before the person could move")


def learn_from_the_first_page(page: Any, base: str, game: str) -> bool:
    """Open the first page and start the guided hand of ``game`` from its Learn button;
    whether the hand is still being played once the table has settled (a Luk Fu hand a
    computer ends at its deal is over at once)."""
    page.goto(base + "/")
    page.get_by_test_id(f"learn-{game}").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    page.get_by_test_id("play").wait_for(state="visible")
    settled(page)
    return not hand_over(page)


def snapshot(page: Any) -> dict[str, Any]:
    """What the person sees of the hand: cards, status, the seats, the log."""
    return {
        "hand": page.get_by_test_id("hand").locator("[data-testid=card]").evaluate_all(
            "cards => cards.map(c => c.dataset.token)"),
        "status": page.get_by_test_id("status").inner_text(),
        "seats": page.get_by_test_id("seats").inner_text(),
        "log": page.get_by_test_id("log").inner_text(),
        "position": position(page),
        "legal": legal(page),
    }
