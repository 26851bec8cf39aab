"""The table asks each game for its presenter and names no game: every registered game's
presenter is its own, an unknown game or one that gives no presenter is refused, the
catalogues' domains are the registry's, and ``table/``, ``ui/`` and the server's Python
hold no game's name."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from paiju.core.errors import MalformedRecord
from paiju.core.games import GAMES, get_game
from paiju.table import present, text
from paiju.table.present import Presenter, presenter_for

SRC = Path(present.__file__).resolve().parents[1]
BOTS = Path(__file__).resolve().parents[1] / "bots"
sys.path.insert(0, str(BOTS))


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    from paiju.core import games

    monkeypatch.setitem(games.GAMES, "tiny", "tinygame")


@pytest.mark.parametrize("name", list(GAMES))
def test_each_game_gives_its_own_presenter(name: str) -> None:
    presenter = presenter_for(name)
    assert isinstance(presenter, Presenter) and presenter.game == name
    assert presenter_for(get_game(name)) is presenter  # one per game, by name or game
    assert presenter.native_lang in text.LANGS
    assert type(presenter).__module__.startswith(text.package(name))  # in its own folder


def test_an_unknown_game_has_no_presenter() -> None:
    with pytest.raises(MalformedRecord, match="unknown game 'nope'"):
        presenter_for("nope")


def test_a_game_whose_presenter_is_not_one_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                      tiny: None) -> None:
    class Mute:
        name = "mute"

        def presenter(self) -> Any:
            return object()

    with pytest.raises(TypeError, match="the game 'mute' gives no table presenter"):
        presenter_for(Mute())  # type: ignore[arg-type]


def test_the_toy_game_is_presented_from_its_own_folder(tiny: None) -> None:
    presenter = presenter_for("tiny")
    assert type(presenter).__module__ == "tinygame.present"
    assert text.package("tiny") == "tinygame"
    assert text.domains() == ["table", "lukfu", "daifugo", "tiny"]
    assert presenter.game_title("ja") == "ちいさな大富豪"
    assert presenter.refusal("it is seat 1's turn, not seat 0's", "zh_Hant") == (
        "現在輪到座位 1，不是座位 0")


def test_the_toy_games_catalogues_are_complete_and_in_step(tiny: None) -> None:
    from paiju.table import catalogue

    said = {(s.context, s.msgid, s.plural) for s in catalogue.extract("tiny")}
    assert len(said) > 20
    for lang in ("zh_Hant", "ja"):
        from babel.messages.pofile import read_po

        with text.po_path("tiny", lang).open("rb") as handle:
            held = read_po(handle, locale=lang, domain="tiny")
        entries = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id,
                    m.id[1] if isinstance(m.id, tuple) else None): m for m in held if m.id}
        assert set(entries) == said
        assert all(all(m.string) if isinstance(m.string, tuple) else m.string
                   for m in entries.values())


#: A game's name as the code would write it.
_NAMED = re.compile(r"lukfu|luk_fu|daifugo|dai_fugo", re.IGNORECASE)


def test_the_table_the_terminal_the_server_and_the_page_name_no_game() -> None:
    static = SRC / "web" / "static"
    places = [*(SRC / "table").rglob("*.py"), *(SRC / "ui").rglob("*.py"),
              *(SRC / "web").glob("*.py"),
              *(p for p in static.rglob("*") if p.suffix in (".js", ".css", ".html"))]
    named = [f"{path.relative_to(SRC)}:{n}" for path in places
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _NAMED.search(line)]
    assert named == []


@pytest.mark.parametrize("name", list(GAMES))
def test_a_games_card_keys_name_every_card_of_its_views(name: str) -> None:
    """The server names the cards under the game's own keys: over random hands of every
    preset, they find every card the keys of all games together find."""
    import random

    from paiju.web.messages import CARD_KEYS, card_tokens

    game, keys = get_game(name), presenter_for(name).card_keys
    found = 0
    for preset in game.options.presets:
        state = game.new_hand(game.rules(preset), game.player_counts[-1], random.Random(7))
        rng = random.Random(preset)
        while True:
            for seat in range(state.num_seats):
                data = state.view(seat).to_json()
                assert card_tokens(data, keys=keys) == card_tokens(data, keys=CARD_KEYS)
                found += len(card_tokens(data, keys=keys))
            if state.is_terminal():
                break
            state.apply(rng.choice(list(state.legal_actions())))
    assert found


def test_the_toy_games_top_play_is_named_by_its_own_key(tiny: None) -> None:
    import random

    from paiju.web.messages import card_tokens

    game = get_game("tiny")
    state = game.new_hand(game.rules("basic"), 2, random.Random(1))
    state.apply(state.legal_actions()[0])
    data = state.view(1).to_json()
    top = set(data["top"])
    assert top and top <= card_tokens(data, keys=presenter_for("tiny").card_keys)
    alone = {"top": data["top"]}  # the top play under the toy game's key alone
    assert card_tokens(alone, keys=presenter_for("tiny").card_keys) == top
    assert card_tokens(alone, keys=presenter_for("lukfu").card_keys) == set()
