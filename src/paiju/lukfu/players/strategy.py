"""The Luk Fu rule-based player: how a club player plays, written down.

It reads only its seat's view (:class:`SeatReading`): its hand, the public history,
the round's highest meld, and its legal actions. The rules, in order:

* **Five Tigers.** Claim it: a sure eight tricks (000 'Ng Fu Ha San').
* **Calling.** Count the hand's likely tricks (:func:`strength`): aged cards, Goks by
  their height, runs by their suit and length, keeping Goks and runs together
  (:func:`plan`). The Master calls from a lower count than players 2 and 3, because a
  privileged or Vulnerable caller pays another loser's loss if he fails (000 'Calling';
  001 'Vulnerable'). Under ``master_call=lead`` the Master's call is his first lead.
* **Declaring.** Declare as soon as it is legal: six is paid, and playing on risks the
  others reaching six first (000 'Winning requirements').
* **Leading.** Lead a Gok or run that nothing unseen can beat (it wins its tricks and
  keeps the lead); else the strongest Gok or run of the plan when it is likely to hold;
  else a single: the lowest of the longest suit among the singles the lead rules allow,
  taken from cards outside the plan's Goks and runs.
* **Following.** Beat with the cheapest meld that breaks no planned Gok or run, and only
  when the beat is likely to stand (it is the last play of the round, or nothing unseen
  beats it) or costs only a loose card; otherwise discard the least useful cards: loose
  low cards of low suits first, aged cards and planned melds last.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from random import Random
from typing import Protocol

from paiju.lukfu.engine.actions import (
    CALL,
    CALLING,
    CLAIM_TIGERS,
    DECLARE,
    DISCARD_DO,
    PASS,
    PLAY,
    LukFuAction,
    grouped,
)
from paiju.lukfu.engine.cards import (
    LI_CHEN,
    SUIT_MASK,
    cards_of,
    mask,
    number_of,
    pack,
    suit_of,
)
from paiju.lukfu.engine.melds import GOK, SINGLE, Meld, has_beating, meld_of, melds_in
from paiju.lukfu.inference.knowledge import LEAD, Event


class SeatReading(Protocol):
    """What the player reads of a seat's view: a :class:`~paiju.lukfu.engine.view.LukFuView`,
    or the play-outs' cheaper :class:`~paiju.lukfu.fast.playout.SeatView`."""

    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def top(self) -> Meld | None: ...
    @property
    def events(self) -> Sequence[Event]: ...
    def legal_actions(self) -> Sequence[LukFuAction]: ...
    def aged(self) -> int: ...


#: Likely tricks needed to call: the Master, and players 2 and 3 (who pay more if they lose).
CALL_MASTER, CALL_OTHER = 5.0, 6.0


@lru_cache(maxsize=4096)
def plan(hand: int) -> tuple[Meld, ...]:
    """Disjoint Goks and runs of ``hand`` covering the most cards (then the highest ones)."""
    options = [m for m in melds_in(hand) if m.kind != SINGLE]
    best: tuple[tuple[int, int], tuple[Meld, ...]] = ((0, 0), ())

    def search(start: int, used: int, chosen: tuple[Meld, ...]) -> None:
        nonlocal best
        covered = used.bit_count()
        height = sum(m.number * m.size for m in chosen)
        if (covered, height) > best[0]:
            best = ((covered, height), chosen)
        for i in range(start, len(options)):
            m = options[i]
            if not m.cards & used:
                search(i + 1, used | m.cards, (*chosen, m))

    search(0, 0, ())
    return best[1]


def meld_worth(m: Meld) -> float:
    """The chance-weighted tricks a Gok or run is worth when led."""
    if m.kind == GOK:
        chance = 1.0 if m.number >= 7 else 0.8 if m.number == 1 else m.number / 8
        return m.size * min(chance, 1.0)
    suit_chance = (1.0, 0.8, 0.55, 0.35)[m.suit]
    return m.size * min(1.0, suit_chance + 0.1 * (m.size - 3) + 0.03 * m.number)


def strength(hand: int, aged_cards: int) -> float:
    """Likely tricks in ``hand``: aged cards, then planned Goks and runs, then high loose cards."""
    melds = plan(hand & ~aged_cards)
    total = float(aged_cards.bit_count())
    in_melds = 0
    for m in melds:
        total += meld_worth(m)
        in_melds |= m.cards
    for c in cards_of(hand & ~aged_cards & ~in_melds):
        if c != LI_CHEN and number_of(c) == 8:
            total += 0.4
    return total


def unseen(view: SeatReading) -> int:
    """Cards this seat has not seen: not in its hand and not played face up."""
    seen = view.hand
    for event in view.events:
        seen |= event.cards
    return mask(pack(view.players)) & ~seen


def _card_value(c: int, aged_cards: int, planned: int) -> float:
    """How much a card is worth keeping (lower goes first in a discard)."""
    if aged_cards >> c & 1:
        return 100.0
    value = number_of(c) + (3 - suit_of(c)) * 0.5 if c != LI_CHEN else 0.0
    if planned >> c & 1:
        value += 50.0
    return value


