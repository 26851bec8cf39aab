"""How Luk Fu looks on the table: red-imprint cards, aged marks, the Chinese names.

Every sentence is in the ``lukfu`` catalogue (src/paiju/lukfu/locale); the result lines
say how the points came about, from the report, the rules and the cards shown at the end.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

from rich.cells import cell_len

from paiju.core.protocol import View
from paiju.table.present import Chip, Lang, Presenter, Seen, Wording, pad, slots, you
from paiju.table.text import Words, joined

WORDS = Words("lukfu")


def _token_pattern() -> re.Pattern[str]:
    from paiju.lukfu.engine.cards import name, pack

    names = sorted({name(c) for c in pack(4)}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, names)) + r")(?!\w)")


_TOKEN = _token_pattern()


@cache
def roles(lang: str) -> tuple[str, str, str, str]:
    """The four seats' parts: Master, second, third, dreamer."""
    return (WORDS.c(lang, "role", "Master"), WORDS.c(lang, "role", "second"),
            WORDS.c(lang, "role", "third"), WORDS.c(lang, "role", "dreamer"))


@lru_cache(maxsize=64)
def _card(token: str) -> int:
    from paiju.lukfu.engine.cards import parse_card

    return parse_card(token)


def _name(card: int) -> str:
    from paiju.lukfu.engine.cards import name

    return name(card)


def _suit(suit: int, lang: str) -> str:
    """A suit's name: ``Sip``; ``拾``."""
    from paiju.lukfu.engine.cards import SUIT_HANZI, SUIT_NAMES

    return SUIT_NAMES[suit] if lang == "en" else SUIT_HANZI[suit]


def counts(lang: str, cards: int, tricks: int) -> str:
    """A seat's row's cards held and tricks won, each counted in its own words ("1 card",
    "2 tricks") and padded to its widest, so the rows' columns line up."""
    held = WORDS.n(lang, "{n:>2} card", "{n:>2} cards", cards)
    won = WORDS.n(lang, "{n:>2} trick", "{n:>2} tricks", tricks)
    return (pad(held, cell_len(WORDS.n(lang, "{n:>2} card", "{n:>2} cards", 12))) + " "
            + pad(won, cell_len(WORDS.n(lang, "{n:>2} trick", "{n:>2} tricks", 12))))


