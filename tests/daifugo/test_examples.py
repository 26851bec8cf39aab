"""Each worked example of seed 004 (pagat.com, Dai Fugō), as a test quoting its passage."""

from __future__ import annotations

import random

import pytest
from daifugo_helpers import act, deal, play_random, record, ruling, state_of

from paiju.daifugo.engine.state import titles_for

# Players A, B, C, D of 004's table are seats 0, 1, 2, 3.
A, B, C, D = 0, 1, 2, 3


def trick_hands() -> list[str]:
    return deal(4, {A: "4S 4H 9S", B: "AS JK 6C", C: "7S 7H KS KH 2S 2H", D: "8S 8H 8D 2C"})


def test_a_joker_pair_trick() -> None:
    """004 "Play": "Here is an example with four players: ... 4-4 pass 7-7 8-8 / pass pass
    K-K pass / pass A-Joker pass pass / pass. B's play is unbeaten, so she clears away the
    played cards and begins again with any card or valid combination."
    """
    actions = [
        (A, "play", "4S 4H"), (B, "pass"), (C, "play", "7S 7H"), (D, "play", "8S 8H"),
        (A, "pass"), (B, "pass"), (C, "play", "KS KH"), (D, "pass"),
        (A, "pass"), (B, "play", "AS JK"), (C, "pass"), (D, "pass"), (A, "pass"),
    ]
    rec = record(trick_hands(), actions)
    assert ruling(rec)["legal"]
    st = state_of(rec)
    assert st.table is None and st.to_move() == B
    # "begins again with any card or valid combination": a single is now fine
    assert st.why_illegal(act(B, "play", "6C")) is None


def test_only_pairs_in_a_pair_trick() -> None:
    """004: "Note that throughout this process only pairs could be played. For example at
    his first turn, player D would not be allowed to play three 8's or a single 2."
    """
    base = [(A, "play", "4S 4H"), (B, "pass"), (C, "play", "7S 7H")]
    for bad in ("8S 8H 8D", "2C"):
        rep = ruling(record(trick_hands(), [*base, (D, "play", bad)]))
        assert not rep["legal"] and rep["illegal_at"] == 3
        assert "the table holds a pair" in rep["reason"]


def test_a_joker_pair_needs_twos_to_beat() -> None:
    """004: "To beat B's A-Joker pair, a pair of twos would have been needed." and "A
    combination containing a joker is equal in rank to the equivalent combination made from
    natural cards."
    """
    hands = deal(4, {A: "AH AD", B: "AS JK", C: "2S 2H"})
    played = [(A, "play", "AH AD"), (B, "play", "AS JK")]
    rep = ruling(record(hands, played))
    assert not rep["legal"] and "does not beat AH AD" in rep["reason"]
    ok = [(A, "play", "3S 3H"), (B, "play", "AS JK"), (C, "play", "2S 2H")]
    hands = deal(4, {A: "3S 3H", B: "AS JK", C: "2S 2H"})
    assert ruling(record(hands, ok))["legal"]


def test_player_going_out_is_passed_over() -> None:
    """004: "If no one beats it, since the player of the unbeaten card(s) has no more to
    play, the turn to begin again passes to the next player to the left who still has cards."
    """
    hands = deal(8, {0: "3S 3H 3D 3C 4S 4H 4D", 1: "5S"})
    actions = [(0, "play", "3S 3H 3D 3C")] + [(s, "pass") for s in range(1, 8)]
    actions += [(0, "play", "4S 4H 4D")] + [(s, "pass") for s in range(1, 8)]
    rec = record(hands, actions)
    st = state_of(rec)
    assert st.finished == [0]
    assert st.to_move() == 1 and st.table is None


def revolution_hands() -> list[str]:
    return deal(4, {A: "5S 5H 5D 5C 6S 6H 9S", B: "7S 7H 7D 7C 4S 4H 8S 8H",
                    C: "3S 3H 10S", D: "KS"})


REV = {"preset": "pagat", "options": {"revolution": "four"}}


