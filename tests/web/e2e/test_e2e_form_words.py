"""The create form on a phone (390×664) in 中文 and 日本語 with a game's options open: the
options by name, their choices and values, the presets by name and their descriptions hold
no English word (the sources' English originals only behind a closed "source" line)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .driver import hand_over, settled

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 664}, "is_mobile": True, "has_touch": True}
#: Proper names a Chinese or Japanese form may write in Latin letters: the program, the
#: sources' site and the UECda competition (presets named after them).
PROPER = {"paiju", "pagat.com", "UECda"}
GAME_NAME = {"lukfu": "六虎", "daifugo": "大富豪"}


def english_words(page: Any) -> list[str]:
    """The words in Latin letters of the form as a reader sees it, less proper names and
    cards' ranks (K-A-2)."""
    text = page.get_by_test_id("create-form").inner_text()
    text += " " + " ".join(page.locator("#preset option, #options select option").all_inner_texts())
    return [w for w in re.findall(r"[A-Za-z][A-Za-z.'-]*[A-Za-z]", text)
            if w not in PROPER and not set(w) <= set("AJQK-")]


@pytest.mark.parametrize(("locale", "game", "words"), [
    ("zh-HK", "lukfu", {"tariff": "計分表", "preset": "香港", "choice": "逐虎加倍（六虎付1）"}),
    ("ja-JP", "daifugo",
     {"shibari": "縛り", "preset": "よくあるローカルルール", "choice": "スート縛り"}),
])
def test_the_form_s_options_in_the_page_s_language(server: Any, contexts: Any, locale: str,
                                                  game: str, words: dict[str, str]) -> None:
    page = contexts(locale=locale, **PHONE).new_page()
    page.goto(server.base + "/")
    page.get_by_test_id(f"game-{game}").click()
    page.get_by_test_id("options-summary").click()
    page.locator(".option").first.wait_for()
    option = "tariff" if game == "lukfu" else "shibari"
    head = page.locator(f".option[data-name={option}] .option-name").inner_text()
    assert head == words[option]
    assert page.get_by_test_id("preset").evaluate("s => s.selectedOptions[0].textContent") == \
        words["preset"]
    assert page.get_by_test_id(f"opt-{option}").evaluate(
        "s => s.selectedOptions[0].textContent") == words["choice"]
    for preset in page.get_by_test_id("preset").locator("option").all():
        page.get_by_test_id("preset").select_option(preset.get_attribute("value"))
        assert english_words(page) == [], preset.get_attribute("value")
    # a source's English original is there for whoever opens it
    source = page.get_by_test_id("option-source").first
    assert source.locator("q").is_hidden()
    source.locator("summary").click()
    assert source.locator("q").is_visible() and source.locator("q").get_attribute("lang") == "en"
    # nothing of the form overflows the phone's width
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize(("locale", "game", "rules", "players"), [
    ("zh-HK", "lukfu", "hongkong", 4), ("ja-JP", "daifugo", "popular", 4)])
def test_the_rules_box_with_every_section_open_in_the_page_s_language(
        server: Any, contexts: Any, locale: str, game: str, rules: str, players: int) -> None:
    table = server.create(game=game, rules=rules, players=players,
                          seats=["human"] + ["random"] * (players - 1), hands=1, clock=None)
    page = contexts(locale=locale, **PHONE).new_page()
    page.goto(f"{server.base}/t/{table}")
    page.get_by_test_id("join-name").fill("婆婆")
    page.get_by_test_id("join-name").press("Enter")
    page.get_by_test_id("play").wait_for(state="visible")
    # the game's name at the head of the table and in the tab, as the language writes it
    heads = [page.locator("#title").inner_text(), page.title()]
    assert all(GAME_NAME[game] in h and not re.search(r"[A-Za-z]{2,}", h.replace("paiju", ""))
               for h in heads), heads
    settled(page)
    if hand_over(page):  # a Luk Fu hand a computer ends at its deal: its end box shows
        page.get_by_test_id("over-close").click()
    page.get_by_test_id("rules-button").click()
    page.locator("#rules-details summary").click()
    box = page.get_by_test_id("rules-dialog")
    assert page.get_by_test_id("rules-key").locator("li").count() >= 10
    text = box.inner_text()
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z.'-]*[A-Za-z]", text)
             if w not in PROPER and not set(w) <= set("AJQK-")]
    assert words == [], words
