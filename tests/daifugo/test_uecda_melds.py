"""UECda's meld rules as Dai Fugō options (issue 14, points 4, 7 and 8), each reading tested.

The passages are those of the UECda 2010 rules (``man/rule.html`` of the 2018 kit),
quoted in docs/daifugo.md.
"""

from __future__ import annotations

import json
import random

import pytest
from daifugo_helpers import check_cards, deal, record, ruling, state_of
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import check_views
from test_rulebook import rulebook_actions

from paiju.core.errors import PaijuError
from paiju.core.records import dumps_record
from paiju.core.referee import referee
from paiju.daifugo.engine.cards import (
    DIAMOND_THREE,
    JOKERS,
    bits,
    mask_of,
    pack,
    parse_card,
    tokens,
)
from paiju.daifugo.engine.rulebook import diamond_three_holder, rulebook
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.game import GAME


def opts(**values: object) -> dict:
    return {"preset": "pagat", "options": values}


# ---------------------------------------------------------------- point 4: ♠3 over a lock

#: ♥5 then ♥7 lock hearts; the lone joker goes on the lock; then the ♠3.
LOCKED_JOKER = [(0, "play", "5H"), (1, "play", "7H"), (2, "play", "JK")]


def test_spade_three_over_lock_lets_the_spade_three_beat_a_joker_played_under_a_lock() -> None:
    """man/rule.html 4.3.2: "it does not matter whether a lock had been made before the
    joker"; without the option (004 says nothing of it) the lock binds the ♠3."""
    hands = deal(4, {0: "5H 9C", 1: "7H 9D", 2: "JK 9S", 3: "3S 9H"})
    plays = [*LOCKED_JOKER, (3, "play", "3S")]
    base = {"shibari": "full", "spade_three": True}
    rep = ruling(record(hands, plays, opts(**base)))
    assert not rep["legal"]
    assert "locked to ♡ singles" in rep["reason"] and "3S does not follow suit" in rep["reason"]
    assert ruling(record(hands, plays, opts(**base, spade_three_over_lock=True)))["legal"]
    # only the ♠3, only on a lone joker: the lock still binds every other card
    st = state_of(record(hands, LOCKED_JOKER[:2], opts(**base, spade_three_over_lock=True)))
    assert "does not follow suit" in str(st.why_illegal(GAME.action_from_json(
        {"seat": 2, "do": "play", "cards": ["9S"]})))
    st = state_of(record(hands, LOCKED_JOKER, opts(**base, spade_three_over_lock=True)))
    plays_now = {a.cards for a in st.legal_actions() if a.do == "play"}
    assert plays_now == {("3S",)}


def test_uecda_plays_the_spade_three_over_a_lock_and_clears() -> None:
    hands = deal(5, {0: "5H 9C", 1: "7H 9D", 2: "JK 9S", 3: "3S 9H"})
    st = state_of(record(hands, [*LOCKED_JOKER, (3, "play", "3S")], "uecda"))
    assert st.table is None and st.to_move() == 3  # spade_three_clears: the ♠3 leads next
    assert GAME.rules("uecda").values["spade_three_over_lock"] is True
    for preset in ("pagat", "popular"):
        assert GAME.rules(preset).values["spade_three_over_lock"] is False


def test_spade_three_over_lock_needs_the_spade_three_rule() -> None:
    with pytest.raises(PaijuError, match="spade_three_over_lock needs the spade_three rule"):
        GAME.rules("pagat", {"spade_three_over_lock": True})


# ---------------------------------------------------------------- point 8: a group's joker


def _after(hands: list[str], plays: list, rules: dict) -> dict:
    return ruling(record(hands, plays, rules))


JOKER_HANDS = deal(4, {0: "7S 7H 3C 5C", 1: "9S JK 4C 6C", 2: "JS JH JD 4D", 3: "QS QD QH 5D"})
PAIR_LEAD = (0, "play", "7S 7H")


@pytest.mark.parametrize("joker", ["JK=9H", "JK=9D"])
def test_a_named_joker_makes_a_lock_with_its_suit(joker: str) -> None:
    """man/rule.html 4.3.1: "a lock can be made with the joker". ♠♡ then ♠ and a joker
    for the ♡ lock ♠♡; a joker for the ♢ makes ♠♢, no lock."""
    plays = [PAIR_LEAD, (1, "play", f"9S {joker}"), (2, "pass"), (3, "play", "QS QD")]
    rep = _after(JOKER_HANDS, plays, opts(shibari="full", group_joker_suit="named"))
    if joker == "JK=9H":
        assert not rep["legal"] and "locked to ♠♡ pairs" in rep["reason"]
    else:
        assert rep["legal"]
    # without the option the joker has no suit: it never makes a lock
    assert _after(JOKER_HANDS, plays, opts(shibari="full"))["legal"]


