"""One hand of Dai Fugō as a state machine (paiju.core.protocol.State).

Seats are numbered in order of play (clockwise, 004 "Deal and play are clockwise").
A hand runs through up to three phases: the exchange (``give``, after the rich's ``ask``
under ``card_request``), play (``play`` and ``pass``), and the follow-up steps some house
rules add to a play (``seven_pass``, ``discard``), which the same seat takes at once after
the play. docs/daifugo.md gives every rule with its source.

The state is thin: the rules are the :class:`~paiju.daifugo.engine.rulebook.Rulebook` (one
check serves ``legal_actions``, ``why_illegal`` and ``apply``), what changes is the
:class:`~paiju.daifugo.engine.position.Position`, and this class moves between the two.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from paiju.core.errors import IllegalAction, MalformedRecord, UnknownCard
from paiju.core.protocol import Result
from paiju.core.words import plural
from paiju.daifugo.engine import exchange, generate, turns
from paiju.daifugo.engine.actions import (
    DOS,
    PLAY_MELD,
    Action,
    action_from_json,
    pass_action,
    play_action,
)
from paiju.daifugo.engine.cards import put, take, tokens
from paiju.daifugo.engine.combos import GROUP, BadPlay, Meld, suit_name
from paiju.daifugo.engine.fields import PositionFields
from paiju.daifugo.engine.position import (
    DISCARD_PILE,
    DROPPED_PILE,
    EXCHANGE,
    FOLLOW,
    OVER,
    PLAY,
    Position,
)
from paiju.daifugo.engine.registry import OnPlay, Play
from paiju.daifugo.engine.rulebook import (
    OK,
    TITLE_NAMES,
    TITLE_RANK,
    Rulebook,
    deal_lots,
    lowest_jokers,
    points_for,
    rulebook,
    titles_for,
)
from paiju.daifugo.engine.tables import seat_tables
from paiju.daifugo.rules import Rules

if TYPE_CHECKING:
    from random import Random

    from paiju.daifugo.engine.view import DaifugoView

__all__ = [
    "DISCARD_PILE", "DOS", "DROPPED_PILE", "EXCHANGE", "FOLLOW", "OK", "OVER", "PLAY",
    "TITLE_NAMES", "TITLE_RANK", "Action", "DaifugoState", "action_from_json", "points_for",
    "titles_for",
]


def read_lots(raw: Any, n: int) -> list[int]:
    """A record's ``lots`` (pass_limit): every seat once; MalformedRecord if not."""
    if (not isinstance(raw, list)
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in raw)
            or sorted(raw) != list(range(n))):
        raise MalformedRecord(f"'lots' must list every seat from 0 to {n - 1} once, in the "
                              f"order a lot ranks them, not {raw!r}")
    return list(raw)


