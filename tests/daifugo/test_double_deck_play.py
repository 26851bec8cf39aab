"""Two packs shuffled together, played by the engine (docs/daifugo.md, "The double deck"):
each reading as a worked example, and random sessions in which every card is accounted
for as a multiset, every hand ends, and replaying the actions from their record form on
the same deal gives the same hand, and the referee, reading the hand's record, agrees.
Two packs are the option ``decks=2`` (:func:`paiju.daifugo.rules.with_two_packs`)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.core.errors import IllegalAction, MalformedRecord, UnknownOption
from paiju.core.records import dumps_record
from paiju.core.referee import referee
from paiju.daifugo.engine.cards import (
    ALL_JOKERS,
    DIAMOND_THREE,
    SUITED,
    SUITED2,
    TOKENS,
    bits,
    canon,
    fold,
    holds,
    jokers_in,
    minus,
    pack,
    parse_card,
    put,
    take,
    tokens,
)
from paiju.daifugo.engine.copies import hand_tokens
from paiju.daifugo.engine.rulebook import deal_lots, diamond_three_holder, rulebook
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.game import GAME
from paiju.daifugo.rules import Rules, with_two_packs

PAGAT2 = with_two_packs(GAME.rules("pagat"), 2)


def cards_of(text: str) -> int:
    """Cards in canon form from tokens (a token twice: both copies; JK: the next joker)."""
    out = 0
    jokers = 0
    for t in text.split():
        c = parse_card(t)
        if c >= 52:
            out |= 1 << (52 + jokers)
            jokers += 1
        else:
            out = put(out, canon(1 << c))
    return out


def deal(*hands: str, rules: Rules = PAGAT2, first: int = 0) -> DaifugoState:
    return DaifugoState(rules, [cards_of(h) for h in hands], first)


def play(state: DaifugoState, seat: int, cards: str) -> None:
    state.apply(GAME.action_from_json({"seat": seat, "do": "play", "cards": cards.split()}))


def plays(state: DaifugoState) -> set[tuple[str, ...]]:
    return {a.cards for a in state.legal_actions() if a.do == "play"}


# ------------------------------------------------------------------ worked examples


def test_two_identical_cards_are_a_pair_that_beats_a_lower_pair() -> None:
    s = deal("6S 6H 9C", "7S 7S 4D", "KD", "KC")
    play(s, 0, "6S 6H")
    assert plays(s) == {("7S", "7S'")}
    play(s, 1, "7S 7S'")
    assert s.pos.table is not None and s.pos.table.size == 2
    assert hand_tokens(s.hands[1]) == ["4D"]


def test_a_play_that_differs_only_in_the_copy_is_listed_once() -> None:
    s = deal("7S 7S 7H", "4D", "KD", "KC")
    assert plays(s) == {("7S",), ("7H",), ("7S", "7S'"), ("7S", "7H"), ("7S", "7H", "7S'")}


def test_either_copy_of_a_card_held_once_may_be_named() -> None:
    s = deal("7S 9C", "4D", "KD", "KC")
    play(s, 0, "7S'")
    assert hand_tokens(s.hands[0]) == ["9C"]


def test_two_copies_are_refused_to_a_hand_that_holds_one() -> None:
    s = deal("7S 7H 9C", "4D", "KD", "KC")
    with pytest.raises(IllegalAction, match="you hold one 7S, not two"):
        play(s, 0, "7S 7S'")
    assert hand_tokens(s.hands[0]) == ["7S", "7H", "9C"]  # nothing changed


def test_groups_grow_to_eight_and_the_jokers() -> None:
    s = deal("9S 9S 9H 9H 9D 9D 9C 9C JK JK", "4D", "KD", "KC")
    play(s, 0, "9S 9S' 9H 9H' 9D 9D' 9C 9C' JK JK")
    assert s.pos.table is not None and s.pos.table.size == 10 and not s.hands[0]


def test_a_group_of_six_is_followed_by_six_and_refusals_say_so_in_every_language() -> None:
    from paiju.daifugo.present import DaifugoPresenter

    s = deal("7S 7S 7H 7H 7D 7D 3C", "9S 9H 4D", "KD", "KC")
    play(s, 0, "7S 7S' 7H 7H' 7D 7D'")
    why = s.why_illegal(GAME.action_from_json({"seat": 1, "do": "play",
                                               "cards": ["9S", "9H"]}))
    assert why == "the table holds a 6-card group: you must play a 6-card group or pass"
    said = {lang: DaifugoPresenter().refusal(why, lang) for lang in ("ja", "zh_Hant")}
    assert said == {"ja": "場は6枚の組です：6枚の組を出すかパスしてください",
                    "zh_Hant": "枱面是6張的組合：你要出6張的組合或者過"}


def test_a_lock_on_two_spades_is_followed_by_two_spades_or_a_spade_and_a_joker() -> None:
    rules = with_two_packs(GAME.rules("pagat", {"shibari": "full"}), 2)
    s = deal("5S 5S 3D", "6S 6S 3C", "9S 9S 9H JK 4C", "KC 4H", rules=rules)
    play(s, 0, "5S 5S'")
    play(s, 1, "6S 6S'")
    assert s.pos.lock == 0b0001_0001  # ♠, twice
    assert plays(s) == {("9S", "9S'"), ("9S", "JK")}
    with pytest.raises(IllegalAction, match="locked"):
        play(s, 2, "9S 9H")


def test_five_of_a_kind_is_four_of_a_kind_and_more_for_the_revolution() -> None:
    rules = with_two_packs(GAME.rules("pagat", {"revolution": "four",
                                                "revolution_timing": "immediate"}), 0)
    s = deal("9S 9S 9H 9D 9C 3D", "4D", "KD", "KC", rules=rules)
    play(s, 0, "9S 9S' 9H 9D 9C")
    assert s.pos.revolution


def test_the_poor_give_both_copies_of_their_best_card_before_the_next() -> None:
    book = rulebook(PAGAT2)
    assert book.poor_gift(cards_of("2S 2S AC 3D"), 2) == cards_of("2S 2S")
    assert book.poor_gift(cards_of("2S 2S JK 3D"), 2) == cards_of("JK 2S")
    assert book.poor_gift(cards_of("2C 2S 2S"), 1) == cards_of("2C")


def test_the_three_of_diamonds_leads_and_two_holders_are_drawn_between() -> None:
    hands = [cards_of("3D 4S"), cards_of("3D 5S"), cards_of("6S"), cards_of("7S")]
    lots = deal_lots(hands)
    assert diamond_three_holder(hands) == next(s for s in lots if s in (0, 1))
    both = [cards_of("3D 3D"), cards_of("5S"), cards_of("6S"), cards_of("7S")]
    assert diamond_three_holder(both) == 0


def test_a_view_deals_the_leader_a_three_of_diamonds_until_one_is_played() -> None:
    """Seats 1 and 3 hold one ♦3 each and the lots chose 3 to lead: seat 0, holding none,
    knows seat 3 holds one, and every sample says so; once a ♦3 is played it no longer
    knows."""
    rules = GAME.rules({"preset": "pagat",
                        "options": {"decks": 2, "jokers": 2, "first_lead": "diamond_three"}})
    state = GAME.new_hand(rules, 4, random.Random(1))
    assert [s for s in range(4) if state.hands[s] >> DIAMOND_THREE & 1] == [1, 3]
    assert state.first == 3
    view = state.view(0)
    rng = random.Random(7)
    samples = [view.sample(rng) for _ in range(200)]
    assert all(x.hands[3] >> DIAMOND_THREE & 1 for x in samples)
    assert not all(x.hands[1] >> DIAMOND_THREE & 1 for x in samples)
    lead = next(a for a in state.legal_actions() if "3D" in a.cards)
    state.apply(lead)
    later = state.view(0)
    assert not all(later.sample(rng).hands[3] >> DIAMOND_THREE & 1 for _ in range(200))


def test_a_rich_seat_knows_the_poor_kept_nothing_better_than_their_gift() -> None:
    """The Dai Hinmin gives a joker and a ♠2, keeping the other ♠2: the Dai Fugō knows they
    hold no joker and no 2 above the ♠2 (004: the poor give their best cards), and no
    sample deals them one; the other ♠2 may be theirs."""
    rules = with_two_packs(GAME.rules("pagat"), 2)
    hands = [cards_of("3S 5S"), 0, 0, 0, cards_of("JK 2S 2S 9C")]
    rest = take(pack(2, 2), put(hands[0], hands[4]))
    for i, c in enumerate(bits(rest)):
        hands[1 + i % 3] = put(hands[1 + i % 3], canon(1 << c))
    state = DaifugoState(rules, hands, 4, TITLES5)
    assert tokens(minus(state.hands[0], hands[0]) & SUITED2) == ["2S"]
    facts = state.view(0).facts()
    assert facts.poor == 4
    assert tokens(facts.too_good & SUITED) == ["2H", "2D", "2C"]
    assert jokers_in(facts.too_good) == 4
    rng = random.Random(4)
    samples = [state.view(0).sample(rng).hands[4] for _ in range(100)]
    assert not any(fold(h) & facts.too_good for h in samples)
    assert any(h >> parse_card("2S") & 1 for h in samples)


def test_a_rich_seat_knows_the_poor_hold_its_gift_until_they_play_it() -> None:
    """After the exchange a rich seat's view lists its gift in its poor's hand, and every
    sample puts it there; a card of it played leaves the rest known."""
    session = GAME.new_session(PAGAT2, 4, 3)
    rng = random.Random(3)
    first = session.deal()
    while not first.is_terminal():
        actions = first.legal_actions()
        first.apply(actions[rng.randrange(len(actions))])
    session.finish(first)
    state = session.deal()
    while state.phase == "exchange":
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    at, gift = next((i, a) for i, a in enumerate(state.actions) if a.do == "give")
    rich, poor = gift.seat, next(dst for i, _, dst, _ in state.pos.hidden if i == at)
    known = cards_of(" ".join(gift.cards))
    view = state.view(rich)
    [(seat, pinned)] = view.facts().known_pins()
    assert seat == poor and has(pinned, known) and has(known, pinned)
    assert view.to_json()["known"] == [{"seat": poor, "cards": tokens(pinned)}]
    for _ in range(100):
        assert has(view.sample(rng).hands[poor], known)
    while state.to_move() != poor or not any(
            a.do == "play" and set(a.cards) & set(gift.cards) for a in state.legal_actions()):
        if state.is_terminal():
            pytest.skip("the poor never could play a gift card")  # not with seed 3
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    played = next(a for a in state.legal_actions()
                  if a.do == "play" and set(a.cards) & set(gift.cards))
    state.apply(played)
    left = minus(known, cards_of(" ".join(played.cards)))
    pins = state.view(rich).facts().known_pins()
    assert [(s, jokers_in(c), c & SUITED2) for s, c in pins] == (
        [(poor, jokers_in(left), left & SUITED2)] if left else [])


ASKING2 = with_two_packs(GAME.rules("pagat", {"card_request": True}), 2)
TITLES5 = ["daifugo", "fugo", "heimin", "hinmin", "daihinmin"]


def asking(rich: str, poor: str) -> DaifugoState:
    """Five players, two packs: the Dai Fugō (seat 0) holding ``rich`` is to ask the Dai
    Hinmin (seat 4) holding ``poor`` for two cards."""
    hands = [cards_of(rich), 0, 0, 0, cards_of(poor)]
    rest = take(pack(2, 2), put(hands[0], hands[4]))
    for i, c in enumerate(bits(rest)):  # the rest of the packs to seats 1 to 3
        hands[1 + i % 3] = put(hands[1 + i % 3], canon(1 << c))
    return DaifugoState(ASKING2, hands, 4, TITLES5)


def given_to_rich(state: DaifugoState, rich: str) -> list[str]:
    return tokens(minus(state.hands[0], cards_of(rich)))


def test_a_rich_seat_asks_for_both_copies_and_gets_both_rather_than_the_best() -> None:
    # 004: "the losers must give these cards rather than their highest ranking cards"
    state = asking("3S 5S", "9C 9C 2H 2H JK")
    state.apply(GAME.action_from_json({"seat": 0, "do": "ask", "cards": ["9C", "9C'"]}))
    assert given_to_rich(state, "3S 5S") == ["9C", "9C'"]


def test_a_copy_the_rich_hold_may_not_be_asked_for_but_the_other_may() -> None:
    state = asking("3S 7S", "7S 2H 2H JK")
    both = GAME.action_from_json({"seat": 0, "do": "ask", "cards": ["7S", "7S'"]})
    assert state.why_illegal(both) == "you hold 7S yourself: ask for cards you do not hold"
    state.apply(GAME.action_from_json({"seat": 0, "do": "ask", "cards": ["7S"]}))
    assert given_to_rich(state, "3S 7S") == ["7S", "JK"]  # the named 7S, then the best
    assert tokens(state.hands[0] & SUITED2) == ["3S", "7S", "7S'"]


def test_a_card_asked_for_twice_but_held_once_is_given_once_and_known_gone() -> None:
    state = asking("3S 5S", "9C 2H 2H JK")
    state.apply(GAME.action_from_json({"seat": 0, "do": "ask", "cards": ["9C", "9C"]}))
    assert given_to_rich(state, "3S 5S") == ["9C", "JK"]
    nine = parse_card("9C")
    assert state.view(0).facts().too_good >> nine & 1  # the Dai Hinmin holds no 9C
    asks = [a.cards for a in asking("3S 5S", "9C").legal_actions()]
    assert ("9C", "9C'") in asks and ("3S", "3S'") not in asks
    assert ("3S",) in asks  # the other copy of a card the rich hold
    assert len(asks) == len(set(asks))


def test_the_tables_show_each_card_that_may_be_named_as_often_as_it_may_be() -> None:
    from paiju.daifugo.present import named_cards

    state = asking("3S 5S 9C", "9C 2H 2H JK")
    shown = named_cards(a.cards for a in state.legal_actions())
    assert shown.count("3S") == 1 and "3S'" not in shown  # the copy he does not hold
    assert shown.count("4S") == 1 and shown.count("4S'") == 1  # both copies
    assert shown.count("JK") == 2  # both jokers
    assert len(shown) == 104 - 3 + 2


def test_random_two_pack_sessions_with_the_request() -> None:
    for seed, players in ((1, 4), (2, 6), (3, 8)):
        play_session(ASKING2, players, seed, hands=6)


def test_the_fast_path_and_the_players_ask_with_two_packs() -> None:
    from test_fast_daifugo import check_hands

    from paiju.bots.base import make_bot
    from paiju.rl.actions import Picker, path, space_of

    assert check_hands(ASKING2, 6, random.Random(5), hands=3) > 30
    state = asking("3S 5S 9C", "9C 2H 2H JK")
    for spec in ("heuristic", "ismcts:iters=30"):
        got = make_bot(spec, "daifugo").choose(state.view(0), random.Random(3))
        assert got.do == "ask" and state.why_illegal(got) is None, spec
    space = space_of("daifugo")
    legal = state.legal_actions()
    for action in random.Random(2).sample(legal, 60) + [
            a for a in legal if a.cards in (("9C",), ("3S",), ("JK", "JK"), ("2H", "2H'"))]:
        picker = Picker(space, legal)
        got = None
        for i in path(Picker(space, legal), action):
            got = picker.step(i)
        assert got == action


def test_one_pack_refuses_a_second_packs_card() -> None:
    s = DaifugoState(GAME.rules("pagat"), [1 << 16, 1 << 20, 1 << 24, 1 << 28], 0)
    with pytest.raises(IllegalAction, match="second pack's card, but these rules play one"):
        play(s, 0, "7S'")


def test_two_packs_refuse_the_rules_that_read_one_pack() -> None:
    with pytest.raises(UnknownOption, match="group_joker_suit reads one pack's groups"):
        with_two_packs(GAME.rules("uecda"))
    with pytest.raises(UnknownOption, match="'jokers' takes one of 0, 1, 2, 3, 4, not 5"):
        with_two_packs(GAME.rules("pagat"), 5)
    with pytest.raises(UnknownOption, match="jokers=3 needs two packs"):
        GAME.rules("pagat", {"jokers": 3})
    with pytest.raises(MalformedRecord,
                       match=r"two packs \(decks=2\) are for 4 to 8 players, not 3"):
        GAME.new_hand(PAGAT2, 3, random.Random(0))


def same_cards(a: list[int], b: list[int]) -> bool:
    """The same cards in every hand (jokers are told apart only inside the engine)."""
    return [(h & ~ALL_JOKERS, jokers_in(h)) for h in a] == [
        (h & ~ALL_JOKERS, jokers_in(h)) for h in b]


def test_a_two_pack_record_is_read_back_and_bad_deals_are_refused() -> None:
    s = GAME.new_hand(PAGAT2, 4, random.Random(1))
    record = json.loads(json.dumps(s.record()))
    assert record["rules"]["options"]["decks"] == 2
    assert sum(len(h) for h in record["deal"]["hands"]) == 106
    assert same_cards(GAME.from_record(record).dealt, s.dealt)
    # either copy of a card held once may be written
    hands = record["deal"]["hands"]
    once = next(t for t in hands[0] if t + "'" not in hands[0] and t != "JK")
    hands[0] = [t + "'" if t == once else t for t in hands[0]]
    assert same_cards(GAME.from_record(record).dealt, s.dealt)
    hands[1] = [*hands[1], hands[2][0]]
    hands[2] = hands[2][1:]
    hands[0] = [*hands[0], once]
    with pytest.raises(MalformedRecord, match="dealt three times"):
        GAME.from_record(record)


# ------------------------------------------------------------------ random sessions

HANDS = 20


def check_cards(state: DaifugoState) -> None:
    """Every card of both packs is in exactly one place, counted as a multiset."""
    total = 0
    for part in (*state.hands, state.played, state.discards, state.dropped):
        assert canon(part) == part, "a set of cards left canon form"
        total = put(total, part)
    assert total == pack(state.rules.jokers, 2), "a card went missing or doubled"


def has(hand: int, cards: int) -> bool:
    """``hand`` holds ``cards`` as a multiset, jokers by their number."""
    return holds(hand & SUITED2, cards & SUITED2) and jokers_in(hand) >= jokers_in(cards)


def check_views(state: DaifugoState) -> None:
    """Each seat's view shows its own hand and counts, and no card it cannot have seen."""
    for seat in range(state.n):
        data = state.view(seat).to_json()
        assert data["hand"] == tokens(state.hands[seat])
        assert data["counts"] == [h.bit_count() for h in state.hands]
        seen = {TOKENS[c] for c in bits(put(state.hands[seat], state.played))}
        for a in data["actions"]:
            if a["seat"] == seat or a["do"] in ("play", "ask"):  # an ask is public
                seen |= set(a.get("cards", ()))
        view = state.view(seat)
        for other, cards in view.facts().known_pins():
            assert has(state.hands[other], cards), f"seat {seat} knows a card wrongly"
        sample = view.sample(random.Random(seat))
        check_cards(sample)
        assert [h.bit_count() for h in sample.hands] == data["counts"]
        assert sample.hands[seat] == state.hands[seat]
        for other, cards in view.facts().known_pins():
            assert has(sample.hands[other], cards)
        poor, too_good = view.facts().poor, view.facts().too_good
        if poor is not None:  # the exchange's inference holds of the real hand and the sample
            for hand in (state.hands[poor], sample.hands[poor]):
                assert not fold(hand) & too_good, f"seat {seat} rules out a held card"
        shown = json.dumps({k: v for k, v in data.items() if k != "known"})
        unseen = {TOKENS[c] for c in bits(SUITED << 64 | SUITED | ALL_JOKERS)} - seen
        for token in unseen:
            assert f'"{token}"' not in shown, f"seat {seat}'s view shows {token}"