def test_counter_revolution_in_the_same_trick() -> None:
    """004 "Revolution (kakumei)": "if someone plays 5-5-5-5 to the empty table, another
    player can beat this with (for example) 7-7-7-7, and the card ranking order remains as
    it was, the revolution having been cancelled."
    """
    actions = [(A, "play", "5S 5H 5D 5C"), (B, "play", "7S 7H 7D 7C"), (C, "pass"),
               (D, "pass"), (A, "pass")]
    st = state_of(record(revolution_hands(), actions, REV))
    assert st.table is None and not st.revolution


def test_revolution_takes_effect_at_the_clear() -> None:
    """004: "But if everyone passes the 5-5-5-5 play, the cards are cleared and the
    revolution takes effect. If the player of the 5-5-5-5 now begins with (say) a pair of
    6's, this can be beaten by 4-4 or 3-3 (the highest pair), but not by 8-8."
    """
    opening = [(A, "play", "5S 5H 5D 5C"), (B, "pass"), (C, "pass"), (D, "pass"),
               (A, "play", "6S 6H")]
    st = state_of(record(revolution_hands(), opening, REV))
    assert st.revolution
    assert st.why_illegal(act(B, "play", "4S 4H")) is None
    reason = st.why_illegal(act(B, "play", "8S 8H"))
    assert reason is not None and "revolution" in reason
    rep = ruling(record(revolution_hands(), [*opening, (B, "pass"), (C, "play", "3S 3H")],
                        REV))
    assert rep["legal"]


def test_revolution_lasts_and_counter_revolution_restores() -> None:
    """004: "The reversed order stays in effect until the end of the hand, unless another 4
    of a kind is played, in which case there is a counter-revolution and the original order
    is restored."
    """
    actions = [(A, "play", "5S 5H 5D 5C"), (B, "pass"), (C, "pass"), (D, "pass"),
               (A, "play", "9S"), (B, "pass"), (C, "pass"), (D, "pass")]
    st = state_of(record(revolution_hands(), actions, REV))
    assert st.revolution  # still reversed after a second clear
    more = [*actions, (A, "play", "6S"), (B, "play", "7S 7H 7D 7C")]
    rep = ruling(record(revolution_hands(), more, REV))
    assert not rep["legal"] and "single" in rep["reason"]
    counter = [*actions[:4], (A, "play", "6S 6H"), (B, "play", "4S 4H"), (C, "pass"),
               (D, "pass"), (A, "pass"), (B, "play", "7S 7H 7D 7C"), (C, "pass"),
               (D, "pass"), (A, "pass")]
    st = state_of(record(revolution_hands(), counter, REV))
    assert not st.revolution


def test_revolution_immediate_timing() -> None:
    """revolution_timing=immediate (the UECda reading): after 5-5-5-5 only lower fours beat."""
    rules = {"preset": "pagat", "options": {"revolution": "four",
                                            "revolution_timing": "immediate"}}
    rep = ruling(record(revolution_hands(), [(A, "play", "5S 5H 5D 5C"),
                                             (B, "play", "7S 7H 7D 7C")], rules))
    assert not rep["legal"] and "revolution" in rep["reason"]


SHIBARI = {"preset": "pagat", "options": {"shibari": "full"}}


def test_shibari_single_suit_lock() -> None:
    """004 "Suit lock rule (Shibari)": "For example the ♡3 is played, this is beaten by a ♣4
    which in turn is beaten by a ♣8. Subsequent players can only play clubs (or the joker),
    not other suits. This restriction applies until the table is cleared."
    """
    hands = deal(4, {A: "3H 9H", B: "4C 9C", C: "8C JK", D: "10D QC"})
    locked = [(A, "play", "3H"), (B, "play", "4C"), (C, "play", "8C")]
    st = state_of(record(hands, locked, SHIBARI))
    reason = st.why_illegal(act(D, "play", "10D"))
    assert reason == "the table is locked to ♣ singles (shibari): 10D does not follow suit"
    assert st.why_illegal(act(D, "play", "QC")) is None
    st2 = state_of(record(hands, [*locked, (D, "pass")], SHIBARI))
    assert st2.why_illegal(act(A, "play", "9H")) is not None
    assert state_of(record(hands, [*locked, (D, "pass"), (A, "pass")], SHIBARI)).why_illegal(
        act(B, "play", "9C")) is None
    cleared = [*locked, (D, "pass"), (A, "pass"), (B, "pass")]
    st3 = state_of(record(hands, [*cleared, (C, "play", "JK")], SHIBARI))
    assert st3.lock == 0  # "until the table is cleared"
    # "(or the joker)": the joker follows a club lock
    st4 = state_of(record(hands, [*locked, (D, "pass"), (A, "pass"), (B, "pass")], SHIBARI))
    assert st4.table is None


