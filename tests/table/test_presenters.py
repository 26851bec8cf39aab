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


def test_the_table_the_terminal_and_the_server_name_no_game() -> None:
    places = [*(SRC / "table").rglob("*.py"), *(SRC / "ui").rglob("*.py"),
              *(SRC / "web").glob("*.py")]
    named = [f"{path.relative_to(SRC)}:{n}" for path in places
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _NAMED.search(line)]
    assert named == []
