"""The learned player's features of a Luk Fu decision (``GAME.policy_encoder``).

Every feature is read from the seat's view (:class:`~paiju.lukfu.engine.view.LukFuView`): its
hand, its aged cards as it can tell them, the public play and the rules. Each action
gets the indices of its features that are 1 (docs/learned.md, "Luk Fu"); a linear
policy (:mod:`paiju.bots.learned`) scores it by the sum of their weights. The blocks:

* what the action is (``do``), by the seat's role, the call so far and the round;
* calling: call or pass by the hand's likely tricks (:func:`~paiju.lukfu.players.strategy.strength`)
  and its aged cards, by role;
* a play or discard: each card it spends; the meld's kind and size by its number and
  suit; whether anything unseen beats it; whether it breaks, or is, a meld of the hand's
  plan (:func:`~paiju.lukfu.players.strategy.plan`); the aged cards it spends; whether the seat
  plays last to the round; its own and the best opponent's tricks;
* whether it is the rule-based player's choice (:mod:`paiju.lukfu.players.strategy`), by kind
  and round, so that the policy learns where to keep to it and where to leave it.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from paiju.core.protocol import Action, View
from paiju.lukfu.engine.actions import CALL, CALLING, DISCARD_DO, DOS, PASS, PLAY, LukFuAction
from paiju.lukfu.engine.cards import LI_CHEN, cards_of, mask, pack
from paiju.lukfu.engine.melds import GOK, SINGLE, Meld, has_beating, meld_of
from paiju.lukfu.engine.view import LukFuView
from paiju.lukfu.inference.knowledge import LEAD
from paiju.lukfu.players.strategy import choose, plan, strength

VERSION = "lukfu-1"

#: How an action stands: a call or pass, a lead, a play that follows, a discard, other.
CALLS, LEADS, FOLLOWS, DISCARDS, OTHER = range(5)
STANDS = 5
#: Meld classes: a single, Goks of 2 to 4, runs of 3, 4, 5 and longer.
CLASSES = 8
CARDS = LI_CHEN + 1


def _layout() -> tuple[dict[str, int], int]:
    """Each block's offset, and the features' count."""
    widths = {
        "do": len(DOS) * 3 * 3 * 4,
        "call": 2 * 11 * 3,
        "call_aged": 2 * 8 * 3,
        "card": CARDS * 3,
        "class_number": CLASSES * 9 * 2,
        "class_suit": CLASSES * 5 * 2,
        "sure": CLASSES * 2 * 2,
        "plan": 3 * 3,
        "aged": 4 * 3,
        "last": 2 * 2,
        "round": 4 * STANDS,
        "mine": 7 * STANDS,
        "theirs": 7 * STANDS,
        "caller": 3 * STANDS,
        "club": STANDS * 4 * 2,
    }
    at, offset = {}, 0
    for name, width in widths.items():
        at[name] = offset
        offset += width
    return at, offset


AT, SIZE = _layout()
_DO = {do: i for i, do in enumerate(DOS)}


def meld_class(m: Meld) -> int:
    """A meld's class: 0 a single, 1-3 Goks of 2-4, 4-7 runs of 3, 4, 5 and longer."""
    if m.kind == SINGLE:
        return 0
    if m.kind == GOK:
        return min(m.size, 4) - 1
    return 4 + min(m.size, 6) - 3


def _last_to_play(view: LukFuView) -> bool:
    """Whether this seat plays last to the round now (two plays since its lead)."""
    plays = 0
    for event in reversed(view.events):
        plays += 1
        if event.kind == LEAD:
            break
    return view.top is not None and plays == 2


class LukFuEncoder:
    """The Luk Fu features (see the module's docstring)."""

    version = VERSION
    size = SIZE

    def encode(self, view: View, actions: Sequence[Action]) -> list[list[int]]:
        """For each of ``actions``, the indices of its features."""
        if not isinstance(view, LukFuView):
            raise TypeError(f"Luk Fu features read a Luk Fu view, not {type(view).__name__}")
        return Reading(view).encode(actions)


