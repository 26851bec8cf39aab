"""The worked examples and rules of seeds 002 and 003 (Dylan W.H. Sung), with their passages."""

import random

import pytest
from lukfu_helpers import act, cs, play, state, surrender

from paiju.core.errors import UnknownOption
from paiju.lukfu.engine.cards import parse_card
from paiju.lukfu.engine.scoring import dreamer_value, matches, settle, tariff_value, win_value
from paiju.lukfu.game import GAME
from paiju.lukfu.rules import make_rules

# 003 'Scoring for Hakka Luk Fu Playing Cards': rows 6..12 winning cards, columns 0..8 reds.
SUNG_TABLE = {
    6: [1, 2, 3, 4, 5, 6, 7],
    7: [2, 3, 4, 5, 6, 7, 8, 9],
    8: [3, 4, 5, 6, 7, 8, 9, 10, 11],
    9: [4, 5, 6, 7, 8, 9, 10, 11, 12],
    10: [5, 6, 7, 8, 9, 10, 11, 12, 13],
    11: [6, 7, 8, 9, 10, 11, 12, 13, 14],
    12: [7, 8, 9, 10, 11, 12, 13, 14, 30],
}


@pytest.mark.parametrize("tricks", sorted(SUNG_TABLE))
def test_sung_table_003(tricks: int) -> None:
    # "score = number of cards winning + number of bonus reds"; "(#) ... This makes 15 and
    # the score is doubled to 30."
    assert [tariff_value("sung", tricks, r) for r in range(len(SUNG_TABLE[tricks]))] == (
        SUNG_TABLE[tricks])


def test_bao_su_example_003() -> None:
    # 'I said Tsoh, but I lost the game...': "if the winner had eight winning cards three of
    # which were red, and the Tsuk Mung held a card which matches numerically with one of the
    # winning cards, then you are liable to pay the winner the due 6 points, plus ... another
    # 6 points, and one point is due for the Tsuk Mung from you, and ... another 1 point,
    # making a heavy loss of 14 points for you. ... the other loser ... will have nothing to
    # pay".
    winning = cs("9Sip 9Gon 1Chen 5Sip 5Gon 5Sok 3Chen 4Chen")
    value = win_value("sung", 8, winning, red_bonus=True)
    assert value == 6
    d = dreamer_value("per_match", "sung", matches(parse_card("3Sok"), winning, False))
    assert d == 1
    points = settle(4, winner=2, value=value, dreamer_seat=3, dreamer_amount=d, liable=0)
    assert points == [-14, 0, 12, 2]


def test_tsuk_mung_examples_003() -> None:
    # "If North holds a value 7 card, and there is one value 7 card within the winning hand,
    # then North gets 1 point from each losing player, totaling 2 points. However, if there
    # were three value 7 cards which won, North acquires twice 3 points or 6 points."
    seven = parse_card("7Chen")
    one = matches(seven, cs("7Sip 2Gon 3Gon 4Gon 5Sok 6Sok"), False)
    three = matches(seven, cs("7Sip 7Gon 7Sok 4Gon 5Sok 6Sok"), False)
    assert sum(settle(4, 0, 1, 3, dreamer_value("per_match", "sung", one))[1:3]) == -4
    assert settle(4, 0, 1, 3, dreamer_value("per_match", "sung", one))[3] == 2
    assert settle(4, 0, 1, 3, dreamer_value("per_match", "sung", three))[3] == 6
    # "if he holds the red 8 Sip card, though this is red, he can only get points for any
    # value 8 cards that match."
    assert matches(parse_card("8Sip"), cs("9Sip 9Gon 8Gon 1Chen"), False) == 1
    # Li Chen "is not a numerical value card when it is by itself" (002).
    assert matches(parse_card("LiChen"), cs("1Sip 1Gon"), False) == 0


def test_sung_needs_red_bonus() -> None:
    with pytest.raises(UnknownOption, match="red_bonus cannot be false"):
        make_rules("sung", {"red_bonus": "false"})
    with pytest.raises(UnknownOption, match="sung_table"):
        make_rules("hongkong", {"five_tigers_value": "sung_table"})


