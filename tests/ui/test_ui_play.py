"""A whole hand of each game played at the keyboard through the real app (Textual's pilot).

The person's decisions are the heuristic player's (calling whenever Luk Fu allows it, so
that cards are played), typed in with the arrow keys, space and the action keys. On the
way the test is refused an illegal play and must see the engine's own reason, asks for a
hint, checks that no opponent's card is ever on the screen, and ends on the payments.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
from pathlib import Path
from typing import Any

from ui_helpers import my_turn_or_end, screen_text, select, wait_for

from paiju.bots.heuristic import HeuristicBot
from paiju.core.referee import referee
from paiju.ui.app import HandView, PlayApp, ResultScreen
from paiju.ui.match import Match
from paiju.ui.screens import HintScreen


def _labels_hidden_from_me(app: PlayApp) -> list[str]:
    """The labels of the cards in the other seats' hands (never to be shown).

    The joker's label ``JK`` is left out: the ranking in the hand's caption names it; and
    so is a card the person holds or has seen played (two packs hold each card twice:
    docs/daifugo.md).
    """
    m = app.match
    state = m.state
    assert state is not None
    seen = [*state.view(m.observer_seat).to_json().get("hand", [])]
    for action in state.record()["actions"]:
        if action["do"] == "play":
            seen += [t.split("=")[0] for t in action["cards"]]
    mine = {m.presenter.label(t, m.native) for t in seen}
    hidden = []
    for seat in range(state.num_seats):
        if seat == m.observer_seat:
            continue
        for token in state.view(seat).to_json().get("hand", []):
            label = m.presenter.label(token, m.native)
            if token != "JK" and label not in mine:
                hidden.append(label)
    return hidden


def _illegal_choice(app: PlayApp) -> tuple[str, list[str], str] | None:
    """Cards the person holds whose play the engine refuses, with its reason."""
    m = app.match
    state = m.state
    assert state is not None
    seat = m.observer_seat
    hand = state.view(seat).to_json()["hand"]
    for size in (1, 2):
        for cards in itertools.combinations(hand, size):
            data = m.presenter.build("play", seat, list(cards), state.legal_actions())
            action = m.game.action_from_json(data)
            why = state.why_illegal(action)
            if why is not None:
                return "play", list(cards), why
    return None


async def _play_hand(app: PlayApp, pilot: Any, data_dir: Path) -> None:
    m = app.match
    rng = random.Random(5)
    bot = HeuristicBot()
    refused = hinted = clicked = False
    turns = 0
    while True:
        await wait_for(pilot, my_turn_or_end(app))
        if isinstance(app.screen, ResultScreen):
            break
        turns += 1
        state = m.state
        assert state is not None
        text = screen_text(app)
        for label in _labels_hidden_from_me(app):
            assert label not in text, f"an opponent's {label} is on the screen"
        assert "YOUR TURN" in text
        seat = m.observer_seat
        legal = state.legal_actions()
        dos = m.presenter.moves(legal)
        if not refused and "play" in dos:
            found = _illegal_choice(app)
            if found is not None:
                do, cards, why = found
                before = len(state.record()["actions"])
                await select(pilot, app, cards)
                await pilot.press(m.presenter.key_for(do, dos))
                shown = m.presenter.notation(why, m.native)
                assert shown in app.message, (shown, app.message)
                assert "Refused" in screen_text(app)
                assert any(line.startswith(f"refused: {shown}") for line in m.log)
                assert len(state.record()["actions"]) == before
                refused = True
        if not hinted and len(legal) > 1:
            hand = app.query_one("#hand", HandView)
            before_hint = hand.tokens()
            await pilot.press("h")
            await wait_for(pilot, lambda: isinstance(app.screen, HintScreen))
            assert app.hint is not None
            await wait_for(pilot, lambda: "Hint:" in screen_text(app))  # drawn (a busy machine)
            panel = " ".join(screen_text(app).split())
            assert "Hint:" in panel and "play-out" in panel
            for reason in app.hint.reasons:  # wrapped, never cut off
                assert " ".join(reason.split()) in panel, reason
            assert hand.tokens() == before_hint, "the hint changed the selection by itself"
            await pilot.press("escape")
            assert hand.tokens() == before_hint and "Hint:" in app.message
            hinted = True
        choice = next((a for a in legal if a.to_json()["do"] == "call"), None)
        if choice is None:
            choice = bot.choose(state.view(seat), rng)
        data = choice.to_json()
        cards = data.get("cards", [])
        if data["do"] not in m.presenter.no_cards and cards:
            hand = app.query_one("#hand", HandView)
            if not clicked and len(cards) == 1:
                await pilot.press("escape")
                span = next(s for s in hand._spans if hand.chips[s.index].token == cards[0])
                await pilot.click("#hand", offset=(span.start + 2, span.row + 1))
                assert hand.tokens() == cards
                clicked = True
            else:
                await select(pilot, app, cards)
        elif data["do"] not in m.presenter.no_cards:
            await pilot.press("escape")
        count = len(state.record()["actions"])
        await pilot.press(m.presenter.key_for(data["do"], dos))
        assert app.message == "", app.message
        assert len(state.record()["actions"]) > count or state.is_terminal()
    assert turns >= 2 and refused and hinted
    summary = m.summaries[-1]
    await wait_for(pilot, lambda: f"Hand {summary.number}" in screen_text(app))  # drawn
    text = screen_text(app)
    assert f"Hand {summary.number}" in text
    assert "this hand" in text and "total" in text
    for p in range(m.players):
        assert m.player_name(p) in text
    assert summary.record_file is not None and summary.record_file.is_relative_to(data_dir)
    assert f"saved as {summary.record_file.name}" in text  # on one line, never wrapped
    ruling = referee(json.loads(summary.record_file.read_text(encoding="utf-8")))
    assert ruling.report["legal"] and ruling.report["finished"]
    assert summary.payments == summary.totals == tuple(m.session.totals)  # the first hand
    await pilot.press("enter")
    await wait_for(pilot, lambda: app.return_code is not None or not app.is_running, 10)


def _run(match: Match) -> None:
    async def scenario() -> None:
        app = PlayApp(match, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await _play_hand(app, pilot, Path(os.environ["PAIJU_DATA_DIR"]))
    asyncio.run(scenario())


def test_a_whole_hand_of_luk_fu_at_the_keyboard() -> None:
    from paiju.core.games import get_game

    rules = get_game("lukfu").rules("hongkong")
    match = Match("lukfu", rules, 3, seed=11, hands=1, hint_seconds=0.3, hint_iterations=40)
    _run(match)
    assert match.session.hands_played == 1


def test_a_whole_hand_of_dai_fugo_at_the_keyboard() -> None:
    from paiju.core.games import get_game

    rules = get_game("daifugo").rules("pagat")
    match = Match("daifugo", rules, 4, seed=3, hands=1, hint_seconds=0.3, hint_iterations=40)
    _run(match)
    assert match.session.hands_played == 1


def test_a_whole_hand_of_dai_fugo_with_two_packs_at_the_keyboard() -> None:
    """Two packs (docs/daifugo.md, "The double deck"): a hand holds identical cards, drawn
    alike and chosen by their own tokens (``7S 7S'``)."""
    from paiju.core.games import get_game

    rules = get_game("daifugo").rules("popular", {"decks": 2, "jokers": 2})
    match = Match("daifugo", rules, 6, seed=4, hands=1, hint_seconds=0.3, hint_iterations=40)
    _run(match)
    assert match.session.hands_played == 1
    record_file = match.summaries[-1].record_file
    assert record_file is not None
    hands = json.loads(record_file.read_text(encoding="utf-8"))["deal"]["hands"]
    assert any(t.endswith("'") for h in hands for t in h)  # someone held a card twice
