"""The worked examples and rules of seed 001 (pagat.com, Miss Tsoi and Mr Pang of Gloucester)."""

import pytest
from lukfu_helpers import act, cs, play, state, surrender

from paiju.lukfu.engine.scoring import dreamer_value, matches, settle, tariff_value, win_value
from paiju.lukfu.engine.session import LukFuSession, dealer_keeps, seats_for
from paiju.lukfu.engine.state import LukFuAction
from paiju.lukfu.rules import make_rules

# 001 'Leading to a Trick': "suppose I am not Vulnerable."


def test_old_card_may_be_laid_down_for_victory_001() -> None:
    # "1. If I have the lead and need one 'trick' for victory and hold an Old Card in Coins
    # and only non-Old cards in higher suits, then I may play the Old Card." Laying down
    # Old cards "if this brings immediate victory ... Play then ends" is a declare.
    master = "4Gon 5Gon 6Gon 7Gon 8Gon 2Sip 3Sip 5Sip 2Sok 3Sok 5Sok 9Chen"
    st = state("gloucester", [master])
    play(st, [act(0, "play", "4Gon 5Gon 6Gon 7Gon 8Gon")])
    play(st, [surrender(st)])
    play(st, [surrender(st)])
    assert st.to_move() == 0 and st.tricks[0] == 5
    assert st.aged(0) == cs("9Chen")
    assert LukFuAction(0, "declare") in st.legal_actions()
    reason = st.why_illegal(act(0, "play", "9Chen"))
    assert reason is not None and "Old card" in reason and "declare" in reason
    play(st, [act(0, "declare")])
    # Miss Tsoi: "10p for six 'tricks'" from each opponent.
    assert st.report() == {"outcome": "win", "winner": 0, "count": 6, "payments": [2, -1, -1]}


def test_single_lead_from_highest_suit_001() -> None:
    # "2. If I have the same holding but one 'trick' will not suffice, then if I play a single
    # card it must be from my highest suit."
    st = state("gloucester", ["2Sip 3Sip 5Gon 6Gon 2Sok 4Sok 6Sok 2Chen 3Chen 5Chen 7Chen 9Chen"])
    singles = {a.cards for a in st.legal_actions() if a.do == "play" and a.cards.bit_count() == 1}
    assert singles == {cs("2Sip"), cs("3Sip")}
    assert LukFuAction(0, "declare") not in st.legal_actions()
    assert st.why_illegal(act(0, "play", "9Chen")) is not None
    assert st.why_illegal(act(0, "play", "5Gon")) == (
        "you hold 3 Sip and 2 Sip, not Old, in Sip, so a single lead must come from Sip, "
        "not 5 Gon")


def test_old_card_in_tens_skipped_001() -> None:
    # "3. If on the other hand I hold only an Old Card in Tens and only non-Old cards in other
    # suits then if I play a single card then it must be from my next highest suit".
    st = state("gloucester", ["9Sip 5Gon 6Gon 2Sok 4Sok 6Sok 2Chen 3Chen 5Chen 7Chen 3Gon 4Chen"])
    singles = {a.cards for a in st.legal_actions() if a.do == "play" and a.cards.bit_count() == 1}
    assert singles == {cs("5Gon"), cs("6Gon"), cs("3Gon")}


def _vulnerable_hand() -> object:
    st = state("gloucester", ["2Sip 3Sip 4Sip 5Sip", "7Sip 6Sip 8Sip 9Sip 9Gon"])
    play(st, [act(0, "pass"), act(1, "call")])
    return st


def test_passed_master_never_leads_four_001() -> None:
    # "if the Master passed he is constrained never to lead a set of four or a sequence of
    # four or more."
    st = _vulnerable_hand()
    from paiju.lukfu.engine.state import LukFuState

    assert isinstance(st, LukFuState)
    assert st.why_illegal(act(0, "play", "2Sip 3Sip 4Sip 5Sip")) == (
        "you passed, so as Master you may never lead a set of four or a run of four or more")
    assert st.why_illegal(act(0, "play", "2Sip 3Sip 4Sip")) is None
    # The variant list for 000: "There is no actual ban on the Master leading four or more".
    hk = state("hongkong", ["2Sip 3Sip 4Sip 5Sip"])
    play(hk, [act(0, "pass"), act(1, "call")])
    assert hk.why_illegal(act(0, "play", "2Sip 3Sip 4Sip 5Sip")) is None


