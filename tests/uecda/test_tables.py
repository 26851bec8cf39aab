"""The tables of the UECda protocol: bytes, profiles, hands, plays and the status rows."""

from __future__ import annotations

import random
import struct

import pytest

from paiju.core.games import get_game
from paiju.daifugo.engine.cards import RANK_NAMES, parse_card, parse_play_token
from paiju.daifugo.engine.combos import BadPlay, read_play
from paiju.uecda.tables import (
    TABLE_BYTES,
    ProtocolError,
    Status,
    Table,
    cards_table,
    int_from_bytes,
    int_to_bytes,
    play_table,
    profile_table,
    read_profile,
    table_cards,
    table_play,
)

GAME = get_game("daifugo")


def grid(cells: dict[tuple[int, int], int]) -> Table:
    return Table.of(cells)


# ------------------------------------------------------------------ bytes


def test_a_table_is_480_bytes_of_big_endian_int32_row_by_row() -> None:
    t = Table.of({(0, 0): 20070, (0, 1): 1, (7, 14): 2, (5, 3): -1})
    data = t.to_bytes()
    assert len(data) == TABLE_BYTES == 480
    assert data[:8] == bytes([0, 0, 0x4E, 0x66, 0, 0, 0, 1])  # 20070 = 0x4E66, then 1
    assert data[-4:] == bytes([0, 0, 0, 2])
    assert struct.unpack(">i", data[(5 * 15 + 3) * 4:(5 * 15 + 4) * 4]) == (-1,)
    assert Table.from_bytes(data) == t


@pytest.mark.parametrize("size", [0, 4, 479, 481, 960])
def test_a_table_of_the_wrong_size_is_refused_with_its_size(size: int) -> None:
    with pytest.raises(ProtocolError, match=f"480 bytes, not {size}"):
        Table.from_bytes(bytes(size))


def test_cells_must_be_32_bit_ints() -> None:
    with pytest.raises(ProtocolError, match=r"\[0\]\[3\].*32-bit"):
        Table((0, 0, 0, 2**31) + (0,) * 116)
    with pytest.raises(ProtocolError, match="120 cells, not 3"):
        Table((0, 0, 0))
    with pytest.raises(ProtocolError, match=r"no cell \[8\]\[0\]"):
        Table.of({(8, 0): 1})


def test_ints_are_four_big_endian_bytes() -> None:
    assert int_to_bytes(9) == b"\x00\x00\x00\x09"
    assert int_from_bytes(b"\x00\x00\x00\x08") == 8
    with pytest.raises(ProtocolError, match="4 bytes, not 3"):
        int_from_bytes(b"\x00\x00\x01")


# ------------------------------------------------------------------ profile


def test_the_profile_has_20070_and_the_name_ending_in_zero() -> None:
    t = profile_table("paiju")
    assert t[0, 0] == 20070
    assert t.row(1)[:6] == (ord("p"), ord("a"), ord("i"), ord("j"), ord("u"), 0)
    assert sum(1 for v in t.cells if v) == 6
    assert read_profile(t) == (20070, "paiju")


def test_a_name_the_profile_cannot_carry_is_refused() -> None:
    with pytest.raises(ProtocolError, match="at most 14"):
        profile_table("a" * 15)
    with pytest.raises(ProtocolError, match="ASCII"):
        profile_table("大富豪")
    with pytest.raises(ProtocolError, match="printable ASCII code"):
        read_profile(Table.of({(0, 0): 20070, (1, 0): 200}))


# ------------------------------------------------------------------ hands


def test_a_hand_table_has_ones_and_the_joker_as_2_at_4_1() -> None:
    t = cards_table(["3S", "2C", "10H", "JK"])
    assert t.nonzero() == [(0, 1, 1), (1, 8, 1), (3, 13, 1), (4, 1, 2)]
    assert table_cards(t) == ["3S", "10H", "2C", "JK"]


def test_a_hand_table_keeps_the_status_rows() -> None:
    st = Status(exchanging=True, exchange_count=2, turn=6, counts=(11, 11, 11, 10, 10),
                titles=(0, 1, 2, 3, 4), seats=(3, 1, 0, 4, 2))
    t = cards_table(["4D"], st)
    assert t[2, 2] == 1 and Status.of(t) == st
    assert t.row(5)[:4] == (1, 2, 0, 6)
    assert t.row(6) == (11, 11, 11, 10, 10, 0, 1, 2, 3, 4, 3, 1, 0, 4, 2)


def test_a_bad_hand_table_names_the_cell() -> None:
    with pytest.raises(ProtocolError, match=r"\[0\]\[0\] holds 1"):
        table_cards(grid({(0, 0): 1}))
    with pytest.raises(ProtocolError, match=r"\[2\]\[5\] holds 7"):
        table_cards(grid({(2, 5): 7}))
    with pytest.raises(ProtocolError, match="two jokers"):
        table_cards(grid({(4, 1): 2, (0, 3): 2}))
    with pytest.raises(ProtocolError, match="one joker"):
        cards_table(["JK", "JK"])


