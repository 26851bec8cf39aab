"""The page's words follow the language chosen: English, Chinese for Luk Fu, Japanese for
Dai Fugō, the move buttons included; the choice is kept across a reload."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .driver import seated_to_move

pytestmark = pytest.mark.e2e

LATIN = re.compile(r"[A-Za-z]")
#: Card ranks written with letters (the Dai Fugō order in force: 3 < 4 … K < A < 2 < JK).
RANKS = re.compile(r"\b(JK|[JQKA])\b")
#: The buttons a person may see at the table, and their words in the game's own language.
MOVES = {
    "zh": {"five_tigers": "報五虎", "call": "做", "play": "出牌", "discard": "蓋牌",
           "declare": "報六", "pass": "過"},
    "ja": {"give": "渡す（交換）", "play": "出す", "seven_pass": "7渡し", "discard": "10捨て",
           "pass": "パス"},
}
CHROME = {
    "zh": {"rules-button": "規則", "hint": "提示", "replay-open": "逐步重看本局",
           "next-hand": "下一局"},
    "ja": {"rules-button": "ルール", "hint": "ヒント", "replay-open": "この回を一手ずつ見る",
           "next-hand": "次の回へ"},
    "en": {"rules-button": "Rules", "hint": "Hint", "replay-open": "Step through the hand",
           "next-hand": "Next hand"},
}


#: Where the page writes its own words (not the engine's, not names, not cards).
OWN_WORDS = ("#play button:not([data-testid=card]), #hand-caption, #log-box summary, "
             ".seat .role, .seat .count, .seat .total, #totals th, #rules-button")


def text_of(page: Any, testid: str) -> str:
    found: str = page.get_by_test_id(testid).evaluate("e => e.textContent.trim()")
    return found


def move_buttons(page: Any) -> dict[str, str]:
    found: dict[str, str] = page.get_by_test_id("actions").evaluate(
        "box => Object.fromEntries([...box.querySelectorAll('button[data-testid^=do-]')]"
        ".map(b => [b.dataset.testid.slice(3), b.textContent.trim()]))")
    return found


def check_language(page: Any, lang: str) -> None:
    """The page is in ``lang``: its chrome, its move buttons, its headings and captions."""
    assert page.evaluate("document.documentElement.lang") == {"zh": "zh-Hant"}.get(lang, lang)
    for testid, word in CHROME[lang].items():
        assert text_of(page, testid) == word, (testid, lang)
    buttons = move_buttons(page)
    assert buttons, "the person has a move to make"
    if lang == "en":
        assert all(LATIN.search(t) for t in buttons.values()), buttons
        return
    assert all(buttons[kind] == MOVES[lang][kind] for kind in buttons), buttons
    # nothing the page writes itself is left in English (names and card labels aside)
    words = page.evaluate(
        "sel => [...document.querySelectorAll(sel)].map(e => e.textContent.trim())"
        ".filter(Boolean)", OWN_WORDS)
    english = [w for w in words if LATIN.search(RANKS.sub("", w))]
    assert not english, english
    info = text_of(page, "hand-info")
    assert info.startswith({"zh": "第1局", "ja": "第1回"}[lang]), info
    assert not LATIN.search(info.replace("Alice", "")), info
    first = page.get_by_test_id("log").locator("li").first.inner_text()
    assert first.startswith({"zh": "第1局", "ja": "第1回"}[lang]), first


@pytest.mark.parametrize(("game", "body", "lang"), [
    ("lukfu", {"rules": "hongkong", "players": 3, "seats": ["human", "heuristic", "heuristic"]},
     "zh"),
    ("daifugo", {"rules": "popular", "players": 3, "seats": ["human", "random", "random"]},
     "ja"),
])
def test_the_page_speaks_the_naming_chosen(server: Any, contexts: Any, game: str,
                                           body: dict[str, Any], lang: str) -> None:
    page, _ = seated_to_move(server, contexts, {"game": game, "hands": 1, "clock": None, **body})
    check_language(page, "en")
    choice = page.get_by_test_id("language")
    assert choice.locator("option").all_inner_texts() == ["English", "中文", "日本語"]
    choice.select_option(lang)
    check_language(page, lang)
    page.reload()  # the choice is kept by the browser
    page.get_by_test_id("actions").locator("button").first.wait_for()
    assert choice.input_value() == lang
    check_language(page, lang)
    choice.select_option("en")
    check_language(page, "en")
