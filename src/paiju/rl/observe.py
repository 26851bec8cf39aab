"""Observations: a seat's view as a flat ``float32`` vector, and its information state.

The game observes (``Game.research``'s observer, :class:`paiju.core.protocol.Observer`):
its segments, read from the seat's view alone. This module adds what every game shares:
the rule flags in force, the ids picked so far, and the history rows of an information
state, read from the view's JSON. So an observation can never hold a card the seat does
not know: the same view of any deal that :meth:`View.sample` draws gives the same vector
(tests/rl/test_rl_hidden.py). The layout of each game is in docs/rl.md, "Observations";
:meth:`Encoder.layout` lists its segments with their offsets.

Two vectors per seat:

* the **observation**: the game's segments (the position now: own hand, public table,
  counts, cards played and what the seat knows of hidden cards), the rule flags in
  force, and the ids picked so far in a decision in progress;
* the **information state**: the observation followed by the seat's history, one row a
  past action (seat, kind, the cards the seat saw, how many cards), the last
  ``Observer.history`` rows of the hand. The information state string holds the full
  view and history, with no limit.

Every entry of the observation is 0 or 1 but for a few counts and the rule flags. The
game gives its entries that are 1 as one integer, which is unpacked into the vector in one
step; its counts are stored after at their fixed offsets, the rule flags as one slice.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from paiju.core.bitset import one_hot as hot
from paiju.core.games import get_game
from paiju.core.options import Option
from paiju.core.protocol import Observer, State, StateObserver, View
from paiju.rl.actions import ActionSpace, space_of
from paiju.rl.games import research_of

#: The bound of every entry of an observation or information state (counts are scaled,
#: flags are 0 or 1; a history row counts a token at most four times: two packs' jokers).
HIGH = 64.0


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


class Encoder:
    """The observation and information-state encodings of one game, player count and
    rules (``None``: the game's default rules; the rules may change the game's widths, as
    Dai Fugō's two packs do)."""

    def __init__(self, game: str, players: int, rules: Any = None) -> None:
        g = get_game(game)
        self.game = g.name
        self.players = players
        self.rules = g.rules(None) if rules is None else rules
        self.space: ActionSpace = space_of(g.name)
        self.observer: Observer[Any, Any] = research_of(g).observer(players, self.rules)
        #: the observer again where it reads the state itself (asked once: a protocol's
        #: isinstance is slow)
        self._state_observer: StateObserver[Any, Any] | None = (
            self.observer if isinstance(self.observer, StateObserver) else None)
        self.options = dict(g.options.options)
        self.history = self.observer.history
        self._segments = self._layout()
        self.obs_size = sum(w for _, w in self._segments)
        self.row_size = self.actors + len(self.space.dos) + len(self.space.tokens) + 1
        self.info_size = self.obs_size + self.history * self.row_size
        #: each segment's offset
        self.at = {name: at for name, at, _ in self.layout()}
        #: the offsets of the entries that are counts, in the order the observer lists them
        self._value_at = np.array(list(self.observer.count_offsets()), dtype=np.intp)
        rules_at = self.at["rules"]
        self._rules_slice = slice(rules_at, rules_at + dict(self._segments)["rules"])
        self._flags: tuple[Mapping[str, Any], np.ndarray] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by what it is built from (a compiled class is only made through __init__)
        return (Encoder, (self.game, self.players, self.rules))

    @property
    def actors(self) -> int:
        """Seats that act (the game's observer says)."""
        return self.observer.actors

    def layout(self) -> list[tuple[str, int, int]]:
        """The observation's segments as ``(name, offset, width)``."""
        out, at = [], 0
        for name, width in self._segments:
            out.append((name, at, width))
            at += width
        return out

    def _layout(self) -> list[tuple[str, int]]:
        """The game's segments, then the rule flags and the picks."""
        rules = sum(rule_width(o) for o in self.options.values())
        return [*self.observer.segments(), ("rules", rules),
                ("picked_do", len(self.space.dos)), ("picked_cards", len(self.space.tokens))]

    # ------------------------------------------------------------ vectors

    def observation(self, view: View, prefix: Sequence[int] = ()) -> np.ndarray:
        """The observation vector of a seat's view and a pick prefix."""
        ones, values = self.observer.encode(view)
        if prefix:
            at = self.at["picked_do"]
            ones |= hot(prefix[0], len(self.space.dos), at)
            for i in prefix[1:]:
                ones |= 1 << (at + i)
        out = unpack(ones, self.obs_size)
        out[self._value_at] = values
        out[self._rules_slice] = self._rule_flags(view.rules)
        return out

    def state_observation(self, state: State, seat: int) -> np.ndarray | None:
        """:meth:`observation` of ``seat``'s view (as ``Game.seat_view`` makes it, no
        picks), read by the game's fast path from the state without the view; ``None``
        where the game has none (tests/rl/test_rl_openspiel.py holds the two equal)."""
        observer = self._state_observer
        if observer is None:
            return None
        ones, values = observer.encode_state(state, seat)
        out = unpack(ones, self.obs_size)
        out[self._value_at] = values
        out[self._rules_slice] = self._rule_flags(state.rules)
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

    def info_size_of(self, rows: int) -> int:
        """The width of an information state that keeps ``rows`` rows of history."""
        return self.obs_size + rows * self.row_size

    def info_state(self, view: View, prefix: Sequence[int] = (),
                   data: Mapping[str, Any] | None = None, rows: int = -1) -> np.ndarray:
        """The information-state vector: the observation, then the last rows of history
        (read from the view's JSON, ``data`` when the caller has it already): the
        observer's :attr:`history` rows, or ``rows`` (the compact tensor of OpenSpiel's)."""
        keep = self.history if rows < 0 else rows
        out = np.zeros(self.info_size_of(keep), dtype=np.float32)
        out[:self.obs_size] = self.observation(view, prefix)
        if not keep:
            return out
        # (read as the view's own JSON: a row's fields are the game's action records)
        source: Mapping[str, Any] = data if data is not None else view.to_json()
        rows_kept = source["actions"][-keep:]
        at = self.obs_size
        for item in rows_kept:
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
