"""How each game looks on the table: card names, the hand, the seats, the log lines.

A presenter reads only what a seat may know: its :class:`~paiju.core.protocol.View`
(``to_json()`` and, for Luk Fu, the view's aged-card knowledge) and the public record
of actions, so the screen cannot show a hidden card. Each game has two namings:
the sources' romanized names, and the native ones (Chinese for Luk Fu, Japanese for
Dai Fugō), switched with one key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from paiju.core.protocol import Action, State, View

#: The key of each kind of action; enter plays the selected cards as the phase asks.
MOVE_KEYS: dict[str, str] = {
    "play": "enter",
    "pass": "p",
    "call": "c",
    "declare": "d",
    "discard": "x",
    "five_tigers": "t",
    "give": "enter",
    "seven_pass": "enter",
}
#: The actions that take no cards.
NO_CARDS = ("pass", "call", "declare", "five_tigers")


@dataclass(frozen=True)
class Seen:
    """One seat's view with its JSON, made once per position."""

    view: View
    data: dict[str, Any]

    @property
    def seat(self) -> int:
        return self.view.seat

    @classmethod
    def of(cls, state: State, seat: int) -> Seen:
        view = state.view(seat)
        return cls(view, view.to_json())


@dataclass(frozen=True)
class Chip:
    """One card of the hand as drawn: its token, its label, its style and its marks."""

    token: str
    label: str
    style: str = ""
    mark: str = ""
    detail: str = ""


