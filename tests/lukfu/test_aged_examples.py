"""Aged cards on the seeds' worked examples, and deductions built by hand.

Seats 0, 1, 2 are the active players in order of play; the observer is seat 0 unless
said otherwise. Rounds are numbered from 1.
"""

from __future__ import annotations

import random

import pytest

from paiju.lukfu.engine.cards import Card, mask, parse_card, show
from paiju.lukfu.engine.melds import Meld, meld_of
from paiju.lukfu.inference.aged import (
    DEDUCED,
    FACE_UP,
    InconsistentKnowledge,
    aged_cards,
    explain_aged,
    sample_hidden,
)
from paiju.lukfu.inference.knowledge import BEAT, BREAK, DISCARD, LEAD, STRICT, Event, Knowledge


def cards(text: str) -> int:
    return mask(parse_card(t) for t in text.split())


def c(token: str) -> Card:
    return parse_card(token)


def meld(text: str) -> Meld:
    m = meld_of(cards(text))
    assert m is not None
    return m


def play(rnd: int, seat: int, kind: str, text: str, top: str | None = None) -> Event:
    held = cards(text)
    return Event(rnd, seat, kind, held.bit_count(), held, meld(top) if top else None)


def hidden_discard(rnd: int, seat: int, n: int, top: str) -> Event:
    return Event(rnd, seat, DISCARD, n, 0, meld(top))


def know(
    hand: str,
    events: list[Event],
    counts: tuple[int, int, int] | None = None,
    players: int = 3,
    surrender: str = STRICT,
    observer: int = 0,
) -> Knowledge:
    h = cards(hand)
    if counts is None:
        n = h.bit_count()
        counts = (n, n, n)
    return Knowledge(observer, players, h, counts, tuple(events), surrender)


def aged(k: Knowledge, mode: str) -> str:
    return show(c for c in range(37) if aged_cards(k, mode) >> c & 1)


# ---------------------------------------------------------------- the seeds


def test_dealer_with_9_8_7_and_4_sok() -> None:
    # 000 "Privileged player and restriction on the lead": "suppose in the first round
    # the dealer has 9, 8, 7 and 4 Soks at hand and 5 Sok is held by another player.
    # Then 9, 8, 7 Soks are aged, but 4 Sok is not."
    k = know("9Sok 8Sok 7Sok 4Sok 6Sip 3Sip 5Gon 2Gon 8Chen 6Chen 3Chen 2Chen", [])
    for mode in (FACE_UP, DEDUCED):
        held = aged_cards(k, mode)
        assert held & cards("9Sok 8Sok 7Sok") == cards("9Sok 8Sok 7Sok")
        assert not held & cards("4Sok")
        assert explain_aged(k, mode, c("7Sok")) == "7 Sok is aged: you hold 9 Sok and 8 Sok"
    assert explain_aged(k, DEDUCED, c("4Sok")).startswith(
        "4 Sok is not aged: 6 Sok may still be held by seat 1 or seat 2; 5 Sok may"
    )


def test_initially_aged_cards() -> None:
    # 000 "Aged cards": "At the beginning of a hand, seven cards are considered aged:
    # 9 Sip, 9 Gon, 9 Sok, 9 Chen, 1 Sip, 1 Chen and Li Chen ... 8 Sip is the only one
    # [red card] that is not aged right at the beginning."
    hand = "9Gon 9Sok 9Chen 1Sip 1Chen LiChen 8Sip 1Gon 1Sok 2Gon 2Sok 3Gon"
    k = know(hand, [], players=4)
    for mode in (FACE_UP, DEDUCED):
        assert aged(k, mode) == "1Sip 9Gon 9Sok 9Chen 1Chen LiChen"
    assert explain_aged(k, DEDUCED, c("1Chen")) == (
        "1 Chen is aged: as a single card it can never be beaten"
    )
    assert explain_aged(k, FACE_UP, c("9Gon")) == "9 Gon is aged: no card of its suit beats a 9"
    # 1 Gon and 1 Sok are ordinary cards (000 "Single card": only 1 Sip, 1 Chen and
    # Li Chen are unbeatable).
    assert "8 Gon may still be held" in explain_aged(k, DEDUCED, c("1Gon"))


