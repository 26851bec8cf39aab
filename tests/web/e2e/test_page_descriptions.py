"""Each game's description for the browser table (paiju/GAME/page.py) against the game
itself, with no browser: every card a hand deals or names has a face, every kind of
action a button, and the order the page sorts a hand by is the game's ranking."""

from __future__ import annotations

import json
from random import Random

import pytest

from paiju.core.games import GAMES, get_game
from paiju.core.page import PageDescription
from paiju.daifugo.engine.cards import parse_card, rank_of


def _hands(name: str, seed: int) -> tuple[set[str], set[str], set[str], set[str], set[str]]:
    """The card tokens, the kinds of action, the kinds of action made with cards, the
    views' keys and the kinds a view shows another seat make face down (counted, no
    cards) met in a hand played at random."""
    game = get_game(name)
    rng = Random(seed)
    state = game.new_hand(game.rules(), game.player_counts[-1], rng)
    tokens: set[str] = set()
    kinds: set[str] = set()
    with_cards: set[str] = set()
    keys: set[str] = set()
    hidden: set[str] = set()
    while not state.is_terminal():
        for seat in range(state.num_seats):
            view = state.view(seat).to_json()
            tokens.update(view.get("hand") or [])
            keys.update(view)
            hidden |= {a["do"] for a in view.get("actions", [])
                       if a["seat"] != seat and "count" in a and "cards" not in a}
        for legal in state.legal_actions():
            if legal.to_json().get("cards"):
                with_cards.add(legal.do)
        action = rng.choice(list(state.legal_actions()))
        kinds.add(action.do)
        tokens.update(action.to_json().get("cards", []))
        state.apply(action)
    return tokens, kinds, with_cards, keys, hidden


@pytest.mark.parametrize("name", ["lukfu", "daifugo"])
def test_every_card_has_a_face_and_every_kind_a_button(name: str) -> None:
    desc = get_game(name).page()
    assert isinstance(desc, PageDescription)
    seen: set[str] = set()
    for seed in range(6):
        tokens, kinds, with_cards, keys, hidden = _hands(name, seed)
        # the step-through counts what the views count
        assert hidden <= set(desc.face_down), hidden - set(desc.face_down)
        assert kinds <= set(desc.moves), kinds - set(desc.moves)
        assert not desc.ask_option or desc.ask_option in get_game(name).options.options
        # a ranking that turns round is said both ways
        assert len(desc.ranking) == (2 if desc.turned_by else 0)
        # a kind the page sends without cards never takes any
        assert not with_cards & set(desc.bare), with_cards & set(desc.bare)
        # the view keys the page reads the ranking and its flags from are the view's
        assert {*desc.turned_by, *(key for key, _, _ in desc.flags)} <= keys
        seen |= tokens
    # a joker's reading ("JK=10H") is the joker's face with the card it stands for
    missing = {t for t in seen if t.split("=")[0] not in desc.deck
               or ("=" in t and t.split("=")[1] not in desc.deck)}
    assert not missing, missing
    assert all(face.parts and face.en and face.native for face in desc.deck.values())


def test_the_description_goes_to_the_page_as_json() -> None:
    for name in ("lukfu", "daifugo"):
        sent = json.loads(json.dumps(get_game(name).page().to_json()))
        assert sent["title"] and sent["native_lang"] in ("en", "zh", "ja")
        assert len(sent["deck"]) == len(get_game(name).page().deck)
    assert {n: get_game(n).page().native_lang for n in ("lukfu", "daifugo")} == {
        "lukfu": "zh", "daifugo": "ja"}


def test_a_hand_sorted_by_the_description_is_in_the_ranking_in_force() -> None:
    desc = get_game("daifugo").page()
    assert desc.hand_order == "strength"
    suited = [t for t in desc.deck if t != "JK"]
    for turned in (False, True):
        def place(token: str, turned: bool = turned) -> int:
            face = desc.deck[token]
            return face.turned if turned and face.turned is not None else face.order
        ranks = [rank_of(parse_card(t)) for t in sorted(suited, key=place)]
        assert ranks == sorted(ranks, reverse=turned)
        # the joker is the strongest either way
        assert place("JK") > max(place(t) for t in suited)


def test_every_registered_game_describes_itself() -> None:
    for name in GAMES:
        assert get_game(name).page().moves
