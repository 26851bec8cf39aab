"""The Dai Fugō exchange at the terminal names the person's own cards: those they gave
and those they received, at the deal and in the exchange, in every language; never the
cards that passed between two other seats.

Each test plays a first hand without the screen to give the person a title, then opens the
second hand in the real app (Textual's pilot, 80×24) and reads its log once the exchange
is over, against the hand's record."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from ui_helpers import my_turn_or_end, wait_for

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import get_game
from paiju.ui.app import PlayApp
from paiju.ui.match import Match

RULES = get_game("daifugo").rules("popular")


def _play_on(m: Match, until_exchange_over: bool) -> None:
    """Play without the screen, the person's turns by the heuristic player: the hand to its
    end, or only through the exchange."""
    rng = random.Random(2)
    state = m.state
    assert state is not None
    while not state.is_terminal():
        if until_exchange_over and m.seen().data["phase"] != "exchange":
            return
        if m.human_to_move():
            m.apply(HeuristicBot().choose(state.view(m.observer_seat), rng))
        else:
            m.play_bot()


def _titled(title: str, lang: str) -> Match:
    """A session whose first hand, played, left the person with ``title``."""
    for seed in range(80):
        m = Match("daifugo", RULES, 5, seed=seed, hands=2, save=False)
        m.native = lang  # the terminal's `n` key gives Japanese; the web's third language too
        m.deal()
        _play_on(m, False)
        assert m.state is not None
        got = m.state.report()["titles"][m.observer_seat]
        m.finish()
        if got == title:
            return m
    raise AssertionError(f"no seed leaves the person {title}")


def _passed(state: Any, seats: int) -> dict[tuple[int, int], list[str]]:
    """The cards each seat ended the exchange without and each gained, from the record:
    ``(giver, receiver)`` -> cards."""
    dealt = [set(h) for h in state.record()["deal"]["hands"]]
    now = [set(state.view(s).to_json()["hand"]) for s in range(seats)]
    return {(a, b): sorted((dealt[a] - now[a]) & (now[b] - dealt[b]))
            for a in range(seats) for b in range(seats)
            if a != b and (dealt[a] - now[a]) & (now[b] - dealt[b])}


def _exchange_log(m: Match) -> tuple[list[str], dict[tuple[int, int], list[str]]]:
    """The log and what passed, read in the app once the exchange is over."""
    seen: dict[str, Any] = {}

    async def main() -> None:
        app = PlayApp(m, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, my_turn_or_end(app))
            assert m.hand_number == 2
            _play_on(m, True)
            assert m.state is not None
            seen["log"] = list(m.log)
            seen["passed"] = _passed(m.state, 5)
            app.exit()
    asyncio.run(main())
    return seen["log"], seen["passed"]


def _said(log: list[str], m: Match, words: str, cards: list[str]) -> bool:
    """Whether a line of ``log`` holds ``words`` and names every one of ``cards``."""
    labels = [m.presenter.label(c, m.native) for c in cards]
    return any(words in line and all(label in line for label in labels) for line in log)


#: What the line of the cards the poorest gave at the deal, and got back, holds.
WORDS = {
    "en": ("You (Dai Hinmin) give ", " gives you "),
    "ja": ("あなた（大貧民）は", "があなたに"),
    "zh_Hant": ("你（大貧民）把", "給了你"),
}


@pytest.mark.parametrize("lang", ["en", "ja", "zh_Hant"])
def test_the_poorest_sees_the_cards_they_gave_and_got(lang: str) -> None:
    m = _titled("daihinmin", lang)
    log, passed = _exchange_log(m)
    me = m.observer_seat
    gave = next(cards for (a, _), cards in passed.items() if a == me)
    got = next(cards for (_, b), cards in passed.items() if b == me)
    assert _said(log, m, WORDS[lang][0], gave), log
    assert _said(log, m, WORDS[lang][1], got), log
    _others_hidden(m, log, passed)


def test_the_richest_sees_the_cards_they_got_at_the_deal() -> None:
    m = _titled("daifugo", "en")
    log, passed = _exchange_log(m)
    me = m.observer_seat
    got = next(cards for (_, b), cards in passed.items() if b == me)
    gave = next(cards for (a, _), cards in passed.items() if a == me)
    assert _said(log, m, " to you (Dai Fugō).", got), log
    assert _said(log, m, "You give ", gave), log
    _others_hidden(m, log, passed)


def _others_hidden(m: Match, log: list[str], passed: dict[tuple[int, int], list[str]]) -> None:
    """No card that went between two other seats is named in the log."""
    me = m.observer_seat
    hidden = [c for (a, b), cards in passed.items() if me not in (a, b) for c in cards]
    assert hidden
    for card in hidden:
        if card != "JK":
            label = m.presenter.label(card, m.native)
            assert not any(label in line for line in log), (label, log)
