"""The create form's words for a game's options, from the game's own catalogue: each
option's name, each of its choices and each preset by name, said in the reader's language
(``tariff`` → 計分表 → 点数表). The English is the name as a user types it; the entries are
declared with the options (:func:`paiju.table.catalogue.declared`), not said in the source.
"""

from __future__ import annotations

from typing import Any

from paiju.core.games import get_game
from paiju.table.text import SOURCE, Words, joined, translate

WORDS = Words("table")


def option_label(game: str, name: str, lang: str) -> str:
    """The option ``name`` of ``game`` by name, in ``lang``."""
    return translate(game, lang, name, context="option")


def choice_label(game: str, name: str, choice: Any, lang: str) -> str:
    """A choice of the option ``name`` (a choice or a list's item) in ``lang``."""
    return translate(game, lang, str(choice), context=f"option {name}")


def preset_label(game: str, preset: str, lang: str) -> str:
    """The preset ``preset`` of ``game`` by name, in ``lang``."""
    return translate(game, lang, preset, context="preset")


def value_label(game: str, name: str, value: Any, lang: str) -> str:
    """A value of the option ``name`` as the form writes it in ``lang``: a choice by its
    label, a list by its items' (or "none"), yes or no, a number as it is. In English the
    value as a user types it (``revolution=four``)."""
    option = get_game(game).options.option(name)
    if lang == SOURCE:
        return option.show(value)
    if option.kind == "bool":
        return WORDS.c(lang, "option value", "yes") if value else WORDS.c(
            lang, "option value", "no")
    if option.kind == "list":
        items = [choice_label(game, name, item, lang) for item in value]
        return joined(lang, items) if items else WORDS.c(lang, "option value", "none")
    if option.kind == "choice":
        return choice_label(game, name, value, lang)
    return str(value)
