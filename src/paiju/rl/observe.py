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


class _Writer:
    """Writes segments at increasing offsets, gathered and stored in one go (:meth:`done`)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.ones: list[int] = []
        self.at_values: list[int] = []
        self.values_: list[float] = []
        self.at = 0

    def one_hot(self, index: int | None, width: int) -> None:
        if index is not None and 0 <= index < width:
            self.ones.append(self.at + index)
        self.at += width

    def bits(self, indices: Sequence[int], width: int) -> None:
        at = self.at
        self.ones.extend(at + i for i in indices)
        self.at += width

    def values(self, values: Sequence[float]) -> None:
        self.at_values.extend(range(self.at, self.at + len(values)))
        self.values_.extend(values)
        self.at += len(values)

    def done(self) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        out[self.ones] = 1.0
        out[self.at_values] = self.values_
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
        #: the engine's card numbers -> their entries in a card segment
        self._index = (
            [self._card_of[lukfu_name(c)] for c in sorted(lukfu_pack(4))] if game == "lukfu"
            else [self._card_of[t] for t in DAIFUGO_TOKENS[:52]] + [52, 53])
        self._flags: tuple[Mapping[str, Any], list[float]] | None = None

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

    # ------------------------------------------------------------ cards

    def card_bits(self, tokens: Sequence[str]) -> list[int]:
        """Card indices of tokens (a second joker is card 53; ``JK=x`` is a joker)."""
        card_of = self._card_of
        if self.game == "lukfu":
            return [card_of[t] for t in tokens]
        out: list[int] = []
        for t in tokens:
            if t[0] == "J" and t[1] == "K":
                out.append(53 if 52 in out else 52)
            else:
                out.append(card_of[t])
        return out

    def _bits(self, cards: int) -> list[int]:
        """Card indices of an engine bitset."""
        index = self._index
        return [index[c] for c in members(cards)]

    def stands_for(self, tokens: Sequence[str]) -> list[int]:
        """The cards that jokers of a Dai Fugō play stand for (0..51), or the places
        beyond the ends they stand at (52..59: below the 3s, above the 2s)."""
        card_of = self._card_of
        return [card_of[t[3:]] if t[3:] in card_of else 52 + PLACES.index(t)
                for t in tokens if t.startswith("JK=")]

    # ------------------------------------------------------------ vectors

    def observation(self, view: View, prefix: Sequence[int] = ()) -> np.ndarray:
        """The observation vector of a seat's view and a pick prefix."""
        w = _Writer(self.obs_size)
        if isinstance(view, LukFuView):
            self._lukfu(w, view)
        else:
            assert isinstance(view, DaifugoView)
            self._daifugo(w, view)
        w.values(self._rule_flags(view.rules))
        dos = len(self.space.dos)
        w.one_hot(prefix[0] if prefix else None, dos)
        w.bits([i - dos for i in prefix[1:]], len(self.space.tokens))
        assert w.at == self.obs_size
        return w.done()

    def _rule_flags(self, rules: Any) -> list[float]:
        """The rule flags of ``rules``, kept for the last rules seen (they rarely change)."""
        cached = self._flags
        if cached is None or cached[0] is not rules:
            cached = self._flags = (rules, rule_flags(self.options, rules.values))
        return cached[1]

    def with_prefix(self, base: np.ndarray, prefix: Sequence[int]) -> np.ndarray:
        """A copy of ``base`` (an observation or information state without picks) with
        ``prefix``."""
        out = base.copy()
        if not prefix:
            return out
        dos = len(self.space.dos)
        at = self.obs_size - dos - len(self.space.tokens)
        out[at + prefix[0]] = 1.0
        for i in prefix[1:]:
            out[at + i] = 1.0
        return out

    def info_state(self, view: View, prefix: Sequence[int] = (),
                   data: Mapping[str, Any] | None = None) -> np.ndarray:
        """The information-state vector: the observation, then the last rows of history
        (read from the view's JSON, ``data`` when the caller has it already)."""
        out = np.zeros(self.info_size, dtype=np.float32)
        out[:self.obs_size] = self.observation(view, prefix)
        key = "history" if self.game == "lukfu" else "actions"
        rows = (data if data is not None else view.to_json())[key][-self.history:]
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

    def _lukfu(self, w: _Writer, v: LukFuView) -> None:
        c, a = self.cards, self.actors
        bits = self._bits
        w.one_hot(v.seat, 4)
        w.one_hot(LUKFU_PHASES.index(v.phase), len(LUKFU_PHASES))
        w.one_hot(v.to_move(), 4)
        w.bits(bits(v.hand), c)
        w.values([n / 12 for n in v.hand_counts])
        w.one_hot(v.caller, a)
        w.one_hot(v.privileged, a)
        w.values([1.0 if v.master_passed else 0.0])
        w.values([t / 12 for t in v.tricks])
        for won in v.won:
            w.bits(bits(won), c)
        w.values([(v.round + 1) / 12])
        w.one_hot(v.leader, a)
        top = v.top
        w.bits(bits(top.cards) if top is not None else [], c)
        w.one_hot(v.top_seat if top is not None else None, a)
        played, seen, counts = [0] * a, [0] * a, [0] * a
        for e in v.events:
            if e.kind != DISCARD:
                played[e.seat] |= e.cards
            else:
                seen[e.seat] |= e.cards
                counts[e.seat] += e.count if not e.cards else e.cards.bit_count()
        for cards in played:
            w.bits(bits(cards), c)
        for cards in seen:
            w.bits(bits(cards), c)
        w.values([n / 12 for n in counts])
        w.bits(bits(1 << v.dreamer_card) if v.dreamer_card is not None else [], c)
        w.bits(bits(v.declared), c)
        w.bits(bits(v.aged()) if v.seat < 3 else [], c)

    def _daifugo(self, w: _Writer, view: DaifugoView) -> None:
        n, c = self.players, self.cards
        bits = self._bits
        v = view.table()
        w.one_hot(v["seat"], n)
        w.one_hot(DAIFUGO_PHASES.index(v["phase"]), len(DAIFUGO_PHASES))
        w.one_hot(v["to_move"], n)
        w.bits(self.card_bits(v["hand"]), c)
        w.values([k / 14 for k in v["counts"]])
        table = v["table"] or []
        w.bits(self.card_bits(table), c)
        w.bits(self.stands_for(table), STANDS)
        w.one_hot(v["table_seat"], n)
        w.values([float(bool(v[k])) for k in ("revolution", "revolution_pending", "jack_back")]
                 + [1.0 if v["direction"] == "clockwise" else 0.0])
        lock = v["lock"]
        w.one_hot(DAIFUGO_LOCKS.index(lock) if lock in DAIFUGO_LOCKS else None,
                  len(DAIFUGO_LOCKS))
        w.bits(self.card_bits(v["played"]), c)
        w.values([v["discarded_face_down"] / 54, v["dropped_face_down"] / 54])
        for seat in range(n):
            place = v["finished"].index(seat) if seat in v["finished"] else None
            w.one_hot(place, n)
        titles = v["titles_before"] or [None] * n
        for title in titles:
            w.one_hot(DAIFUGO_TITLES.index(title) if title in DAIFUGO_TITLES else None,
                      len(DAIFUGO_TITLES))
        known = [0] * (n + 2)
        for seat, cards in view.facts().known_pins():  # seats, the discard pile, the drop
            known[seat if seat >= 0 else n - 1 - seat] |= cards
        for cards in known:
            w.bits(bits(cards), c)
