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
from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING, Any

from paiju.core.errors import IllegalAction
from paiju.core.protocol import Result
from paiju.lukfu import aged
from paiju.lukfu.actions import (  # noqa: F401 (the names of actions, phases and outcomes)
    CALL,
    CALLING,
    DECLARE,
    DISCARD_DO,
    DOS,
    DRAW,
    FIVE_TIGERS_DO,
    FOLLOWING,
    LEADING,
    NO_CALL,
    OVER,
    PASS,
    PLAY,
    TIGERS,
    WIN,
    WINDOW,
    LegalActions,
    LukFuAction,
)
from paiju.lukfu.cards import (
    FIVE_TIGERS,
    INITIALLY_AGED,
    SUIT_MASK,
    SUITS,
    Card,
    cards_of,
    mask,
    name,
    pack,
    sort_key,
)
from paiju.lukfu.inference import can_hold, problem
from paiju.lukfu.knowledge import BEAT, DISCARD, LEAD, STRICT, Event, Knowledge
from paiju.lukfu.melds import MELDS, Meld, has_beating
from paiju.lukfu.rulebook import DREAMER, rulebook
from paiju.lukfu.rules import DEDUCED, Rules
from paiju.lukfu.scoring import (
    dreamer_value,
    five_tigers_value,
    matches,
    settle,
    win_value,
)

if TYPE_CHECKING:
    from paiju.lukfu.view import LukFuView

_FT_MASK = mask(FIVE_TIGERS)
_ALWAYS = mask(INITIALLY_AGED)


class LukFuState:
    """A hand of Luk Fu. Build it with :func:`new_state` or :meth:`LukFuState.__init__`."""

    game = "lukfu"

    def __init__(
        self, rules: Rules, hands: Sequence[int], dreamer: int | None, window: bool = True
    ) -> None:
        self.rules = rules
        self.book = rulebook(rules)
        self.players = 3 if dreamer is None else 4
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
        return self.book.declare_count(self, seat)

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> Sequence[LukFuAction]:
        pos = len(self.actions)
        legal = self._legal
        if legal is None or legal[0] != pos:
            legal = self._legal = (pos, self.book.legal_actions(self))
        return legal[1]

    # ------------------------------------------------------------ checking and applying

    def why_illegal(self, action: Any) -> str | None:
        """Why ``action`` is illegal now, in a player's words, or ``None``: the rulebook's
        one check (an action of the listed legal actions is legal, as tested)."""
        if not isinstance(action, LukFuAction):
            return f"{action!r} is not a Luk Fu action"
        legal = self._legal
        if legal is not None and legal[0] == len(self.actions) and action in legal[1]:
            return None
        return self.book.why_not(self, action)

    def allows_by_rule(self, a: LukFuAction) -> bool:
        """Whether ``a`` is legal now, by the rulebook's check for one action."""
        return self.book.why_not(self, a) is None

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
            if self.book.privileged_on_call(seat):
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
        """The last round is over and nobody declared: the ``cards_out`` rule names the winner."""
        w = self.book.cards_out(self, last)
        if w is None:
            self._end(DRAW)
        else:
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
