"""The table's pictures in docs/: each screen size in each language, taken in Debian's
Chromium against a `paiju serve` of its own (``python -m tests.web.e2e.screenshots docs``).

Each picture is taken at a turn of the person's, after a move or two, so that the felt
shows a play; ``pngquant`` (when there is one) keeps each PNG small."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .conftest import CHROMIUM, CHROMIUM_ARGS, Server, start_serve, stop
from .driver import choose_big, hand_over, legal, make_move, settled

SIZES = [(360, 640), (390, 664), (1280, 800)]
#: Each language with the game whose own it is (English shows Luk Fu).
LANGS = {"en": "lukfu", "zh": "lukfu", "ja": "daifugo"}
TABLES = {
    "lukfu": {"game": "lukfu", "rules": "hongkong", "players": 3,
              "seats": ["human", "heuristic", "heuristic"]},
    "daifugo": {"game": "daifugo", "rules": "popular", "players": 4,
                "seats": ["human", "heuristic", "heuristic", "heuristic"]},
}


def shoot(browser: Any, server: Server, size: tuple[int, int], lang: str, out: Path) -> bool:
    """One picture; False when the hand ended before a turn worth showing."""
    width, height = size
    table = server.create(hands=2, clock=60, **TABLES[LANGS[lang]])
    context = browser.new_context(viewport={"width": width, "height": height},
                                  is_mobile=width < 800, has_touch=width < 800)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/t/{table}")
        page.get_by_test_id("language").select_option(lang)
        page.get_by_test_id("join-name").fill({"en": "Alice", "zh": "陳太", "ja": "健二"}[lang])
        page.get_by_test_id("join-name").press("Enter")
        page.get_by_test_id("play").wait_for(state="visible")
        for _ in range(2):
            settled(page)
            if hand_over(page):
                return False
            make_move(page, choose_big(legal(page)))
        settled(page)
        if hand_over(page):
            return False
        page.wait_for_timeout(300)
        page.screenshot(path=str(out))
        return True
    finally:
        context.close()


def shrink(path: Path) -> None:
    """Fewer colours, the same picture to the eye (when pngquant is there)."""
    pngquant = shutil.which("pngquant")
    if pngquant:
        subprocess.run([pngquant, "--force", "--skip-if-larger", "--output", str(path), "128",
                        "--", str(path)], check=False)


def main(folder: str) -> None:
    from playwright.sync_api import sync_playwright

    target = Path(folder)
    with tempfile.TemporaryDirectory() as tmp:
        process, base = start_serve(Path(tmp))
        try:
            server = Server(base, Path(tmp))
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for width, height in SIZES:
                    for lang in LANGS:
                        out = target / f"web-table-{width}x{height}-{lang}.png"
                        while not shoot(browser, server, (width, height), lang, out):
                            pass
                        shrink(out)
                        print(out, out.stat().st_size)
                browser.close()
        finally:
            stop(process)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs")