def test_a_named_joker_is_bound_by_a_lock() -> None:
    """Under a ♠♡ lock a pair with a joker must name the lacking suit; 004's reading lets
    the joker stand for whichever locked suit the pair lacks."""
    hands = deal(4, {0: "7S 7H 3C", 1: "9S 9H 4C", 2: "QS JK 4D", 3: "KS KD 5D"})
    lock = [PAIR_LEAD, (1, "play", "9S 9H")]
    named = opts(shibari="full", group_joker_suit="named")
    assert _after(hands, [*lock, (2, "play", "QS JK=QH")], named)["legal"]
    rep = _after(hands, [*lock, (2, "play", "QS JK=QD")], named)
    assert not rep["legal"] and "locked to ♠♡ pairs" in rep["reason"]
    st = state_of(record(hands, lock, named))
    pairs = {a.cards for a in st.legal_actions() if a.do == "play"}
    assert ("QS", "JK=QH") in pairs and ("QS", "JK=QD") not in pairs
    assert _after(hands, [*lock, (2, "play", "QS JK")], opts(shibari="full"))["legal"]


def test_a_plain_joker_in_a_group_must_name_its_card_when_it_could_be_several() -> None:
    named = opts(group_joker_suit="named")
    rep = _after(JOKER_HANDS, [PAIR_LEAD, (1, "play", "9S JK")], named)
    assert not rep["legal"]
    assert "write which, e.g. 9S JK=9H or 9S JK=9D or 9S JK=9C" in rep["reason"]
    # a joker with three of its rank can stand for one card only: plain JK is that card
    hands = deal(4, {0: "7S 7H 7D 7C", 1: "9S 9H 9D JK"})
    lead = (0, "play", "7S 7H 7D 7C")
    st = state_of(record(hands, [lead, (1, "play", "9S JK 9H 9D")], named))
    assert st.record()["actions"][-1]["cards"] == ["9S", "9H", "9D", "JK=9C"]
    rep = _after(hands, [lead, (1, "play", "9S 9H 9D JK=9D")], named)
    assert not rep["legal"] and "the play already has it" in rep["reason"]
    # 004's reading: the joker has no suit, so what it names is dropped
    st = state_of(record(hands, [lead, (1, "play", "9S JK=9C 9H 9D")], "pagat"))
    assert st.record()["actions"][-1]["cards"] == ["9S", "9H", "9D", "JK"]


def test_the_lone_joker_and_sequences_read_the_same_under_both_readings() -> None:
    """A lone joker stands for no card: it is exempt from a lock and makes none (as the
    UECda server reads it). A joker in a sequence stands for a card of its suit in both
    readings, so a sequence with a joker locks and is bound like any."""
    hands = deal(4, {0: "5H 9C", 1: "7H 9D", 2: "JK 9S", 3: "3S 4S 5S"})
    for mode in ("none", "named"):
        rules = opts(shibari="full", group_joker_suit=mode)
        st = state_of(record(hands, [(0, "play", "5H"), (1, "play", "7H")], rules))
        assert st.lock and ("JK",) in {a.cards for a in st.legal_actions()}
        st = state_of(record(hands, [(0, "play", "5H"), (1, "play", "7H"), (2, "play", "JK")],
                             rules))
        assert st.table is not None and st.table.jokers == 1
    seq = deal(4, {0: "3S 4S 5S 3C", 1: "6S JK 8S 4C", 2: "9H 10H JH 9S 10S JS"})
    for mode in ("none", "named"):
        rules = opts(shibari="full", group_joker_suit=mode)
        plays = [(0, "play", "3S 4S 5S"), (1, "play", "6S JK=7S 8S")]
        rep = _after(seq, [*plays, (2, "play", "9H 10H JH")], rules)
        assert not rep["legal"] and "locked to ♠ sequences" in rep["reason"]
        assert _after(seq, [*plays, (2, "play", "9S 10S JS")], rules)["legal"]


