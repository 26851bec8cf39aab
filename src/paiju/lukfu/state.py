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
from dataclasses import dataclass
from itertools import combinations
from random import Random
from typing import TYPE_CHECKING, Any

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
    above_in_suit,
    cards_of,
    mask,
    name,
    pack,
    sort_key,
    spoken,
    suit_of,
)
from paiju.lukfu.knowledge import BEAT, DISCARD, LEAD, STRICT, Event, Knowledge
from paiju.lukfu.melds import (
    SINGLE,
    Meld,
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


@dataclass(frozen=True, slots=True)
class LukFuAction:
    """One decision: ``seat``, what it does (``do``) and the ``cards`` bitset (0 if none)."""

    seat: int
    do: str
    cards: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "do": self.do}
        if self.cards:
            out["cards"] = [name(c) for c in sorted(cards_of(self.cards), key=sort_key)]
        return out

    def __str__(self) -> str:
        cards = " " + " ".join(self.to_json()["cards"]) if self.cards else ""
        return f"seat {self.seat}: {self.do}{cards}"


def _words(cards: int | Sequence[Card]) -> str:
    """Cards in a sentence: ``4 Sok``, ``9 Sip and 1 Sip``, ``4 Sip, 4 Gon and 4 Sok``."""
    items = cards_of(cards) if isinstance(cards, int) else list(cards)
    spoken_items = [spoken(c) for c in sorted(items, key=sort_key)]
    if len(spoken_items) <= 1:
        return "".join(spoken_items)
    return ", ".join(spoken_items[:-1]) + " and " + spoken_items[-1]


def _combos(hand: int, k: int) -> list[int]:
    bits = [1 << c for c in cards_of(hand)]
    return [sum(combo) for combo in combinations(bits, k)]