def test_8_sip_aged_only_once_9_sip_revealed() -> None:
    # 002 "Red Imprint Cards and Lao Sui Pai": "for 8 Sip, it can only become Lao Sui
    # if 9 Sip has been revealed." (000: "8 Sip is the only one that is not aged right
    # at the beginning.")
    rest = "8Sip 6Gon 5Gon 2Gon 7Sok 4Sok 3Sok 8Chen 6Chen 5Chen 2Chen"
    before = know("3Sip " + rest, [])
    assert not aged_cards(before, FACE_UP) & cards("8Sip")
    assert not aged_cards(before, DEDUCED) & cards("8Sip")
    assert explain_aged(before, FACE_UP, c("8Sip")) == (
        "8 Sip is not aged: 9 Sip has not been seen face up, so an opponent may hold it"
    )
    events = [
        play(1, 0, LEAD, "3Sip"), play(1, 1, BEAT, "9Sip", "3Sip"), hidden_discard(1, 2, 1, "9Sip")
    ]
    after = know(rest, events)
    for mode in (FACE_UP, DEDUCED):
        assert aged_cards(after, mode) & cards("8Sip")
        assert explain_aged(after, mode, c("8Sip")) == (
            "8 Sip is aged: 9 Sip was played face up in round 1"
        )


def test_2_sip_is_lao_sui_once_3_to_9_revealed() -> None:
    # 002 "Lao Sui Pai": "Supposing that the cards 3456789 of the Sip suit has been
    # revealed. What happens to the 2 and 1 Sip? By logic, 2 Sip is Lao Sui because
    # there are no more Sip cards which can beat it".
    events = [
        play(1, 0, LEAD, "3Sip"), play(1, 1, BEAT, "4Sip", "3Sip"),
        play(1, 2, BEAT, "5Sip", "4Sip"),
        play(2, 2, LEAD, "6Sip"), play(2, 0, BEAT, "7Sip", "6Sip"),
        play(2, 1, BEAT, "9Sip", "7Sip"),
        play(3, 1, LEAD, "8Sip"), hidden_discard(3, 2, 1, "8Sip"), play(3, 0, DISCARD, "4Chen"),
    ]
    k = know("2Sip 1Sip 5Gon 3Gon 6Sok 2Sok 5Chen 3Chen 2Chen", events, counts=(9, 9, 9))
    for mode in (FACE_UP, DEDUCED):
        assert aged_cards(k, mode) & cards("2Sip 1Sip") == cards("2Sip 1Sip")
    assert explain_aged(k, FACE_UP, c("2Sip")) == (
        "2 Sip is aged: 9 Sip, 8 Sip, 7 Sip, 6 Sip, 5 Sip, 4 Sip and 3 Sip were played face "
        "up in rounds 1, 2 and 3"
    )


def test_a_sequence_headed_by_an_old_card_is_old() -> None:
    # 001 "Old Cards": "If a consecutive sequence in the same suit, headed by an Old
    # card, is held by some player then the whole sequence are Old Cards."
    k = know("9Gon 8Gon 7Gon 6Gon 4Gon 3Sok 2Sok 4Chen 5Chen 2Chen 3Chen 8Chen", [])
    for mode in (FACE_UP, DEDUCED):
        assert aged(k, mode) == "9Gon 8Gon 7Gon 6Gon"
    assert "5 Gon may still be held" in explain_aged(k, DEDUCED, c("4Gon"))


# ---------------------------------------------------------------- deductions


def eight_chen_face_down(surrender: str = STRICT, seat_2_discards: bool = True) -> Knowledge:
    """9 Chen is seen face up; 8 Chen must have gone face down (000 "Aged cards")."""
    events = [
        play(1, 0, LEAD, "5Chen"), hidden_discard(1, 1, 1, "5Chen"),
        play(1, 2, BEAT, "9Chen", "5Chen"),
        play(2, 2, LEAD, "2Gon"), play(2, 0, BEAT, "6Gon", "2Gon"),
        play(2, 1, BEAT, "8Gon", "6Gon"),
        play(3, 1, LEAD, "7Sip"), hidden_discard(3, 2, 1, "7Sip"), play(3, 0, DISCARD, "2Sok"),
        play(4, 1, LEAD, "4Gon"), hidden_discard(4, 2, 1, "4Gon"), play(4, 0, BEAT, "5Gon", "4Gon"),
        play(5, 0, LEAD, "3Chen"), hidden_discard(5, 1, 1, "3Chen"),
        hidden_discard(5, 2, 1, "3Chen") if seat_2_discards else play(5, 2, BEAT, "4Chen", "3Chen"),
    ]
    return know("7Chen 2Chen 4Sok 3Sok 3Gon 3Sip 2Sip", events, surrender=surrender)