def test_uecda_names_group_jokers_and_the_others_do_not() -> None:
    assert GAME.rules("uecda").values["group_joker_suit"] == "named"
    for preset in ("pagat", "popular"):
        assert GAME.rules(preset).values["group_joker_suit"] == "none"


# ---------------------------------------------------------------- random hands under uecda


def _kinds(plays: list[tuple[str, ...]]) -> dict[str, int]:
    """How many plays named a group's joker, and how many were five-card groups."""
    out = {"named_group": 0, "five": 0}
    for cards in plays:
        ranks = {c.split("=")[-1][:-1] for c in cards}
        if len(cards) > 1 and len(ranks) == 1 and any(c.startswith("JK=") for c in cards):
            out["named_group"] += 1
        if len(cards) == 5 and "JK" in cards:
            out["five"] += 1
    return out


def play_six_hands(seed: int, players: int) -> list[tuple[str, ...]]:
    """Six hands under uecda, random and club players by turns, checking every card, the
    views' samples and the record's replay; the cards of every play listed as legal."""
    rng = random.Random(seed)
    session = GAME.new_session(GAME.rules("uecda"), players, seed)
    listed: list[tuple[str, ...]] = []
    for number in range(6):
        state = session.deal()
        steps = 0
        while not state.is_terminal():
            seat = state.to_move()
            assert seat is not None
            legal = state.legal_actions()
            listed += [a.cards for a in legal if a.do == "play"]
            if number % 2:
                action = GAME.strategy(state.view(seat), rng)
                assert action in legal
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
            check_cards(state)
            if steps % 7 == 0:
                check_views(state, rng)
            steps += 1
            assert steps < 3000
        ruling = referee(json.loads(dumps_record(state.record())))
        assert ruling.report["legal"] and ruling.report["finished"]
        assert ruling.report["order"] == state.report()["order"]
        session.finish(state)
    return listed


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_random_uecda_hands_keep_every_card_and_replay(seed: int, players: int) -> None:
    """Random and club-player hands under uecda: every card in one place at every step,
    the views' samples agree with the views, and the record replays to the same end."""
    play_six_hands(seed, players)


def test_the_random_hands_list_groups_with_a_named_joker() -> None:
    """The hands above reach what they are for: a group with a named joker is listed (not
    in every deal: with eight players a joker may never meet a card of its rank)."""
    assert _kinds(play_six_hands(7, 5))["named_group"]


# ---------------------------------------------------------------- point 7: five-card groups

FIVE = "5S 5H 5D 5C JK"
FIVE_HANDS = deal(4, {0: "5S 5H 5D 5C JK 3C", 1: "9S 9H 9D 9C JK 7C", 2: "4S 4H 4D 4C 6D"},
                  jokers=2)
FIVE2 = {"jokers": 2, "five_card_groups": True}


def test_a_five_card_group_may_be_led_and_is_written_as_the_records_write_it() -> None:
    """man/rule.html 4.2.8: "four cards of the same number and the joker played together"."""
    st = state_of(record(FIVE_HANDS, [], opts(**FIVE2)))
    fives = [a.cards for a in st.legal_actions() if len(a.cards) == 5 and "JK" in a.cards]
    assert ("5S", "5H", "5D", "5C", "JK") in fives  # seat 0 was also dealt the four 3s
    assert all(len({c[:-1] for c in f[:4]}) == 1 and f[4] == "JK" for f in fives)
    st = state_of(record(FIVE_HANDS, [(0, "play", "JK 5C 5D 5H 5S")], opts(**FIVE2)))
    assert st.record()["actions"][-1]["cards"] == ["5S", "5H", "5D", "5C", "JK"]
    assert st.table is not None and st.table.describe() == "a five-card group of 5s"
    # without the option a group is at most four cards
    rep = _after(FIVE_HANDS, [(0, "play", FIVE)], opts(jokers=2))
    assert not rep["legal"] and "5 cards of one rank are not a combination" in rep["reason"]
    assert not any(len(a.cards) == 5 and "JK" in a.cards for a in
                   state_of(record(FIVE_HANDS, [], opts(jokers=2))).legal_actions())
    # the joker is the fifth card: it names none, and three of a kind and two jokers are
    # no five-card group
    for play, why in (("5S 5H 5D 5C JK=5S", "the play already has it"),
                      ("5S 5H 5D JK JK", "four of a kind and the joker")):
        rep = _after(FIVE_HANDS, [(0, "play", play)], opts(**FIVE2))
        assert not rep["legal"] and why in rep["reason"], rep["reason"]


