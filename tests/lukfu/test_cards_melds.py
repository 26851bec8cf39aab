"""Cards, notation and melds, with the worked examples of 000 "Play of the hand"."""

import itertools

import pytest

from paiju.core.errors import UnknownCard
from paiju.lukfu.engine.cards import LI_CHEN, RED_CARDS, mask, name, parse_card
from paiju.lukfu.engine.melds import GOK, RUN, SINGLE, Meld, has_beating, meld_of


def m(*tokens: str) -> Meld:
    meld = meld_of(mask(parse_card(t) for t in tokens))
    assert meld is not None, tokens
    return meld


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("9Sip", "9Sip"), ("9 sup", "9Sip"), ("SIP9", "9Sip"), ("4Gong", "4Gon"),
        ("4Sop", "4Sok"), ("1Ten", "1Chen"), ("1 Tyen", "1Chen"), ("九拾", "9Sip"),
        ("三索", "3Sok"), ("5貫", "5Gon"), ("2綫", "2Chen"), ("2錢", "2Chen"),
        ("Leeten", "LiChen"), ("li chen", "LiChen"), ("Bak Chi", "1Sip"), ("毛公", "1Chen"),
    ],
)
def test_every_sources_names_parse(token: str, canonical: str) -> None:
    assert name(parse_card(token)) == canonical


@pytest.mark.parametrize("token", ["10Sip", "0Gon", "9Hearts", "", "LiFa", "鹿花"])
def test_unknown_cards_are_refused_with_their_name(token: str) -> None:
    with pytest.raises(UnknownCard, match=repr(token).strip("'") or "unknown"):
        parse_card(token)


def test_eight_red_cards() -> None:
    # 000 "Aged cards": "only eight cards in a deck of Luk Fu have red imprints".
    assert sorted(name(c) for c in RED_CARDS) == sorted(
        ["9Sip", "9Gon", "9Sok", "9Chen", "1Sip", "1Chen", "LiChen", "8Sip"]
    )


def test_meld_types() -> None:
    assert m("5Sip").kind == SINGLE
    assert m("5Sip", "5Gon", "5Sok").kind == GOK
    assert m("3Chen", "4Chen", "5Chen", "6Chen").kind == RUN
    assert meld_of(mask([parse_card("1Sip"), parse_card("1Gon"), LI_CHEN])) is None
    assert meld_of(mask(parse_card(t) for t in ["3Sip", "4Sip", "6Sip"])) is None
    assert meld_of(mask(parse_card(t) for t in ["3Sip", "3Gon"])) is None


def test_single_cards_000() -> None:
    # "a Sip card cannot beat a Sok card"; 1 Sip, 1 Chen and Li Chen beat nothing, unbeatable.
    assert m("7Sip").beats(m("5Sip"))
    assert not m("7Sip").beats(m("5Sok"))
    assert not m("9Sip").beats(m("1Sip"))
    assert not m("2Chen").beats(m("1Chen"))
    assert m("2Gon").beats(m("1Gon"))


def test_goks_000() -> None:
    # "triple eights > triple fours, but quad eights does not beat triple fours".
    assert m("8Sip", "8Gon", "8Sok").beats(m("4Sip", "4Gon", "4Chen"))
    assert not m("8Sip", "8Gon", "8Sok", "8Chen").beats(m("4Sip", "4Gon", "4Chen"))
    # 001: "if a set of three or four Aces is led ... beaten only by the same number of Nines".
    ones = m("1Sip", "1Gon", "1Sok")
    assert not m("8Sip", "8Gon", "8Sok").beats(ones)
    assert m("9Sip", "9Gon", "9Sok").beats(ones)


def test_runs_000_examples() -> None:
    # {9,8,7,6} Gon > {5,4,3,2} Gon > {8,7,6,5} Chen > {4,3,2,1} Chen.
    chain = [
        m("9Gon", "8Gon", "7Gon", "6Gon"), m("5Gon", "4Gon", "3Gon", "2Gon"),
        m("8Chen", "7Chen", "6Chen", "5Chen"), m("4Chen", "3Chen", "2Chen", "1Chen"),
    ]
    for higher, lower in itertools.pairwise(chain):
        assert higher.beats(lower) and not lower.beats(higher)
    # {7..1} Sip > {9..3} Sok.
    assert m(*[f"{n}Sip" for n in range(1, 8)]).beats(m(*[f"{n}Sok" for n in range(3, 10)]))
    # {9,8,7} Sip and {6,5,4,3} Sok do not compare.
    a, b = m("9Sip", "8Sip", "7Sip"), m("6Sok", "5Sok", "4Sok", "3Sok")
    assert not a.beats(b) and not b.beats(a)


def test_surrender_example_000() -> None:
    # Dealer leads triple twos; player 2 holds 6 5 4 Sip, 4 Gon, 4 Sok, 4 Chen, 8 7 5 Chen.
    hand = mask(parse_card(t) for t in
                ["6Sip", "5Sip", "4Sip", "4Gon", "4Sok", "4Chen", "8Chen", "7Chen", "5Chen"])
    top = m("2Sip", "2Gon", "2Sok")
    ok = mask(parse_card(t) for t in ["4Gon", "4Sok", "5Chen"])
    bad = mask(parse_card(t) for t in ["4Sok", "7Chen", "5Chen"])
    assert not has_beating(hand & ~ok, top)  # "Yes, ... he no longer possesses cards that can beat"
    assert has_beating(hand & ~bad, top)  # "No, ... he still possesses triple fours"