def test_shibari_joker_follows_a_lock() -> None:
    """004: "Subsequent players can only play clubs (or the joker)"."""
    hands = deal(4, {A: "3H", B: "4C", C: "8C", D: "JK"})
    st = state_of(record(hands, [(A, "play", "3H"), (B, "play", "4C"), (C, "play", "8C")],
                         SHIBARI))
    assert st.why_illegal(act(D, "play", "JK")) is None


def test_shibari_sequences() -> None:
    """004: "A similar restriction applies if a sequence is beaten by a higher sequence in the
    same suit; this can then only be beaten by another sequence in that suit."
    """
    hands = deal(4, {A: "3H 4H 5H", B: "6H 7H 8H", C: "9S 10S JS 9H 10H JH"})
    st = state_of(record(hands, [(A, "play", "3H 4H 5H"), (B, "play", "6H 7H 8H")], SHIBARI))
    assert "locked to ♡" in str(st.why_illegal(act(C, "play", "9S 10S JS")))
    assert st.why_illegal(act(C, "play", "9H 10H JH")) is None


def test_shibari_pairs() -> None:
    """004: "if ♠5-♢5 is beaten by ♠7-♢7, subsequent players can only beat this with a pair
    consisting of a spade and a diamond."
    """
    hands = deal(4, {A: "5S 5D", B: "7S 7D", C: "9S 9H 10S 10D"})
    st = state_of(record(hands, [(A, "play", "5S 5D"), (B, "play", "7S 7D")], SHIBARI))
    assert st.why_illegal(act(C, "play", "9S 9H")) == (
        "the table is locked to ♠♢ pairs (shibari): 9S 9H does not follow suit")
    assert st.why_illegal(act(C, "play", "10S 10D")) is None


def test_shibari_triples() -> None:
    """004: "A similar rules applies to triplets - the suits are locked if a triplet is beaten
    by a higher triplet using the same three suits."
    """
    hands = deal(4, {A: "5S 5H 5D", B: "7S 7H 7D", C: "9S 9H 9C 10S 10H 10D"})
    st = state_of(record(hands, [(A, "play", "5S 5H 5D"), (B, "play", "7S 7H 7D")], SHIBARI))
    assert st.why_illegal(act(C, "play", "9S 9H 9C")) is not None
    assert st.why_illegal(act(C, "play", "10S 10H 10D")) is None


KATA = {"preset": "pagat", "options": {"shibari": "partial"}}


def test_kata_shibari() -> None:
    """004: "if ♠3-♢3 is beaten by ♠6-♣6, then this can only be beaten by a higher pair that
    includes a spade. If the next play is a spade-club pair, then that establishes a full
    lock and only spade-club pairs are allowed until the table is cleared."
    """
    hands = deal(4, {A: "3S 3D", B: "6S 6C", C: "8H 8C 9S 9C", D: "QS QH KS KC"})
    opening = [(A, "play", "3S 3D"), (B, "play", "6S 6C")]
    st = state_of(record(hands, opening, KATA))
    assert "must include ♠" in str(st.why_illegal(act(C, "play", "8H 8C")))
    assert st.why_illegal(act(C, "play", "9S 9C")) is None
    st = state_of(record(hands, [*opening, (C, "play", "9S 9C")], KATA))
    assert "locked to ♠♣" in str(st.why_illegal(act(D, "play", "QS QH")))
    assert st.why_illegal(act(D, "play", "KS KC")) is None


def test_shibari_after_three() -> None:
    """004: "Some play that suits are only locked if there are three consecutive plays in
    the same suit."
    """
    rules = {"preset": "pagat", "options": {"shibari": "full", "shibari_after": 3}}
    hands = deal(4, {A: "3H", B: "4H", C: "5H", D: "6S 7S"})
    st = state_of(record(hands, [(A, "play", "3H"), (B, "play", "4H")], rules))
    assert st.lock == 0
    st = state_of(record(hands, [(A, "play", "3H"), (B, "play", "4H"), (C, "play", "5H")],
                         rules))
    assert st.why_illegal(act(D, "play", "6S")) is not None