def test_vulnerable_player_leads_old_cards_001() -> None:
    # "a Vulnerable player may play one or more Old Cards whenever he has the lead"; "Any
    # player who said 'Play' is Vulnerable".
    st = _vulnerable_hand()
    from paiju.lukfu.engine.state import LukFuState

    assert isinstance(st, LukFuState)
    play(st, [act(0, "play", "2Sip"), act(1, "play", "7Sip")])
    play(st, [surrender(st)])
    assert st.privileged == 1 and st.to_move() == 1
    assert st.why_illegal(act(1, "play", "9Gon")) is None
    assert st.why_illegal(act(1, "play", "9Sip")) is None
    assert st.why_illegal(act(1, "play", "6Sip")) is None


def test_master_lead_is_his_call_001() -> None:
    # "When the deal is completed the Master either makes a lawful lead or passes ... Notice
    # that the Master does not have to say 'Play' when he wishes to play, and can never be
    # Vulnerable."
    st = state("gloucester", [""])
    assert LukFuAction(0, "pass") in st.legal_actions()
    assert LukFuAction(0, "call") not in st.legal_actions()
    reason = st.why_illegal(act(0, "call"))
    assert reason is not None and "does not say Play" in reason
    lead = next(a for a in st.legal_actions() if a.do == "play")
    play(st, [lead])
    assert st.caller == 0 and st.privileged is None and st.to_move() == 1


def test_must_head_the_trick_001() -> None:
    # 'Following': "Each player must head the trick or multitrick if possible, or else
    # discard the appropriate number of cards face down."
    st = state("gloucester", ["2Sip", "7Sip"])
    play(st, [act(0, "play", "2Sip")])
    assert all(a.do == "play" for a in st.legal_actions())


@pytest.mark.parametrize(
    ("tricks", "tsoi", "pang"),
    [(6, 1, 1), (7, 2, 2), (8, 3, 3), (9, 4, 4), (10, 5, 10), (11, 6, 12), (12, 7, 21)],
)
def test_tariffs_001(tricks: int, tsoi: int, pang: int) -> None:
    # Miss Tsoi: "10p for six 'tricks' and 10p for each further 'trick', giving a maximum of
    # 70p for twelve"; Mr Pang: "winners with 6, 7, 8 or 9 were paid 10, 20, 30 or 40p ...
    # winners with 10 or 11 were paid double, thus getting £1 or £1.20 and a winner with 12
    # was paid triple, for £2.10" (units of 10p).
    assert tariff_value("tsoi", tricks) == tsoi
    assert tariff_value("pang", tricks) == pang


def test_doubling_variant_001() -> None:
    # Variant list: "the payment is 1 for 6 tricks, 2 for 7 ... 32 for eleven tricks. For a
    # player who wins all twelve tricks there is an extra double: the player wins 128".
    assert [tariff_value("doubling", n) for n in range(6, 13)] == [1, 2, 4, 8, 16, 32, 128]
    # 000: "In some places, the number of tricks is subtracted first by 5 instead of 6".
    assert [tariff_value("doubling5", n) for n in range(6, 13)] == [2, 4, 8, 16, 32, 64, 256]


