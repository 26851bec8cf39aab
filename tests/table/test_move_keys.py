"""Each game's presenter names its actions' keys and their words in the key bar: no key
is one the table keeps, every kind of action a hand offers can be made from the keyboard,
and the words are the catalogue's in each language."""

from random import Random

import pytest

from paiju.core.games import GAMES, get_game
from paiju.table.present import TABLE_KEYS, presenter_for


def _kinds(game: str, hands: int = 30) -> set[str]:
    """The kinds of action the seat to move is offered over random hands of every preset."""
    g = get_game(game)
    rng = Random(7)
    seen: set[str] = set()
    for preset in g.options.presets:
        for players in g.player_counts[:2]:
            for _ in range(hands // 3):
                state = g.new_hand(g.rules(preset), players, rng)
                while not state.is_terminal():
                    legal = state.legal_actions()
                    seen |= {a.to_json()["do"] for a in legal}
                    state.apply(legal[rng.randrange(len(legal))])
    return seen


@pytest.mark.parametrize("game", list(GAMES))
def test_every_kind_of_action_has_a_key_the_table_leaves_free(game: str) -> None:
    p = presenter_for(game)
    assert not {k for k in p.move_keys.values() if k != "enter"} & TABLE_KEYS
    for do in _kinds(game):
        assert do in p.move_keys, f"{game}: no key makes {do!r}"
        if p.move_keys[do] != "enter":
            assert p.do_for_key(p.move_keys[do]) == do


@pytest.mark.parametrize("game", list(GAMES))
def test_the_key_bar_says_each_action_in_the_players_language(game: str) -> None:
    p = presenter_for(game)
    for do in p.move_keys:
        english, native = p.move_word(do, False), p.move_word(do, True)
        assert native and native != english, (game, do)
