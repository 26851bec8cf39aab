"""Draw the card pictures of the "How to play" texts from the engines' own card lists,
and write the docs pages from the English texts.

    python tools/howto_pictures.py          write every file
    python tools/howto_pictures.py --check  exit 1 if a written file is out of date

Writes, for each game, its SVG pictures into src/paiju/<game>/howto/ (package data the
browser serves), one a language (``<name>.svg`` in English, ``<name>-zh-hant.svg`` and
``<name>-ja.svg``), and the English ones into docs/, and docs/how-to-play-<game>.md: the
English text (src/paiju/<game>/howto/en.md) under a line saying where it comes from.
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

from paiju.daifugo.engine import cards as dc
from paiju.lukfu.engine import cards as lc

ROOT = Path(__file__).resolve().parent.parent
W, H, GAP = 46, 64, 6
RED, INK, FACE = "#c0392b", "#222222", "#fffdf5"


def _card(x: int, y: int, top: str, bottom: str, colour: str, note: str = "") -> str:
    """One card: its face, a big label and a small one, in ``colour``."""
    parts = [f'<g transform="translate({x},{y})">',
             f'<rect width="{W}" height="{H}" rx="5" fill="{FACE}" stroke="{colour}"'
             ' stroke-width="1.5"/>',
             f'<text x="{W // 2}" y="27" font-size="17" text-anchor="middle" fill="{colour}"'
             f'>{escape(top)}</text>',
             f'<text x="{W // 2}" y="50" font-size="14" text-anchor="middle" fill="{colour}"'
             f'>{escape(bottom)}</text>']
    if note:
        parts.append(f'<text x="{W // 2}" y="{H + 13}" font-size="10" text-anchor="middle"'
                     f' fill="{INK}">{escape(note)}</text>')
    parts.append("</g>")
    return "".join(parts)


def _svg(width: int, height: int, title: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
            f' viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">'
            f"<title>{escape(title)}</title>"
            f'<rect width="{width}" height="{height}" fill="white"/>'
            + "".join(body) + "</svg>\n")


#: The pictures' words in each language of the texts: (picture's title, caption, card's note).
WORDS = {
    "lukfu": {
        "en": ("The Luk Fu pack",
               "Sip > Gon > Sok > Chen; red: the eight red imprints; ° aged from the start",
               "Li Chen"),
        "zh_Hant": ("六虎的牌", "拾 > 貫 > 索 > 綫；紅色：八張紅印牌；°：一開始就是老歲牌", ""),
        "ja": ("六虎のカード", "拾 > 貫 > 索 > 綫。赤：赤い印の8枚。°：最初から老歳牌", ""),
    },
    "daifugo": {
        "en": ("The order of Dai Fugō's cards",
               "low → high (a revolution or a Jack back reverses 3 … 2; the joker stays highest)",
               "joker"),
        "zh_Hant": ("大富豪的牌的大小", "由小到大（革命或 J 反轉時 3 … 2 倒轉，鬼牌仍然最大）",
                    "鬼牌"),
        "ja": ("大富豪のカードの強さ",
               "弱い → 強い（革命やイレブンバックで 3 … 2 が逆になり、ジョーカーは最強のまま）",
               "ジョーカー"),
    },
}
#: The file name of each language's picture: ``<name>.svg`` in English, else
#: ``<name>-<lang>.svg`` (lower case, as the server serves them).
SUFFIX = {"en": "", "zh_Hant": "-zh-hant", "ja": "-ja"}


def lukfu_pack(lang: str = "en") -> str:
    """The Luk Fu pack: a row a suit from Sip down, 9 to 1, Li Chen apart; the red
    imprints (``cards.RED_CARDS``) in red, the aged-from-the-start ones marked °; its
    words in ``lang`` (the suits by their characters alone outside English)."""
    title, caption, note = WORDS["lukfu"][lang]
    left, top = 90, 24
    body = [f'<text x="8" y="16" font-size="12" fill="{INK}">{escape(caption)}</text>']
    for row, suit in enumerate(lc.SUITS):
        y = top + row * (H + GAP)
        name = (f"{lc.SUIT_NAMES[suit]} {lc.SUIT_HANZI[suit]}" if lang == "en"
                else lc.SUIT_HANZI[suit])
        body.append(f'<text x="8" y="{y + 38}" font-size="14" fill="{INK}">{name}</text>')
        for col, number in enumerate(range(9, 0, -1)):
            c = lc.card(suit, number)
            colour = RED if c in lc.RED_CARDS else INK
            mark = "°" if c in lc.INITIALLY_AGED else ""
            body.append(_card(left + col * (W + GAP), y, f"{number}{mark}",
                              lc.SUIT_HANZI[suit], colour))
    x = left + 9 * (W + GAP) + 3 * GAP
    colour = RED if lc.LI_CHEN in lc.RED_CARDS else INK
    body.append(_card(x, top + (H + GAP), "1°", "麗綫", colour, note))
    width = x + W + 14
    height = top + 4 * (H + GAP) + 4
    return _svg(width, height, title, body)


def daifugo_order(lang: str = "en") -> str:
    """The order of Dai Fugō's ranks, low to high (``cards.RANK_NAMES``), then the joker;
    the caption: the ranks reversed by a revolution or a Jack back; its words in ``lang``
    (the joker's face a star alone outside English)."""
    title, caption, note = WORDS["daifugo"][lang]
    left, top = 10, 24
    body = [f'<text x="{left}" y="16" font-size="12" fill="{INK}">{escape(caption)}</text>']
    for i, rank in enumerate(dc.RANK_NAMES):
        suit = i % 4
        colour = RED if dc.SUIT_NAMES[suit] in ("H", "D") else INK
        body.append(_card(left + i * (W + GAP), top, rank, dc.SUIT_SYMBOLS[suit], colour))
    x = left + len(dc.RANK_NAMES) * (W + GAP) + GAP
    body.append(_card(x, top, "JK" if lang == "en" else "★", "★" if lang == "en" else "",
                      RED, note))
    return _svg(x + W + 10, top + H + 20, title, body)


PICTURES = {"lukfu": {"lukfu-pack.svg": lukfu_pack},
            "daifugo": {"daifugo-order.svg": daifugo_order}}
TITLES = {"lukfu": "Luk Fu", "daifugo": "Dai Fugō"}


def docs_page(game: str) -> str:
    """docs/how-to-play-<game>.md: the English text under a line saying where it is kept."""
    text = (ROOT / "src" / "paiju" / game / "howto" / "en.md").read_text(encoding="utf-8")
    head, _, rest = text.partition("\n")
    note = (f"\n*The same text as `?` at the terminal's table (`paiju play`, `paiju learn "
            f"{game}`) and the browser's /learn/{game}, kept in "
            f"[src/paiju/{game}/howto/](../src/paiju/{game}/howto/) "
            f"(also in Chinese and Japanese); the worked hand's record is "
            f"[hand.json](../src/paiju/{game}/howto/hand.json).*\n")
    return head + "\n" + note + rest


def outputs() -> dict[Path, str]:
    """Every file this tool writes, with its content."""
    out: dict[Path, str] = {}
    for game, pictures in PICTURES.items():
        for name, draw in pictures.items():
            out[ROOT / "docs" / name] = draw("en")
            for lang, suffix in SUFFIX.items():
                shown = name.replace(".svg", f"{suffix}.svg")
                out[ROOT / "src" / "paiju" / game / "howto" / shown] = draw(lang)
        out[ROOT / "docs" / f"how-to-play-{game}.md"] = docs_page(game)
    return out


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, content in outputs().items():
        if path.exists() and path.read_text(encoding="utf-8") == content:
            continue
        if check:
            stale.append(path)
        else:
            path.write_text(content, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    for path in stale:
        print(f"out of date: {path.relative_to(ROOT)}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