def test_breaking_combinations_002() -> None:
    # 'Breaking Combinations': "if S came out with the combination 345 Gon, and E had 23456
    # Sip, he will need to use three of his five card combination to beat it, i.e. 234 Sip."
    st = state("sung", ["3Gon 4Gon 5Gon", "2Sip 3Sip 4Sip 5Sip 6Sip"])
    play(st, [act(0, "call"), act(0, "play", "3Gon 4Gon 5Gon")])
    assert st.why_illegal(act(1, "play", "2Sip 3Sip 4Sip")) is None
    assert all(a.do == "play" for a in st.legal_actions())
    # "if S played 6 Sip, and E had triple 7, one of which is 7 Sip, and he had no higher Sip
    # cards, he is obliged to break up his 7's combination to beat the 6 Sip."
    st = state("sung", ["6Sip", "7Sip 7Gon 7Sok"], avoid=("", "8Sip 9Sip", ""))
    play(st, [act(0, "call"), act(0, "play", "6Sip")])
    assert [a.cards for a in st.legal_actions()] == [cs("7Sip")]


def test_opening_lead_is_free_002() -> None:
    # 'Playing the Game': "During the opening move of the game, the dealer can lead play with
    # any single card or card combination s/he so chooses. The single card may be from any
    # suit." Later: "can only lead with a single card from the highest suit in his/her hand".
    st = state("sung", ["2Sip 3Sok 9Chen 2Gon", "9Sip"])
    play(st, [act(0, "call")])
    assert st.why_illegal(act(0, "play", "3Sok")) is None
    play(st, [act(0, "play", "9Chen")])
    play(st, [surrender(st)])
    play(st, [surrender(st)])
    assert st.to_move() == 0
    reason = st.why_illegal(act(0, "play", "3Sok"))
    assert reason is not None and "2 Sip" in reason


def test_tsoh_dealer_downs_lao_sui_002() -> None:
    # 'Lao Sui Pai': "Only the person who says Tsoh can down any of the Lao Sui cards when he
    # chooses. All the others must abide by the above rules." The dealer who says Tsoh is
    # that person under Sung's rules (option privileged=caller).
    st = state("sung", ["2Sip 3Sip 9Gon 2Gon 1Sip", "9Sip"])
    play(st, [act(0, "call"), act(0, "play", "1Sip")])
    play(st, [surrender(st)])
    play(st, [surrender(st)])
    assert st.privileged == 0
    assert st.why_illegal(act(0, "play", "9Gon")) is None
    hk = state("hongkong", ["2Sip 3Sip 9Gon 2Gon 1Sip", "9Sip"])
    play(hk, [act(0, "call")])
    assert hk.privileged is None and hk.why_illegal(act(0, "play", "9Gon")) is not None


def test_passed_dealer_opens_beatable_002() -> None:
    # 'Card Play by the Dealer': "If someone other than himself say Tsoh, then he must open
    # the game by playing cards which are not impossible to beat. For instance if he came out
    # with triple ones, when the only combination which can beat it is triple nines, this is
    # frowned upon".
    st = state("sung", ["1Sip 1Gon 1Sok 9Sip 9Gon 9Sok 2Chen"])
    play(st, [act(0, "pass"), act(1, "call")])
    reason = st.why_illegal(act(0, "play", "1Sip 1Gon 1Sok"))
    assert reason is not None and "could beat" in reason
    assert st.why_illegal(act(0, "play", "9Sip")) is not None
    assert st.why_illegal(act(0, "play", "2Chen")) is None


def test_da_foh_draw_003() -> None:
    # 'I said Tsoh, but no-one won the game anyway...': "It is possible for all the 12 cards
    # having been played, to have no-one with the required minimal number of 6 winning cards.
    # In this case, the game is assume drawn ... No payments are due by any player".
    st = GAME.new_hand(make_rules("sung"), 3, random.Random(4))
    policy = random.Random(4)
    while not st.is_terminal():
        acts = [a for a in st.legal_actions() if a.do != "declare"]
        if st.phase == "calling":
            acts = [a for a in acts if a.do == "call"]
        st.apply(acts[policy.randrange(len(acts))])
    assert st.tricks == [5, 2, 5]
    assert st.report() == {"outcome": "draw", "winner": None, "count": None,
                           "payments": [0, 0, 0]}
