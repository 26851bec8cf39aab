"""One hand of Luk Fu as a state machine, from the deal to the payments.

Seats 0, 1 and 2 are the active players in order of play; seat 0 (the Tiu Ga, Master)
leads first. With four players seat 3 is the dreamer: one card, never acts. The phases:

1. the Five Tigers window (four players, only when an active seat holds the four 1s and
   Li Chen): the holder claims (``five_tigers``) or declines (``pass``);
2. calling: seats 0, 1, 2 in turn ``call`` or ``pass`` (under ``master_call=lead`` the
   Master's call is his first lead);
3. rounds: the leader may ``declare`` (tricks + aged cards in hand >= 6) or leads a meld;
   each follower plays a meld that beats the highest one so far, or ``discard``\\ s as
   many cards face down, under the ``surrender`` rule;
4. the end: a declared win, the cards running out (``cards_out``), nobody calling, or
   the Five Tigers; then the payments (:mod:`paiju.lukfu.scoring`).

Every rule is documented with its source in docs/lukfu.md. Cards are bitsets.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from itertools import combinations
from random import Random
from typing import TYPE_CHECKING, Any, overload

from paiju.core.errors import IllegalAction
from paiju.core.protocol import Result
from paiju.lukfu import aged
from paiju.lukfu.cards import (
    FIVE_TIGERS,
    INITIALLY_AGED,
    LI_CHEN,
    SUIT_MASK,
    SUIT_NAMES,
    SUITS,
    Card,
    cards_of,
    mask,
    name,
    pack,
    sort_key,
    spoken,
    suit_of,
)
from paiju.lukfu.inference import can_hold, problem
from paiju.lukfu.knowledge import BEAT, DISCARD, LEAD, STRICT, Event, Knowledge
from paiju.lukfu.melds import (
    MELDS,
    SINGLE,
    Meld,
    beater_masks,
    beating_melds,
    has_beating,
    meld_of,
    melds_in,
)
from paiju.lukfu.rules import DEDUCED, Rules
from paiju.lukfu.scoring import (
    dreamer_value,
    five_tigers_value,
    matches,
    settle,
    win_value,
)

CALL, PASS, PLAY, DISCARD_DO, DECLARE, FIVE_TIGERS_DO = (
    "call", "pass", "play", "discard", "declare", "five_tigers",
)
DOS = (CALL, PASS, PLAY, DISCARD_DO, DECLARE, FIVE_TIGERS_DO)

WINDOW, CALLING, LEADING, FOLLOWING, OVER = "five_tigers", "calling", "lead", "follow", "over"
WIN, DRAW, NO_CALL, TIGERS = "win", "draw", "no_call", "five_tigers"

if TYPE_CHECKING:
    from paiju.lukfu.view import LukFuView

_FT_MASK = mask(FIVE_TIGERS)
_ALWAYS = mask(INITIALLY_AGED)
DREAMER = 3


class LukFuAction(tuple[int, str, int]):
    """One decision: ``seat``, what it does (``do``) and the ``cards`` bitset (0 if none).

    An immutable value (a tuple underneath, so that the many actions of a position are
    cheap to build, hash and compare).
    """

    __slots__ = ()

    def __new__(cls, seat: int, do: str, cards: int = 0) -> LukFuAction:
        return tuple.__new__(cls, (seat, do, cards))

    def __getnewargs__(self) -> tuple[int, str, int]:
        return (self[0], self[1], self[2])

    @property
    def seat(self) -> int:
        return self[0]

    @property
    def do(self) -> str:
        return self[1]

    @property
    def cards(self) -> int:
        return self[2]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self[0], "do": self[1]}
        if self[2]:
            out["cards"] = [name(c) for c in sorted(cards_of(self[2]), key=sort_key)]
        return out

    def __repr__(self) -> str:
        return f"LukFuAction(seat={self[0]}, do={self[1]!r}, cards={self[2]})"

    def __str__(self) -> str:
        cards = " " + " ".join(self.to_json()["cards"]) if self[2] else ""
        return f"seat {self[0]}: {self[1]}{cards}"


_new = tuple.__new__


class LegalActions(Sequence[LukFuAction]):
    """The legal actions of a position, in a fixed order, built one by one when read.

    ``groups`` are ``(do, [cards bitsets])`` in order. A position may allow hundreds of
    discards; a player that picks one of them builds one action, not all.
    """

    __slots__ = ("_groups", "_len", "_seat")

    def __init__(self, seat: int, groups: tuple[tuple[str, list[int]], ...]) -> None:
        self._seat = seat
        self._groups = groups
        self._len = sum(len(cards) for _, cards in groups)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> LukFuAction: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[LukFuAction, ...]: ...

    def __getitem__(self, index: int | slice) -> LukFuAction | tuple[LukFuAction, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        i = index + self._len if index < 0 else index
        if not 0 <= i < self._len:
            raise IndexError("legal action index out of range")
        for do, cards in self._groups:
            if i < len(cards):
                return _new(LukFuAction, (self._seat, do, cards[i]))
            i -= len(cards)
        raise IndexError("legal action index out of range")  # pragma: no cover

    def __iter__(self) -> Iterator[LukFuAction]:
        seat = self._seat
        for do, cards in self._groups:
            for c in cards:
                yield _new(LukFuAction, (seat, do, c))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, LukFuAction) or action[0] != self._seat:
            return False
        return any(action[1] == do and action[2] in cards for do, cards in self._groups)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LegalActions, tuple, list)):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


def _words(cards: int | Sequence[Card]) -> str:
    """Cards in a sentence: ``4 Sok``, ``9 Sip and 1 Sip``, ``4 Sip, 4 Gon and 4 Sok``."""
    items = cards_of(cards) if isinstance(cards, int) else list(cards)
    spoken_items = [spoken(c) for c in sorted(items, key=sort_key)]
    if len(spoken_items) <= 1:
        return "".join(spoken_items)
    return ", ".join(spoken_items[:-1]) + " and " + spoken_items[-1]


def _subsets(hand: int, k: int) -> list[int]:
    """Every ``k``-card subset of ``hand`` as a bitset, in ascending lexicographic order."""
    bits = [1 << c for c in cards_of(hand)]
    if k == 1:
        return bits
    return list(map(sum, combinations(bits, k)))


class LukFuState:
    """A hand of Luk Fu. Build it with :func:`new_state` or :meth:`LukFuState.__init__`."""

    game = "lukfu"

    def __init__(
        self, rules: Rules, hands: Sequence[int], dreamer: int | None, window: bool = True
    ) -> None:
        self.rules = rules
        self.players = 3 if dreamer is None else 4
        self._full = mask(pack(self.players))
        self._strict = self.rules.surrender == STRICT
        self._deduced = self.rules.aged_knowledge == DEDUCED
        self.deal_hands: tuple[int, int, int] = (hands[0], hands[1], hands[2])
        self.dreamer_card = dreamer
        self.hands = list(self.deal_hands)
        self.actions: list[LukFuAction] = []
        self.phase = CALLING
        self.turn: int | None = 0
        self.caller: int | None = None
        self.privileged: int | None = None
        self.master_passed = False
        self.tricks = [0, 0, 0]
        self.won = [0, 0, 0]
        self.six_at = [-1, -1, -1]
        self.round = 0
        self.leader = 0
        self.top: Meld | None = None
        self.top_seat = -1
        self.in_round = 0
        self.events: list[Event] = []
        self.seen: list[list[Event]] = [[], [], []]
        self.face_up = 0
        self.face_down = 0
        self.discarded = [0, 0, 0]
        self.window_seat: int | None = None
        self.window_pass_index: int | None = None
        self.outcome: str | None = None
        self.winner: int | None = None
        self.count: int | None = None
        self.winning = 0
        self.declared_aged = 0
        self.payments: list[int] | None = None
        self._legal: tuple[int, LegalActions] | None = None
        # Aged cards of (seat, suit) at the position of ``_aged_at`` actions.
        self._aged_at = -1
        self._aged_suits: dict[tuple[int, int], int] = {}
        # Whether every face-down discard so far obeyed the surrender rule with the true
        # hands, so that the true deal is a consistent deal for every seat (always, unless
        # actions were replayed unchecked from a deal that breaks the rules).
        self.truth_consistent = True
        holder = next(
            (s for s in range(3) if self.players == 4 and hands[s] & _FT_MASK == _FT_MASK), None
        )
        if holder is not None and window:
            self.window_seat = holder
            if rules.five_tigers_claim == "automatic":
                self._five_tigers(holder)
            else:
                self.phase, self.turn = WINDOW, holder

    # ------------------------------------------------------------ protocol basics

    @property
    def num_seats(self) -> int:
        return self.players

    def to_move(self) -> int | None:
        return self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def clone(self) -> LukFuState:
        other = copy.copy(self)
        other.hands = list(self.hands)
        other.actions = list(self.actions)
        other.tricks = list(self.tricks)
        other.won = list(self.won)
        other.six_at = list(self.six_at)
        other.discarded = list(self.discarded)
        other.events = list(self.events)
        other.seen = [list(x) for x in self.seen]
        other.payments = None if self.payments is None else list(self.payments)
        other._aged_suits = dict(self._aged_suits)
        return other

    # ------------------------------------------------------------ knowledge and aged cards

    def hand_counts(self) -> tuple[int, int, int]:
        h = self.hands
        return (h[0].bit_count(), h[1].bit_count(), h[2].bit_count())

    def knowledge(self, seat: int) -> Knowledge:
        """What active ``seat`` knows now (others' face-down discards hidden)."""
        if seat not in (0, 1, 2):
            raise ValueError(f"only active seats 0, 1, 2 reason about aged cards, not {seat}")
        return Knowledge(
            seat, self.players, self.hands[seat], self.hand_counts(), tuple(self.seen[seat]),
            self.rules.surrender,
        )

    def aged(self, seat: int) -> int:
        """The bitset of ``seat``'s cards that are aged now.

        Equal to :func:`paiju.lukfu.aged.aged_cards` on the seat's knowledge (the reference,
        tested for agreement), computed suit by suit with :meth:`aged_in_suit`.
        """
        out = self.hands[seat] & _ALWAYS
        for s in SUITS:
            out |= self.aged_in_suit(seat, s)
        return out

    def aged_in_suit(self, seat: int, suit: int) -> int:
        """``seat``'s aged cards of ``suit``, apart from the nines and 1 Sip, 1 Chen.

        A card is aged when no unknown higher card of its suit may lie in an opponent's
        hand. Under ``face_up`` the unknown cards are those neither held nor seen face up.
        Under ``deduced`` (the seat's own face-down discards are known too) the unknown
        cards are tried from the top down: one that an opponent really holds may be held;
        so may one that a swap with a card of an opponent's hand puts there in a deal
        still consistent with the play; only when both fail is the exact search of
        :mod:`paiju.lukfu.inference` asked. The answer is the same (tested): only the time
        differs.
        """
        hand = self.hands[seat]
        cand = hand & SUIT_MASK[suit] & ~_ALWAYS
        if not cand:
            return 0
        pos = len(self.actions)
        if self._aged_at != pos:
            self._aged_at = pos
            self._aged_suits = {}
        key = (seat, suit)
        found = self._aged_suits.get(key)
        if found is not None:
            return found
        lowest = cand & -cand
        known = hand | self.face_up
        if self._deduced:
            known |= self.discarded[seat]
        unknown = SUIT_MASK[suit] & ~known & ~((lowest << 1) - 1)
        threat = -1
        if unknown and not self._deduced:
            threat = unknown.bit_length() - 1
        elif unknown:
            held = unknown & (self.hands[(seat + 1) % 3] | self.hands[(seat + 2) % 3])
            if not self.truth_consistent:
                held = 0
            floor = held.bit_length() - 1
            above = unknown & ~((2 << floor) - 1) if floor >= 0 else unknown
            threat = floor
            while above:
                h = above.bit_length() - 1
                if self._may_be_held(seat, h):
                    threat = h
                    break
                above ^= 1 << h
        found = cand if threat < 0 else cand & ~((2 << threat) - 1)
        self._aged_suits[key] = found
        return found

    def _may_be_held(self, seat: int, h: Card) -> bool:
        """Whether a deal consistent with ``seat``'s knowledge gives ``h`` to an opponent."""
        others = [o for o in ((seat + 1) % 3, (seat + 2) % 3)
                  if self.hands[o] and not self._excluded(o, h)]
        if not others:
            return False
        if self.truth_consistent:
            for o in others:
                if self._swap_witness(o, h):
                    return True
        k = self.knowledge(seat)
        p = problem(k)
        return can_hold(p, h, 0) or can_hold(p, h, 1)

    def _excluded(self, o: int, h: Card) -> bool:
        """Whether one of seat ``o``'s surrenders shows it cannot hold ``h`` now: ``h``
        with the cards ``o`` played face up afterwards would have made a beating meld."""
        held = 1 << h
        events = self.events
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

    def _swap_witness(self, o: int, h: Card) -> bool:
        """Whether swapping ``h`` (face down, or the dreamer's) with a card of seat ``o``'s hand
        gives a deal that still obeys the surrender rule everywhere."""
        where = -1
        if h != self.dreamer_card:
            where = next(i for i, e in enumerate(self.events)
                         if e.kind == DISCARD and e.cards >> h & 1)
        owner = self.events[where].seat if where >= 0 else -1
        hand = self.hands[o]
        for x in cards_of(hand):
            changed = {where: self.events[where].cards ^ (1 << h) ^ (1 << x)} if where >= 0 else {}
            if not self._obeys_surrender(o, hand ^ (1 << x) ^ (1 << h), changed):
                continue
            if owner in (-1, o) or self._obeys_surrender(owner, self.hands[owner], changed):
                return True
        return False

    def _obeys_surrender(self, seat: int, hand: int, changed: dict[int, int]) -> bool:
        """Whether ``seat``, holding ``hand`` now and the plays of ``changed`` (event index:
        cards) in place of the true ones, could have made each of its face-down discards."""
        strict = self._strict
        held = hand
        events = self.events
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if e.seat != seat:
                continue
            cards = changed.get(i, e.cards)
            if e.kind == DISCARD:
                assert e.top is not None
                if strict:
                    held |= cards
                if has_beating(held, e.top):
                    return False
                if not strict:
                    held |= cards
            else:
                held |= cards
        return True

    def can_declare(self, seat: int) -> bool:
        """Whether ``seat``, as leader, has six: tricks plus aged cards in hand."""
        tricks = self.tricks[seat]
        if tricks >= 6:
            return True
        if not self.rules.declare_counts_aged:
            return False
        hand = self.hands[seat]
        if tricks + hand.bit_count() < 6 or tricks + self._aged_at_most(seat) < 6:
            return False
        return tricks + self.aged(seat).bit_count() >= 6

    def _aged_at_most(self, seat: int) -> int:
        """A cheap upper bound on how many of ``seat``'s cards are aged.

        Under ``deduced``, a card below an unknown card that an opponent really holds is
        not aged (the true deal is a consistent deal), whatever else is deduced.
        """
        hand = self.hands[seat]
        if not self._deduced or not self.truth_consistent:
            return hand.bit_count()
        opp = self.hands[(seat + 1) % 3] | self.hands[(seat + 2) % 3]
        threats = opp & ~hand & ~self.face_up & ~self.discarded[seat]
        most = (hand & _ALWAYS).bit_count()
        for s in SUITS:
            cand = hand & SUIT_MASK[s] & ~_ALWAYS
            if cand:
                held = threats & SUIT_MASK[s]
                most += (cand & ~((2 << held.bit_length() - 1) - 1) if held else cand).bit_count()
        return most

    def explain_aged(self, seat: int, c: Card) -> str:
        """Why card ``c`` in ``seat``'s hand is (or is not) aged, in a player's words."""
        return aged.explain_aged(self.knowledge(seat), self.rules.aged_knowledge, c)

    def declare_count(self, seat: int) -> int:
        """Tricks won plus (under ``declare_counts_aged``) aged cards in hand."""
        extra = self.aged(seat).bit_count() if self.rules.declare_counts_aged else 0
        return self.tricks[seat] + extra

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> Sequence[LukFuAction]:
        pos = len(self.actions)
        legal = self._legal
        if legal is None or legal[0] != pos:
            legal = self._legal = (pos, self._generate())
        return legal[1]

    def _generate(self) -> LegalActions:
        seat = self.turn
        if seat is None:
            return LegalActions(0, ())
        phase = self.phase
        if phase == FOLLOWING:
            return self._follow_actions(seat)
        if phase == LEADING:
            return self._lead_actions(seat)
        if phase == WINDOW:
            return LegalActions(seat, ((FIVE_TIGERS_DO, [0]), (PASS, [0])))
        if seat == 0 and self.rules.master_call == "lead":
            return LegalActions(0, ((PASS, [0]), *self._lead_actions(0)._groups))
        return LegalActions(seat, ((CALL, [0]), (PASS, [0])))

    def _is_privileged(self, seat: int) -> bool:
        if self.phase == CALLING:  # the Master leading at once under master_call=lead
            return self.rules.privileged == "caller"
        return seat == self.privileged

    def _lead_actions(self, seat: int) -> LegalActions:
        plays = (PLAY, [m.cards for m in self._lead_melds(seat)])
        if self.can_declare(seat):
            return LegalActions(seat, ((DECLARE, [0]), plays))
        return LegalActions(seat, (plays,))

    def _lead_melds(self, seat: int) -> list[Meld]:
        hand = self.hands[seat]
        singles = self._allowed_singles(seat, hand)
        melds = [m for m in melds_in(hand) if m.kind != SINGLE or m.cards & singles]
        passed = seat == 0 and self.master_passed
        if passed and self.rules.passed_master_lead == "no_four":
            melds = [m for m in melds if m.size < 4]
        elif passed and self.rules.passed_master_lead == "beatable" and self.round == 0:
            outside = self._full & ~hand
            beatable = [m for m in melds if has_beating(outside, m)]
            melds = beatable or melds
        return melds

    def _categories(self, hand: int, aged_cards: int) -> list[int]:
        cats = []
        for s in SUITS:
            in_suit = hand & SUIT_MASK[s]
            cats.append(in_suit & ~aged_cards)
            cats.append(in_suit & aged_cards)
        cats.append(hand & (1 << LI_CHEN))
        return cats

    def _allowed_singles(self, seat: int, hand: int) -> int:
        """The bitset of the cards ``seat`` may lead as a single now."""
        if self.round == 0 and self.rules.opening_lead == "free":
            return hand
        privileged = self._is_privileged(seat)
        if self.rules.lead_rule == "categories" and not privileged:
            # Only the highest suit held matters: its non-aged cards, else its aged ones.
            for s in SUITS:
                in_suit = hand & SUIT_MASK[s]
                if in_suit:
                    aged_here = (in_suit & _ALWAYS) | self.aged_in_suit(seat, s)
                    return in_suit & ~aged_here or in_suit
            return hand
        aged_cards = self.aged(seat)
        if self.rules.lead_rule == "categories":
            first = next((c for c in self._categories(hand, aged_cards) if c), 0)
            return first | aged_cards
        non_old = hand & ~aged_cards & ~(1 << LI_CHEN)
        if not non_old:
            return hand
        suit = suit_of(_lowest(non_old))
        allowed = non_old & SUIT_MASK[suit]
        return allowed | (aged_cards if privileged else 0)

    def _follow_actions(self, seat: int) -> LegalActions:
        top = self.top
        assert top is not None
        hand = self.hands[seat]
        beats = [m for m in beater_masks(top) if m & hand == m]
        if not beats:
            discards = _subsets(hand, top.size)
        elif self._strict:
            discards = []
        elif top.kind == SINGLE:
            # the discard must take every beating card: only one card can be discarded
            discards = beats if len(beats) == 1 else []
        else:
            # the discard must take a card of every beating meld held
            discards = _subsets(hand, top.size)
            for b in beats:
                discards = [d for d in discards if d & b]
        return LegalActions(seat, ((PLAY, beats), (DISCARD_DO, discards)))

    # ------------------------------------------------------------ checking and applying

    def why_illegal(self, action: Any) -> str | None:
        if not isinstance(action, LukFuAction):
            return f"{action!r} is not a Luk Fu action"
        if self._allows(action):
            return None
        return self._diagnose(action)

    def _allows(self, a: LukFuAction) -> bool:
        """Whether ``a`` is legal now: exactly when it is in :meth:`legal_actions` (tested)."""
        legal = self._legal
        if legal is not None and legal[0] == len(self.actions):
            return a in legal[1]
        return self.allows_by_rule(a)

    def allows_by_rule(self, a: LukFuAction) -> bool:
        """Whether ``a`` is legal now, by the rules for one action (not by listing them all)."""
        seat, do, cards = a
        if seat != self.turn:
            return False
        phase = self.phase
        if phase == FOLLOWING:
            top = self.top
            assert top is not None
            hand = self.hands[seat]
            if cards & ~hand or cards.bit_count() != top.size:
                return False
            if do == PLAY:
                meld = MELDS.get(cards)
                return meld is not None and meld.beats(top)
            if do != DISCARD_DO:
                return False
            if self._strict:
                return not has_beating(hand, top)
            return not has_beating(hand & ~cards, top)
        if phase == WINDOW:
            return do in (FIVE_TIGERS_DO, PASS) and not cards
        if phase == CALLING and not (seat == 0 and self.rules.master_call == "lead"):
            return do in (CALL, PASS) and not cards
        if do == PASS and phase == CALLING:
            return not cards
        if do == DECLARE:
            return not cards and self.can_declare(seat)
        if do != PLAY:
            return False
        hand = self.hands[seat]
        meld = MELDS.get(cards)
        if meld is None or cards & ~hand:
            return False
        if meld.kind == SINGLE and not cards & self._allowed_singles(seat, hand):
            return False
        if seat == 0 and self.master_passed:
            if self.rules.passed_master_lead == "no_four":
                return meld.size < 4
            if self.rules.passed_master_lead == "beatable" and self.round == 0:
                outside = self._full & ~hand
                if has_beating(outside, meld):
                    return True
                return not any(has_beating(outside, m) for m in self._lead_melds_unfiltered(seat))
        return True

    def _lead_melds_unfiltered(self, seat: int) -> list[Meld]:
        hand = self.hands[seat]
        singles = self._allowed_singles(seat, hand)
        return [m for m in melds_in(hand) if m.kind != SINGLE or m.cards & singles]

    def apply(self, action: Any) -> None:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._do(action)

    def _do(self, a: LukFuAction) -> None:
        """Play ``a`` without checking it (it was checked, or is replayed from a sample)."""
        seat, do, cards = a
        index = len(self.actions)
        self.actions.append(a)
        phase = self.phase
        if phase == FOLLOWING:
            top = self.top
            if do == PLAY:
                meld = MELDS[cards]
                self._event(seat, BEAT, cards, top)
                self.top, self.top_seat = meld, seat
            else:
                self._event(seat, DISCARD, cards, top)
            self.in_round += 1
            if self.in_round < 3:
                self.turn = (seat + 1) % 3
                return
            self._end_round()
            return
        if phase == WINDOW:
            if do == FIVE_TIGERS_DO:
                self._five_tigers(seat)
            else:
                self.window_pass_index = index
                self.phase, self.turn = CALLING, 0
            return
        if phase == CALLING:
            if do == PASS:
                if seat == 0:
                    self.master_passed = True
                if seat == 2:
                    self._end(NO_CALL)
                else:
                    self.turn = seat + 1
                return
            self.caller = seat
            if self.rules.privileged == "caller" or seat != 0:
                self.privileged = seat
            self.phase, self.turn, self.leader = LEADING, 0, 0
            if do == CALL:
                return
        if do == DECLARE:
            self._declare(seat)
            return
        meld = MELDS[cards]
        self._event(seat, LEAD, cards, None)
        self.top, self.top_seat, self.in_round = meld, seat, 1
        self.phase, self.turn = FOLLOWING, (seat + 1) % 3

    def _event(self, seat: int, kind: str, cards: int, top: Meld | None) -> None:
        n = cards.bit_count()
        rnd = self.round + 1
        full = Event(rnd, seat, kind, n, cards, top)
        self.events.append(full)
        before = self.hands[seat]
        self.hands[seat] = before & ~cards
        seen = self.seen
        if kind == DISCARD:
            assert top is not None
            kept = before if self._strict else before & ~cards
            if has_beating(kept, top):
                self.truth_consistent = False
            self.face_down |= cards
            self.discarded[seat] |= cards
            hidden = Event(rnd, seat, kind, n, 0, top)
            seen[0].append(full if seat == 0 else hidden)
            seen[1].append(full if seat == 1 else hidden)
            seen[2].append(full if seat == 2 else hidden)
        else:
            self.face_up |= cards
            seen[0].append(full)
            seen[1].append(full)
            seen[2].append(full)

    def _end_round(self) -> None:
        top = self.top
        assert top is not None
        w = self.top_seat
        self.tricks[w] += top.size
        self.won[w] |= top.cards
        if self.tricks[w] >= 6 and self.six_at[w] < 0:
            self.six_at[w] = self.round
        self.round += 1
        self.top, self.top_seat, self.in_round = None, -1, 0
        if not any(self.hands):
            self._cards_out(w)
            return
        self.phase, self.turn, self.leader = LEADING, w, w

    def _cards_out(self, last: int) -> None:
        if self.rules.cards_out == "leader":
            if self.tricks[last] >= 6:
                self._win(last, self.tricks[last], self.won[last])
            else:
                self._end(DRAW)
            return
        sixes = [s for s in range(3) if self.tricks[s] >= 6]
        if not sixes:
            self._end(DRAW)
            return
        w = max(sixes, key=lambda s: self.six_at[s])
        self._win(w, self.tricks[w], self.won[w])

    def _declare(self, seat: int, shown: int | None = None) -> None:
        """``seat`` wins with its tricks and aged cards (``shown``: as a replay saw them)."""
        counts_aged = self.rules.declare_counts_aged
        held = shown if shown is not None else self.aged(seat) if counts_aged else 0
        self.declared_aged = held
        self._win(seat, self.tricks[seat] + held.bit_count(), self.won[seat] | held)

    def _win(self, seat: int, count: int, winning: int) -> None:
        value = win_value(self.rules.tariff, count, winning, self.rules.red_bonus)
        d_amount, d_seat = 0, None
        if self.dreamer_card is not None:
            d_seat = DREAMER
            m = matches(self.dreamer_card, winning, self.rules.li_chen_is_ace)
            d_amount = dreamer_value(self.rules.dreamer_income, self.rules.tariff, m)
        self.winner, self.count, self.winning = seat, count, winning
        self.payments = settle(self.players, seat, value, d_seat, d_amount, self.privileged)
        self._end(WIN)

    def _five_tigers(self, seat: int) -> None:
        count, value = five_tigers_value(self.rules.tariff, self.rules.five_tigers_value)
        self.winner, self.count, self.winning = seat, count, _FT_MASK
        self.payments = settle(self.players, seat, value, None, 0, self.privileged)
        self._end(TIGERS)

    def _end(self, outcome: str) -> None:
        self.outcome = outcome
        if self.payments is None:
            self.payments = [0] * self.players
        self.phase, self.turn = OVER, None

    # ------------------------------------------------------------ reasons

    def _diagnose(self, a: LukFuAction) -> str:
        if a.do not in DOS:
            return f"{a.do!r} is not a Luk Fu action; actions are {', '.join(DOS)}"
        if self.phase == OVER:
            return f"the hand is over ({self._outcome_words()}); no more actions"
        if a.seat == DREAMER and self.players == 4:
            return "the dreamer (seat 3) holds one card and never acts"
        if a.seat not in (0, 1, 2):
            return f"there is no seat {a.seat} in a {self.players}-player hand"
        turn = self.turn
        assert turn is not None
        if a.do == FIVE_TIGERS_DO and self.phase != WINDOW:
            if self.hands[a.seat] & _FT_MASK != _FT_MASK:
                return "you do not hold the Five Tigers (1 Sip, 1 Gon, 1 Sok, 1 Chen, Li Chen)"
            return "the Five Tigers may be claimed only straight after the deal"
        if a.seat != turn:
            return f"it is seat {turn}'s turn to {self._what(turn)}, not seat {a.seat}'s"
        if self.phase == WINDOW:
            return (
                f"seat {a.seat} holds the Five Tigers and first claims them (five_tigers) or "
                "declines (pass)"
            )
        if self.phase == CALLING:
            return self._diagnose_calling(a)
        if a.do in (CALL, PASS):
            return "the calling is over: you must " + self._what(a.seat)
        if self.phase == LEADING:
            return self._diagnose_lead(a)
        return self._diagnose_follow(a)

    def _what(self, seat: int) -> str:
        if self.phase == WINDOW:
            return "claim or decline the Five Tigers"
        if self.phase == CALLING:
            if seat == 0 and self.rules.master_call == "lead":
                return "lead or pass"
            return "call or pass"
        if self.phase == LEADING:
            return "lead"
        assert self.top is not None
        return f"beat the {self.top.describe()} or discard {self.top.size}"

    def _diagnose_calling(self, a: LukFuAction) -> str:
        if a.seat == 0 and self.rules.master_call == "lead":
            if a.do == CALL:
                return (
                    "under these rules the Master does not say Play: he makes his first lead "
                    "(or passes)"
                )
            if a.do in (PLAY, DECLARE):
                return self._diagnose_lead(a)
        if a.do == DECLARE:
            return "only the leader may declare, at the start of a round; first call or pass"
        return f"nobody has led yet: seat {a.seat} must {self._what(a.seat)}"

    def _holding(self, cards: int, seat: int) -> str | None:
        missing = cards & ~self.hands[seat]
        if missing:
            return f"you do not hold {_words(missing)}"
        return None

    def _diagnose_lead(self, a: LukFuAction) -> str:
        seat = a.seat
        if a.do == DISCARD_DO:
            return "the leader plays a meld; only a follower may discard"
        if a.do == DECLARE:
            count = self.tricks[seat]
            held = self.aged(seat) if self.rules.declare_counts_aged else 0
            aged_words = f" and {held.bit_count()} aged card(s) in hand" if held else ""
            if held:
                aged_words += f" ({_words(held)})"
            return (
                f"you have {count} trick(s){aged_words}: {count + held.bit_count()}, short of "
                "the six needed to declare"
            )
        if not a.cards:
            return "a lead needs cards"
        missing = self._holding(a.cards, seat)
        if missing:
            return missing
        meld = meld_of(a.cards)
        if meld is None:
            return (
                f"{_words(a.cards)} is not a meld: lead a single card, a Gok (three or four of "
                "a number) or a run (three or more in a row in one suit); Li Chen joins no meld"
            )
        hand = self.hands[seat]
        if meld.kind == SINGLE and not a.cards & self._allowed_singles(seat, hand):
            return self._single_reason(seat, a.cards.bit_length() - 1)
        if seat == 0 and self.master_passed:
            if self.rules.passed_master_lead == "no_four" and meld.size >= 4:
                return (
                    "you passed, so as Master you may never lead a set of four or a run of "
                    "four or more"
                )
            if self.rules.passed_master_lead == "beatable" and self.round == 0:
                return (
                    f"another seat said Tsoh, so your opening lead must be one an opponent "
                    f"could beat; nobody else can hold a meld that beats the {meld.describe()}"
                )
        return "that lead is not allowed now"

    def _single_reason(self, seat: int, c: Card) -> str:
        hand = self.hands[seat]
        aged_cards = self.aged(seat)
        is_aged = bool(aged_cards >> c & 1)
        label = ("the aged " if is_aged else "") + spoken(c)
        privileged = self._is_privileged(seat)
        if self.rules.lead_rule == "old_cards":
            non_old = hand & ~aged_cards & ~(1 << LI_CHEN)
            if is_aged:
                return (
                    f"{spoken(c)} is an Old card, and only the Vulnerable player or one holding "
                    f"nothing but Old cards may lead one alone (you hold {_words(non_old)}, "
                    "not Old); to win with Old cards, declare"
                )
            suit = suit_of(_lowest(non_old))
            return (
                f"you hold {_words(non_old & SUIT_MASK[suit])}, not Old, in {SUIT_NAMES[suit]}, "
                f"so a single lead must come from {SUIT_NAMES[suit]}, not {spoken(c)}"
            )
        cats = self._categories(hand, aged_cards)
        index = next(i for i, cat in enumerate(cats) if cat)
        first = cats[index]
        n = first.bit_count()
        if c == LI_CHEN:
            return f"Li Chen is led last among singles: you still hold {_words(first)}"
        if index % 2 == 0:
            kind = f"a non-aged {SUIT_NAMES[index // 2]}" if n == 1 else (
                f"non-aged {SUIT_NAMES[index // 2]} cards")
        else:
            kind = f"an aged {SUIT_NAMES[index // 2]}" if n == 1 else (
                f"aged {SUIT_NAMES[index // 2]} cards")
        text = f"you hold {_words(first)}, {kind}, so you may not lead {label} yet"
        if privileged and index % 2 == 1 and not is_aged:
            text += "; your privilege lets you lead aged cards early, not put them off"
        return text

    def _diagnose_follow(self, a: LukFuAction) -> str:
        top = self.top
        assert top is not None
        seat = a.seat
        if a.do == DECLARE:
            return "only the leader may declare, at the start of a round"
        if a.cards.bit_count() != top.size:
            return (
                f"the round is a {top.describe()}: you must play or discard {top.size} "
                f"card{'s' if top.size > 1 else ''}, not {a.cards.bit_count()}"
            )
        missing = self._holding(a.cards, seat)
        if missing:
            return missing
        hand = self.hands[seat]
        if a.do == PLAY:
            meld = meld_of(a.cards)
            if meld is None:
                return f"{_words(a.cards)} is not a meld, so it cannot beat the {top.describe()}"
            return (
                f"the {meld.describe()} does not beat the {top.describe()}: only a higher meld "
                "of the same type and size does"
            )
        beats = beating_melds(hand, top)
        if self.rules.surrender == STRICT:
            return (
                f"you must beat the {top.describe()} when you can: you hold "
                f"{beats[0].describe()} ({_words(beats[0].cards)})"
            )
        left = beating_melds(hand & ~a.cards, top)
        return (
            f"after discarding {_words(a.cards)} you would still hold {left[0].describe()} "
            f"({_words(left[0].cards)}), which beats the {top.describe()}; beat it, or discard "
            "so as to break every such meld"
        )

    def _outcome_words(self) -> str:
        if self.outcome == WIN:
            return f"seat {self.winner} won with {self.count}"
        if self.outcome == TIGERS:
            return f"seat {self.winner} won with the Five Tigers"
        return "drawn" if self.outcome == DRAW else "nobody called"

    # ------------------------------------------------------------ results and records

    def result(self) -> Result:
        if self.phase != OVER or self.payments is None:
            raise ValueError("the hand is not over yet")
        winners = (self.winner,) if self.winner is not None else ()
        return Result(tuple(self.payments), winners, self.report())

    def report(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "winner": self.winner,
            "count": self.count,
            "payments": None if self.payments is None else list(self.payments),
        }

    def record(self) -> dict[str, Any]:
        deal: dict[str, Any] = {
            "hands": [[name(c) for c in sorted(cards_of(h), key=sort_key)]
                      for h in self.deal_hands]
        }
        if self.dreamer_card is not None:
            deal["dreamer"] = name(self.dreamer_card)
        return {
            "game": "lukfu",
            "rules": self.rules.spec(),
            "deal": deal,
            "actions": [a.to_json() for a in self.actions],
        }

    def view(self, seat: int) -> LukFuView:
        from paiju.lukfu.view import LukFuView

        return LukFuView(self, seat)


def _lowest(bits: int) -> Card:
    """The lowest card id in ``bits``: the highest-ranking suit's lowest card."""
    return (bits & -bits).bit_length() - 1


def deal_hands(players: int, rng: Random) -> tuple[list[int], int | None]:
    """A shuffled deal: three hands of twelve, and the dreamer's card with four players.

    The order follows 000 'Dealing': the first round goes dealer, player 2, dreamer,
    player 3, the other eleven dealer, player 2, player 3.
    """
    cards = pack(players)
    rng.shuffle(cards)
    hands = [0, 0, 0]
    dreamer: int | None = None
    if players == 4:
        dreamer = cards.pop(2)
    for i, c in enumerate(cards):
        hands[i % 3] |= 1 << c
    return hands, dreamer


def new_state(rules: Rules, players: int, rng: Random) -> LukFuState:
    """A freshly dealt hand."""
    hands, dreamer = deal_hands(players, rng)
    return LukFuState(rules, hands, dreamer)