JB = {"preset": "pagat", "options": {"jack_back": True}}


def test_jack_back() -> None:
    """004 "Jack": "For example a 5 is beaten by a 9, which is beaten by a Jack. This reverses
    the ranking, so the Jack cannot be beaten by a Q, K, a or 2. It might, however be beaten
    by a 7, which in turn could be beaten by a 6 and then a 3. Then the cards would be
    cleared and ranking returns to normal."
    """
    hands = deal(4, {A: "5S 3S", B: "9S QS", C: "JS 6S", D: "7S 2S 4H"})
    actions = [(A, "play", "5S"), (B, "play", "9S"), (C, "play", "JS")]
    st = state_of(record(hands, actions, JB))
    for bad in ("2S",):
        assert "Jack back" in str(st.why_illegal(act(D, "play", bad)))
    actions += [(D, "play", "7S"), (A, "pass"), (B, "pass"), (C, "play", "6S"), (D, "pass"),
                (A, "play", "3S"), (B, "pass"), (C, "pass"), (D, "pass")]
    st = state_of(record(hands, actions, JB))
    assert st.table is None and not st.pos.jack_back_now
    assert st.to_move() == A
    rep = ruling(record(hands, [*actions[:3], (D, "pass"), (A, "pass"), (B, "play", "QS")],
                        JB))
    assert not rep["legal"] and "QS does not beat JS" in rep["reason"]


S3 = {"preset": "pagat", "options": {"spade_three": True}}


def test_spade_three_beats_the_joker() -> None:
    """004 "Three of spades rule": "when the joker is played as a single card, it can be
    beaten by the 3 of spades (but by no other card). The ♠3 can then in turn be beaten by
    any higher card. But if the ♠3 is played before the joker, the joker can beat it."
    """
    hands = deal(4, {A: "JK 4S", B: "3S", C: "3H 2S", D: "5D"})
    st = state_of(record(hands, [(A, "play", "JK")], S3))
    assert st.why_illegal(act(B, "play", "3S")) is None
    rep = ruling(record(hands, [(A, "play", "JK"), (B, "pass"), (C, "play", "2S")], S3))
    assert not rep["legal"]
    rep = ruling(record(hands, [(A, "play", "JK"), (B, "play", "3S"), (C, "play", "3H")], S3))
    assert not rep["legal"]  # equal rank does not beat
    rep = ruling(record(hands, [(A, "play", "JK"), (B, "play", "3S"), (C, "play", "2S")], S3))
    assert rep["legal"]  # "can then in turn be beaten by any higher card"
    hands = deal(4, {A: "3S", B: "JK"})
    assert ruling(record(hands, [(A, "play", "3S"), (B, "play", "JK")], S3))["legal"]
    # without the option nothing beats the lone joker
    hands = deal(4, {A: "JK 4S", B: "3S"})
    rep = ruling(record(hands, [(A, "play", "JK"), (B, "play", "3S")]))
    assert not rep["legal"]


EIGHT = {"preset": "pagat", "options": {"eight_cut": True}}


def test_eight_cut() -> None:
    """004 "Eights rule (hachi-giri)": "any 8 or combination containing an 8 causes the table
    to be cleared immediately. The person who played the 8 begins again by playing any card
    or valid combination."
    """
    hands = deal(4, {A: "4S", B: "8S 3C", C: "6S 7S 8H 9D"})
    st = state_of(record(hands, [(A, "play", "4S"), (B, "play", "8S")], EIGHT))
    assert st.table is None and st.to_move() == B
    hands = deal(4, {A: "3S 4S 5S", B: "6H 7H 8H 3C"})
    st = state_of(record(hands, [(A, "play", "3S 4S 5S"), (B, "play", "6H 7H 8H")], EIGHT))
    assert st.table is None and st.to_move() == B


def finish_random(rec: dict, seed: int = 0) -> dict:
    """Play the record on to the end at random; the final report."""
    st = state_of(rec)
    play_random(st, random.Random(seed))
    return st.report()


