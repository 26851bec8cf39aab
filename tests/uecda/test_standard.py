"""The standard client's strategy, from its documented habits (paiju.uecda.standard)."""

from __future__ import annotations

from paiju.uecda.standard import Seen, StandardStrategy, observe_field
from paiju.uecda.tables import Status, Table, cards_table, play_table, table_play


def hand(tokens: str, **status: object) -> Table:
    return cards_table(tokens.split(), Status(**status))  # type: ignore[arg-type]


def turn(tokens: str, field: str = "", **status: object) -> tuple[str, ...]:
    """What the strategy plays from ``tokens`` on a field of ``field`` (its tokens)."""
    s = StandardStrategy()
    s.on_hand(hand("3D", field_empty=True))
    s.on_field(play_table(field.split()) if field else Table.empty())
    status.setdefault("field_empty", not field)
    table = hand(tokens, my_turn=True, **status)
    s.on_hand(table)
    return table_play(s.play(table))


# ------------------------------------------------------------------ exchange


def test_the_dai_fugo_gives_its_two_lowest_cards_and_the_fugo_one() -> None:
    s = StandardStrategy()
    dealt = hand("3H 3C 4S 2S JK", exchanging=True, exchange_count=2)
    given = s.gift(dealt)
    assert given is not None and given.nonzero() == [(1, 1, 1), (3, 1, 1)]
    dealt = hand("5D 3C 4S", exchanging=True, exchange_count=1)
    assert s.gift(dealt) == cards_table(["3C"])


def test_the_joker_is_never_given_and_the_poor_give_nothing() -> None:
    s = StandardStrategy()
    assert s.gift(hand("JK AS 2S", exchanging=True, exchange_count=2)) == cards_table(
        ["AS", "2S"])
    assert s.gift(hand("3S 4S", exchanging=True, exchange_count=0)) is None


# ------------------------------------------------------------------ leads


def test_a_lead_is_the_longest_sequence_first() -> None:
    assert turn("3S 4S 5S 7H 7D") == ("3S", "4S", "5S")
    assert turn("3S 4S 5S 8H 9H 10H JH") == ("8H", "9H", "10H", "JH")


def test_without_a_sequence_the_largest_group_then_the_lowest_card() -> None:
    assert turn("4S 4H 9S 9H 9D KC") == ("9S", "9H", "9D")
    assert turn("4S 4H 9S 9H KC") == ("4S", "4H")
    assert turn("KC 5D 2S") == ("5D",)


def test_with_the_joker_a_single_card_leads_as_a_pair_and_a_triple_as_a_revolution() -> None:
    assert turn("6S 6H 9D JK") == ("6S", "6H", "JK=6D")
    assert turn("6S QH JK") == ("6S", "JK=6H")
    assert turn("JK") == ("JK",)


def test_the_joker_may_stand_below_the_3() -> None:
    s = StandardStrategy()
    table = hand("3S 4S JK", my_turn=True, field_empty=True)
    s.on_hand(table)
    out = s.play(table)
    assert out.nonzero() == [(0, 0, 2), (0, 1, 1), (0, 2, 1)]
    assert table_play(out) == ("JK=<3S", "3S", "4S")  # sequence_joker_beyond_ends


def test_in_a_revolution_the_lead_is_the_highest() -> None:
    assert turn("3S 5D KH", revolution=True) == ("KH",)
    assert turn("4S 4H 9S 9H KC", revolution=True) == ("9S", "9H")


# ------------------------------------------------------------------ follows


def test_a_single_is_followed_by_the_lowest_loose_card_above_it() -> None:
    # the 9s make a pair and 10-J-Q of spades a sequence: neither is broken
    assert turn("5S 8C 9D 9H 10S JS QS", "7H") == ("8C",)
    assert turn("5S 9D 9H 10S JS QS", "7H") == ()


def test_with_no_loose_card_above_a_single_the_joker_is_played() -> None:
    assert turn("5S 9D 9H JK", "7H") == ("JK",)


def test_a_group_is_followed_only_by_a_rank_held_exactly_that_many_times() -> None:
    assert turn("8S 8H 8D 9S 9C", "7S 7H") == ("9S", "9C")
    assert turn("8S 8H 8D", "7S 7H") == ()
    assert turn("8S 8H 8D JK", "7S 7H 7D 7C") == ("8S", "8H", "8D", "JK=8C")


def test_a_sequence_is_followed_from_the_lowest_card_whose_run_up_has_its_length() -> None:
    # above the 5: 6H..9H; from 6H the run up is four long, from 7H three
    assert turn("4H 5H 6H 7H 8H 9H", "3S 4S 5S") == ("7H", "8H", "9H")
    assert turn("4H 5H 6H 7H 8H", "3S 4S 5S") == ("6H", "7H", "8H")


def test_under_a_lock_only_the_locked_suit_follows() -> None:
    assert turn("8C 9H", "7H", locked=True) == ("9H",)
    assert turn("8C 9D", "7H", locked=True) == ()


def test_in_a_revolution_a_single_is_followed_by_the_highest_card_below_it() -> None:
    assert turn("4D 8C KS", "9S", revolution=True) == ("8C",)


# ------------------------------------------------------------------ what it remembers


def test_the_field_is_read_with_the_revolution_flag_of_the_turn_before() -> None:
    five = play_table(["3S", "4S", "5S", "6S", "7S"])
    assert observe_field(Seen(revolution=False), five).strength == 5  # its top, column 5
    assert observe_field(Seen(revolution=True), five).strength == 1  # its bottom
    lone = observe_field(Seen(), play_table(["JK"]))
    assert (lone.qty, lone.strength, lone.sequence) == (1, 14, False)


def test_a_new_trick_forgets_the_field() -> None:
    s = StandardStrategy()
    s.on_hand(hand("3D", field_empty=True))
    s.on_field(play_table(["7H", "7D"]))
    assert (s.seen.qty, s.seen.suits[:4], s.seen.new_trick) == (2, (0, 1, 1, 0), False)
    s.on_hand(hand("3D", field_empty=True))
    assert (s.seen.qty, s.seen.suits, s.seen.new_trick) == (0, (0,) * 5, True)
