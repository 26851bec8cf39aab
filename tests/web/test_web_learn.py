"""The "How to play" pages of ``paiju serve``, over a real server process."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from html import unescape

import pytest
from web_helpers import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("learn") / "tables.sqlite3").start()
    try:
        yield running
    finally:
        running.stop()


def get(server: Server, path: str, **headers: str) -> tuple[int, str, bytes]:
    asked = urllib.request.Request(server.url + path, headers=headers)
    try:
        with urllib.request.urlopen(asked, timeout=20) as answer:
            return answer.status, answer.headers.get("content-type", ""), answer.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get("content-type", ""), err.read()


def test_the_lukfu_page_in_chinese(server: Server) -> None:
    status, kind, body = get(server, "/learn/lukfu?lang=zh_Hant")
    page = body.decode()
    assert status == 200 and kind.startswith("text/html")
    assert '<html lang="zh-Hant">' in page
    assert "<h1>六虎玩法</h1>" in page and "老歲牌" in page and "五虎下山" in page
    assert '<link rel="stylesheet" href="/static/css/paiju.css">' in page
    assert '<img src="/learn/lukfu/pictures/lukfu-pack-zh-hant.svg"' in page
    assert "<table>" in page  # the worked hand's deal


def test_the_daifugo_page_in_japanese_and_english(server: Server) -> None:
    assert "<h1>大富豪の遊び方</h1>" in get(server, "/learn/daifugo?lang=ja")[2].decode()
    status, _, body = get(server, "/learn/daifugo")
    assert status == 200 and "8-cut" in body.decode()
    assert "How to play Dai Fugō" in get(server, "/learn/daifugo?lang=xx")[2].decode()


def test_the_pictures_are_served(server: Server) -> None:
    status, kind, body = get(server, "/learn/lukfu/pictures/lukfu-pack.svg")
    assert status == 200 and kind.startswith("image/svg+xml") and body.startswith(b"<svg")
    assert get(server, "/learn/lukfu/pictures/en.md")[0] == 404
    assert get(server, "/learn/daifugo/pictures/lukfu-pack.svg")[0] == 404


def test_an_unknown_game_is_404_in_the_reader_s_language(server: Server) -> None:
    status, kind, body = get(server, "/learn/poker", **{"Accept-Language": "ja-JP"})
    page = body.decode()
    assert status == 404 and kind.startswith("text/html")
    assert '<html lang="ja">' in page and "<h1>そのゲームはここにはありません</h1>" in page
    assert '<a href="/learn/daifugo?lang=ja">大富豪の遊び方</a>' in page
    chinese = get(server, "/learn/poker?lang=zh")[2].decode()
    assert "<title>paiju · 這裏沒有這個遊戲</title>" in chinese
    assert get(server, "/learn/poker/pictures/lukfu-pack.svg")[0] == 404


def lang_of(server: Server, path: str, **headers: str) -> str:
    page = get(server, path, **headers)[2].decode()
    found = re.search(r'<html lang="([^"]+)">', page)
    assert found, page[:200]
    return found.group(1)


def test_the_language_is_the_address_s_else_the_choice_made_else_the_browser_s(
        server: Server) -> None:
    assert lang_of(server, "/learn/lukfu?lang=zh") == "zh-Hant"  # any Chinese: 繁體中文
    assert lang_of(server, "/learn/lukfu?lang=zh-TW") == "zh-Hant"
    assert lang_of(server, "/learn/lukfu?lang=zh_Hant") == "zh-Hant"
    assert lang_of(server, "/learn/daifugo?lang=ja") == "ja"
    assert lang_of(server, "/learn/daifugo") == "en"
    browser = {"Accept-Language": "zh-HK,zh;q=0.9,en;q=0.8"}
    assert lang_of(server, "/learn/lukfu", **browser) == "zh-Hant"
    later = {"Accept-Language": "fr-FR, ja;q=0.7, en;q=0.5"}
    assert lang_of(server, "/learn/lukfu", **later) == "ja"
    assert lang_of(server, "/learn/lukfu", **{"Accept-Language": "en;q=0.2, ja;q=0.9"}) == "ja"
    chosen = {**browser, "Cookie": "paiju_lang=ja"}  # the page's choice, over the browser's
    assert lang_of(server, "/learn/lukfu", **chosen) == "ja"
    assert lang_of(server, "/learn/lukfu?lang=en", **chosen) == "en"
    assert lang_of(server, "/learn/lukfu?lang=xx", **browser) == "zh-Hant"


#: What may stay in Latin letters on a Chinese or Japanese page: the program, the other
#: languages' names in the switch, the sources' sites, authors and titles.
PROPER = {"paiju", "English", "pagat.com", "Dylan", "W.H", "Sung", "Rules", "of", "Luk", "Fu",
          "Dai", "Hinmin"}


@pytest.mark.parametrize("game", ["lukfu", "daifugo"])
@pytest.mark.parametrize("lang", ["zh_Hant", "ja"])
def test_a_translated_page_holds_no_english_word(server: Server, game: str, lang: str) -> None:
    page = get(server, f"/learn/{game}?lang={lang}")[2].decode()
    body = page.partition("<body>")[2]
    text = re.sub(r"<code>.*?</code>", " ", body, flags=re.S)
    pictures = re.findall(r'<img src="([^"]+)" alt="([^"]*)"', text)
    assert pictures and all(src.endswith(f"-{lang.lower().replace('_', '-')}.svg")
                            for src, _ in pictures)
    text = unescape(re.sub(r"<[^>]*>", " ", text))
    assert [w for w in re.findall(r"[A-Za-z][A-Za-z.'-]*[A-Za-z]", text) if w not in PROPER] == []
    for src, _ in pictures:
        status, kind, drawn = get(server, src)
        assert status == 200 and kind.startswith("image/svg+xml")
        words = unescape(re.sub(r"<[^>]*>", " ", drawn.decode()))
        assert re.findall(r"[A-Za-z]{2,}", words) == [], src