def test_8_chen_played_face_down_by_logic() -> None:
    # 000 "Aged cards": "If, in the above example, 8 Chen was played face-down, but the
    # player can assert through a logical argument that someone must have played it out
    # earlier, then 7 Chen is still considered as aged."
    k = eight_chen_face_down()
    assert aged_cards(k, DEDUCED) & cards("7Chen")
    assert not aged_cards(k, FACE_UP) & cards("7Chen")
    assert explain_aged(k, DEDUCED, c("7Chen")) == (
        "7 Chen is aged: 9 Chen was played face up in round 1; 8 Chen cannot be in an "
        "opponent's hand: seat 1 could not beat the single 5 Chen in round 1; seat 2 could "
        "not beat the single 3 Chen in round 5"
    )
    assert explain_aged(k, FACE_UP, c("7Chen")) == (
        "7 Chen is not aged: 8 Chen has not been seen face up, so an opponent may hold it"
    )
    # Both opponents discarded to the 3 Chen in round 5: nothing above 2 Chen is left.
    assert explain_aged(k, DEDUCED, c("2Chen")) == (
        "2 Chen is aged: 9 Chen, 5 Chen and 3 Chen were played face up in rounds 1 and 5; "
        "you hold 7 Chen; 8 Chen and 6 Chen cannot be in an opponent's hand: seat 1 could not "
        "beat the single 5 Chen in round 1; seat 2 could not beat the single 3 Chen in round "
        "5; 4 Chen cannot be in an opponent's hand: seat 1 could not beat the single 3 Chen in "
        "round 5; seat 2 could not beat the single 3 Chen in round 5"
    )
    # Where can 8 Chen be? Only in seat 2's discards of rounds 3 and 4.
    rng = random.Random(7)
    for _ in range(50):
        world = sample_hidden(k, rng)
        assert not (world.hands[1] | world.hands[2]) & cards("8Chen 6Chen")
        assert (world.plays[7] | world.plays[10]) & cards("8Chen")


def test_break_surrender_reveals_the_hand_after_the_discard() -> None:
    # Under ``break`` (000 "Play of the hand", the triple-twos example) a discard only
    # shows that the cards kept cannot beat: the discard itself may be the 8 Chen.
    k = eight_chen_face_down(surrender=BREAK)
    assert aged_cards(k, DEDUCED) & cards("7Chen")
    assert "seat 2 kept nothing to beat the single 3 Chen when it discarded in round 5" in (
        explain_aged(k, DEDUCED, c("7Chen"))
    )
    seen_in_round_5 = False
    rng = random.Random(3)
    for _ in range(200):
        world = sample_hidden(k, rng)
        assert not (world.hands[1] | world.hands[2]) & cards("8Chen")
        seen_in_round_5 |= bool(world.plays[14] & cards("8Chen"))
    assert seen_in_round_5


def test_no_conclusion_without_the_surrender() -> None:
    # Seat 2 beat the 3 Chen instead of discarding: it may still hold 8 Chen.
    k = eight_chen_face_down(seat_2_discards=False)
    assert not aged_cards(k, DEDUCED) & cards("7Chen")
    assert explain_aged(k, DEDUCED, c("7Chen")) == (
        "7 Chen is not aged: 8 Chen may still be held by seat 2"
    )


