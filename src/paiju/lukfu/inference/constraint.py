"""One seat's constraint problem: where the cards it has not seen may lie.

:func:`build` turns a :class:`~paiju.lukfu.inference.knowledge.Knowledge` into a :class:`Problem`
of segments, limits and nogoods; :mod:`paiju.lukfu.inference.search` looks for worlds in it. The
model and its sources are described in :mod:`paiju.lukfu.inference.inference` and
docs/lukfu-aged.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from paiju.core.errors import PaijuError
from paiju.lukfu.engine.cards import (
    IRON_SINGLES,
    SUIT_MASK,
    SUITS,
    Card,
    above_in_suit,
    card,
    cards_of,
    mask,
    spoken,
)
from paiju.lukfu.engine.melds import GOK, RUN, SINGLE, Meld
from paiju.lukfu.inference.knowledge import DISCARD, Event, Knowledge, proven_from

#: Position of a seat's current hand in its list of places (after all its discards).
HAND = -1
_IRON = mask(IRON_SINGLES)


class InconsistentKnowledge(PaijuError, ValueError):
    """A :class:`Knowledge` that no real hand could produce; the message says why."""


@dataclass(frozen=True, slots=True)
class Exclusion:
    """Why a card cannot be in a seat's hand now: that seat's surrender ``event``."""

    seat: int
    event: Event


@dataclass(frozen=True, slots=True)
class Problem:
    """The observer's constraint problem.

    Segments are numbered globally: the first opponent's, then the second's, then the
    dreamer's (four players). ``seg_owner[g]`` is 0 or 1 (which opponent) or 2 (dreamer);
    ``seg_local[g]`` the segment's index within its seat; ``seg_places[g]`` the places it
    merges, each ``(event index or HAND, number of cards)``. ``first_seg[o]`` and
    ``n_segs[o]`` locate opponent ``o``'s segments; its last segment holds its hand.
    ``lims[c]`` is ``(a, b)``: card ``c`` may lie only in the first ``a`` segments of
    opponent 0 and the first ``b`` of opponent 1 (and with the dreamer). ``nogoods`` are
    ``(opponent, start, cover, cards)``: not all of ``cards`` may lie in that opponent's
    segments from ``start`` on (the global segments of bitset ``cover``). ``hard`` lists
    the cards of nogoods, those sharing a nogood next to each other.
    """

    knowledge: Knowledge
    opponents: tuple[int, int]
    unknown: int
    seg_owner: tuple[int, ...]
    seg_local: tuple[int, ...]
    seg_cap: tuple[int, ...]
    seg_places: tuple[tuple[tuple[int, int], ...], ...]
    first_seg: tuple[int, int]
    n_segs: tuple[int, int]
    dreamer_seg: int
    lims: dict[Card, tuple[int, int]]
    nogoods: tuple[tuple[int, int, int, int], ...]
    nogoods_of: dict[Card, tuple[int, ...]]
    hard: tuple[Card, ...]
    exclusions: dict[tuple[Card, int], Exclusion]

    def hand_seg(self, o: int) -> int:
        """The global segment holding opponent ``o``'s current hand."""
        return self.first_seg[o] + self.n_segs[o] - 1

    def domain(self, c: Card) -> int:
        """Bitset of the global segments card ``c`` may lie in."""
        a, b = self.lims[c]
        dom = (1 << a) - 1
        dom |= ((1 << b) - 1) << self.first_seg[1]
        if self.dreamer_seg >= 0:
            dom |= 1 << self.dreamer_seg
        return dom


# ---------------------------------------------------------------- beating melds


@lru_cache(maxsize=512)
def minimal_beaters(top: Meld) -> tuple[int, ...]:
    """The smallest card sets that beat ``top``: a hand beats it iff it holds one of them."""
    out: list[int] = []
    if top.kind == SINGLE:
        if top.cards & _IRON or top.suit < 0:
            return ()
        return tuple(1 << c for c in cards_of(above_in_suit(top.cards.bit_length() - 1)))
    if top.kind == GOK:
        for number in range(1, 10):
            four = [card(s, number) for s in SUITS]
            for combo in combinations(four, top.size):
                meld = Meld(GOK, mask(combo), top.size, -1, number)
                if meld.beats(top):
                    out.append(meld.cards)
        return tuple(out)
    if top.kind == RUN:
        for s in SUITS:
            for low in range(1, 11 - top.size):
                run = ((1 << top.size) - 1) << (9 * s + low - 1)
                meld = Meld(RUN, run & SUIT_MASK[s], top.size, s, low)
                if meld.beats(top):
                    out.append(meld.cards)
    return tuple(out)


