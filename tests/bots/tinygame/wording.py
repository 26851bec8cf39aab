"""The Rules box's wording of the toy game's one option, in English (the msgids of the
``tiny`` catalogue, whose context is ``option=value``), and its group: declared with the
option (``said``, ``group``, ``place``, ``listed_off``) and gathered here."""

from __future__ import annotations

from paiju.core.options import Said, off_list, rule_groups, rule_wording
from tinygame import OPTIONS

#: The groups and the options in each.
RULE_GROUPS: dict[str, tuple[str, ...]] = rule_groups(OPTIONS.options.values())

#: Options whose "off" value belongs with the rules not played.
OFF_LIST: frozenset[str] = off_list(OPTIONS.options.values())

#: ``option=value`` -> what the rule means at the table, in a player's words.
RULE_WORDING: dict[str, Said] = rule_wording(OPTIONS.options.values())