@mypyc_attr(native_class=False)  # its copies share the attributes' dict (clone)
class DaifugoState(PositionFields):
    """One hand of Dai Fugō: the deal, the rulebook, the position and the actions."""

    game = "daifugo"

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[int],
        first: int,
        titles: Sequence[str] | None = None,
        lots: Sequence[int] | None = None,
    ) -> None:
        """A hand as dealt; ``titles`` are the previous hand's titles per seat, if any;
        ``lots`` the order a lot ranks the seats in (pass_limit; drawn from the deal when
        not given)."""
        self.rules = rules
        self.book: Rulebook = rulebook(rules)
        self.n = len(hands)
        self.dealt = list(hands)
        self.first = first
        self.titles_in = list(titles) if titles is not None else None
        self.actions: list[Action] = []
        self.pos = Position(list(hands), first, sum(1 << s for s in range(self.n) if hands[s]))
        self.pos.lead_seat = first
        #: the seats in the order a lot ranks them when pass_limit passes come in a row
        #: (None without pass_limit, and in a view, which must not know the lot)
        self.lots: list[int] | None = None
        if lots is not None:
            self.lots = read_lots(list(lots), self.n)
        elif self.book.pass_limit:
            self.lots = deal_lots(hands)
        #: the titles the exchange used (joker_reversal applied), and the previous
        #: hand's winner and loser by them; None in a first hand
        self.titles_eff: list[str] | None = None
        self.prev_first: int | None = None
        self.prev_last: int | None = None
        self.tabs = [seat_tables(s) for s in range(self.n)]
        #: True for a state dealt by View.sample: it plays on, but has no record.
        self.sampled = False
        #: positions saved by :meth:`push`, with the number of actions then
        self._saved: list[tuple[Position, int]] = []
        if titles is not None:
            self._setup_exchange(list(titles))

    # ---------------------------------------------------------------- exchange

    def _setup_exchange(self, titles: list[str]) -> None:
        book, p = self.book, self.pos
        titles = book.effective_titles(titles, self.dealt)
        self.titles_eff = titles
        ranks = [TITLE_RANK[t] for t in titles]  # the first seat of the best, the worst
        self.prev_first = ranks.index(min(ranks))
        self.prev_last = ranks.index(max(ranks))
        exchange.set_up(book, p, titles, self.n)

    # ---------------------------------------------------------------- protocol

    @property
    def num_seats(self) -> int:
        return self.n

    def to_move(self) -> int | None:
        return None if self.pos.phase == OVER else self.pos.turn

    def is_terminal(self) -> bool:
        return self.pos.phase == OVER

    #: Every legal action of the seat to move, each play once in canonical notation: a
    #: new list on every call. Listed fast (:mod:`paiju.daifugo.engine.generate`); tests hold
    #: it to exactly the combinations of the hand that the rulebook allows.
    def legal_actions(self) -> list[Action]:
        return generate.legal_actions(self)

    def why_illegal(self, action: Any) -> str | None:
        try:
            self._read(action)
        except IllegalAction as err:
            return err.reason
        return None

    def apply(self, action: Any) -> None:
        p = self.pos
        # A generated play (or any equal action) is checked by the same rulebook as any
        # other (the cards held, readable, fits) without parsing its tokens.
        if type(action) is Action and action.seat == p.turn and p.phase == PLAY:
            if action.do == "pass":
                if p.table is not None or self.book.lead_pass:  # Rulebook.why_not_pass
                    self.actions.append(self.tabs[action.seat].pass_)
                    if turns.after_pass(self.book, p, self.n, action.seat):
                        self._rank_by_lot()
                    return
            else:
                meld = PLAY_MELD.get(action)
                if meld is not None and self._playable(action.seat, meld):
                    self.actions.append(action)
                    self._do_play(action.seat, meld)
                    return
        plan = self._read(action)
        seat, do = action.seat, action.do
        if do == "play":
            self.actions.append(play_action(seat, plan))
            self._do_play(seat, plan)
        elif do == "pass":
            self.actions.append(pass_action(seat))
            self._do_pass(seat)
        else:
            self.actions.append(Action(seat, do, tuple(tokens(plan))))
            if do == "give":
                exchange.do_give(self.book, self.pos, plan, len(self.actions) - 1, self.first)
            elif do == "ask":
                exchange.do_ask(self.book, self.pos, plan)
            else:
                self._do_follow(seat, do, plan)

    def playout(self, rng: Random, policy: str = "random", endgame: int = 0,
                wayout: int = 0) -> int | None:
        """Play the hand to its end, every seat by ``policy`` (``random`` or ``heuristic``),
        on the fast path (:mod:`paiju.daifugo.fast.playout`): the decisions made, or ``None``, the
        state unchanged, when the fast path is off. ``endgame``: a budget of positions for
        playing a two-seat endgame exactly (0: none); ``wayout``: the same for a seat's
        sure way out (:meth:`way_out`), played wherever a seat has one."""
        from paiju.daifugo.fast import playout as fast

        if not fast.ENABLED or policy not in fast.PLAYOUTS:
            return None
        return fast.PLAYOUTS[policy](self, rng, endgame, wayout)

    def playout_against(self, rng: Random, me: int, policy: str = "random",
                        others: str = "uecda-standard", endgame: int = 0,
                        wayout: int = 0) -> int | None:
        """Play the hand to its end, seat ``me`` by ``policy`` and the others by the
        player named ``others``, on the fast path
        (:func:`paiju.daifugo.fast.playout.playout_against`): the decisions made, or
        ``None``, the state unchanged, when the fast path is off or has no such players.
        ``endgame`` and ``wayout`` as in :meth:`playout` (``wayout`` for ``me`` alone)."""
        from paiju.daifugo.fast import playout as fast

        if not fast.ENABLED:
            return None
        return fast.playout_against(self, rng, me, policy, others, endgame, wayout)

    def at_endgame(self) -> bool:
        """Whether two seats are still playing (and the hand is in play)."""
        from paiju.daifugo.fast.endgame import endgame

        return endgame(self)

    def solve_endgame(self, budget: int) -> bool:
        """Play a two-seat endgame (two seats still playing) to the end of the hand with
        best play for both, every hand known (:mod:`paiju.daifugo.fast.endgame`): True if
        it did, False, the state unchanged, when this is no such endgame or a search of
        ``budget`` positions did not settle it."""
        from paiju.daifugo.fast.endgame import finish

        return finish(self, budget) is not None

    def way_out(self, budget: int) -> list[Action] | None:
        """The seat to move's sure way out, every hand known
        (:func:`paiju.daifugo.fast.mate.way_out`): its moves, each but the last answered
        only by passes, the last one taking it out before every other seat still
        playing; None when it has none or ``budget`` positions did not settle it."""
        from paiju.daifugo.fast.mate import way_out

        return way_out(self, budget)

    def push(self, action: Any) -> None:
        """Apply ``action`` so that :meth:`pop` can take it back (for search and replay)."""
        self._saved.append((self.pos.copy(), len(self.actions)))
        try:
            self.apply(action)
        except BaseException:
            self._saved.pop()
            raise

    def pop(self) -> Action:
        """Take back the last :meth:`push` and return its action, as recorded;
        ``IndexError`` if there is none."""
        if not self._saved:
            raise IndexError("nothing to take back: pop takes back what push applied")
        self.pos, count = self._saved.pop()
        action = self.actions[count]
        del self.actions[count:]
        return action

    def clone(self) -> DaifugoState:
        other = DaifugoState.__new__(DaifugoState)
        other.__dict__.update(self.__dict__)
        other.pos = self.pos.copy()
        other.dealt = list(self.dealt)
        other.actions = list(self.actions)
        other._saved = []
        return other

    def view(self, seat: int) -> DaifugoView:
        from paiju.daifugo.engine.view import DaifugoView  # the view imports this module

        return DaifugoView(self, seat)

    def seat_copy(self, seat: int) -> DaifugoState:
        """A copy with what ``seat`` cannot see taken out: the other hands, the face-down
        piles, the deal and the lot (a view's base; the view masks the hidden moves)."""
        other = DaifugoState.__new__(DaifugoState)
        other.__dict__.update(self.__dict__)
        bp = other.pos = self.pos.copy()
        bp.hands = [h if s == seat else 0 for s, h in enumerate(bp.hands)]
        bp.discards = 0
        bp.dropped = 0
        other.dealt = [0] * self.n
        other.lots = None  # the lot is drawn, not seen: a sample draws its own
        other.actions = list(self.actions)
        other._saved = []
        return other

    def result(self) -> Result:
        final = self.pos.final
        if final is None:
            raise ValueError("the hand is not over")
        rep = self.report()
        points = tuple(float(p) for p in rep["points"])
        return Result(points, (final[0],), rep, tuple(final))

    def report(self) -> dict[str, Any]:
        final = self.pos.final
        if final is None:
            return {"order": None, "titles": None, "points": None}
        titles = self.final_titles()
        return {"order": list(final), "titles": titles,
                "points": self.book.points(final, titles)}

    def final_titles(self) -> list[str]:
        final = self.pos.final
        assert final is not None
        by_place = self.book.titles_by_place(self.n)
        out = [""] * self.n
        for place, seat in enumerate(final):
            out[seat] = by_place[place]
        return out

    def record(self) -> dict[str, Any]:
        """The hand so far as a record; ``ValueError`` for a state drawn by View.sample.

        A sampled state draws only where the hidden cards are now, not the deal and the
        face-down moves that led there, so it has no record of its own: record the real
        hand instead (docs/daifugo.md, "Views and sampling").
        """
        if self.sampled:
            raise ValueError(
                "this state was drawn by View.sample: its hidden cards are a guess at where "
                "they are now, with no deal or face-down moves behind them, so it has no "
                "record; take the record of the real hand")
        rec: dict[str, Any] = {
            "game": "daifugo",
            "rules": self.rules.spec(),
            "deal": {"hands": [tokens(h) for h in self.dealt]},
            "first": self.first,
        }
        if self.titles_in is not None:
            rec["titles"] = list(self.titles_in)
        if self.lots is not None:
            rec["lots"] = list(self.lots)
        rec["actions"] = [a.to_json() for a in self.actions]
        return rec

    # ---------------------------------------------------------------- reading actions

    def _read(self, action: Any) -> Any:
        """Check ``action`` and return what applying it needs; IllegalAction if illegal."""
        if not isinstance(action, Action):
            raise IllegalAction(f"not a Dai Fugō action: {action!r}")
        p = self.pos
        if p.phase == OVER:
            raise IllegalAction("the hand is over: no more actions")
        seat = action.seat
        if not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {seat} at a table of {self.n}")
        do = action.do
        if seat != p.turn:
            what = {EXCHANGE: "ask for cards in the exchange" if p.asks
                    else "give cards in the exchange", FOLLOW: "finish their play"}.get(
                p.phase, "play")
            out_of_turn = f"it is seat {p.turn}'s turn to {what}, not seat {seat}'s"
            if do == "play" and p.phase == PLAY and self._passed_out(seat):
                out_of_turn += (": you passed this trick, so you may not play until the "
                                "table clears (no_play_after_pass)")
            raise IllegalAction(out_of_turn)
        try:
            if p.phase == EXCHANGE:
                return (exchange.read_ask(self.book, p, action) if p.asks
                        else exchange.read_give(self.book, p, action))
            if p.phase == FOLLOW:
                return self._read_follow(action)
            if do == "pass":
                why = self.book.why_not_pass(p)
                if why is not None:
                    raise IllegalAction(why)
                return None
            if do != "play":
                raise IllegalAction(f"it is time to play or pass, not to {do}")
            meld = self.meld_of(action)
        except UnknownCard as err:
            raise IllegalAction(str(err)) from None
        why = self.book.why_not_play(p, seat, meld)
        if why is not None:
            raise IllegalAction(why)
        return meld

    def _passed_out(self, seat: int) -> bool:
        """True if ``seat`` passed since the clear and no_play_after_pass keeps it out."""
        p = self.pos
        return self.book.no_play_after_pass and bool(p.passed_trick >> seat & 1) and bool(
            p.active >> seat & 1)

    def meld_of(self, action: Action) -> Meld:
        """The combination a play action names; IllegalAction if it names none."""
        known = PLAY_MELD.get(action)
        if known is not None and self.book.readable(known):
            return known
        try:
            return self.book.read(action.cards)
        except BadPlay as err:
            raise IllegalAction(str(err)) from None

    def _read_follow(self, action: Action) -> int:
        p = self.pos
        kind, k = p.pending[0]
        seat = action.seat
        size = p.hands[seat].bit_count()
        if action.do != kind:
            need = (f"hand {plural(min(k, size), 'card')} to the next player (seven_pass)"
                    if kind == "seven_pass" else f"discard up to {plural(k, 'card')} (discard)")
            raise IllegalAction(f"after your play you must first {need}")
        nat, jk = exchange.card_list(action.cards, self.book.decks)
        got = nat.bit_count() + jk
        if kind == "seven_pass" and got != min(k, size):
            raise IllegalAction(
                f"your 7s hand exactly {plural(min(k, size), 'card')} to the next player, "
                f"not {got}")
        if kind == "discard" and got > k:
            raise IllegalAction(
                f"your 10s let you discard at most {plural(k, 'card')}, not {got}")
        why = self.book.held(p, seat, nat, jk)
        if why:
            raise IllegalAction(why)
        return nat | lowest_jokers(p.hands[seat], jk)

    def _playable(self, seat: int, m: Meld) -> bool:
        """True if ``seat`` may play ``m`` now: the rulebook's why_not_play would say None."""
        hand = self.pos.hands[seat]
        if m.naturals & ~hand or m.jokers > (hand >> 52 & 0xF).bit_count():
            return False
        if m.kind != GROUP and not self.book.readable(m):
            return False
        return self.book.fits(self.pos, m) == OK

    # ---------------------------------------------------------------- applying

    def _do_pass(self, seat: int) -> None:
        if turns.after_pass(self.book, self.pos, self.n, seat):
            self._rank_by_lot()

    def _rank_by_lot(self) -> None:
        """pass_limit passes came in a row: the seats still in are ranked by lot."""
        lots = self.lots if self.lots is not None else deal_lots(self.dealt)
        turns.rank_by_lot(self.pos, lots)

    def _do_play(self, seat: int, m: Meld) -> None:
        p = self.pos
        book = self.book
        t = p.table
        hand = p.hands[seat]
        removed = m.naturals | (lowest_jokers(hand, m.jokers) if m.jokers else 0)
        if book.decks == 1:  # one pack's cards are plain bits (the hot path)
            hand &= ~removed
            p.played |= removed
        else:  # two packs': counted as multisets (cards.take, cards.put)
            hand = take(hand, removed)
            p.played = put(p.played, removed)
        p.hands[seat] = hand
        following = t is not None and t.kind == m.kind and t.size == m.size
        if following:
            p.trick.append(m)
        else:
            p.trick = [m]
        rev = p.revolution ^ p.jack_back_now
        p.table = m
        p.table_seat = seat
        p.passed_since = 0
        p.pass_run = 0
        p.cut_pending = False
        index = len(self.actions) - 1  # the play's, appended before it is applied
        if book.rev_any and book.causes_revolution(m):
            if book.rev_now:
                p.revolution = not p.revolution
                p.fired.append((index, "revolution"))
            else:
                p.pending_rev = not p.pending_rev
                p.fired.append((index, "revolution_pending"))
        if not book.on_play and hand:
            turns.advance(book, p, self.n, seat)  # nothing more to do: the next seat
            return
        clears, skips, forbidden = False, 0, False
        if book.on_play:
            play = Play(seat, m, t, rev, following)
            cleared_by: OnPlay | None = None
            for hook in book.on_play:
                before = play.clears or play.cut
                hook(book, p, play)
                if not before and (play.clears or play.cut):
                    cleared_by = hook
            clears, skips = play.clears or play.cut, play.skips
            if clears and cleared_by is not None:
                p.fired.append((index, book.hook_option[cleared_by]))
            forbidden = play.forbidden is not None
            if hand and play.steps:
                p.pending = play.steps
                p.after_steps = (clears, skips)
                p.phase = FOLLOW
                p.turn = seat
                return
        if not hand:
            self._went_out(seat, forbidden)
        turns.after_play(self.book, self.pos, self.n, seat, clears, skips)

    def _do_follow(self, seat: int, kind: str, cards: int) -> None:
        p = self.pos
        p.pending.pop(0)
        p.hands[seat] = take(p.hands[seat], cards)
        index = len(self.actions) - 1
        if kind == "seven_pass":
            receiver = turns.next_active(p, self.n, seat)
            if receiver is not None and cards:
                p.hands[receiver] = put(p.hands[receiver], cards)
                p.hidden.append((index, seat, receiver, cards))
        else:
            p.discards = put(p.discards, cards)
            if cards:
                p.hidden.append((index, seat, DISCARD_PILE, cards))
        if not p.hands[seat]:
            p.pending = []
            self._went_out(seat, False)
        if p.pending:
            return
        p.phase = PLAY if p.phase != OVER else OVER
        clears, skips = p.after_steps
        turns.after_play(self.book, self.pos, self.n, seat, clears, skips)

    def _went_out(self, seat: int, forbidden: bool) -> None:
        p = self.pos
        (p.forbidden if forbidden else p.finished).append(seat)
        p.active &= ~(1 << seat)
        if not forbidden and len(p.finished) == 1 and self.titles_eff is not None:
            for hook in self.book.on_out:
                if hook(self.book, self, seat):
                    return
        if p.active.bit_count() <= 1:
            rest = [s for s in range(self.n) if p.active >> s & 1]
            p.final = (p.finished + rest + ([p.fallen] if p.fallen is not None else [])
                       + p.forbidden[::-1])
            p.phase = OVER

    # ---------------------------------------------------------------- public information

    def public_actions(self) -> list[dict[str, Any]]:
        """The history as every seat sees it: face-down moves by their number of cards,
        a play that set a rule going with the rules (``"rules"``: the options)."""
        out: list[dict[str, Any]] = [
            a.to_json() if a.do in ("play", "pass", "ask")
            else {"seat": a.seat, "do": a.do, "count": len(a.cards)}
            for a in self.actions]
        for index, option in self.pos.fired:
            if index < len(out):
                out[index]["rules"] = [*out[index].get("rules", ()), option]
        return out

    def table_now(self, played: bool = True) -> dict[str, Any]:
        """What every seat sees, without the history of actions (cheap, for players);
        without ``played``, less the cards played face up (the one entry that costs)."""
        p = self.pos
        out = {
            "phase": p.phase,
            "to_move": self.to_move(),
            "counts": [h.bit_count() for h in p.hands],
            "table": list(p.table.tokens()) if p.table else None,
            "table_seat": p.table_seat if p.table else None,
            "revolution": p.revolution,
            "revolution_pending": p.pending_rev,
            "jack_back": p.jack_back_now,
            "lock": suit_name(p.lock) or None,
            "direction": "clockwise" if p.direction == 1 else "anticlockwise",
        }
        if played:
            out["played"] = tokens(p.played)
        out["discarded_face_down"] = p.discards.bit_count()
        out["dropped_face_down"] = p.dropped.bit_count()
        out["finished"] = list(p.finished)
        out["titles_before"] = self.titles_eff
        return out

