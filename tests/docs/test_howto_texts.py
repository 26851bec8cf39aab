"""The "How to play" texts: written in every language for both games, each covering every
topic a new player needs; the worked hand is a record the referee accepts, with the
payments the text states; the docs pages and pictures are what the tool writes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest

from paiju.table.howto import for_terminal, games, howto_text, picture, to_html, worked_hand
from paiju.table.text import LANGS

GAMES = games()

ROOT = Path(__file__).resolve().parents[2]

#: Each topic and the words that show a text covers it, by language (any one of them).
TOPICS: dict[str, dict[str, dict[str, tuple[str, ...]]]] = {
    "lukfu": {
        "the pack": {"en": ("Sip", "Gon", "Sok", "Chen", "red imprint"),
                     "zh_Hant": ("拾", "貫", "索", "綫", "紅印"),
                     "ja": ("拾", "貫", "索", "綫", "赤い印")},
        "the picture": {"en": ("lukfu-pack.svg",), "zh_Hant": ("lukfu-pack-zh-hant.svg",),
                        "ja": ("lukfu-pack-ja.svg",)},
        "Li Chen": {"en": ("Li Chen",), "zh_Hant": ("麗綫",), "ja": ("麗綫",)},
        "the Master": {"en": ("Master",), "zh_Hant": ("頭家",), "ja": ("頭家",)},
        "the second": {"en": ("second",), "zh_Hant": ("二家",), "ja": ("二家",)},
        "the third": {"en": ("third",), "zh_Hant": ("三家",), "ja": ("三家",)},
        "the dreamer": {"en": ("dreamer",), "zh_Hant": ("夢家",), "ja": ("夢家",)},
        "calling": {"en": ("Calling", "Jor"), "zh_Hant": ("叫牌", "做"), "ja": ("コール", "做")},
        "leading": {"en": ("lead",), "zh_Hant": ("出牌",), "ja": ("リード",)},
        "beating": {"en": ("beat",), "zh_Hant": ("打過",), "ja": ("打ち負か",)},
        "discarding": {"en": ("discard",), "zh_Hant": ("蓋牌",), "ja": ("捨て",)},
        "Gok and run": {"en": ("Gok", "run"), "zh_Hant": ("各", "順"), "ja": ("各", "順")},
        "a trick": {"en": ("each card of the winning meld",),
                    "zh_Hant": ("每一張算一糊",), "ja": ("1枚が1トリック",)},
        "aged cards": {"en": ("aged",), "zh_Hant": ("老歲牌",), "ja": ("老歳牌",)},
        "declaring six": {"en": ("declare", "six"), "zh_Hant": ("報糊", "六"),
                          "ja": ("宣言", "6")},
        "the Five Tigers": {"en": ("Five Tigers",), "zh_Hant": ("五虎下山",),
                            "ja": ("五虎下山",)},
        "the tariff": {lang: ("2^(n−6)",) for lang in LANGS},
        "the privileged pays both": {"en": ("privileged", "both losers' shares"),
                                     "zh_Hant": ("特權家", "兩個輸家的份"),
                                     "ja": ("特権者", "二人分")},
        "the worked hand": {lang: ("--seed 2", "hand.json") for lang in LANGS},
    },
    "daifugo": {
        "the order": {lang: ("3 4 5 6 7 8 9 10 J Q K A 2",) for lang in LANGS},
        "the picture": {"en": ("daifugo-order.svg",), "zh_Hant": ("daifugo-order-zh-hant.svg",),
                        "ja": ("daifugo-order-ja.svg",)},
        "the joker": {"en": ("joker",), "zh_Hant": ("鬼牌",), "ja": ("ジョーカー",)},
        "the exchange": {"en": ("exchange",), "zh_Hant": ("換牌",), "ja": ("カード交換",)},
        "leading and beating": {"en": ("lead", "beat"), "zh_Hant": ("出牌", "更大"),
                                "ja": ("リード", "より強い")},
        "pass and clear": {"en": ("pass", "clear"), "zh_Hant": ("過", "清"),
                           "ja": ("パス", "流れ")},
        "revolution": {"en": ("Revolution",), "zh_Hant": ("革命",), "ja": ("革命",)},
        "8-cut": {"en": ("8-cut",), "zh_Hant": ("八切",), "ja": ("8切り",)},
        "locks": {"en": ("lock",), "zh_Hant": ("鎖",), "ja": ("縛り",)},
        "Jack back": {"en": ("Jack back",), "zh_Hant": ("J 反轉",), "ja": ("イレブンバック",)},
        "titles": {"en": ("Fugō", "Hinmin", "Heimin"), "zh_Hant": ("富豪", "貧民", "平民"),
                   "ja": ("富豪", "貧民", "平民")},
        "points": {"en": ("point",), "zh_Hant": ("分",), "ja": ("点",)},
        "house rules": {"en": ("house rule",), "zh_Hant": ("家規",), "ja": ("ローカルルール",)},
        "the preset": {lang: ("popular",) for lang in LANGS},
        "the worked hand": {lang: ("--seed 6", "hand.json") for lang in LANGS},
    },
}

#: The fuller texts: English for both, and each game's own language.
COMPLETE = {"lukfu": ("en", "zh_Hant"), "daifugo": ("en", "ja")}
#: The seed passages a complete text must quote, in its own language (the source's
#: sections by their titles in English, in Chinese and Japanese by their translations).
PASSAGES = {
    "lukfu": {
        "en": ("000 'The deck'", "000 'Dealing'", "000 'Calling'", "000 'Play of the hand'",
               "000 'Winning requirements'", "000 'Aged cards'", "000 'Ng Fu Ha San'",
               "000 'Scoring'"),
        "zh_Hant": ("000〈牌組〉", "000〈發牌〉", "000〈叫牌〉", "000〈出牌〉", "000〈勝出條件〉",
                    "000〈老歲牌〉", "000〈五虎下山〉", "000〈計分〉"),
    },
    "daifugo": {
        "en": ("004 'Players and Cards'", "004 'Exchange of cards'", "004 'Play'",
               "004 'Revolution (kakumei)'", "004 'Eights rule (hachi-giri)'",
               "004 'Suit lock rule (Shibari)'", "004 'Jack'", "004 'Result'"),
        "ja": ("004「プレイヤーとカード」", "004「カードの交換」", "004「プレイ」", "004「革命」",
               "004「8切り」", "004「縛り」", "004「ジャック」", "004「結果」"),
    },
}
#: The proper names a Chinese or Japanese text keeps in Latin letters: the program, the
#: sources' sites, authors and own titles.
PROPER = {"paiju", "pagat.com", "Dylan", "W.H", "Sung", "Rules", "of", "Luk", "Fu", "Dai",
          "Hinmin"}


def missing_topics(game: str, lang: str, text: str) -> list[str]:
    """The topics of ``game`` that ``text`` does not mention."""
    return [topic for topic, words in TOPICS[game].items()
            if not all(word in text for word in words[lang])]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_text_covers_every_topic(game: str, lang: str) -> None:
    assert missing_topics(game, lang, howto_text(game, lang)) == []


def test_a_text_without_a_topic_fails() -> None:
    text = howto_text("lukfu", "en").replace("Five Tigers", "five cards")
    assert missing_topics("lukfu", "en", text) == ["the Five Tigers"]


@pytest.mark.parametrize("game", GAMES)
def test_complete_texts_name_the_seed_passage_of_each_rule(game: str) -> None:
    for lang in COMPLETE[game]:
        text = howto_text(game, lang)
        assert [p for p in PASSAGES[game][lang] if p not in text] == [], lang
        assert text.count("\n## ") == howto_text(game, "en").count("\n## "), lang


def english_words(text: str) -> list[str]:
    """The words in Latin letters of ``text`` outside its code spans and pictures' file
    names, less the proper names."""
    prose = re.sub(r"`[^`]*`|\]\([a-z0-9-]+\.svg\)", " ", text)
    return [w for w in re.findall(r"[A-Za-z][A-Za-z.'-]*[A-Za-z]", prose) if w not in PROPER]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["zh_Hant", "ja"])
def test_a_chinese_or_japanese_text_holds_no_english_word(game: str, lang: str) -> None:
    """Cards as the table names them in the language, the sources' sections in it, no
    romanised glosses: only the proper names stay in Latin letters."""
    assert english_words(howto_text(game, lang)) == []


def test_an_english_section_reference_is_found() -> None:
    assert english_words("出處 000 'The deck'，`paiju` 與 8Gon") == ["The", "deck", "Gon"]


def _stated(game: str, lang: str) -> list[int]:
    key = "payments" if game == "lukfu" else "points"
    found = re.search(rf"`{key}: (\[[-0-9, ]*\])`", howto_text(game, lang))
    assert found, (game, lang)
    return list(json.loads(found.group(1)))


@pytest.mark.parametrize("game", GAMES)
def test_the_worked_hand_replays_through_the_referee_with_the_stated_figures(
        game: str, tmp_path: Path) -> None:
    record = tmp_path / "hand.json"
    record.write_text(worked_hand(game))
    done = subprocess.run([sys.executable, "-m", "paiju.cli", "referee", str(record)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["legal"] and report["finished"]
    key = "payments" if game == "lukfu" else "points"
    for lang in LANGS:
        assert _stated(game, lang) == report[key], lang


def test_the_lukfu_hand_is_the_one_the_text_walks_through() -> None:
    record = json.loads(worked_hand("lukfu"))
    assert [a["do"] for a in record["actions"]] == [
        "call", "play", "discard", "discard", "declare"]
    assert record["actions"][1]["cards"] == ["8Gon", "7Gon", "6Gon", "5Gon"]
    assert record["deal"]["dreamer"] == "7Sok"
    assert "8Gon 7Gon 6Gon 5Gon" in howto_text("lukfu", "en")


def test_the_daifugo_hand_is_the_popular_preset_and_its_house_rules_fire() -> None:
    record = json.loads(worked_hand("daifugo"))
    assert record["rules"]["preset"] == "popular"
    plays = [" ".join(a.get("cards", [])) for a in record["actions"]]
    for shown in ("3S", "4S", "JS", "10S", "8C", "KC JK", "8D", "9D"):
        assert shown in plays
        assert f"**{shown}**" in howto_text("daifugo", "en")


def test_the_docs_pages_and_pictures_are_up_to_date() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "howto_pictures.py"),
                           "--check"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    for game in GAMES:
        page = (ROOT / "docs" / f"how-to-play-{game}.md").read_text()
        assert howto_text(game, "en").partition("\n")[2] in page


def test_the_pictures_are_drawn_from_the_card_lists() -> None:
    pack = picture("lukfu", "lukfu-pack.svg")
    assert pack is not None and pack.count(b"<rect width=\"46\"") == 37
    assert pack.count(b'stroke="#c0392b"') == 8  # the eight red imprints
    order = picture("daifugo", "daifugo-order.svg")
    assert order is not None and b">JK<" in order
    for game, name in (("lukfu", "lukfu-pack"), ("daifugo", "daifugo-order")):
        for suffix in ("-zh-hant", "-ja"):  # each language's picture, its words its own
            drawn = picture(game, f"{name}{suffix}.svg")
            assert drawn is not None
            words = unescape(re.sub(rb"<[^>]*>", b" ", drawn).decode())
            assert re.findall(r"[A-Za-z]{2,}", words) == [], (game, suffix)
    assert picture("lukfu", "../en.md") is None
    assert picture("lukfu", "none.svg") is None


def test_rendering_keeps_raw_html_out_and_points_the_pictures_home() -> None:
    html = to_html("<script>alert(1)</script>\n\n![pack](lukfu-pack.svg)", "/p/")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert 'src="/p/lukfu-pack.svg"' in html
    assert for_terminal("see ![The pack](lukfu-pack.svg)") == "see [The pack]"
