"""The worked examples of seed 000 (Hong Kong rules), each quoting its passage."""

import pytest
from lukfu_helpers import act, cs, hand_of, play, state, surrender

from paiju.core.errors import IllegalAction
from paiju.lukfu.engine.state import LukFuAction


def test_triple_twos_surrender_000() -> None:
    # 000 'Play of the hand': "suppose the dealer leads triple twos. Player 2 has ... 6 Sip,
    # 5 Sip, 4 Sip, 4 Gon, 4 Sok, 4 Chen, 8 Chen, 7 Chen and 5 Chen ... We ask if he can
    # surrender the following cards: 4 Gon, 4 Sok and 5 Chen. Yes, because after discarding
    # two fours, he no longer possesses cards that can beat triple twos. 4 Sok, 7 Chen and
    # 5 Chen. No, because afterwards, he still possesses triple fours".
    st = state("hongkong", ["2Sip 2Gon 2Sok",
                            "6Sip 5Sip 4Sip 4Gon 4Sok 4Chen 8Chen 7Chen 5Chen 1Gon 3Gon 9Sok"])
    play(st, [act(0, "call"), act(0, "play", "2Sip 2Gon 2Sok")])
    assert st.why_illegal(act(1, "discard", "4Gon 4Sok 5Chen")) is None
    reason = st.why_illegal(act(1, "discard", "4Sok 7Chen 5Chen"))
    assert reason is not None and "Gok of three 4s" in reason and "still hold" in reason
    with pytest.raises(IllegalAction):
        st.apply(act(1, "discard", "4Sok 7Chen 5Chen"))
    assert st.hands[1] & cs("4Sok 7Chen 5Chen") == cs("4Sok 7Chen 5Chen")  # nothing changed


@pytest.mark.parametrize("preset", ["gloucester", "sung"])
def test_triple_twos_under_strict_surrender(preset: str) -> None:
    # 001 'Following': "Each player must head the trick or multitrick if possible"; 002
    # 'Breaking Combinations': "he or she must break their combination to reply".
    st = state(preset, ["2Sip 2Gon 2Sok",
                        "6Sip 5Sip 4Sip 4Gon 4Sok 4Chen 8Chen 7Chen 5Chen 1Gon 3Gon 9Sok"])
    opening = [act(0, "play", "2Sip 2Gon 2Sok")]
    if preset == "sung":
        opening.insert(0, act(0, "call"))
    play(st, opening)
    reason = st.why_illegal(act(1, "discard", "4Gon 4Sok 5Chen"))
    assert reason is not None and reason.startswith("you must beat the Gok of three 2s")
    beats = {a.cards for a in st.legal_actions()}
    assert cs("4Sip 4Gon 4Sok") in beats and all(a.do == "play" for a in st.legal_actions())


SOK_DEALER = "9Sok 8Sok 7Sok 4Sok 1Chen 2Chen 3Chen 5Chen 6Chen 7Chen 8Chen 9Chen"


def test_lead_restriction_9874_sok_000() -> None:
    # 000 'Privileged player and restriction on the lead': "suppose in the first round the
    # dealer has 9, 8, 7 and 4 Soks at hand and 5 Sok is held by another player. Then 9, 8,
    # 7 Soks are aged, but 4 Sok is not. If the dealer wants to lead a single card, he can
    # play neither of 9, 8 and 7 Soks because the non-aged 4 Sok is still in his hand.
    # However, he can lead the {9,8,7} Sok run."
    st = state("hongkong", [SOK_DEALER])
    play(st, [act(0, "call")])
    assert st.aged(0) & cs("9Sok 8Sok 7Sok 4Sok") == cs("9Sok 8Sok 7Sok")
    assert st.why_illegal(act(0, "play", "9Sok")) == (
        "you hold 4 Sok, a non-aged Sok, so you may not lead the aged 9 Sok yet")
    for c in ("8Sok", "7Sok"):
        assert st.why_illegal(act(0, "play", c)) is not None
    assert st.why_illegal(act(0, "play", "4Sok")) is None
    assert st.why_illegal(act(0, "play", "9Sok 8Sok 7Sok")) is None
    singles = {a.cards for a in st.legal_actions() if a.cards.bit_count() == 1}
    assert singles == {cs("4Sok")}


PRIVILEGED = "9Sip 7Sip 4Sip 1Sip 8Gon 4Gon 8Sok 7Sok 6Sok 4Sok 3Chen 1Chen"
DEALER = "5Sip 2Sip 3Sip 9Gon 1Gon 3Gon 6Gon 1Sok 3Sok 9Sok 2Chen 4Chen"
PLAYER3 = "6Sip 8Sip 2Gon 5Gon 7Gon 2Sok 5Sok 5Chen 6Chen 7Chen 8Chen 9Chen"