def gok_surrender(seat_1_shows_8_gon: bool, round_3_lead: str = "3Sip") -> Knowledge:
    events = [
        play(1, 0, LEAD, "5Sip 5Gon 5Sok"), hidden_discard(1, 1, 3, "5Sip 5Gon 5Sok"),
        play(1, 2, BEAT, "6Sip 6Gon 6Sok", "5Sip 5Gon 5Sok"),
        play(2, 2, LEAD, "2Sip"), play(2, 0, DISCARD, "2Sok"), play(2, 1, BEAT, "8Sip", "2Sip"),
        play(3, 1, LEAD, "8Gon" if seat_1_shows_8_gon else round_3_lead),
        hidden_discard(3, 2, 1, "8Gon" if seat_1_shows_8_gon else round_3_lead),
        play(3, 0, DISCARD, "2Gon"),
        play(4, 1, LEAD, "4Chen"), hidden_discard(4, 2, 1, "4Chen"),
        play(4, 0, BEAT, "5Chen", "4Chen"),
    ]
    return know("9Chen 7Chen 4Sok 3Sok 1Gon 1Sip", events)


def test_a_gok_surrender_and_later_face_up_cards_exclude_a_card() -> None:
    # Seat 1 could not beat three 5s in round 1 and later showed 8 Sip and 8 Gon: had it
    # held 8 Chen, it would have had three 8s. Seat 2 could not beat the 4 Chen.
    k = gok_surrender(seat_1_shows_8_gon=True)
    assert aged_cards(k, DEDUCED) & cards("7Chen")
    assert not aged_cards(k, FACE_UP) & cards("7Chen")
    assert explain_aged(k, DEDUCED, c("7Chen")) == (
        "7 Chen is aged: you hold 9 Chen; 8 Chen cannot be in an opponent's hand: seat 1 "
        "could not beat the Gok of three 5s in round 1, which it could have with 8 Chen and "
        "the cards it played later; seat 2 could not beat the single 4 Chen in round 4"
    )


def test_a_gok_surrender_alone_does_not_exclude_a_single_card() -> None:
    # 8 Gon may now be with seat 2, so seat 1 may hold 8 Chen beside its shown 8 Sip
    # without having held three 8s: "no Gok beating three 5s" does not exclude it.
    k = gok_surrender(seat_1_shows_8_gon=False)
    assert not aged_cards(k, DEDUCED) & cards("7Chen")
    assert explain_aged(k, DEDUCED, c("7Chen")) == (
        "7 Chen is not aged: 8 Chen may still be held by seat 1"
    )


def test_a_gok_surrender_with_cards_that_must_lie_together() -> None:
    # As above, but seat 2 could not beat 3 Gon in round 3 and had discarded nothing
    # before: the unseen 8 Gon lies with seat 1. Seat 1 also showed 8 Sip, so had it held
    # 8 Chen it would have held three 8s against the three 5s. A two-card argument.
    k = gok_surrender(seat_1_shows_8_gon=False, round_3_lead="3Gon")
    assert aged_cards(k, DEDUCED) & cards("7Chen")
    assert "no deal consistent with the play puts it in seat 1's hand" in (
        explain_aged(k, DEDUCED, c("7Chen"))
    )
    rng = random.Random(2)
    for _ in range(20):
        world = sample_hidden(k, rng)
        assert world.hands[1] & cards("8Gon") or any(
            world.plays[i] & cards("8Gon") for i in (1,)
        )


def test_counting_the_unseen_cards() -> None:
    # Seat 2 could not beat 3 Sok in round 1, so every unseen Sok above it lies with
    # seat 1, whose four cards are then exactly 4, 6, 7 and 8 Sok: no room for 8 Chen
    # or 9 Chen. Seat 2 could not beat 2 Chen in round 4. So 6 Chen is aged.
    events = [
        play(1, 0, LEAD, "2Sok"), play(1, 1, BEAT, "3Sok", "2Sok"),
        hidden_discard(1, 2, 1, "3Sok"),
        play(2, 1, LEAD, "4Gon 5Gon 6Gon"), hidden_discard(2, 2, 3, "4Gon 5Gon 6Gon"),
        play(2, 0, DISCARD, "2Sip 4Sip 2Gon"),
        play(3, 1, LEAD, "7Sip 7Gon 7Chen"), hidden_discard(3, 2, 3, "7Sip 7Gon 7Chen"),
        play(3, 0, DISCARD, "3Gon 1Gon 1Sok"),
        play(4, 1, LEAD, "2Chen"), hidden_discard(4, 2, 1, "2Chen"),
        play(4, 0, BEAT, "4Chen", "2Chen"),
    ]
    k = know("9Sok 5Sok 6Chen 3Sip", events)
    assert aged_cards(k, DEDUCED) & cards("6Chen")
    assert not aged_cards(k, FACE_UP) & cards("6Chen")
    words = explain_aged(k, DEDUCED, c("6Chen"))
    assert words == (
        "6 Chen is aged: 7 Chen was played face up in round 3; 9 Chen and 8 Chen cannot be in "
        "an opponent's hand: seat 2 could not beat the single 2 Chen in round 4; counting the "
        "unseen cards against the face-down discards, no deal consistent with the play puts "
        "it in seat 1's hand"
    )
    rng = random.Random(1)
    for _ in range(20):
        assert sample_hidden(k, rng).hands[1] == cards("4Sok 6Sok 7Sok 8Sok")


