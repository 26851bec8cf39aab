"""The Rules box's wording of every Luk Fu option, in English (the msgids of the
``lukfu`` catalogue, whose context is ``option=value``), and the groups a player reads
them in, as the table reads them: each is declared with its option in
:mod:`paiju.lukfu.rules` (``said``, ``group``, ``place``) and gathered here. The
translations are in locale/<lang>/LC_MESSAGES/lukfu.po; the sources in docs/lukfu.md.
"""

from __future__ import annotations

from paiju.core.options import Said, off_list, rule_groups, rule_wording
from paiju.lukfu.rules import OPTIONS

#: The groups, in the order a player meets them, and the options in each (each option's
#: ``group`` and ``place``).
RULE_GROUPS: dict[str, tuple[str, ...]] = rule_groups(OPTIONS)

#: The options whose "off" value belongs with the rules not played (``listed_off``).
OFF_LIST: frozenset[str] = off_list(OPTIONS)

#: ``option=value`` -> what the rule means at the table, in a player's words (``said``).
RULE_WORDING: dict[str, Said] = rule_wording(OPTIONS)
