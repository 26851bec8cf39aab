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
   the Five Tigers; then the payments (:mod:`paiju.lukfu.engine.scoring`).

The state is thin: the facts of the hand are its :class:`~paiju.lukfu.engine.position.Position`
(``state.pos``, each readable on the state too) and every rule is asked of its
:class:`~paiju.lukfu.engine.rulebook.Rulebook` (``state.book``). Every rule is documented with
its source in docs/lukfu.md. Cards are bitsets.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar, overload

from mypy_extensions import mypyc_attr

from paiju.core.draw import shuffle
from paiju.core.errors import IllegalAction
from paiju.core.protocol import Result
from paiju.lukfu.engine.actions import (  # noqa: F401 (the names of actions, phases and outcomes)
    CALL,
    CALLING,
    CLAIM_TIGERS,
    DECLARE,
    DISCARD_DO,
    DOS,
    DRAW,
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
from paiju.lukfu.engine.cards import FIVE_TIGERS, Card, cards_of, mask, name, pack, sort_key
from paiju.lukfu.engine.melds import MELDS, Meld, has_beating
from paiju.lukfu.engine.position import Position
from paiju.lukfu.engine.rulebook import DREAMER, rulebook
from paiju.lukfu.engine.scoring import (
    dreamer_value,
    five_tigers_value,
    matches,
    settle,
    win_value,
)
from paiju.lukfu.inference import aged
from paiju.lukfu.inference.knowledge import BEAT, DISCARD, LEAD, Event, Knowledge, held_at_surrender
from paiju.lukfu.rules import Rules

if TYPE_CHECKING:
    from paiju.lukfu.engine.view import LukFuView

_FT_MASK: Final = mask(FIVE_TIGERS)
T = TypeVar("T")


class _Fact(Generic[T]):
    """A field of the state's position, read (and written) on the state by its name."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type) -> _Fact[T]: ...

    @overload
    def __get__(self, obj: LukFuState, owner: type) -> T: ...

    def __get__(self, obj: LukFuState | None, owner: type) -> _Fact[T] | T:
        if obj is None:
            return self
        value: T = getattr(obj.pos, self.name)
        return value

    def __set__(self, obj: LukFuState, value: T) -> None:
        setattr(obj.pos, self.name, value)


@mypyc_attr(native_class=False)  # built bare by clone, its fields read by descriptors
class LukFuState:
    """A hand of Luk Fu. Build it with :func:`new_state` or :meth:`LukFuState.__init__`."""

    game = "lukfu"

    players: _Fact[int] = _Fact()
    dreamer_card: _Fact[int | None] = _Fact()
    hands: _Fact[list[int]] = _Fact()
    actions: _Fact[list[LukFuAction]] = _Fact()
    phase: _Fact[str] = _Fact()
    turn: _Fact[int | None] = _Fact()
    caller: _Fact[int | None] = _Fact()
    privileged: _Fact[int | None] = _Fact()
    master_passed: _Fact[bool] = _Fact()
    tricks: _Fact[list[int]] = _Fact()
    won: _Fact[list[int]] = _Fact()
    round: _Fact[int] = _Fact()
    leader: _Fact[int] = _Fact()
    top: _Fact[Meld | None] = _Fact()
    top_seat: _Fact[int] = _Fact()
    events: _Fact[list[Event]] = _Fact()
    seen: _Fact[list[list[Event]]] = _Fact()
    face_up: _Fact[int] = _Fact()
    face_down: _Fact[int] = _Fact()
    window_seat: _Fact[int | None] = _Fact()
    window_pass_index: _Fact[int | None] = _Fact()
    outcome: _Fact[str | None] = _Fact()
    winner: _Fact[int | None] = _Fact()
    count: _Fact[int | None] = _Fact()
    winning: _Fact[int] = _Fact()
    declared_aged: _Fact[int] = _Fact()
    payments: _Fact[list[int] | None] = _Fact()
    truth_consistent: _Fact[bool] = _Fact()

    def __init__(
        self, rules: Rules, hands: Sequence[int], dreamer: int | None, window: bool = True
    ) -> None:
        self.rules = rules
        self.book = rulebook(rules)
        self.deal_hands: tuple[int, int, int] = (hands[0], hands[1], hands[2])
        players = 3 if dreamer is None else 4
        self.pos = Position(players, dreamer, list(self.deal_hands))
        self._legal: tuple[int, LegalActions] | None = None
        self._marks: list[tuple[Any, ...]] = []
        holder = next(
            (s for s in range(3) if players == 4 and hands[s] & _FT_MASK == _FT_MASK), None
        )
        if holder is not None and window:
            self.pos.window_seat = holder
            if rules.five_tigers_claim == "automatic":
                self._five_tigers(holder)
            else:
                self.pos.phase, self.pos.turn = WINDOW, holder

    # ------------------------------------------------------------ protocol basics

    @property
    def num_seats(self) -> int:
        return self.pos.players

    def to_move(self) -> int | None:
        return self.pos.turn

    def is_terminal(self) -> bool:
        return self.pos.phase == OVER

    def clone(self) -> LukFuState:
        other = object.__new__(LukFuState)
        other.rules, other.book, other.deal_hands = self.rules, self.book, self.deal_hands
        other.pos = self.pos.copy()
        other._legal = self._legal
        other._marks = list(self._marks)
        return other

    # ------------------------------------------------------------ knowledge and aged cards

    def hand_counts(self) -> tuple[int, int, int]:
        return self.pos.hand_counts()

    def knowledge(self, seat: int) -> Knowledge:
        """What active ``seat`` knows now (others' face-down discards hidden)."""
        return self.book.aging.knowledge(self.pos, seat)

    def aged(self, seat: int) -> int:
        """The bitset of ``seat``'s cards that are aged now
        (see :mod:`paiju.lukfu.inference.aging`)."""
        return self.book.aging.aged(self.pos, seat)

    def aged_in_suit(self, seat: int, suit: int) -> int:
        """``seat``'s aged cards of ``suit``, apart from the nines and 1 Sip, 1 Chen."""
        return self.book.aging.aged_in_suit(self.pos, seat, suit)

    def can_declare(self, seat: int) -> bool:
        """Whether ``seat``, as leader, has six: tricks plus aged cards in hand."""
        return self.book.aging.can_declare(self.pos, seat)

    def explain_aged(self, seat: int, c: Card) -> str:
        """Why card ``c`` in ``seat``'s hand is (or is not) aged, in a player's words."""
        return aged.explain_aged(self.knowledge(seat), self.rules.aged_knowledge, c)

    def _may_be_held(self, seat: int, h: Card) -> bool:
        return self.book.aging.may_be_held(self.pos, seat, h)

    def _excluded(self, o: int, h: Card) -> bool:
        return self.book.aging.excluded(self.pos, o, h)

    def _swap_witness(self, o: int, h: Card) -> bool:
        return self.book.aging.swap_witness(self.pos, o, h)

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> Sequence[LukFuAction]:
        """The legal actions, from the rulebook's generator (remembered for the position)."""
        n = len(self.pos.actions)
        legal = self._legal
        if legal is None or legal[0] != n:
            legal = self._legal = (n, self.book.legal_actions(self.pos))
        return legal[1]

    def why_illegal(self, action: Any) -> str | None:
        """Why ``action`` is illegal now, in a player's words, or ``None``: the rulebook's
        one check (an action of the listed legal actions is legal, as tested)."""
        if not isinstance(action, LukFuAction):
            return f"{action!r} is not a Luk Fu action"
        legal = self._legal
        if legal is not None and legal[0] == len(self.pos.actions) and action in legal[1]:
            return None
        return self.book.why_not(self.pos, action)

    def allows_by_rule(self, a: LukFuAction) -> bool:
        """Whether ``a`` is legal now, by the rulebook's check for one action."""
        return self.book.why_not(self.pos, a) is None

    # ------------------------------------------------------------ applying

    def apply(self, action: Any) -> None:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._do(action)

    def push(self, action: Any) -> None:
        """:meth:`apply` ``action``, remembering how to take it back with :meth:`pop`."""
        mark = self.pos.mark()
        self.apply(action)
        self._marks.append(mark)

    def pop(self) -> LukFuAction:
        """Take back the last action given to :meth:`push` and return it (with any applied
        after it): much cheaper than keeping a clone of every position."""
        if not self._marks:
            raise IndexError("no pushed action to take back")
        mark = self._marks.pop()
        action = self.pos.actions[mark[-2]]
        self.pos.restore(mark)
        self._legal = None
        return action

    def replay(self, a: LukFuAction, shown: int | None = None) -> None:
        """Play ``a`` unchecked, as replayed from a sampled deal (the lead rules are not part
        of what is sampled); a declaration shows the aged cards ``shown``, as seen then."""
        self._do(a, shown)

    def playout(self, rng: Random, policy: str = "random", endgame: int = 0,
                wayout: int = 0) -> int | None:
        """Play the hand to its end by ``policy`` (``random`` or ``heuristic``, every seat)
        on the fast path (:mod:`paiju.lukfu.fast.playout`): the decisions made, or ``None``, the
        state unchanged, when the fast path is off. Luk Fu solves no endgame and finds no
        way out: ``endgame`` and ``wayout`` are not read."""
        from paiju.lukfu.fast import playout as fast

        if not fast.ENABLED or policy not in fast.PLAYOUTS:
            return None
        return fast.PLAYOUTS[policy](self, rng)

    def _do(self, a: LukFuAction, shown: int | None = None) -> None:
        """Play ``a`` without checking it (it was checked, or is replayed from a sample)."""
        p = self.pos
        seat, do, cards = a
        index = len(p.actions)
        p.actions.append(a)
        phase = p.phase
        if phase == FOLLOWING:
            top = p.top
            if do == PLAY:
                meld = MELDS[cards]
                self._event(seat, BEAT, cards, top)
                p.top, p.top_seat = meld, seat
            else:
                self._event(seat, DISCARD, cards, top)
            p.in_round += 1
            if p.in_round < 3:
                p.turn = (seat + 1) % 3
                return
            self._end_round()
            return
        if phase == WINDOW:
            if do == CLAIM_TIGERS:
                self._five_tigers(seat)
            else:
                p.window_pass_index = index
                p.phase, p.turn = CALLING, 0
            return
        if phase == CALLING:
            if do == PASS:
                if seat == 0:
                    p.master_passed = True
                if seat == 2:
                    self._end(NO_CALL)
                else:
                    p.turn = seat + 1
                return
            p.caller = seat
            if self.book.privileged_on_call(seat):
                p.privileged = seat
            p.phase, p.turn, p.leader = LEADING, 0, 0
            if do == CALL:
                return
        if do == DECLARE:
            self._declare(seat, shown)
            return
        meld = MELDS[cards]
        self._event(seat, LEAD, cards, None)
        p.top, p.top_seat, p.in_round = meld, seat, 1
        p.phase, p.turn = FOLLOWING, (seat + 1) % 3

    def _event(self, seat: int, kind: str, cards: int, top: Meld | None) -> None:
        p = self.pos
        n = cards.bit_count()
        rnd = p.round + 1
        full = Event(rnd, seat, kind, n, cards, top)
        p.events.append(full)
        before = p.hands[seat]
        p.hands[seat] = before & ~cards
        seen = p.seen
        if kind == DISCARD:
            assert top is not None
            if has_beating(held_at_surrender(self.book.rules.surrender, before, cards), top):
                p.truth_consistent = False
            p.face_down |= cards
            p.discarded[seat] |= cards
            hidden = Event(rnd, seat, kind, n, 0, top)
            seen[0].append(full if seat == 0 else hidden)
            seen[1].append(full if seat == 1 else hidden)
            seen[2].append(full if seat == 2 else hidden)
        else:
            p.face_up |= cards
            seen[0].append(full)
            seen[1].append(full)
            seen[2].append(full)

    def _end_round(self) -> None:
        p = self.pos
        top = p.top
        assert top is not None
        w = p.top_seat
        p.tricks[w] += top.size
        p.won[w] |= top.cards
        if p.tricks[w] >= 6 and p.six_at[w] < 0:
            p.six_at[w] = p.round
        p.round += 1
        p.top, p.top_seat, p.in_round = None, -1, 0
        if not any(p.hands):
            self._cards_out(w)
            return
        p.phase, p.turn, p.leader = LEADING, w, w

    def _cards_out(self, last: int) -> None:
        """The last round is over and nobody declared: the ``cards_out`` rule names the winner."""
        p = self.pos
        w = self.book.cards_out(p, last)
        if w is None:
            self._end(DRAW)
        else:
            self._win(w, p.tricks[w], p.won[w])

    def _declare(self, seat: int, shown: int | None = None) -> None:
        """``seat`` wins with its tricks and aged cards (``shown``: as a replay saw them)."""
        p = self.pos
        counts_aged = self.rules.declare_counts_aged
        held = shown if shown is not None else self.aged(seat) if counts_aged else 0
        p.declared_aged = held
        self._win(seat, p.tricks[seat] + held.bit_count(), p.won[seat] | held)

    def _win(self, seat: int, count: int, winning: int) -> None:
        p, rules = self.pos, self.rules
        value = win_value(rules.tariff, count, winning, rules.red_bonus)
        d_amount, d_seat = 0, None
        if p.dreamer_card is not None:
            d_seat = DREAMER
            m = matches(p.dreamer_card, winning, rules.li_chen_is_ace)
            d_amount = dreamer_value(rules.dreamer_income, rules.tariff, m)
        p.winner, p.count, p.winning = seat, count, winning
        p.payments = settle(p.players, seat, value, d_seat, d_amount, p.privileged)
        self._end(WIN)

    def _five_tigers(self, seat: int) -> None:
        p = self.pos
        count, value = five_tigers_value(self.rules.tariff, self.rules.five_tigers_value)
        p.winner, p.count, p.winning = seat, count, _FT_MASK
        p.payments = settle(p.players, seat, value, None, 0, p.privileged)
        self._end(TIGERS)

    def _end(self, outcome: str) -> None:
        p = self.pos
        p.outcome = outcome
        if p.payments is None:
            p.payments = [0] * p.players
        p.phase, p.turn = OVER, None

    # ------------------------------------------------------------ results and records

    def result(self) -> Result:
        if self.pos.phase != OVER or self.pos.payments is None:
            raise ValueError("the hand is not over yet")
        winners = (self.pos.winner,) if self.pos.winner is not None else ()
        return Result(tuple(self.pos.payments), winners, self.report())

    def report(self) -> dict[str, Any]:
        return {
            "outcome": self.pos.outcome,
            "winner": self.pos.winner,
            "count": self.pos.count,
            "payments": None if self.pos.payments is None else list(self.pos.payments),
        }

    def record(self) -> dict[str, Any]:
        deal: dict[str, Any] = {
            "hands": [[name(c) for c in sorted(cards_of(h), key=sort_key)]
                      for h in self.deal_hands]
        }
        if self.pos.dreamer_card is not None:
            deal["dreamer"] = name(self.pos.dreamer_card)
        return {
            "game": "lukfu",
            "rules": self.rules.spec(),
            "deal": deal,
            "actions": [a.to_json() for a in self.pos.actions],
        }

    def view(self, seat: int, aged: bool = False) -> LukFuView:
        """``seat``'s view; with ``aged``, an active seat's view holds its aged cards from
        the engine's quick answer (:meth:`aged`, the same as the view's own reasoning by
        test, about ten times faster), for callers that will ask for them."""
        from paiju.lukfu.engine.view import LukFuView

        known = self.aged(seat) if aged and 0 <= seat <= 2 else None
        return LukFuView(self, seat, known_aged=known)


def deal_hands(players: int, rng: Random) -> tuple[list[int], int | None]:
    """A shuffled deal: three hands of twelve, and the dreamer's card with four players.

    The order follows 000 'Dealing': the first round goes dealer, player 2, dreamer,
    player 3, the other eleven dealer, player 2, player 3.
    """
    cards = pack(players)
    shuffle(rng, cards)
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
