"""The "How to play" pages: ``GET /learn/{game}?lang=...`` renders the game's text (the
same Markdown the docs and the terminal read, :mod:`paiju.table.howto`) inside a
minimal page on the site's stylesheet; ``GET /learn/{game}/pictures/{name}`` serves its
card pictures. Raw HTML in the text is not rendered, and every value put into the page
shell is escaped.
"""

from __future__ import annotations

from html import escape

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response
from starlette.exceptions import HTTPException

from paiju.table.howto import games, howto_text, picture, to_html
from paiju.table.text import LANGS

router = APIRouter()

#: The page's title and the language switch, by language.
_TITLES = {"en": "How to play", "zh_Hant": "玩法", "ja": "遊び方"}
_HTML_LANG = {"en": "en", "zh_Hant": "zh-Hant", "ja": "ja"}
_LANG_NAMES = {"en": "English", "zh_Hant": "中文", "ja": "日本語"}
def learn_page(game: str, lang: str) -> str:
    """The whole HTML page of ``game``'s text in ``lang``."""
    body = to_html(howto_text(game, lang), f"/learn/{game}/pictures/")
    switch = " · ".join(
        f'<a href="/learn/{game}?lang={code}" hreflang="{_HTML_LANG[code]}">'
        f"{escape(name)}</a>" for code, name in _LANG_NAMES.items())
    return (
        "<!doctype html>\n"
        f'<html lang="{_HTML_LANG[lang]}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>paiju · {escape(_TITLES[lang])}</title>"
        '<link rel="stylesheet" href="/static/css/paiju.css">'
        "</head>"
        f'<body><main class="create-main howto"><nav><a href="/">paiju</a> · {switch}</nav>'
        f"{body}</main></body></html>\n")


@router.get("/learn/{game}", response_class=HTMLResponse)
async def learn(game: str, lang: str = "en") -> HTMLResponse:
    if game not in games():
        raise HTTPException(404)
    if lang not in LANGS:
        lang = "en"
    return HTMLResponse(learn_page(game, lang))


@router.get("/learn/{game}/pictures/{name}")
async def learn_picture(game: str, name: str) -> Response:
    found = picture(game, name) if game in games() else None
    if found is None:
        raise HTTPException(404)
    return Response(found, media_type="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=3600"})
