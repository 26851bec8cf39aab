"""How Dai Fugō looks on the table: the order in force, the Japanese names and titles.

Every sentence is in the ``daifugo`` catalogue (src/paiju/daifugo/locale). The log says
who gives how many cards to whom in the exchange, and the result lines how the points
came about.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from paiju.core.jsontypes import json_strs
from paiju.core.protocol import Action
from paiju.daifugo.engine.cards import identity
from paiju.daifugo.header import fired, rules_words
from paiju.daifugo.keys import MOVE_KEYS, move_word
from paiju.table.present import Chip, Lang, Presenter, Seen, Wording, pad, slots, you
from paiju.table.text import Words, joined

WORDS = Words("daifugo")

#: A card token in the engine's sentences: ``10H``, ``JK``, ``JK=5S``.
_TOKEN = re.compile(
    r"(?<![\w=])(?:JK(?:=(?:10|[2-9JQKA])[SHDC])?|(?:10|[2-9JQKA])[SHDC]'?)(?!\w)")


def title(key: str, lang: str) -> str:
    """A title as players say it: Dai Fugō, 大富豪..."""
    words = {
        "daifugo": WORDS.c(lang, "title", "Dai Fugō"), "fugo": WORDS.c(lang, "title", "Fugō"),
        "heimin": WORDS.c(lang, "title", "Heimin"), "hinmin": WORDS.c(lang, "title", "Hinmin"),
        "daihinmin": WORDS.c(lang, "title", "Dai Hinmin"),
    }
    return words.get(key, key)


def named_cards(asks: Iterable[Sequence[str]]) -> list[str]:
    """The cards some ask names, each as often as one ask names it (both jokers; with two
    packs both copies of a card), in the order first named."""
    most: dict[str, int] = {}
    for cards in asks:
        for token in dict.fromkeys(cards):
            most[token] = max(most.get(token, 0), cards.count(token))
    return [t for t, n in most.items() for _ in range(n)]


def asking(rules: Any, data: Mapping[str, Any]) -> tuple[int, int] | None:
    """``(poor seat, cards)`` of the ask the seat to move owes (card_request), or None."""
    turn = data.get("to_move")
    if (data.get("phase") != "exchange" or turn is None
            or not getattr(rules, "card_request", False)
            or any(a.get("do") == "ask" and a.get("seat") == turn
                   for a in data.get("actions", ()))):
        return None
    to, k = exchange_partner(rules, data.get("titles_before"), turn)
    return (to, k) if to >= 0 else None


def exchange_partner(rules: Any, titles: Sequence[str] | None, seat: int) -> tuple[int, int]:
    """``(seat, cards)`` that ``seat`` gives to in the exchange, as its title says;
    ``(-1, 0)`` when it gives nothing."""
    from paiju.daifugo.engine.rulebook import rulebook

    if not titles:
        return -1, 0
    for rich, poor, k in rulebook(rules).exchange_pairs(len(titles)):
        if titles[seat] == rich and poor in titles:
            return list(titles).index(poor), k
    return -1, 0


class DaifugoPresenter(Presenter):
    """Dai Fugō: the hand in the ranking now in force, Japanese names and titles on request.

    Cards are labelled rank and suit symbol (``3♠``); Japanese and Chinese write the suit
    first (``♠3``) as their packs and screens do, and name the card in full in the detail
    line (``スペードの3``).
    """

    game = "daifugo"
    native_name = "日本語"
    native_lang = "ja"
    move_keys = MOVE_KEYS
    #: Besides the hand and each play's cards: the cards on the table and those played.
    card_keys = frozenset({"hand", "cards", "table", "played"})
    #: The hint searches as the strongest player does (docs/strength.md), the halving
    #: search with exact two-seat endgames, but rewards this hand's place, which is what
    #: a hint's words say (``expected place 1.4 of 4``).
    hint_search: Mapping[str, Any] = MappingProxyType({
        "rollout": "heuristic", "prior": "heuristic", "reward": "place", "root": "halving",
        "tree": "root", "endgame": 2000})

    def game_title(self, lang: str) -> str:
        return WORDS.c(lang, "game title", "Dai Fugō (大富豪)")

    def scoring_line(self, lang: str) -> str:
        return WORDS(lang, "the first out is rich and scores; the last is poor")

    def label(self, token: str, native: Lang) -> str:
        from paiju.daifugo.engine.cards import RANK_NAMES, SUIT_SYMBOLS, parse_play_token

        card, stands = parse_play_token(token)
        card = identity(card)  # a second pack's copy reads as the card
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
        return rank + suit if self.lang(native) == "en" else suit + rank

    def full_name(self, token: str, native: Lang) -> str:
        """The card named in words: ``3 of spades``, ``スペードの3``, ``黑桃3``."""
        from paiju.daifugo.engine.cards import RANK_NAMES, parse_card

        lang = self.lang(native)
        c = identity(parse_card(token))
        if c >= 52:
            return WORDS(lang, "the joker")
        rank = RANK_NAMES[c >> 2]
        return (WORDS(lang, "{rank} of spades", rank=rank),
                WORDS(lang, "{rank} of hearts", rank=rank),
                WORDS(lang, "{rank} of diamonds", rank=rank),
                WORDS(lang, "{rank} of clubs", rank=rank))[c & 3]

    def card_info(self, token: str, aged: bool) -> dict[str, Any]:
        """As :meth:`Presenter.card_info`: hearts and diamonds red, and the joker told
        apart (no card is aged)."""
        from paiju.daifugo.engine.cards import parse_play_token

        card = identity(parse_play_token(token)[0])
        return {"en": self.label(token, False), "native": self.label(token, True),
                "red": card < 52 and (card & 3) in (1, 2), "joker": card >= 52, "aged": False}

    def wording(self) -> Wording:
        from paiju.daifugo import wording

        return wording

    def token_pattern(self) -> re.Pattern[str]:
        return _TOKEN

    def rules_words(self, rules: Any) -> str:
        return rules_words(rules)

    def role(self, seen: Seen, native: Lang) -> str:
        before = seen.data.get("titles_before")
        return "" if not before else self.title(before[seen.seat], native)

    def said_all(self, tokens: Sequence[str], native: Lang) -> str:
        """Cards as a sentence lists them: ``3♠ 3♡``, ``♠3 ♡3``."""
        return self.labels(tokens, native)

    def refusals(self, lang: str, **params: str) -> list[str]:
        """The engine's refusals (src/paiju/daifugo/engine/rulebook.py, state.py, combos.py),
        clause by clause, the most particular first (a refusal naming an action by its
        record name is read with the action's words: :meth:`refusal`)."""
        p = slots(params, "cards", "table", "card", "shape", "shapes", "suits", "lock",
                  "kind", "count", "n", "seat", "me", "poor", "rich")
        return [
            WORDS.c(lang, "refusal", "you do not hold a joker"),
            WORDS.c(lang, "refusal", "you do not hold two jokers"),
            WORDS.c(lang, "refusal", "you do not hold {cards}", cards=p["cards"]),
            WORDS.c(lang, "refusal", "the table holds {shape}: you must play {shape} or pass",
                    shape=p["shape"]),
            WORDS.c(lang, "refusal", "{cards} does not beat {table} (revolution: the ranking is "
                    "reversed)", cards=p["cards"], table=p["table"]),
            WORDS.c(lang, "refusal", "{cards} does not beat {table} (Jack back: lower cards "
                    "beat higher until the table clears)", cards=p["cards"], table=p["table"]),
            WORDS.c(lang, "refusal", "{cards} does not beat {table} (revolution and Jack back "
                    "together: the normal ranking holds)", cards=p["cards"], table=p["table"]),
            WORDS.c(lang, "refusal", "{cards} does not beat {table}", cards=p["cards"],
                    table=p["table"]),
            WORDS.c(lang, "refusal", "everyone else has passed, so you may beat your own "
                    "{table} or pass, and the table then clears and you lead "
                    "(last_player_again)", table=p["table"]),
            WORDS.c(lang, "refusal", "you are leading: play any card or combination"),
            WORDS.c(lang, "refusal", "the table is locked to {suits} {shapes} ({lock}): {cards} "
                    "does not follow suit", suits=p["suits"], shapes=p["shapes"],
                    lock=p["lock"], cards=p["cards"]),
            WORDS.c(lang, "refusal", "the table is locked: {shapes} must include {suits} "
                    "({lock}): {cards} does not follow suit", suits=p["suits"],
                    shapes=p["shapes"], lock=p["lock"], cards=p["cards"]),
            WORDS.c(lang, "refusal", "going out with {cards} is forbidden (forbidden_finish: "
                    "{kind})", cards=p["cards"], kind=p["kind"]),
            WORDS.c(lang, "refusal", "the exchange starts with a request: seat {rich} asks seat "
                    "{poor} for up to {count} (card_request)", rich=p["rich"], poor=p["poor"],
                    count=p["count"]),
            WORDS.c(lang, "refusal", "you may ask for at most {count}, not {n}",
                    count=p["count"], n=p["n"]),
            WORDS.c(lang, "refusal", "you hold {cards} yourself: ask for cards you do not hold",
                    cards=p["cards"]),
            WORDS.c(lang, "refusal", "the poor keep their jokers (exchange_keep_joker): ask "
                    "for other cards"),
            WORDS.c(lang, "refusal", "the pack has no joker (jokers=0)"),
            WORDS.c(lang, "refusal", "you cannot ask for more jokers than the pack holds "
                    "besides yours"),
            WORDS.c(lang, "refusal", "it is seat {seat}'s turn to ask for cards in the "
                    "exchange, not seat {me}'s", seat=p["seat"], me=p["me"]),
            WORDS.c(lang, "refusal", "it is time to play or pass, not to ask for cards"),
            WORDS.c(lang, "refusal", "the exchange comes first: seat {rich} gives {count} to "
                    "seat {poor}", rich=p["rich"], count=p["count"], poor=p["poor"]),
            WORDS.c(lang, "refusal", "you give exactly {count} to seat {poor}, not {n}",
                    count=p["count"], poor=p["poor"], n=p["n"]),
            WORDS.c(lang, "refusal", "after your play you must first hand {count} to the next "
                    "player (seven_pass)", count=p["count"]),
            WORDS.c(lang, "refusal", "after your play you must first discard up to {count} "
                    "(discard)", count=p["count"]),
            WORDS.c(lang, "refusal", "your 7s hand exactly {count} to the next player, not {n}",
                    count=p["count"], n=p["n"]),
            WORDS.c(lang, "refusal", "your 10s let you discard at most {count}, not {n}",
                    count=p["count"], n=p["n"]),
            WORDS.c(lang, "refusal", "it is seat {seat}'s turn to play, not seat {me}'s: you "
                    "passed this trick, so you may not play until the table clears "
                    "(no_play_after_pass)", seat=p["seat"], me=p["me"]),
            WORDS.c(lang, "refusal", "it is seat {seat}'s turn to play, not seat {me}'s",
                    seat=p["seat"], me=p["me"]),
            WORDS.c(lang, "refusal", "it is seat {seat}'s turn to give cards in the exchange, "
                    "not seat {me}'s", seat=p["seat"], me=p["me"]),
            WORDS.c(lang, "refusal", "it is seat {seat}'s turn to finish their play, not seat "
                    "{me}'s", seat=p["seat"], me=p["me"]),
            WORDS.c(lang, "refusal", "it is time to play or pass, not to give cards"),
            WORDS.c(lang, "refusal", "it is time to play or pass, not to hand cards on (7s)"),
            WORDS.c(lang, "refusal", "it is time to play or pass, not to discard (10s)"),
            WORDS.c(lang, "refusal", "a play needs at least one card"),
            WORDS.c(lang, "refusal", "cards of different ranks make no combination (sequences "
                    "are off in these rules)"),
            WORDS.c(lang, "refusal", "cards of different ranks make no combination (a sequence "
                    "needs three)"),
            WORDS.c(lang, "refusal", "a sequence is all of one suit"),
            WORDS.c(lang, "refusal", "these cards are of several suits"),
            WORDS.c(lang, "refusal", "a 2 cannot be part of a sequence under these rules "
                    "(twos_in_sequences)"),
            WORDS.c(lang, "refusal", "the cards are not consecutive: {cards} (2 and 3 are never "
                    "adjacent)", cards=p["cards"]),
            WORDS.c(lang, "refusal", "the cards are not consecutive: {cards}", cards=p["cards"]),
            WORDS.c(lang, "refusal", "the sequence would run past the 2 (2 and 3 are never "
                    "adjacent)"),
            WORDS.c(lang, "refusal", "a joker played alone is the joker itself"),
            WORDS.c(lang, "refusal", "it stands for no card"),
            WORDS.c(lang, "refusal", "the joker cannot stand for {card}: the play already has "
                    "it", card=p["card"]),
            WORDS.c(lang, "refusal", "the pack has at most two jokers"),
        ]

    def move_word(self, do: str, native: Lang, dos: Sequence[str] = ()) -> str:
        return move_word(self.lang(native), do) or super().move_word(do, native, dos)

    def refusal(self, reason: str, native: Lang) -> str:
        """As :meth:`Presenter.refusal`, an action's record name read as words."""
        for do, words in (("give", "give cards"), ("ask", "ask for cards"),
                          ("seven_pass", "hand cards on (7s)"),
                          ("discard", "discard (10s)")):
            reason = reason.replace(f"play or pass, not to {do}", f"play or pass, not to {words}")
        return super().refusal(reason, native)

    def refusal_part(self, name: str, value: str, lang: str) -> str:
        """Cards, shapes and counts of the engine's English, said in ``lang``."""
        if name in ("cards", "table", "card"):
            return self.notation(value, lang)
        if name == "shape":
            return self._shape(value, lang)
        if name == "shapes":
            shapes = {"singles": WORDS(lang, "singles"), "pairs": WORDS(lang, "pairs"),
                      "triples": WORDS(lang, "triples"), "fours": WORDS(lang, "fours"),
                      "five-card groups": WORDS(lang, "five-card groups"),
                      "sequences": WORDS(lang, "sequences")}
            return shapes.get(value, value)
        if name == "lock":
            return (WORDS(lang, "partial lock") if value == "kata-shibari"
                    else WORDS(lang, "suit lock"))
        if name == "kind":
            kinds = {"top": WORDS(lang, "the top cards"), "joker": WORDS(lang, "the joker"),
                     "eight": WORDS(lang, "an 8"),
                     "spade_three": WORDS(lang, "the ♠3 on the joker")}
            return kinds.get(value, value)
        number = re.match(r"(\d+) cards?$", value)
        if name == "count" and number:
            return WORDS.n(lang, "{n} card", "{n} cards", int(number.group(1)))
        return value

    @staticmethod
    def _shape(value: str, lang: str) -> str:
        """``a pair``, ``a 4-card sequence``... in ``lang``."""
        sequence = re.fullmatch(r"a (\d+)-card sequence", value)
        if sequence:
            return WORDS(lang, "a {n}-card sequence", n=sequence.group(1))
        group = re.fullmatch(r"a (\d+)-card group", value)  # two packs: 6 to 12 cards
        if group:
            return WORDS(lang, "a {n}-card group", n=group.group(1))
        shapes = {"a single card": WORDS(lang, "a single card"), "a pair": WORDS(lang, "a pair"),
                  "a triple": WORDS(lang, "a triple"),
                  "a four of a kind": WORDS(lang, "four of a kind"),
                  "a five-card group": WORDS(lang, "a five-card group")}
        return shapes.get(value, value)

    def seat_parts(self, data: Mapping[str, Any], native: Lang) -> list[str]:
        return [self.title(t, native) for t in data.get("titles_before") or ()]

    def title(self, key: str, native: Lang) -> str:
        return title(key, self.lang(native))

    @staticmethod
    def reversed_order(seen: Seen) -> bool:
        data = seen.data
        return bool(data["revolution"]) ^ bool(data["jack_back"])

    def chips(self, seen: Seen, native: Lang) -> list[Chip]:
        from paiju.daifugo.engine.cards import parse_card

        rev = self.reversed_order(seen)

        def strength(token: str) -> tuple[int, int]:
            c = identity(parse_card(token))
            if c >= 52:
                return (99, 0)
            rank = c >> 2
            return ((12 - rank) if rev else rank, c & 3)

        out = []
        hand = seen.data["hand"]
        if self._my_ask(seen):  # card_request: the cards it may name, not its own
            hand = named_cards(a.cards for a in seen.view.legal_actions())
        for token in sorted(hand, key=strength):
            c = identity(parse_card(token))
            style = "bold red" if c < 52 and (c & 3) in (1, 2) else "bold"
            if c >= 52:
                style = "bold magenta"
            out.append(Chip(token, self.label(token, native), style, "",
                            self.full_name(token, native)))
        return out

    @staticmethod
    def _my_ask(seen: Seen) -> bool:
        """Whether the seat is to name cards now (card_request)."""
        return asking(seen.view.rules, seen.data) is not None and seen.data.get(
            "to_move") == seen.seat

    def hand_title(self, seen: Seen, native: Lang, name: str | None = None) -> str:
        lang = self.lang(native)
        if self._my_ask(seen):
            _, k = asking(seen.view.rules, seen.data) or (-1, 0)
            if name is not None:
                return WORDS.n(lang, "The cards {name} may ask for (holding the others) · up "
                               "to {n}, or none", "The cards {name} may ask for (holding the "
                               "others) · up to {n}, or none", k, name=name)
            return WORDS.n(lang, "The cards you may ask for (you hold the others) · pick up "
                           "to {n}, or none", "The cards you may ask for (you hold the others) "
                           "· pick up to {n}, or none", k)
        reversed_ = self.reversed_order(seen)
        order = "2 < A < K … 4 < 3 < JK" if reversed_ else "3 < 4 … K < A < 2 < JK"
        if name is not None:
            if reversed_:
                return WORDS(lang, "{name}'s hand, weakest first · {order} · [b]reversed[/]",
                             name=name, order=order)
            return WORDS(lang, "{name}'s hand, weakest first · {order}", name=name, order=order)
        if reversed_:
            return WORDS(lang, "Your hand, weakest first · {order} · [b]reversed[/]",
                         order=order)
        return WORDS(lang, "Your hand, weakest first · {order}", order=order)

    def seat_rows(self, seen: Seen, names: Sequence[str], native: Lang) -> list[str]:
        lang = self.lang(native)
        data = seen.data
        before = data.get("titles_before")
        rows = []
        for seat, count in enumerate(data["counts"]):
            arrow = "▶" if data["to_move"] == seat else " "
            line = f"{arrow}{pad(names[seat], 4)} " + WORDS.n(lang, "{n:>2} card", "{n:>2} cards",
                                                               count)
            if seat in data["finished"]:
                line += "  " + WORDS(lang, "out in place {place}",
                                     place=data["finished"].index(seat) + 1)
            if before:
                line += "  " + WORDS(lang, "(was {title})", title=self.title(before[seat], lang))
            rows.append(line)
        return rows

    def status(self, seen: Seen, names: Sequence[str], native: Lang) -> str:
        lang = self.lang(native)
        data = seen.data
        turn = data["to_move"]
        if data["phase"] == "over" or turn is None:
            return WORDS(lang, "The hand is over.")
        who = names[turn]
        phase = data["phase"]
        ask = asking(seen.view.rules, data) if phase == "exchange" else None
        if ask is not None:
            text = WORDS.n(lang, "[b]{name}[/] to ask {to} for up to {n} card in the exchange.",
                           "[b]{name}[/] to ask {to} for up to {n} cards in the exchange.",
                           ask[1], name=who, to=names[ask[0]])
        elif phase == "exchange":
            to, k = exchange_partner(seen.view.rules, data.get("titles_before"), turn)
            text = (WORDS.n(lang, "[b]{name}[/] to give {n} card to {to} in the exchange.",
                            "[b]{name}[/] to give {n} cards to {to} in the exchange.", k,
                            name=who, to=names[to]) if to >= 0
                    else WORDS(lang, "[b]{name}[/] to give cards in the exchange.", name=who))
        elif phase == "follow":
            text = WORDS(lang, "[b]{name}[/] to finish the play (7-pass or 10-discard).",
                         name=who)
        elif data["table"]:
            text = WORDS(lang, "[b]{name}[/] to beat {cards} ({owner}) or pass.", name=who,
                         cards=self.said_all(data["table"], lang),
                         owner=names[data["table_seat"]])
        else:
            text = WORDS(lang, "[b]{name}[/] to lead: any card or combination.", name=who)
        parts = [text]
        if data["revolution"]:
            parts.append(WORDS(lang, "Revolution: the ranking is reversed."))
        if data["revolution_pending"]:
            parts.append(WORDS(lang, "A revolution takes effect when the table clears."))
        if data["jack_back"]:
            parts.append(WORDS(lang, "Jack back: the ranking is reversed until the table "
                               "clears."))
        if data["lock"]:
            parts.append(WORDS(lang, "Locked to {suit}.", suit=data["lock"]))
        if data["direction"] != "clockwise":
            parts.append(WORDS(lang, "Play runs anticlockwise."))
        return (" " if lang == "en" else "").join(parts)

    def log_items(self, data: Mapping[str, Any], rules: Any) -> list[dict[str, Any]]:
        """The history, each exchange gift with the seat it went ``to``."""
        items = super().log_items(data, rules)
        titles = data.get("titles_before")
        if not titles or not any(item.get("do") == "give" for item in items):
            return items
        out = []
        for item in items:
            if item.get("do") == "give":
                to, _ = exchange_partner(rules, titles, item["seat"])
                if to >= 0:
                    item = {**item, "to": to}
            out.append(item)
        return out

    def known_at_deal(self, view: Any) -> dict[tuple[int, int], list[str]]:
        """The poor's gift at the deal as the giver and the receiver saw it."""
        from paiju.daifugo.engine.view import DaifugoView

        if not isinstance(view, DaifugoView):
            return {}
        return {(h["from"], h["to"]): h["cards"] for h in view.handovers() if h["at"] == -1}

    def opening_lines(self, data: Mapping[str, Any], rules: Any, names: Sequence[str],
                      native: Lang, known: Mapping[tuple[int, int], Sequence[str]] | None = None,
                      ) -> list[str]:
        """The poor's gifts at the deal: who gave how many cards to whom, and which cards
        to the two who saw them (``known``)."""
        lang = self.lang(native)
        titles = data.get("titles_before")
        if not titles:
            return []
        from paiju.daifugo.engine.rulebook import rulebook

        lines = []
        for rich, poor, k in rulebook(rules).exchange_pairs(len(titles)):
            if rich not in titles or poor not in titles:
                continue
            giver, taker = titles.index(poor), titles.index(rich)
            cards = (known or {}).get((giver, taker))
            if not cards and getattr(rules, "card_request", False):
                lines.append(WORDS.n(
                    lang, "{poor} ({poor_title}) gives {rich} ({rich_title}) the card asked "
                    "for if held, else the best card.", "{poor} ({poor_title}) gives {rich} "
                    "({rich_title}) the {n} cards asked for if held, else the best cards.",
                    k, poor=names[giver], poor_title=self.title(poor, lang), rich=names[taker],
                    rich_title=self.title(rich, lang)))
            elif cards:
                lines.append(self._gift_seen(names, lang, giver, taker, cards,
                                             self.title(poor, lang), self.title(rich, lang)))
            else:
                lines.append(WORDS.n(
                    lang, "{poor} ({poor_title}) gives the best card to {rich} ({rich_title}).",
                    "{poor} ({poor_title}) gives the {n} best cards to {rich} ({rich_title}).",
                    k, poor=names[giver], poor_title=self.title(poor, lang), rich=names[taker],
                    rich_title=self.title(rich, lang)))
        return lines

    def _gift_seen(self, names: Sequence[str], lang: str, giver: int, taker: int,
                   cards: Sequence[str], poor_title: str, rich_title: str) -> str:
        """The poor's gift at the deal with its cards, said to the giver or the receiver
        when the terminal calls them "You"."""
        shown = self.said_all(cards, lang)
        if you(names, giver):
            return WORDS(lang, "You ({poor_title}) give {cards} to {rich} ({rich_title}).",
                         poor_title=poor_title, cards=shown, rich=names[taker],
                         rich_title=rich_title)
        if you(names, taker):
            return WORDS(lang, "{poor} ({poor_title}) gives {cards} to you ({rich_title}).",
                         poor=names[giver], poor_title=poor_title, cards=shown,
                         rich_title=rich_title)
        return WORDS(lang, "{poor} ({poor_title}) gives {cards} to {rich} ({rich_title}).",
                     poor=names[giver], poor_title=poor_title, cards=shown, rich=names[taker],
                     rich_title=rich_title)

    def describe(
        self, action: Mapping[str, Any], observer: int, names: Sequence[str], native: Lang
    ) -> str:
        lang = self.lang(native)
        seat = action["seat"]
        who, me = names[seat], you(names, seat)
        do = action["do"]
        cards = action.get("cards", [])
        if do == "pass":
            return WORDS(lang, "You pass.") if me else WORDS(lang, "{name} passes.", name=who)
        if do == "play":
            shown = self.said_all(cards, lang)
            return (WORDS(lang, "You play {cards}.", cards=shown) if me
                    else WORDS(lang, "{name} plays {cards}.", name=who, cards=shown))
        if do == "ask":  # said aloud (card_request)
            if not cards:
                return (WORDS(lang, "You ask for no card: the best cards come.") if me
                        else WORDS(lang, "{name} asks for no card: the best cards come.",
                                   name=who))
            shown = self.said_all(cards, lang)
            return (WORDS(lang, "You ask for {cards}.", cards=shown) if me
                    else WORDS(lang, "{name} asks for {cards}.", name=who, cards=shown))
        n = len(cards) if "cards" in action else action.get("count", 0)
        # the cards of a move are the mover's to see, and an exchange gift's its receiver's
        seen = "cards" in action and (
            observer == seat or (do == "give" and action.get("to") == observer))
        shown = self.said_all(cards, lang) if seen else ""
        if do == "give":
            return self._give(action, names, lang, who, me, shown, n)
        if do == "seven_pass":
            if seen:
                return (WORDS(lang, "You hand {cards} to the next player (7s).", cards=shown)
                        if me else WORDS(lang, "{name} hands {cards} to the next player (7s).",
                                         name=who, cards=shown))
            return (WORDS.n(lang, "You hand {n} card to the next player (7s).",
                            "You hand {n} cards to the next player (7s).", n) if me
                    else WORDS.n(lang, "{name} hands {n} card to the next player (7s).",
                                 "{name} hands {n} cards to the next player (7s).", n, name=who))
        if seen:
            return (WORDS(lang, "You discard {cards} face down (10s).", cards=shown) if me
                    else WORDS(lang, "{name} discards {cards} face down (10s).", name=who,
                               cards=shown))
        return (WORDS.n(lang, "You discard {n} card face down (10s).",
                        "You discard {n} cards face down (10s).", n) if me
                else WORDS.n(lang, "{name} discards {n} card face down (10s).",
                             "{name} discards {n} cards face down (10s).", n, name=who))

    @staticmethod
    def _give(action: Mapping[str, Any], names: Sequence[str], lang: str, who: str, me: bool,
              shown: str, n: int) -> str:
        to = action.get("to")
        if to is None:
            if shown:
                return (WORDS(lang, "You give {cards} in the exchange.", cards=shown) if me
                        else WORDS(lang, "{name} gives {cards} in the exchange.", name=who,
                                   cards=shown))
            return (WORDS.n(lang, "You give {n} card in the exchange.",
                            "You give {n} cards in the exchange.", n) if me
                    else WORDS.n(lang, "{name} gives {n} card in the exchange.",
                                 "{name} gives {n} cards in the exchange.", n, name=who))
        other = names[to]
        if shown and not me and you(names, to):
            return WORDS(lang, "{name} gives you {cards} in the exchange.", name=who,
                         cards=shown)
        if shown:
            return (WORDS(lang, "You give {cards} to {to} in the exchange.", cards=shown,
                          to=other) if me
                    else WORDS(lang, "{name} gives {cards} to {to} in the exchange.", name=who,
                               cards=shown, to=other))
        return (WORDS.n(lang, "You give {n} card to {to} in the exchange.",
                        "You give {n} cards to {to} in the exchange.", n, to=other) if me
                else WORDS.n(lang, "{name} gives {n} card to {to} in the exchange.",
                             "{name} gives {n} cards to {to} in the exchange.", n, name=who,
                             to=other))

    def in_trick(self, action: Mapping[str, Any]) -> bool:
        """As :meth:`Presenter.in_trick`; a request for cards (card_request) is no play."""
        return action["do"] != "ask" and super().in_trick(action)

    def table_cleared(self, before: Seen, after: Seen) -> bool:
        data = after.data
        return data["table"] is None and data["phase"] not in ("follow", "exchange")

    def rule_lines(self, action: Mapping[str, Any], native: Lang) -> list[str]:
        """The rule each play set going (the engine's ``rules`` of the action): the one
        that cleared the table, a revolution."""
        lang = self.lang(native)
        return [fired(rule, lang) for rule in action.get("rules", ())]

    def going_out_lines(self, before: Seen, seen: Seen, names: Sequence[str],
                        native: Lang) -> list[str]:
        """A seat whose last cards the play took went out: in its place, or, going out
        as the rules forbid (``forbidden_finish``), below every seat that goes out
        lawfully (004 "Cannot go out with highest card")."""
        lang = self.lang(native)
        was, now = before.data["counts"], seen.data["counts"]
        finished = seen.data["finished"]
        lines = []
        for seat, count in enumerate(now):
            if count or not was[seat]:
                continue
            me = you(names, seat)
            if seat in finished:
                place = finished.index(seat) + 1
                lines.append(WORDS(lang, "You go out: place {place}.", place=place) if me
                             else WORDS(lang, "{name} goes out: place {place}.",
                                        name=names[seat], place=place))
            else:
                lines.append(
                    WORDS(lang, "You go out as the rules forbid (forbidden_finish): you "
                          "rank below every seat that goes out as they allow.") if me
                    else WORDS(lang, "{name} goes out as the rules forbid (forbidden_finish): "
                               "{name} ranks below every seat that goes out as they allow.",
                               name=names[seat]))
        return lines

    def cleared_note(self, seen: Seen, names: Sequence[str], native: Lang) -> str:
        lang = self.lang(native)
        data = seen.data
        if data["phase"] == "over":
            return WORDS(lang, "— the hand is over")
        if data["phase"] == "exchange":
            return ""
        turn = data["to_move"]
        name = names[turn] if turn is not None else "?"
        if _rule_cleared(data):  # its line said the table clears: only who leads is left
            if turn is not None and you(names, turn):
                return WORDS(lang, "— you lead")
            return WORDS(lang, "— {name} leads", name=name)
        if turn is not None and you(names, turn):
            return WORDS(lang, "— the table clears; you lead")
        return WORDS(lang, "— the table clears; {name} leads", name=name)

    def result_lines(
        self, seen: Seen, report: Mapping[str, Any], names: Sequence[str], native: Lang
    ) -> list[str]:
        lang = self.lang(native)
        order = report["order"] or []
        titles = report["titles"] or []
        lines = [WORDS(lang, "Place {place}: {name} ({title}).", place=place, name=names[seat],
                       title=self.title(titles[seat], lang))
                 for place, seat in enumerate(order, 1)]
        points = report.get("points")
        if points is None or not order:
            return lines
        lines.append(self._scoring(seen.view.rules, len(order), lang))
        shown = joined(lang, [f"{names[s]} {v:+d}" for s, v in enumerate(points)])
        lines.append(WORDS(lang, "Points this hand: {list}.", list=shown))
        return lines

    @staticmethod
    def _scoring(rules: Any, players: int, lang: str) -> str:
        """How this table's scoring turns the places into points, naming only the titles
        a table of ``players`` has."""
        from paiju.daifugo.engine.rulebook import DAIFUGO, FUGO, HEIMIN, titles_for

        if rules.scoring == "uecda":
            return WORDS(lang, "Each place scores as UECda counts: {n} for first, down to 1 "
                         "for last.", n=players)
        titles = titles_for(players, rules.exchange)
        if DAIFUGO not in titles:  # three or four players, one card exchanged
            if rules.scoring == "payments":
                return WORDS(lang, "The Hinmin pays the Fugō 1; the others neither pay nor "
                             "receive.")
            return WORDS(lang, "The Fugō scores 1; the others score nothing.")
        if FUGO not in titles:  # three players, two cards exchanged
            if rules.scoring == "payments":
                return WORDS(lang, "The Dai Hinmin pays the Dai Fugō 2; the others neither pay "
                             "nor receive.")
            return WORDS(lang, "The Dai Fugō scores 2; the others score nothing.")
        if rules.scoring == "payments":
            if HEIMIN not in titles:  # four players, two and one cards exchanged
                return WORDS(lang, "The Dai Hinmin pays the Dai Fugō 2 and the Hinmin pays the "
                             "Fugō 1.")
            return WORDS(lang, "The Dai Hinmin pays the Dai Fugō 2 and the Hinmin pays the Fugō "
                         "1; the Heimin neither pay nor receive.")
        return WORDS(lang, "The Dai Fugō scores 2 and the Fugō 1; the others score nothing.")

    def build(
        self, do: str, seat: int, tokens: Sequence[str], legal: Sequence[Action]
    ) -> dict[str, Any]:
        """As :meth:`Presenter.build`; a joker in a sequence takes the first legal reading."""
        out = super().build(do, seat, tokens, legal)
        if do == "play" and "JK" in tokens:
            want = sorted(t for t in tokens)
            for action in legal:
                data = action.to_json()
                plain = sorted(t.split("=")[0] for t in json_strs(data.get("cards", [])))
                if action.do == "play" and plain == want:
                    return data
        return out


#: The rules whose line in the log says that the table clears (their ``fired`` words):
#: every rule the engine names at a play but the revolution (now or at the clear), which
#: turns the order instead (``Position.fired``).
NOT_CLEARING = frozenset({"revolution", "revolution_pending"})


def _rule_cleared(data: Mapping[str, Any]) -> bool:
    """Whether the last play set going a rule whose own line says the table clears."""
    actions = data.get("actions") or [{}]
    return any(rule not in NOT_CLEARING for rule in actions[-1].get("rules", ()))
