"""How Dai Fugō looks on the table: the order in force, the Japanese names and titles."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from paiju.core.params import plural
from paiju.core.protocol import Action
from paiju.daifugo.rulebook import TITLE_NAMES
from paiju.table.present import Chip, Presenter, Seen, pad, say

_JP_SUITS = ("スペード", "ハート", "ダイヤ", "クラブ")
_TITLES_JA = {
    "daifugo": "大富豪", "fugo": "富豪", "heimin": "平民", "hinmin": "貧民", "daihinmin": "大貧民",
}


#: A card token in the engine's sentences: ``10H``, ``JK``, ``JK=5S``.
_TOKEN = re.compile(r"(?<![\w=])(?:JK(?:=(?:10|[2-9JQKA])[SHDC])?|(?:10|[2-9JQKA])[SHDC])(?!\w)")

#: The options that change play, as players name them, when they hold these values.
_RULE_WORDS: dict[tuple[str, Any], str] = {
    ("revolution", "four"): "revolution (four of a kind)",
    ("revolution", "four_natural"): "revolution (four natural cards)",
    ("three_threes_revolution", True): "three 3s revolt",
    ("eight_cut", True): "8-cut",
    ("shibari", "full"): "suit locks",
    ("shibari", "partial"): "partial suit locks",
    ("spade_three", True): "♠3 beats the joker",
    ("spade_three_clears", True): "the ♠3 on the joker clears",
    ("jack_back", True): "Jack back",
    ("ten_discard", True): "10-discard",
    ("seven_pass", True): "7-pass",
    ("five_skip", True): "5-skip",
    ("nine_reverse", True): "9-reverse",
    ("four_stop", True): "4-stop",
    ("sandstorm", True): "sandstorm",
    ("ambulance", True): "ambulance",
    ("emperor", True): "emperor",
    ("down_number", True): "down number",
    ("gekokujo", True): "gekokujō",
    ("miyako_ochi", True): "miyako-ochi",
    ("no_play_after_pass", True): "no play after a pass",
    ("spade_three_over_lock", True): "the ♠3 on the joker ignores a lock",
    ("group_joker_suit", "named"): "a joker in a group has a suit",
    ("five_card_groups", True): "five-card groups",
    ("last_player_again", True): "the last player may beat their own play",
    ("lead_pass", True): "the leader may pass",
    ("gift_order", "spades_first"): "the poor give ♠ first",
    ("first_lead", "diamond_three"): "♦3 leads the first hand",
    ("first_lead", "diamond_three_every"): "♦3 leads every hand",
    ("dealer", "daifugo"): "the Dai Fugō deals",
    ("joker_reversal", True): "joker reversal",
    ("exchange", "off"): "no exchange",
    ("exchange", "always_two"): "2-card exchange",
    ("jokers", 0): "no joker",
    ("jokers", 2): "two jokers",
}


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


class DaifugoPresenter(Presenter):
    """Dai Fugō: the hand in the ranking now in force, Japanese names and titles on request.

    Cards are labelled rank and suit symbol (``3♠``); the Japanese naming writes the suit
    first (``♠3``) as Japanese packs and screens do, names the card in full in the detail
    line (``スペードの3``), and uses the Japanese titles (大富豪 … 大貧民) and terms.
    """

    game = "daifugo"
    native_name = "日本語"

    def label(self, token: str, native: bool) -> str:
        from paiju.daifugo.cards import RANK_NAMES, SUIT_SYMBOLS, parse_play_token

        card, stands = parse_play_token(token)
        if card >= 52:
            if stands is None:
                return "JK"
            if not 0 <= stands < 52:  # beyond the ends of a sequence: JK(<3♠), JK(>2♠)
                edge = "<" if stands < 0 else ">"
                card = (0 if stands < 0 else 48) + (stands & 3)
                return f"JK({edge}{self.label(RANK_NAMES[card >> 2] + 'SHDC'[card & 3], native)})"
            inner = self.label(RANK_NAMES[stands >> 2] + "SHDC"[stands & 3], native)
            return f"JK({inner})"
        rank, suit = RANK_NAMES[card >> 2], SUIT_SYMBOLS[card & 3]
        return suit + rank if native else rank + suit

    def full_name(self, token: str, native: bool) -> str:
        """The card named in words: ``3 of spades`` or ``スペードの3``."""
        from paiju.daifugo.cards import RANK_NAMES, parse_card

        c = parse_card(token)
        if c >= 52:
            return "ジョーカー" if native else "the joker"
        rank = RANK_NAMES[c >> 2]
        if native:
            return f"{_JP_SUITS[c & 3]}の{rank}"
        return f"{rank} of {('spades', 'hearts', 'diamonds', 'clubs')[c & 3]}"

    def token_pattern(self) -> re.Pattern[str]:
        return _TOKEN

    def rules_words(self, rules: Any) -> str:
        v = rules.values
        words: list[str] = []
        for name, value in v.items():
            said = _RULE_WORDS.get((name, value))
            if said is not None:
                words.append(said)
        if v["revolution"] == "off" and not v["sequence_revolution"]:
            words.insert(0, "no revolution")
        if v["sequence_revolution"]:
            words.append(f"a {v['sequence_revolution']}-card sequence revolts")
        if v["pass_limit"]:
            words.append(f"{v['pass_limit']} passes in a row end the hand")
        if v["reseat_every"]:
            words.append(f"new seats every {v['reseat_every']} hands")
        if v["titles_reset_every"]:
            words.append(f"titles forgotten every {v['titles_reset_every']} hands")
        if v["forbidden_finish"]:
            named = {"top": "2s", "joker": "jokers", "eight": "8s", "spade_three": "♠3"}
            words.append("no going out on " + "/".join(named[f] for f in v["forbidden_finish"]))
        if not v["sequences"]:
            words.append("no sequences")
        return f"{rules.preset}: " + ", ".join(words) if words else rules.preset

    def role(self, seen: Seen, native: bool) -> str:
        before = seen.data.get("titles_before")
        return "" if not before else self.title(before[seen.seat], native)

    def title(self, key: str, native: bool) -> str:
        return (_TITLES_JA if native else TITLE_NAMES).get(key, key)

    @staticmethod
    def reversed_order(seen: Seen) -> bool:
        data = seen.data
        return bool(data["revolution"]) ^ bool(data["jack_back"])

    def chips(self, seen: Seen, native: bool) -> list[Chip]:
        from paiju.daifugo.cards import parse_card

        rev = self.reversed_order(seen)

        def strength(token: str) -> tuple[int, int]:
            c = parse_card(token)
            if c >= 52:
                return (99, 0)
            rank = c >> 2
            return ((12 - rank) if rev else rank, c & 3)

        out = []
        for token in sorted(seen.data["hand"], key=strength):
            c = parse_card(token)
            style = "bold red" if c < 52 and (c & 3) in (1, 2) else "bold"
            if c >= 52:
                style = "bold magenta"
            out.append(Chip(token, self.label(token, native), style, "",
                            self.full_name(token, native)))
        return out

    def hand_title(self, seen: Seen, native: bool) -> str:
        rev = self.reversed_order(seen)
        order = "2 < A < K … 4 < 3 < JK" if rev else "3 < 4 … K < A < 2 < JK"
        if native:
            return f"手札 · 強さ {order}" + (" · [b]革命中[/]" if rev else "")
        return f"Your hand, weakest first · {order}" + (" · [b]REVERSED[/]" if rev else "")

    def seat_rows(self, seen: Seen, names: Sequence[str], native: bool) -> list[str]:
        data = seen.data
        before = data.get("titles_before")
        rows = []
        for seat, count in enumerate(data["counts"]):
            arrow = "▶" if data["to_move"] == seat else " "
            prev = ""
            if before:
                prev = self.title(before[seat], native)
            line = f"{arrow}{pad(names[seat], 4)} {count:>2} cards"
            if seat in data["finished"]:
                place = data["finished"].index(seat) + 1
                line += f"  out {place}位" if native else f"  out {_ordinal(place)}"
            if prev:
                line += f"  ({'前回' if native else 'was'} {prev})"
            rows.append(line)
        return rows

    def status(self, seen: Seen, names: Sequence[str], native: bool) -> str:
        data = seen.data
        turn = data["to_move"]
        if data["phase"] == "over" or turn is None:
            return "The hand is over." if not native else "終了"
        who = names[turn]
        phase = data["phase"]
        if phase == "exchange":
            what = "give cards in the exchange" if not native else "カード交換"
        elif phase == "follow":
            what = "finish the play (7-pass or 10-discard)" if not native else "7渡し/10捨て"
        elif data["table"]:
            shown = self.labels(data["table"], native)
            what = (f"beat {shown} ({names[data['table_seat']]}) or pass" if not native
                    else f"{shown}（{names[data['table_seat']]}）に出すかパス")
        else:
            what = "lead anything" if not native else "親: 自由に出す"
        parts = [f"[b]{who}[/] to {what}." if not native else f"[b]{who}[/]の番: {what}"]
        if data["revolution"]:
            parts.append("[b]革命[/] (revolution)" if not native else "[b]革命中[/]")
        if data["revolution_pending"]:
            parts.append("revolution at the clear" if not native else "次の流れで革命")
        if data["jack_back"]:
            parts.append("J-back" if not native else "イレブンバック")
        if data["lock"]:
            parts.append(f"locked to {data['lock']}" if not native else f"縛り {data['lock']}")
        if data["direction"] != "clockwise":
            parts.append("anticlockwise" if not native else "逆回り")
        return " ".join(parts)

    def describe(
        self, action: Mapping[str, Any], observer: int, names: Sequence[str], native: bool
    ) -> str:
        who = names[action["seat"]]
        do = action["do"]
        cards = action.get("cards", [])
        n = len(cards) if "cards" in action else action.get("count", 0)
        if do == "pass":
            return f"{who} パス" if native else say(who, "passes", "pass")
        if do == "play":
            return f"{who} {self.labels(cards, native)}" if native else (
                say(who, "plays", "play") + f" {self.labels(cards, native)}")
        seen = observer == action["seat"] and "cards" in action
        shown = self.labels(cards, native) if seen else plural(n, "card")
        if do == "give":
            return say(who, "gives", "give") + f" {shown} in the exchange"
        if do == "seven_pass":
            return say(who, "hands", "hand") + f" {shown} to the next player (7s)"
        return say(who, "discards", "discard") + f" {shown} face down (10s)"

    def table_cleared(self, before: Seen, after: Seen) -> bool:
        data = after.data
        return data["table"] is None and data["phase"] not in ("follow", "exchange")

    def cleared_note(self, seen: Seen, names: Sequence[str], native: bool) -> str:
        data = seen.data
        if data["phase"] == "over":
            return "— the hand is over" if not native else "— 終了"
        if data["phase"] == "exchange":
            return ""
        turn = data["to_move"]
        lead = names[turn] if turn is not None else "?"
        return f"— table cleared; {lead} leads" if not native else f"— 流れ; {lead}が親"

    def result_lines(
        self, seen: Seen, report: Mapping[str, Any], names: Sequence[str], native: bool
    ) -> list[str]:
        order = report["order"] or []
        titles = report["titles"] or []
        lines = []
        for place, seat in enumerate(order, 1):
            title = self.title(titles[seat], native)
            lines.append(f"{_ordinal(place)}: {names[seat]} ({title})")
        return lines

    def build(
        self, do: str, seat: int, tokens: Sequence[str], legal: Sequence[Action]
    ) -> dict[str, Any]:
        """As :meth:`Presenter.build`; a joker in a sequence takes the first legal reading."""
        out = super().build(do, seat, tokens, legal)
        if do == "play" and "JK" in tokens:
            want = sorted(t for t in tokens)
            for action in legal:
                data = action.to_json()
                if data["do"] != "play":
                    continue
                plain = sorted(t.split("=")[0] for t in data.get("cards", []))
                if plain == want:
                    return data
        return out