def replayed(state: DaifugoState) -> DaifugoState:
    """The same deal with the hand's actions read back from their record form."""
    again = DaifugoState(state.rules, state.dealt, state.first, state.titles_in, state.lots)
    for a in state.record()["actions"]:
        again.apply(GAME.action_from_json(json.loads(json.dumps(a))))
    return again


def check_referee(state: DaifugoState) -> None:
    """The referee, reading the hand's record, finds it legal and agrees on the result."""
    ruling = referee(json.loads(dumps_record(state.record())))
    assert ruling.report["legal"] and ruling.report["finished"], ruling.report
    report = state.report()
    assert {k: ruling.report[k] for k in report} == report


def play_session(rules: Rules, players: int, seed: int, hands: int = HANDS) -> None:
    rng = random.Random(seed)
    session = GAME.new_session(rules, players, seed)
    for number in range(hands):
        state = session.deal()
        check_cards(state)
        steps = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions and len(set(actions)) == len(actions)
            state.apply(actions[rng.randrange(len(actions))])
            check_cards(state)
            if number % 5 == 0 and steps % 7 == 0:
                check_views(state)
            steps += 1
            assert steps < 5000, "the hand never ends"
        report = state.report()
        assert sorted(report["order"]) == list(range(players))
        again = replayed(state)
        assert again.is_terminal() and again.report() == report
        assert again.hands == state.hands
        check_referee(state)
        session.finish(state)


