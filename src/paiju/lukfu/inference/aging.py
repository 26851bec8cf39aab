"""Which of a seat's cards are aged now, fast, from the true position.

The reference is :func:`paiju.lukfu.inference.aged.aged_cards` on the seat's knowledge; these
answers are the same (tested in tests/lukfu/test_fast_paths.py and the property tests),
only quicker: they use the true deal as one consistent deal before searching, and are
remembered for the position. The options read are ``aged_knowledge``, ``surrender`` and
``declare_counts_aged`` (docs/lukfu.md, docs/lukfu-aged.md).
"""

from __future__ import annotations

from typing import Final

from paiju.lukfu.engine.cards import INITIALLY_AGED, SUIT_MASK, SUITS, Card, mask
from paiju.lukfu.engine.melds import has_beating
from paiju.lukfu.engine.position import Position
from paiju.lukfu.inference.inference import can_hold, problem
from paiju.lukfu.inference.knowledge import DISCARD, Knowledge, held_at_surrender
from paiju.lukfu.rules import DEDUCED, Rules

_ALWAYS: Final = mask(INITIALLY_AGED)


class Aging:
    """Aged cards and declaring under one option set, asked about a position."""

    def __init__(self, rules: Rules) -> None:
        self.surrender = rules.surrender
        self.deduced = rules.aged_knowledge == DEDUCED
        self.counts_aged = rules.declare_counts_aged

    def knowledge(self, p: Position, seat: int) -> Knowledge:
        """What active ``seat`` knows now (others' face-down discards hidden)."""
        if seat not in (0, 1, 2):
            raise ValueError(f"only active seats 0, 1, 2 reason about aged cards, not {seat}")
        return Knowledge(
            seat, p.players, p.hands[seat], p.hand_counts(), tuple(p.seen[seat]),
            self.surrender,
        )

    def aged(self, p: Position, seat: int) -> int:
        """The bitset of ``seat``'s cards that are aged now.

        Equal to :func:`paiju.lukfu.inference.aged.aged_cards` on the seat's knowledge (the
        reference, tested for agreement), computed suit by suit with :meth:`aged_in_suit`.
        """
        out = p.hands[seat] & _ALWAYS
        for s in SUITS:
            out |= self.aged_in_suit(p, seat, s)
        return out

    def aged_in_suit(self, p: Position, seat: int, suit: int) -> int:
        """``seat``'s aged cards of ``suit``, apart from the nines and 1 Sip, 1 Chen.

        A card is aged when no unknown higher card of its suit may lie in an opponent's
        hand. Under ``face_up`` the unknown cards are those neither held nor seen face up.
        Under ``deduced`` (the seat's own face-down discards are known too) the unknown
        cards are tried from the top down: one that an opponent really holds may be held;
        so may one that a swap with a card of an opponent's hand puts there in a deal
        still consistent with the play; only when both fail is the exact search of
        :mod:`paiju.lukfu.inference.inference` asked. The answer is the same (tested): only the time
        differs.
        """
        hand = p.hands[seat]
        cand = hand & SUIT_MASK[suit] & ~_ALWAYS
        if not cand:
            return 0
        memo = p.aged_memo()
        key = 4 * seat + suit
        found = memo[key]
        if found >= 0:
            return found
        lowest = cand & -cand
        known = hand | p.face_up
        if self.deduced:
            known |= p.discarded[seat]
        unknown = SUIT_MASK[suit] & ~known & ~((lowest << 1) - 1)
        threat = -1
        if unknown and not self.deduced:
            threat = unknown.bit_length() - 1
        elif unknown:
            held = unknown & (p.hands[(seat + 1) % 3] | p.hands[(seat + 2) % 3])
            if not p.truth_consistent:
                held = 0
            floor = held.bit_length() - 1
            above = unknown & ~((2 << floor) - 1) if floor >= 0 else unknown
            threat = floor
            while above:
                h = above.bit_length() - 1
                if self.may_be_held(p, seat, h):
                    threat = h
                    break
                above ^= 1 << h
        found = cand if threat < 0 else cand & ~((2 << threat) - 1)
        memo[key] = found
        return found

    def may_be_held(self, p: Position, seat: int, h: Card) -> bool:
        """Whether a deal consistent with ``seat``'s knowledge gives ``h`` to an opponent."""
        others = [o for o in ((seat + 1) % 3, (seat + 2) % 3)
                  if p.hands[o] and not self.excluded(p, o, h)]
        if not others:
            return False
        if p.truth_consistent:
            for o in others:
                if self.swap_witness(p, o, h):
                    return True
        search = problem(self.knowledge(p, seat))
        return can_hold(search, h, 0) or can_hold(search, h, 1)

    def excluded(self, p: Position, o: int, h: Card) -> bool:
        """Whether one of seat ``o``'s surrenders shows it cannot hold ``h`` now: ``h``
        with the cards ``o`` played face up afterwards would have made a beating meld.

        The cards a surrender speaks for (:func:`~paiju.lukfu.inference.knowledge.proven_from`) are
        the same under both rules here: only the discard's own cards differ, and they are
        face down, unknown to the seat asking."""
        held = 1 << h
        events = p.events
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if e.seat != o:
                continue
            if e.kind != DISCARD:
                held |= e.cards
            else:
                assert e.top is not None
                if has_beating(held, e.top):
                    return True
        return False

    def swap_witness(self, p: Position, o: int, h: Card) -> bool:
        """Whether swapping ``h`` (face down, or the dreamer's) with a card of seat ``o``'s hand
        gives a deal that still obeys the surrender rule everywhere."""
        where = -1
        if h != p.dreamer_card:
            where = next(i for i, e in enumerate(p.events)
                         if e.kind == DISCARD and e.cards >> h & 1)
        owner = p.events[where].seat if where >= 0 else -1
        hand = p.hands[o]
        bit = 1 << h
        rest = hand
        while rest:  # each card x of the hand, lowest first
            x = rest & -rest
            rest ^= x
            swapped = p.events[where].cards ^ bit ^ x if where >= 0 else 0
            if not self.obeys_surrender(p, o, hand ^ x ^ bit, where, swapped):
                continue
            if owner in (-1, o) or self.obeys_surrender(p, owner, p.hands[owner], where,
                                                        swapped):
                return True
        return False

    def obeys_surrender(self, p: Position, seat: int, hand: int, where: int = -1,
                        swapped: int = 0) -> bool:
        """Whether ``seat``, holding ``hand`` now and the play at event index ``where``
        made with ``swapped`` in place of its true cards, could have made each of its
        face-down discards."""
        surrender = self.surrender
        held = hand
        events = p.events
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if e.seat != seat:
                continue
            cards = swapped if i == where else e.cards
            if e.kind == DISCARD:
                assert e.top is not None
                if has_beating(held_at_surrender(surrender, held | cards, cards), e.top):
                    return False
            held |= cards
        return True

    def can_declare(self, p: Position, seat: int) -> bool:
        """Whether ``seat``, as leader, has six: tricks plus aged cards in hand."""
        tricks = p.tricks[seat]
        if tricks >= 6:
            return True
        if not self.counts_aged:
            return False
        hand = p.hands[seat]
        if tricks + hand.bit_count() < 6 or tricks + self.aged_at_most(p, seat) < 6:
            return False
        return tricks + self.aged(p, seat).bit_count() >= 6

    def aged_at_most(self, p: Position, seat: int) -> int:
        """A cheap upper bound on how many of ``seat``'s cards are aged.

        Under ``deduced``, a card below an unknown card that an opponent really holds is
        not aged (the true deal is a consistent deal), whatever else is deduced.
        """
        hand = p.hands[seat]
        if not self.deduced or not p.truth_consistent:
            return hand.bit_count()
        opp = p.hands[(seat + 1) % 3] | p.hands[(seat + 2) % 3]
        threats = opp & ~hand & ~p.face_up & ~p.discarded[seat]
        most = (hand & _ALWAYS).bit_count()
        for s in SUITS:
            cand = hand & SUIT_MASK[s] & ~_ALWAYS
            if cand:
                held = threats & SUIT_MASK[s]
                most += (cand & ~((2 << held.bit_length() - 1) - 1) if held else cand).bit_count()
        return most
