"""A dealt hand wound back to the start of its play (:meth:`DaifugoView.sample_replay`).

A player that models its opponents checks a sampled deal against what they did: it
winds the sample back to the first play after the exchange, replays the public
actions from there, and asks its model at each of the others' decisions. The hands at
the start of play are the hands now plus the cards each seat has played since. That
is exact only while every card moved face up after the exchange, so a hand in which
a card has since moved face down (7-watashi, 10-sute, miyako-ochi's drop) is not
wound back.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from paiju.core.bitset import iter_members
from paiju.daifugo.engine.actions import Action
from paiju.daifugo.engine.cards import ALL_JOKERS, put
from paiju.daifugo.engine.position import EXCHANGE, Position
from paiju.daifugo.engine.state import DaifugoState


def start_of_play(state: DaifugoState) -> tuple[DaifugoState, list[Action]] | None:
    """``state`` as it stood at the first play or pass after the exchange, and the
    actions since, which bring it back to ``state``; ``None`` where a card has moved
    face down since then. ``state`` itself is left as it is."""
    acts = state.actions
    k = next((i for i, a in enumerate(acts) if a.do not in ("ask", "give")), len(acts))
    pos = state.pos
    if k == len(acts) or pos.phase == EXCHANGE:
        return state.clone(), []
    if any(i >= k for i, _, _, _ in pos.hidden):  # the discard pile and drop go this way too
        return None
    hands = pos.hands[:]
    jokers = pos.played & ALL_JOKERS
    for a in acts[k:]:
        if a.do != "play":
            continue
        meld = state.meld_of(a)
        hands[a.seat] = put(hands[a.seat], meld.naturals)
        for _ in range(meld.jokers):  # which joker went first does not matter to play
            low = jokers & -jokers
            hands[a.seat] |= low
            jokers &= ~low
    leader = acts[k].seat
    start = state.clone()
    start.actions = acts[:k]
    start.dealt = hands[:]
    active = sum(1 << s for s in range(state.n) if hands[s])
    start.pos = Position(hands, leader, active, lead_seat=leader, hidden=pos.hidden[:])
    return start, acts[k:]


@dataclass(frozen=True)
class Replay:
    """A sampled deal wound back to the start of play, the public actions since, and
    which of its cards the sampling seat could see elsewhere (:meth:`vary`)."""

    #: the state at the first play or pass after the exchange (copy it before playing)
    start: DaifugoState
    actions: list[Action]
    #: each seat's cards now in this deal
    now: tuple[int, ...]
    #: the cards the seat cannot place: any of them may be in any other seat's hand
    free: int
    #: the seat the view belongs to
    seat: int
    #: the poorer seat of the seat's exchange, and the cards it cannot have kept
    poor: int | None = None
    too_good: int = 0
    #: the two seats whose hands the last :meth:`vary` changed
    changed: tuple[int, ...] = ()

    def state(self) -> DaifugoState:
        """A new state: :attr:`start` played through :attr:`actions` (the deal now)."""
        out = self.start.clone()
        for action in self.actions:
            out.apply(action)
        return out

    def vary(self, rng: Random, seats: list[int]) -> Replay | None:
        """The same deal with one free card of one of ``seats`` swapped for one of
        another seat's (not the viewer's), within what the viewer knows; ``None`` if the
        swap drawn would give the poor a card they could not have kept, or there is
        no swap to draw."""
        holders = [s for s in range(len(self.now)) if s != self.seat and self.now[s] & self.free]
        mine = [s for s in seats if s in holders]
        if not mine or len(holders) < 2:
            return None
        a = mine[rng.randrange(len(mine))]
        others = [s for s in holders if s != a]
        b = others[rng.randrange(len(others))]
        ca = list(iter_members(self.now[a] & self.free))
        cb = list(iter_members(self.now[b] & self.free))
        x, y = ca[rng.randrange(len(ca))], cb[rng.randrange(len(cb))]
        swap = 1 << x | 1 << y
        if self.poor in (a, b):  # the poor must not gain a card it could not have kept
            gets = y if self.poor == a else x
            gives = x if self.poor == a else y
            if self.too_good >> gets & 1 and not self.too_good >> gives & 1:
                return None
        now = list(self.now)
        now[a] ^= swap
        now[b] ^= swap
        start = self.start.clone()
        start.pos.hands[a] ^= swap
        start.pos.hands[b] ^= swap
        start.dealt = list(start.pos.hands)
        return Replay(start, self.actions, tuple(now), self.free, self.seat, self.poor,
                      self.too_good, (a, b))