# ------------------------------------------------------------------ plays, by hand


def test_a_pass_is_the_all_zero_table() -> None:
    assert play_table([]) == Table.empty()
    assert table_play(Table.empty()) == ()


def test_the_lone_joker_goes_to_0_14_or_0_0_in_a_revolution_and_reads_anywhere() -> None:
    assert play_table(["JK"]).nonzero() == [(0, 14, 2)]
    assert play_table(["JK"], revolution=True).nonzero() == [(0, 0, 2)]
    for cell in [(0, 0), (0, 14), (2, 7), (3, 13)]:
        assert table_play(grid({cell: 2})) == ("JK",)
    with pytest.raises(ProtocolError, match="row 4"):
        table_play(grid({(4, 1): 2}))


def test_the_documented_sequence_9_10_jack_with_the_joker_as_the_jack() -> None:
    # protocol.html 13.4.1: [0][7] and [0][8] hold 1, [0][9] holds 2
    t = grid({(0, 7): 1, (0, 8): 1, (0, 9): 2})
    assert table_play(t) == ("9S", "10S", "JK=JS")
    assert play_table(["9S", "10S", "JK=JS"]) == t


def test_an_unnamed_joker_in_a_sequence_takes_the_gap_or_the_only_end() -> None:
    assert play_table(["9S", "JK", "JS"]) == grid({(0, 7): 1, (0, 8): 2, (0, 9): 1})
    assert play_table(["KH", "AH", "2H", "JK"]).nonzero()[0] == (1, 10, 2)
    with pytest.raises(ProtocolError, match=r"either end.*JK=8S or JK=JS"):
        play_table(["9S", "10S", "JK"])


def test_the_documented_four_fives_with_the_joker_as_the_club() -> None:
    # protocol.html 13.4.1: [0][3], [1][3], [2][3] hold 1 and [3][3] holds 2
    t = grid({(0, 3): 1, (1, 3): 1, (2, 3): 1, (3, 3): 2})
    assert table_play(t) == ("5S", "5H", "5D", "JK=5C")
    assert play_table(["5S", "5H", "5D", "JK=5C"]) == t
    assert play_table(["5S", "5H", "5D", "JK"]) == t  # the first suit the group lacks


def test_a_joker_in_a_pair_takes_the_suit_it_names() -> None:
    t = play_table(["7D", "JK=7S"])
    assert t.nonzero() == [(0, 5, 2), (2, 5, 1)]
    assert table_play(t) == ("7D", "JK=7S")
    assert play_table(["7D", "JK"]).nonzero() == [(0, 5, 2), (2, 5, 1)]
    with pytest.raises(ProtocolError, match="cannot stand for 7D"):
        play_table(["7D", "JK=7D"])


def test_a_five_card_group_has_its_joker_in_row_4() -> None:
    t = play_table(["9S", "9H", "9D", "9C", "JK"])
    assert t.nonzero() == [(0, 7, 1), (1, 7, 1), (2, 7, 1), (3, 7, 1), (4, 7, 2)]
    assert table_play(t) == ("9S", "9H", "9D", "9C", "JK")
    with pytest.raises(ProtocolError, match="fifth card of four of a kind"):
        table_play(grid({(0, 7): 1, (4, 7): 2}))


def test_a_joker_beyond_the_3_or_the_2_is_in_column_0_or_14() -> None:
    """tndhms takes a sequence's joker in column 0 or 14 (external.c, count_card_num):
    paiju's sequence_joker_beyond_ends, written JK=<3S and JK=>2H."""
    below = grid({(0, 0): 2, (0, 1): 1, (0, 2): 1})
    above = grid({(1, 12): 1, (1, 13): 1, (1, 14): 2})
    assert table_play(below) == ("JK=<3S", "3S", "4S")
    assert table_play(above) == ("AH", "2H", "JK=>2H")
    assert play_table(["JK=<3S", "3S", "4S"]) == below
    assert play_table(["2H", "JK=>2H", "AH"]) == above
    every_spade = [r + "S" for r in RANK_NAMES]
    assert play_table([*every_spade, "JK=>2S"]) == grid(
        {**{(0, c): 1 for c in range(1, 14)}, (0, 14): 2})


@pytest.mark.parametrize(
    ("cells", "why"),
    [
        ({(0, 3): 1, (1, 5): 1}, "neither of one rank nor of one suit"),
        ({(0, 3): 1, (0, 4): 1}, "three or more"),
        ({(0, 3): 1, (0, 5): 1, (0, 6): 1}, "consecutive"),
        ({(0, 3): 2, (1, 3): 2}, "two jokers"),
        ({(0, 3): 3}, r"\[0\]\[3\] holds 3"),
        ({(0, 14): 1}, r"\[0\]\[14\] holds 1"),
        ({(4, 5): 1}, r"\[4\]\[5\] holds 1"),
    ],
)
def test_a_table_that_is_no_play_is_refused_with_the_reason(
    cells: dict[tuple[int, int], int], why: str
) -> None:
    with pytest.raises(ProtocolError, match=why):
        table_play(grid(cells))


