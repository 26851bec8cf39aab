"""docs/deploy.md's nginx configuration, as written there, in front of two ``paiju serve`` on
one throwaway PostgreSQL: a hand played through it survives its owner's ``kill -9``."""

from __future__ import annotations

import asyncio
import random
import shutil
import signal
import subprocess
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
import web_helpers
from test_web_api import play_hand, until
from test_web_takeover import SEATS, servers
from web_helpers import connect_moved, free_port
from websockets.asyncio.client import connect

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (the test extra has it)")
pg_cluster, pg_db = web_helpers.pg_cluster, web_helpers.pg_db  # the fixtures
DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"


def site_of_the_doc() -> str:
    """The nginx site of docs/deploy.md, as the page shows it."""
    text = DEPLOY.read_text()
    start = text.index("`/etc/nginx/sites-available/paiju`:\n\n") + len(
        "`/etc/nginx/sites-available/paiju`:\n\n")
    end = text.index("\n\n    sudo apt-get install nginx", start)
    return textwrap.dedent(text[start:end])


def start_nginx(folder: Path, site: str) -> subprocess.Popen[bytes]:
    """nginx in the foreground with ``site`` as its one site, its files in ``folder``."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    (folder / "site.conf").write_text(site)
    (folder / "nginx.conf").write_text(textwrap.dedent(f"""\
        daemon off;
        pid {folder}/nginx.pid;
        error_log {folder}/error.log;
        events {{}}
        http {{
            access_log {folder}/access.log;
            client_body_temp_path {folder}/body;
            proxy_temp_path {folder}/proxy;
            fastcgi_temp_path {folder}/fastcgi;
            uwsgi_temp_path {folder}/uwsgi;
            scgi_temp_path {folder}/scgi;
            include {folder}/site.conf;
        }}
        """))
    return subprocess.Popen([nginx, "-c", str(folder / "nginx.conf"), "-p", str(folder)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.mark.skipif(shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists(),
                    reason="nginx is not installed here (Debian's nginx package): the "
                           "configuration of docs/deploy.md is tried with it")
def test_the_documented_nginx_sends_a_tables_clients_to_its_owner_and_then_the_next(
        pg_db: str, tmp_path: Path) -> None:
    a, b = servers(pg_db, tmp_path, 2)
    port = free_port()
    site = site_of_the_doc()
    for old, new in (("listen 80;", f"listen 127.0.0.1:{port};"), ("listen [::]:80;", ""),
                     ("127.0.0.1:8001", f"127.0.0.1:{a.port}"),
                     ("127.0.0.1:8002", f"127.0.0.1:{b.port}")):
        assert old in site
        site = site.replace(old, new)
    proxy = start_nginx(tmp_path, site)
    url, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    by_port = {a.port: a, b.port: b}
    try:
        import httpx

        for _ in range(100):
            try:
                if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        made = httpx.post(url + "/api/tables", json={"game": "daifugo", "players": 4,
                                                     "hands": 1, "seats": SEATS}, timeout=10)
        table = made.json()["table"]
        seat = httpx.post(f"{url}/api/tables/{table}/seats/0", json={"name": "Ann"}, timeout=10)
        assert seat.status_code == 200, seat.text  # wherever it was made, the hash's pick
        token = seat.json()["token"]
        assert httpx.get(f"{url}/t/{table}", timeout=10).status_code == 200
        rng = random.Random(8)

        async def before() -> list[dict[str, Any]]:
            async with connect(f"{ws_url}/ws/{table}?token={token}") as ws:
                state, _ = await play_hand(a, ws, rng, moves=3)
                history: list[dict[str, Any]] = state["view"]["actions"]
                return history

        seen = asyncio.run(before())
        with psycopg.connect(pg_db) as db:
            row = db.execute("SELECT owner FROM leases WHERE table_id = %s", (table,)).fetchone()
        assert row is not None
        owner = by_port[a.port] if row[0].startswith("s0/") else by_port[b.port]
        owner.kill()

        async def after() -> dict[str, Any]:
            ws, state, _ = await connect_moved(f"{ws_url}/ws/{table}?token={token}")
            async with ws:
                if state["type"] != "state":
                    state = await until(ws, "state")
                assert state["view"]["actions"][:len(seen)] == seen
                over, _ = await play_hand(a, ws, rng, first=state)
                return over

        assert asyncio.run(after())["type"] == "hand_over"
        record = httpx.get(f"{url}/api/tables/{table}/hands/1/record", timeout=10)
        assert record.status_code == 200 and len(record.json()["actions"]) > len(seen)
    finally:
        proxy.send_signal(signal.SIGQUIT)
        proxy.wait(10)
        a.stop()
        b.stop()