class LukFuState:
    """A hand of Luk Fu. Build it with :func:`new_state` or :meth:`LukFuState.__init__`."""

    game = "lukfu"

    def __init__(
        self, rules: Rules, hands: Sequence[int], dreamer: int | None, window: bool = True
    ) -> None:
        self.rules = rules
        v = rules.values
        self._tariff: str = v["tariff"]
        self._mode: str = v["aged_knowledge"]
        self._surrender: str = v["surrender"]
        self._lead_rule: str = v["lead_rule"]
        self._priv_rule: str = v["privileged"]
        self._master_call: str = v["master_call"]
        self._opening: str = v["opening_lead"]
        self._passed_master: str = v["passed_master_lead"]
        self.players = 3 if dreamer is None else 4
        self._full = mask(pack(self.players))
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
        self.window_seat: int | None = None
        self.window_pass_index: int | None = None
        self.outcome: str | None = None
        self.winner: int | None = None
        self.count: int | None = None
        self.winning = 0
        self.declared_aged = 0
        self.payments: list[int] | None = None
        self._legal: tuple[int, tuple[LukFuAction, ...], frozenset[LukFuAction]] | None = None
        self._aged: dict[tuple[int, int], int] = {}
        holder = next(
            (s for s in range(3) if self.players == 4 and hands[s] & _FT_MASK == _FT_MASK), None
        )
        if holder is not None and window:
            self.window_seat = holder
            if v["five_tigers_claim"] == "automatic":
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
        other.events = list(self.events)
        other.seen = [list(x) for x in self.seen]
        other.payments = None if self.payments is None else list(self.payments)
        other._aged = dict(self._aged)
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
            self._surrender,
        )

    def aged(self, seat: int) -> int:
        """The bitset of ``seat``'s cards that are aged now (cached per position)."""
        key = (seat, len(self.actions))
        found = self._aged.get(key)
        if found is None:
            found = aged.aged_cards(self.knowledge(seat), self._mode)
            self._aged[key] = found
        return found

    def aged_bounds(self, seat: int) -> tuple[int, int]:
        """``(surely, maybe)``: bitsets bracketing ``seat``'s aged cards, without search.

        Under ``face_up`` both are the exact set. Under ``deduced``, ``surely`` holds the
        initially aged cards and those whose higher cards are all in the seat's hand or
        seen face up (aged in every mode), and ``maybe`` adds the cards whose unseen higher
        cards are few enough to lie in the opponents' face-down discards and the dreamer's
        card (any other card has a higher card in an opponent's hand in every deal).
        :meth:`aged` settles the cards in between, and is called only when they matter.
        """
        if self._mode != DEDUCED:
            exact = self.aged(seat)
            return exact, exact
        surely, maybe, _ = self._bounds(seat)
        return surely, maybe

    def _bounds(self, seat: int) -> tuple[int, int, int]:
        """``(surely, maybe, most)`` for ``deduced``; ``most`` bounds how many are aged."""
        hand = self.hands[seat]
        known = hand | self.face_up
        unknown = self._full & ~known & ~self._own_discards(seat)
        slots = (1 if self.players == 4 else 0) + sum(
            e.count for e in self.seen[seat] if e.kind == DISCARD and e.seat != seat
        )
        surely = hand & _ALWAYS
        maybe = surely
        costs: list[list[int]] = [[], [], [], []]
        for c in sorted(cards_of(hand & ~_ALWAYS)):
            above = above_in_suit(c)
            if not above & ~known:
                surely |= 1 << c
                maybe |= 1 << c
                continue
            cost = (above & unknown).bit_count()
            if cost <= slots:
                maybe |= 1 << c
                costs[suit_of(c)].append(cost)
        # The unseen cards above the aged cards of a suit are those above its lowest aged
        # card, and all of them must fit in the slots: the most aged cards is a knapsack.
        best = [0] * (slots + 1)
        for suit_costs in costs:
            if not suit_costs:
                continue
            options = sorted(suit_costs)
            new = list(best)
            for used in range(slots + 1):
                for j, cost in enumerate(options, 1):
                    if used + cost <= slots:
                        new[used + cost] = max(new[used + cost], best[used] + j)
            best = [max(new[: i + 1]) for i in range(slots + 1)]
        return surely, maybe, surely.bit_count() + max(best)

    def _own_discards(self, seat: int) -> int:
        out = 0
        for e in self.events:
            if e.kind == DISCARD and e.seat == seat:
                out |= e.cards
        return out

    def aged_where(self, seat: int, relevant: int) -> int:
        """``seat``'s aged cards, exact on the cards of ``relevant`` (a search only if needed)."""
        surely, maybe = self.aged_bounds(seat)
        if not (maybe & ~surely & relevant):
            return surely
        return self.aged(seat)

    def can_declare(self, seat: int) -> bool:
        """Whether ``seat``, as leader, has six: tricks plus aged cards in hand."""
        if not self.rules.values["declare_counts_aged"]:
            return self.tricks[seat] >= 6
        if self._mode != DEDUCED:
            return self.declare_count(seat) >= 6
        surely, _, most = self._bounds(seat)
        if self.tricks[seat] + most < 6:
            return False
        if self.tricks[seat] + surely.bit_count() >= 6:
            return True
        return self.declare_count(seat) >= 6

    def explain_aged(self, seat: int, c: Card) -> str:
        """Why card ``c`` in ``seat``'s hand is (or is not) aged, in a player's words."""
        return aged.explain_aged(self.knowledge(seat), self._mode, c)

    def declare_count(self, seat: int) -> int:
        """Tricks won plus (under ``declare_counts_aged``) aged cards in hand."""
        extra = self.aged(seat).bit_count() if self.rules.values["declare_counts_aged"] else 0
        return self.tricks[seat] + extra

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> tuple[LukFuAction, ...]:
        return self._legal_sets()[0]

    def _legal_sets(self) -> tuple[tuple[LukFuAction, ...], frozenset[LukFuAction]]:
        pos = len(self.actions)
        if self._legal is None or self._legal[0] != pos:
            acts = tuple(self._generate())
            self._legal = (pos, acts, frozenset(acts))
        return self._legal[1], self._legal[2]

    def _generate(self) -> list[LukFuAction]:
        seat = self.turn
        if seat is None:
            return []
        if self.phase == WINDOW:
            return [LukFuAction(seat, FIVE_TIGERS_DO), LukFuAction(seat, PASS)]
        if self.phase == CALLING:
            if seat == 0 and self._master_call == "lead":
                return [LukFuAction(0, PASS), *self._lead_actions(0)]
            return [LukFuAction(seat, CALL), LukFuAction(seat, PASS)]
        if self.phase == LEADING:
            return self._lead_actions(seat)
        return self._follow_actions(seat)

    def _is_privileged(self, seat: int) -> bool:
        if self.phase == CALLING:  # the Master leading at once under master_call=lead
            return self._priv_rule == "caller"
        return seat == self.privileged

    def _lead_actions(self, seat: int) -> list[LukFuAction]:
        out = []
        if self.can_declare(seat):
            out.append(LukFuAction(seat, DECLARE))
        out.extend(LukFuAction(seat, PLAY, m.cards) for m in self._lead_melds(seat))
        return out

    def _lead_melds(self, seat: int) -> list[Meld]:
        hand = self.hands[seat]
        singles = self._allowed_singles(seat, hand)
        melds = [m for m in melds_in(hand) if m.kind != SINGLE or m.cards & singles]
        passed = seat == 0 and self.master_passed
        if passed and self._passed_master == "no_four":
            melds = [m for m in melds if m.size < 4]
        elif passed and self._passed_master == "beatable" and self.round == 0:
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
        if self.round == 0 and self._opening == "free":
            return hand
        privileged = self._is_privileged(seat)
        if self._lead_rule == "categories" and not privileged:
            top_suit = next((m for m in SUIT_MASK if hand & m), 0)
            aged_cards = self.aged_where(seat, top_suit)
        else:
            aged_cards = self.aged_where(seat, hand)
        if self._lead_rule == "categories":
            first = next((c for c in self._categories(hand, aged_cards) if c), 0)
            return first | (aged_cards if privileged else 0)
        non_old = hand & ~aged_cards & ~(1 << LI_CHEN)
        if not non_old:
            return hand
        suit = suit_of(_lowest(non_old))
        allowed = non_old & SUIT_MASK[suit]
        return allowed | (aged_cards if privileged else 0)

    def _follow_actions(self, seat: int) -> list[LukFuAction]:
        top = self.top
        assert top is not None
        hand = self.hands[seat]
        beats = beating_melds(hand, top)
        out = [LukFuAction(seat, PLAY, m.cards) for m in beats]
        if not beats:
            discards = _combos(hand, top.size)
        elif self._surrender == STRICT:
            discards = []
        else:
            discards = [d for d in _combos(hand, top.size) if not has_beating(hand & ~d, top)]
        out.extend(LukFuAction(seat, DISCARD_DO, d) for d in discards)
        return out

    # ------------------------------------------------------------ checking and applying

    def why_illegal(self, action: Any) -> str | None:
        if not isinstance(action, LukFuAction):
            return f"{action!r} is not a Luk Fu action"
        if action in self._legal_sets()[1]:
            return None
        return self._diagnose(action)

    def apply(self, action: Any) -> None:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._do(action)

    def _do(self, a: LukFuAction) -> None:
        """Play ``a`` without checking it (it was checked, or is replayed from a sample)."""
        index = len(self.actions)
        self.actions.append(a)
        if self.phase == WINDOW:
            if a.do == FIVE_TIGERS_DO:
                self._five_tigers(a.seat)
            else:
                self.window_pass_index = index
                self.phase, self.turn = CALLING, 0
            return
        if self.phase == CALLING:
            if a.do == PASS:
                if a.seat == 0:
                    self.master_passed = True
                if a.seat == 2:
                    self._end(NO_CALL)
                else:
                    self.turn = a.seat + 1
                return
            self.caller = a.seat
            if self._priv_rule == "caller" or a.seat != 0:
                self.privileged = a.seat
            self.phase, self.turn, self.leader = LEADING, 0, 0
            if a.do == CALL:
                return
        if a.do == DECLARE:
            self._declare(a.seat)
            return
        if self.phase == LEADING:
            meld = meld_of(a.cards)
            assert meld is not None
            self._event(a.seat, LEAD, a.cards, None)
            self.top, self.top_seat, self.in_round = meld, a.seat, 1
            self.phase, self.turn = FOLLOWING, (a.seat + 1) % 3
            return
        if a.do == PLAY:
            meld = meld_of(a.cards)
            assert meld is not None
            self._event(a.seat, BEAT, a.cards, self.top)
            self.top, self.top_seat = meld, a.seat
        else:
            self._event(a.seat, DISCARD, a.cards, self.top)
        self.in_round += 1
        if self.in_round < 3:
            self.turn = (a.seat + 1) % 3
            return
        self._end_round()

    def _event(self, seat: int, kind: str, cards: int, top: Meld | None) -> None:
        n = cards.bit_count()
        full = Event(self.round + 1, seat, kind, n, cards, top)
        self.events.append(full)
        self.hands[seat] &= ~cards
        if kind == DISCARD:
            self.face_down |= cards
            hidden = Event(self.round + 1, seat, kind, n, 0, top)
            for s in range(3):
                self.seen[s].append(full if s == seat else hidden)
        else:
            self.face_up |= cards
            for s in range(3):
                self.seen[s].append(full)

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
        if self.rules.values["cards_out"] == "leader":
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

    def _declare(self, seat: int) -> None:
        counts_aged = self.rules.values["declare_counts_aged"]
        held = self.aged(seat) if counts_aged else 0
        self.declared_aged = held
        self._win(seat, self.tricks[seat] + held.bit_count(), self.won[seat] | held)

    def _win(self, seat: int, count: int, winning: int) -> None:
        v = self.rules.values
        value = win_value(self._tariff, count, winning, v["red_bonus"])
        d_amount, d_seat = 0, None
        if self.dreamer_card is not None:
            d_seat = DREAMER
            m = matches(self.dreamer_card, winning, v["li_chen_is_ace"])
            d_amount = dreamer_value(v["dreamer_income"], self._tariff, m)
        self.winner, self.count, self.winning = seat, count, winning
        self.payments = settle(self.players, seat, value, d_seat, d_amount, self.privileged)
        self._end(WIN)

    def _five_tigers(self, seat: int) -> None:
        count, value = five_tigers_value(self._tariff, self.rules.values["five_tigers_value"])
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
        if a.seat != turn:
            return f"it is seat {turn}'s turn to {self._what(turn)}, not seat {a.seat}'s"
        if a.do == FIVE_TIGERS_DO and self.phase != WINDOW:
            if self.hands[a.seat] & _FT_MASK != _FT_MASK:
                return "you do not hold the Five Tigers (1 Sip, 1 Gon, 1 Sok, 1 Chen, Li Chen)"
            return "the Five Tigers may be claimed only straight after the deal"
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
            if seat == 0 and self._master_call == "lead":
                return "lead or pass"
            return "call or pass"
        if self.phase == LEADING:
            return "lead"
        assert self.top is not None
        return f"beat the {self.top.describe()} or discard {self.top.size}"

    def _diagnose_calling(self, a: LukFuAction) -> str:
        if a.seat == 0 and self._master_call == "lead":
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
            held = self.aged(seat) if self.rules.values["declare_counts_aged"] else 0
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
            if self._passed_master == "no_four" and meld.size >= 4:
                return (
                    "you passed, so as Master you may never lead a set of four or a run of "
                    "four or more"
                )
            if self._passed_master == "beatable" and self.round == 0:
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
        if self._lead_rule == "old_cards":
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
        if privileged and not is_aged:
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
        if self._surrender == STRICT:
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