# ---------------------------------------------------------------- building the problem


def _pack_mask(players: int) -> int:
    return (1 << (36 if players == 3 else 37)) - 1


def where(k: Knowledge) -> str:
    return f"the knowledge of seat {k.observer}"


def validate(k: Knowledge) -> None:
    """Refuse a knowledge value no real hand could give, naming the problem."""
    if k.players not in (3, 4):
        raise InconsistentKnowledge(f"Luk Fu is for 3 or 4 players, not {k.players}")
    if k.observer not in (0, 1, 2):
        raise InconsistentKnowledge(f"the observer must be active seat 0, 1 or 2, not {k.observer}")
    try:
        proven_from(k.surrender, 0)
    except ValueError as unknown:
        raise InconsistentKnowledge(str(unknown)) from None
    if len(k.hand_counts) != 3 or any(n < 0 for n in k.hand_counts):
        raise InconsistentKnowledge(f"hand counts {k.hand_counts} are not three counts >= 0")
    full = _pack_mask(k.players)
    if k.hand & ~full:
        raise InconsistentKnowledge(f"{where(k)}: the hand holds a card not in the pack")
    if k.hand.bit_count() != k.hand_counts[k.observer]:
        raise InconsistentKnowledge(
            f"{where(k)}: it holds {k.hand.bit_count()} cards but its count says "
            f"{k.hand_counts[k.observer]}"
        )
    seen = k.hand
    for e in k.events:
        if e.seat not in (0, 1, 2) or e.count < 1:
            raise InconsistentKnowledge(f"{where(k)}: a play in round {e.round} is malformed")
        if e.cards:
            if e.cards & ~full or e.cards.bit_count() != e.count:
                raise InconsistentKnowledge(
                    f"{where(k)}: the cards of seat {e.seat}'s play in round {e.round} do "
                    "not match its count"
                )
            if e.cards & seen:
                raise InconsistentKnowledge(
                    f"{where(k)}: {spoken((e.cards & seen).bit_length() - 1)} is seen twice"
                )
            seen |= e.cards
        elif e.kind != DISCARD or e.seat == k.observer:
            raise InconsistentKnowledge(
                f"{where(k)}: only another seat's face-down discard may hide its cards "
                f"(seat {e.seat}, round {e.round})"
            )


