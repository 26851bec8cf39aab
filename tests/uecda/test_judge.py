"""What tndhms answers to a play (paiju.uecda.judge): the table's own checks, then the
Dai Fugō rulebook under the uecda rules, with its reasons."""

from __future__ import annotations

import random

import pytest

from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.cards import SUITED
from paiju.daifugo.engine.rulebook import rulebook
from paiju.daifugo.game import GAME
from paiju.uecda.judge import judge
from paiju.uecda.serve_tables import Seating, hand_table
from paiju.uecda.tables import Status, Table, cards_table, play_table


def answer(held: str, play: str, field: str = "", **status: object) -> tuple[int, str | None]:
    status.setdefault("field_empty", not field)
    h = cards_table(held.split(), Status(my_turn=True, **status))  # type: ignore[arg-type]
    f = play_table(field.split()) if field else Table.empty()
    return judge(h, play_table(play.split()), f)


def test_a_pass_is_answered_9_on_an_empty_field_and_8_on_cards() -> None:
    assert answer("3S", "") == (9, None)
    assert answer("3S", "", "7H") == (8, None)


def test_the_cards_must_be_held() -> None:
    assert answer("3S", "4S") == (8, "the player does not hold a card of the play")
    assert answer("3S", "JK") == (8, "the player does not hold the joker")


@pytest.mark.parametrize(
    ("play", "field", "rev", "ok"),
    [
        ("8C", "7H", False, True),
        ("6C", "7H", False, False),
        ("7C", "7H", False, False),
        ("6C", "7H", True, True),
        ("8C", "7H", True, False),
        ("8S 8H", "7S 7H", False, True),
        ("8S 8H", "7S 7H 7D", False, False),
        ("6H 7H 8H", "3S 4S 5S", False, True),
        ("5H 6H 7H", "3S 4S 5S", False, False),
        ("3H 4H 5H", "6S 7S 8S", True, True),
        ("4H 5H 6H", "6S 7S 8S", True, False),
        ("JK", "2S", False, True),
        ("JK", "2S 2H", False, False),
    ],
)
def test_a_play_must_beat_the_field(play: str, field: str, rev: bool, ok: bool) -> None:
    held = "6C 7C 8C 8S 8H 3H 4H 5H 6H 7H JK"
    assert (answer(held, play, field, revolution=rev)[0] == 9) is ok


def test_under_a_lock_the_suits_must_match_but_a_lone_joker_is_free() -> None:
    assert answer("8C 8H JK", "8C", "7H", locked=True) == (
        8, "the table is locked to ♡ singles (shibari): 8C does not follow suit")
    assert answer("8C 8H JK", "8H", "7H", locked=True) == (9, None)
    assert answer("8C 8H JK", "JK", "7H", locked=True) == (9, None)


def test_only_the_spade_three_beats_a_lone_joker() -> None:
    assert answer("3S 3H 2S", "3S", "JK") == (9, None)
    assert answer("3S 3H 2S", "3H", "JK")[0] == 8
    assert answer("3S 3H 2S", "2S", "JK") == (8, "2S does not beat JK")
    # man/rule.html 4.3.2: a lock made before the joker does not bind the ♠3
    assert answer("3S 3H 2S", "3S", "JK", locked=True) == (9, None)


def test_the_server_takes_a_joker_below_the_3_and_a_five_card_group() -> None:
    h = cards_table(["3S", "4S", "JK"], Status(my_turn=True, field_empty=True))
    assert judge(h, Table.of({(0, 0): 2, (0, 1): 1, (0, 2): 1}), Table.empty()) == (9, None)
    held = "9S 9H 9D 9C JK"
    assert answer(held, held)[0] == 9


def test_tables_that_are_no_play_are_refused_with_the_reason() -> None:
    h = cards_table(["3S", "4S", "5H"], Status(my_turn=True, field_empty=True))
    assert judge(h, Table.of({(0, 1): 1, (0, 2): 1}), Table.empty())[0] == 8
    assert judge(h, Table.of({(0, 1): 1, (2, 3): 1}), Table.empty()) == (
        8, "the player does not hold a card of the play")
    assert judge(h, Table.of({(0, 1): 1, (1, 3): 1}), Table.empty()) == (
        8, "the cards are neither of one rank nor of one suit: no combination")
    assert judge(h, Table.of({(0, 1): 3}), Table.empty()) == (8, "cell [0][1] holds 3")


def test_a_joker_beyond_the_ends_ranks_by_its_column() -> None:
    """♠JK-3-4 (columns 0..2) lies below ♥5-6-7 in a revolution, ♢3-4-5 does not; ♠K-A-2-JK
    (columns 11..14) lies above ♥9-10-J-Q, ♠Q-K-A-2 does not."""
    held = "3S 4S 3D 4D 5D QS KS AS 2S JK"
    below = Table.of({(0, 0): 2, (0, 1): 1, (0, 2): 1})
    above = Table.of({(0, 11): 1, (0, 12): 1, (0, 13): 1, (0, 14): 2})

    def on(play: Table, field: str, rev: bool) -> int:
        h = cards_table(held.split(), Status(my_turn=True, revolution=rev))
        return judge(h, play, play_table(field.split()))[0]

    assert on(below, "5H 6H 7H", True) == 9
    assert on(play_table(["3D", "4D", "5D"]), "5H 6H 7H", True) == 8
    assert on(below, "5H 6H 7H", False) == 8
    assert on(above, "9H 10H JH QH", False) == 9
    assert on(play_table(["QS", "KS", "AS", "2S"]), "9H 10H JH QH", False) == 8
    assert on(above, "8H 9H 10H JH", True) == 8


def test_the_judge_answers_as_the_rules_do_in_random_uecda_hands() -> None:
    """On the tables a server sends at each turn of random uecda hands, the judge takes
    exactly the plays the engine's state allows: every legal play, and of a sample of
    the hand's other combinations, none the state refuses."""
    rng = random.Random(7)
    rules = GAME.rules("uecda")
    book = rulebook(rules)
    checked = beyond = 0
    for _ in range(12):
        state = GAME.new_hand(rules, 5, rng)
        seating = Seating(tuple(range(5)), None)
        while not state.is_terminal():
            legal = state.legal_actions()
            seat = state.to_move()
            assert seat is not None
            if state.pos.phase == "play":
                hand = hand_table(state, seating, seat, seat)
                t = state.pos.table
                field = (play_table(list(t.tokens()), state.pos.revolution) if t is not None
                         else Table.empty())
                nat, nj = state.pos.hands[seat] & SUITED, (state.pos.hands[seat] >> 52).bit_count()
                others = book.candidates(nat, nj)
                sample = rng.sample(others, min(8, len(others)))
                plays = [a.cards for a in legal if a.do == "play"] + [m.tokens() for m in sample]
                for cards in plays:
                    ok = state.why_illegal(Action(seat, "play", cards)) is None
                    assert (judge(hand, play_table(list(cards)), field)[0] == 9) is ok, cards
                    checked += 1
                    beyond += any(c[3:4] in ("<", ">") for c in cards)
            state.apply(rng.choice(legal))
    assert checked > 1000 and beyond > 0, (checked, beyond)
