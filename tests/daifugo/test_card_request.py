"""004's request for cards (``card_request``): the winners name cards, the losers give them.

004 "Card exchange variants": "A few people play that the winners are allowed to ask for
particular cards from the losers, and the losers must give these cards rather than their
highest ranking cards, if they have them." docs/daifugo.md, "The request for cards", gives
paiju's readings; each is tested here: the worked examples, the refusals, the referee, the
views (the winner learns what the rule reveals and no more), random sessions under every
preset with the option on (slow: 10,000 hands each, ``pytest -m slow``), and the fast path
against the reference at every step.
"""

from __future__ import annotations

import json
import random
import re
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from daifugo_helpers import record, ruling, state_of
from hypothesis import given, settings
from hypothesis import strategies as st
from test_fast_daifugo import check_hands
from test_properties import EXAMPLES, SLICE, play_session

from paiju.core.errors import IllegalAction, UnknownOption
from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.cards import mask_of, pack, parse_card, tokens
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.fast import playout as fast
from paiju.daifugo.game import GAME
from paiju.daifugo.players.strategy import choose
from paiju.daifugo.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from ui_helpers import select  # tests/ui: choosing cards at the keyboard

#: Four players, seat 0 the Fugō (winner) and seat 3 the Hinmin (loser): one card each way.
FOUR = [
    "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 4H 5H",
    "3H 6H 7H 8H 9H 10H JH QH KH AH 2H 3D 4D",
    "5D 6D 7D 8D 9D 10D JD QD KD AD 2D 3C 4C",
    "5C 6C 7C 8C 9C 10C JC QC KC AC 2C 2S JK",
]
TITLES4 = ["fugo", "heimin", "heimin", "hinmin"]
ASKING = {"preset": "pagat", "options": {"card_request": True}}
#: A session in which the person (the rule-based player's choices, typed in) wins a hand
#: and so asks for a card in the next.
KEYBOARD_SEED = 2
KEYBOARD_HANDS = 2
#: The same at a browser table (its session's seed), the person playing at random.
WEB_SEED = 1


def hands_of(texts: list[str]) -> list[int]:
    return [mask_of(parse_card(t) for t in h.split()) for h in texts]


def asked(rules: object = ASKING, titles: list[str] | None = None,
          texts: list[str] | None = None) -> DaifugoState:
    """A later hand of four (the exchange to come) under ``rules``."""
    return DaifugoState(GAME.rules(rules), hands_of(texts or FOUR), 3, titles or TITLES4)


def held(state: DaifugoState, seat: int) -> set[str]:
    return set(tokens(state.hands[seat]))


def test_the_winner_names_a_card_and_the_loser_gives_it_rather_than_his_best() -> None:
    # 004: "the losers must give these cards rather than their highest ranking cards"
    st_ = asked()
    assert st_.phase == "exchange" and st_.to_move() == 0
    st_.apply(Action(0, "ask", ("2S",)))
    assert "2S" in held(st_, 0) and "JK" in held(st_, 3)  # the ♠2, not the joker
    assert st_.to_move() == 0 and {a.do for a in st_.legal_actions()} == {"give"}


def test_a_named_card_not_held_leaves_the_normal_gift_and_tells_the_winner_so() -> None:
    # "... if they have them": the Hinmin holds no ♡2, so he gives his best, the joker
    st_ = asked()
    st_.apply(Action(0, "ask", ("2H",)))  # seat 1 holds it
    assert "JK" in held(st_, 0) and "2H" not in held(st_, 0)
    view = st_.view(0)
    facts = view.facts()
    assert facts.poor == 3
    assert facts.too_good >> parse_card("2H") & 1  # the winner knows the loser lacks it
    for seed in range(30):
        sample = view.sample(random.Random(seed))
        assert not sample.hands[3] & facts.too_good


def test_naming_nothing_is_the_normal_exchange() -> None:
    plain, asking = asked("pagat"), asked()
    asking.apply(Action(0, "ask", ()))
    assert plain.hands == asking.hands
    assert plain.view(0).facts().too_good == asking.view(0).facts().too_good


