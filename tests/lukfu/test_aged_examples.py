"""Aged cards on the seeds' worked examples, and deductions built by hand.

Seats 0, 1, 2 are the active players in order of play; the observer is seat 0 unless
said otherwise. Rounds are numbered from 1.
"""

from __future__ import annotations

from paiju.lukfu.aged import (
    DEDUCED,
    FACE_UP,
    aged_cards,
    explain_aged,
)
from paiju.lukfu.cards import Card, mask, parse_card, show
from paiju.lukfu.knowledge import BEAT, DISCARD, LEAD, STRICT, Event, Knowledge
from paiju.lukfu.melds import Meld, meld_of


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
