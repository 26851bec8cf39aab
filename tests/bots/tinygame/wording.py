"""The Rules box's wording of the toy game's one option, in English (the msgids of the
``tiny`` catalogue, whose context is ``option=value``), and its group."""

from __future__ import annotations

#: The groups and the options in each.
RULE_GROUPS: dict[str, tuple[str, ...]] = {"cards": ("pairs",)}

#: Options whose "off" value belongs with the rules not played.
OFF_LIST: frozenset[str] = frozenset({"pairs"})

#: ``option=value`` -> what the rule means at the table, in a player's words.
RULE_WORDING: dict[str, str | tuple[str, str]] = {
    "pairs=true": "A pair of one rank may be led, and beaten by a higher pair.",
    "pairs=false": "Pairs are not played: every play is a single card.",
}