def test_two_named_cards_one_held_the_other_made_up_from_the_best() -> None:
    # five players: the Dai Fugō (seat 0) asks the Dai Hinmin (seat 4) for two cards
    texts = ["3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
             "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "3C 4C 5C 6C 7C 8C 9C 10C JC QC",
             "KC AS AH AD AC 2S 2H 2D 2C JK"]
    titles = ["daifugo", "fugo", "heimin", "hinmin", "daihinmin"]
    st_ = DaifugoState(GAME.rules(ASKING), hands_of(texts), 4, titles)
    st_.apply(Action(0, "ask", ("AS", "KH")))  # the ♠A is held, the ♡K is seat 1's
    got = held(st_, 0) - set(texts[0].split())
    assert got == {"AS", "JK"}  # the named ♠A, then the best card: the joker
    too_good = st_.view(0).facts().too_good
    assert too_good >> parse_card("KH") & 1
    assert not too_good & st_.hands[4]
    # then the Fugō asks the Hinmin (seat 3) for one card
    assert st_.to_move() == 1
    st_.apply(Action(1, "ask", ("QC",)))
    assert "QC" in held(st_, 1)
    assert [a.do for a in st_.actions] == ["ask", "ask"]
    assert st_.to_move() == 0 and st_.legal_actions()[0].do == "give"


def test_the_legal_asks_are_every_set_of_cards_not_held_up_to_the_count() -> None:
    st_ = asked()
    free = pack(1) & ~st_.hands[0]
    listed = st_.legal_actions()
    assert len(listed) == 1 + free.bit_count()  # the Fugō names none or one card
    assert len(set(listed)) == len(listed)
    for a in listed:
        assert st_.why_illegal(a) is None
    two = Action(0, "ask", ("2C", "JK"))
    assert st_.why_illegal(two) == "you may ask for at most 1 card, not 2"
    # the Dai Fugō of five names up to two: every pair of cards it does not hold
    five = GAME.new_session(GAME.rules(ASKING), 5, 3)
    first = five.deal()
    while not first.is_terminal():
        first.apply(choose(first.view(first.to_move()), random.Random(0)))
    five.finish(first)
    later = five.deal()
    rich = later.to_move()
    free = pack(1) & ~later.hands[rich]
    n = free.bit_count()
    assert len(later.legal_actions()) == 1 + n + len(list(combinations(range(n), 2)))


@pytest.mark.parametrize(("options", "action", "reason"), [
    ({}, Action(0, "ask", ("3S",)), "you hold 3S yourself: ask for cards you do not hold"),
    ({}, Action(0, "give", ("3S",)),
     "the exchange starts with a request: seat 0 asks seat 3 for up to 1 card (card_request)"),
    ({}, Action(3, "ask", ("3S",)),
     "it is seat 0's turn to ask for cards in the exchange, not seat 3's"),
    ({}, Action(0, "ask", ("2C", "JK")), "you may ask for at most 1 card, not 2"),
    ({"exchange_keep_joker": True}, Action(0, "ask", ("JK",)),
     "the poor keep their jokers (exchange_keep_joker): ask for other cards"),
])
def test_refusals_say_why_and_change_nothing(options: dict[str, object], action: Action,
                                             reason: str) -> None:
    st_ = asked({"preset": "pagat", "options": {"card_request": True, **options}})
    before = (list(st_.hands), list(st_.actions))
    assert st_.why_illegal(action) == reason
    with pytest.raises(IllegalAction, match=re.escape(reason)):
        st_.apply(action)
    assert (st_.hands, st_.actions) == before


