"""How to play, reached on a phone (390×664) in Chinese and in Japanese: from the first page,
from the Rules box at the table and from the guided hand, each in the page's language; the
page it opens holds no English word, and the language chosen on the first page is the one
How to play speaks when its address names none."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .driver import learn_from_the_first_page

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 664}, "is_mobile": True, "has_touch": True}
#: What may stay in Latin letters on a Chinese or Japanese page: the program, the other
#: languages' names in the switch, the sources' sites, authors and titles.
PROPER = {"paiju", "English", "pagat.com", "Dylan", "W.H", "Sung", "Rules", "of", "Luk", "Fu",
          "Dai", "Hinmin"}
CASES = [  # the browser's language, the page's, the server's, a game and its link's words
    ("zh-HK", "zh", "zh_Hant", "lukfu", "六虎玩法", "玩法"),
    ("ja-JP", "ja", "ja", "daifugo", "大富豪の遊び方", "遊び方"),
]


def english_words(page: Any) -> list[str]:
    """The words in Latin letters a reader sees on ``page``, less code and proper names."""
    text = page.evaluate("""() => {
      const copy = document.body.cloneNode(true);
      copy.querySelectorAll('code').forEach((c) => c.remove());
      return copy.innerText + ' ' + [...copy.querySelectorAll('img')].map((i) => i.alt).join(' ');
    }""")
    return [w for w in re.findall(r"[A-Za-z][A-Za-z.'-]*[A-Za-z]", text) if w not in PROPER]


@pytest.mark.parametrize(("locale", "lang", "code", "game", "link", "short"), CASES)
def test_how_to_play_from_the_first_page_in_the_page_s_language(
        server: Any, contexts: Any, locale: str, lang: str, code: str, game: str, link: str,
        short: str) -> None:
    page = contexts(locale=locale, **PHONE).new_page()
    page.goto(server.base + "/")
    found = page.get_by_test_id(f"howto-{game}")
    assert found.inner_text() == link and found.is_visible()
    assert found.get_attribute("href") == f"/learn/{game}?lang={code}"
    found.click()
    page.wait_for_url(re.compile(rf"/learn/{game}\?lang={code}$"))
    assert page.evaluate("document.documentElement.lang") == ("zh-Hant" if lang == "zh" else "ja")
    assert page.title() == f"paiju · {short}"
    assert english_words(page) == []
    # the picture is the language's own, within the phone's width
    assert page.evaluate("[...document.images].every((i) => i.complete && i.naturalWidth > 0 "
                         "&& i.getBoundingClientRect().right <= innerWidth)")
    # another language chosen on the first page is the one How to play then speaks
    page.goto(server.base + "/")
    other = "ja" if lang == "zh" else "zh"
    page.get_by_test_id("language").select_option(other)
    assert page.get_by_test_id(f"howto-{game}").get_attribute("href").endswith(
        "?lang=" + ("ja" if other == "ja" else "zh_Hant"))
    page.goto(f"{server.base}/learn/{game}")
    assert page.evaluate("document.documentElement.lang") == ("ja" if other == "ja" else "zh-Hant")
    assert english_words(page) == []


@pytest.mark.parametrize(("locale", "lang", "code", "game", "link", "short"), CASES)
def test_how_to_play_from_the_guided_hand_and_the_rules_box(
        server: Any, contexts: Any, locale: str, lang: str, code: str, game: str, link: str,
        short: str) -> None:
    page = contexts(locale=locale, **PHONE).new_page()
    for _ in range(4):  # a Luk Fu hand a computer ends at its deal is learnt again
        if learn_from_the_first_page(page, server.base, game):
            break
    guide = page.get_by_test_id("guide-howto")
    guide.wait_for(state="visible")
    assert guide.inner_text() == short
    assert guide.get_attribute("href") == f"/learn/{game}?lang={code}"
    page.get_by_test_id("rules-button").click()
    rules = page.get_by_test_id("rules-howto")
    assert rules.inner_text() == short and rules.is_visible()
    assert rules.get_attribute("href") == f"/learn/{game}?lang={code}"
    with page.context.expect_page() as opened:
        rules.click()
    howto = opened.value
    howto.wait_for_load_state()
    assert howto.url.endswith(f"/learn/{game}?lang={code}")
    assert english_words(howto) == []