def test_the_dreamers_card_is_out_of_play() -> None:
    # Four players: seat 1 could not beat 5 Chen in round 1, seat 2 could not beat 2 Chen
    # in round 3 and had discarded nothing before: the unseen 8 Chen is the dreamer's.
    events = [
        play(1, 0, LEAD, "5Chen"), hidden_discard(1, 1, 1, "5Chen"),
        play(1, 2, BEAT, "9Chen", "5Chen"),
        play(2, 2, LEAD, "3Chen"), play(2, 0, BEAT, "4Chen", "3Chen"),
        hidden_discard(2, 1, 1, "4Chen"),
        play(3, 0, LEAD, "2Chen"), hidden_discard(3, 1, 1, "2Chen"),
        hidden_discard(3, 2, 1, "2Chen"),
    ]
    k = know("7Chen 6Chen 1Chen 6Sok 5Sok 4Sok 3Sok 8Gon 6Gon", events, players=4)
    assert aged(k, DEDUCED) == "7Chen 6Chen 1Chen"
    assert aged(k, FACE_UP) == "1Chen"
    assert explain_aged(k, DEDUCED, c("7Chen")) == (
        "7 Chen is aged: 9 Chen was played face up in round 1; 8 Chen cannot be in an "
        "opponent's hand: seat 1 could not beat the single 5 Chen in round 1; seat 2 could "
        "not beat the single 2 Chen in round 3"
    )
    rng = random.Random(0)
    for _ in range(20):
        assert sample_hidden(k, rng).dreamer == c("8Chen")


def test_bad_input_is_refused() -> None:
    k = know("9Sok 8Sok 7Sok 4Sok 6Sip 3Sip 5Gon 2Gon 8Chen 6Chen 3Chen 2Chen", [])
    with pytest.raises(ValueError, match="'faceup'"):
        aged_cards(k, "faceup")
    with pytest.raises(ValueError, match="5 Sok is not in seat 0's hand"):
        explain_aged(k, DEDUCED, c("5Sok"))
    short = know("9Sok 8Sok", [], counts=(2, 2, 2))
    with pytest.raises(InconsistentKnowledge, match="34 cards are unseen"):
        aged_cards(short, DEDUCED)
    # Seat 1 discarded to the 2 Chen, then played 7 Chen: it held a beating card.
    liar = know(
        "9Sok 8Sok 7Sok 4Sok 6Sip 3Sip 5Gon 2Gon 8Chen 3Chen",
        [play(1, 0, LEAD, "2Chen"), hidden_discard(1, 1, 1, "2Chen"),
         play(1, 2, BEAT, "4Chen", "2Chen"), play(2, 2, LEAD, "5Chen"),
         play(2, 0, BEAT, "6Chen", "5Chen"), play(2, 1, BEAT, "7Chen", "6Chen")],
    )
    with pytest.raises(InconsistentKnowledge, match="seat 1 discarded in round 1 yet held"):
        aged_cards(liar, DEDUCED)
    with pytest.raises(InconsistentKnowledge):
        sample_hidden(liar, random.Random(0))


