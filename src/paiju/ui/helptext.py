"""The language a player reads paiju in, and the players' commands' help said in it.

The language: ``--lang`` where a command takes it (``paiju play``, ``learn``, ``replay``),
else the environment's ``PAIJU_LANG`` (``en``, ``zh_Hant`` or ``ja``; a locale such as
``ja_JP.UTF-8`` names its language), else English. ``--native`` still means the game's
own language.

The help: :class:`SpokenCommand` and :class:`SpokenGroup` print Click's help unchanged in
English; in another language they lay the same help out themselves, every sentence from
the catalogue (context ``help``), keyed by its English, and wrapped by the width of its
characters (a Chinese or Japanese character takes two columns, and a line may break
between any two of them).
"""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import click
from rich.cells import cell_len

from paiju.table.text import LANGS, SOURCE, Words, joined, match_sentence
from paiju.ui.helpwords import SENTENCES, templates

WORDS = Words("table")

#: The environment variable naming the player's language.
LANG_VARIABLE = "PAIJU_LANG"
#: Where a command line's ``--lang`` is kept for the help (read before any option).
_META = "paiju.lang"

if TYPE_CHECKING:
    _StrType = click.ParamType[str, Any]
else:
    _StrType = click.ParamType


def lang_named(text: str | None) -> str | None:
    """The language code ``text`` names (``ja``, ``zh-hant``, ``zh_TW.UTF-8``), or None."""
    if not text:
        return None
    base = text.split(".")[0].split("@")[0].replace("-", "_").lower()
    if base.startswith("zh"):
        return "zh_Hant"
    for lang in LANGS:
        if base == lang.lower() or base.startswith(lang.lower() + "_"):
            return lang
    return None


