"""The steps a whole hand rarely reaches, each taken at the keyboard through the real app.

Dai Fugō's card exchange at the start of a second hand, the 7-pass and the 10-discard,
and Luk Fu's claim of the Five Tigers. Each test finds a seed where the person (player 0)
must take the step, by playing the session without the screen, then plays the same
session in the app (Textual's pilot): the cards are chosen with the arrow keys and space,
the action made with the key the presenter names. The tests check that the step is in
the engine's record with the cards typed, that no card the person may not know is ever on
the screen, and that the referee finds the finished hand's record legal.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Awaitable, Callable
from typing import Any

from ui_helpers import my_turn_or_end, screen_text, select, wait_for

from paiju.bots.heuristic import HeuristicBot
from paiju.core.games import get_game
from paiju.core.referee import referee
from paiju.ui.app import PlayApp, ResultScreen
from paiju.ui.match import Match

#: The actions that hand over or throw away cards the person picks.
STEPS = ("give", "seven_pass", "discard")


class Person:
    """The person's decisions: the heuristic player's plays; in a step, every other card.

    The cards of a step are the 2nd, 4th, ... of the hand as shown (then the strongest),
    neither the weakest ones the heuristic player gives nor the engine's first legal choice.
    """

    def __init__(self) -> None:
        self.bot = HeuristicBot()
        self.rng = random.Random(1)

    def decide(self, m: Match) -> tuple[str, list[str]]:
        """What to do now and the cards to select (as the hand shows them)."""
        state = m.state
        assert state is not None
        legal = state.legal_actions()
        dos = m.presenter.moves(legal)
        step = next((do for do in dos if do in STEPS), None)
        if step is not None:
            most = max(len(a.to_json().get("cards", [])) for a in legal)
            shown = [c.token for c in m.presenter.chips(m.seen(), m.native)]
            picks = shown[1::2][:most]
            picks += [t for t in reversed(shown) if t not in picks][:most - len(picks)]
            return step, sorted(picks)
        data = self.bot.choose(state.view(m.observer_seat), self.rng).to_json()
        return data["do"], [t.split("=")[0] for t in data.get("cards", [])]


def _play_without_screen(m: Match, person: Person) -> None:
    """Play the hand in progress to its end, the person's decisions through ``attempt``."""
    state = m.state
    assert state is not None
    while not state.is_terminal():
        if m.human_to_move():
            do, tokens = person.decide(m)
            assert m.attempt(do, tokens) is None
        else:
            m.play_bot()


def _steps_of_mine(m: Match, state: Any) -> list[dict[str, Any]]:
    """The person's give, 7-pass and 10-discard actions in the hand's record."""
    seat = m.seats.index(m.observer)
    return [a for a in state.record()["actions"] if a["seat"] == seat and a["do"] in STEPS]


def _is(action: dict[str, Any], seat: int, do: str, tokens: list[str]) -> bool:
    """Whether the record's ``action`` is ``do`` by ``seat`` with the cards ``tokens``.

    A played joker's reading (``JK=7S``) is left aside: the hand shows the card, ``JK``.
    """
    cards = sorted(t.split("=")[0] for t in action["cards"])
    return (action["seat"], action["do"], cards) == (seat, do, sorted(tokens))


def _of_rank(cards: list[str], rank: str) -> int:
    """How many cards of a played combination are of ``rank``, jokers standing for it included.

    A joker in a set is written ``JK`` (it is of the set's rank); in a sequence ``JK=7S``.
    """
    ranks = [t.split("=")[-1][:-1] for t in cards if t != "JK"]
    of_set = ranks[0] if ranks and len(set(ranks)) == 1 else None
    return ranks.count(rank) + (cards.count("JK") if of_set == rank else 0)


def _labels_hidden_from_me(app: PlayApp) -> list[str]:
    """The labels of the cards the person may not know: in the other seats' hands (but
    those the person handed them) and discarded face down by them.

    The joker's label ``JK`` is left out: the ranking in the hand's caption names it.
    """
    m = app.match
    state = m.state
    assert state is not None
    mine = m.observer_seat
    known = {t for a in _steps_of_mine(m, state) if a["do"] != "discard" for t in a["cards"]}
    tokens = [t for a in state.record()["actions"]
              if a["seat"] != mine and a["do"] == "discard" for t in a["cards"]]
    for seat in range(state.num_seats):
        if seat != mine:
            tokens += [t for t in state.view(seat).to_json().get("hand", []) if t not in known]
    return [m.presenter.label(t, m.native) for t in tokens if t != "JK"]


def _check_screen(app: PlayApp) -> str:
    text = screen_text(app)
    for label in _labels_hidden_from_me(app):
        assert label not in text, f"an opponent's {label} is on the screen"
    return text


#: A test's checks of a step: (app, the hand, the step's index in the record, the screen
#: before it).
Check = Callable[[PlayApp, Any, int, str], None]


