"""Each player's turns, read from the tables one client receives (paiju.uecda.history)."""

from __future__ import annotations

from paiju.uecda.history import GameLog
from paiju.uecda.tables import Status, Table, cards_table, play_table


def hand_table(new_trick: bool) -> Table:
    return cards_table(["4S"], Status(field_empty=new_trick))


def field_table(cards: list[str], player: int) -> Table:
    return Status(turn=player).on(play_table(cards))


def test_a_changed_field_is_a_play_and_an_unchanged_one_a_pass() -> None:
    log = GameLog()
    steps = [
        (True, ["3D"], 2),     # leads the 3 of diamonds
        (False, ["3D"], 3),    # passes
        (False, ["5D"], 4),    # plays the 5
        (False, ["5D"], 0),    # passes
        (False, ["5D"], 2),    # passes: the field clears
        (True, [], 4),         # passes on the empty field
        (True, ["5S", "5H"], 0),  # leads a pair
    ]
    for new, cards, player in steps:
        log.on_hand(hand_table(new))
        log.on_field(field_table(cards, player))
    got = [(t.player, t.tokens()) for t in log.turns]
    assert got == [(2, ("3D",)), (3, ()), (4, ("5D",)), (0, ()), (2, ()), (4, ()),
                   (0, ("5S", "5H"))]
    assert [t.passed for t in log.turns] == [False, True, False, True, True, True, False]
    assert [t.size() for t in log.turns] == [1, 0, 1, 0, 0, 0, 2]


def test_after_a_clear_the_same_cells_again_are_a_play() -> None:
    # the lone joker sits at [0][14] on the field; the field clears; a later lone joker
    # (in a new game) at the same cell is a play, not a pass
    log = GameLog()
    log.on_hand(hand_table(False))
    log.on_field(field_table(["JK"], 1))
    log.on_hand(hand_table(True))
    assert log.on_field(field_table(["JK"], 3)).tokens() == ("JK",)


def test_a_joker_below_the_3_reads_as_paiju_writes_it() -> None:
    log = GameLog()
    log.on_hand(hand_table(True))
    turn = log.on_field(Status(turn=1).on(Table.of({(0, 0): 2, (0, 1): 1, (0, 2): 1})))
    assert turn.size() == 3 and not turn.passed
    assert turn.tokens() == ("JK=<3S", "3S", "4S")


def test_the_players_go_out_in_the_order_their_cards_run_out() -> None:
    dealt = cards_table(["4S"], Status(exchanging=True, turn=6, counts=(1, 2, 1, 1, 3)))
    log = GameLog.dealt(dealt)
    steps = [(2, ["3D"]), (3, ["5D"]), (4, ["7D", "7H"]), (0, ["9D"]), (1, ["9D"]),
             (4, ["JK"])]
    for player, cards in steps:
        assert log.order() is None
        log.on_hand(hand_table(False))
        log.on_field(field_table(cards, player))
    assert [t.passed for t in log.turns] == [False, False, False, False, True, False]
    assert log.out == [2, 3, 0, 4]
    assert log.order() == [2, 3, 0, 4, 1]
    assert log.counts == [0, 2, 0, 0, 0]
