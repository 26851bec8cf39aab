"""Options of 004 that the worked examples do not reach, each by a hand-written case.

Every test quotes the passage of seed 004 (or the reading docs/daifugo.md gives) and
checks the behaviour that tells the option apart from its neighbours (the other
setting, the other seat order, the other direction of the exchange).
"""

from __future__ import annotations

import random

import pytest
from daifugo_helpers import act, deal, play_random, record, ruling, state_of

from paiju.core.errors import MalformedRecord
from paiju.daifugo.engine.actions import PLAY_MELD
from paiju.daifugo.engine.cards import DIAMOND_THREE, JOKERS, parse_card
from paiju.daifugo.engine.combos import SEQUENCE
from paiju.daifugo.engine.rulebook import diamond_three_holder
from paiju.daifugo.engine.state import EXCHANGE, TITLE_RANK
from paiju.daifugo.game import GAME


def opts(**values: object) -> dict:
    return {"preset": "pagat", "options": values}


def has(hand: int, text: str) -> bool:
    return all(hand >> parse_card(t) & 1 for t in text.split())


# ---------------------------------------------------------------- switching seats


def next_hand_seats(mode: str, players: int, seed: int) -> tuple[list[str], int, object]:
    """Play a session's first hand at random, deal the second: titles by seat, leader."""
    session = GAME.new_session(GAME.rules("pagat", {"seat_change": mode}), players, seed)
    first = session.deal()
    play_random(first, random.Random(seed))
    session.finish(first)
    by_player = session.titles
    assert by_player is not None
    second = session.deal()
    seats = list(session.seat_players())
    return [by_player[p] for p in seats], second.first, second


@pytest.mark.parametrize("players", [4, 5, 7])
def test_seat_change_standard(players: int) -> None:
    """004 "Switching seats": "The Dai Fugō sits to the right of the Dai Hinmin, then the
    Fugō and so on in order of their result, with the Hinmin to the Dai Hinmin's left."
    Play runs to the left (clockwise), so from the Dai Hinmin, who leads as the loser
    ("the loser of the previous hand ... begins the play"), it runs Hinmin, ..., Fugō,
    Dai Fugō.
    """
    for seed in range(5):
        titles, first, _ = next_hand_seats("standard", players, seed)
        assert first == 0
        places = [TITLE_RANK[t] for t in titles]
        assert places == sorted(places, reverse=True)  # worst first, best last
        assert titles[0] == ("daihinmin" if players >= 5 else "hinmin")
        assert titles[-1] == ("daifugo" if players >= 5 else "fugo")


@pytest.mark.parametrize("players", [4, 6])
def test_seat_change_reverse(players: int) -> None:
    """004: "According to some players, probably a minority, the positions are the
    reverse of this, with the Dai Fugō to the left of the Dai Hinmin, followed by the
    Fugō and the other players in order: in this version Dai Fugō begins the play."
    """
    for seed in range(5):
        titles, first, _ = next_hand_seats("reverse", players, seed)
        assert first == 0
        places = [TITLE_RANK[t] for t in titles]
        assert places == sorted(places)  # best first
        assert titles[0] == ("daifugo" if players >= 5 else "fugo")


def test_seat_change_records_follow_the_result() -> None:
    """A record under seat_change must seat the players in order of the titles."""
    rules = opts(seat_change="standard", exchange="off")
    hands = deal(5, {})
    good = ["daihinmin", "hinmin", "heimin", "fugo", "daifugo"]
    assert ruling(record(hands, [], rules, first=0, titles=good))["legal"]
    with pytest.raises(MalformedRecord, match="seat_change=standard"):
        state_of(record(hands, [], rules, first=0,
                        titles=["daihinmin", "heimin", "hinmin", "fugo", "daifugo"]))
    rev = opts(seat_change="reverse", exchange="off")
    with pytest.raises(MalformedRecord, match="previous winner"):
        state_of(record(hands, [], rev, first=0, titles=good))
    assert ruling(record(hands, [], rev, first=0, titles=good[::-1]))["legal"]


# ---------------------------------------------------------------- the first lead