def _replay(state: Any, n: int) -> Any:
    """The hand as it stood after its first ``n`` actions, replayed by the referee."""
    record = state.record()
    record["actions"] = record["actions"][:n]
    ruling = referee(record)
    assert ruling.report["legal"], ruling.report
    return ruling.state


async def _play_at_keyboard(app: PlayApp, pilot: Any, person: Person,
                            on_step: Check) -> None:
    """Play the person's turns of the hand at the keyboard until the result is shown."""
    m = app.match
    while True:
        await wait_for(pilot, my_turn_or_end(app))
        if isinstance(app.screen, ResultScreen):
            return
        state = m.state
        assert state is not None
        text = _check_screen(app)
        assert "YOUR TURN" in text
        do, tokens = person.decide(m)
        if tokens:
            await select(pilot, app, tokens)
        elif do not in m.presenter.no_cards:
            await pilot.press("escape")
        dos = m.presenter.moves(state.legal_actions())
        key = m.presenter.key_for(do, dos)
        count = len(state.record()["actions"])
        await pilot.press(key)
        assert app.message == "", app.message
        actions = state.record()["actions"]
        assert len(actions) > count  # the computers may have played on since
        seat = m.seats.index(m.observer)
        if do in m.presenter.no_cards:
            assert actions[count] == {"seat": seat, "do": do}
        else:
            assert _is(actions[count], seat, do, tokens)
        if do in STEPS:
            on_step(app, state, count, text)


