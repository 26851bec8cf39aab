"""Dai Fugō with two packs in the browser (docs/daifugo.md, "The double deck"): a hand for
four people, the next opening with the exchange, every card in a hand drawn
with a face (a second copy, ``7S'``, drawn as the card), and identical cards played
together."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from .driver import legal, make_move
from .test_e2e_exchange import first_hand, next_hand

pytestmark = pytest.mark.e2e

NAMES = ["Alice", "Bob", "Carol", "Dan"]


def hand_tokens(page: Any) -> list[str]:
    """The tokens of the cards drawn in the person's hand."""
    cards = page.get_by_test_id("hand").locator("[data-testid=card]")
    tokens: list[str] = cards.evaluate_all("(es) => es.map((e) => e.dataset.token)")
    labels: list[str] = cards.evaluate_all("(es) => es.map((e) => e.dataset.label)")
    assert all(labels) and not any("'" in label for label in labels)  # a copy as the card
    return tokens


def test_two_packs_are_dealt_drawn_and_offered_in_pairs_in_the_browser(server: Any,
                                                                        contexts: Any) -> None:
    rules = {"preset": "popular", "options": {"decks": 2, "jokers": 2}}
    table, pages = first_hand(server, contexts, NAMES, rules)
    drawn = [hand_tokens(p) for p in pages]
    assert sum(len(h) for h in drawn) == 106  # two packs and two jokers
    assert any(t.endswith("'") for h in drawn for t in h)  # someone holds a card twice
    # a pair of identical cards is offered as a play, and played by clicking both cards
    mover, pair = next((p, m) for p in pages for m in legal(p)
                       if m["do"] == "play" and len(m.get("cards", [])) == 2
                       and m["cards"][1] == m["cards"][0] + "'")
    make_move(mover, pair)
    left = hand_tokens(mover)
    assert len(left) == len(drawn[pages.index(mover)]) - 2
    assert pair["cards"][0] not in left and pair["cards"][1] not in left
    assert not server.table(table)["hands_played"]  # the exchange: the test below


def test_with_two_packs_the_rich_may_name_both_copies_of_a_card(server: Any,
                                                                contexts: Any) -> None:
    """card_request: the Dai Fugō's hand shows each card he may name as often as he may
    name it (both copies of a card he does not hold, the other copy of one he holds); he
    names two cards and they move to his hand."""
    rules = {"preset": "popular", "options": {"decks": 2, "jokers": 2, "card_request": True,
                                              "exchange": "always_two"}}
    pages = next_hand(server, *first_hand(server, contexts, NAMES, rules), limit=120.0)
    rich = next(p for p in pages if any(m["do"] == "ask" and len(m.get("cards", [])) == 2
                                        for m in legal(p)))
    said = rich.get_by_test_id("ex-you-ask").inner_text()
    poor = next(p for p, n in zip(pages, NAMES, strict=True) if n in said and p is not rich)
    asks = [m["cards"] for m in legal(rich) if m["do"] == "ask"]
    shown = hand_tokens(rich)
    assert any(t.endswith("'") for t in shown)  # a second copy to name
    named = {t for a in asks for t in a}
    assert Counter(shown) == {t: max(a.count(t) for a in asks) for t in named}
    held = hand_tokens(poor)
    pairs = [a for a in asks if len(a) == 2 and a[1] == a[0] + "'" and a[0] in held]
    pair = max(pairs, key=lambda a: a[1] in held)  # both copies held, if the poor has any
    make_move(rich, {"do": "ask", "cards": pair})
    rich.wait_for_function("document.querySelectorAll('[data-testid=hand] "
                           "[data-received]').length > 0")
    got = hand_tokens(rich)
    assert pair[0] in got and (pair[1] in got or pair[1] not in held)
    poor.wait_for_function(  # the poor give every copy named that they hold
        "(t) => ![...document.querySelectorAll('[data-testid=hand] [data-testid=card]')]"
        ".some((c) => c.dataset.token === t)", arg=pair[0])
