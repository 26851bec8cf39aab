"""The pages' own words (static/js/phrases.js): every phrase in English, Chinese and
Japanese with the same named places, and every phrase the page asks for is there."""

from __future__ import annotations

import re
from pathlib import Path

from paiju.core.games import GAMES, get_game

STATIC = Path(__file__).resolve().parents[3] / "src" / "paiju" / "web" / "static"
ENTRY = re.compile(r'^  "?([\w.]+)"?: \{(.*?)\},$', re.M | re.S)
TEXT = re.compile(r'\b(en|zh|ja): "((?:[^"\\]|\\.)*)"')
PLACE = re.compile(r"\{(\w+)\}")
LANGS = ("en", "zh", "ja")
#: The places an English template may fill that the others leave out or write their own
#: way: an English ordinal ("1st", where the others write the number: 第1名, 1位), and the
#: engine's English name of a Luk Fu meld (the others show its cards alone).
ENGLISH_ONLY = {"ord", "meld"}


def phrases() -> dict[str, dict[str, str]]:
    text = (STATIC / "js" / "phrases.js").read_text()
    found = {key: dict(TEXT.findall(body)) for key, body in ENTRY.findall(text)}
    assert len(found) > 100
    return found


def test_every_phrase_is_in_three_languages_with_the_same_places() -> None:
    for key, words in phrases().items():
        assert set(words) == set(LANGS), (key, words)
        places = {lang: set(PLACE.findall(words[lang])) for lang in LANGS}
        assert all(text.strip() for text in words.values()), key
        english = places["en"]
        for lang in ("zh", "ja"):
            # the same places, a number written as an English ordinal aside
            assert places[lang] - {"n"} == english - ENGLISH_ONLY - {"n"}, (key, lang, places)
            assert ("n" in places[lang]) == bool(english & {"n", "ord"}), (key, lang, places)


def test_every_phrase_the_page_asks_for_is_there() -> None:
    known = phrases()
    asked: set[str] = set()
    for path in (STATIC / "js").glob("*.js"):
        source = path.read_text()
        asked |= set(re.findall(r'\btr\("([\w.]+)"', source))
        for one, many in re.findall(r'"(ex\w+1)", "(ex\w+N)"', source):
            asked |= {one, many}
    for page in ("table.html", "index.html"):
        html = (STATIC / page).read_text()
        asked |= set(re.findall(r'data-i18n(?:-label)?="([\w.]+)"', html))
    # the phrases the games' descriptions for the page name (paiju/GAME/page.py)
    for name in GAMES:
        desc = get_game(name).page()
        asked |= {*desc.roles, *desc.titles.values(), *desc.player_notes.values()}
        asked |= {phrase for _, phrase, _ in desc.flags} | set(desc.ranking)
        asked |= {key for key in (desc.red_word, desc.card_caption, desc.hand_caption) if key}
        for kind in desc.moves:
            words = desc.move_words.get(kind, kind)
            asked |= {f"move.{words}", f"rp.{words}"}
    asked.add("rp.other")
    assert len(asked) > 80
    missing = sorted(asked - set(known))
    assert not missing, missing


def test_no_sentence_is_glued_from_phrases() -> None:
    """A phrase is never joined to another by `+` or inside a template string: two phrases
    go together through a template of their own, whose places a translation may order."""
    glued = re.compile(r"\btr\([^()]*\)\s*\+|\+\s*tr\(|`[^`]*\$\{tr\(")
    for path in (STATIC / "js").glob("*.js"):
        found = [line for line in path.read_text().splitlines() if glued.search(line)]
        assert not found, (path.name, found)