def _lead(view: SeatReading, plays: list[int], fallback: LukFuAction,
          aged_cards: int) -> LukFuAction:
    hand = view.hand
    outside = unseen(view)
    read = [(c, meld_of(c)) for c in plays]
    melds = [(c, m) for c, m in read if m is not None and m.kind != SINGLE]
    sure = [(c, m) for c, m in melds if not has_beating(outside, m)]
    if sure:
        return _play(view, max(sure, key=lambda cm: (cm[1].size, cm[1].number))[0])
    planned_melds = plan(hand & ~aged_cards)
    planned = {m.cards for m in planned_melds}
    strong = [(c, m) for c, m in melds if m.cards in planned and meld_worth(m) >= 0.8 * m.size]
    if strong:
        return _play(view, max(strong, key=lambda cm: meld_worth(cm[1]))[0])
    in_plan = sum(planned)
    singles = [(c, m) for c, m in read if m is not None and m.kind == SINGLE]
    loose = [(c, m) for c, m in singles if not m.cards & in_plan] or singles
    if loose:
        def length(m: Meld) -> int:
            return (hand & SUIT_MASK[m.suit]).bit_count() if m.suit >= 0 else 0

        return _play(view, min(loose, key=lambda cm: (cm[1].cards & aged_cards != 0,
                                                      -length(cm[1]), cm[1].number,
                                                      -cm[1].suit))[0])
    if melds:
        return _play(view, min(melds, key=lambda cm: (meld_worth(cm[1]), cm[1].size))[0])
    return fallback


def _follow(view: SeatReading, beats: list[int], discards: list[int],
            aged_cards: int) -> LukFuAction:
    hand = view.hand
    planned_melds = plan(hand & ~aged_cards)
    planned = sum(m.cards for m in planned_melds)
    outside = unseen(view)
    last_to_play = _last_to_play(view)
    good = []
    for cards in beats:
        m = meld_of(cards)
        assert m is not None
        breaks = cards & planned and not any(cards == p.cards for p in planned_melds)
        stands = last_to_play or not has_beating(outside & ~hand, m)
        cheap = m.kind == SINGLE and not cards & (planned | aged_cards)
        if not breaks and (stands or cheap):
            good.append((cards, m))
    if good:
        return _play(view, min(good, key=lambda cm: (cm[1].number, cm[1].size))[0])
    # the worth of each card in hand, read once (a discard's is the sum of its cards')
    worth = [0.0] * (LI_CHEN + 2)
    for c in cards_of(hand):
        worth[c] = _card_value(c, aged_cards, planned)
    if discards:
        cards = min(discards, key=lambda d: _worth_of(d, worth))
        return LukFuAction(view.seat, DISCARD_DO, cards)
    return _play(view, min(beats, key=lambda b: _worth_of(b, worth)))


def _worth_of(cards: int, worth: list[float]) -> float:
    """The sum of ``worth`` over ``cards``, lowest card first."""
    total = 0.0
    while cards:
        low = cards & -cards
        total += worth[low.bit_length() - 1]
        cards ^= low
    return total


def _play(view: SeatReading, cards: int) -> LukFuAction:
    return LukFuAction(view.seat, PLAY, cards)


def _last_to_play(view: SeatReading) -> bool:
    """Whether this seat plays last to the current round."""
    plays = 0
    for event in reversed(view.events):
        plays += 1
        if event.kind == LEAD:
            break
    return plays == 2


def choose(view: SeatReading, rng: Random) -> LukFuAction:
    """The club player's action from ``view`` (``rng`` is unused: the player is deterministic)."""
    seat = view.seat
    # the legal actions by kind, in their order: a position may allow hundreds of discards,
    # which are weighed as bitsets; only the action chosen is built
    groups = grouped(view.legal_actions())

    def cards_to(kind: str) -> list[int]:
        return [c for do, cards in groups if do == kind for c in cards]

    def first(skip: str = "") -> LukFuAction:
        return next(LukFuAction(seat, do, cards[0]) for do, cards in groups
                    if cards and do != skip)

    dos = {do for do, cards in groups if cards}
    if CLAIM_TIGERS in dos:
        return LukFuAction(seat, CLAIM_TIGERS, cards_to(CLAIM_TIGERS)[0])
    if DECLARE in dos:
        return LukFuAction(seat, DECLARE, cards_to(DECLARE)[0])
    aged_cards = view.aged()
    if CALL in dos or view.phase == CALLING:
        need = CALL_MASTER if seat == 0 else CALL_OTHER
        wants = strength(view.hand, aged_cards) >= need
        if CALL in dos:
            kind = CALL if wants else PASS
            return LukFuAction(seat, kind, cards_to(kind)[0])
        if not wants:
            return LukFuAction(seat, PASS, cards_to(PASS)[0])
        return _lead(view, cards_to(PLAY), first(skip=PASS), aged_cards)
    if view.top is None:
        return _lead(view, cards_to(PLAY), first(), aged_cards)
    return _follow(view, cards_to(PLAY), cards_to(DISCARD_DO), aged_cards)
