"""Observations: a seat's view as a flat ``float32`` vector, and its information state.

Everything here reads only the seat's :class:`~paiju.core.protocol.View` (its fields,
its rules, and for the history its JSON form), so an observation can never hold a card
the seat does not know: the same view of any deal that :meth:`View.sample` draws gives
the same vector (tests/rl/test_rl_hidden.py). The layout of each game is in docs/rl.md,
"Observations"; :meth:`Encoder.layout` lists its segments with their offsets.

Two vectors per seat:

* the **observation**: the position now (own hand, public table, counts, cards played
  and what the seat knows of hidden cards, the rule flags in force), plus the ids
  picked so far in a decision in progress;
* the **information state**: the observation followed by the seat's history, one row a
  past action (seat, kind, the cards the seat saw, how many cards), the last
  :data:`HISTORY` rows of the hand. The information state string holds the full view
  and history, with no limit.

Every entry of the observation is 0 or 1 but for a few counts and the rule flags, and a
card segment lists cards in the engines' own card order (the same as the action ids'
tokens). So an observation is built as one integer of its 1 entries (a seat's bitset of
cards shifted to its segment's offset is that segment), unpacked into the vector in one
step; the counts are stored after at their fixed offsets, the rule flags as one slice.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from paiju.core.bitset import members
from paiju.core.games import get_game
from paiju.core.options import Option
from paiju.core.protocol import View
from paiju.daifugo.cards import TOKENS as DAIFUGO_TOKENS
from paiju.daifugo.view import DaifugoView
from paiju.lukfu.cards import name as lukfu_name
from paiju.lukfu.cards import pack as lukfu_pack
from paiju.lukfu.knowledge import DISCARD
from paiju.lukfu.view import LukFuView
from paiju.rl.actions import DAIFUGO_PLACES as PLACES
from paiju.rl.actions import ActionSpace, space_of

#: Rows of history in an information-state tensor, per game: a Luk Fu hand has at most
#: 3 calls and 12 rounds of 3 actions (plus a claim and a declaration); a Dai Fugō hand
#: with many players can run longer, and then its oldest rows drop out.
HISTORY = {"lukfu": 48, "daifugo": 160}

#: The bound of every entry of an observation or information state (counts are scaled,
#: flags are 0 or 1; a history row counts a token at most twice).
HIGH = 64.0

LUKFU_PHASES = ("deal", "five_tigers", "calling", "lead", "follow", "over")
DAIFUGO_PHASES = ("exchange", "play", "follow", "over")
DAIFUGO_TITLES = ("daifugo", "fugo", "heimin", "hinmin", "daihinmin")
DAIFUGO_LOCKS = ("♠", "♡", "♢", "♣")
LUKFU_CARDS = 37
DAIFUGO_CARDS = 54
#: What a table's jokers stand for: the 52 cards, then the 8 places beyond the ends.
STANDS = 52 + len(PLACES)


def rule_width(option: Option) -> int:
    """How many entries an option takes in the rule flags."""
    if option.kind == "bool":
        return 1
    if option.kind in ("choice", "list") or (option.kind == "int" and option.choices):
        return len(option.choices)
    return 1


def rule_flags(options: Mapping[str, Option], values: Mapping[str, Any]) -> list[float]:
    """The rules in force as numbers: a flag per bool, one-hot choices, multi-hot lists."""
    out: list[float] = []
    for name, option in options.items():
        value = values[name]
        if option.kind == "bool":
            out.append(1.0 if value else 0.0)
        elif option.kind == "list":
            out.extend(1.0 if c in value else 0.0 for c in option.choices)
        elif option.choices:
            out.extend(1.0 if c == value else 0.0 for c in option.choices)
        else:
            out.append(float(value))
    return out


#: The eight entries of each byte value, lowest bit first.
_BYTE_BITS = np.unpackbits(
    np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little").astype(np.float32)


def unpack(ones: int, size: int) -> np.ndarray:
    """A ``float32`` vector of ``size`` entries, 1 where ``ones`` has a bit."""
    raw = np.frombuffer(ones.to_bytes((size + 7) // 8, "little"), np.uint8)
    return _BYTE_BITS.take(raw, axis=0).reshape(-1)[:size]


def hot(index: int | None, width: int, at: int) -> int:
    """The bit of a one-hot segment of ``width`` at offset ``at`` (none if ``index`` is
    ``None`` or out of range)."""
    return 1 << (at + index) if index is not None and 0 <= index < width else 0


#: A Dai Fugō token's card bit (a joker's, ``JK`` or ``JK=x``, is counted apart: 0).
_SUITED_BIT = {t: 1 << i for i, t in enumerate(DAIFUGO_TOKENS[:52])}
_CARD_BIT = {**_SUITED_BIT, "JK": 0, **{"JK=" + t: 0 for t in DAIFUGO_TOKENS[:52]},
             **{p: 0 for p in PLACES}}
#: The card a joker token ``JK=x`` stands for (bits 0..51), or its place beyond the ends
#: (bits 52..59: below the 3s, above the 2s).
_STANDS_BIT = {**{"JK=" + t: bit for t, bit in _SUITED_BIT.items()},
               **{p: 1 << (52 + i) for i, p in enumerate(PLACES)}}
_JOKER_BITS = (0, 1 << 52, 3 << 52)
_LUKFU_PHASE = {p: i for i, p in enumerate(LUKFU_PHASES)}
_DAIFUGO_PHASE = {p: i for i, p in enumerate(DAIFUGO_PHASES)}
_DAIFUGO_TITLE = {t: i for i, t in enumerate(DAIFUGO_TITLES)}


def daifugo_cards(tokens: Sequence[str]) -> int:
    """Dai Fugō tokens (no suited card twice) as card bits: a joker, ``JK`` or ``JK=x``,
    is card 52, a second one card 53."""
    cards = sum(map(_CARD_BIT.__getitem__, tokens))
    jokers = len(tokens) - cards.bit_count()
    return cards | _JOKER_BITS[min(jokers, 2)] if jokers else cards


def daifugo_stands_for(tokens: Sequence[str]) -> int:
    """The bits of the cards that the jokers ``JK=x`` among Dai Fugō tokens stand for."""
    return sum(_STANDS_BIT.get(t, 0) for t in tokens)


_SUITED_CARDS = (1 << 52) - 1
#: A lock's suit mask: the index of its one suit (a lock of several suits has none).
_LOCK_INDEX = {1 << i: i for i in range(4)}


def engine_cards(cards: int) -> int:
    """An engine's card bitset (the jokers cards 52 and 53) as the observation's: a lone
    joker is card 52, whichever joker it is."""
    jokers = cards >> 52
    return cards & _SUITED_CARDS | _JOKER_BITS[min(jokers.bit_count(), 2)] if jokers else cards


def meld_stands_for(subs: Sequence[int]) -> int:
    """The bits of what a table's jokers stand for (:func:`daifugo_stands_for`): cards
    0..51, then the places beyond the ends, below the 3s (52..55) and above the 2s
    (56..59), from the engine's numbers (-4..-1 and 52..55)."""
    out = 0
    for card in subs:
        out |= 1 << (card + 56 if card < 0 else card + 4 if card >= 52 else card)
    return out