def _privileged_after_first_round() -> object:
    # "The dealer leads by playing 5 Sip, player 2 beats him using 7 Sip and player 3
    # surrenders. Now player 2 leads."
    st = state("hongkong", [DEALER, PRIVILEGED, PLAYER3], dreamer="LiChen")
    play(st, [act(0, "pass"), act(1, "call"), act(0, "play", "5Sip"), act(1, "play", "7Sip")])
    play(st, [surrender(st)])
    assert st.to_move() == 1 and st.privileged == 1
    return st


def _lead_and_surrender(st: object, seat: int, cards: str) -> None:
    from paiju.lukfu.engine.state import LukFuState

    assert isinstance(st, LukFuState)
    play(st, [act(seat, "play", cards)])
    while st.to_move() != seat and not st.is_terminal():
        play(st, [surrender(st, keep="9Gon")])


@pytest.mark.parametrize(
    ("order", "legal"),
    [
        # "9 Sip -> 4 Sip -> 1 Chen -> 1 Sip -> 8 Gon ... Yes, because as a privileged
        # player, he is allowed to advance the leading of the two aged cards 9 Sip and 1 Chen"
        (["9Sip", "4Sip", "1Chen", "1Sip", "8Gon"], True),
        # "4 Sip -> 8 Gon -> ... No, 8 Gon cannot be played because aged cards 9 Sip and 1 Sip
        # have not been played yet. The privilege only allows player 2 to advance the play of
        # aged single cards, not to defer playing them."
        (["4Sip", "8Gon"], False),
        # "{8,7,6} Sok -> 4 Sip -> 1 Sip -> 9 Sip ... Yes, this does not violate the
        # restriction in the first place."
        (["8Sok 7Sok 6Sok", "4Sip", "1Sip", "9Sip"], True),
    ],
)
def test_privileged_lead_orders_000(order: list[str], legal: bool) -> None:
    st = _privileged_after_first_round()
    from paiju.lukfu.engine.state import LukFuState

    assert isinstance(st, LukFuState)
    for cards in order[:-1]:
        _lead_and_surrender(st, 1, cards)
    reason = st.why_illegal(act(1, "play", order[-1]))
    if legal:
        assert reason is None, reason
    else:
        assert reason == (
            "you hold 9 Sip and 1 Sip, aged Sip cards, so you may not lead 8 Gon yet; your "
            "privilege lets you lead aged cards early, not put them off"
        )


def test_privilege_is_not_named_when_a_non_aged_card_blocks_the_lead() -> None:
    # The privilege is about aged cards only ("allowed to advance the leading of aged single
    # cards"); a non-aged Sip in hand blocks a Gon lead for everyone, privileged or not.
    st = _privileged_after_first_round()
    assert st.why_illegal(act(1, "play", "8Gon")) == (
        "you hold 4 Sip, a non-aged Sip, so you may not lead 8 Gon yet"
    )


def test_unprivileged_dealer_may_not_advance_aged_cards() -> None:
    # The same holding without the privilege: "As leads, single cards can be classified, in
    # descending order of priorities, into nine categories: non-aged Sip, aged Sip, ...".
    st = state("hongkong", [PRIVILEGED])
    play(st, [act(0, "call")])
    reason = st.why_illegal(act(0, "play", "9Sip"))
    assert reason is not None and "non-aged Sip" in reason and "aged 9 Sip" in reason
    assert st.why_illegal(act(0, "play", "1Chen")) is not None


A_HAND = "2Sip 4Sip 7Sip 6Gon 7Gon 8Gon 7Sok 1Sok 3Sok 5Chen 8Chen 9Chen"
B_HAND = "6Sip 5Sip 5Gon 5Sok 2Chen 3Chen 4Chen 1Sip 3Sip 8Sip 9Sip 2Gon"
C_HAND = "3Gon 1Gon 4Gon 9Gon 2Sok 4Sok 6Sok 8Sok 9Sok 1Chen 6Chen 7Chen"


