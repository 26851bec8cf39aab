"""The "How to play" pages of ``paiju serve``, over a real server process."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from web_helpers import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("learn") / "tables.sqlite3").start()
    try:
        yield running
    finally:
        running.stop()


def get(server: Server, path: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(server.url + path, timeout=20) as answer:
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
    assert '<img src="/learn/lukfu/pictures/lukfu-pack.svg"' in page
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


def test_an_unknown_game_is_404(server: Server) -> None:
    status, kind, body = get(server, "/learn/poker")
    assert status == 404 and kind.startswith("application/json")
    assert b"no such page" in body
    assert get(server, "/learn/poker/pictures/lukfu-pack.svg")[0] == 404

