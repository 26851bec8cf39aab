"""The first page in the reader's language: its menu's choice turns every word of the form
(labels, descriptions, options, computer players, seats, errors, the link box) into 中文
or 日本語, keeps what was chosen, and carries over to the table page."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

#: Two or more English words in a row: a sentence the page left in English.
ENGLISH = re.compile(r"[A-Za-z]{2,}(?:(?:,? +|['’-])[A-Za-z]{2,})+")
#: What may be written in Latin letters in any language: the games' and titles' names,
#: card tokens, and the names of the page and its languages.
NAMES = re.compile(r"Luk Fu|Dai Fug[oō]|Dai Hinmin|LiChen|\b\d?(Sip|Gon|Sok|Chen)\b|paiju")
#: Where the page shows what is not a sentence of its own: the options' names and
#: controls (identifiers), the rules' sources quoted in English, and the lobby's table and
#: people's names (other tests' tables are listed there).
NOT_SENTENCES = (".option-head, q[lang=en], #lobby-list li b, "
                 "#lobby-list li .what span:last-child")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def english_sentences(page: Any) -> list[str]:
    """The English sentences in the page's visible text (what is not a sentence aside)."""
    text: str = page.evaluate(
        """sel => {
          const skipped = [...document.querySelectorAll(sel)].map(e => [e, e.style.display]);
          for (const [e] of skipped) e.style.display = "none";
          const text = document.body.innerText;
          for (const [e, display] of skipped) e.style.display = display;
          return text;
        }""", NOT_SENTENCES)
    return [m.group(0) for m in ENGLISH.finditer(NAMES.sub(" ", text))]


def words_of(page: Any, testid: str) -> str:
    found: str = page.get_by_test_id(testid).inner_text()
    return found.strip()


def test_the_first_page_in_chinese_then_japanese_kept_at_the_table(
        server: Any, contexts: Any) -> None:
    page = contexts().new_page()
    page.goto(server.base + "/")
    page.get_by_test_id("game-lukfu").click()
    page.get_by_test_id("options").locator("summary").click()  # the options open
    page.locator(".option").first.wait_for()
    # in English the scan finds the form's sentences: it can fail
    assert page.get_by_test_id("language").input_value() == "en"
    assert "Create the table" in english_sentences(page)
    page.get_by_test_id("opt-red_bonus").check()  # a choice to keep
    page.get_by_test_id("seat-2").select_option("random")

    page.get_by_test_id("language").select_option("zh")
    assert page.evaluate("document.documentElement.lang") == "zh-Hant"
    assert words_of(page, "create") == "開桌"
    assert words_of(page, "game-lukfu") == "六虎"
    assert words_of(page, "options-summary") == "這組規則的選項（改了1項）"
    assert page.get_by_test_id("opt-red_bonus").is_checked()
    assert page.get_by_test_id("seat-2").input_value() == "random"
    chosen = page.get_by_test_id("seat-2").evaluate("s => s.selectedOptions[0].textContent")
    assert chosen.startswith("隨機"), chosen
    assert "玩家1" in words_of(page, "seats")
    description = words_of(page, "preset-description")
    assert CJK.search(description), description
    meanings = page.locator(".option-meaning").all_inner_texts()
    assert meanings and all(CJK.search(m) for m in meanings), meanings
    assert not english_sentences(page), english_sentences(page)

    page.get_by_test_id("game-daifugo").click()
    page.get_by_test_id("language").select_option("ja")
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert words_of(page, "game-daifugo") == "大富豪"
    page.get_by_test_id("opt-sandstorm").click()  # the other way from the preset
    assert words_of(page, "options-summary").endswith("件変更）")
    page.get_by_test_id("hands").fill("0")
    page.get_by_test_id("create").click()
    assert words_of(page, "create-error") == "回数は1以上の整数にしてください。"
    assert not english_sentences(page), english_sentences(page)
    # a refusal of the server, in the page's language
    page.get_by_test_id("hands").fill("1")
    page.get_by_test_id("creator").fill("A\u202eB")
    page.get_by_test_id("create").click()
    page.get_by_test_id("create-error").filter(has_text="名前に制御文字").wait_for()

    page.get_by_test_id("creator").fill("")
    page.get_by_test_id("create").click()
    page.get_by_test_id("created").wait_for(state="visible")
    assert words_of(page, "open-table") == "卓へ行く"
    assert not english_sentences(page), english_sentences(page)
    page.get_by_test_id("open-table").click()
    page.wait_for_url("**/t/**")
    page.get_by_test_id("lobby").wait_for(state="visible")
    assert page.get_by_test_id("language").input_value() == "ja"
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.get_by_test_id("lobby").locator("h2").inner_text() == "席に着く"
    # and back on the first page, the choice is still there
    page.goto(server.base + "/")
    page.get_by_test_id("game-lukfu").wait_for()
    assert page.get_by_test_id("language").input_value() == "ja"
    assert words_of(page, "create") == "卓を作る"
