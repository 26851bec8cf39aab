"""Two packs' cards (docs/daifugo.md, "The double deck"): the notation of a second copy,
hands that keep a card held twice as ``7S 7S'``, and the groups identical cards make,
checked against reading every part of small hands."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.core.errors import UnknownCard
from paiju.daifugo.engine.cards import (
    COPY,
    JOKER1,
    RANK_NAMES,
    SUIT_NAMES,
    TOKENS,
    bits,
    canon,
    holds,
    identity,
    is_copy,
    is_joker,
    minus,
    pack,
    parse_card,
    parse_play_token,
    put,
    rank_of,
    suit_of,
    take,
    tokens,
)
from paiju.daifugo.engine.combos import GROUP, JOKER_RANK, BadPlay
from paiju.daifugo.engine.copies import (
    all_groups2,
    group2,
    groups2,
    hand_tokens,
    read_group,
    suit_counts,
)
from paiju.daifugo.engine.generate import subsets
from paiju.daifugo.engine.rulebook import Rulebook

TWO_PACKS = pack(4, 2)


def cards_of(text: str) -> int:
    """A set of cards in canon form from tokens (a token twice: both copies)."""
    out = 0
    for t in text.split():
        out = put(out, canon(1 << parse_card(t)))
    return out


def counts(mask: int) -> Counter[int]:
    """How many of each card (copies as the card; each joker its own) a set holds."""
    return Counter(c if is_joker(c) else identity(c) for c in bits(mask))


# ------------------------------------------------------------------ notation


def test_one_packs_tokens_are_as_before() -> None:
    suited = [r + s for r in RANK_NAMES for s in SUIT_NAMES]
    assert list(TOKENS[:52]) == suited and TOKENS[52] == TOKENS[53] == "JK"
    assert [parse_card(t) for t in suited] == list(range(52))


def test_a_second_copy_is_written_with_a_prime_and_read_back() -> None:
    for c in range(52):
        second = c + COPY
        assert TOKENS[second] == TOKENS[c] + "'"
        assert parse_card(TOKENS[second]) == second
        assert parse_card(TOKENS[second].lower()) == second
        assert parse_play_token(TOKENS[second]) == (second, None)
        assert is_copy(second) and not is_copy(c) and identity(second) == c
        assert rank_of(second) == rank_of(c) and suit_of(second) == suit_of(c)
        assert not is_joker(second)
    assert parse_card("♠7'") == parse_card("7S") + COPY
    assert parse_card("JK") == JOKER1


def test_a_joker_has_no_prime() -> None:
    with pytest.raises(UnknownCard, match="a joker is written JK"):
        parse_card("JK'")


def test_two_packs_hold_104_suited_cards_and_up_to_four_jokers() -> None:
    assert pack(0, 2).bit_count() == 104 and pack(4, 2).bit_count() == 108
    assert sorted(Counter(TOKENS[c] for c in bits(pack(4, 2))).values()) == [1] * 104 + [4]
    with pytest.raises(ValueError, match="0 to 2 jokers"):
        pack(3)
    with pytest.raises(ValueError, match="0 to 4 jokers"):
        pack(5, 2)


# ------------------------------------------------------------------ hands in canon form


def test_a_card_held_once_is_the_first_packs_whichever_was_dealt() -> None:
    assert tokens(canon(1 << (parse_card("7S") + COPY))) == ["7S"]
    assert tokens(canon(1 << parse_card("7S") | 1 << (parse_card("7S") + COPY))) == [
        "7S", "7S'"]
    assert hand_tokens(cards_of("7S 7H 7S 3D JK")) == ["3D", "7S", "7S'", "7H", "JK"]


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_take_and_put_count_each_card_as_a_multiset(rng: Random) -> None:
    full = list(bits(TWO_PACKS))
    hand = canon(sum(1 << c for c in rng.sample(full, rng.randrange(0, 40))))
    held = list(bits(hand))
    part = canon(sum(1 << c for c in rng.sample(held, rng.randrange(0, len(held) + 1))))
    assert canon(hand) == hand and holds(hand, part)
    rest = take(hand, part)
    assert canon(rest) == rest
    assert counts(rest) == counts(hand) - counts(part)
    assert put(rest, part) == hand


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_minus_and_the_common_bits_count_as_multisets(rng: Random) -> None:
    """``minus`` takes each card as far as it is held; ``a & b`` holds each card as often
    as the one of them that holds it less."""
    full = list(bits(TWO_PACKS))
    a = canon(sum(1 << c for c in rng.sample(full, rng.randrange(0, 40))))
    b = canon(sum(1 << c for c in rng.sample(full, rng.randrange(0, 40))))
    assert counts(minus(a, b)) == counts(a) - counts(b)  # a Counter drops what goes below 0
    assert counts(a & b) == counts(a) & counts(b)
    assert canon(minus(a, b)) == minus(a, b) and canon(a & b) == a & b


def test_one_packs_sets_take_and_put_as_plain_bits() -> None:
    rng = Random(3)
    for _ in range(500):
        a = rng.getrandbits(54)
        b = a & rng.getrandbits(54)
        assert canon(a) == a and take(a, b) == a & ~b and put(a & ~b, b) == a


# ------------------------------------------------------------------ groups


def test_identical_cards_make_a_group_and_its_suits_are_a_multiset() -> None:
    m = read_group([parse_play_token(t) for t in ("7S", "7S'", "7H")])
    assert m is not None and m.kind == GROUP and m.size == 3 and m.rank == rank_of(
        parse_card("7S"))
    assert m.suits == 0b0001_0011  # ♠ and ♡, ♠ twice
    assert m.tokens() == ("7S", "7H", "7S'")
    # the copy written does not matter: one ♠7 is the first pack's
    one = read_group([parse_play_token("7S'"), parse_play_token("7H")])
    assert one == read_group([parse_play_token("7S"), parse_play_token("7H")])
    # eight of a kind and four jokers
    eight_tokens = ["7S", "7H", "7D", "7C", "7S'", "7H'", "7D'", "7C'", "JK", "JK", "JK", "JK"]
    eight = read_group([parse_play_token(t) for t in eight_tokens])
    assert eight is not None and eight.size == 12 and eight.jokers == 4
    assert eight.suits == 0xFF


def test_a_card_named_three_times_or_five_jokers_are_refused() -> None:
    with pytest.raises(BadPlay, match="named three times"):
        read_group([parse_play_token("7S")] * 3)
    with pytest.raises(BadPlay, match="at most four jokers"):
        read_group([parse_play_token("JK")] * 5)


def test_cards_of_several_ranks_are_no_group() -> None:
    assert read_group([parse_play_token(t) for t in ("7S", "8S", "9S")]) is None
    assert read_group([parse_play_token(t) for t in ("7S", "JK=8S", "9S")]) is None
    assert read_group([parse_play_token("JK")] * 3) == group2(0, 3, JOKER_RANK)
    assert read_group([parse_play_token("JK=9H")]) is None  # read as one pack reads it


def test_a_lock_on_two_spades_needs_two_spades() -> None:
    spades = suit_counts(cards_of("7S 7S"))
    assert spades == 0b0001_0001
    assert Rulebook.lock_ok(spades, group2(cards_of("9S 9S"), 0, 6))
    assert not Rulebook.lock_ok(spades, group2(cards_of("9S 9H"), 0, 6))
    assert Rulebook.lock_ok(spades, group2(cards_of("9S"), 1, 6))  # the joker: the other ♠
    assert not Rulebook.lock_ok(spades, group2(cards_of("9H"), 1, 6))


def groups_by_brute_force(hand: int) -> set[tuple[int, int, int]]:
    """Every group of a hand as (rank, naturals, jokers), from every part of the hand."""
    held = counts(hand)
    suited = sorted(c for c in held if not is_joker(c))
    jokers = sum(n for c, n in held.items() if is_joker(c))
    out = set()
    for picks in product(*(range(held[c] + 1) for c in suited)):
        chosen = [c for c, k in zip(suited, picks, strict=True) for _ in range(k)]
        if len({rank_of(c) for c in chosen}) > 1:
            continue
        for j in range(jokers + 1):
            if not chosen and not j:
                continue
            played = [(c, None) for c in chosen] + [(JOKER1, None)] * j
            m = read_group(played)
            assert m is not None
            out.add((m.rank, m.naturals, m.jokers))
    return out


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_every_group_of_a_hand_is_listed_once(rng: Random) -> None:
    # few ranks, so that hands hold many cards of each: 3s to 5s of both packs, jokers
    low = [c for c in bits(TWO_PACKS) if is_joker(c) or rank_of(c) < 3]
    hand = canon(sum(1 << c for c in rng.sample(low, rng.randrange(1, 14))))
    listed = [(m.rank, m.naturals, m.jokers) for m in all_groups2(hand)]
    assert len(listed) == len(set(listed))
    assert set(listed) == groups_by_brute_force(hand)
    for m in all_groups2(hand):
        assert holds(hand, m.naturals) and m.size == m.naturals.bit_count() + m.jokers
        assert m in set(groups2(hand, m.size, 1 << m.rank))


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_two_pack_hands_gifts_are_each_multiset_once(rng: Random) -> None:
    """The cards a two-pack hand may give, pass or discard (``subsets``): each multiset
    of its cards, of each allowed size, exactly once, as the plain way finds them
    (every choice of card numbers, merged by canon form)."""
    hand = canon(sum(1 << c for c in rng.sample(list(bits(TWO_PACKS)), rng.randrange(0, 13))))
    lo = rng.randrange(0, 4)
    hi = lo + rng.randrange(0, 4)
    listed = subsets(hand, lo, hi, 2)
    assert len(listed) == len(set(listed))
    plain = {tuple(tokens(canon(sum(1 << c for c in combo))))
             for k in range(lo, hi + 1) for combo in combinations(list(bits(hand)), k)}
    # the plain way tells jokers apart: write them as tokens, JK last
    assert {tuple(sorted(t, key=lambda x: x == "JK")) for t in listed} == {
        tuple(sorted(t, key=lambda x: x == "JK")) for t in plain}
