"""The Dai Fugō actions' keys and their words in the terminal table's key bar."""

from __future__ import annotations

from types import MappingProxyType

from paiju.table.text import Words

WORDS = Words("daifugo")

#: The key of each kind of action: enter plays, gives, asks or hands on the cards
#: selected, as the phase asks; x discards them after 10s.
MOVE_KEYS = MappingProxyType({"play": "enter", "pass": "p", "discard": "x", "give": "enter",
                              "seven_pass": "enter", "ask": "enter"})


def move_word(lang: str, do: str) -> str | None:
    """What the key of a Dai Fugō action does, said in ``lang`` (None: not its own)."""
    if do == "give":
        return WORDS.c(lang, "key", "give")
    if do == "ask":
        return WORDS.c(lang, "key", "ask")
    if do == "seven_pass":
        return WORDS.c(lang, "key", "hand over")
    if do == "discard":
        return WORDS.c(lang, "key", "discard")
    return None