@pytest.mark.parametrize("preset", ["hongkong", "gloucester"])
def test_declare_example_000(preset: str) -> None:
    # 000 'Winning requirements': "Player A has taken 1 trick previously and he has 2 Sip, 6
    # Gon, 9 Chen, 8 Chen and triple sevens left in his hand. Player B leads triple fives,
    # player C surrenders and player A wins 3 more tricks by playing triple sevens. Now
    # player A becomes the leader. As he has already taken 4 tricks in total and has 2 aged
    # cards (9 Chen and 8 Chen) in his hand, he can declare victory now, with 6 tricks won."
    # Seat 0 is C, seat 1 A, seat 2 B.
    st = state(preset, [C_HAND, A_HAND, B_HAND])
    if preset == "hongkong":
        play(st, [act(0, "call")])
    play(st, [act(0, "play", "3Gon"), act(1, "play", "8Gon"), act(2, "discard", "2Gon")])
    short = st.why_illegal(act(1, "declare"))
    assert short == (
        "you have 1 trick and 2 aged cards in hand (9 Chen and 8 Chen): 3, short of the "
        "six needed to declare"
    )
    play(st, [act(1, "play", "4Sip"), act(2, "play", "6Sip"), act(0, "discard", "7Chen")])
    play(st, [act(2, "play", "2Chen 3Chen 4Chen"), act(0, "discard", "1Gon 2Sok 4Sok"),
              act(1, "discard", "1Sok 3Sok 5Chen")])
    play(st, [act(2, "play", "5Sip 5Gon 5Sok"), act(0, "discard", "4Gon 6Sok 6Chen"),
              act(1, "play", "7Sip 7Gon 7Sok")])
    assert hand_of(st, 1) == "2Sip 6Gon 8Chen 9Chen"
    assert st.tricks[1] == 4 and st.aged(1) == cs("9Chen 8Chen")
    assert LukFuAction(1, "declare") in st.legal_actions()
    play(st, [act(1, "declare")])
    assert st.report()["outcome"] == "win" and st.report()["count"] == 6
    assert st.report()["winner"] == 1
    assert sum(st.report()["payments"]) == 0


def test_privileged_payment_example_000() -> None:
    # 000 'Scoring': "Player 2 is privileged. The dreamer is dealt 1 Sok. In a certain round,
    # player 3 wins his first three tricks by playing triple eights. By having these three
    # tricks and also 9 Chen, 1 Sip and Li Chen in his hand, player 3 declares victory. ...
    # player 1 is saved, player 2 loses 6 points, player 3 wins 2 points and the dreamer
    # wins 4 points."
    p3 = "8Sip 8Gon 8Sok 9Chen 1Sip LiChen 2Gon 4Gon 5Sok 2Chen 4Chen 5Chen"
    st = state("hongkong", ["3Sip 3Gon 3Sok", "", p3], dreamer="1Sok")
    play(st, [act(0, "pass"), act(1, "call"), act(0, "play", "3Sip 3Gon 3Sok")])
    play(st, [surrender(st), act(2, "play", "8Sip 8Gon 8Sok")])
    assert st.aged(2) == cs("9Chen 1Sip LiChen")
    play(st, [act(2, "declare")])
    report = st.report()
    assert report == {"outcome": "win", "winner": 2, "count": 6, "payments": [0, -6, 2, 4]}
    result = st.result()
    assert result.points == (0, -6, 2, 4) and result.winners == (2,)


FT = "1Sip 1Gon 1Sok 1Chen LiChen"


@pytest.mark.parametrize(
    ("preset", "payments", "count"),
    [
        # 000 'Scoring': "If a player wins by producing Ng Fu Ha San ... he gets 8 tricks".
        ("hongkong", [-4, 8, -4, 0], 8),
        # 001: "Miss Tsoi called this 'Ng Fu' ie '5 Fu' and valued it at six 'tricks'".
        ("gloucester", [-1, 2, -1, 0], 6),
    ],
)
def test_five_tigers_claim(preset: str, payments: list[int], count: int) -> None:
    # 000 'Ng Fu Ha San': "the holder of this meld has the right to claim immediate victory".
    st = state(preset, ["", FT], dreamer="9Sip")
    assert st.to_move() == 1
    assert {a.do for a in st.legal_actions()} == {"five_tigers", "pass"}
    assert st.why_illegal(act(0, "pass")) is not None
    play(st, [act(1, "five_tigers")])
    assert st.report() == {"outcome": "five_tigers", "winner": 1, "count": count,
                           "payments": payments}


def test_five_tigers_declined_000() -> None:
    # 000: "The holder of Ng Fu Ha San may opt not to claim victory immediately ... during
    # the actual play, Ng Fu Ha San is not a valid combination of cards".
    st = state("hongkong", ["", FT], dreamer="9Sip")
    play(st, [act(1, "pass")])
    assert st.to_move() == 0 and st.phase == "calling"
    play(st, [act(0, "pass"), act(1, "call")])
    assert st.why_illegal(act(1, "five_tigers")) == (
        "the Five Tigers may be claimed only straight after the deal")
    assert all(a.cards != cs(FT) for a in st.legal_actions())


def test_five_tigers_automatic_sung() -> None:
    # 002: "Any player holding this combination wins by default"; 003 table: "5 ung fu ha
    # san ... 6".
    st = state("sung", ["", "", FT], dreamer="9Sip")
    assert st.is_terminal()
    assert st.report() == {"outcome": "five_tigers", "winner": 2, "count": 5,
                           "payments": [-6, -6, 12, 0]}


def test_nobody_calls_000() -> None:
    # 000 'Calling': "If none of them wants to play this hand, the hand will end immediately."
    st = state("hongkong", [""])
    play(st, [act(0, "pass"), act(1, "pass"), act(2, "pass")])
    assert st.report() == {"outcome": "no_call", "winner": None, "count": None,
                           "payments": [0, 0, 0]}