def test_own_face_down_discard_counts_only_when_deduced() -> None:
    # face_up follows 002 literally ("revealed during play"): the seat's own face-down
    # discard of 9 Sip is not revealed; deduced knows where 9 Sip went.
    events = [
        play(1, 0, LEAD, "3Gon"), play(1, 1, BEAT, "5Gon", "3Gon"),
        play(1, 2, BEAT, "6Gon", "5Gon"),
        play(2, 2, LEAD, "2Chen"), play(2, 0, DISCARD, "9Sip"), play(2, 1, BEAT, "4Chen", "2Chen"),
    ]
    k = know("8Sip 7Sip 4Gon 2Gon 1Gon 6Sok 5Sok 4Sok 3Sok 1Chen", events)
    assert aged(k, DEDUCED) == "8Sip 7Sip 1Chen"
    assert aged(k, FACE_UP) == "1Chen"
    assert explain_aged(k, DEDUCED, c("8Sip")) == (
        "8 Sip is aged: you discarded 9 Sip face down in round 2"
    )
    assert explain_aged(k, FACE_UP, c("8Sip")) == (
        "8 Sip is not aged: 9 Sip has not been seen face up (in this mode your own face-down "
        "discard of it does not count)"
    )


def run_surrender(surrender: str) -> Knowledge:
    """Seat 1 could not beat the run 2-3-4 Sok in round 1, then showed 7 and 8 Sok face up;
    seat 2 could not beat the single 5 Sok in round 3. The observer holds 9 Sok and 1 Sok:
    6 Sok is the only Sok unseen."""
    events = [
        play(1, 0, LEAD, "2Sok 3Sok 4Sok"), hidden_discard(1, 1, 3, "2Sok 3Sok 4Sok"),
        hidden_discard(1, 2, 3, "2Sok 3Sok 4Sok"),
        play(2, 0, LEAD, "2Gon"), play(2, 1, BEAT, "5Gon", "2Gon"),
        hidden_discard(2, 2, 1, "5Gon"),
        play(3, 1, LEAD, "5Sok"), hidden_discard(3, 2, 1, "5Sok"), play(3, 0, DISCARD, "2Chen"),
        play(4, 1, LEAD, "7Sok"), hidden_discard(4, 2, 1, "7Sok"), play(4, 0, DISCARD, "7Chen"),
        play(5, 1, LEAD, "8Sok"), hidden_discard(5, 2, 1, "8Sok"), play(5, 0, DISCARD, "8Chen"),
    ]
    return know("1Sok 9Sok 6Chen 5Chen 4Chen", events, surrender=surrender)


def test_a_run_surrender_and_later_face_up_cards_exclude_a_card() -> None:
    # Had seat 1 held 6 Sok, it would have held 6-7-8 Sok against the run 2-3-4 Sok.
    k = run_surrender(STRICT)
    assert not aged_cards(k, FACE_UP) & cards("1Sok")
    assert explain_aged(k, FACE_UP, c("1Sok")).startswith("1 Sok is not aged: 6 Sok")
    assert aged_cards(k, DEDUCED) & cards("1Sok")
    assert explain_aged(k, DEDUCED, c("1Sok")) == (
        "1 Sok is aged: 8 Sok, 7 Sok, 5 Sok, 4 Sok, 3 Sok and 2 Sok were played face up in "
        "rounds 1, 3, 4 and 5; you hold 9 Sok; 6 Sok cannot be in an opponent's hand: seat 1 could "
        "not beat the run 2-3-4 Sok in round 1, which it could have with 6 Sok and the cards "
        "it played later; seat 2 could not beat the single 5 Sok in round 3"
    )
    rng = random.Random(5)
    for _ in range(30):
        world = sample_hidden(k, rng)
        assert not (world.hands[1] | world.hands[2]) & cards("6Sok")


def test_a_run_surrender_under_break_keeps_the_discard_open() -> None:
    # Under break the discard itself may have broken the run: seat 1 may have discarded
    # 6 Sok in round 1, but cannot hold it now (it would hold 6-7-8 Sok after the discard).
    k = run_surrender(BREAK)
    assert aged_cards(k, DEDUCED) & cards("1Sok")
    assert "seat 1 kept nothing to beat the run 2-3-4 Sok when it discarded in round 1" in (
        explain_aged(k, DEDUCED, c("1Sok")))
    rng = random.Random(6)
    seen_discarded = False
    for _ in range(200):
        world = sample_hidden(k, rng)
        assert not (world.hands[1] | world.hands[2]) & cards("6Sok")
        seen_discarded |= bool(world.plays[1] & cards("6Sok"))
    assert seen_discarded
