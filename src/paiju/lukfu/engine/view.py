"""What one seat knows of a Luk Fu hand: its own cards and everything public.

A view is a snapshot that holds no reference to the state. It never contains another
seat's cards, another seat's face-down discards, or the dreamer's card before the end
(000 'Dealing': the dreamer "can literally go dreaming"; 002 'Pug Pai': discards "may
not be overturned and revealed at any stage"). The Five Tigers window belongs to the
dealing phase (000 'Ng Fu Ha San'): while it is open, and afterwards, only the holder's
own view shows it; the others see the deal still going on.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING, Any

from paiju.lukfu.engine.actions import DECLARE, DISCARD_DO, OVER, PLAY, TIGERS, WINDOW, LukFuAction
from paiju.lukfu.engine.cards import FIVE_TIGERS, cards_of, mask, name, pack, sort_key
from paiju.lukfu.inference import aged
from paiju.lukfu.inference.inference import sample_for_bystander
from paiju.lukfu.inference.knowledge import DISCARD, Event, Knowledge

_FT_MASK = mask(FIVE_TIGERS)

if TYPE_CHECKING:
    from paiju.lukfu.engine.state import LukFuState

def _tokens(cards: int) -> list[str]:
    return [name(c) for c in sorted(cards_of(cards), key=sort_key)]


class LukFuView:
    """Seat ``seat``'s view of a hand (a snapshot)."""

    game = "lukfu"

    def __init__(self, state: LukFuState, seat: int, known_aged: int | None = None) -> None:
        """``known_aged``: the seat's aged cards when the caller has them already (the
        state's quick answer, ``LukFuState.aged``, equal to :meth:`aged`'s by test)."""
        p = state.pos
        if not 0 <= seat < p.players:
            raise ValueError(f"there is no seat {seat} in a {p.players}-player hand")
        self._seat = seat
        self.rules = state.rules
        self.players = p.players
        hidden_window = p.phase == WINDOW and seat != p.turn
        self.phase = "deal" if hidden_window else p.phase
        self._to_move = None if hidden_window else p.turn
        self._legal: Sequence[LukFuAction] = (
            state.legal_actions() if seat == self._to_move else ()
        )
        self.hand = p.hands[seat] if seat < 3 else 0
        over = p.phase == OVER
        self.dreamer_card = p.dreamer_card if (seat == 3 or over) else None
        self.hand_counts = p.hand_counts()
        if seat < 3:
            self.events: tuple[Event, ...] = tuple(p.seen[seat])
        else:
            self.events = tuple(
                Event(e.round, e.seat, e.kind, e.count, 0, e.top) if e.kind == DISCARD else e
                for e in p.events
            )
        # the actions so far, as they stood (the state moves on; this is a snapshot): the
        # script of the history and the declaration are read from them when asked for
        self._actions: tuple[LukFuAction, ...] = tuple(p.actions)
        self._window_pass = p.window_pass_index
        self._declared_aged = p.declared_aged
        self._script_memo: tuple[tuple[int, str, int], ...] | None = None
        self._declared_memo: int | None = None
        self._window = p.window_seat is not None and p.window_seat == seat and (
            p.window_pass_index is not None or p.phase == WINDOW
        )
        self.caller = p.caller
        self.privileged = p.privileged
        self.master_passed = p.master_passed
        self.tricks = tuple(p.tricks)
        self.won = tuple(p.won)
        self.round = p.round
        self.leader = p.leader
        self.top = p.top
        self.top_seat = p.top_seat
        self.report = state.report()
        self._aged = known_aged

    @property
    def _script(self) -> tuple[tuple[int, str, int], ...]:
        """The history as this seat saw it: ``(seat, do, event index or -1)`` per action
        (another seat's pass of the Five Tigers window is not seen)."""
        if self._script_memo is None:
            script: list[tuple[int, str, int]] = []
            j = 0
            for i, (who, do, _) in enumerate(self._actions):
                if i == self._window_pass and self._seat != who:
                    continue
                if do in (PLAY, DISCARD_DO):
                    script.append((who, do, j))
                    j += 1
                else:
                    script.append((who, do, -1))
            self._script_memo = tuple(script)
        return self._script_memo

    @property
    def declared(self) -> int:
        """The aged cards shown by a declaration (0 when nobody declared)."""
        if self._declared_memo is None:
            declared = any(do == DECLARE for _, do, _ in self._actions)
            self._declared_memo = self._declared_aged if declared else 0
        return self._declared_memo

    @property
    def seat(self) -> int:
        return self._seat

    def to_move(self) -> int | None:
        return self._to_move

    def legal_actions(self) -> Sequence[LukFuAction]:
        return self._legal

    def knowledge(self) -> Knowledge:
        """The aged-card knowledge of this (active) seat."""
        if self._seat > 2:
            raise ValueError("the dreamer does not play, so has no aged cards")
        return Knowledge(
            self._seat, self.players, self.hand, self.hand_counts, self.events,
            self.rules.surrender,
        )

    def aged(self) -> int:
        """This (active) seat's aged cards, as it can tell from what it has seen."""
        if self._aged is None:
            self._aged = aged.aged_cards(self.knowledge(), self.rules.aged_knowledge)
        return self._aged

    def sample(self, rng: Random) -> LukFuState:
        """A full state that agrees with everything this seat has seen."""
        shown = self._shown()
        if self._seat > 2:
            return self._sample_for_dreamer(rng, shown)
        hidden = aged.sample_hidden(self.knowledge(), rng, shown, self.dreamer_card)
        hands = list(hidden.hands)
        for e, cards in zip(self.events, hidden.plays, strict=True):
            hands[e.seat] |= cards
        return self._replay(hands, hidden.dreamer, hidden.plays)

    def _shown(self) -> dict[int, int]:
        """Cards shown from a hand at the end: a declaration's aged cards, the Five Tigers."""
        winner = self.report["winner"]
        if self.report["outcome"] == TIGERS:
            return {winner: _FT_MASK}
        if self.declared:
            return {winner: self.declared}
        return {}

    def _replay(
        self, hands: list[int], dreamer: int | None, plays: tuple[int, ...] | list[int]
    ) -> LukFuState:
        """The hand replayed from a sampled deal, its actions unchecked (the lead rules
        are not part of what is sampled); every surrender in it obeys the rule, and a
        declaration counts the aged cards that were shown."""
        from paiju.lukfu.engine.state import LukFuState

        tigers = self.report["outcome"] == TIGERS
        state = LukFuState(self.rules, hands, dreamer, window=self._window or tigers)
        for seat, do, j in self._script:
            state.replay(LukFuAction(seat, do, plays[j] if j >= 0 else 0), self.declared)
        return state

    def _sample_for_dreamer(self, rng: Random, shown: dict[int, int]) -> LukFuState:
        """The dreamer's sample: the three hands and every face-down discard.

        Like an active seat's sample it obeys the surrender rule at every face-down
        discard of every seat (:func:`paiju.lukfu.inference.inference.sample_for_bystander`); the
        lead rules are not modelled (docs/lukfu-aged.md).
        """
        assert self.dreamer_card is not None
        seen = 1 << self.dreamer_card
        for e in self.events:
            seen |= e.cards
        unseen = mask(pack(self.players)) & ~seen
        hands, plays = sample_for_bystander(
            self.events, self.hand_counts, unseen, self.rules.surrender, rng, shown
        )
        for e, cards in zip(self.events, plays, strict=True):
            hands[e.seat] |= cards
        return self._replay(hands, self.dreamer_card, plays)

    def to_json(self) -> dict[str, Any]:
        history = []
        for seat, do, j in self._script:
            item: dict[str, Any] = {"seat": seat, "do": do}
            if j >= 0:
                e = self.events[j]
                if e.cards:
                    item["cards"] = _tokens(e.cards)
                else:
                    item["count"] = e.count
            history.append(item)
        out: dict[str, Any] = {
            "seat": self._seat,
            "players": self.players,
            "rules": self.rules.spec(),
            "phase": self.phase,
            "to_move": self._to_move,
            "hand": _tokens(self.hand),
            "hand_counts": list(self.hand_counts),
            "caller": self.caller,
            "privileged": self.privileged,
            "master_passed": self.master_passed,
            "tricks": list(self.tricks),
            "won": [_tokens(w) for w in self.won],
            "round": self.round + 1,
            "leader": self.leader,
            "top": None if self.top is None else {
                "seat": self.top_seat, "meld": self.top.describe(), "cards": self.top.tokens()
            },
            "actions": history,
            "legal": [a.to_json() for a in self._legal],
        }
        if self.dreamer_card is not None:
            out["dreamer"] = name(self.dreamer_card)
        if self.declared:
            out["declared_aged"] = _tokens(self.declared)
        out.update(self.report)
        return out