def test_first_lead_diamond_three_every_follows_the_three_through_the_exchange() -> None:
    """The other reading of UECda's ♦3 lead, and a common house rule (docs/daifugo.md):
    the ♦3 holder leads every hand, after the exchange, instead of 004's loser ("the
    loser of the previous hand ... begins the play"). The record's ``first`` is the seat
    dealt the ♦3; the engine hands the lead to whoever holds it when the exchange ends.
    """
    rules = GAME.rules("pagat", {"first_lead": "diamond_three_every"})
    moved = not_loser = later = 0
    for seed in range(8):
        session = GAME.new_session(rules, 5, seed)
        for hand in range(3):
            state = session.deal()
            assert state.first == diamond_three_holder(state.dealt)
            rng = random.Random(seed * 10 + hand)
            while state.phase == EXCHANGE:  # the rich give back their lowest cards
                gives = state.legal_actions()
                state.apply(min(gives, key=lambda a: sorted(parse_card(t) for t in a.cards)))
            leader = state.to_move()
            assert leader is not None and state.hands[leader] >> DIAMOND_THREE & 1
            if state.titles_eff is not None:
                later += 1
                loser = max(range(5), key=lambda s: TITLE_RANK[state.titles_eff[s]])
                not_loser += leader != loser
                if leader != state.first:
                    moved += 1
                    assert "turn" in (state.why_illegal(act(state.first, "pass")) or "")
            play_random(state, rng)
            assert ruling(state.record())["legal"]
            session.finish(state)
    assert later == 16 and moved > 0 and not_loser > 0


def test_first_lead_records_name_the_seat_dealt_the_three() -> None:
    hands = deal(5, {2: "3D"})
    every = opts(first_lead="diamond_three_every", exchange="off")
    assert ruling(record(hands, [], every, first=2, titles=TITLES5))["legal"]
    with pytest.raises(MalformedRecord, match="seat 2, who holds 3D, leads, not seat 0"):
        state_of(record(hands, [], every, first=0, titles=TITLES5))
    # the first hand of a session alike; under diamond_three later hands keep the loser
    with pytest.raises(MalformedRecord, match="first_lead=diamond_three_every: seat 2"):
        state_of(record(hands, [], every, first=0))
    once = opts(first_lead="diamond_three", exchange="off")
    assert ruling(record(hands, [], once, first=0, titles=TITLES5))["legal"]
    with pytest.raises(MalformedRecord, match="the loser of the previous hand"):
        state_of(record(hands, [], once, first=2, titles=TITLES5))


# ---------------------------------------------------------------- the exchange

TITLES5 = ["daihinmin", "hinmin", "heimin", "fugo", "daifugo"]


def test_joker_reversal() -> None:
    """004 "Jokers": "In the game with jokers, if the Dai Hinmin or the Hinmin was dealt
    both jokers there was a different kind of revolution, in which the roles of the
    players were reversed: the Dai Fugō became Dai Hinmin, Fugō became Hinmin and so on."
    The exchange then runs the other way, and the former Dai Fugō, now the loser, leads.
    """
    rules = opts(jokers=2, joker_reversal=True)
    hands = deal(5, {0: "JK JK 3S", 4: "2S 2H 4S"}, jokers=2)
    st = state_of(record(hands, [], rules, first=4, titles=TITLES5))
    assert st.titles_eff == ["daifugo", "fugo", "heimin", "hinmin", "daihinmin"]
    # seat 4, Dai Fugō before, now Dai Hinmin, gives its best two to seat 0
    best_two = sorted(c for c in range(52) if st.dealt[4] >> c & 1)[-2:]
    assert all(st.hands[0] >> c & 1 for c in best_two)
    assert st.hands[0] & JOKERS == JOKERS  # seat 0 keeps its jokers
    assert st.to_move() == 0  # the new Dai Fugō gives two back
    with pytest.raises(MalformedRecord, match="'first' must be seat 4"):
        state_of(record(hands, [], rules, first=0, titles=TITLES5))
    # the Hinmin dealt both jokers reverses too; one joker does not
    hands = deal(5, {1: "JK JK"}, jokers=2)
    assert state_of(record(hands, [], rules, first=4, titles=TITLES5)).titles_eff[1] == "fugo"
    hands = deal(5, {0: "JK", 1: "JK"}, jokers=2)
    st = state_of(record(hands, [], rules, first=0, titles=TITLES5))
    assert st.titles_eff == TITLES5
    # without the option, both jokers in the poor's hand go to the Dai Fugō
    hands = deal(5, {0: "JK JK 3S"}, jokers=2)
    st = state_of(record(hands, [], opts(jokers=2), first=0, titles=TITLES5))
    assert st.hands[4] & JOKERS == JOKERS