def test_dreamer_and_extra_ace_001() -> None:
    # "If its rank matches that of one or more of the victor's winning cards then he collects
    # at 10p per match from each loser (or twice from a Vulnerable loser)."
    winning = cs("7Sip 7Gon 7Sok 9Chen 8Chen 2Sip")
    m = matches(cs("7Chen").bit_length() - 1, winning, True)
    assert m == 3 and dreamer_value("per_match", "tsoi", m) == 3
    # "If the dealer's card is the Extra Ace it matches any other Aces among the victor's
    # winners, and similarly if the victor has the Extra Ace among his winners then it
    # matches any Ace which the dealer holds."
    li_chen = cs("LiChen").bit_length() - 1
    assert matches(li_chen, cs("1Sip 1Chen 5Gon"), True) == 2
    assert matches(cs("1Gon").bit_length() - 1, cs("LiChen 1Sip"), True) == 2
    # Vulnerable seat 1 loses: pays his and seat 0's share to winner and dreamer.
    assert settle(4, 2, 1, 3, 3, liable=1) == [0, -8, 2, 6]
    assert settle(4, 2, 1, 3, 3, liable=None) == [-4, -4, 2, 6]
    # The variant list: "The dreamer also doubles the amount won for each extra winning card
    # that he can match" (1, 2, 4 for one, two, three matches at 2^(n-6)).
    assert [dreamer_value("exponent", "doubling", m) for m in (1, 2, 3)] == [1, 2, 4]


def test_red_overprint_variant_001() -> None:
    # "Variant: Miss Tsoi said that it can be agreed beforehand that the winner also gets an
    # extra 10p for each card with a red overprint among his winners. These cards are the
    # Nines and the Old Aces and also the Eight of Tens."
    winning = cs("9Sip 8Sip 7Sip 1Chen 5Gon 6Gon")
    assert win_value("tsoi", 6, winning, red_bonus=True) == 1 + 3
    assert win_value("tsoi", 6, winning, red_bonus=False) == 1
    rules = make_rules("gloucester", {"red_bonus": "true"})
    assert rules.values["red_bonus"] is True


def test_four_player_seating_001() -> None:
    # 'The Deal': "If four play then the deal is still anticlockwise, but starts with the
    # player opposite the dealer, who will be Master. The dealer gives himself a single card".
    assert seats_for(0, 4, "dealer_dreams") == (2, 3, 1, 0)
    # 000 'Dealing': dealer, player 2, dreamer, player 3.
    assert seats_for(0, 4, "dealer_leads") == (0, 1, 3, 2)
    assert seats_for(1, 3, "dealer_dreams") == (1, 2, 0)


def _ended(preset: str, actions: list[LukFuAction], hands: list[str]) -> object:
    st = state(preset, hands)
    play(st, actions)
    return st


@pytest.mark.parametrize(
    ("rotation", "master_passed", "keeps"),
    [("tsoi", False, False), ("tsoi", True, False), ("pang", False, True),
     ("pang", True, False), ("sung", True, True), ("hongkong", False, True)],
)
def test_drawn_hand_rotation_001(rotation: str, master_passed: bool, keeps: bool) -> None:
    # 'The Objective': "Mr Pang said deal does not rotate in a drawn hand when the Master had
    # not passed; Miss Tsoi said deal rotates in all drawn hands; Dylan W.H.S. says that in a
    # drawn hand ... the same dealer deals again"; 000 (variant list): "The same dealer deals
    # again only when he Tsoh and wins or draws".
    from paiju.lukfu.engine.state import LukFuState

    st = state("hongkong", [""])
    st.outcome, st.phase, st.turn = "draw", "over", None
    st.caller = 1 if master_passed else 0
    st.master_passed = master_passed
    assert isinstance(st, LukFuState)
    assert dealer_keeps(rotation, st) is keeps


def test_session_totals_and_rotation() -> None:
    # Running totals follow the players through the seats; all pass redeals (001: "If all
    # three pass the cards are redealt by the next dealer").
    session = LukFuSession(make_rules("gloucester"), 4, seed=3)
    first = session.dealer
    st = session.deal()
    seats = session.seat_players()
    assert seats[3] == first
    while not st.is_terminal():
        seat = st.to_move()
        assert seat is not None
        st.apply(next(a for a in st.legal_actions() if a.do == "pass") if st.phase == "calling"
                 else st.legal_actions()[0])
    result = session.finish(st)
    assert st.outcome == "no_call" and session.dealer == (first + 1) % 4
    assert session.hands_played == 1 and sum(session.totals) == 0 == sum(result.points)