class Reading:
    """What the features need from one view, read once for all its actions."""

    def __init__(self, view: LukFuView) -> None:
        self.view = view
        seat = view.seat
        self.seat = seat
        self.aged = view.aged()
        self.plan = plan(view.hand & ~self.aged)
        self.planned = sum(m.cards for m in self.plan)
        seen = view.hand
        for event in view.events:
            seen |= event.cards
        self.unseen = mask(pack(view.players)) & ~seen
        caller = view.caller
        self.calling = 0 if caller is None else 1 if caller == seat else 2
        self.role = min(seat, 2)
        self.round = min(view.round // 3, 3)
        tricks = view.tricks
        self.mine = min(tricks[seat], 6)
        self.theirs = min(max(t for s, t in enumerate(tricks) if s != seat), 6)
        self.last = _last_to_play(view)
        self.club = choose(view, Random(0)) if len(view.legal_actions()) > 1 else None

    def stand(self, a: LukFuAction) -> int:
        """How ``a`` stands (:data:`CALLS` ...)."""
        do = a[1]
        if do in (CALL, PASS):
            return CALLS
        if do == DISCARD_DO:
            return DISCARDS
        if do == PLAY:
            return FOLLOWS if self.view.top is not None else LEADS
        return OTHER

    def encode(self, actions: Sequence[Action]) -> list[list[int]]:
        out = []
        for a in actions:
            assert isinstance(a, LukFuAction)
            out.append(self.features(a))
        return out

    def features(self, a: LukFuAction) -> list[int]:
        """The indices of ``a``'s features."""
        do, cards = a[1], a[2]
        stand = self.stand(a)
        f = [AT["do"] + ((_DO[do] * 3 + self.role) * 3 + self.calling) * 4 + self.round,
             AT["round"] + self.round * STANDS + stand,
             AT["mine"] + self.mine * STANDS + stand,
             AT["theirs"] + self.theirs * STANDS + stand,
             AT["caller"] + self.calling * STANDS + stand]
        if self.club is not None and a == self.club:
            f.append(AT["club"] + (stand * 4 + self.round) * 2)
            f.append(AT["club"] + (stand * 4 + min(self.mine, 3)) * 2 + 1)
        if stand == CALLS or (self.view.phase == CALLING and do == PLAY):
            self._calling(f, do == PASS)
        if cards and do in (PLAY, DISCARD_DO):
            self._cards(f, cards, stand)
        return f

    def _calling(self, f: list[int], passes: bool) -> None:
        """Call or pass (a Master's call by his first lead counts as a call) by the hand."""
        view, k = self.view, int(passes)
        likely = min(int(strength(view.hand, self.aged) + 0.5), 10)
        f.append(AT["call"] + (k * 11 + likely) * 3 + self.role)
        f.append(AT["call_aged"] + (k * 8 + min(self.aged.bit_count(), 7)) * 3 + self.role)

    def _cards(self, f: list[int], cards: int, stand: int) -> None:
        """The features of the cards a play or discard spends."""
        kind = 0 if stand == LEADS else 1 if stand == FOLLOWS else 2
        for c in cards_of(cards):
            f.append(AT["card"] + c * 3 + kind)
        aged = (cards & self.aged).bit_count()
        f.append(AT["aged"] + min(aged, 3) * 3 + kind)
        planned = cards & self.planned
        is_plan = any(cards == m.cards for m in self.plan)
        f.append(AT["plan"] + kind * 3 + (2 if is_plan else 1 if planned else 0))
        if kind:
            f.append(AT["last"] + int(self.last) * 2 + kind - 1)
        if kind == 2:
            return
        m = meld_of(cards)
        if m is None:
            return
        cls = meld_class(m)
        f.append(AT["class_number"] + (cls * 9 + m.number - 1) * 2 + kind)
        f.append(AT["class_suit"] + (cls * 5 + (m.suit if m.suit >= 0 else 4)) * 2 + kind)
        sure = not has_beating(self.unseen & ~self.view.hand, m)
        f.append(AT["sure"] + (cls * 2 + int(sure)) * 2 + kind)


def encoder() -> LukFuEncoder:
    """The Luk Fu features."""
    return LukFuEncoder()
