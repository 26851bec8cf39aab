"""The "How to play" text of each game, written once and read by the docs, the terminal
and the browser.

Each game of the registry keeps its text as package data in its own package, one
Markdown file a language, with the record of its worked hand and the pictures of its
cards::

    <the game's package>/howto/<lang>.md      the text (en, zh_Hant, ja)
    <the game's package>/howto/hand.json      the worked hand, a record the referee reads
    <the game's package>/howto/*.svg          the pictures (tools/howto_pictures.py)

docs/how-to-play-<game>.md is the English text with the pictures beside it (the same
tool writes it).
"""

from __future__ import annotations

import re
from importlib.resources import files
from typing import Any

from paiju.core.games import GAMES
from paiju.table.text import LANGS, package

_PICTURE = re.compile(r"^[a-z][a-z0-9-]*\.svg$")


def games() -> tuple[str, ...]:
    """The games of the registry that have a "How to play" text."""
    return tuple(g for g in GAMES if files(package(g)).joinpath("howto", "en.md").is_file())


def _folder(game: str) -> Any:
    if game not in games():
        raise KeyError(game)
    return files(package(game)) / "howto"


def howto_text(game: str, lang: str = "en") -> str:
    """The Markdown text of ``game`` in ``lang`` (English for a language not written)."""
    if lang not in LANGS:
        lang = "en"
    return str((_folder(game) / f"{lang}.md").read_text(encoding="utf-8"))


def worked_hand(game: str) -> str:
    """The record of the text's worked hand (JSON)."""
    return str((_folder(game) / "hand.json").read_text(encoding="utf-8"))


def picture(game: str, name: str) -> bytes | None:
    """The SVG picture ``name`` of ``game``, or None when there is none by that name."""
    if not _PICTURE.match(name):
        return None
    path = _folder(game) / name
    return path.read_bytes() if path.is_file() else None


def for_terminal(text: str) -> str:
    """The text as the terminal shows it: a picture becomes its caption in brackets."""
    return re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"[\1]", text)


def to_html(text: str, picture_base: str) -> str:
    """The text rendered to HTML with raw HTML disabled; pictures point under
    ``picture_base`` (a URL path ending in ``/``)."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    text = re.sub(r"!\[([^\]]*)\]\(([a-z0-9-]+\.svg)\)",
                  lambda m: f"![{m.group(1)}]({picture_base}{m.group(2)})", text)
    return str(md.render(text))
