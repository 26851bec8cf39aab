"""A game paiju does not ship, at the browser table: the tiny climbing game of tests/bots
(its page description in tinygame/page.py), registered by PAIJU_GAMES in the server's
process, played out by clicking its cards and buttons. The page knows no game by name, so
nothing outside the game's folder tells it how the tiny game is drawn."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, start_serve, stop
from .driver import hand_over, join, legal, make_move, position

pytestmark = pytest.mark.e2e

BOTS = Path(__file__).resolve().parents[2] / "bots"


@pytest.fixture
def toy_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    """`paiju serve` that knows the tiny game (tests/bots/tinygame, by PAIJU_GAMES)."""
    monkeypatch.setenv("PAIJU_GAMES", "tiny=tinygame")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        [str(BOTS), *filter(None, [os.environ.get("PYTHONPATH")])]))
    process, base = start_serve(tmp_path)
    try:
        yield Server(base, tmp_path)
    finally:
        stop(process)


def test_the_tiny_game_plays_a_whole_hand_in_the_browser(toy_server: Any, contexts: Any) -> None:
    status, games = toy_server.request("GET", "/api/games")
    assert status == 200
    tiny = next(g for g in games["games"] if g["name"] == "tiny")
    assert tiny["page"]["moves"] == ["play", "pass"]
    table = toy_server.create(game="tiny", players=2, seats=["human", "heuristic"], hands=1,
                              clock=None)
    alice = contexts().new_page()
    join(alice, toy_server.base, table, 0, "Alice")
    alice.get_by_test_id("play").wait_for(state="visible")
    assert alice.get_by_test_id("title").inner_text().startswith("Tiny climbing")
    # the cards are drawn from the game's deck: rank over suit letter, weakest first
    cards = alice.get_by_test_id("hand").locator("[data-testid=card]")
    assert cards.count() == 5
    tokens = [c.get_attribute("data-token") for c in cards.all()]
    assert tokens == sorted(tokens, key=lambda t: (int(t[0]), t[1]))
    faces = cards.evaluate_all("cs => cs.map(c => [c.querySelector('.rank').textContent,"
                               " c.querySelector('.suit').textContent])")
    assert [f"{r}{s}" for r, s in faces] == tokens
    made = 0
    while not hand_over(alice):
        if legal(alice):
            kinds = [b.get_attribute("data-testid")
                     for b in alice.get_by_test_id("actions").locator("button").all()]
            assert kinds[:len({m["do"] for m in legal(alice)})] == [
                f"do-{k}" for k in ("play", "pass") if k in {m["do"] for m in legal(alice)}]
            if any(m["do"] == "pass" for m in legal(alice)):
                # a play to beat: the felt shows its cards, from the view's "top"
                beat = alice.get_by_test_id("to-beat").locator("[data-testid=card]")
                assert beat.count() >= 1
            make_move(alice)  # clicks the move's cards, then its button
            made += 1
        else:
            alice.wait_for_function(
                """([hand, moves]) => document.getElementById('over-dialog').open
                    || JSON.parse(document.querySelector('[data-testid=actions]').dataset.legal
                                  || '[]').length > 0
                    || document.getElementById('play').dataset.moves !== moves""",
                arg=list(position(alice)))
    assert made >= 1
    # the end of the hand: each seat's points, which sum to nothing, as the server keeps them
    points = [int(float(t)) for t in alice.get_by_test_id("payment").all_inner_texts()]
    assert len(points) == 2 and sum(points) == 0
    assert sorted(toy_server.table(table)["totals"]) == sorted(points)
    shown = alice.get_by_test_id("play").inner_text()
    assert "null" not in shown and "undefined" not in shown
    # the step-through of the hand, from its record, to its last action
    alice.get_by_test_id("replay-open").click()
    n = int(alice.get_by_test_id("replay-pos").inner_text().split(" / ")[1])
    alice.get_by_test_id("replay-last").click()
    assert alice.get_by_test_id("replay-pos").inner_text() == f"{n} / {n}"
    assert alice.get_by_test_id("replay-line").inner_text() != "The deal"