def test_exchange_keep_joker() -> None:
    """004 "Card exchange variants": "Some play that if you are the Dai Hinmin and have the
    joker in your hand, you don't have to give it to the Dai Fugō"."""
    hands = deal(5, {0: "JK 2S AS KS", 4: "3H 3D"})
    st = state_of(record(hands, [], opts(exchange_keep_joker=True), first=0, titles=TITLES5))
    assert st.hands[0] >> 52 & 1 and has(st.hands[4], "2S AS")
    assert not has(st.hands[0], "2S") and not has(st.hands[0], "AS")
    st = state_of(record(hands, [], "pagat", first=0, titles=TITLES5))
    assert st.hands[4] >> 52 & 1 and has(st.hands[4], "2S")  # the joker is the best card
    assert has(st.hands[0], "AS")


def test_exchange_always_two_with_four_players() -> None:
    """004: "Some play that the loser must always exchange two cards with the winner, even
    if there are only 3 or 4 players, and with 4 players the second player exchanges one
    card with the third player."
    """
    titles = ["daihinmin", "hinmin", "fugo", "daifugo"]
    hands = deal(4, {0: "2S 2H 3C", 1: "AS 3D"})
    rules = opts(exchange="always_two")
    st = state_of(record(hands, [], rules, first=0, titles=titles))
    assert has(st.hands[3], "2S 2H") and has(st.hands[2], "AS")
    # Dai Fugō gives two back to Dai Hinmin, then Fugō one to Hinmin
    assert st.exchange == [(3, 0, 2), (2, 1, 1)] and st.to_move() == 3
    # the standard exchange with four players: only Fugō and Hinmin, one card
    with pytest.raises(MalformedRecord, match="titles are"):
        state_of(record(hands, [], "pagat", first=0, titles=titles))
    st = state_of(record(hands, [], "pagat", first=0,
                         titles=["hinmin", "heimin", "heimin", "fugo"]))
    assert has(st.hands[3], "2H") and not has(st.hands[3], "2S")


def test_exchange_off() -> None:
    """exchange=off: no cards change hands; the loser still leads (004 "Exchange of
    cards": "the loser of the previous hand ... begins the play")."""
    hands = deal(5, {0: "2S 2H"})
    st = state_of(record(hands, [], opts(exchange="off"), first=0, titles=TITLES5))
    assert has(st.hands[0], "2S 2H") and st.phase == "play" and st.to_move() == 0


# ---------------------------------------------------------------- revolutions


def trick(hands: list[str], lead: tuple, rules: dict, players: int = 4) -> object:
    """The state after ``lead`` by seat 0 and everyone else passing (the table clears)."""
    actions = [lead] + [(s, "pass") for s in range(1, players)]
    return state_of(record(hands, actions, rules))


def test_three_threes_revolution() -> None:
    """004 "Revolution": "Other variants are sometimes encountered, such as that a
    revolution is caused by a set of three 3's" (three_threes_revolution)."""
    rules = opts(three_threes_revolution=True)
    hands = deal(4, {0: "3S 3H 3D 4S 4H 4D 5C", 1: "JK"})
    st = trick(hands, (0, "play", "3S 3H 3D"), rules)
    assert st.revolution
    st = trick(hands, (0, "play", "4S 4H 4D"), rules)
    assert not st.revolution  # only 3s
    st = trick(hands, (0, "play", "3S 3H 3D"), "pagat")
    assert not st.revolution  # not without the option
    hands = deal(4, {0: "3S 3H JK 5C"})
    assert trick(hands, (0, "play", "3S 3H JK"), rules).revolution  # a joker may be one


def test_revolution_four_natural() -> None:
    """004: "Some only allow a revolution with a genuine four of a kind, but not with three
    equal cards plus a joker." (revolution=four_natural)"""
    hands = deal(4, {0: "5S 5H 5D JK 6S 6H 6D 6C 7C"})
    natural = opts(revolution="four_natural")
    assert not trick(hands, (0, "play", "5S 5H 5D JK"), natural).revolution
    assert trick(hands, (0, "play", "6S 6H 6D 6C"), natural).revolution
    assert trick(hands, (0, "play", "5S 5H 5D JK"), opts(revolution="four")).revolution


def test_sequence_revolution() -> None:
    """004: "Some people play that a revolution is also caused if anyone plays a five-card
    or longer sequence. Other variants are sometimes encountered, such as ... a 4-card
    sequence." (sequence_revolution=N)"""
    hands = deal(4, {0: "3S 4S 5S 6S 7S 9H"})
    five = opts(sequence_revolution=5)
    assert trick(hands, (0, "play", "3S 4S 5S 6S 7S"), five).revolution
    assert not trick(hands, (0, "play", "3S 4S 5S 6S"), five).revolution
    assert trick(hands, (0, "play", "3S 4S 5S 6S"), opts(sequence_revolution=4)).revolution
    assert not trick(hands, (0, "play", "3S 4S 5S 6S 7S"), "pagat").revolution


