"""A link to no table gets a small friendly page (status 404) in the visitor's language,
with a way on to a new table."""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

SAID = {"en-GB": ("There is no table here", "Make a new table"),
        "zh-HK": ("這裏沒有牌桌", "開新桌"),
        "ja-JP": ("ここに卓はありません", "新しい卓を作る")}


def test_a_bad_link_is_answered_404_with_words(server: Any) -> None:
    with pytest.raises(urllib.error.HTTPError) as got:
        urllib.request.urlopen(server.base + "/t/doesnotexist", timeout=10)
    assert got.value.code == 404
    body = got.value.read().decode()
    assert all(title in body for title, _ in SAID.values())


@pytest.mark.parametrize("locale", list(SAID))
def test_the_missing_page_speaks_the_browsers_language(server: Any, contexts: Any,
                                                      locale: str) -> None:
    page = contexts(locale=locale).new_page()
    response = page.goto(f"{server.base}/t/doesnotexist")
    assert response is not None and response.status == 404
    shown = page.locator("[data-testid=missing]:visible")
    assert shown.count() == 1
    title, link = SAID[locale]
    assert shown.locator("h2").inner_text() == title
    assert shown.get_by_role("link").inner_text() == link
    assert shown.get_by_role("link").get_attribute("href") == "/"
    assert page.title() == f"paiju · {'no table here' if locale == 'en-GB' else title}"
    # the visitor's choice at the tables wins over the browser's language
    page.evaluate("localStorage.setItem('paiju.lang', 'ja')")
    page.reload()
    assert page.locator("[data-testid=missing]:visible h2").inner_text() == SAID["ja-JP"][0]
