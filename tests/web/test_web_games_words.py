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
def games_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("games") / "tables.sqlite3").start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def games(games_server: Server) -> dict[str, Any]:
    return {g["name"]: g for g in games_server.get("/api/games").json()["games"]}


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
            first = game["presets"][0]["label_text"]  # said by its name in the language
            assert all(first[lang] in t for lang, t in text.items()), text


#: A word in Latin letters, of two letters or more.
LATIN = re.compile(r"[A-Za-z][A-Za-z.'-]*[A-Za-z]")
#: The proper names a Chinese or Japanese form may keep: the sources' site and UECda.
PROPER = {"pagat.com", "UECda"}


def latin_words(text: str) -> list[str]:
    """The words of ``text`` in Latin letters, less proper names and cards' ranks (K-A-2)."""
    return [w for w in LATIN.findall(text) if w not in PROPER and not set(w) <= set("AJQK-")]


def test_every_option_choice_and_preset_is_named_in_every_language(
        games: dict[str, Any]) -> None:
    """The form's words: each option by name, each of its choices, each preset by name and
    its description, in Chinese and Japanese with no English word (the option's and the
    value's names in English, as a user types them)."""
    assert games["lukfu"]["options"][0]["label_text"] == {
        "en": "tariff", "zh_Hant": "計分表", "ja": "点数表"}
    shibari = next(o for o in games["daifugo"]["options"] if o["name"] == "shibari")
    assert shibari["choices_text"]["partial"] == {
        "en": "partial", "zh_Hant": "半鎖", "ja": "片縛り"}
    popular = next(p for p in games["daifugo"]["presets"] if p["name"] == "popular")
    assert popular["description_text"]["ja"].startswith(
        "pagat.comと同じで、次を変更: 革命：フォーカード；8切り：あり；縛り：スート縛り；"
        "禁止上がり：最強のカード、ジョーカー、8切り、スペ3；")
    assert popular["description"].startswith("as pagat but revolution=four, eight_cut=true")
    for name, game in games.items():
        for option in game["options"]:
            where = f"{name}.{option['name']}"
            assert option["label_text"]["en"] == option["name"], where
            texts = [option["label_text"], *option["choices_text"].values()]
            if option["kind"] in ("choice", "list"):
                assert set(option["choices_text"]) == set(map(str, option["choices"])), where
            for text in texts:
                for lang in ("zh_Hant", "ja"):
                    assert text[lang].strip() and latin_words(text[lang]) == [], (where, text)
        for preset in game["presets"]:
            for lang in ("zh_Hant", "ja"):
                for said in (preset["label_text"][lang], preset["description_text"][lang]):
                    assert latin_words(said) == [], (name, preset["name"], lang, said)


@pytest.mark.parametrize(("body", "zh", "ja"), [
    ({"game": "daifugo", "hands": 500}, "局數要是1至100的整數，不能是 500",
     "回数は1から100までの整数にしてください（500 は使えません）"),
    ({"game": "lukfu", "players": 6}, "六虎要3或4人玩，不能6人",
     "六虎（ルックフー）は3か4人で遊びます（6人では遊べません）"),
    ({"game": "daifugo", "clock": 1}, "每步限時要是「不限」或5至3600秒，不能是 1",
     "持ち時間は「なし」か5〜3600秒にしてください（1 は使えません）"),
    ({"game": "lukfu", "seats": ["human"]}, "座位要為4位玩家各列一項",
     "席は4人のプレイヤーそれぞれに1つずつ指定してください"),
])
def test_the_form_s_refusals_in_every_language(games_server: Server, body: dict[str, Any],
                                               zh: str, ja: str) -> None:
    answer = games_server.post("/api/tables", body)
    assert answer.status_code == 400
    said = answer.json()
    assert said["error_text"] == {"en": said["error"], "zh_Hant": zh, "ja": ja}



@pytest.mark.parametrize(("game", "preset"), [("lukfu", "sung"), ("daifugo", "uecda"),
                                              ("daifugo", "popular")])
def test_the_rules_box_s_options_by_name_in_every_language(
        games_server: Server, game: str, preset: str) -> None:
    made = games_server.post("/api/tables", {"game": game, "rules": preset}).json()
    info = games_server.get(f"/api/tables/{made['table']}").json()
    by_name = info["rules_key_text"]
    assert by_name["en"] == info["rules_key"]
    options = get_game(game).options.options
    for lang in ("zh_Hant", "ja"):
        lines = by_name[lang]
        assert len(lines) == 1 + len(options), lang
        assert [line for line in lines if latin_words(line)] == [], lang
    tariff = {"lukfu": "計分表＝宋氏計分表：", "daifugo": "鎖＝全鎖："}[game]
    if preset != "popular":
        assert any(line.startswith(tariff) for line in by_name["zh_Hant"]), by_name["zh_Hant"]