def test_only_a_higher_five_card_group_beats_one() -> None:
    lead = (0, "play", FIVE)
    rules = opts(**FIVE2)
    assert _after(FIVE_HANDS, [lead, (1, "play", "9S 9H 9D 9C JK")], rules)["legal"]
    rep = _after(FIVE_HANDS, [lead, (1, "play", "9S 9H 9D 9C")], rules)
    assert not rep["legal"] and "you must play a five-card group or pass" in rep["reason"]
    st = state_of(record(FIVE_HANDS, [lead], rules))
    assert {a.cards for a in st.legal_actions()} == {
        (), ("8S", "8H", "8D", "8C", "JK"), ("9S", "9H", "9D", "9C", "JK")}
    st = state_of(record(FIVE_HANDS, [lead, (1, "play", "9S 9H 9D 9C JK"), (2, "pass")],
                         rules))
    assert [a.cards for a in st.legal_actions()] == [()]  # seat 3 holds no five-card group
    # and a four is beaten by a four, never by five cards
    rep = _after(FIVE_HANDS, [(0, "play", "5S 5H 5D 5C"), (1, "play", "9S 9H 9D 9C JK")],
                 rules)
    assert not rep["legal"] and "you must play a four of a kind or pass" in rep["reason"]


@pytest.mark.parametrize(("revolution", "revolts"),
                         [("four", True), ("four_natural", True), ("off", False)])
def test_a_five_card_group_revolts_as_four_of_a_kind_does(revolution: str, revolts: bool) -> None:
    rules = opts(**FIVE2, revolution=revolution, revolution_timing="immediate")
    st = state_of(record(FIVE_HANDS, [(0, "play", FIVE)], rules))
    assert st.revolution is revolts
    # reversed, the 8s and 9s (seat 1's five-card groups) no longer beat the 5s
    higher = {a.cards for a in st.legal_actions() if a.do == "play"}
    assert higher == (set() if revolts else {
        ("8S", "8H", "8D", "8C", "JK"), ("9S", "9H", "9D", "9C", "JK")})


def test_uecda_plays_five_card_groups_and_the_others_do_not() -> None:
    hands = deal(5, {0: "5S 5H 5D 5C JK 3D"})
    st = state_of(record(hands, [(0, "play", FIVE)], "uecda"))
    assert st.revolution and st.table is not None and st.table.size == 5
    assert GAME.rules("uecda").values["five_card_groups"] is True
    for preset in ("pagat", "popular"):
        assert GAME.rules(preset).values["five_card_groups"] is False
    with pytest.raises(PaijuError, match="five_card_groups are four of a kind and the joker"):
        GAME.rules("pagat", {"five_card_groups": True, "jokers": 0})


def test_the_club_player_goes_out_with_a_five_card_group() -> None:
    rules = GAME.rules("uecda")
    five = mask_of(parse_card(t) for t in FIVE.split())
    rest = list(bits(pack(1) & ~five))
    hands = [five] + [sum(1 << c for c in rest[k::4]) for k in range(4)]
    st = DaifugoState(rules, hands, 0)
    assert GAME.strategy(st.view(0), random.Random(0)).cards == ("5S", "5H", "5D", "5C", "JK")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), ranks=st.lists(st.integers(0, 12), min_size=2, max_size=2,
                                                  unique=True),
       named=st.booleans(), players=st.integers(3, 6))