def test_no_more_jokers_than_the_others_hold_and_none_without_jokers() -> None:
    rules = {"preset": "pagat", "options": {"card_request": True, "exchange": "always_two",
                                            "jokers": 2}}
    texts = [FOUR[0].replace("5H", "JK"), *FOUR[1:3], FOUR[3] + " 5H"]  # a joker each
    st_ = DaifugoState(GAME.rules(rules), hands_of(texts), 3,
                       ["daifugo", "fugo", "hinmin", "daihinmin"])
    assert st_.why_illegal(Action(0, "ask", ("JK", "JK"))) == (
        "you cannot ask for more jokers than the pack holds besides yours")
    assert st_.why_illegal(Action(0, "ask", ("JK",))) is None
    none = {"preset": "pagat", "options": {"card_request": True, "jokers": 0}}
    st0 = asked(none, texts=[FOUR[0].replace(" 5H", ""), *FOUR[1:3],
                             FOUR[3].replace("JK", "5H")])
    assert st0.why_illegal(Action(0, "ask", ("JK",))) == "the pack has no joker (jokers=0)"


def test_an_ask_in_play_and_the_option_without_an_exchange_are_refused() -> None:
    plain = asked("pagat")
    plain.apply(plain.legal_actions()[0])  # the Fugō gives back; play begins
    assert plain.why_illegal(Action(3, "ask", ())) == (
        "it is time to play or pass, not to ask")
    with pytest.raises(UnknownOption, match="card_request is a way of giving"):
        GAME.rules({"preset": "pagat", "options": {"card_request": True, "exchange": "off"}})


def test_the_referee_replays_the_asks_and_names_a_missing_one() -> None:
    rec = record(FOUR, [(0, "ask", "2S"), (0, "give", "3S")], rules=ASKING, first=3,
                 titles=TITLES4)
    report = ruling(rec)
    assert report["legal"] and not report["finished"]
    st_ = state_of(rec)
    assert "2S" in held(st_, 0) and "3S" in held(st_, 3)
    assert st_.record()["actions"][0] == {"seat": 0, "do": "ask", "cards": ["2S"]}
    missing = record(FOUR, [(0, "give", "3S")], rules=ASKING, first=3, titles=TITLES4)
    report = ruling(missing)
    assert report["legal"] is False and report["illegal_at"] == 0
    assert "card_request" in report["reason"]
    # the same record without the option is an old record and reads as before
    assert ruling(record(FOUR, [(0, "give", "3S")], first=3, titles=TITLES4))["legal"]


def test_the_ask_is_public_and_the_gift_is_seen_by_the_two_seats_only() -> None:
    st_ = asked()
    st_.apply(Action(0, "ask", ("2S",)))
    for seat in range(4):
        data = st_.view(seat).to_json()
        assert data["actions"][0] == {"seat": 0, "do": "ask", "cards": ["2S"]}
        gifts = [h for h in st_.view(seat).handovers() if h["at"] == -1]
        assert gifts == ([{"at": -1, "from": 3, "to": 0, "cards": ["2S"]}]
                         if seat in (0, 3) else [])


def test_the_rule_based_player_asks_for_what_it_wants_most() -> None:
    st_ = asked()
    assert choose(st_.view(0), random.Random(0)) == Action(0, "ask", ("JK",))
    texts = [FOUR[0].replace("5H", "JK"), FOUR[1], FOUR[2], FOUR[3].replace("JK", "5H")]
    st2 = asked(texts=texts)  # the Fugō holds the joker: it asks for a 2
    got = choose(st2.view(0), random.Random(0))
    assert got.do == "ask" and len(got.cards) == 1 and got.cards[0].startswith("2")


def check_rich_knowledge(state: DaifugoState, rng: random.Random) -> int:
    """Random asks; at their end (before any give) no rich seat's facts rule out a card
    its poor holds. The number of rich seats checked."""
    while state.phase == "exchange" and state.pos.asks:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    checked = 0
    for seat in range(state.n):
        facts = state.view(seat).facts()
        if facts.poor is not None:
            assert facts.allowance == 0
            assert not facts.too_good & state.hands[facts.poor], state.record()
            checked += 1
    return checked


@pytest.mark.parametrize("preset", ["pagat", "popular", "uecda"])
@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_the_rich_never_rule_out_what_the_poor_hold(preset: str, players: int) -> None:
    for exchange in ("standard", "always_two"):
        rules = GAME.rules({"preset": preset,
                            "options": {"card_request": True, "exchange": exchange}})
        session = GAME.new_session(rules, players, players)
        rng = random.Random(players)
        checked = 0
        for _ in range(12):
            state = session.deal()
            if state.titles_in is not None:
                checked += check_rich_knowledge(state.clone(), rng)
            fast.random_playout(state, rng)
            session.finish(state)
        assert checked >= 11


