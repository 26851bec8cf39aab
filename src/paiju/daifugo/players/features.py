"""The learned player's features of a Dai Fugō decision (``GAME.policy_encoder``).

Every feature is read from the seat's view (:class:`~paiju.daifugo.engine.view.DaifugoView`):
its hand, the table, the cards played face up, the counts and the rules. Each action
gets the indices of its features that are 1 (docs/learned.md, "Dai Fugō"); a linear
policy (:mod:`paiju.bots.learned`) scores it by the sum of their weights. A rank's
*strength* is its place in the order now (reversed by a revolution or a Jack back; the
jokers strongest). The blocks:

* what the action is (``do``), by the phase and the number of players;
* a play: its class (a group of 1 to 5, a sequence of 3 to 6 and more, an emperor) by
  its strength, by the seat's cards left and by the fewest cards an opponent holds; how
  far it climbs over the table; whether it goes out, splits a group, spends jokers or
  cuts with 8s; the hand it leaves (its groups, loose cards and control cards);
* a pass: by the table's class and strength, the seat's cards and the opponents';
  whether the seat's own play is on the table (a play too);
* a group that no group of the unseen cards can beat by rank, by its class and the
  seat's cards left;
* a card given, passed on or discarded: its strength, and whether it breaks a group;
* whether it is the rule-based player's choice (:mod:`paiju.daifugo.players.strategy`), by
  phase and by the seat's cards left.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from paiju.core.protocol import Action, View
from paiju.daifugo.engine.actions import Action as DaifugoAction
from paiju.daifugo.engine.actions import meld_of_action
from paiju.daifugo.engine.cards import (
    EIGHT,
    NUM_RANKS,
    is_joker,
    jokers_in,
    pack,
    parse_card,
    put,
    rank_count,
    rank_of,
    take,
)
from paiju.daifugo.engine.combos import GROUP, SEQUENCE, Meld
from paiju.daifugo.engine.view import DaifugoView
from paiju.daifugo.players.strategy import choose

VERSION = "daifugo-2"

DOS = ("play", "pass", "give", "seven_pass", "discard")
#: The phase of a decision: an exchange or hand-over, a lead, a follow.
GIVES, LEADS, FOLLOWS = range(3)
#: Play classes: groups of 1 to 5, sequences of 3, 4, 5 and longer, an emperor.
CLASSES = 10
#: Strengths: the 13 ranks, then the jokers.
STRENGTHS = NUM_RANKS + 1
#: Buckets of a seat's cards: 1, 2, 3, 4-5, 6-8, 9 and more.
SIZES = 6
#: Buckets of the fewest cards an opponent holds: 1, 2, 3, 4-5, 6 and more.
OPPONENTS = 5


def size_bucket(n: int) -> int:
    """A seat's cards in :data:`SIZES` buckets."""
    return 0 if n <= 1 else 1 if n == 2 else 2 if n == 3 else 3 if n <= 5 else 4 if n <= 8 else 5


def opponent_bucket(n: int) -> int:
    """The fewest cards of an opponent in :data:`OPPONENTS` buckets."""
    return min(size_bucket(n), OPPONENTS - 1)


def _layout() -> tuple[dict[str, int], int]:
    """Each block's offset, and the features' count."""
    widths = {
        "do": len(DOS) * 3 * 6,
        "strength": CLASSES * STRENGTHS * 2,
        "size": CLASSES * SIZES * 2,
        "danger": CLASSES * 3 * OPPONENTS * 2,
        "climb": CLASSES * 5,
        "out": 2,
        "split": 3 * 2,
        "jokers": 3 * 2,
        "eight": 2,
        "groups": 11 * 2,
        "loose": 9 * 2,
        "controls": 5 * 2,
        "pass": CLASSES * 3 + SIZES * OPPONENTS,
        "give": STRENGTHS * 3 * 2,
        "club": 3 * SIZES + 1,
        "sure": CLASSES * 2 * 2 * 3,
        "owner": 2 * 2,
    }
    at, offset = {}, 0
    for name, width in widths.items():
        at[name] = offset
        offset += width
    return at, offset


AT, SIZE = _layout()
_DO = {do: i for i, do in enumerate(DOS)}


def play_class(m: Meld) -> int:
    """A play's class: 0-4 groups of 1 to 5, 5-8 sequences of 3, 4, 5 and longer, 9
    an emperor."""
    if m.kind == GROUP:
        return min(m.size, 5) - 1
    if m.kind == SEQUENCE:
        return 5 + min(m.size, 6) - 3
    return 9


def play_strength(m: Meld, rev: bool) -> int:
    """How strong a play is under the order now (0 weakest, 13 the jokers): a group by
    its rank, a sequence by its top end (a place beyond the ends counts as 13)."""
    if m.kind == GROUP:
        return NUM_RANKS if m.rank >= NUM_RANKS else 12 - m.rank if rev else m.rank
    top = 12 - m.rank if rev else m.rank + m.size - 1
    return max(0, min(top, NUM_RANKS))


def card_strength(c: int, rev: bool) -> int:
    """A card's strength (of either pack): its rank in the order now, 13 for a joker."""
    if is_joker(c):
        return NUM_RANKS
    r = rank_of(c)
    return 12 - r if rev else r


class DaifugoEncoder:
    """The Dai Fugō features (see the module's docstring)."""

    version = VERSION
    size = SIZE

    def encode(self, view: View, actions: Sequence[Action]) -> list[list[int]]:
        """For each of ``actions``, the indices of its features."""
        if not isinstance(view, DaifugoView):
            raise TypeError(f"Dai Fugō features read a Dai Fugō view, not {type(view).__name__}")
        reading = Reading(view)
        out = []
        for a in actions:
            assert isinstance(a, DaifugoAction)
            out.append(reading.features(a))
        return out


