"""Other sites' pages cannot use the server: every page says it may not be framed and runs
no inline script, a POST must be JSON, and a POST or a WebSocket from another site's page
(its ``Origin``) is refused; over real sockets to a real ``paiju serve``."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import httpx
import pytest
from web_helpers import Server
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from paiju.web.headers import allowed, origin_of

TABLE = {"game": "daifugo", "players": 3, "seats": ["human", "random", "random"]}


def test_every_page_forbids_framing_sniffing_and_inline_script(server: Server) -> None:
    table = server.post("/api/tables", TABLE).json()["table"]
    for path in ("/", f"/t/{table}", "/t/nosuchtable", "/learn/daifugo", "/api/games",
                 "/static/js/table.js", "/api/tables/nosuchtable"):
        got = server.get(path)
        policy = got.headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in policy, (path, got.headers)
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
        assert got.headers.get("x-frame-options") == "DENY"
        assert got.headers.get("x-content-type-options") == "nosniff"
        assert got.headers.get("referrer-policy") == "no-referrer"
    for path in ("/", f"/t/{table}", "/t/nosuchtable", "/learn/lukfu"):
        html = server.get(path).text
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), path  # no inline script
        assert "<style" not in html and " style=" not in html and " onclick=" not in html


def test_a_post_body_must_be_json(server: Server) -> None:
    body = b'{"game": "daifugo", "players": 3, "seats": ["human", "random", "random"]}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                 None):
        headers = {} if kind is None else {"Content-Type": kind}
        got = httpx.post(server.url + "/api/tables", content=body, headers=headers)
        assert got.status_code == 415, (kind, got.text)
        assert "application/json" in got.json()["error"]
        assert got.json()["error_text"]["ja"].startswith("リクエストの本文はJSON")
    ok = httpx.post(server.url + "/api/tables", content=body,
                    headers={"Content-Type": "application/json; charset=utf-8"})
    assert ok.status_code == 201


def test_a_post_from_another_sites_page_is_refused(server: Server) -> None:
    for origin in ("https://evil.example", "null", f"http://127.0.0.1:{server.port + 1}"):
        got = httpx.post(server.url + "/api/tables", json=TABLE, headers={"Origin": origin})
        assert got.status_code == 403, (origin, got.text)
        assert got.json()["error_text"]["zh_Hant"].startswith("這個伺服器只回應自己的網頁")
    own = httpx.post(server.url + "/api/tables", json=TABLE,
                     headers={"Origin": server.url})
    assert own.status_code == 201


def test_a_websocket_from_another_sites_page_is_refused(server: Server) -> None:
    table = server.post("/api/tables", TABLE).json()["table"]

    async def run() -> None:
        with pytest.raises(InvalidStatus) as refused:
            async with connect(f"{server.ws}/ws/{table}", origin="https://evil.example"):
                pass
        assert refused.value.response.status_code == 403
        with pytest.raises(InvalidStatus):
            async with connect(f"{server.ws}/ws/lobby", origin="https://evil.example"):
                pass
        async with connect(f"{server.ws}/ws/{table}", origin=server.url) as ws:
            assert await asyncio.wait_for(ws.recv(), 10)

    asyncio.run(run())


def test_behind_a_proxy_the_sites_address_is_the_origin(tmp_path: Path) -> None:
    """``--origin``: the proxy passes another Host on; the site's own address is allowed,
    and the Host the server sees is not."""
    server = Server(tmp_path / "tables.sqlite3", "--origin", "https://paiju.example").start()
    try:
        ok = httpx.post(server.url + "/api/tables", json=TABLE,
                        headers={"Origin": "https://paiju.example"})
        assert ok.status_code == 201
        direct = httpx.post(server.url + "/api/tables", json=TABLE,
                            headers={"Origin": server.url})
        assert direct.status_code == 403
    finally:
        server.stop()


def test_origins_compare_scheme_host_and_port() -> None:
    assert origin_of("HTTPS://Paiju.Example:443/") == "https://paiju.example"
    assert origin_of("null") is None and origin_of("file:///x") is None
    assert allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
    assert allowed("https://paiju.example", "paiju.example", ())
    assert not allowed("http://127.0.0.1:8001", "127.0.0.1:8000", ())
    assert not allowed("https://paiju.example.evil", "paiju.example", ())
    assert allowed("https://a.example", "10.0.0.5:8000", ("https://a.example",))
    assert not allowed("http://10.0.0.5:8000", "10.0.0.5:8000", ("https://a.example",))
