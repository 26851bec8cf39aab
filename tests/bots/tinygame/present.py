"""How the toy game reads at a table: its cards as they are written (``3a``), its log lines,
status and result in English, Chinese and Japanese, from its own catalogue (``tiny``, in
locale/ beside this file). Only what the terminal table and the server ask of a game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from paiju.table.present import Chip, Lang, Presenter, Seen, Wording, pad, slots, you
from paiju.table.text import Words

WORDS = Words("tiny")

#: A card in the engine's sentences: a rank 1-6 and a suit a-c.
_TOKEN = re.compile(r"(?<!\w)[1-6][abc](?!\w)")


class TinyPresenter(Presenter):
    """The toy game: a hand sorted by rank, seats by cards held, the table's top play."""

    game = "tiny"
    native_name = "中文"
    native_lang = "zh_Hant"
    #: Besides the hand and each play's cards: the play on top of the table.
    card_keys = frozenset({"hand", "cards", "top"})

    def game_title(self, lang: str) -> str:
        return WORDS.c(lang, "game title", "Tiny climbing")

    def scoring_line(self, lang: str) -> str:
        return WORDS(lang, "each other seat pays the winner a point a card it holds")

    def wording(self) -> Wording:
        from tinygame import wording

        return wording

    def label(self, token: str, native: Lang) -> str:
        return token

    def token_pattern(self) -> re.Pattern[str]:
        return _TOKEN

    def chips(self, seen: Seen, native: Lang) -> list[Chip]:
        hand = sorted(seen.data["hand"], key=lambda t: (int(t[0]), t))
        return [Chip(t, t, "bold") for t in hand]

    def hand_title(self, seen: Seen, native: Lang, name: str | None = None) -> str:
        return WORDS(self.lang(native), "Your hand, lowest first")

    def seat_rows(self, seen: Seen, names: Sequence[str], native: Lang) -> list[str]:
        lang = self.lang(native)
        data = seen.data
        return [("▶" if data["to_move"] == seat else " ") + pad(names[seat], 4) + " "
                + WORDS.n(lang, "{n:>2} card", "{n:>2} cards", count)
                for seat, count in enumerate(data["counts"])]

    def status(self, seen: Seen, names: Sequence[str], native: Lang) -> str:
        lang = self.lang(native)
        data = seen.data
        turn = data["to_move"]
        if turn is None:
            return WORDS(lang, "The hand is over.")
        if data["top"]:
            return WORDS(lang, "[b]{name}[/] to beat {cards} or pass.", name=names[turn],
                         cards=self.said_all(data["top"], lang))
        return WORDS(lang, "[b]{name}[/] to lead a single card or a pair.", name=names[turn])

    def describe(
        self, action: Mapping[str, Any], observer: int, names: Sequence[str], native: Lang
    ) -> str:
        lang = self.lang(native)
        seat = action["seat"]
        me = you(names, seat)
        if action["do"] == "pass":
            return (WORDS(lang, "You pass.") if me
                    else WORDS(lang, "{name} passes.", name=names[seat]))
        cards = self.said_all(action.get("cards", []), lang)
        return (WORDS(lang, "You play {cards}.", cards=cards) if me
                else WORDS(lang, "{name} plays {cards}.", name=names[seat], cards=cards))

    def table_cleared(self, before: Seen, after: Seen) -> bool:
        return bool(before.data["top"]) and not after.data["top"]

    def cleared_note(self, seen: Seen, names: Sequence[str], native: Lang) -> str:
        lang = self.lang(native)
        turn = seen.data["to_move"]
        if turn is None:
            return WORDS(lang, "— the hand is over")
        if you(names, turn):
            return WORDS(lang, "— the table clears; you lead")
        return WORDS(lang, "— the table clears; {name} leads", name=names[turn])

    def result_lines(
        self, seen: Seen, report: Mapping[str, Any], names: Sequence[str], native: Lang
    ) -> list[str]:
        lang = self.lang(native)
        winner = report["winner"]
        if winner is None:
            return []
        head = (WORDS(lang, "You go out first and win.") if you(names, winner)
                else WORDS(lang, "{name} goes out first and wins.", name=names[winner]))
        points = WORDS(lang, ", ").join(f"{names[s]} {int(v):+d}"
                                        for s, v in enumerate(report["points"]))
        return [head, WORDS(lang, "Points this hand: {list}.", list=points)]

    def refusals(self, lang: str, **params: str) -> list[str]:
        """The engine's refusals (tinygame's ``why_illegal``)."""
        p = slots(params, "seat", "me", "do", "cards")
        return [
            WORDS.c(lang, "refusal", "the hand is over"),
            WORDS.c(lang, "refusal", "it is seat {seat}'s turn, not seat {me}'s",
                    seat=p["seat"], me=p["me"]),
            WORDS.c(lang, "refusal", "seat {seat} may not {do} {cards} now", seat=p["seat"],
                    do=p["do"], cards=p["cards"]),
        ]

    def refusal_part(self, name: str, value: str, lang: str) -> str:
        """The kind of action of a refusal, said in ``lang``."""
        if name == "do":
            return {"play": WORDS.c(lang, "action", "play"),
                    "pass": WORDS.c(lang, "action", "pass")}.get(value, value)
        return value