class Encoder:
    """The observation and information-state encodings of one game and player count."""

    def __init__(self, game: str, players: int) -> None:
        self.game = game
        self.players = players
        self.space: ActionSpace = space_of(game)
        self.options = dict(get_game(game).options.options)
        self.cards = LUKFU_CARDS if game == "lukfu" else DAIFUGO_CARDS
        self.history = HISTORY[game]
        self._segments = self._layout()
        self.obs_size = sum(w for _, w in self._segments)
        self.row_size = self.actors + len(self.space.dos) + len(self.space.tokens) + 1
        self.info_size = self.obs_size + self.history * self.row_size
        self._card_of = {t: i for i, t in enumerate(self.space.tokens)}
        # a card segment's entries are the engine's card numbers (tested at import below)
        #: each segment's offset
        self.at = {name: at for name, at, _ in self.layout()}
        #: the offsets of the entries that are counts, in the order the encoders list them
        self._value_at = np.array(self._values_layout(), dtype=np.intp)
        rules_at = self.at["rules"]
        self._rules_slice = slice(rules_at, rules_at + dict(self._segments)["rules"])
        self._flags: tuple[Mapping[str, Any], np.ndarray] | None = None

    @property
    def actors(self) -> int:
        """Seats that act: Luk Fu's three (the dreamer never acts), every Dai Fugō seat."""
        return 3 if self.game == "lukfu" else self.players

    def layout(self) -> list[tuple[str, int, int]]:
        """The observation's segments as ``(name, offset, width)``."""
        out, at = [], 0
        for name, width in self._segments:
            out.append((name, at, width))
            at += width
        return out

    def _layout(self) -> list[tuple[str, int]]:
        n, c, a = self.players, self.cards, self.actors
        rules = sum(rule_width(o) for o in self.options.values())
        picks = [("picked_do", len(self.space.dos)), ("picked_cards", len(self.space.tokens))]
        if self.game == "lukfu":
            return [
                ("seat", 4), ("phase", len(LUKFU_PHASES)), ("to_move", 4),
                ("hand", c), ("hand_counts", a), ("caller", a), ("privileged", a),
                ("master_passed", 1), ("tricks", a), ("won", a * c), ("round", 1),
                ("leader", a), ("top", c), ("top_seat", a), ("played", a * c),
                ("discarded_seen", a * c), ("discard_counts", a), ("dreamer", c),
                ("declared", c), ("aged", c), ("rules", rules), *picks,
            ]
        return [
            ("seat", n), ("phase", len(DAIFUGO_PHASES)), ("to_move", n), ("hand", c),
            ("counts", n), ("table", c), ("table_stands_for", STANDS), ("table_seat", n),
            ("flags", 4), ("lock", len(DAIFUGO_LOCKS)), ("played", c),
            ("face_down", 2), ("finished", n * n), ("titles", n * len(DAIFUGO_TITLES)),
            ("known", (n + 2) * c), ("rules", rules), *picks,
        ]

    def _values_layout(self) -> list[int]:
        """The offsets of the count entries, in the order :meth:`_lukfu` and
        :meth:`_daifugo` give their values."""
        at, a, n = self.at, self.actors, self.players
        if self.game == "lukfu":
            return [*range(at["hand_counts"], at["hand_counts"] + a),
                    *range(at["tricks"], at["tricks"] + a), at["round"],
                    *range(at["discard_counts"], at["discard_counts"] + a)]
        return [*range(at["counts"], at["counts"] + n), at["face_down"], at["face_down"] + 1]

    # ------------------------------------------------------------ cards

    def card_bits(self, tokens: Sequence[str]) -> list[int]:
        """Card indices of tokens (a second joker is card 53; ``JK=x`` is a joker)."""
        if self.game == "lukfu":
            return [self._card_of[t] for t in tokens]
        return members(daifugo_cards(tokens))

    def stands_for(self, tokens: Sequence[str]) -> list[int]:
        """The cards that jokers of a Dai Fugō play stand for (0..51), or the places
        beyond the ends they stand at (52..59: below the 3s, above the 2s)."""
        return members(daifugo_stands_for(tokens))

    # ------------------------------------------------------------ vectors

    def observation(self, view: View, prefix: Sequence[int] = ()) -> np.ndarray:
        """The observation vector of a seat's view and a pick prefix."""
        if isinstance(view, LukFuView):
            ones, values = self._lukfu(view)
        else:
            assert isinstance(view, DaifugoView)
            ones, values = self._daifugo(view)
        if prefix:
            at = self.at["picked_do"]
            ones |= hot(prefix[0], len(self.space.dos), at)
            for i in prefix[1:]:
                ones |= 1 << (at + i)
        out = unpack(ones, self.obs_size)
        out[self._value_at] = values
        out[self._rules_slice] = self._rule_flags(view.rules)
        return out

    def _rule_flags(self, rules: Any) -> np.ndarray:
        """The rule flags of ``rules``, kept for the last rules seen (they rarely change)."""
        cached = self._flags
        if cached is None or cached[0] is not rules:
            flags = np.array(rule_flags(self.options, rules.values), dtype=np.float32)
            cached = self._flags = (rules, flags)
        return cached[1]

    def with_prefix(self, base: np.ndarray, prefix: Sequence[int]) -> np.ndarray:
        """A copy of ``base`` (an observation or information state without picks) with
        ``prefix``."""
        out = base.copy()
        if not prefix:
            return out
        at = self.at["picked_do"]
        for i in prefix:
            out[at + i] = 1.0
        return out

    def info_state(self, view: View, prefix: Sequence[int] = (),
                   data: Mapping[str, Any] | None = None) -> np.ndarray:
        """The information-state vector: the observation, then the last rows of history
        (read from the view's JSON, ``data`` when the caller has it already)."""
        out = np.zeros(self.info_size, dtype=np.float32)
        out[:self.obs_size] = self.observation(view, prefix)
        rows = (data if data is not None else view.to_json())["actions"][-self.history:]
        at = self.obs_size
        for item in rows:
            row = out[at:at + self.row_size]
            if 0 <= item["seat"] < self.actors:
                row[item["seat"]] = 1.0
            row[self.actors + self.space.dos.index(item["do"])] = 1.0
            cards = item.get("cards", [])
            for t in cards:
                if t != "?":
                    row[self.actors + self.space.token_id(t)] += 1.0
            row[-1] = float(item.get("count", len(cards)))
            at += self.row_size
        return out

    @staticmethod
    def info_string(view: Mapping[str, Any], prefix: Sequence[int] = ()) -> str:
        """The information state as text: the view's JSON and the ids picked so far."""
        return json.dumps({"view": view, "picked": list(prefix)}, sort_keys=True,
                          ensure_ascii=False)

    # ------------------------------------------------------------ games

    def _lukfu(self, v: LukFuView) -> tuple[int, list[float]]:
        """A Luk Fu view's 1 entries, and its counts (:meth:`_values_layout`)."""
        c, a, at = self.cards, self.actors, self.at
        top = v.top
        ones = (hot(v.seat, 4, at["seat"]) | hot(_LUKFU_PHASE[v.phase], 6, at["phase"])
                | hot(v.to_move(), 4, at["to_move"]) | v.hand << at["hand"]
                | hot(v.caller, a, at["caller"]) | hot(v.privileged, a, at["privileged"])
                | (1 << at["master_passed"] if v.master_passed else 0)
                | hot(v.leader, a, at["leader"]))
        if top is not None:
            ones |= top.cards << at["top"] | hot(v.top_seat, a, at["top_seat"])
        won = at["won"]
        for seat, cards in enumerate(v.won):
            ones |= cards << (won + seat * c)
        played, seen, counts = [0] * a, [0] * a, [0] * a
        for e in v.events:
            if e.kind != DISCARD:
                played[e.seat] |= e.cards
            else:
                seen[e.seat] |= e.cards
                counts[e.seat] += e.count if not e.cards else e.cards.bit_count()
        at_played, at_seen = at["played"], at["discarded_seen"]
        for seat in range(a):
            ones |= played[seat] << (at_played + seat * c) | seen[seat] << (at_seen + seat * c)
        if v.dreamer_card is not None:
            ones |= 1 << (at["dreamer"] + v.dreamer_card)
        ones |= v.declared << at["declared"]
        if v.seat < 3:
            ones |= v.aged() << at["aged"]
        return ones, [n / 12 for n in (*v.hand_counts, *v.tricks, v.round + 1, *counts)]

    def _daifugo(self, view: DaifugoView) -> tuple[int, list[float]]:
        """A Dai Fugō view's 1 entries, and its counts (:meth:`_values_layout`)."""
        n, c, at = self.players, self.cards, self.at
        v = view.table_bits()
        meld = v.table
        flags = at["flags"]
        ones = (hot(v.seat, n, at["seat"]) | hot(_DAIFUGO_PHASE[v.phase], 4, at["phase"])
                | hot(v.to_move, n, at["to_move"])
                | engine_cards(v.hand) << at["hand"]
                | hot(v.table_seat, n, at["table_seat"])
                | (1 << flags if v.revolution else 0)
                | (1 << (flags + 1) if v.revolution_pending else 0)
                | (1 << (flags + 2) if v.jack_back else 0)
                | (1 << (flags + 3) if v.clockwise else 0)
                | hot(_LOCK_INDEX.get(v.lock), 4, at["lock"])
                | engine_cards(v.played) << at["played"])
        if meld is not None:
            ones |= ((meld.naturals | _JOKER_BITS[min(meld.jokers, 2)]) << at["table"]
                     | meld_stands_for(meld.subs) << at["table_stands_for"])
        finished, at_finished = v.finished, at["finished"]
        for place, seat in enumerate(finished):
            if 0 <= seat < n and finished.index(seat) == place:
                ones |= hot(place, n, at_finished + seat * n)
        at_titles = at["titles"]
        for seat, title in enumerate(v.titles_before or ()):
            ones |= hot(_DAIFUGO_TITLE.get(title), 5, at_titles + seat * 5)
        known = [0] * (n + 2)
        for seat, cards in view.facts().known_pins():  # seats, the discard pile, the drop
            known[seat if seat >= 0 else n - 1 - seat] |= cards
        at_known = at["known"]
        for i, cards in enumerate(known):
            ones |= cards << (at_known + i * c)
        return ones, [*(k / 14 for k in v.counts), v.discarded_face_down / 54,
                      v.dropped_face_down / 54]


def _check_card_order() -> None:
    """A card segment's entry ``i`` is the engine's card number ``i``, and the action
    ids' tokens follow the same order (what building from bitsets relies on)."""
    lukfu = space_of("lukfu").tokens
    assert [lukfu.index(lukfu_name(c)) for c in sorted(lukfu_pack(4))] == list(range(37))
    assert space_of("daifugo").tokens[:52] == DAIFUGO_TOKENS[:52]


_check_card_order()
