"""The seed documents that every rule cites, and how a citation reads to a person.

Options and docs cite a seed by its number (``004 "Revolution (kakumei)": …``);
:func:`cite` spells the number out, so a player reads "pagat.com, Dai Hinmin" rather
than a bare ``004``.
"""

from __future__ import annotations

import re

#: Seed number -> what it is, as a player would name it.
SOURCES: dict[str, str] = {
    "000": "Luk Fu in Hong Kong, by The Suffocated and Wong Siu Fat",
    "001": "pagat.com, Luk Fu (Smith and Senst)",
    "002": "Hak Ga Luk Fu, by Dylan W.H. Sung",
    "003": "Sung's Luk Fu scoring table",
    "004": "pagat.com, Dai Hinmin",
}

_NUMBER = re.compile(r"(?<![.\w])(00[0-4])(?!\w|\.\d)")


def cite(text: str) -> str:
    """``text`` with every seed number spelled out: ``004 "Play"`` reads
    ``pagat.com, Dai Hinmin (004) "Play"``."""
    return _NUMBER.sub(lambda m: f"{SOURCES[m.group(1)]} ({m.group(1)})", text)