def test_plays_the_protocol_cannot_carry_are_refused() -> None:
    with pytest.raises(ProtocolError, match="one joker"):
        play_table(["JK", "JK"])
    with pytest.raises(ProtocolError, match="several ranks and suits"):
        play_table(["3S", "4H", "5D", "6C"])  # an emperor
    with pytest.raises(ProtocolError, match="unknown card"):
        play_table(["1S"])
    every_spade = [r + "S" for r in RANK_NAMES]
    with pytest.raises(ProtocolError, match="no place is left for the joker"):
        play_table([*every_spade, "JK"])


def test_rows_5_to_7_of_a_play_are_ignored() -> None:
    t = grid({(0, 3): 1, (5, 0): 1, (6, 3): 11, (7, 14): 5})
    assert table_play(t) == ("5S",)


# ------------------------------------------------------------------ plays, from random games


def meld_of(tokens: tuple[str, ...], beyond: bool = False) -> object:
    return read_play([parse_play_token(t) for t in tokens], sequences=True, twos=True,
                     emperor=False, five=True, beyond=beyond)


def carried(cards: tuple[str, ...], beyond: bool) -> bool:
    """Whether the protocol can carry a play: one joker at most, no emperor."""
    if cards.count("JK") > 1:
        return False
    try:
        meld_of(cards, beyond)
    except BadPlay:
        return False
    return True


def random_plays(preset: str, games: int, seed: int) -> list[tuple[str, ...]]:
    rng = random.Random(seed)
    rules = GAME.rules(preset)
    seen: list[tuple[str, ...]] = []
    for _ in range(games):
        st = GAME.new_hand(rules, 5, rng)
        while not st.is_terminal():
            legal = st.legal_actions()
            for a in legal:
                if a.do == "play":  # type: ignore[attr-defined]
                    seen.append(a.cards)  # type: ignore[attr-defined]
            st.apply(rng.choice(legal))
    return sorted(set(seen))


@pytest.mark.parametrize("preset", ["pagat", "uecda", "popular"])
def test_every_play_of_random_games_goes_both_ways(preset: str) -> None:
    beyond = GAME.rules(preset).values["sequence_joker_beyond_ends"]
    # a joker beyond the ends needs the joker and the 3-4 or A-2 of a suit: rare enough
    # that uecda plays 60 games to list some
    plays = random_plays(preset, 60 if beyond else 20, seed=14)
    assert len(plays) > 200
    kinds = {"joker": 0, "joker_group": 0, "joker_sequence": 0}
    if beyond:
        kinds["joker_beyond_ends"] = 0
    for cards in plays:
        if not carried(cards, beyond):
            with pytest.raises(ProtocolError):
                play_table(cards)
            continue
        for rev in (False, True):
            t = play_table(cards, revolution=rev)
            back = table_play(t)
            assert play_table(back, revolution=rev) == t, cards
            assert meld_of(back, beyond) == meld_of(cards, beyond), cards
            if "JK" in cards or any(c.startswith("JK=") for c in cards):
                assert sorted(c for c in back if not c.startswith("JK")) == sorted(
                    c for c in cards if not c.startswith("JK"))
        if cards == ("JK",):
            kinds["joker"] += 1
        elif any(c[3:4] in ("<", ">") for c in cards):
            kinds["joker_beyond_ends"] += 1  # JK=<3S / JK=>2S: column 0 or 14
        elif "JK" in cards or len({c.split("=")[-1][:-1] for c in cards}) == 1:
            kinds["joker_group"] += 1  # a plain JK, or a JK= of the group's rank
        elif any(c.startswith("JK=") for c in cards):
            kinds["joker_sequence"] += 1
    assert all(kinds.values()), kinds


def test_every_hand_of_random_deals_goes_both_ways() -> None:
    rng = random.Random(3)
    rules = GAME.rules("uecda")
    for _ in range(20):
        st = GAME.new_hand(rules, 5, rng)
        for seat in range(5):
            hand = st.view(seat).to_json()["hand"]
            t = cards_table(hand)
            assert table_cards(t) == sorted(hand, key=parse_card)
            assert sum(1 for v in t.cells if v) == len(hand)


def test_the_status_rows_go_both_ways() -> None:
    st = Status(exchanging=False, exchange_count=0, my_turn=True, turn=3, field_empty=True,
                eleven_back=False, revolution=True, locked=True, counts=(1, 2, 3, 4, 5),
                titles=(4, 3, 2, 1, 0), seats=(2, 0, 1, 4, 3))
    t = st.on(Table.empty())
    assert t.row(5)[:8] == (0, 0, 1, 3, 1, 0, 1, 1)
    assert Status.of(Table.from_bytes(t.to_bytes())) == st
