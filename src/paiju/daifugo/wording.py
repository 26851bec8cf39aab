"""The Rules box's wording of every Dai Fugō option, in English (the msgids of the
``daifugo`` catalogue, whose context is ``option=value``), and the groups a player reads
them in, as the table reads them, and the log's sentence for each rule that fires at a
play: each is declared with its option in :mod:`paiju.daifugo.options` (``said``,
``group``, ``place``, ``listed_off``, ``fired``) and gathered here. The translations
are in locale/<lang>/LC_MESSAGES/daifugo.po; the sources in docs/daifugo.md.

A whole-number option has a wording for 0 (``option=0``) and one for any other value
(``option=*``, with ``{n}``, and a plural where the English needs one).
"""

from __future__ import annotations

from paiju.core.options import Said, fired_wording, off_list, rule_groups, rule_wording
from paiju.daifugo.rules import OPTIONS

#: The groups, in the order a player meets them, and the options in each (each option's
#: ``group`` and ``place``).
RULE_GROUPS: dict[str, tuple[str, ...]] = rule_groups(OPTIONS)

#: The options whose "off" value belongs with the rules not played (``listed_off``).
OFF_LIST: frozenset[str] = off_list(OPTIONS)

#: ``option=value`` -> what the rule means at the table, in a player's words (``said``).
RULE_WORDING: dict[str, Said] = rule_wording(OPTIONS)

#: The name a rule fires by -> the log's sentence, in English (``fired``; msgids without
#: a context).
FIRED: dict[str, str] = fired_wording(OPTIONS)