class Reading:
    """What the features need from one view, read once for all its actions."""

    def __init__(self, view: DaifugoView) -> None:
        b = view.table_bits()
        self.rev = b.revolution != b.jack_back
        self.hand = b.hand
        # the cards held of each rank: two packs' second copies too (docs/daifugo.md,
        # "The double deck"; one pack's hands hold none)
        self.held = [rank_count(b.hand, r) for r in range(NUM_RANKS)]
        self.jokers = jokers_in(b.hand)
        self.cards = b.hand.bit_count()
        self.mine = size_bucket(self.cards)
        others = [c for s, c in enumerate(b.counts) if s != b.seat and c > 0]
        self.danger = opponent_bucket(min(others)) if others else OPPONENTS - 1
        self.table = b.table
        self.phase = GIVES if b.phase == "exchange" else LEADS if b.table is None else FOLLOWS
        self.players = min(len(b.counts), 8) - 3
        self.eight_cut = bool(view.rules.eight_cut)
        self.top_rank = 0 if self.rev else NUM_RANKS - 1
        self.club = choose(view, Random(0)) if len(view.legal_actions()) > 1 else None
        unseen = take(pack(view.rules.jokers, view.rules.decks), put(b.hand, b.played))
        #: the cards of each rank this seat has not seen, and the jokers
        self.unseen = [rank_count(unseen, r) for r in range(NUM_RANKS)]
        self.unseen_jokers = jokers_in(unseen)
        self.owner = int(b.table_seat == b.seat)
        self.band = 0 if self.cards <= 3 else 1 if self.cards <= 6 else 2

    def features(self, a: DaifugoAction) -> list[int]:
        """The indices of ``a``'s features."""
        do = a.do
        phase = GIVES if do in ("give", "seven_pass", "discard") else self.phase
        f = [AT["do"] + (_DO.get(do, 0) * 3 + phase) * 6 + self.players]
        if self.club is not None and a == self.club:
            f.append(AT["club"] + phase * SIZES + self.mine)
            f.append(AT["club"] + 3 * SIZES)
        if do == "play":
            m = meld_of_action(a)
            if m is not None:
                self._play(f, m)
        elif do == "pass":
            self._pass(f)
            f.append(AT["owner"] + self.owner * 2)
        elif a.cards and do in _DO:  # an ask (card_request) is told apart by "club" only
            kind = DOS.index(do) - 2
            for tok in a.cards:
                c = parse_card(tok)
                broken = not is_joker(c) and self.held[rank_of(c)] >= 2
                f.append(AT["give"] + ((card_strength(c, self.rev) * 3 + kind) * 2) + broken)
        return f

    def _pass(self, f: list[int]) -> None:
        t = self.table
        if t is not None:
            s = play_strength(t, self.rev)
            f.append(AT["pass"] + play_class(t) * 3 + (0 if s < 5 else 1 if s < 10 else 2))
        f.append(AT["pass"] + CLASSES * 3 + self.mine * OPPONENTS + self.danger)

    def _sure(self, m: Meld) -> int:
        """1 if no group of the unseen cards (their jokers included) can beat group ``m``
        by rank (sequences, and the rules that let lower plays win, are not counted)."""
        if m.kind != GROUP:
            return 0
        s = play_strength(m, self.rev)
        for r in range(NUM_RANKS):
            strength = 12 - r if self.rev else r
            if strength > s and self.unseen[r] + self.unseen_jokers >= m.size:
                return 0
        return int(s < NUM_RANKS or self.unseen_jokers < m.size)

    def _play(self, f: list[int], m: Meld) -> None:
        follow = int(self.phase == FOLLOWS)
        cls = play_class(m)
        f.append(AT["owner"] + self.owner * 2 + 1)
        f.append(AT["sure"] + ((cls * 2 + self._sure(m)) * 2 + follow) * 3 + self.band)
        s = play_strength(m, self.rev)
        band = 0 if s < 5 else 1 if s < 10 else 2
        f.append(AT["strength"] + (cls * STRENGTHS + s) * 2 + follow)
        f.append(AT["size"] + (cls * SIZES + self.mine) * 2 + follow)
        f.append(AT["danger"] + ((cls * 3 + band) * OPPONENTS + self.danger) * 2 + follow)
        if follow and self.table is not None:
            climb = s - play_strength(self.table, self.rev)
            f.append(AT["climb"] + cls * 5 + max(0, min(climb - 1, 4)))
        used = m.naturals.bit_count() + m.jokers
        if used >= self.cards:
            f.append(AT["out"] + follow)
        held = list(self.held)
        splits = 0
        for r in range(NUM_RANKS):
            took = rank_count(m.naturals, r)
            if took:
                held[r] -= took
                splits += held[r] > 0
        f.append(AT["split"] + min(splits, 2) * 2 + follow)
        f.append(AT["jokers"] + min(m.jokers, 2) * 2 + follow)
        if self.eight_cut and m.kind == GROUP and m.rank == EIGHT:
            f.append(AT["eight"] + follow)
        jokers = self.jokers - m.jokers
        groups = sum(1 for n in held if n) + (1 if jokers > 0 else 0)
        loose = sum(1 for n in held if n == 1)
        controls = jokers + held[self.top_rank]
        f.append(AT["groups"] + min(groups, 10) * 2 + follow)
        f.append(AT["loose"] + min(loose, 8) * 2 + follow)
        f.append(AT["controls"] + min(controls, 4) * 2 + follow)


def encoder() -> DaifugoEncoder:
    """The Dai Fugō features."""
    return DaifugoEncoder()
