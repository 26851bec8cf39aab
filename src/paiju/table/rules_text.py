"""The Rules box in plain words: each rule in force, grouped as a player thinks.

Each game's ``wording`` module says which options go in which group (dealing, leading,
beating, scoring...), and its catalogue holds each option's wording for each value,
keyed by the context ``option=value`` (``option=*`` with ``{n}`` for any whole number
but 0). The option's name and value go into a details line for those who want them.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from paiju.table.text import Words, translate

WORDS = Words("table")


def wording(game: str) -> ModuleType:
    """The game's ``wording`` module (its groups and the English of its rules), as its
    presenter gives it."""
    from paiju.table.present import presenter_for

    return presenter_for(game).wording()


def group_title(group: str, lang: str) -> str:
    """A group's heading."""
    titles = {
        "dealing": WORDS.c(lang, "rules group", "Dealing and seats"),
        "calling": WORDS.c(lang, "rules group", "Calling"),
        "exchange": WORDS.c(lang, "rules group", "The exchange"),
        "cards": WORDS.c(lang, "rules group", "Cards and combinations"),
        "leading": WORDS.c(lang, "rules group", "Leading and passing"),
        "beating": WORDS.c(lang, "rules group", "Beating"),
        "revolution": WORDS.c(lang, "rules group", "Revolution"),
        "special": WORDS.c(lang, "rules group", "Special cards"),
        "going_out": WORDS.c(lang, "rules group", "Going out"),
        "winning": WORDS.c(lang, "rules group", "Winning"),
        "scoring": WORDS.c(lang, "rules group", "Scoring"),
        "off": WORDS.c(lang, "rules group", "Not played at this table"),
    }
    return titles[group]


def keys(option: Any, value: Any, worded: Any) -> list[tuple[str, int | None]]:
    """The wording keys of one option's value: ``(context, n)`` each (a list option has
    one per item; a whole number without its own wording takes ``option=*``)."""
    if option.kind == "list":
        return [(f"{option.name}={item}", None) for item in value] or [
            (f"{option.name}=none", None)]
    key = f"{option.name}={option.show(value)}"
    if option.kind == "int" and key not in worded:
        return [(f"{option.name}=*", int(value))]
    return [(key, None)]


def rule_sentence(game: str, key: str, n: int | None, lang: str) -> str:
    """The wording of ``key`` (``option=value``) in ``lang``."""
    english = wording(game).RULE_WORDING[key]
    if isinstance(english, tuple):
        assert n is not None
        return translate(game, lang, english[0], n, plural=english[1], context=key)
    return translate(game, lang, english, context=key)


def rules_text(game: str, rules: Any, lang: str) -> list[dict[str, Any]]:
    """The Rules box: ``[{"group", "title", "rules": [{"option", "value", "text",
    "detail"}]}]``, the groups in a player's order and the rules not played last."""
    from paiju.core.games import get_game

    table = get_game(game).options
    words = wording(game)
    values = rules.values
    groups: dict[str, list[dict[str, Any]]] = {}
    for group, names in [*words.RULE_GROUPS.items()]:
        for name in names:
            option = table.option(name)
            value = values[name]
            shown = option.show(value)
            target = "off" if name in words.OFF_LIST and value is False else group
            for key, n in keys(option, value, words.RULE_WORDING):
                groups.setdefault(target, []).append({
                    "option": name, "value": shown, "text": rule_sentence(game, key, n, lang),
                    "detail": f"{name} = {shown}",
                })
    order = [*words.RULE_GROUPS, "off"]
    return [{"group": g, "title": group_title(g, lang), "rules": groups[g]}
            for g in order if g in groups]
