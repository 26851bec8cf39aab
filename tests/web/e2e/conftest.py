"""Browser tests: `paiju serve` as a real process on a free port with its own SQLite file,
and Debian's Chromium driven by Playwright (no browser download)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("PAIJU_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "e2e: in a real browser against a running `paiju serve` (in the default run)"
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def paiju_program() -> list[str]:
    """The `paiju` program of the interpreter running the tests."""
    found = shutil.which("paiju", path=str(Path(sys.executable).parent))
    return [found] if found else [sys.executable, "-c", "from paiju.cli import run; run()"]


class Server:
    """A running `paiju serve`, with small HTTP helpers."""

    def __init__(self, base: str, folder: Path) -> None:
        self.base = base
        self.folder = folder
        #: each table's creator secret, as the create page keeps it in the browser
        self.creators: dict[str, str] = {}

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                return resp.status, json.loads(resp.read() or b"null")
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"null")

    def create(self, **body: Any) -> str:
        status, got = self.request("POST", "/api/tables", body)
        assert status == 201, got
        table: str = got["table"]
        if got.get("creator"):
            self.creators[table] = got["creator"]
        return table

    def table(self, table: str) -> dict[str, Any]:
        status, got = self.request("GET", f"/api/tables/{table}")
        assert status == 200, got
        return dict(got)


def _ready(base: str, process: subprocess.Popen[bytes]) -> bool:
    """Wait until the server answers (True) or its process has ended (False)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(base + "/api/games", timeout=2):
                return True
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"paiju serve did not answer at {base} in 30 s")


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def start_serve(folder: Path, port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """`paiju serve` on ``port`` (else a free one) with the database in ``folder``; a server
    that ends at start on a free port (taken meanwhile) is started again on another."""
    log = folder / "serve.log"
    for _ in range(3):
        use = port or free_port()
        command = [*paiju_program(), "serve", "--host", "127.0.0.1", "--port", str(use),
                   "--db", str(folder / "tables.sqlite3"), "--delay", "0",
                   "--tables-per-minute", "10000"]
        with log.open("ab") as out:
            process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{use}"
        try:
            if _ready(base, process):
                return process, base
        except BaseException:
            stop(process)
            raise
        if port:
            break
    raise RuntimeError(f"paiju serve would not start:\n{log.read_text()}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`paiju serve` on a free loopback port with a temporary database; stopped afterwards.

    ``PAIJU_E2E_SERVER=http://host:port`` runs the tests against a server already running.
    """
    folder = tmp_path_factory.mktemp("serve")
    given = os.environ.get("PAIJU_E2E_SERVER")
    if given:
        yield Server(given.rstrip("/"), folder)
        return
    process, base = start_serve(folder)
    try:
        yield Server(base, folder)
    finally:
        stop(process)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium under Playwright (sync API), for one module's tests (a launch costs
    a second or two; each test's people are contexts of their own, :func:`contexts`), closed
    at the module's end: Playwright's sync API keeps an event loop running while it is open,
    which would break later tests of the same worker that run their own (``asyncio.run``;
    no browser test module does). A worker given another module's test in between closes it
    first, as pytest ends a module's fixtures before it runs another module's test."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def contexts(browser: Any) -> Iterator[Any]:
    """A maker of fresh browser contexts (each its own person), all closed afterwards."""
    made: list[Any] = []

    def make(**options: Any) -> Any:
        # the tests' own waits are string expressions, which Playwright evaluates with
        # eval and the pages' policy refuses; test_e2e_policy runs the pages under it
        options.setdefault("bypass_csp", True)
        context = browser.new_context(**options)
        context.set_default_timeout(15_000)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()