def _run(match: Match, scenario: Callable[[PlayApp, Any], Awaitable[None]]) -> None:
    async def main() -> None:
        app = PlayApp(match, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await scenario(app, pilot)
            await pilot.press("enter")
            await wait_for(pilot, lambda: not app.is_running, 10)
    asyncio.run(main())


def _legal_record(match: Match) -> dict[str, Any]:
    """The saved record of the last hand, which the referee must find legal and finished."""
    summary = match.summaries[-1]
    assert summary.record_file is not None
    record: dict[str, Any] = json.loads(summary.record_file.read_text(encoding="utf-8"))
    ruling = referee(record)
    assert ruling.report["legal"] and ruling.report["finished"], ruling.report
    return record


# ====================================================================== Dai Fugō


def test_the_dai_fugo_exchange_at_the_keyboard() -> None:
    """Hand 2 opens with the exchange: the person, Dai Fugō, picks the two cards to give."""
    rules = get_game("daifugo").rules("pagat")
    # the first hand of the session, played without the screen, makes the person Dai Fugō
    for seed in range(60):
        match = Match("daifugo", rules, 5, seed=seed, hands=2)
        person = Person()
        match.deal()
        _play_without_screen(match, person)
        assert match.state is not None
        title = match.state.report()["titles"][match.seats.index(0)]
        match.finish()
        if title == "daifugo":
            break
    else:
        raise AssertionError("no seed makes the person Dai Fugō in the first hand")
    given: list[list[str]] = []

    def on_step(app: PlayApp, state: Any, index: int, before: str) -> None:
        m = app.match
        action = state.record()["actions"][index]
        assert action["do"] == "give" and index == 0 and not given
        assert re.search(r"to give \d cards? to P\d in the exchange", before), before
        assert "enter give" in before
        assert "(was Dai Fugō)" in before
        seat = action["seat"]
        held = _replay(state, 1).view(seat).to_json()["hand"]
        dealt = state.record()["deal"]["hands"][seat]
        assert not set(action["cards"]) & set(held) and len(held) == len(dealt)
        shown = m.presenter.labels(action["cards"], False)
        assert any(re.fullmatch(rf"You give {re.escape(shown)} to P\d in the exchange\.", line)
                   for line in m.log), m.log
        given.append(sorted(action["cards"]))

    async def scenario(app: PlayApp, pilot: Any) -> None:
        m = app.match
        await wait_for(pilot, my_turn_or_end(app))
        state = m.state
        assert state is not None and m.hand_number == 2
        seat = m.observer_seat
        view = m.seen().data
        assert view["phase"] == "exchange" and view["titles_before"][seat] == "daifugo"
        # the Dai Hinmin's two best cards came without a choice; the person gives two back
        assert len(view["hand"]) == len(state.record()["deal"]["hands"][seat]) + 2
        assert {len(a.to_json()["cards"]) for a in state.legal_actions()} == {2}
        await _play_at_keyboard(app, pilot, person, on_step)

    _run(match, scenario)
    assert match.session.hands_played == 2 and len(given) == 1
    record = _legal_record(match)
    seat = match.seats.index(0)
    assert record["titles"][seat] == "daifugo"
    assert _is(record["actions"][0], seat, "give", given[0])


def test_the_seven_pass_and_ten_discard_at_the_keyboard() -> None:
    """After plays with 7s and 10s the person picks the cards to hand over and to discard."""
    rules = get_game("daifugo").rules("pagat", {"seven_pass": True, "ten_discard": True})

    def wanted(match: Match, state: Any) -> bool:
        """The person 7-passes and 10-discards, and another seat hands them hidden cards."""
        mine = {a["do"] for a in _steps_of_mine(match, state)}
        others = [a for a in state.record()["actions"]
                  if a["do"] == "seven_pass" and a["seat"] != match.observer_seat]
        return mine == {"seven_pass", "discard"} and bool(others)

    for seed in range(200):
        match = Match("daifugo", rules, 4, seed=seed, hands=1, save=False)
        match.deal()
        _play_without_screen(match, Person())
        if wanted(match, match.state):
            break
    else:
        raise AssertionError("no seed gives the person both a 7-pass and a 10-discard")
    match = Match("daifugo", rules, 4, seed=seed, hands=1)
    done: list[tuple[str, list[str]]] = []

    def on_step(app: PlayApp, state: Any, index: int, before: str) -> None:
        m = app.match
        actions = state.record()["actions"]
        action = actions[index]
        do, seat, tokens = action["do"], action["seat"], action["cards"]
        assert tokens
        play = next(a for a in reversed(actions[:index]) if a["do"] == "play")
        assert play["seat"] == seat
        was, now = _replay(state, index).view(seat), _replay(state, index + 1).view(seat)
        held = was.to_json()["hand"]
        assert sorted(now.to_json()["hand"]) == sorted(set(held) - set(tokens))
        shown = m.presenter.labels(tokens, False)
        assert "7-pass or 10-discard" in before
        if do == "seven_pass":
            assert "enter hand over" in before
            assert len(tokens) == min(_of_rank(play["cards"], "7"), len(held))
            # the next player who has cards holds them now
            gained = [b - a for a, b in zip(was.to_json()["counts"], now.to_json()["counts"],
                                            strict=True)]
            assert sorted(gained) == sorted([-len(tokens), len(tokens)] + [0] * (len(gained) - 2))
            assert f"You hand {shown} to the next player (7s)." in m.log
        else:
            assert do == "discard" and "enter discard" in before
            assert len(tokens) == min(_of_rank(play["cards"], "10"), len(held))
            face_down = [v.to_json()["discarded_face_down"] for v in (was, now)]
            assert face_down[1] - face_down[0] == len(tokens)
            assert f"You discard {shown} face down (10s)." in m.log
        done.append((do, sorted(tokens)))

    async def scenario(app: PlayApp, pilot: Any) -> None:
        await _play_at_keyboard(app, pilot, Person(), on_step)

    _run(match, scenario)
    assert {do for do, _ in done} == {"seven_pass", "discard"}
    record = _legal_record(match)
    seat = match.seats.index(0)
    steps = [(a["do"], sorted(a["cards"])) for a in record["actions"]
             if a["seat"] == seat and a["do"] in STEPS]
    assert steps == done


# ====================================================================== Luk Fu


def test_claiming_the_five_tigers_at_the_keyboard() -> None:
    """The person holds the four 1s and Li Chen: ``t`` claims them and wins the hand."""
    from paiju.lukfu.engine.cards import FIVE_TIGERS, name
    from paiju.lukfu.engine.scoring import five_tigers_value

    rules = get_game("lukfu").rules("hongkong")
    for seed in range(3000):
        match = Match("lukfu", rules, 4, seed=seed, hands=1)
        match.deal()
        if match.human_to_move() and match.seen().data["phase"] == "five_tigers":
            break
    else:
        raise AssertionError("no deal gives the person the Five Tigers")
    match = Match("lukfu", rules, 4, seed=seed, hands=1)
    tigers = sorted(name(c) for c in FIVE_TIGERS)
    count, value = five_tigers_value(rules.values["tariff"], rules.values["five_tigers_value"])

    async def scenario(app: PlayApp, pilot: Any) -> None:
        m = app.match
        await wait_for(pilot, my_turn_or_end(app))
        state = m.state
        assert state is not None
        seat = m.observer_seat
        assert set(tigers) <= set(m.seen().data["hand"])
        text = _check_screen(app)
        assert "YOUR TURN" in text and "claim the Five Tigers or pass" in text
        dos = m.presenter.moves(state.legal_actions())
        assert dos == ["pass", "five_tigers"]
        key = m.presenter.key_for("five_tigers", dos)
        assert key == "t" and "t Five Tigers" in text
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), 10)
        assert state.record()["actions"] == [{"seat": seat, "do": "five_tigers"}]
        report = state.report()
        assert report["outcome"] == "five_tigers" and report["winner"] == seat
        assert report["count"] == count  # eight tricks (five_tigers_value=eight_tricks)
        assert "You win with the Five Tigers." in screen_text(app)

    _run(match, scenario)
    record = _legal_record(match)
    assert record["actions"] == [{"seat": match.seats.index(0), "do": "five_tigers"}]
    # each other active seat pays the Five Tigers' value; the dreamer neither pays nor gains
    payments = match.summaries[-1].payments
    assert [payments[p] for p in match.seats] == [
        2 * value if p == 0 else 0 if seat == 3 else -value
        for seat, p in enumerate(match.seats)]