def preset_rules(preset: str, rng: random.Random) -> Rules:
    """A preset (``pagat+card_request``: with that option) with two packs and 0 to 4
    jokers (1 to 4 where its rules need a joker)."""
    name, _, option = preset.partition("+")
    while True:
        try:
            return with_two_packs(GAME.rules(name, {option: True} if option else {}),
                                  rng.randrange(5))
        except UnknownOption:
            continue


def two_pack_rules(rng: random.Random) -> Rules:
    """A random option set that two packs may be played by, and 0 to 4 jokers."""
    from daifugo_helpers import random_rules

    while True:
        try:
            return with_two_packs(random_rules(rng), rng.randrange(5))
        except UnknownOption:
            continue


@pytest.mark.parametrize("preset", ["pagat", "popular", "pagat+card_request", None])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(4, 8))
def test_random_two_pack_sessions(preset: str | None, seed: int, players: int) -> None:
    """A short slice of the slow runs below, in every default run."""
    rng = random.Random(seed)
    rules = preset_rules(preset, rng) if preset else two_pack_rules(rng)
    play_session(rules, players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["pagat", "popular", "pagat+card_request", None])
@settings(max_examples=500, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(4, 8))
def test_random_two_pack_sessions_at_length(preset: str | None, seed: int,
                                            players: int) -> None:
    """10,000 hands per preset (500 sessions of 20), and as many of random option sets."""
    rng = random.Random(seed)
    rules = preset_rules(preset, rng) if preset else two_pack_rules(rng)
    play_session(rules, players, seed)
