"""Dai Fugō's rules as the table names them: the header's few words for the rules in
force (:func:`rules_words`), and the log's sentence for a rule that fires at a play
(:func:`fired`). Both are declared with the options in :mod:`paiju.daifugo.options`
(``header`` and ``fired``; tests/daifugo/test_rule_lists.py checks that the header names
every option set off its default, and that every rule the engine fires by has its
sentence)."""

from __future__ import annotations

from typing import Any

from paiju.core.options import header_words
from paiju.daifugo.rules import OPTIONS
from paiju.daifugo.wording import FIRED
from paiju.table.text import Words, translate

WORDS = Words("daifugo")


def fired(rule: str, lang: str) -> str:
    """A rule that fired at a play, as the log names it (``rule``: the name the engine
    gives it, its option's or another its option declares, as ``revolution_pending``)."""
    said = FIRED.get(rule)
    if said is None:
        return WORDS(lang, "A house rule clears the table.")  # a rule with no words of its own
    return translate("daifugo", lang, said)


def rules_words(rules: Any) -> str:
    """The rules in force that change play, in a few words (``popular: revolution, ...``):
    each option's ``header`` word for its value, by the words' order, then the options'
    (:func:`paiju.core.options.header_words`)."""
    words = header_words(OPTIONS, rules.values)
    return f"{rules.preset}: " + ", ".join(words) if words else rules.preset