def asking_rules(preset: str, exchange: str = "standard") -> Rules:
    return GAME.rules({"preset": preset, "options": {"card_request": True,
                                                     "exchange": exchange}})


@pytest.mark.parametrize("preset", ["pagat", "popular", "uecda"])
@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_the_fast_path_agrees_with_the_reference_at_every_step(preset: str,
                                                               players: int) -> None:
    rng = random.Random(f"ask-{preset}-{players}")
    for exchange in ("standard", "always_two"):
        assert check_hands(asking_rules(preset, exchange), players, rng, hands=3) > 30


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["pagat", "popular", "uecda"])
@settings(max_examples=EXAMPLES, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8), two=st.booleans())
def test_random_hands_with_the_request(preset: str, seed: int, players: int, two: bool) -> None:
    """10,000 hands per preset: cards accounted for, views and samples, referee replay."""
    play_session(asking_rules(preset, "always_two" if two else "standard"), players, seed)


@pytest.mark.parametrize("preset", ["pagat", "popular", "uecda"])
@settings(max_examples=max(1, SLICE // 2), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8), two=st.booleans())
def test_random_hands_with_the_request_slice(preset: str, seed: int, players: int,
                                             two: bool) -> None:
    """A short slice of the slow run, in every default run."""
    play_session(asking_rules(preset, "always_two" if two else "standard"), players, seed)


def test_the_uecda_server_refuses_the_request_its_protocol_cannot_carry() -> None:
    from paiju.uecda.server import ServeConfig, Tournament

    rules = {"preset": "uecda", "options": {"card_request": True}}
    with pytest.raises(ValueError, match="the UECda protocol has no request for cards"):
        Tournament(ServeConfig(rules=rules))


async def _keyboard_session(app: Any, pilot: Any) -> list[list[str]]:
    """Every decision of the person made at the keyboard (the rule-based player's choice),
    every hand to the end of the session; the cards the person asked for, ask by ask."""
    from paiju.bots.heuristic import HeuristicBot
    from paiju.ui.app import HandView, ResultScreen

    m = app.match
    bot, rng = HeuristicBot(), random.Random(5)
    asks: list[list[str]] = []
    while True:
        waited = 0.0
        while not (isinstance(app.screen, ResultScreen)
                   or (m.human_to_move() and not app._busy)):
            assert waited < 60, "the table did not get there in time"
            await pilot.pause(0.01)
            waited += 0.01
        if isinstance(app.screen, ResultScreen):
            if m.session_over():
                return asks
            await pilot.press("enter")
            await pilot.pause(0.05)
            continue
        state = m.state
        assert state is not None
        seat = m.observer_seat
        data = bot.choose(state.view(seat), rng).to_json()
        cards = data.get("cards", [])
        hand = app.query_one("#hand", HandView)
        if data["do"] == "ask":  # the chips are the cards one may ask for
            assert all(c.token not in state.view(seat).hand for c in hand.chips)
            asks.append(cards)
        await select(pilot, app, cards)
        count = len(state.actions)
        await pilot.press(m.presenter.key_for(data["do"], m.presenter.moves(
            state.legal_actions())))
        assert app.message == "", app.message
        assert len(state.actions) > count or state.is_terminal()


def test_a_session_with_the_request_at_the_keyboard(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal table: the person names a card from the cards it may ask for, and
    every hand's record is legal."""
    import asyncio

    from paiju.ui.app import PlayApp
    from paiju.ui.match import Match

    monkeypatch.setenv("PAIJU_DATA_DIR", str(tmp_path))
    match = Match("daifugo", GAME.rules(ASKING), 4, seed=KEYBOARD_SEED, hands=KEYBOARD_HANDS,
                  hint_seconds=0.3, hint_iterations=40)
    got: list[list[list[str]]] = []

    async def scenario() -> None:
        app = PlayApp(match, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            got.append(await _keyboard_session(app, pilot))

    asyncio.run(scenario())
    assert got and got[0] and all(len(cards) == 1 for cards in got[0])
    assert match.session.hands_played == KEYBOARD_HANDS
    for summary in match.summaries:
        assert summary.record_file is not None
        rec = json.loads(summary.record_file.read_text(encoding="utf-8"))
        assert ruling(rec)["legal"]
        asks = [a for a in rec["actions"] if a["do"] == "ask"]
        assert len(asks) == (1 if "titles" in rec else 0)  # four players: the Fugō asks


def test_every_ask_has_one_path_through_the_research_envs_ids() -> None:
    from paiju.rl.actions import Picker, path, space_of

    space = space_of("daifugo")
    st_ = asked({"preset": "pagat", "options": {"card_request": True, "exchange": "always_two"}},
                titles=["daifugo", "fugo", "hinmin", "daihinmin"])
    legal = st_.legal_actions()
    assert len(legal) > 300  # the Dai Fugō names up to two cards
    for action in legal:
        ids = path(Picker(space, legal), action)
        assert ids[0] == space.do_id("ask")
        picker = Picker(space, legal)
        got = None
        for i in ids:
            got = picker.step(i)
        assert got == action


@pytest.mark.parametrize("spec", ["ismcts:iters=40", "ismcts:iters=40:prior=heuristic"])
def test_the_search_player_asks_from_its_view(spec: str) -> None:
    from paiju.bots.base import make_bot

    st_ = asked()
    view = st_.view(0)
    got = make_bot(spec, "daifugo").choose(view, random.Random(3))
    assert got.do == "ask" and st_.why_illegal(got) is None
    # its samples deal the Hinmin's hand afresh: the real one is not read
    for seed in range(10):
        sample = view.sample(random.Random(seed))
        assert sample.hands[0] == st_.hands[0]
        assert sample.pos.asks == [(0, 3, 1)]


def test_a_session_with_the_request_at_a_browser_table(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser tables' model (paiju.web): a person and computers play a session under
    card_request; the asks are made, the records are legal, and the person's messages
    offer the ask's choices."""
    import asyncio

    from paiju.web.hub import Hub
    from paiju.web.store import open_store
    from paiju.web.tables import Config

    # the table's deal, drawn at random by the server, fixed here: the person wins a hand
    monkeypatch.setattr("paiju.web.hub.secrets.randbelow", lambda _: WEB_SEED)

    async def run() -> list[dict[str, Any]]:
        hub = Hub(open_store(tmp_path / "db.sqlite3"), Config(bot_delay=0.0, next_delay=0.05))
        table = await hub.create({"game": "daifugo", "players": 4, "hands": 4, "rules": ASKING,
                                  "seats": ["human", "random", "random", "random"]})
        receiver = table.connect(await table.take_seat(0, "Ann"))
        rng = random.Random(2)
        offered: list[dict[str, Any]] = []
        while True:
            message = await asyncio.wait_for(receiver.queue.get(), 20)
            if message["type"] == "session_over":
                break
            if message["type"] == "hand_over":
                await table.handle(receiver, {"type": "next"})
            elif message["type"] == "state" and message["legal"] and receiver.queue.empty():
                legal = message["legal"]
                if legal[0]["do"] == "ask":
                    offered.append(message)
                await table.handle(receiver, {"type": "act", "action": rng.choice(legal)})
            assert message["type"] != "error", message
        records = [hub.store.hand_record(table.id, k) for k in (1, 2, 3, 4)]
        hub.close()
        for rec in records:
            assert rec is not None and ruling(rec)["legal"]
        asks = [a for rec in records if rec is not None for a in rec["actions"]
                if a["do"] == "ask"]
        assert len(asks) == 3  # hands 2 to 4: the Fugō asks the Hinmin
        return offered

    offered = asyncio.run(run())
    assert offered  # the person won a hand and asked in the next
    for message in offered:
        assert {a["do"] for a in message["legal"]} == {"ask"}
        assert not set(message["view"]["hand"]) & {c for a in message["legal"]
                                                   for c in a.get("cards", [])}