class Presenter:
    """The drawing rules shared by both games; subclasses fill in the game's own."""

    game = ""
    native_name = ""

    # ------------------------------------------------------------ cards

    def label(self, token: str, native: bool) -> str:
        """A card's short label."""
        raise NotImplementedError

    def labels(self, tokens: Sequence[str], native: bool) -> str:
        return " ".join(self.label(t, native) for t in tokens)

    def chips(self, state: State, seen: Seen, native: bool) -> list[Chip]:
        """The seat's hand, sorted, with its marks."""
        raise NotImplementedError

    def hand_title(self, state: State, seen: Seen, native: bool) -> str:
        """The caption of the hand: what the colours and marks mean."""
        raise NotImplementedError

    # ------------------------------------------------------------ table

    def seat_rows(
        self, state: State, seen: Seen, names: Sequence[str], native: bool
    ) -> list[str]:
        """One line per seat (Rich markup): who, cards held, tricks or place, flags."""
        raise NotImplementedError

    def status(self, state: State, seen: Seen, names: Sequence[str], native: bool) -> str:
        """Whose turn it is and what they must do, with the hand's public flags."""
        raise NotImplementedError

    def describe(
        self, action: Mapping[str, Any], observer: int, names: Sequence[str], native: bool
    ) -> str:
        """An action as a log line, as ``observer`` saw it (hidden cards only counted)."""
        raise NotImplementedError

    def in_trick(self, action: Mapping[str, Any]) -> bool:
        """Whether the action belongs on the trick panel (a play, pass or discard)."""
        return action["do"] not in ("give", "call", "declare", "five_tigers")

    def table_cleared(self, before: Seen, after: Seen) -> bool:
        """Whether the last action closed the trick (a round won, or the table cleared)."""
        raise NotImplementedError

    def cleared_note(self, seen: Seen, names: Sequence[str], native: bool) -> str:
        """What happened when the trick was closed."""
        raise NotImplementedError

    def result_lines(self, state: State, names: Sequence[str], native: bool) -> list[str]:
        """How the hand ended, in words."""
        raise NotImplementedError

    def rules_line(self, rules: Any) -> str:
        """The preset and the options changed from it, in one line."""
        values = rules.values
        from paiju.core.games import get_game

        base = get_game(self.game).options.preset(rules.preset)
        table = get_game(self.game).options
        changed = [
            f"{k}={table.option(k).show(v)}" for k, v in values.items() if base.get(k) != v
        ]
        return rules.preset + (" + " + ", ".join(changed) if changed else "")

    def house_rules(self, rules: Any) -> str:
        """The house rules in force that change play, briefly (for the status bar)."""
        return self.rules_line(rules)

    # ------------------------------------------------------------ actions

    def moves(self, legal: Sequence[Action]) -> list[str]:
        """The kinds of action (``do``) the seat may take now, in key order."""
        seen: list[str] = []
        for a in legal:
            do = a.to_json()["do"]
            if do not in seen:
                seen.append(do)
        order = list(MOVE_KEYS)
        return sorted(seen, key=lambda d: order.index(d) if d in order else len(order))

    def key_for(self, do: str, dos: Sequence[str]) -> str:
        """The key that makes action ``do`` when the actions ``dos`` are legal."""
        return "enter" if do == self.enter_do(dos) else MOVE_KEYS.get(do, "?")

    def enter_do(self, dos: Sequence[str]) -> str:
        """What enter does with the selected cards: the one card action, else ``play``."""
        with_cards = [d for d in dos if d not in NO_CARDS]
        if len(with_cards) == 1:
            return with_cards[0]
        return "play"

    def build(
        self, do: str, seat: int, tokens: Sequence[str], legal: Sequence[Action]
    ) -> dict[str, Any]:
        """The action (as record JSON) for ``do`` with the selected cards."""
        out: dict[str, Any] = {"seat": seat, "do": do}
        if tokens or do not in NO_CARDS:
            out["cards"] = list(tokens)
        return out


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal cells (CJK is two cells a character)."""
    from rich.cells import cell_len

    return text + " " * max(0, width - cell_len(text))


def say(who: str, third: str, base: str) -> str:
    """``who`` and the verb agreeing with it: ``P1 passes``, ``You pass``."""
    return f"{who} {base if who == 'You' else third}"


# ====================================================================== Luk Fu

_LUKFU_ROLES = ("Master", "second", "third", "dreamer")
_LUKFU_ROLES_ZH = ("莊家", "二家", "三家", "發夢")


class LukFuPresenter(Presenter):
    """Luk Fu: red-imprint cards in red, aged cards marked °, Chinese names on request."""

    game = "lukfu"
    native_name = "中文"

    def label(self, token: str, native: bool) -> str:
        from paiju.lukfu.cards import hanzi, parse_card

        return hanzi(parse_card(token)) if native else token

    def _aged(self, state: State, seen: Seen) -> int:
        from paiju.lukfu.aged import aged_cards

        if seen.seat > 2 or not seen.data["hand"]:
            return 0
        knowledge = seen.view.knowledge()  # type: ignore[attr-defined]
        mode = state.rules.values["aged_knowledge"]  # type: ignore[attr-defined]
        return int(aged_cards(knowledge, mode))

    def chips(self, state: State, seen: Seen, native: bool) -> list[Chip]:
        from paiju.lukfu.cards import RED_CARDS, hanzi, parse_card, spoken

        data = seen.data
        aged = self._aged(state, seen)
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

    def hand_title(self, state: State, seen: Seen, native: bool) -> str:
        data = seen.data
        if seen.seat == 3:
            card = data.get("dreamer")
            shown = self.label(card, native) if card else "?"
            return f"You dream this hand: your card is {shown}"
        mode = state.rules.values["aged_knowledge"]  # type: ignore[attr-defined]
        return f"Your hand · [red]red[/] = red imprint · ° = aged ({mode})"

    def seat_rows(
        self, state: State, seen: Seen, names: Sequence[str], native: bool
    ) -> list[str]:
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

    def status(self, state: State, seen: Seen, names: Sequence[str], native: bool) -> str:
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
            if turn == 0 and state.rules.values["master_call"] == "lead":  # type: ignore[attr-defined]
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

    def result_lines(self, state: State, names: Sequence[str], native: bool) -> list[str]:
        report = state.report()
        outcome = report["outcome"]
        if outcome == "win":
            head = say(names[report["winner"]], "wins", "win") + f" with {report['count']}."
        elif outcome == "five_tigers":
            head = say(names[report["winner"]], "wins", "win") + " with the Five Tigers."
        elif outcome == "draw":
            head = "The hand is drawn: nobody made six."
        else:
            head = "Nobody called: the hand is thrown in."
        lines = [head]
        record = state.record()
        dreamer = record["deal"].get("dreamer")
        if dreamer:
            lines.append(f"The dreamer's card was {self.label(dreamer, native)}.")
        return lines


# ====================================================================== Dai Fugō

_JP_SUITS = ("スペード", "ハート", "ダイヤ", "クラブ")
_TITLES_JA = {
    "daifugo": "大富豪", "fugo": "富豪", "heimin": "平民", "hinmin": "貧民", "daihinmin": "大貧民",
}
_TITLES_EN = {
    "daifugo": "Dai Fugō", "fugo": "Fugō", "heimin": "Heimin", "hinmin": "Hinmin",
    "daihinmin": "Dai Hinmin",
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

    def title(self, key: str, native: bool) -> str:
        return (_TITLES_JA if native else _TITLES_EN).get(key, key)

    @staticmethod
    def reversed_order(seen: Seen) -> bool:
        data = seen.data
        return bool(data["revolution"]) ^ bool(data["jack_back"])

    def chips(self, state: State, seen: Seen, native: bool) -> list[Chip]:
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

    def hand_title(self, state: State, seen: Seen, native: bool) -> str:
        rev = self.reversed_order(seen)
        order = "2 < A < K … 4 < 3 < JK" if rev else "3 < 4 … K < A < 2 < JK"
        if native:
            return f"手札 · 強さ {order}" + (" · [b]革命中[/]" if rev else "")
        return f"Your hand, weakest first · {order}" + (" · [b]REVERSED[/]" if rev else "")

    def seat_rows(
        self, state: State, seen: Seen, names: Sequence[str], native: bool
    ) -> list[str]:
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

    def status(self, state: State, seen: Seen, names: Sequence[str], native: bool) -> str:
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
        shown = self.labels(cards, native) if seen else f"{n} card(s)"
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

    def result_lines(self, state: State, names: Sequence[str], native: bool) -> list[str]:
        report = state.report()
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


PRESENTERS: dict[str, type[Presenter]] = {"lukfu": LukFuPresenter, "daifugo": DaifugoPresenter}


def presenter_for(game: str) -> Presenter:
    """The presenter of ``game``."""
    return PRESENTERS[game]()