def build(k: Knowledge) -> Problem:
    """The constraint problem of ``k``; raises :class:`InconsistentKnowledge` on bad input."""
    validate(k)
    known = k.hand
    for e in k.events:
        known |= e.cards
    unknown = _pack_mask(k.players) & ~known
    opponents = tuple(s for s in (0, 1, 2) if s != k.observer)
    assert len(opponents) == 2

    seg_owner: list[int] = []
    seg_local: list[int] = []
    seg_cap: list[int] = []
    seg_places: list[tuple[tuple[int, int], ...]] = []
    first_seg: list[int] = []
    n_segs: list[int] = []
    unary: list[tuple[int, int, Card, Event]] = []  # (opponent, start segment, card, why)
    multi: list[tuple[int, int, int]] = []  # (opponent, start segment, cards)
    capacity = 0

    for o, seat in enumerate(opponents):
        places = [(i, e.count) for i, e in enumerate(k.events) if e.seat == seat and not e.cards]
        places.append((HAND, k.hand_counts[seat]))
        capacity += sum(n for _, n in places)
        order = [i if i != HAND else len(k.events) for i, _ in places]
        constraints: list[tuple[int, Event, list[int]]] = []
        cuts = {0}
        for i, e in enumerate(k.events):
            if e.seat != seat or e.kind != DISCARD or e.top is None:
                continue
            # the first play the constraint covers: what the surrender proves
            covered_from = proven_from(k.surrender, i)
            start = next(p for p, ev in enumerate(order) if ev >= covered_from)
            later = 0
            for e2 in k.events[covered_from:]:
                if e2.seat == seat:
                    later |= e2.cards
            reduced: list[int] = []
            for beater in minimal_beaters(e.top):
                if beater & ~(unknown | later):
                    continue
                rest = beater & unknown
                if not rest:
                    how = "before" if covered_from == i else "after"
                    raise InconsistentKnowledge(
                        f"{where(k)}: seat {seat} discarded in round {e.round} yet held a "
                        f"meld beating the {e.top.describe()} {how} its discard"
                    )
                reduced.append(rest)
            if reduced:
                constraints.append((start, e, reduced))
                cuts.add(start)
        bounds = sorted(cuts)
        first_seg.append(len(seg_owner))
        n_segs.append(len(bounds))
        seg_index = {}
        for si, lo in enumerate(bounds):
            hi = bounds[si + 1] if si + 1 < len(bounds) else len(places)
            seg_owner.append(o)
            seg_local.append(si)
            seg_cap.append(sum(n for _, n in places[lo:hi]))
            seg_places.append(tuple(places[lo:hi]))
            seg_index[lo] = si
        for start, e, reduced in constraints:
            s = seg_index[start]
            for rest in reduced:
                if rest.bit_count() == 1:
                    unary.append((o, s, rest.bit_length() - 1, e))
                else:
                    multi.append((o, s, rest))

    dreamer_seg = -1
    if k.players == 4:
        dreamer_seg = len(seg_owner)
        seg_owner.append(2)
        seg_local.append(0)
        seg_cap.append(1)
        seg_places.append(())
        capacity += 1

    if capacity != unknown.bit_count():
        raise InconsistentKnowledge(
            f"{where(k)}: {unknown.bit_count()} cards are unseen but the counts of hands, "
            f"face-down discards and the dreamer's card come to {capacity}"
        )

    lims: dict[Card, list[int]] = {c: [n_segs[0], n_segs[1]] for c in cards_of(unknown)}
    exclusions: dict[tuple[Card, int], Exclusion] = {}
    for o, s, c, e in unary:
        if s < lims[c][o]:
            lims[c][o] = s
        exclusions.setdefault((c, o), Exclusion(opponents[o], e))

    nogoods: list[tuple[int, int, int, int]] = []
    seen_nogoods: set[tuple[int, int]] = set()
    for o, s, rest in multi:
        if any(lims[c][o] <= s for c in cards_of(rest)):
            continue  # one of its cards can never be there: it cannot be completed
        cover = 0
        for local in range(s, n_segs[o]):
            cover |= 1 << (first_seg[o] + local)
        if (cover, rest) not in seen_nogoods:
            seen_nogoods.add((cover, rest))
            nogoods.append((o, s, cover, rest))
    by_card: dict[Card, list[int]] = {}
    for index, (*_, rest) in enumerate(nogoods):
        for c in cards_of(rest):
            by_card.setdefault(c, []).append(index)
    hard = _linked_order(by_card, nogoods)

    return Problem(
        knowledge=k,
        opponents=(opponents[0], opponents[1]),
        unknown=unknown,
        seg_owner=tuple(seg_owner),
        seg_local=tuple(seg_local),
        seg_cap=tuple(seg_cap),
        seg_places=tuple(seg_places),
        first_seg=(first_seg[0], first_seg[1]),
        n_segs=(n_segs[0], n_segs[1]),
        dreamer_seg=dreamer_seg,
        lims={c: (v[0], v[1]) for c, v in lims.items()},
        nogoods=tuple(nogoods),
        nogoods_of={c: tuple(v) for c, v in by_card.items()},
        hard=tuple(hard),
        exclusions=exclusions,
    )


def _linked_order(
    by_card: dict[Card, list[int]], nogoods: list[tuple[int, int, int, int]]
) -> list[Card]:
    """The cards of nogoods, breadth first along shared nogoods, busiest first.

    Cards of one nogood come close together, so a nogood is complete (and checked)
    early, and once a group of cards is placed it no longer matters to the rest.
    """
    order: list[Card] = []
    placed: set[Card] = set()
    for start in sorted(by_card, key=lambda c: (-len(by_card[c]), c)):
        if start in placed:
            continue
        queue = [start]
        placed.add(start)
        while queue:
            c = queue.pop(0)
            order.append(c)
            for index in by_card[c]:
                for other in cards_of(nogoods[index][3]):
                    if other not in placed:
                        placed.add(other)
                        queue.append(other)
    return order


@lru_cache(maxsize=64)
def problem(k: Knowledge) -> Problem:
    """:func:`build`, remembered for the last few knowledge values."""
    return build(k)