def test_hands_dealt_five_card_groups_list_what_the_rulebook_allows(
        seed: int, ranks: list[int], named: bool, players: int) -> None:
    """Two seats dealt four of a kind and a joker each: at every step legal_actions() is
    exactly what the rulebook allows of every combination of the hand, every card stays
    in one place, the views' samples agree, and the record replays."""
    rng = random.Random(seed)
    rules = GAME.rules("uecda", {"jokers": 2, "group_joker_suit": "named" if named else "none",
                                 "shibari": rng.choice(["full", "partial"]),
                                 "four_stop": rng.random() < 0.5, "sandstorm": rng.random() < 0.5})
    fours = [0xF << (4 * r) for r in ranks]
    rest = list(bits(pack(2) & ~(fours[0] | fours[1] | JOKERS)))
    rng.shuffle(rest)
    hands = [0] * players
    hands[0], hands[1] = fours[0] | 1 << 52, fours[1] | 1 << 53
    if not (fours[0] | fours[1]) >> DIAMOND_THREE & 1:  # seat 0 leads, a five-card group
        hands[0] |= 1 << DIAMOND_THREE                    # among its plays
        rest.remove(DIAMOND_THREE)
    sizes = [54 // players + (s < 54 % players) for s in range(players)]
    for seat in range(players):  # dealt as equally as possible, as a record must be
        while hands[seat].bit_count() < sizes[seat]:
            hands[seat] |= 1 << rest.pop()
    state = DaifugoState(rules, hands, diamond_three_holder(hands))
    listed_fives = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal)
        assert set(legal) == rulebook_actions(state)
        listed_fives += sum(1 for a in legal if len(a.cards) == 5 and "JK" in a.cards)
        state.apply(legal[rng.randrange(len(legal))])
        check_cards(state)
        if rng.random() < 0.2:
            check_views(state, rng)
    assert listed_fives
    ruling = referee(json.loads(dumps_record(state.record())))
    assert ruling.report["legal"] and ruling.report["order"] == state.report()["order"]


# ---------------------------------------------------------------- against the server's checks


def _server_answers(state: DaifugoState) -> dict[tuple[str, ...], bool]:
    """For every combination of the mover's hand: does the UECda server accept it here?
    (paiju.uecda.judge: the checks of the 2018 kit's server, on the tables it sends.)"""
    from paiju.uecda.judge import judge
    from paiju.uecda.tables import Status, Table, cards_table, play_table

    p = state.pos
    seat = p.turn
    rev = p.revolution
    status = Status(my_turn=True, field_empty=p.table is None, revolution=rev,
                    locked=bool(p.lock))
    hand = cards_table(tokens(p.hands[seat]), status)
    field = play_table(p.table.tokens(), rev) if p.table is not None else Table.empty()
    book = rulebook(GAME.rules("uecda"))  # every combination the UECda rules know
    out = {}
    for m in book.candidates(p.hands[seat] & ~JOKERS, (p.hands[seat] & JOKERS).bit_count()):
        out[m.tokens()] = judge(hand, play_table(m.tokens(), rev), field)[0] == 9
    return out


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), rank=st.integers(0, 12))
def test_uecda_accepts_the_plays_the_server_accepts(seed: int, rank: int) -> None:
    """At every step of random uecda hands (one seat dealt four of a kind and the joker),
    every combination of the mover's hand is legal in paiju exactly when the server's
    checks accept it: locks with a named joker, the ♠3 on the joker under a lock and
    five-card groups included."""
    rng = random.Random(seed)
    rest = list(bits(pack(1) & ~(0xF << (4 * rank)) & ~JOKERS))
    rng.shuffle(rest)
    hands = [0xF << (4 * rank) | 1 << 52, 0, 0, 0, 0]
    for seat in range(5):
        while hands[seat].bit_count() < (11 if seat < 3 else 10):
            hands[seat] |= 1 << rest.pop()
    state = DaifugoState(GAME.rules("uecda"), hands, diamond_three_holder(hands))
    checked = 0
    while not state.is_terminal():
        seat = state.pos.turn
        legal = {a.cards for a in state.legal_actions() if a.do == "play"}
        for cards, accepted in _server_answers(state).items():
            assert (cards in legal) is accepted, (cards, state.table_now())
            checked += 1
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
        assert seat is not None
    assert checked


@pytest.mark.parametrize("rules", [opts(five_card_groups=True), "uecda"])
def test_a_five_card_sequence_is_no_five_card_group(rules: object) -> None:
    """On a sequence of five, the next seat is offered the sequences that beat it (under
    uecda the five revolt at once, so a run wholly below it beats it)."""
    hands = deal(5, {0: "9S 10S JS QS KS 3D", 1: "10H JH QH KH AH 3H 4H 5H 6H 7H"})
    st = state_of(record(hands, [(0, "play", "9S 10S JS QS KS")], rules))
    runs = {a.cards for a in st.legal_actions() if len(a.cards) == 5}
    low, high = ("3H", "4H", "5H", "6H", "7H"), ("10H", "JH", "QH", "KH", "AH")
    if rules == "uecda":
        assert low in runs and high not in runs
    else:
        assert low not in runs and high in runs
