"""Dai Fugō's rules as the table names them: the header's few words for the rules in
force (:func:`rules_words`), and the log's sentence for a rule that fires at a play
(:func:`fired`). Every option and value that changes play has its header word, declared
with the option in :mod:`paiju.daifugo.rules` (``header``; tests/daifugo/test_rule_lists.py
checks that the header names every option set off its default)."""

from __future__ import annotations

from typing import Any

from paiju.daifugo.rules import OPTIONS
from paiju.table.text import Words

WORDS = Words("daifugo")


def fired(rule: str, lang: str) -> str:
    """A rule that fired at a play, as the log names it (``rule``: its option, or the
    revolution's)."""
    if rule == "eight_cut":
        return WORDS(lang, "8-cut: the table clears.")
    if rule == "sandstorm":
        return WORDS(lang, "Sandstorm (three 3s): the table clears.")
    if rule == "ambulance":
        return WORDS(lang, "Ambulance (a pair of 9s): the table clears.")
    if rule == "emperor":
        return WORDS(lang, "Emperor: the table clears.")
    if rule == "spade_three_clears":
        return WORDS(lang, "The ♠3 on the joker clears the table.")
    if rule == "revolution":
        return WORDS(lang, "Revolution: the order of the cards is reversed.")
    if rule == "revolution_pending":
        return WORDS(lang, "Revolution: the order of the cards reverses when the table clears.")
    return WORDS(lang, "A house rule clears the table.")  # a rule with no words of its own


def rules_words(rules: Any) -> str:
    """The rules in force that change play, in a few words (``popular: revolution, ...``):
    each option's ``header`` word for its value, in the options' order, those of a number
    (``*``) after the others; then those written here: no revolution at all (two options
    together), the finishes forbidden (a list) and, last, no sequences."""
    v = rules.values
    said = [(o, o.header_word(v[o.name])) for o in OPTIONS]
    words = [w for o, w in said if w is not None and "*" not in o.header]
    words += [w for o, w in said if w is not None and "*" in o.header]
    if v["revolution"] == "off" and not v["sequence_revolution"]:
        words.insert(0, "no revolution")
    if v["forbidden_finish"]:
        named = {"top": "2s", "joker": "jokers", "eight": "8s", "spade_three": "♠3"}
        words.append("no going out on " + "/".join(named[f] for f in v["forbidden_finish"]))
    if not v["sequences"]:
        words.append("no sequences")
    return f"{rules.preset}: " + ", ".join(words) if words else rules.preset
