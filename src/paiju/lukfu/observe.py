"""Luk Fu's research observation (:class:`paiju.core.protocol.Observer`; its layout in
docs/rl.md, "Observations"), read from a seat's view alone.

Every segment is a one-hot, a flag, a count or a card segment; a card segment's entry
``i`` is card number ``i`` (:mod:`paiju.lukfu.engine.cards`), so a seat's bitset of cards
shifted to the segment's offset is the segment, and the whole observation is one integer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from paiju.core.bitset import offsets
from paiju.core.bitset import one_hot as hot
from paiju.core.protocol import State, View
from paiju.lukfu.engine.actions import DECLARE, OVER, WINDOW, LukFuAction
from paiju.lukfu.engine.melds import Meld
from paiju.lukfu.engine.state import LukFuState
from paiju.lukfu.engine.view import LukFuView
from paiju.lukfu.inference.knowledge import DISCARD, Event
from paiju.lukfu.rules import Rules

#: Rows of history in an information-state tensor: a hand has at most 3 calls and 12
#: rounds of 3 actions (plus a claim and a declaration).
HISTORY = 48
PHASES = ("deal", "five_tigers", "calling", "lead", "follow", "over")
#: Entries of a card segment: the 37 dealt cards.
CARDS: Final = 37
#: Seats that act (the dreamer never does).
ACTORS: Final = 3
_PHASE: Final = {p: i for i, p in enumerate(PHASES)}


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
        at = self.at
        # the offsets _encode reads, as attributes (cheaper than the dict in a hot loop)
        self._seat, self._phase, self._to_move = at["seat"], at["phase"], at["to_move"]
        self._hand, self._caller, self._privileged = at["hand"], at["caller"], at["privileged"]
        self._master_passed, self._leader = at["master_passed"], at["leader"]
        self._top, self._top_seat, self._won = at["top"], at["top_seat"], at["won"]
        self._played, self._seen = at["played"], at["discarded_seen"]
        self._dreamer, self._declared, self._aged = at["dreamer"], at["declared"], at["aged"]

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
        return self._encode(
            v.seat, v.phase, v.to_move(), v.hand, v.caller, v.privileged, v.master_passed,
            v.leader, v.top, v.top_seat, v.won, v.events, False, v.dreamer_card, v.declared,
            v.aged() if v.seat < 3 else 0, v.hand_counts, v.tricks, v.round)

    def encode_state(self, state: State[LukFuAction, Rules], seat: int
                     ) -> tuple[int, Sequence[float]]:
        """:meth:`encode` of ``seat``'s view (as ``Game.seat_view`` makes it, the aged
        cards the engine's quick answer), read from the state without making the view
        (the batched env's fast path; tests/rl/test_rl_fast.py holds the two equal)."""
        if not isinstance(state, LukFuState):
            raise TypeError(f"a Luk Fu observation reads a Luk Fu hand, not "
                            f"{type(state).__name__}")
        p = state.pos
        if not 0 <= seat < p.players:
            raise ValueError(f"there is no seat {seat} in a {p.players}-player hand")
        hidden_window = p.phase == WINDOW and seat != p.turn
        active = seat < 3
        # the view shows a declaration's aged cards once a declaration was made
        declared = p.declared_aged if p.declared_aged and any(
            a[1] == DECLARE for a in p.actions) else 0
        c = CARDS
        hands, won, discarded, deal = p.hands, p.won, p.discarded, state.deal_hands
        # the segments below bit 61 (seat to master_passed) as one small int
        ones = (1 << (self._seat + seat)
                | 1 << (self._phase + _PHASE["deal" if hidden_window else p.phase])
                | (0 if hidden_window else hot(p.turn, 4, self._to_move))
                | (hands[seat] << self._hand if active else 0)
                | hot(p.caller, 3, self._caller) | hot(p.privileged, 3, self._privileged)
                | (1 << self._master_passed if p.master_passed else 0))
        ones |= (won[0] | won[1] << c | won[2] << 2 * c) << self._won
        mid = hot(p.leader, 3, 0)  # leader, top and top_seat, from the leader's offset
        top = p.top
        if top is not None:
            mid |= top.cards << (self._top - self._leader) | hot(
                p.top_seat, 3, self._top_seat - self._leader)
        ones |= mid << self._leader
        # a seat's cards played face up: those it was dealt, neither held nor face down
        # (the events' cards, the view's reading); an active seat sees its own face down
        played = ((deal[0] & ~hands[0] & ~discarded[0])
                  | (deal[1] & ~hands[1] & ~discarded[1]) << c
                  | (deal[2] & ~hands[2] & ~discarded[2]) << 2 * c)
        ones |= played << self._played
        if active:
            ones |= discarded[seat] << (self._seen + seat * c)
        tail = declared << (self._declared - self._dreamer)
        if not active or p.phase == OVER:
            dreamer_card = p.dreamer_card
            if dreamer_card is not None:
                tail |= 1 << dreamer_card
        if active:
            tail |= state.aged(seat) << (self._aged - self._dreamer)
        ones |= tail << self._dreamer
        values = [hands[0].bit_count() / 12, hands[1].bit_count() / 12,
                  hands[2].bit_count() / 12, p.tricks[0] / 12, p.tricks[1] / 12,
                  p.tricks[2] / 12, (p.round + 1) / 12, discarded[0].bit_count() / 12,
                  discarded[1].bit_count() / 12, discarded[2].bit_count() / 12]
        return ones, values

    def _encode(self, seat: int, phase: str, to_move: int | None, hand: int,
                caller: int | None, privileged: int | None, master_passed: bool,
                leader: int, top: Meld | None, top_seat: int, won: Sequence[int],
                events: Sequence[Event], dreamer: bool, dreamer_card: int | None,
                declared: int, aged: int, hand_counts: Sequence[int], tricks: Sequence[int],
                round: int) -> tuple[int, Sequence[float]]:
        """The 1 entries and the counts of what ``seat`` sees (``dreamer``: the
        dreamer's ``events``, whose face-down discards count without their cards)."""
        c, a = CARDS, ACTORS
        ones = (hot(seat, 4, self._seat) | hot(_PHASE[phase], 6, self._phase)
                | hot(to_move, 4, self._to_move) | hand << self._hand
                | hot(caller, a, self._caller) | hot(privileged, a, self._privileged)
                | (1 << self._master_passed if master_passed else 0)
                | hot(leader, a, self._leader))
        if top is not None:
            ones |= top.cards << self._top | hot(top_seat, a, self._top_seat)
        at_won = self._won
        for s, cards in enumerate(won):
            ones |= cards << (at_won + s * c)
        played, seen, counts = [0] * a, [0] * a, [0] * a
        for e in events:
            if e.kind != DISCARD:
                played[e.seat] |= e.cards
            elif dreamer:
                counts[e.seat] += e.count
            else:
                seen[e.seat] |= e.cards
                counts[e.seat] += e.count if not e.cards else e.cards.bit_count()
        at_played, at_seen = self._played, self._seen
        for s in range(a):
            ones |= played[s] << (at_played + s * c) | seen[s] << (at_seen + s * c)
        if dreamer_card is not None:
            ones |= 1 << (self._dreamer + dreamer_card)
        ones |= declared << self._declared
        ones |= aged << self._aged
        values = [k / 12 for k in hand_counts]
        values.extend([k / 12 for k in tricks])
        values.append((round + 1) / 12)
        values.extend([k / 12 for k in counts])
        return ones, values


OBSERVER = LukFuObserver()
