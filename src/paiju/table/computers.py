"""The computer players' names, in the reader's language: a seat's number and the
player's strength (``Computer 3 (medium)``, ``電腦3（中級）``, ``コンピュータ3（普通）``).

A person's own name is never translated; a computer's is said in every language, so the
seats' names of a table are by language (:func:`names_in`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from paiju.table.text import LANGS, SOURCE, Words

WORDS = Words("table")

#: The seats' names of a hand: one list for every language, or by language.
Names = Sequence[str] | Mapping[str, Sequence[str]]

#: The strengths a computer player is named by, weakest first.
STRENGTHS = ("easy", "medium", "strong", "very strong", "strongest")


def strength(spec: str) -> str | None:
    """How strong the player ``spec`` plays, one of :data:`STRENGTHS` (``None`` for a
    player that is no level of paiju's own: a game's own player, or an unknown one).

    The plain players by what they are (random, the rules of thumb, the learned policy);
    a search by its time a move as the seat menu offers it (under 1 s, under 3 s, 3 s),
    or ``strong`` when it counts play-outs; ``strongest`` is each game's best."""
    name, _, rest = spec.strip().lower().partition(":")
    fixed = {"random": "easy", "heuristic": "medium", "learned": "strong"}
    if name in fixed:
        return fixed[name]
    if name not in ("ismcts", "strongest"):
        return None
    settings = dict(part.partition("=")[::2] for part in rest.split(":") if "=" in part)
    try:
        seconds = float(settings["time"]) if "time" in settings else None
    except ValueError:
        seconds = None
    if seconds is None:
        return "strongest" if name == "strongest" else "strong"
    return "strong" if seconds < 1 else "very strong" if seconds < 3 else "strongest"


def strength_word(level: str, lang: str) -> str:
    """A strength of :data:`STRENGTHS` in ``lang``."""
    return {
        "easy": WORDS.c(lang, "strength", "easy"),
        "medium": WORDS.c(lang, "strength", "medium"),
        "strong": WORDS.c(lang, "strength", "strong"),
        "very strong": WORDS.c(lang, "strength", "very strong"),
        "strongest": WORDS.c(lang, "strength", "strongest"),
    }[level]


def computer_name(spec: str, player: int, lang: str) -> str:
    """The name of the computer player ``spec`` at session player ``player`` (numbered
    from 1 at the table), in ``lang``."""
    level = strength(spec)
    if level is None:
        return WORDS.c(lang, "computer", "Computer {n}", n=player + 1)
    return WORDS.c(lang, "computer", "Computer {n} ({strength})", n=player + 1,
                   strength=strength_word(level, lang))


def computer_part(spec: str, lang: str) -> str:
    """What the terminal says beside a computer's seat: its strength, else "computer"."""
    level = strength(spec)
    return WORDS.c(lang, "computer", "computer") if level is None else strength_word(level, lang)


def computer_names(spec: str, player: int) -> dict[str, str]:
    """:func:`computer_name` in every language."""
    return {lang: computer_name(spec, player, lang) for lang in LANGS}


#: The most players a table seats, for the computers' names a person may not take.
MOST_PLAYERS = 8


@cache
def _computer_names() -> frozenset[str]:
    specs = ("random", "heuristic", "learned", "ismcts:time=1", "ismcts:time=3",
             "uecda-standard")
    return frozenset(" ".join(computer_name(spec, p, lang).casefold().split())
                     for spec in specs for p in range(MOST_PLAYERS) for lang in LANGS)


def is_computer_name(name: str) -> bool:
    """Whether ``name`` is how a table names one of its computer players, in some language
    (a person so named would pass for one)."""
    return " ".join(name.casefold().split()) in _computer_names()


def names_in(names: Names, lang: str) -> Sequence[str]:
    """The seats' names as ``lang`` reads them (the English ones for a language not
    given)."""
    if isinstance(names, Mapping):
        return names.get(lang, names[SOURCE])
    return names