def test_forbidden_finish_with_a_two() -> None:
    """004 "Cannot go out with highest card": "Some play that you cannot go out by playing a
    2 or a set of 2's as your last card(s) ... the penalty for going out with such an illegal
    play is that you automatically become the Dai Hinmin."
    """
    rules = {"preset": "pagat", "options": {"forbidden_finish": ["top"]}}
    hands = deal(8, {0: "5S 5H 5D 6S 6H 2S", 5: "2D"})
    seat0 = hands[0].split()
    plays = [(0, "play", "5S 5H 5D")] + [(s, "pass") for s in range(1, 8)]
    plays += [(0, "play", "6S 6H")] + [(s, "pass") for s in range(1, 8)]
    extra = [t for t in seat0 if t not in ["5S", "5H", "5D", "6S", "6H", "2S"]]
    plays += [(0, "play", " ".join(extra))] + [(s, "pass") for s in range(1, 8)]
    plays += [(0, "play", "2S")]
    rep = finish_random(record(hands, plays, rules))
    assert rep["order"][-1] == 0
    assert rep["titles"][0] == "daihinmin"


def test_forbidden_finish_under_revolution() -> None:
    """004: "If there has been a revolution (and no counter-revolution) then you cannot go out
    by playing a 3 or a set of 3's or a top sequence such as 3-4-5 or a single joker."
    """
    rules = {"preset": "pagat", "options": {"forbidden_finish": ["top", "joker"],
                                            "revolution": "four"}}
    hands = deal(8, {0: "9S 9H 9D 9C 5S 5H 3S", 1: "2S"})
    plays = [(0, "play", "9S 9H 9D 9C")] + [(s, "pass") for s in range(1, 8)]
    plays += [(0, "play", "5S 5H")] + [(s, "pass") for s in range(1, 8)]
    rep = finish_random(record(hands, [*plays, (0, "play", "3S")], rules))
    assert rep["order"][-1] == 0
    # a 2 is the lowest card under the revolution: going out with it is fine
    hands = deal(8, {0: "9S 9H 9D 9C 5S 5H 2S"})
    st = state_of(record(hands, [*plays, (0, "play", "2S")], rules))
    assert st.finished == [0] and not st.forbidden


def test_forbidden_finish_joker_only() -> None:
    """004: "Some play that the penalty only applies to a player who goes out by playing a
    single joker." (forbidden_finish=joker)."""
    rules = {"preset": "pagat", "options": {"forbidden_finish": ["joker"]}}
    hands = deal(8, {0: "4S 4H 4D 4C 5S 5H JK"})
    plays = [(0, "play", "4S 4H 4D 4C")] + [(s, "pass") for s in range(1, 8)]
    plays += [(0, "play", "5S 5H")] + [(s, "pass") for s in range(1, 8)]
    st = state_of(record(hands, [*plays, (0, "play", "JK")], rules))
    assert st.forbidden == [0]
    hands = deal(8, {0: "4S 4H 4D 4C 5S 5H 2S"})
    st = state_of(record(hands, [*plays, (0, "play", "2S")], rules))
    assert st.finished == [0]


def test_forbidden_finish_with_an_eight() -> None:
    """004 "Eights rule": "some also play that it is illegal to go out with a play that
    includes an eight."
    """
    rules = {"preset": "pagat", "options": {"forbidden_finish": ["eight"], "eight_cut": True}}
    hands = deal(8, {0: "4S 4H 4D 4C 5S 5H 8S"})
    plays = [(0, "play", "4S 4H 4D 4C")] + [(s, "pass") for s in range(1, 8)]
    plays += [(0, "play", "5S 5H")] + [(s, "pass") for s in range(1, 8)]
    st = state_of(record(hands, [*plays, (0, "play", "8S")], rules))
    assert st.forbidden == [0]


