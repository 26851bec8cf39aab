"""A Luk Fu position: the facts of a hand that change as it is played.

The rules (:mod:`paiju.lukfu.engine.rulebook`) read a position; the state
(:mod:`paiju.lukfu.engine.state`) changes it one action at a time. A position is cheap to
copy (:meth:`Position.copy`) and cheaper to take back to an earlier point
(:meth:`Position.mark`, :meth:`Position.restore`): its lists only grow, or are three
numbers long, so a mark is a few numbers and lengths. Cards are bitsets; seats 0, 1, 2
are the active seats.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from paiju.lukfu.engine.actions import CALLING
from paiju.lukfu.engine.melds import Meld
from paiju.lukfu.inference.knowledge import Event

if TYPE_CHECKING:
    from paiju.lukfu.engine.actions import LukFuAction


def _three(value: int) -> list[int]:
    return [value, value, value]


def _no_aged() -> list[int]:
    """An empty aged-card memo: -1 (not worked out) at ``4 * seat + suit``."""
    return [-1] * 12


@dataclass(slots=True)
class Position:
    """Where a hand stands. Each field is one fact; ``players`` and ``dreamer_card`` are
    fixed at the deal and kept here because the rules read them."""

    players: int  #: 3 or 4 (with four, seat 3 dreams and never acts)
    dreamer_card: int | None  #: the dreamer's one card (four players), else None
    hands: list[int]  #: the cards each active seat holds now
    actions: list[LukFuAction] = field(default_factory=list)  #: every action so far
    phase: str = CALLING  #: five_tigers (the window), calling, lead, follow or over
    turn: int | None = 0  #: the seat to act, None when the hand is over
    caller: int | None = None  #: the seat that took up the hand (call or Master's lead)
    privileged: int | None = None  #: the privileged (Vulnerable, Tsoh) caller, if any
    master_passed: bool = False  #: whether the Master (seat 0) passed at the calling
    tricks: list[int] = field(default_factory=lambda: _three(0))  #: tricks won by each seat
    won: list[int] = field(default_factory=lambda: _three(0))  #: cards won by each seat
    six_at: list[int] = field(default_factory=lambda: _three(-1))  #: round each reached six
    round: int = 0  #: rounds finished (the round in play is ``round + 1``)
    leader: int = 0  #: the seat that leads (led) the round in play
    top: Meld | None = None  #: the highest meld of the round in play
    top_seat: int = -1  #: the seat that played ``top``
    in_round: int = 0  #: plays made in the round in play
    events: list[Event] = field(default_factory=list)  #: every play of cards, as it was
    seen: list[list[Event]] = field(  #: every play as each active seat saw it
        default_factory=lambda: [[], [], []])
    face_up: int = 0  #: every card played face up
    face_down: int = 0  #: every card discarded face down
    discarded: list[int] = field(default_factory=lambda: _three(0))  #: face down, per seat
    window_seat: int | None = None  #: the Five Tigers holder the window opened for
    window_pass_index: int | None = None  #: the index of the action declining the window
    outcome: str | None = None  #: win, draw, no_call or five_tigers, once over
    winner: int | None = None  #: the winning seat, if any
    count: int | None = None  #: the winner's count (tricks, with aged cards declared)
    winning: int = 0  #: the winner's winning cards
    declared_aged: int = 0  #: the aged cards shown by a declaration
    payments: list[int] | None = None  #: each seat's gain or loss, once over
    #: whether every face-down discard obeyed the surrender rule with the true hands (so
    #: the true deal is one every seat must consider), as always unless replayed unchecked
    truth_consistent: bool = True
    aged_at: int = field(default=-1, compare=False)  #: memo, not a fact: the actions
    #: ``aged_suits`` hold at
    aged_suits: list[int] = field(  #: memo: aged cards at ``4 * seat + suit``, -1 unknown
        default_factory=_no_aged, compare=False)

    def copy(self) -> Position:
        """An independent copy (events, melds and actions are immutable and shared).
        Built field by field: a compiled dataclass's ``__init__`` is the interpreted one
        that ``dataclasses`` writes, many times slower."""
        p = Position.__new__(Position)
        p.players = self.players
        p.dreamer_card = self.dreamer_card
        p.hands = list(self.hands)
        p.actions = list(self.actions)
        p.phase = self.phase
        p.turn = self.turn
        p.caller = self.caller
        p.privileged = self.privileged
        p.master_passed = self.master_passed
        p.tricks = list(self.tricks)
        p.won = list(self.won)
        p.six_at = list(self.six_at)
        p.round = self.round
        p.leader = self.leader
        p.top = self.top
        p.top_seat = self.top_seat
        p.in_round = self.in_round
        p.events = list(self.events)
        p.seen = [list(x) for x in self.seen]
        p.face_up = self.face_up
        p.face_down = self.face_down
        p.discarded = list(self.discarded)
        p.window_seat = self.window_seat
        p.window_pass_index = self.window_pass_index
        p.outcome = self.outcome
        p.winner = self.winner
        p.count = self.count
        p.winning = self.winning
        p.declared_aged = self.declared_aged
        p.payments = None if self.payments is None else list(self.payments)
        p.truth_consistent = self.truth_consistent
        p.aged_at = self.aged_at
        p.aged_suits = list(self.aged_suits)
        return p

    def mark(self) -> tuple[Any, ...]:
        """A mark of this point, for :meth:`restore` (only the growing lists' lengths)."""
        return (
            self.phase, self.turn, self.caller, self.privileged, self.master_passed,
            self.round, self.leader, self.top, self.top_seat, self.in_round, self.face_up,
            self.face_down, self.window_seat, self.window_pass_index, self.outcome,
            self.winner, self.count, self.winning, self.declared_aged, self.payments,
            self.truth_consistent, tuple(self.hands), tuple(self.tricks), tuple(self.won),
            tuple(self.six_at), tuple(self.discarded), len(self.actions), len(self.events),
        )

    def restore(self, mark: tuple[Any, ...]) -> None:
        """Take the position back to ``mark``, made earlier on this position by :meth:`mark`.

        Payments are never changed in place once set, so the mark may share them."""
        (
            self.phase, self.turn, self.caller, self.privileged, self.master_passed,
            self.round, self.leader, self.top, self.top_seat, self.in_round, self.face_up,
            self.face_down, self.window_seat, self.window_pass_index, self.outcome,
            self.winner, self.count, self.winning, self.declared_aged, self.payments,
            self.truth_consistent, hands, tricks, won, six_at, discarded, n_actions, n_events,
        ) = mark
        self.hands, self.tricks, self.won = list(hands), list(tricks), list(won)
        self.six_at, self.discarded = list(six_at), list(discarded)
        del self.actions[n_actions:]
        del self.events[n_events:]
        for seen in self.seen:
            del seen[n_events:]
        self.aged_at, self.aged_suits = -1, _no_aged()

    def aged_memo(self) -> list[int]:
        """The aged-card memo of the position as it stands (``aged_suits``), emptied
        first if an action has been played since it was filled."""
        if self.aged_at != len(self.actions):
            self.aged_at, self.aged_suits = len(self.actions), _no_aged()
        return self.aged_suits

    def hand_counts(self) -> tuple[int, int, int]:
        """How many cards each active seat holds."""
        h = self.hands
        return (h[0].bit_count(), h[1].bit_count(), h[2].bit_count())
