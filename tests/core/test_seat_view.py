"""Game.seat_view: the view the front ends hand a seat is the seat's own view."""

from __future__ import annotations

import pytest

from paiju.core.games import get_game
from paiju.core.seeding import make_rng


@pytest.mark.parametrize(("game_name", "preset", "players"), [
    ("lukfu", "hongkong", 4), ("lukfu", "gloucester", 3), ("lukfu", "sung", 4),
    ("daifugo", "pagat", 4), ("daifugo", "uecda", 5),
])
def test_seat_view_shows_what_the_seats_own_view_shows(game_name: str, preset: str,
                                                       players: int) -> None:
    game = get_game(game_name)
    rules = game.rules(preset)
    checked = 0
    for i in range(6):
        rng = make_rng(11, "seat-view", game_name, i)
        state = game.new_hand(rules, players, rng)
        while state.to_move() is not None:
            for seat in range(state.num_seats):
                quick, own = game.seat_view(state, seat), state.view(seat)
                assert quick.to_json() == own.to_json()
                assert quick.legal_actions() == own.legal_actions()
                if game_name == "lukfu" and seat < 3:  # the engine's answer, the seat's own
                    assert quick.aged() == own.aged()  # type: ignore[attr-defined]
                checked += 1
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    assert checked > 100


def test_a_luk_fu_seat_view_is_of_a_luk_fu_hand() -> None:
    daifugo = get_game("daifugo")
    state = daifugo.new_hand(daifugo.rules("pagat"), 4, make_rng(1))
    with pytest.raises(TypeError, match="Luk Fu hand"):
        get_game("lukfu").seat_view(state, 0)