def env_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language ``PAIJU_LANG`` names (English when unset or unknown)."""
    found = lang_named((os.environ if environ is None else environ).get(LANG_VARIABLE))
    return found or SOURCE


class LangType(_StrType):
    """A language of the catalogues, given as its code (``en``, ``zh_Hant``, ``ja``)."""

    name = "lang"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        found = lang_named(str(value))
        if found is None:
            self.fail(f"{value!r} is not a language of paiju's: {', '.join(LANGS)}",
                      param, ctx)
        return found


def lang_option() -> Callable[[Any], Any]:
    """``--lang``: the language of what the command prints, and of its help."""
    return click.option("--lang", type=LangType(), default=None, metavar="LANG",
                        help="Language: en, zh_Hant (Chinese) or ja (Japanese); default "
                             f"${LANG_VARIABLE}, else English.")


def chosen(lang: str | None, native: bool = False) -> bool | str:
    """What a table or replay is told to speak (a presenter's ``native``): ``--lang``,
    else the game's own language with ``--native``, else ``PAIJU_LANG``'s."""
    if lang is not None and native:
        raise click.UsageError("--lang and --native both name the language: give one")
    if native:
        return True
    said = lang or env_lang()
    return False if said == SOURCE else said


def help_lang(ctx: click.Context) -> str:
    """The language of ``ctx``'s help: its command line's ``--lang``, else ``PAIJU_LANG``."""
    found = ctx.meta.get(_META)
    return found if isinstance(found, str) else env_lang()


def _scan_lang(ctx: click.Context, args: list[str]) -> None:
    """Keep the ``--lang`` of ``args`` before Click reads them (``--help`` may come
    first and print at once)."""
    for i, arg in enumerate(args):
        if arg == "--":
            return
        value = (args[i + 1] if arg == "--lang" and i + 1 < len(args)
                 else arg.partition("=")[2] if arg.startswith("--lang=") else None)
        found = lang_named(value)
        if found is not None:
            ctx.meta[_META] = found


# ------------------------------------------------------------ the sentences of the help

@cache
def _fixed() -> dict[str, Callable[[str], str]]:
    return {say(SOURCE): say for say in SENTENCES}


_NAMES = ("presets", "counts", "n", "game")


def said(lang: str, english: str) -> str:
    """``english``, a sentence of the help, in ``lang`` (itself if the catalogue has it
    not: a test fails on that)."""
    text = " ".join(english.split())
    if lang == SOURCE:
        return english
    say = _fixed().get(text)
    if say is not None:
        return say(lang)
    found = match_sentence(templates(SOURCE, **{k: f"{{{k}}}" for k in _NAMES}), text)
    if found is None:
        return english
    index, parts = found
    parts = {k: _parts_said(lang, k, v) for k, v in parts.items()}
    return templates(lang, **{**dict.fromkeys(_NAMES, ""), **parts})[index]


def _parts_said(lang: str, name: str, value: str) -> str:
    """A generated part of a help sentence (each game's presets or player counts)."""
    if name == "presets":  # game: a (default), b; game: ...
        games = []
        for part in value.split("; "):
            game, _, presets = part.partition(": ")
            names = [WORDS.c(lang, "help", "{preset} (default)", preset=p[:-10])
                     if p.endswith(" (default)") else p for p in presets.split(", ")]
            games.append(WORDS.c(lang, "help", "{game}: {presets}", game=game,
                                 presets=joined(lang, names)))
        return WORDS.c(lang, "help", "; ").join(games)
    if name == "counts":  # game 3 or 4, default 4; game 3 to 8, ...
        games = []
        for part in value.split("; "):
            m = re.fullmatch(r"(\S+) (.+), default (\d+)", part)
            if m is None:
                return value
            games.append(WORDS.c(lang, "help", "{game} {counts}, default {n}",
                                 game=m[1], counts=_counts(lang, m[2]), n=m[3]))
        return WORDS.c(lang, "help", "; ").join(games)
    return value


def _counts(lang: str, text: str) -> str:
    """``3 to 8``, ``3 or 4``, ``3, 4 or 6`` in ``lang``."""
    span = re.fullmatch(r"(\d+) to (\d+)", text)
    if span:
        return WORDS.c(lang, "help", "{low} to {high}", low=span[1], high=span[2])
    some, _, last = text.rpartition(" or ")
    if not some:
        return text
    return WORDS.c(lang, "help", "{some} or {last}", some=joined(lang, some.split(", ")),
                   last=last)


def _extra(lang: str, text: str) -> str:
    """Click's ``[default: 2.0; x>0]`` after an option's help, in ``lang``."""
    inner = text.strip()[1:-1]
    parts = [WORDS.c(lang, "help", "default: {value}", value=p[9:])
             if p.startswith("default: ") else said(lang, p) for p in inner.split("; ")]
    return "[" + WORDS.c(lang, "help", "; ").join(parts) + "]"


# ------------------------------------------------------------ laying the help out

_WIDE = "\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3" \
        "\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6"
_TOKEN = re.compile(rf"\s+|[{_WIDE}]|[^\s{_WIDE}]+")
#: What may not begin a line (closing marks), in Chinese and Japanese.
_NO_START = set("，。、；：！？）」』】・…ー％,.;:!?)]")
#: What may not end one (opening marks).
_NO_END = set("（「『【")


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns (a wide character takes two), broken
    at spaces or between wide characters, never before a closing mark nor after an
    opening one."""
    lines: list[str] = []
    line, space = "", False
    for token in _TOKEN.findall(" ".join(text.split())):
        if token.isspace():
            space = True
            continue
        joint = " " if space and line else ""
        space = False
        if not line or cell_len(line + joint + token) <= width:
            line += joint + token
            continue
        cut = len(line)
        if token[0] in _NO_START and not joint:  # the mark takes its word down with it
            cut = _word_start(line)
        elif line[-1] in _NO_END:
            cut -= 1
        if cut <= 0:
            line += joint + token
        else:
            lines.append(line[:cut].rstrip())
            line = line[cut:] + joint + token if cut < len(line) else token
    return [*lines, line] if line else lines


def _word_start(line: str) -> int:
    """Where the last word of ``line`` starts (a wide character is a word, with the
    closing marks after it and the opening marks before it)."""
    cut = len(line)
    while cut > 0 and line[cut - 1] in _NO_START:
        cut -= 1
    if cut and cell_len(line[cut - 1]) > 1:
        cut -= 1
    else:
        while cut > 0 and not line[cut - 1].isspace() and cell_len(line[cut - 1]) == 1:
            cut -= 1
    while cut > 0 and line[cut - 1] in _NO_END:
        cut -= 1
    return cut


def _paragraphs(text: str) -> list[str]:
    """The paragraphs of a docstring, each on one line (Click's ``\\f`` ends the help)."""
    body = inspect.cleandoc(text).partition("\f")[0]
    return [" ".join(p.split()) for p in body.split("\n\n") if p.strip()]


def _rows(rows: list[tuple[str, str]], width: int, out: list[str]) -> None:
    """Rows of a term and its text, as Click lays them out (the term's column at most 30
    wide; a longer term puts its text on the lines below)."""
    column = min(max((cell_len(term) for term, _ in rows), default=0), 30) + 2
    room = max(width - 2 - column, 20)
    for term, text in rows:
        lines = wrap(text, room) or [""]
        if cell_len(term) + 2 <= column:
            out.append(("  " + term + " " * (column - cell_len(term)) + lines[0]).rstrip())
            lines = lines[1:]
        else:
            out.append("  " + term)
        out += [" " * (2 + column) + line for line in lines]


def _option_row(param: click.Parameter, ctx: click.Context, lang: str
                ) -> tuple[str, str] | None:
    """One option's row of the help, in ``lang``."""
    record = param.get_help_record(ctx) if isinstance(param, click.Option) else None
    if record is None:
        return None
    term, text = record
    if param.metavar is None and isinstance(param, click.Option) and not param.is_flag:
        shown = param.type.get_metavar(param, ctx) or param.type.name.upper()
        if term.endswith(" " + shown):
            term = term[: -len(shown)] + said(lang, shown)
    own = " ".join((getattr(param, "help", None) or "").split())
    flat = " ".join(text.split())
    extra = flat[len(own):].strip() if flat.startswith(own) else ""
    words = said(lang, own) if own else ""
    if extra.startswith("[") and extra.endswith("]"):
        words = f"{words}  {_extra(lang, extra)}" if words else _extra(lang, extra)
    return term, words


def spoken_help(command: click.Command, ctx: click.Context, lang: str, width: int,
                note: str = "") -> str:
    """``command``'s help in ``lang``, laid out as Click lays out the English."""
    pieces = [said(lang, piece) for piece in command.collect_usage_pieces(ctx)]
    usage = said(lang, "Usage:")
    out = wrap(f"{usage}{'' if cell_len(usage[-1]) > 1 else ' '}{ctx.command_path} "
               f"{' '.join(pieces)}", width)
    for paragraph in _paragraphs(command.help or ""):
        out += ["", *("  " + line for line in wrap(said(lang, paragraph), width - 2))]
    rows = [row for p in command.get_params(ctx) if (row := _option_row(p, ctx, lang))]
    if rows:
        out += ["", said(lang, "Options:")]
        _rows(rows, width, out)
    if isinstance(command, click.Group):
        listed = [(name, sub) for name in command.list_commands(ctx)
                  if (sub := command.get_command(ctx, name)) is not None and not sub.hidden]
        if listed:
            out += ["", said(lang, "Commands:")]
            column = min(max(cell_len(name) for name, _ in listed), 30) + 2
            for name, sub in listed:
                summary = said(lang, _paragraphs(sub.help or "")[0] if sub.help else "")
                out.append(_cut(f"  {name}{' ' * (column - len(name))}{summary}", width))
    if note:
        out += ["", *("  " + line for line in wrap(note, width - 2))]
    return "\n".join(out) + "\n"


def _cut(line: str, width: int) -> str:
    """``line`` cut to ``width`` columns, ending ``…`` if cut."""
    if cell_len(line) <= width:
        return line
    while cell_len(line) > width - 1:
        line = line[:-1]
    return line + "…"


class SpokenCommand(click.Command):
    """A player's command: its help in the player's language (:func:`help_lang`), and
    ending with a note written when help is shown, in that language."""

    def __init__(self, *args: Any, note: Callable[[str], str] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.note = note

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        _scan_lang(ctx, args)
        return super().parse_args(ctx, args)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        lang = help_lang(ctx)
        if lang == SOURCE:
            super().format_help(ctx, formatter)
            return
        note = self.note(lang) if self.note is not None else ""
        formatter.write(spoken_help(self, ctx, lang, formatter.width or 78, note))

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        if self.note is not None:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(self.note(SOURCE))


class SpokenGroup(click.Group):
    """paiju's own help in the player's language (``PAIJU_LANG``), as
    :class:`SpokenCommand`'s."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        lang = help_lang(ctx)
        if lang == SOURCE:
            super().format_help(ctx, formatter)
            return
        formatter.write(spoken_help(self, ctx, lang, formatter.width or 78))
