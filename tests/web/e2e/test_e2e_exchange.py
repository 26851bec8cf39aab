"""The Dai Fugō exchange at the table: who gives how many cards to whom, the cards taken
from the poor named to them, the cards received marked, and no word of leading meanwhile."""

from __future__ import annotations

from typing import Any

import pytest

from .driver import join, legal, make_move, play_out_over_sockets

pytestmark = pytest.mark.e2e


def text(page: Any, testid: str) -> str:
    found: str = page.get_by_test_id(testid).inner_text()
    return found


def first_hand(server: Any, contexts: Any, names: list[str],
               rules: Any) -> tuple[str, list[Any]]:
    """A Dai Fugō table of a person for each of ``names`` under ``rules``, two hands long:
    the table, and each person's page at the start of the first."""
    table = server.create(game="daifugo", rules=rules, players=len(names),
                          seats=["human"] * len(names), hands=2, clock=None)
    pages = [contexts().new_page() for _ in names]
    for i, page in enumerate(pages):
        join(page, server.base, table, i, names[i])
    for page in pages:
        page.get_by_test_id("play").wait_for(state="visible")
    return table, pages


def next_hand(server: Any, table: str, pages: list[Any], limit: float = 60.0) -> list[Any]:
    """The first hand played out (over the seats' WebSockets: the exchange of the second is
    what these tests click) and the second begun from each page, where the exchange comes."""
    play_out_over_sockets(server.base, table, pages, limit=limit)
    for page in pages:
        page.get_by_test_id("next-hand").click()
    for page in pages:
        page.wait_for_function("document.getElementById('play').dataset.hand === '2'")
    return pages


def second_hand(server: Any, contexts: Any, names: list[str], rules: Any) -> list[Any]:
    """:func:`first_hand`, then :func:`next_hand`."""
    return next_hand(server, *first_hand(server, contexts, names, rules))


def test_the_exchange_says_who_gives_what_to_whom(server: Any, contexts: Any) -> None:
    names = ["Alice", "Bob", "Carol"]
    pages = second_hand(server, contexts, names, "popular")
    # the Fugō (first out) gives one card to the Hinmin (last out), who gave their best one
    givers = [p for p in pages if any(m["do"] == "give" for m in legal(p))]
    assert len(givers) == 1
    rich = givers[0]
    rich_name = names[pages.index(rich)]
    line = next(t for t in rich.get_by_test_id("exchange").locator("li").all_inner_texts()
                if " gives 1 card to " in t)
    poor_name = line.split(" gives 1 card to ")[1]
    poor = pages[names.index(poor_name)]
    for page in pages:
        shown = text(page, "trick")
        assert f"{poor_name} gave their best card to {rich_name}" in shown
        assert f"{rich_name} gives 1 card to {poor_name}" in shown
        assert "leads with anything" not in shown and "table is clear" not in shown
    assert f"Choose 1 card to give to {poor_name}" in text(rich, "ex-you-give")
    taken = text(poor, "ex-taken")
    assert taken.startswith(f"{rich_name} took your ")
    hand_before = poor.get_by_test_id("hand").locator("[data-testid=card]").evaluate_all(
        "cards => cards.map(c => c.dataset.token)")
    given = make_move(rich, next(m for m in legal(rich) if m["do"] == "give"))["cards"]
    # the poor see the card received, marked in their hand, and told by name
    poor.wait_for_function("document.getElementById('play').dataset.phase !== 'exchange'")
    poor.wait_for_function(
        "document.querySelectorAll('[data-testid=hand] [data-received]').length > 0")
    marked = poor.locator("[data-testid=hand] [data-received='1']").evaluate_all(
        "cards => cards.map(c => c.dataset.token)")
    assert marked == given and given[0] not in hand_before
    said = text(poor, "message")
    assert said.startswith("You received ") and rich_name in said
    assert f"{rich_name} took your " in said  # said again once play begins
    rich.wait_for_function(
        "document.querySelector('[data-testid=message]').dataset.kind === 'exchange'")
    # the rich are told what they received (the cards handed to them, sent with their
    # state) and what they gave
    told = text(rich, "message")
    assert told.startswith("You received ") and "\nYou gave " in told
    assert poor_name in told
    marked_rich = rich.locator("[data-testid=hand] [data-received='1']").count()
    assert marked_rich > 0  # the cards the poor gave are marked in the rich's hand
    for page in pages:
        assert page.get_by_test_id("exchange").count() == 0  # play has begun


def hand_tokens(page: Any) -> list[str]:
    tokens: list[str] = page.get_by_test_id("hand").locator("[data-testid=card]").evaluate_all(
        "cards => cards.map(c => c.dataset.token)")
    return tokens


def test_the_rich_name_a_card_and_the_poor_give_it(server: Any, contexts: Any) -> None:
    """card_request (004's request for cards): the Fugō's hand shows the cards he may name,
    none of his own; he names one the Hinmin holds, which then moves to his hand."""
    names = ["Alice", "Bob", "Carol"]
    pages = second_hand(server, contexts, names,
                        {"preset": "popular", "options": {"card_request": True}})
    askers = [p for p in pages if any(m["do"] == "ask" for m in legal(p))]
    assert len(askers) == 1
    rich = askers[0]
    said = text(rich, "ex-you-ask")
    poor_name = next(n for n in names if n in said and n != names[pages.index(rich)])
    poor = pages[names.index(poor_name)]
    shown, held = hand_tokens(rich), hand_tokens(poor)
    assert shown  # the cards he may name, not his hand (each a card he does not hold)
    assert "Cards you may name" in rich.get_by_test_id("hand-caption").inner_text()
    asks = [m for m in legal(rich) if m["do"] == "ask" and m.get("cards")]
    assert set(shown) == {m["cards"][0] for m in asks}
    wanted = next(m for m in asks if m["cards"][0] in held)
    make_move(rich, wanted)
    card = wanted["cards"][0]
    rich.wait_for_function(
        f"[...document.querySelectorAll('[data-testid=hand] [data-testid=card]')]"
        f".some(c => c.dataset.token === '{card}')")
    poor.get_by_test_id("ex-asked").wait_for()
    assert f"{names[pages.index(rich)]} named " in text(poor, "ex-asked")
    assert card not in hand_tokens(poor)
    assert any(m["do"] == "give" for m in legal(rich))  # then the rich give back