def test_miyako_ochi() -> None:
    """004 "Miyako-Ochi": "if the Dai Fugō of the previous hand fails to win again and
    maintain his position, he automatically becomes Dai Hinmin."
    """
    rules = {"preset": "pagat", "options": {"miyako_ochi": True, "exchange": "off"}}
    titles = ["daihinmin", "hinmin", "heimin", "heimin", "heimin", "heimin", "fugo", "daifugo"]
    hands = deal(8, {0: "4S 4H 4D 4C 5S 5H 6S"})
    plays = [(0, "play", "4S 4H 4D 4C")] + [(s, "pass") for s in range(1, 8)]
    plays += [(0, "play", "5S 5H")] + [(s, "pass") for s in range(1, 8)]
    plays += [(0, "play", "6S")]
    st = state_of(record(hands, plays, rules, first=0, titles=titles))
    assert st.fallen == 7 and st.hands[7] == 0 and st.dropped
    assert st.finished == [0]
    rep = finish_random(record(hands, plays, rules, first=0, titles=titles))
    assert rep["order"][0] == 0 and rep["order"][-1] == 7
    assert rep["titles"][7] == "daihinmin"


def test_exchange() -> None:
    """004 "Exchange of cards": "The Dai Hinmin must give his highest ranking two cards to the
    Dai Fugō and the Hinmin must give his highest card to the Fugō. In exchange, the Dai Fugō
    gives any two unwanted cards to the Dai Hinmin and the Fugō gives any one unwanted card
    to the Hinmin. After the exchange, the loser of the previous hand ... begins the play."
    """
    titles = ["daihinmin", "hinmin", "heimin", "fugo", "daifugo"]
    hands = deal(5, {0: "JK 2S 3C 4C", 1: "AS 3D", 3: "5C", 4: "6C 7C"})
    rec = record(hands, [], first=0, titles=titles)
    st = state_of(rec)
    from paiju.daifugo.engine.cards import parse_card
    assert st.hands[4] >> 52 & 1 and st.hands[4] >> parse_card("2S") & 1
    assert st.hands[3] >> parse_card("AS") & 1
    assert st.to_move() == 4
    bad = ruling(record(hands, [(4, "give", "6C")], first=0, titles=titles))
    assert not bad["legal"] and "exactly 2" in bad["reason"]
    gives = [(4, "give", "6C 7C"), (3, "give", "5C")]
    st = state_of(record(hands, gives, first=0, titles=titles))
    assert st.hands[0] >> parse_card("6C") & 1 and st.hands[1] >> parse_card("5C") & 1
    assert st.to_move() == 0 and st.phase == "play"
    rep = ruling(record(hands, [(4, "give", "6C 7C"), (0, "play", "3C")], first=0,
                        titles=titles))
    assert not rep["legal"] and "seat 3" in rep["reason"]


def test_exchange_three_players_and_loser_leads() -> None:
    """004: "With three or four players, the winner ... is the Fugō and the loser ... is the
    Hinmin." The Hinmin gives his highest card to the Fugō, who gives one back; "the loser of
    the previous hand (the Dai Hinmin, or the Hinmin if there are only three or four players)
    begins the play of the new hand".
    """
    from paiju.core.errors import MalformedRecord

    titles = ["fugo", "heimin", "hinmin"]
    hands = deal(3, {0: "4S", 2: "JK 3C"})
    with pytest.raises(MalformedRecord, match="'first' must be seat 2"):
        state_of(record(hands, [], first=0, titles=titles))
    st = state_of(record(hands, [(0, "give", "4S")], first=2, titles=titles))
    assert st.hands[0] >> 52 & 1 and st.hands[2] & 1 << 4
    assert st.to_move() == 2


@pytest.mark.parametrize(
    ("players", "titles"),
    [
        (3, ["fugo", "heimin", "hinmin"]),
        (4, ["fugo", "heimin", "heimin", "hinmin"]),
        (5, ["daifugo", "fugo", "heimin", "hinmin", "daihinmin"]),
        (6, ["daifugo", "fugo", "heimin", "heimin", "hinmin", "daihinmin"]),
    ],
)
def test_titles(players: int, titles: list[str]) -> None:
    """004 "Result": "If there are five or more players, the player who runs out of cards
    first is the Dai Fugō ... the second is the Fugō ... the last ... Dai Hinmin and the second
    last is the Hinmin. With three or four players, the winner ... is the Fugō and the loser
    ... is the Hinmin."
    """
    assert titles_for(players, "standard") == titles
