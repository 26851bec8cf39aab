"""How Luk Fu looks on the table: red-imprint cards, aged marks, the Chinese names."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from paiju.core.params import plural
from paiju.table.present import Chip, Presenter, Seen, pad, say


def _token_pattern() -> re.Pattern[str]:
    from paiju.lukfu.cards import name, pack

    names = sorted({name(c) for c in pack(4)}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, names)) + r")(?!\w)")


_TOKEN = _token_pattern()

_LUKFU_ROLES = ("Master", "second", "third", "dreamer")
_LUKFU_ROLES_ZH = ("莊家", "二家", "三家", "發夢")


class LukFuPresenter(Presenter):
    """Luk Fu: red-imprint cards in red, aged cards marked °, Chinese names on request."""

    game = "lukfu"
    native_name = "中文"

    def role(self, seen: Seen, native: bool) -> str:
        return (_LUKFU_ROLES_ZH if native else _LUKFU_ROLES)[seen.seat]

    def token_pattern(self) -> re.Pattern[str]:
        return _TOKEN

    def rules_words(self, rules: Any) -> str:
        v = rules.values
        words = [
            f"{v['tariff']} tariff",
            "aged cards deduced" if v["aged_knowledge"] == "deduced" else "aged cards seen face up",
            "discard if it breaks every beating meld" if v["surrender"] == "break"
            else "must beat when able",
            "Five Tigers win at once" if v["five_tigers_claim"] == "automatic"
            else "Five Tigers claimed",
        ]
        if v["red_bonus"]:
            words.append("red bonus")
        return f"{rules.preset}: " + ", ".join(words)

    def enter_do(self, dos: Sequence[str]) -> str:
        """Enter always plays: a face-down discard needs its own key (``x``)."""
        return "play"

    def label(self, token: str, native: bool) -> str:
        from paiju.lukfu.cards import hanzi, parse_card

        return hanzi(parse_card(token)) if native else token

    def _aged(self, seen: Seen) -> int:
        from paiju.lukfu.aged import aged_cards

        if seen.seat > 2 or not seen.data["hand"]:
            return 0
        knowledge = seen.view.knowledge()  # type: ignore[attr-defined]
        mode = seen.view.rules.values["aged_knowledge"]
        return int(aged_cards(knowledge, mode))

    def chips(self, seen: Seen, native: bool) -> list[Chip]:
        from paiju.lukfu.cards import RED_CARDS, hanzi, parse_card, spoken

        data = seen.data
        aged = self._aged(seen)
        out = []
        for token in data["hand"]:
            c = parse_card(token)
            is_aged = bool(aged >> c & 1)
            style = "bold red" if c in RED_CARDS else "bold"
            detail = f"{spoken(c)} ({hanzi(c)})"
            detail += ", red imprint" if c in RED_CARDS else ""
            detail += ", aged" if is_aged else ""
            out.append(Chip(token, self.label(token, native), style, "°" if is_aged else "",
                            detail))
        return out

    def hand_title(self, seen: Seen, native: bool) -> str:
        data = seen.data
        if seen.seat == 3:
            card = data.get("dreamer")
            shown = self.label(card, native) if card else "?"
            return f"You dream this hand: your card is {shown}"
        mode = seen.view.rules.values["aged_knowledge"]
        return f"Your hand · [red]red[/] = red imprint · ° = aged ({mode})"

    def seat_rows(self, seen: Seen, names: Sequence[str], native: bool) -> list[str]:
        data = seen.data
        roles = _LUKFU_ROLES_ZH if native else _LUKFU_ROLES
        rows = []
        for seat in range(data["players"]):
            arrow = "▶" if data["to_move"] == seat else " "
            head = f"{arrow}{pad(names[seat], 4)} {pad(roles[seat], 7)}"
            if seat == 3:
                card = data.get("dreamer") if data["phase"] == "over" else None
                rows.append(head + (f" card {self.label(card, native)}" if card else " 1 card"))
                continue
            flags = []
            if data["caller"] == seat:
                flags.append("[b]called[/]")
            if data["privileged"] == seat:
                flags.append("[b]priv.[/]")
            rows.append(
                f"{head} {data['hand_counts'][seat]:>2} cards {data['tricks'][seat]:>2} tricks"
                + "".join(" " + flag for flag in flags)
            )
        return rows

    def status(self, seen: Seen, names: Sequence[str], native: bool) -> str:
        data = seen.data
        turn = data["to_move"]
        phase = data["phase"]
        if phase == "over":
            return "The hand is over."
        if turn is None:
            return "The deal goes on…"
        who = names[turn]
        if phase == "calling":
            what = "say Play (call) or pass"
            if turn == 0 and seen.view.rules.values["master_call"] == "lead":
                what = "lead (taking up the hand) or pass"
        elif phase == "five_tigers":
            what = "claim the Five Tigers or pass"
        elif phase == "lead":
            what = f"lead round {data['round']}"
        else:
            top = data["top"]
            size = len(top["cards"]) if top else 0
            what = f"beat the {top['meld'] if top else '?'} or discard {size}"
        text = f"[b]{who}[/] to {what}."
        if data["caller"] is not None:
            text += f" Called: {names[data['caller']]}."
        if data["privileged"] is not None:
            text += f" Privileged: {names[data['privileged']]}."
        return text

    def describe(
        self, action: Mapping[str, Any], observer: int, names: Sequence[str], native: bool
    ) -> str:
        who = names[action["seat"]]
        do = action["do"]
        cards = action.get("cards", [])
        if do == "call":
            return say(who, "says Play (calls)", "say Play (call)")
        if do == "pass":
            return say(who, "passes", "pass")
        if do == "declare":
            return say(who, "declares six", "declare six")
        if do == "five_tigers":
            return say(who, "claims", "claim") + " the Five Tigers"
        if do == "discard":
            if observer == action["seat"] and cards:
                return say(who, "discards", "discard") + f" {self.labels(cards, native)} face down"
            n = len(cards) if cards else action.get("count", 0)
            return say(who, "discards", "discard") + f" {n} face down"
        return say(who, "plays", "play") + f" {self.labels(cards, native)}"

    @staticmethod
    def _win_line(seen: Seen, report: Mapping[str, Any], names: Sequence[str]) -> str:
        """How the hand was won: by a declaration (tricks + aged cards) or as the cards ran out."""
        winner, count = report["winner"], report["count"]
        tricks = seen.data["tricks"][winner]
        aged = count - tricks
        parts = [plural(tricks, "trick")] + ([plural(aged, "aged card")] if aged else [])
        history = seen.data.get("history") or []
        last = history[-1] if history else {}
        if last.get("do") == "declare" and last.get("seat") == winner:
            verb = say(names[winner], "declares", "declare")
            return f"{verb} six: {' + '.join(parts)} = {count}."
        verb = say(names[winner], "wins", "win")
        return f"{verb} with {count} as the cards run out: {' + '.join(parts)}."

    def in_trick(self, action: Mapping[str, Any]) -> bool:
        return action["do"] in ("play", "discard")

    def table_cleared(self, before: Seen, after: Seen) -> bool:
        return before.data["top"] is not None and after.data["top"] is None

    def cleared_note(self, seen: Seen, names: Sequence[str], native: bool) -> str:
        data = seen.data
        if data["phase"] == "over":
            return "— the hand is over"
        if data["phase"] in ("calling", "five_tigers", "deal"):
            return ""
        leader = data["leader"]
        won = data["tricks"][leader]
        return "— " + say(names[leader], "wins", "win") + f" the round ({won} trick" + (
            "s)" if won != 1 else ")")

    def result_lines(
        self, seen: Seen, report: Mapping[str, Any], names: Sequence[str], native: bool
    ) -> list[str]:
        outcome = report["outcome"]
        if outcome == "win":
            head = self._win_line(seen, report, names)
        elif outcome == "five_tigers":
            head = say(names[report["winner"]], "wins", "win") + " with the Five Tigers."
        elif outcome == "draw":
            head = "The hand is drawn: nobody made six."
        else:
            head = "Nobody called: the hand is thrown in."
        lines = [head]
        tricks = seen.data["tricks"]
        lines.append("Tricks: " + ", ".join(
            f"{names[s]} {t}" for s, t in enumerate(tricks)) + ".")
        dreamer = seen.data.get("dreamer")
        if dreamer:
            lines.append(f"The dreamer's card was {self.label(dreamer, native)}.")
        return lines


