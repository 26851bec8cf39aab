"""The position of a Dai Fugō hand: every fact that changes while it is played.

The rules (:mod:`paiju.daifugo.engine.rulebook`) never change during a hand and the deal is
fixed; everything else is here, in one flat record that is cheap to copy (a shallow
copy plus its few lists), which is what :meth:`DaifugoState.clone` and
:meth:`DaifugoState.pop` rely on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from paiju.daifugo.engine.combos import Meld

if TYPE_CHECKING:
    pass


EXCHANGE: Final = "exchange"
PLAY: Final = "play"
FOLLOW: Final = "follow"
OVER: Final = "over"
#: Where face-down cards go besides a seat's hand: the 10-discards and miyako-ochi's drop.
DISCARD_PILE: Final = -1
DROPPED_PILE: Final = -2


@dataclass(slots=True)
class Position:
    """The changing facts of one hand (seats in order of play)."""

    #: each seat's cards now, as a bitset (cards 52 and 53 are the jokers).
    hands: list[int]
    #: the seat to move (meaningless once the phase is OVER).
    turn: int
    #: bitset of the seats still playing (holding cards, not fallen).
    active: int
    #: EXCHANGE (the rich ask, under card_request, and give back), PLAY, FOLLOW (a play's
    #: follow-up steps) or OVER.
    phase: str = PLAY
    #: 1 clockwise, -1 anticlockwise (9-reverse).
    direction: int = 1
    #: the combination on the table, None after a clear.
    table: Meld | None = None
    #: who played it (-1 after a clear).
    table_seat: int = -1
    #: the plays of the table's shape since it was last changed or cleared (for the lock).
    trick: list[Meld] = field(default_factory=list)
    #: the locked suits as a 4-bit mask (shibari), 0 when none.
    lock: int = 0
    #: a revolution is in force (the ranking is reversed until the next one).
    revolution: bool = False
    #: a revolution waits for the next clear (revolution_timing=next_clear).
    pending_rev: bool = False
    #: a Jack has reversed the ranking until the table clears (Jack back).
    jack_back_now: bool = False
    #: an 8-cut waits to be stopped by 4s (4-stop).
    cut_pending: bool = False
    #: bitset of the seats that passed since the last play.
    passed_since: int = 0
    #: bitset of the seats that passed since the last clear.
    passed_trick: int = 0
    #: passes in a row since the last play, across clears (pass_limit).
    pass_run: int = 0
    #: the seat that had the lead at the last clear (or the start): it leads again when
    #: every seat still in passes on the empty table (lead_pass).
    lead_seat: int = -1
    #: the seats that went out, in order.
    finished: list[int] = field(default_factory=list)
    #: the seats that went out with a forbidden finish, in order.
    forbidden: list[int] = field(default_factory=list)
    #: the previous Dai Fugō who fell by miyako-ochi, if any.
    fallen: int | None = None
    #: the final order, best first, once the hand is over.
    final: list[int] | None = None
    #: bitset of the cards played face up.
    played: int = 0
    #: bitset of the cards discarded face down (10-discard).
    discards: int = 0
    #: bitset of the cards dropped face down by a fallen Dai Fugō.
    dropped: int = 0
    #: the follow-up steps still owed after a play: (``seven_pass``/``discard``, count).
    pending: list[tuple[str, int]] = field(default_factory=list)
    #: what the play owing follow-up steps does once they are done: (clears, skips).
    after_steps: tuple[bool, int] = (False, 0)
    #: every face-down move: (action index, from seat, to, cards); ``to`` is a seat,
    #: DISCARD_PILE or DROPPED_PILE; the poor's gifts in the exchange have index -1
    #: (made at the deal, or on their winner's ask under card_request).
    hidden: list[tuple[int, int, int, int]] = field(default_factory=list)
    #: the exchange gifts still owed: (rich seat, poor seat, how many cards).
    exchange: list[tuple[int, int, int]] = field(default_factory=list)
    #: the asks still owed before the poor give (card_request): (rich, poor, how many).
    asks: list[tuple[int, int, int]] = field(default_factory=list)
    #: the rules that fired at a play, for the log to name: (the play's index in the
    #: actions, the option: the one whose hook cleared the table, or "revolution" /
    #: "revolution_pending" when the play caused one).
    fired: list[tuple[int, str]] = field(default_factory=list)

    def copy(self) -> Position:
        """An independent copy (the lists copied, the immutable values shared). Built
        field by field: a compiled dataclass's ``__init__`` is the interpreted one that
        ``dataclasses`` writes, many times slower."""
        p = Position.__new__(Position)
        p.hands = self.hands[:]
        p.turn = self.turn
        p.active = self.active
        p.phase = self.phase
        p.direction = self.direction
        p.table = self.table
        p.table_seat = self.table_seat
        p.trick = self.trick[:]
        p.lock = self.lock
        p.revolution = self.revolution
        p.pending_rev = self.pending_rev
        p.jack_back_now = self.jack_back_now
        p.cut_pending = self.cut_pending
        p.passed_since = self.passed_since
        p.passed_trick = self.passed_trick
        p.pass_run = self.pass_run
        p.lead_seat = self.lead_seat
        p.finished = self.finished[:]
        p.forbidden = self.forbidden[:]
        p.fallen = self.fallen
        p.final = self.final
        p.played = self.played
        p.discards = self.discards
        p.dropped = self.dropped
        p.pending = self.pending[:]
        p.after_steps = self.after_steps
        p.hidden = self.hidden[:]
        p.exchange = self.exchange[:]
        p.asks = self.asks[:]
        p.fired = self.fired[:]
        return p

    def reversed_now(self) -> bool:
        """True while the ranking is reversed (revolution xor Jack back)."""
        return self.revolution ^ self.jack_back_now
