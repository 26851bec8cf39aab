"""The "How to play" pages: ``GET /learn/{game}?lang=...`` renders the game's text (the
same Markdown the docs and the terminal read, :mod:`paiju.table.howto`) inside a
minimal page on the site's stylesheet; ``GET /learn/{game}/pictures/{name}`` serves its
card pictures. Raw HTML in the text is not rendered, and every value put into the page
shell is escaped.
"""

from __future__ import annotations

from html import escape

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.exceptions import HTTPException

from paiju.table.howto import games, howto_text, picture, to_html
from paiju.table.present import presenter_for
from paiju.table.text import Words

router = APIRouter()

WORDS = Words("table")
_HTML_LANG = {"en": "en", "zh_Hant": "zh-Hant", "ja": "ja"}
_LANG_NAMES = {"en": "English", "zh_Hant": "中文", "ja": "日本語"}
#: The cookie the pages set to the language a player chose (the page's code: en, zh, ja).
LANG_COOKIE = "paiju_lang"


def lang_of_tag(tag: str | None) -> str | None:
    """The catalogue language a language tag names: any Chinese (``zh``, ``zh-TW``,
    ``zh_Hant``) is Traditional Chinese, ``ja…`` Japanese, ``en…`` English; else ``None``."""
    t = (tag or "").strip().lower().replace("_", "-")
    for prefix, lang in (("zh", "zh_Hant"), ("ja", "ja"), ("en", "en")):
        if t == prefix or t.startswith(prefix + "-"):
            return lang
    return None


def accepted(header: str | None) -> str | None:
    """The first language of an ``Accept-Language`` header (by its weights) that the
    catalogues hold."""
    weighted = []
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0:
            weighted.append((-q, i, tag))
    for _, _, tag in sorted(weighted):
        found = lang_of_tag(tag)
        if found is not None:
            return found
    return None


def page_lang(request: Request, asked: str | None = None) -> str:
    """The language of a page: the one asked in the address (``?lang=``), else the one
    the player chose at the tables (its cookie), else the browser's, else English."""
    return (lang_of_tag(asked) or lang_of_tag(request.cookies.get(LANG_COOKIE))
            or accepted(request.headers.get("accept-language")) or "en")


def _shell(lang: str, title: str, nav: str, body: str) -> str:
    return (
        "<!doctype html>\n"
        f'<html lang="{_HTML_LANG[lang]}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>paiju · {escape(title)}</title>"
        '<link rel="stylesheet" href="/static/css/paiju.css">'
        "</head>"
        f'<body><main class="create-main howto"><nav><a href="/">paiju</a>'
        f"{' · ' + nav if nav else ''}</nav>"
        f"{body}</main></body></html>\n")


def learn_page(game: str, lang: str) -> str:
    """The whole HTML page of ``game``'s text in ``lang``."""
    body = to_html(howto_text(game, lang), f"/learn/{game}/pictures/")
    switch = " · ".join(
        f'<a href="/learn/{game}?lang={code}" hreflang="{_HTML_LANG[code]}">'
        f"{escape(name)}</a>" for code, name in _LANG_NAMES.items())
    return _shell(lang, WORDS.c(lang, "page", "How to play"), switch, body)


def missing_page(lang: str) -> str:
    """The page of a game with no "How to play" text, in ``lang``: the games that have one."""
    title = WORDS.c(lang, "page", "There is no such game here")
    links = []
    for g in games():
        said = WORDS.c(lang, "page", "How to play {game}", game=presenter_for(g).game_title(lang))
        links.append(f'<li><a href="/learn/{g}?lang={lang}">{escape(said)}</a></li>')
    return _shell(lang, title, "", f"<h1>{escape(title)}</h1><ul>{''.join(links)}</ul>")


@router.get("/learn/{game}", response_class=HTMLResponse)
async def learn(request: Request, game: str, lang: str | None = None) -> HTMLResponse:
    said = page_lang(request, lang)
    if game not in games():
        return HTMLResponse(missing_page(said), status_code=404)
    return HTMLResponse(learn_page(game, said), headers={"Vary": "Accept-Language, Cookie"})


@router.get("/learn/{game}/pictures/{name}")
async def learn_picture(game: str, name: str) -> Response:
    found = picture(game, name) if game in games() else None
    if found is None:
        raise HTTPException(404)
    return Response(found, media_type="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=3600"})