# ---------------------------------------------------------------- finishing


def test_forbidden_finish_spade_three() -> None:
    """forbidden_finish=spade_three (docs/daifugo.md: "going out with the ♠3 played on a
    lone joker", a common Japanese rule beside 004's "Three of spades rule"): the play
    stands, and the player is placed last (004 "Cannot go out with highest card": "the
    penalty ... is that you automatically become the Dai Hinmin")."""
    hands = deal(8, {0: "JK", 1: "3S 6S 6H 6D 6C 7S 7H", 2: "8S 8H 9S"})
    plays = [(1, "play", "6S 6H 6D 6C")] + [(s % 8, "pass") for s in range(2, 9)]
    plays += [(1, "play", "7S 7H"), (2, "play", "8S 8H")]
    plays += [(s % 8, "pass") for s in range(3, 10)]
    plays += [(2, "play", "9S")] + [(s, "pass") for s in range(3, 8)]
    plays += [(0, "play", "JK"), (1, "play", "3S")]
    banned = opts(spade_three=True, forbidden_finish=["spade_three"])
    st = state_of(record(hands, plays, banned, first=1))
    assert st.forbidden == [1] and st.finished == []
    rep = ruling(record(hands, [*plays, (2, "pass")], banned, first=1))
    assert rep["legal"]
    st = state_of(record(hands, plays, opts(spade_three=True, forbidden_finish=["top"]),
                         first=1))
    assert st.finished == [1] and st.forbidden == []


def test_scoring_variants() -> None:
    """004 "Result": "the Dai Fugō should score +2 points, and the Fugō +1"; "Scoring
    variants": "the Hinmin pays 1 point to the Fugō and the Dai Hinmin pays 2 points to
    the Dai Fugō"; uecda: n points for the first down to 1 for the last."""
    from paiju.daifugo.engine.state import points_for

    order = [3, 0, 4, 1, 2]
    titles = ["fugo", "hinmin", "daihinmin", "daifugo", "heimin"]
    assert points_for(order, titles, "titles") == [1, 0, 0, 2, 0]
    assert points_for(order, titles, "payments") == [1, -1, -2, 2, 0]
    assert points_for(order, titles, "uecda") == [4, 2, 1, 5, 3]


# ---------------------------------------------------------------- plays


def test_sequence_beat() -> None:
    """004 "Play": "A sequence can only be beaten by a higher sequence containing the same
    number of cards." higher: the lowest card is higher; above (the other reading):
    every card above the table's highest."""
    hands = deal(4, {0: "3S 4S 5S", 1: "4H 5H 6H 6D 7D 8D"})
    lead = (0, "play", "3S 4S 5S")
    assert ruling(record(hands, [lead, (1, "play", "4H 5H 6H")]))["legal"]
    above = opts(sequence_beat="above")
    rep = ruling(record(hands, [lead, (1, "play", "4H 5H 6H")], above))
    assert not rep["legal"] and "does not beat" in rep["reason"]
    assert ruling(record(hands, [lead, (1, "play", "6D 7D 8D")], above))["legal"]


def test_no_sequences() -> None:
    """004 "Jokers": "In an early form of the game ... there were two jokers but no
    sequences were allowed." (sequences=false)"""
    hands = deal(4, {0: "3S 4S 5S"})
    rep = ruling(record(hands, [(0, "play", "3S 4S 5S")], opts(sequences=False)))
    assert not rep["legal"] and "sequences are off" in rep["reason"]
    for rules, any_sequence in ((opts(sequences=False), False), ("pagat", True)):
        st = state_of(record(hands, [], rules))
        kinds = {PLAY_MELD[a].kind for a in st.legal_actions()}
        assert (SEQUENCE in kinds) is any_sequence


def test_no_twos_in_sequences_makes_ace_top() -> None:
    """004 "No twos in sequences": "Some play that a 2 cannot be used to make a sequence
    K-A-2. In this version a sequence headed by an ace is unbeatable."""
    rules = opts(twos_in_sequences=False)
    hands = deal(4, {0: "QS KS AS", 1: "QH KH AH 2H JK"})
    st = state_of(record(hands, [(0, "play", "QS KS AS")], rules))
    plays = [a for a in st.legal_actions() if a.do == "play"]
    assert plays == []  # nothing beats Q-K-A
    st = state_of(record(hands, [(0, "play", "QS KS AS")], "pagat"))
    assert act(1, "play", "KH AH 2H") in st.legal_actions()