class LukFuPresenter(Presenter):
    """Luk Fu: red-imprint cards in red, aged cards marked °, Chinese names on request."""

    game = "lukfu"
    native_name = "中文"
    native_lang = "zh_Hant"
    #: Besides the hand and each play's cards: the cards each seat won, the dreamer's
    #: card and the aged cards a declaration shows.
    card_keys = frozenset({"hand", "cards", "won", "dreamer", "declared_aged"})

    def game_title(self, lang: str) -> str:
        return WORDS.c(lang, "game title", "Luk Fu (六虎)")

    def scoring_line(self, lang: str) -> str:
        return WORDS(lang, "each loser pays the winner 2^(n−6) for n tricks")

    def role(self, seen: Seen, native: Lang) -> str:
        return roles(self.lang(native))[seen.seat]

    def seat_parts(self, data: Mapping[str, Any], native: Lang) -> list[str]:
        return list(roles(self.lang(native))[:data["players"]])

    def wording(self) -> Wording:
        from paiju.lukfu import wording

        return wording

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

    move_keys = MappingProxyType({"play": "enter", "pass": "p", "call": "c", "declare": "d",
                                  "discard": "x", "five_tigers": "t"})
    no_cards = frozenset({"pass", "call", "declare", "five_tigers"})

    def move_word(self, do: str, native: Lang, dos: Sequence[str] = ()) -> str:
        lang = self.lang(native)
        if do == "pass" and "five_tigers" not in dos:  # the calling's pass: Ng Jor (seed 000)
            return WORDS.c(lang, "calling key", "pass")
        if do == "call":
            return WORDS.c(lang, "key", "call")
        if do == "declare":
            return WORDS.c(lang, "key", "declare")
        if do == "discard":
            return WORDS.c(lang, "key", "discard")
        if do == "five_tigers":
            return WORDS.c(lang, "key", "Five Tigers")
        return super().move_word(do, native, dos)

    def enter_do(self, dos: Sequence[str]) -> str:
        """Enter always plays: a face-down discard needs its own key (``x``)."""
        return "play"

    def label(self, token: str, native: Lang) -> str:
        from paiju.lukfu.engine.cards import hanzi

        return hanzi(_card(token)) if self.lang(native) != "en" else token

    def said(self, token: str, native: Lang) -> str:
        """``9 Sip``, ``Li Chen``; ``九拾`` in Chinese and Japanese."""
        from paiju.lukfu.engine.cards import hanzi, spoken

        c = _card(token)
        return hanzi(c) if self.lang(native) != "en" else spoken(c)

    def _aged(self, seen: Seen) -> int:
        """The seat's aged cards as it can tell them (the view works them out)."""
        from paiju.lukfu.engine.view import LukFuView

        view = seen.view
        if seen.seat > 2 or not seen.data["hand"] or not isinstance(view, LukFuView):
            return 0
        return view.aged()

    def marked(self, view: View, data: Mapping[str, Any]) -> set[str]:
        """The seat's aged cards, from the view's own reckoning (:meth:`_aged`)."""
        from paiju.lukfu.engine.view import LukFuView

        if not isinstance(view, LukFuView) or not 0 <= view.seat <= 2 or not data["hand"]:
            return set()
        bits = view.aged()
        return {t for t in data["hand"] if bits >> _card(t) & 1}

    def card_info(self, token: str, aged: bool) -> dict[str, Any]:
        """As :meth:`Presenter.card_info`, with the card spoken (``9 Sip``) and red for a
        red imprint."""
        from paiju.lukfu.engine.cards import RED_CARDS, spoken

        c = _card(token)
        return {"en": token, "native": self.label(token, True), "spoken": spoken(c),
                "red": c in RED_CARDS, "aged": aged}

    def public_part(self, views: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
        """With four, the dreamer's view, less the dreamer's card until the end shows it."""
        if len(views) != 4:
            return None
        out = dict(views[3])
        if out.get("phase") != "over":
            out.pop("dreamer", None)
        out["seat"] = None
        return out

    def shows_own_deal(self, seat: int) -> bool:
        """The dreamer's record shows no hand (its card is shown where the end shows it)."""
        return seat != 3

    def chips(self, seen: Seen, native: Lang) -> list[Chip]:
        from paiju.lukfu.engine.cards import RED_CARDS, hanzi, spoken

        lang = self.lang(native)
        aged = self._aged(seen)
        out = []
        for token in seen.data["hand"]:
            c = _card(token)
            is_aged = bool(aged >> c & 1)
            red = c in RED_CARDS
            if red and is_aged:
                detail = WORDS(lang, "{spoken} ({hanzi}), red imprint, aged",
                               spoken=spoken(c), hanzi=hanzi(c))
            elif red:
                detail = WORDS(lang, "{spoken} ({hanzi}), red imprint",
                               spoken=spoken(c), hanzi=hanzi(c))
            elif is_aged:
                detail = WORDS(lang, "{spoken} ({hanzi}), aged", spoken=spoken(c), hanzi=hanzi(c))
            else:
                detail = f"{spoken(c)} ({hanzi(c)})"
            out.append(Chip(token, self.label(token, lang), "bold red" if red else "bold",
                            "°" if is_aged else "", detail))
        return out

    def held(self, seen: Seen, native: Lang) -> str:
        """As :meth:`Presenter.held`; the dreamer holds its card face down."""
        dreamer = seen.data.get("dreamer")
        if seen.data["hand"] or not dreamer:
            return super().held(seen, native)
        return WORDS(self.lang(native), "dreams: {card}", card=self.label(dreamer, native))

    def hand_title(self, seen: Seen, native: Lang, name: str | None = None) -> str:
        lang = self.lang(native)
        data = seen.data
        deduced = seen.view.rules.aged_knowledge == "deduced"
        if seen.seat == 3:
            card = self.said(data["dreamer"], lang) if data.get("dreamer") else "?"
            if name is not None:
                return WORDS(lang, "{name} dreams this hand: the card is {card}",
                             name=name, card=card)
            return WORDS(lang, "You dream this hand: your card is {card}", card=card)
        if name is not None:
            if deduced:
                return WORDS(lang, "{name}'s hand · [red]red[/] = red imprint · ° = aged "
                             "(deduced)", name=name)
            return WORDS(lang, "{name}'s hand · [red]red[/] = red imprint · ° = aged (seen "
                         "face up)", name=name)
        if deduced:
            return WORDS(lang, "Your hand · [red]red[/] = red imprint · ° = aged (deduced)")
        return WORDS(lang, "Your hand · [red]red[/] = red imprint · ° = aged (seen face up)")

    def seat_rows(self, seen: Seen, names: Sequence[str], native: Lang) -> list[str]:
        lang = self.lang(native)
        data = seen.data
        parts = roles(lang)
        rows = []
        for seat in range(data["players"]):
            arrow = "▶" if data["to_move"] == seat else " "
            head = f"{arrow}{pad(names[seat], 4)} {pad(parts[seat], 7)}"
            if seat == 3:
                card = data.get("dreamer") if data["phase"] == "over" else None
                rows.append(head + " " + (WORDS(lang, "card {card}", card=self.said(card, lang))
                                          if card else WORDS(lang, "1 card")))
                continue
            flags = []
            if data["caller"] == seat:
                flags.append(WORDS(lang, "[b]called[/]"))
            if data["privileged"] == seat:
                flags.append(WORDS(lang, "[b]priv.[/]"))
            rows.append(f"{head} {counts(lang, data['hand_counts'][seat], data['tricks'][seat])}"
                        + "".join(" " + flag for flag in flags))
        return rows

    def meld(self, tokens: Sequence[str], lang: str) -> str:
        """A meld in words: ``single 7 Sip``, ``Gok of three 5s``, ``run 3-4-5 Gon``."""
        from paiju.lukfu.engine.cards import number_of, suit_of

        cards = sorted(_card(t) for t in tokens)
        if len(cards) == 1:
            return WORDS(lang, "single {card}", card=self.said(tokens[0], lang))
        numbers = [number_of(c) for c in cards]
        if len(set(numbers)) == 1:
            if len(cards) == 3:
                return WORDS(lang, "Gok of three {number}s", number=numbers[0])
            return WORDS(lang, "Gok of four {number}s", number=numbers[0])
        return WORDS(lang, "run {numbers} {suit}", numbers="-".join(map(str, sorted(numbers))),
                     suit=_suit(suit_of(cards[0]), lang))

    def refusals(self, lang: str, **params: str) -> list[str]:
        """The engine's refusals (src/paiju/lukfu/engine/rulebook.py and lead.py), clause by
        clause, the most particular first."""
        p = slots(params, "cards", "cards2", "card", "meld", "top", "suit", "tricks", "aged",
                  "total", "count", "n", "what", "seat")
        return [
            WORDS.c(lang, "refusal", "the calling is over: you must {what}", what=p["what"]),
            WORDS.c(lang, "refusal", "nobody has led yet: seat {seat} must {what}",
                    seat=p["seat"], what=p["what"]),
            WORDS.c(lang, "refusal", "the leader plays a meld"),
            WORDS.c(lang, "refusal", "only a follower may discard"),
            WORDS.c(lang, "refusal", "you have {tricks} and {aged} in hand ({cards}): {total}, "
                    "short of the six needed to declare", tricks=p["tricks"], aged=p["aged"],
                    cards=p["cards"], total=p["total"]),
            WORDS.c(lang, "refusal", "you have {tricks}: {total}, short of the six needed to "
                    "declare", tricks=p["tricks"], total=p["total"]),
            WORDS.c(lang, "refusal", "a lead needs cards"),
            WORDS.c(lang, "refusal", "you do not hold the Five Tigers (1 Sip, 1 Gon, 1 Sok, "
                    "1 Chen, Li Chen)"),
            WORDS.c(lang, "refusal", "you do not hold {cards}", cards=p["cards"]),
            WORDS.c(lang, "refusal", "{cards} is not a meld: lead a single card, a Gok (three or "
                    "four of a number) or a run (three or more in a row in one suit)",
                    cards=p["cards"]),
            WORDS.c(lang, "refusal", "Li Chen joins no meld"),
            WORDS.c(lang, "refusal", "Li Chen is led last among singles: you still hold {cards}",
                    cards=p["cards"]),
            WORDS.c(lang, "refusal", "you hold {cards}, a non-aged {suit}, so you may not lead "
                    "{card} yet", cards=p["cards"], suit=p["suit"], card=p["card"]),
            WORDS.c(lang, "refusal", "you hold {cards}, non-aged {suit} cards, so you may not "
                    "lead {card} yet", cards=p["cards"], suit=p["suit"], card=p["card"]),
            WORDS.c(lang, "refusal", "you hold {cards}, an aged {suit}, so you may not lead "
                    "{card} yet", cards=p["cards"], suit=p["suit"], card=p["card"]),
            WORDS.c(lang, "refusal", "you hold {cards}, aged {suit} cards, so you may not lead "
                    "{card} yet", cards=p["cards"], suit=p["suit"], card=p["card"]),
            WORDS.c(lang, "refusal", "your privilege lets you lead aged cards early, not put "
                    "them off"),
            WORDS.c(lang, "refusal", "{card} is an Old card, and only the Vulnerable player or "
                    "one holding nothing but Old cards may lead one alone (you hold {cards}, not "
                    "Old)", card=p["card"], cards=p["cards"]),
            WORDS.c(lang, "refusal", "to win with Old cards, declare"),
            WORDS.c(lang, "refusal", "you hold {cards}, not Old, in {suit}, so a single lead "
                    "must come from {suit}, not {card}", cards=p["cards"], suit=p["suit"],
                    card=p["card"]),
            WORDS.c(lang, "refusal", "you passed, so as Master you may never lead a set of four "
                    "or a run of four or more"),
            WORDS.c(lang, "refusal", "another seat said Tsoh, so your opening lead must be one "
                    "an opponent could beat"),
            WORDS.c(lang, "refusal", "nobody else can hold a meld that beats the {meld}",
                    meld=p["meld"]),
            WORDS.c(lang, "refusal", "you must beat the {top} when you can: you hold {meld} "
                    "({cards})", top=p["top"], meld=p["meld"], cards=p["cards"]),
            WORDS.c(lang, "refusal", "after discarding {cards} you would still hold {meld} "
                    "({cards2}), which beats the {top}", cards=p["cards"], meld=p["meld"],
                    cards2=p["cards2"], top=p["top"]),
            WORDS.c(lang, "refusal", "beat it, or discard so as to break every such meld"),
            WORDS.c(lang, "refusal", "the round is a {top}: you must play or discard {count}, "
                    "not {n}", top=p["top"], count=p["count"], n=p["n"]),
            WORDS.c(lang, "refusal", "{cards} is not a meld, so it cannot beat the {top}",
                    cards=p["cards"], top=p["top"]),
            WORDS.c(lang, "refusal", "the {meld} does not beat the {top}: only a higher meld of "
                    "the same type and size does", meld=p["meld"], top=p["top"]),
            WORDS.c(lang, "refusal", "only the leader may declare, at the start of a round"),
            WORDS.c(lang, "refusal", "first call or pass"),
            WORDS.c(lang, "refusal", "the Five Tigers may be claimed only straight after the "
                    "deal"),
            WORDS.c(lang, "refusal", "the dreamer (seat 3) holds one card and never acts"),
            WORDS.c(lang, "refusal", "under these rules the Master does not say Play: he makes "
                    "his first lead (or passes)"),
        ]

    def refusal_part(self, name: str, value: str, lang: str) -> str:
        """Cards, melds, suits and counts of the engine's English, said in ``lang``."""
        from paiju.lukfu.engine.cards import SUIT_NAMES, parse_card

        if name in ("cards", "cards2"):
            items = re.split(r", | and ", value)
            return joined(lang, [self.said(_name(parse_card(i)), lang) for i in items])
        if name == "card":
            aged = value.startswith("the aged ")
            card = self.said(_name(parse_card(value.removeprefix("the aged "))), lang)
            return WORDS(lang, "the aged {card}", card=card) if aged else card
        if name in ("meld", "top"):
            return self._meld_said(value, lang)
        if name == "what":
            return self._what(value, lang)
        if name == "suit":
            return _suit(SUIT_NAMES.index(value), lang)
        number = re.match(r"(\d+) ", value)
        if name in ("tricks", "aged", "count") and number:
            n = int(number.group(1))
            if name == "tricks":
                return WORDS.n(lang, "{n} trick", "{n} tricks", n)
            if name == "aged":
                return WORDS.n(lang, "{n} aged card", "{n} aged cards", n)
            return WORDS.n(lang, "{n} card", "{n} cards", n)
        return value

    def _what(self, text: str, lang: str) -> str:
        """What a seat must do, as the engine says it (``lead or pass``...)."""
        beat = re.fullmatch(r"beat the (.+) or discard (\d+)", text)
        if beat:
            return WORDS(lang, "beat the {meld} or discard {n}",
                         meld=self._meld_said(beat.group(1), lang), n=beat.group(2))
        whats = {"lead": WORDS(lang, "lead"), "lead or pass": WORDS(lang, "lead or pass"),
                 "call or pass": WORDS(lang, "call or pass"),
                 "claim or decline the Five Tigers": WORDS(lang, "claim or decline the Five "
                                                                 "Tigers")}
        return whats.get(text, text)

    def _meld_said(self, text: str, lang: str) -> str:
        """An engine's meld (``single 7 Sip``, ``Gok of three 5s``, ``run 3-4-5 Gon``)."""
        from paiju.lukfu.engine.cards import SUIT_NAMES, parse_card

        single = re.fullmatch(r"single (.+)", text)
        if single:
            return WORDS(lang, "single {card}",
                         card=self.said(_name(parse_card(single.group(1))), lang))
        gok = re.fullmatch(r"Gok of (three|four) (\d)s", text)
        if gok:
            if gok.group(1) == "three":
                return WORDS(lang, "Gok of three {number}s", number=gok.group(2))
            return WORDS(lang, "Gok of four {number}s", number=gok.group(2))
        run = re.fullmatch(r"run ([\d-]+) (\w+)", text)
        if run:
            return WORDS(lang, "run {numbers} {suit}", numbers=run.group(1),
                         suit=_suit(SUIT_NAMES.index(run.group(2)), lang))
        return text

    def status(self, seen: Seen, names: Sequence[str], native: Lang) -> str:
        lang = self.lang(native)
        data = seen.data
        turn = data["to_move"]
        phase = data["phase"]
        if phase == "over":
            return WORDS(lang, "The hand is over.")
        if turn is None:
            return WORDS(lang, "The deal goes on…")
        who = names[turn]
        if phase == "calling":
            if turn == 0 and seen.view.rules.master_call == "lead":
                text = WORDS(lang, "[b]{name}[/] to lead (taking up the hand) or pass.", name=who)
            else:
                text = WORDS(lang, "[b]{name}[/] to say Play (call) or pass.", name=who)
        elif phase == "five_tigers":
            text = WORDS(lang, "[b]{name}[/] to claim the Five Tigers or pass.", name=who)
        elif phase == "lead":
            text = WORDS(lang, "[b]{name}[/] to lead round {round}.", name=who,
                         round=data["round"])
        else:
            top = data["top"]
            text = WORDS.n(lang, "[b]{name}[/] to beat the {meld} or discard {n} card face down.",
                           "[b]{name}[/] to beat the {meld} or discard {n} cards face down.",
                           len(top["cards"]), name=who, meld=self.meld(top["cards"], lang))
        flags = [text]
        if data["caller"] is not None:
            caller = data["caller"]
            flags.append(WORDS(lang, "You called.") if you(names, caller)
                         else WORDS(lang, "Called by {name}.", name=names[caller]))
        if data["privileged"] is not None:
            privileged = data["privileged"]
            flags.append(WORDS(lang, "You are privileged.") if you(names, privileged)
                         else WORDS(lang, "{name} is privileged.", name=names[privileged]))
        return (" " if lang == "en" else "").join(flags)

    def describe(
        self, action: Mapping[str, Any], observer: int, names: Sequence[str], native: Lang
    ) -> str:
        lang = self.lang(native)
        seat = action["seat"]
        who = names[seat]
        me = you(names, seat)
        do = action["do"]
        cards = action.get("cards", [])
        if do == "call":
            return (WORDS(lang, "You say Play (call).") if me
                    else WORDS(lang, "{name} says Play (calls).", name=who))
        if do == "pass":
            return WORDS(lang, "You pass.") if me else WORDS(lang, "{name} passes.", name=who)
        if do == "declare":
            return (WORDS(lang, "You declare six.") if me
                    else WORDS(lang, "{name} declares six.", name=who))
        if do == "five_tigers":
            return (WORDS(lang, "You claim the Five Tigers.") if me
                    else WORDS(lang, "{name} claims the Five Tigers.", name=who))
        if do == "discard":
            if observer == seat and cards:
                shown = self.said_all(cards, lang)
                return (WORDS(lang, "You discard {cards} face down.", cards=shown) if me
                        else WORDS(lang, "{name} discards {cards} face down.", name=who,
                                   cards=shown))
            n = len(cards) if cards else action.get("count", 0)
            return (WORDS.n(lang, "You discard {n} card face down.",
                            "You discard {n} cards face down.", n) if me
                    else WORDS.n(lang, "{name} discards {n} card face down.",
                                 "{name} discards {n} cards face down.", n, name=who))
        shown = self.said_all(cards, lang)
        return (WORDS(lang, "You play {cards}.", cards=shown) if me
                else WORDS(lang, "{name} plays {cards}.", name=who, cards=shown))

    def in_trick(self, action: Mapping[str, Any]) -> bool:
        return action["do"] in ("play", "discard")

    def table_cleared(self, before: Seen, after: Seen) -> bool:
        return before.data["top"] is not None and after.data["top"] is None

    def cleared_note(self, seen: Seen, names: Sequence[str], native: Lang) -> str:
        lang = self.lang(native)
        data = seen.data
        if data["phase"] == "over":
            return WORDS(lang, "— the hand is over")
        if data["phase"] in ("calling", "five_tigers", "deal"):
            return ""
        leader = data["leader"]
        if you(names, leader):
            return WORDS.n(lang, "— you win the round ({n} trick so far)",
                           "— you win the round ({n} tricks so far)", data["tricks"][leader])
        return WORDS.n(lang, "— {name} wins the round ({n} trick so far)",
                       "— {name} wins the round ({n} tricks so far)", data["tricks"][leader],
                       name=names[leader])

    def result_lines(
        self, seen: Seen, report: Mapping[str, Any], names: Sequence[str], native: Lang
    ) -> list[str]:
        from paiju.lukfu.explain import explain, head_line

        lang = self.lang(native)
        data = seen.data
        lines = [head_line(self, data, report, names, lang)]
        tricks = joined(lang, [f"{names[s]} {t}" for s, t in enumerate(data["tricks"])])
        lines.append(WORDS(lang, "Tricks: {list}.", list=tricks))
        dreamer = data.get("dreamer")
        if dreamer:
            lines.append(WORDS(lang, "The dreamer's card was {card}.",
                               card=self.said(dreamer, lang)))
        lines += explain(self, seen, report, names, lang)
        return lines
