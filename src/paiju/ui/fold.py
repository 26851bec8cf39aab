"""Lines of Chinese and Japanese folded as their readers expect: a line may break between
any two wide characters, never before a closing mark (。、）」…) nor after an opening one
(（「…), and a bullet's continuation lines hang under its text, not under the bullet.

Rich breaks lines only at spaces: a sentence of kana and kanji is one word to it, moved
whole to the next line (leaving a lone "•") and then cut at the width, wherever that falls
(a line starting with "。"). :class:`Folded` folds before Rich sees the lines.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.text import Text

#: Marks that never begin a line (kinsoku): closing brackets, stops, small kana.
NO_START = frozenset("。、，．,.・：；:;！？!?）」』】〕〉》)]}ー…‥％%"
                     "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々")
#: Marks that never end a line: opening brackets.
NO_END = frozenset("（「『【〔〈《([{")
#: A bullet whose continuation lines hang under the text after it.
BULLET = "• "


def _wide(char: str) -> bool:
    return cell_len(char) > 1


def _may_break(before: str, after: str) -> bool:
    """Whether a line may end after ``before`` and the next begin with ``after``."""
    if after == " " or after in NO_START or before in NO_END:
        return False
    return before == " " or _wide(before) or _wide(after)


def may_break_at(plain: str, i: int) -> bool:
    """Whether a line may begin at ``plain[i]``: as :func:`_may_break`, and a number keeps
    the word it counts ("4 Chen", "3 cards" never end a line at the number)."""
    if not _may_break(plain[i - 1], plain[i]):
        return False
    if plain[i - 1] == " ":
        j = i - 1
        while j > 0 and plain[j - 1].isdigit():
            j -= 1
        if j < i - 1 and (j == 0 or not plain[j - 1].isalnum()):
            return False
    return True


def fold_points(plain: str, width: int, hang: int = 0) -> list[int]:
    """Where ``plain`` is cut into lines of at most ``width`` cells (the first full width,
    the others ``hang`` cells narrower), at the last place each may break."""
    cuts: list[int] = []
    start, room = 0, max(1, width)
    used, last = 0, -1
    i = start
    while i < len(plain):
        w = cell_len(plain[i])
        if i > max(start, hang) and may_break_at(plain, i):
            last = i  # (never straight after the bullet: it keeps its text)
        if used + w > room and i > start:
            cut = last if last > start else i
            cuts.append(cut)
            start, room = cut, max(1, width - hang)
            used, last = 0, -1
            i = start
            continue
        used += w
        i += 1
    return cuts


def fold(line: Text, width: int) -> list[Text]:
    """``line`` as lines of at most ``width`` cells; a bullet's continuations indented."""
    plain = line.plain
    hang = cell_len(BULLET) if plain.startswith(BULLET) else 0
    if cell_len(plain) <= width:
        return [line]
    parts = list(line.divide(fold_points(plain, width, hang)))
    return [parts[0], *(Text(" " * hang) + part for part in parts[1:])]


class Folded:
    """A Rich renderable of markup lines, folded at the width it is given."""

    def __init__(self, markup: str | None = None, lines: list[Text] | None = None) -> None:
        self.lines = (lines if lines is not None
                      else [Text.from_markup(line) for line in (markup or "").split("\n")])

    def __str__(self) -> str:
        return "\n".join(line.plain for line in self.lines)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        for line in self.lines:
            for part in fold(line, options.max_width):
                part.no_wrap = True
                part.overflow = "crop"
                yield part
