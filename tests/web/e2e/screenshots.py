"""The table's pictures in docs/: each screen size in each language, taken in Debian's
Chromium against a `paiju serve` of its own (``python -m tests.web.e2e.screenshots docs``).

Each picture is taken at a turn of the person's, after a move or two, so that the felt
shows a play; ``pngquant`` (when there is one) keeps each PNG small. With ``social``
(``python -m tests.web.e2e.screenshots docs social``) only the meeting place's pictures are
taken: the open tables on the first page, a chat and the guided hand."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .conftest import CHROMIUM, CHROMIUM_ARGS, Server, start_serve, stop
from .driver import choose_big, hand_over, join, legal, make_move, settled

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


def shoot_social(browser: Any, server: Server, target: Path) -> list[Path]:
    """The first page with two open tables, a chat beside a hand, and a guided turn."""
    phone = {"viewport": {"width": 390, "height": 664}, "is_mobile": True, "has_touch": True}
    for name, seats in (("Friday Luk Fu", ["human", "human", "heuristic"]),
                        ("Dai Fugō at lunch", ["human", "human", "human", "heuristic"])):
        game = "lukfu" if "Luk" in name else "daifugo"
        server.create(game=game, players=len(seats), seats=seats, hands=4, name=name,
                      public=True)
    shots = []
    context = browser.new_context(**phone)
    page = context.new_page()
    page.goto(server.base + "/")
    page.get_by_test_id("lobby-list").locator("li[data-table]").nth(1).wait_for()
    page.wait_for_timeout(200)
    shots.append(target / "web-lobby-390x664.png")
    page.screenshot(path=str(shots[-1]))
    context.close()
    # a chat at the desktop size, where it lies beside the table
    table = server.create(game="lukfu", rules="hongkong", players=3, hands=2,
                          seats=["human", "human", "heuristic"])
    ann = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    bob = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    join(ann, server.base, table, 0, "Ann")
    join(bob, server.base, table, 1, "Bob")
    ann.get_by_test_id("play").wait_for(state="visible")
    for page, said in ((bob, "Good luck, everyone!"), (ann, "You too. Who dreams first?")):
        page.get_by_test_id("chat-input").fill(said)
        page.get_by_test_id("chat-input").press("Enter")
        page.wait_for_timeout(1100)
    bob.get_by_test_id("react-wow").click()
    ann.get_by_test_id("chat-line").nth(2).wait_for()
    ann.wait_for_timeout(300)
    shots.append(target / "web-chat-1280x800.png")
    ann.screenshot(path=str(shots[-1]))
    ann.context.close()
    bob.context.close()
    # the guided hand on a phone, a card that cannot be used tapped
    context = browser.new_context(**phone)
    page = context.new_page()
    page.goto(server.base + "/")
    page.get_by_test_id("learn-lukfu").click()
    page.get_by_test_id("play").wait_for(state="visible")
    for _ in range(12):  # a turn where a card cannot be used, tapped: the guide says why
        settled(page)
        if hand_over(page):
            break
        page.get_by_test_id("guide").wait_for(state="visible")
        cards = page.locator("[data-testid=hand] button[data-token]")
        for i in range(cards.count()):
            cards.nth(i).click()
            if "cannot" in page.get_by_test_id("guide-why").inner_text():
                break
            cards.nth(i).click()
        else:
            make_move(page, legal(page)[0])
            continue
        break
    page.wait_for_timeout(300)
    shots.append(target / "web-guided-390x664.png")
    page.screenshot(path=str(shots[-1]))
    context.close()
    return shots


def shrink(path: Path) -> None:
    """Fewer colours, the same picture to the eye (when pngquant is there)."""
    pngquant = shutil.which("pngquant")
    if pngquant:
        subprocess.run([pngquant, "--force", "--skip-if-larger", "--output", str(path), "128",
                        "--", str(path)], check=False)


def main(folder: str, only: str = "") -> None:
    from playwright.sync_api import sync_playwright

    target = Path(folder)
    with tempfile.TemporaryDirectory() as tmp:
        process, base = start_serve(Path(tmp))
        try:
            server = Server(base, Path(tmp))
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for out in shoot_social(browser, server, target):
                    shrink(out)
                    print(out, out.stat().st_size)
                for width, height in [] if only == "social" else SIZES:
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
    main(sys.argv[1] if len(sys.argv) > 1 else "docs", sys.argv[2] if len(sys.argv) > 2 else "")
