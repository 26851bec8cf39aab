"""Luk Fu's research observation (:class:`paiju.core.protocol.Observer`; its layout in
docs/rl.md, "Observations"), read from a seat's view alone.

Every segment is a one-hot, a flag, a count or a card segment; a card segment's entry
``i`` is card number ``i`` (:mod:`paiju.lukfu.engine.cards`), so a seat's bitset of cards
shifted to the segment's offset is the segment, and the whole observation is one integer.
"""

from __future__ import annotations

from collections.abc import Sequence

from paiju.core.bitset import offsets
from paiju.core.bitset import one_hot as hot
from paiju.core.protocol import View
from paiju.lukfu.engine.actions import LukFuAction
from paiju.lukfu.engine.view import LukFuView
from paiju.lukfu.inference.knowledge import DISCARD
from paiju.lukfu.rules import Rules

#: Rows of history in an information-state tensor: a hand has at most 3 calls and 12
#: rounds of 3 actions (plus a claim and a declaration).
HISTORY = 48
PHASES = ("deal", "five_tigers", "calling", "lead", "follow", "over")
#: Entries of a card segment: the 37 dealt cards.
CARDS = 37
#: Seats that act (the dreamer never does).
ACTORS = 3
_PHASE = {p: i for i, p in enumerate(PHASES)}


def segments() -> list[tuple[str, int]]:
    """The segments of a Luk Fu observation, ``(name, width)`` (the same for 3 and 4)."""
    c, a = CARDS, ACTORS
    return [
        ("seat", 4), ("phase", len(PHASES)), ("to_move", 4), ("hand", c),
        ("hand_counts", a), ("caller", a), ("privileged", a), ("master_passed", 1),
        ("tricks", a), ("won", a * c), ("round", 1), ("leader", a), ("top", c),
        ("top_seat", a), ("played", a * c), ("discarded_seen", a * c),
        ("discard_counts", a), ("dreamer", c), ("declared", c), ("aged", c),
    ]


class LukFuObserver:
    """A Luk Fu seat's observation: 1 entries as one integer, and the counts (/12)."""

    def __init__(self) -> None:
        self._segments = segments()
        self.at: dict[str, int] = offsets(self._segments)

    @property
    def actors(self) -> int:
        return ACTORS

    @property
    def history(self) -> int:
        return HISTORY

    def segments(self) -> list[tuple[str, int]]:
        return list(self._segments)

    def count_offsets(self) -> list[int]:
        """Each seat's hand count, tricks, the round, each seat's face-down discards."""
        at, a = self.at, ACTORS
        return [*range(at["hand_counts"], at["hand_counts"] + a),
                *range(at["tricks"], at["tricks"] + a), at["round"],
                *range(at["discard_counts"], at["discard_counts"] + a)]

    def encode(self, view: View[LukFuAction, Rules]) -> tuple[int, Sequence[float]]:
        """A Luk Fu view's 1 entries, and its counts (:meth:`count_offsets`)."""
        if not isinstance(view, LukFuView):
            raise TypeError(f"a Luk Fu observation reads a Luk Fu view, not "
                            f"{type(view).__name__}")
        v = view
        c, a, at = CARDS, ACTORS, self.at
        top = v.top
        ones = (hot(v.seat, 4, at["seat"]) | hot(_PHASE[v.phase], 6, at["phase"])
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


OBSERVER = LukFuObserver()
