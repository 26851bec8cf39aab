"""``GET /api/games`` in every language, over a real server: each game's title, each
preset's description and each option's wording (its group and every value) are there in
English, Traditional Chinese and Japanese, taken from the catalogues the Rules box uses."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from web_helpers import Server

from paiju.core.games import get_game
from paiju.table.rules_text import rules_text
from paiju.table.text import LANGS

#: Two English words in a row: what a Chinese or Japanese text must not hold (an option's
#: or preset's name is one word, joined by ``_`` or ``=``).
ENGLISH = re.compile(r"\b[A-Za-z]{2,} [A-Za-z]{2,}\b")


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    server = Server(tmp_path_factory.mktemp("games") / "tables.sqlite3").start()
    try:
        yield {g["name"]: g for g in server.get("/api/games").json()["games"]}
    finally:
        server.stop()


def in_every_language(text: Any, where: str) -> None:
    assert isinstance(text, dict) and set(text) == set(LANGS), (where, text)
    assert all(isinstance(t, str) and t.strip() for t in text.values()), (where, text)
    for lang in ("zh_Hant", "ja"):
        assert text[lang] != text["en"] or not ENGLISH.search(text["en"]), (where, lang, text)
        assert not ENGLISH.search(text[lang]), (where, lang, text[lang])


def test_every_option_of_every_game_has_wording_in_every_language(
        games: dict[str, Any]) -> None:
    assert set(games) == {"lukfu", "daifugo"}
    for name, game in games.items():
        table = get_game(name).options
        assert [o["name"] for o in game["options"]] == list(table.options)
        for option in game["options"]:
            where = f"{name}.{option['name']}"
            wording = option["wording"]
            in_every_language(wording["group"], where)
            kind = table.option(option["name"]).kind
            expected = ({"true", "false"} if kind == "bool"
                        else {*map(str, option["choices"]), "none"} if kind == "list"
                        else set(map(str, option["choices"])))
            assert set(wording["values"]) == expected, where
            for value, text in wording["values"].items():
                in_every_language(text, f"{where}={value}")


def test_the_wording_is_the_rules_box_s(games: dict[str, Any]) -> None:
    """Each preset's value of an option is worded as that table's Rules box says it."""
    for name, game in games.items():
        options = {o["name"]: o for o in game["options"]}
        for preset in game["presets"]:
            for lang in LANGS:
                box = rules_text(name, get_game(name).rules(preset["name"]), lang)
                said = {r["text"] for group in box for r in group["rules"]}
                for option in options.values():
                    value = option["defaults"][preset["name"]]
                    if isinstance(value, list):
                        continue  # a list is said item by item
                    shown = str(value).lower() if isinstance(value, bool) else str(value)
                    assert option["wording"]["values"][shown][lang] in said, (
                        name, preset["name"], option["name"], lang)


def test_titles_and_presets_in_every_language(games: dict[str, Any]) -> None:
    assert games["lukfu"]["title_text"]["zh_Hant"] == "六虎"
    assert games["daifugo"]["title_text"]["ja"] == "大富豪"
    for name, game in games.items():
        assert game["title_text"]["en"] == game["title"]
        in_every_language(game["title_text"], name)
        for preset in game["presets"]:
            text = preset["description_text"]
            in_every_language(text, f"{name}/{preset['name']}")
            assert text["en"] == preset["description"]
            first = game["presets"][0]["name"]
            assert all(first in t for t in text.values()), text
