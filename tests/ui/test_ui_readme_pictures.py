"""The README's captions say what their terminal pictures show."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PICTURES = re.findall(r"!\[([^\]]*)\]\((docs/play-[a-z]+\.svg)\)", README)

#: What a caption may claim, and how the picture's text shows it.
CLAIMS = {
    "with a hint": lambda text: "Hint:" in text,
    "Japanese names": lambda text: bool(re.search("スペード|ハート|ダイヤ|クラブ|平民|貧民",
                                                  text)),
    "Chinese names": lambda text: bool(re.search(r"[文武]", text)),
    "Jack back": lambda text: "J-back" in text or "Jack back" in text,
}


def _text_of(svg: Path) -> str:
    """The words a terminal picture shows."""
    text = html.unescape(" ".join(re.findall(r">([^<>]+)</text>", svg.read_text("utf-8"))))
    return text.replace("\xa0", " ")  # Textual writes its spaces unbreakable


def test_the_readme_shows_both_tables() -> None:
    assert {path for _, path in PICTURES} == {"docs/play-lukfu.svg", "docs/play-daifugo.svg"}


@pytest.mark.parametrize(("caption", "path"), PICTURES)
def test_every_caption_claim_holds(caption: str, path: str) -> None:
    text = _text_of(ROOT / path)
    claimed = [claim for claim in CLAIMS if claim in caption]
    for claim in claimed:
        assert CLAIMS[claim](text), f"{path}: the caption says {claim!r}; the picture does not"
    if "names" not in caption:  # a picture in a language's names says so in its caption
        assert not CLAIMS["Japanese names"](text), caption


def test_the_readme_quotes_what_the_table_says() -> None:
    """The README's quote of the end of a Luk Fu hand is the catalogue's sentence."""
    from paiju.table.text import Words

    said = Words("lukfu").n("en", "{name} declares with {count}: {tricks} won in tricks plus "
                            "{n} aged card in hand.", "{name} declares with {count}: {tricks} "
                            "won in tricks plus {n} aged cards in hand.", 2, name="P3",
                            count=6, tricks=4)
    assert f'("{said}")' in " ".join(README.split())
