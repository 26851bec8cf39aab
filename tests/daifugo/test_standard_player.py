"""The ``uecda-standard`` player: the UECda standard client's strategy over a Dai Fugō view."""

from __future__ import annotations

import pytest

from paiju.bots.base import make_bot
from paiju.core.games import get_game
from paiju.core.seeding import make_rng
from paiju.daifugo.engine.cards import parse_card
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.rules import make_rules
from paiju.sim.play import play_hand


def mask(*toks: str) -> int:
    out = 0
    for t in toks:
        out |= 1 << parse_card(t)
    return out


def position(hands: list[list[str]], moves: list[tuple[int, tuple[str, ...]]],
             first: int = 0) -> DaifugoState:
    """A uecda hand from the given cards, seat ``first`` first, after ``moves`` (seat, cards)."""
    from paiju.daifugo.engine.actions import Action

    state = DaifugoState(make_rules("uecda"), [mask(*h) for h in hands], first)
    for seat, cards in moves:
        state.apply(Action(seat, "play" if cards else "pass", cards))
    return state


HANDS = [
    ["3D", "4S", "5S", "6S", "7H", "7D", "KC"],
    ["3S", "8H", "8S", "9C", "QS", "JK"],
    ["4D", "4H", "10H", "JH", "QH", "KH", "2D"],
    ["5C", "6C", "9D", "9H", "AS", "2S"],
    ["3H", "3C", "7S", "10D", "JD", "AH"],
]


def choice(state: DaifugoState) -> tuple[str, tuple[str, ...]]:
    seat = state.to_move()
    assert seat is not None
    action = make_bot("uecda-standard").choose(state.view(seat), make_rng(0))
    return action.do, tuple(action.cards)


def test_it_leads_the_longest_sequence_then_the_largest_group_then_the_lowest_card() -> None:
    assert choice(position(HANDS, [])) == ("play", ("4S", "5S", "6S"))
    hands = [["3D", "7H", "7D", "7C", "KC", "KS"], *HANDS[1:]]
    assert choice(position(hands, [])) == ("play", ("7H", "7D", "7C"))
    hands = [["3D", "7H", "9D", "KC"], *HANDS[1:]]
    assert choice(position(hands, [])) == ("play", ("3D",))


def test_it_follows_with_the_lowest_loose_card_above_the_field_and_keeps_its_pairs() -> None:
    # seat 0 leads 3D; seat 1 holds 8H 8S (a pair), so it plays 9C, its lowest loose card
    state = position([["3D", "KC"], *HANDS[1:]], [(0, ("3D",))])
    assert choice(state) == ("play", ("9C",))


def test_it_counts_the_joker_into_a_pair_when_it_leads() -> None:
    hands = [["3D"], ["5H", "JK", "9C"], *HANDS[2:]]
    state = position(hands, [(0, ("3D",))])
    # on a single card it plays its lowest loose card above the field
    assert choice(state) == ("play", ("5H",))
    state = position(hands, [], first=1)
    # the lowest pair it can make; the joker in the first suit the pair lacks, which the
    # rules name where a group's joker takes a suit (group_joker_suit)
    assert choice(state) in {("play", ("5H", "JK")), ("play", ("JK=5S", "5H"))}


def test_it_passes_when_nothing_it_would_play_beats_the_field() -> None:
    state = position([["3D", "2H"], *HANDS[1:]], [(0, ("2H",))])
    assert choice(state) == ("play", ("JK",))  # seat 1 holds the joker, and no loose 2
    state = position([["3D", "2H"], ["3S", "8H", "8S"], *HANDS[2:]], [(0, ("2H",))])
    assert choice(state) == ("pass", ())


def test_in_the_exchange_it_gives_its_lowest_cards_and_never_the_joker() -> None:
    game = get_game("daifugo")
    session = game.new_session(game.rules("uecda"), 5, 11)
    bots = [make_bot("uecda-standard")] * 5
    gifts = 0
    for _ in range(4):
        state = session.deal()
        while state.to_move() is not None:
            seat = state.to_move()
            assert seat is not None
            action = bots[seat].choose(state.view(seat), make_rng(1))
            if action.do == "give":
                held = [c for c in range(52) if state.pos.hands[seat] >> c & 1]
                assert sorted(parse_card(t) for t in action.cards) == held[: len(action.cards)]
                gifts += 1
            state.apply(action)
        session.finish(state)
    assert gifts == 6  # Dai Fugō and Fugō give in each of the hands after the first


def test_it_plays_whole_sessions_legally_and_the_same_way_each_time() -> None:
    game = get_game("daifugo")
    for preset, players in (("uecda", 5), ("pagat", 4), ("popular", 4)):
        orders = []
        for _ in range(2):
            session = game.new_session(game.rules(preset), players, 5)
            got = []
            for _ in range(3):
                state = session.deal()
                result = play_hand(state, [make_bot("uecda-standard")] * players, make_rng(2))
                got.append(result.order)
                session.finish(state)
            orders.append(got)
        assert orders[0] == orders[1]


def test_make_bot_finds_a_game_s_own_player_and_refuses_it_for_another_game() -> None:
    assert make_bot("uecda-standard", "daifugo").name == "uecda-standard"
    assert make_bot("uecda-standard").name == "uecda-standard"
    with pytest.raises(ValueError, match="player 'uecda-standard' plays only Dai Fugō"):
        make_bot("uecda-standard", "lukfu")
    with pytest.raises(ValueError, match=r"unknown player 'nobody'; known for Dai Fugō.*"
                                         "uecda-standard"):
        make_bot("nobody", "daifugo")
    with pytest.raises(ValueError, match="unknown player 'nobody'; known: random, heuristic, "
                                         "ismcts, learned, strongest, uecda-standard"):
        make_bot("nobody")
    with pytest.raises(ValueError, match="takes no settings"):
        make_bot("uecda-standard:x=1")


def test_it_refuses_a_view_of_another_game() -> None:
    game = get_game("lukfu")
    state = game.new_hand(game.rules("hongkong"), 4, make_rng(3))
    seat = state.to_move()
    assert seat is not None
    with pytest.raises(TypeError, match="plays Dai Fugō, not lukfu"):
        make_bot("uecda-standard").choose(state.view(seat), make_rng(0))
