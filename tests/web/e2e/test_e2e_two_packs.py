"""Dai Fugō with two packs in the browser (docs/daifugo.md, "The double deck"): a session of
two hands for four people, the second opening with the exchange, every card in a hand drawn
with a face (a second copy, ``7S'``, drawn as the card), and identical cards played
together."""

from __future__ import annotations

from typing import Any

import pytest

from .driver import join, legal
from .test_e2e_exchange import play_out

pytestmark = pytest.mark.e2e


def hand_tokens(page: Any) -> list[str]:
    """The tokens of the cards drawn in the person's hand."""
    cards = page.get_by_test_id("hand").locator("[data-testid=card]")
    tokens: list[str] = cards.evaluate_all("(es) => es.map((e) => e.dataset.token)")
    labels: list[str] = cards.evaluate_all("(es) => es.map((e) => e.dataset.label)")
    assert all(labels) and not any("'" in label for label in labels)  # a copy as the card
    return tokens


def test_a_two_pack_session_plays_in_the_browser(server: Any, contexts: Any) -> None:
    names = ["Alice", "Bob", "Carol", "Dan"]
    rules = {"preset": "popular", "options": {"decks": 2, "jokers": 2}}
    table = server.create(game="daifugo", rules=rules, players=4, seats=["human"] * 4,
                          hands=2, clock=None)
    pages = [contexts().new_page() for _ in names]
    for i, page in enumerate(pages):
        join(page, server.base, table, i, names[i])
    for page in pages:
        page.get_by_test_id("play").wait_for(state="visible")
    drawn = [hand_tokens(p) for p in pages]
    assert sum(len(h) for h in drawn) == 106  # two packs and two jokers
    assert any(t.endswith("'") for h in drawn for t in h)  # someone holds a card twice
    # a pair of identical cards is offered as a play
    assert any(m["do"] == "play" and len(m.get("cards", [])) == 2
               and m["cards"][1] == m["cards"][0] + "'" for p in pages for m in legal(p))
    play_out(pages, limit=120.0)
    for page in pages:
        page.get_by_test_id("next-hand").click()
    for page in pages:
        page.wait_for_function("document.getElementById('play').dataset.hand === '2'")
    assert any(m["do"] == "give" for p in pages for m in legal(p))  # the exchange
    play_out(pages, limit=120.0)
    info = server.table(table)
    assert info["hands_played"] == 2
