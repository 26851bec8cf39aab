"""What one seat can deduce about the cards it cannot see, as a small constraint problem.

The observer sees its own hand, its own face-down discards, every face-up play, how many
cards each seat holds and discarded at each play, and what each surrender reveals. The
cards it has not seen (the *unknown* cards) lie in the other two active seats' hands, in
their face-down discards, or with the dreamer (four players). A *world* places every
unknown card in one of those places, with the right number of cards in each.

Constraints (see docs/lukfu-aged.md for sources and soundness):

- hands only lose cards, so a seat's hand at a play is its hand now plus everything it
  played afterwards;
- under the surrender rule ``strict`` a seat that discarded held no meld beating the
  round's highest meld just before its discard; under ``break`` it held none just after.

Each constraint says "this seat's cards from some play onwards contain no beating meld".
A beating meld made of one unknown card (the others, if any, seen face up in that seat's
later plays) simply keeps that card out of the seat's later places. A beating meld of
several unknown cards forbids them being there *together*; only those need a search.

The places of a seat are merged into *segments*: runs of its face-down discards (and its
hand, last) that every constraint treats alike. A world is found by backtracking over
the cards of several-card constraints, with Hall's condition deciding whether the
remaining cards (each limited to a first few segments of each seat) still fit.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from paiju.core.errors import PaijuError
from paiju.lukfu.cards import (
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
from paiju.lukfu.knowledge import BREAK, DISCARD, STRICT, Event, Hidden, Knowledge
from paiju.lukfu.melds import GOK, RUN, SINGLE, Meld, has_beating

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


def _where(k: Knowledge) -> str:
    return f"the knowledge of seat {k.observer}"


def validate(k: Knowledge) -> None:
    """Refuse a knowledge value no real hand could give, naming the problem."""
    if k.players not in (3, 4):
        raise InconsistentKnowledge(f"Luk Fu is for 3 or 4 players, not {k.players}")
    if k.observer not in (0, 1, 2):
        raise InconsistentKnowledge(f"the observer must be active seat 0, 1 or 2, not {k.observer}")
    if k.surrender not in (STRICT, BREAK):
        raise InconsistentKnowledge(
            f"unknown surrender rule {k.surrender!r}; it is {STRICT!r} or {BREAK!r}"
        )
    if len(k.hand_counts) != 3 or any(n < 0 for n in k.hand_counts):
        raise InconsistentKnowledge(f"hand counts {k.hand_counts} are not three counts >= 0")
    full = _pack_mask(k.players)
    if k.hand & ~full:
        raise InconsistentKnowledge(f"{_where(k)}: the hand holds a card not in the pack")
    if k.hand.bit_count() != k.hand_counts[k.observer]:
        raise InconsistentKnowledge(
            f"{_where(k)}: it holds {k.hand.bit_count()} cards but its count says "
            f"{k.hand_counts[k.observer]}"
        )
    seen = k.hand
    for e in k.events:
        if e.seat not in (0, 1, 2) or e.count < 1:
            raise InconsistentKnowledge(f"{_where(k)}: a play in round {e.round} is malformed")
        if e.cards:
            if e.cards & ~full or e.cards.bit_count() != e.count:
                raise InconsistentKnowledge(
                    f"{_where(k)}: the cards of seat {e.seat}'s play in round {e.round} do "
                    "not match its count"
                )
            if e.cards & seen:
                raise InconsistentKnowledge(
                    f"{_where(k)}: {spoken((e.cards & seen).bit_length() - 1)} is seen twice"
                )
            seen |= e.cards
        elif e.kind != DISCARD or e.seat == k.observer:
            raise InconsistentKnowledge(
                f"{_where(k)}: only another seat's face-down discard may hide its cards "
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
    strict = k.surrender == STRICT

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
            after = i if strict else i + 1
            start = next(p for p, ev in enumerate(order) if ev >= after)
            later = 0
            for e2 in k.events[after:]:
                if e2.seat == seat:
                    later |= e2.cards
            reduced: list[int] = []
            for beater in minimal_beaters(e.top):
                if beater & ~(unknown | later):
                    continue
                rest = beater & unknown
                if not rest:
                    how = "before" if strict else "after"
                    raise InconsistentKnowledge(
                        f"{_where(k)}: seat {seat} discarded in round {e.round} yet held a "
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
            f"{_where(k)}: {unknown.bit_count()} cards are unseen but the counts of hands, "
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


# ---------------------------------------------------------------- searching for a world


def _hall_ok(p: Problem, cards: int, lims: dict[Card, tuple[int, int]], caps: list[int]) -> bool:
    """Whether the cards of bitset ``cards`` (each within ``lims``) fit the remaining ``caps``.

    A card may lie in the first ``a`` segments of one opponent, the first ``b`` of the
    other, and with the dreamer: every set of cards reaches such a union, so Hall's
    condition need only be checked on those unions.
    """
    if not cards:
        return True
    n0, n1 = p.n_segs
    width = n1 + 1
    grid = [0] * ((n0 + 1) * width)
    while cards:
        low = cards & -cards
        a, b = lims[low.bit_length() - 1]
        grid[a * width + b] += 1
        cards ^= low
    f0, f1 = p.first_seg
    dream = caps[p.dreamer_seg] if p.dreamer_seg >= 0 else 0
    pre1 = [0] * width
    for b in range(n1):
        pre1[b + 1] = pre1[b] + caps[f1 + b]
    column = [0] * width
    cap_a = dream
    for a in range(n0 + 1):
        row_total = 0
        base = a * width
        for b in range(width):
            row_total += grid[base + b]
            column[b] += row_total
            if column[b] > cap_a + pre1[b]:
                return False
        if a < n0:
            cap_a += caps[f0 + a]
    return True


class _Search:
    """Backtracking over the cards of several-card constraints.

    Placing a card checks its nogoods; a nogood left one card short keeps that card out
    of the nogood's segments (forward checking); Hall's condition prunes placements
    after which the remaining cards cannot fit; states already seen to fail, up to
    cards that no longer matter, are remembered.
    """

    def __init__(self, p: Problem, rng: random.Random | None) -> None:
        self.p = p
        self.rng = rng
        self.caps = list(p.seg_cap)
        self.content = [0] * len(p.seg_cap)
        self.placed = 0
        self.seg_of: dict[Card, int] = {}
        self.lims = dict(p.lims)
        self.trail: list[tuple[Card, tuple[int, int]]] = []
        self.failed: set[tuple[int, ...]] = set()

    def _domain(self, c: Card) -> int:
        a, b = self.lims[c]
        dom = ((1 << a) - 1) | (((1 << b) - 1) << self.p.first_seg[1])
        if self.p.dreamer_seg >= 0:
            dom |= 1 << self.p.dreamer_seg
        return dom

    def place(self, c: Card, g: int) -> bool:
        """Put ``c`` in segment ``g`` if room and constraints allow; report success.

        On success a mark is left for :meth:`unplace` to undo the forward checks.
        """
        if self.caps[g] <= 0 or not self._domain(c) >> g & 1:
            return False
        mark = len(self.trail)
        self.caps[g] -= 1
        self.content[g] |= 1 << c
        self.placed |= 1 << c
        self.seg_of[c] = g
        for index in self.p.nogoods_of.get(c, ()):
            o, start, cover, rest = self.p.nogoods[index]
            if not cover >> g & 1:
                continue
            missing = rest & ~_held(cover, self.content)
            if not missing:
                self._undo(c, mark)
                return False
            if missing & (missing - 1) == 0 and not missing & self.placed:
                m = missing.bit_length() - 1
                lim = self.lims[m]
                if lim[o] > start:
                    self.trail.append((m, lim))
                    self.lims[m] = (start, lim[1]) if o == 0 else (lim[0], start)
        self.trail.append((c, (-1, mark)))
        return True

    def _undo(self, c: Card, mark: int) -> None:
        while len(self.trail) > mark:
            m, lim = self.trail.pop()
            self.lims[m] = lim
        g = self.seg_of.pop(c)
        self.caps[g] += 1
        self.content[g] &= ~(1 << c)
        self.placed &= ~(1 << c)

    def unplace(self, c: Card) -> None:
        _, (_, mark) = self.trail.pop()
        self._undo(c, mark)

    def _choices(self, c: Card) -> list[int]:
        dom = self._domain(c)
        out = []
        while dom:
            low = dom & -dom
            g = low.bit_length() - 1
            if self.caps[g] > 0:
                out.append(g)
            dom ^= low
        if self.rng is not None:
            self.rng.shuffle(out)
        else:
            # least-constrained first: the dreamer, then each seat's earliest places
            out.sort(key=lambda g: (self.p.seg_owner[g] != 2, self.p.seg_local[g]))
        return out

    def fits(self) -> bool:
        return _hall_ok(self.p, self.p.unknown & ~self.placed, self.lims, self.caps)

    def _open(self, left: int) -> int:
        """The cards of the nogoods that some card of ``left`` is in."""
        out = 0
        for c in cards_of(left):
            for index in self.p.nogoods_of.get(c, ()):
                out |= self.p.nogoods[index][3]
        return out

    def solve(self, left: int) -> bool:
        """Place the cards of bitset ``left`` so that the rest still fit; backtracks.

        The card with the fewest places goes first. A failed state is remembered by the
        cards still to place, the room left, and where the placed cards of nogoods still
        open lie (where the others lie no longer matters).
        """
        if not self.fits():
            return False
        if not left:
            return True
        open_cards = self._open(left)
        key = (left, *self.caps, *(x & open_cards for x in self.content))
        if key in self.failed:
            return False
        best = -1
        best_choices: list[int] = []
        for c in cards_of(left):
            choices = self._choices(c)
            if best < 0 or len(choices) < len(best_choices):
                best, best_choices = c, choices
                if len(choices) <= 1:
                    break
        for g in best_choices:
            if self.place(best, g):
                if self.solve(left & ~(1 << best)):
                    return True
                self.unplace(best)
        self.failed.add(key)
        return False

    def fill_free(self) -> None:
        """Place the remaining cards (no nogood left open), each where the rest still fit."""
        free = cards_of(self.p.unknown & ~self.placed)
        if self.rng is not None:
            self.rng.shuffle(free)
        for c in free:
            for g in self._choices(c):
                if self.place(c, g):
                    if self.fits():
                        break
                    self.unplace(c)
            else:  # pragma: no cover - Hall's condition guarantees a place
                raise AssertionError("no place for an unconstrained card")


def _held(cover: int, content: list[int]) -> int:
    """The cards placed in the segments of the bitset ``cover``."""
    held = 0
    while cover:
        low = cover & -cover
        held |= content[low.bit_length() - 1]
        cover ^= low
    return held


def _violates(p: Problem, c: Card, content: list[int]) -> bool:
    """Whether some nogood of ``c`` lies complete in ``content``."""
    nogoods = p.nogoods
    return any(
        rest & ~_held(cover, content) == 0
        for _, _, cover, rest in (nogoods[index] for index in p.nogoods_of.get(c, ()))
    )


def find_world(
    p: Problem, forced: tuple[tuple[Card, int], ...] = (), rng: random.Random | None = None
) -> dict[Card, int] | None:
    """A world as ``{card: segment}`` with each ``(card, segment)`` of ``forced``, or None."""
    search = _Search(p, rng)
    for c, g in forced:
        if c in search.seg_of or not search.place(c, g):
            return None
    if not search.solve(mask(p.hard) & ~search.placed):
        return None
    search.fill_free()
    return dict(search.seg_of)


def can_hold(p: Problem, c: Card, o: int) -> bool:
    """Whether some world puts unknown card ``c`` in opponent ``o``'s hand now."""
    seat = p.opponents[o]
    if p.knowledge.hand_counts[seat] == 0 or p.lims[c][o] < p.n_segs[o]:
        return False
    search = _Search(p, None)
    if not search.place(c, p.hand_seg(o)):
        return False
    return search.solve(mask(p.hard) & ~search.placed)


@lru_cache(maxsize=256)
def possible_holders(k: Knowledge, cards: int) -> dict[Card, tuple[int, ...]]:
    """For each unknown card of bitset ``cards``: the active seats that may hold it now."""
    p = problem(k)
    return {
        c: tuple(p.opponents[o] for o in (0, 1) if can_hold(p, c, o))
        for c in cards_of(cards & p.unknown)
    }


# ---------------------------------------------------------------- sampling


def _consistent(p: Problem, seg_of: dict[Card, int], content: list[int]) -> bool:
    for c, g in seg_of.items():
        if not p.domain(c) >> g & 1:
            return False
    return all(rest & ~_held(cover, content) for _, _, cover, rest in p.nogoods)


def _rejection(p: Problem, rng: random.Random, tries: int) -> dict[Card, int] | None:
    cards = cards_of(p.unknown)
    for _ in range(tries):
        rng.shuffle(cards)
        seg_of: dict[Card, int] = {}
        content = [0] * len(p.seg_cap)
        i = 0
        for g, cap in enumerate(p.seg_cap):
            for c in cards[i : i + cap]:
                seg_of[c] = g
                content[g] |= 1 << c
            i += cap
        if _consistent(p, seg_of, content):
            return seg_of
    return None


def _mix(
    p: Problem, seg_of: dict[Card, int], rng: random.Random, steps: int, fixed: int = 0
) -> None:
    """Random swaps of two cards, kept when consistent: a walk whose stationary law is uniform.

    Cards of ``fixed`` stay where they are.
    """
    cards = [c for c in seg_of if not fixed >> c & 1]
    if len(cards) < 2:
        return
    content = [0] * len(p.seg_cap)
    for c, g in seg_of.items():
        content[g] |= 1 << c
    for _ in range(steps):
        x, y = rng.sample(cards, 2)
        gx, gy = seg_of[x], seg_of[y]
        if gx == gy or not p.domain(x) >> gy & 1 or not p.domain(y) >> gx & 1:
            continue
        content[gx] ^= (1 << x) | (1 << y)
        content[gy] ^= (1 << x) | (1 << y)
        if _violates(p, x, content) or _violates(p, y, content):
            content[gx] ^= (1 << x) | (1 << y)
            content[gy] ^= (1 << x) | (1 << y)
            continue
        seg_of[x], seg_of[y] = gy, gx


def sample_world(
    k: Knowledge, rng: random.Random, tries: int = 24, held: dict[int, int] | None = None,
    dreamer: Card | None = None,
) -> Hidden:
    """One world consistent with ``k``, uniform or close to it (see docs/lukfu-aged.md).

    ``held`` maps seats to cards known to be in their hands now (cards shown at the end
    of a hand: a declaration's aged cards, the Five Tigers), ``dreamer`` the dreamer's card
    once shown; the world keeps them there.
    """
    p = problem(k)
    forced = tuple(
        (c, p.hand_seg(o)) for o, seat in enumerate(p.opponents)
        for c in cards_of((held or {}).get(seat, 0) & p.unknown)
    )
    if dreamer is not None and p.dreamer_seg >= 0 and p.unknown >> dreamer & 1:
        forced += ((dreamer, p.dreamer_seg),)
    seg_of = _rejection(p, rng, tries) if p.unknown and not forced else None
    if not p.unknown:
        seg_of = {}
    if seg_of is None:
        found = find_world(p, forced, rng=rng)
        if found is None:
            raise InconsistentKnowledge(f"{_where(k)}: no deal is consistent with the play")
        seg_of = found
        if len(seg_of) > 1:
            _mix(p, seg_of, rng, 8 * len(seg_of), mask(c for c, _ in forced))
    return _to_hidden(p, seg_of, rng, mask(c for c, _ in forced))


def _to_hidden(
    p: Problem, seg_of: dict[Card, int], rng: random.Random, in_hand: int = 0
) -> Hidden:
    k = p.knowledge
    members: list[list[Card]] = [[] for _ in p.seg_cap]
    for c in sorted(seg_of):
        members[seg_of[c]].append(c)
    hands = [0, 0, 0]
    hands[k.observer] = k.hand
    plays = [e.cards for e in k.events]
    dreamer: int | None = None
    for g, group in enumerate(members):
        rng.shuffle(group)
        if in_hand:  # cards known to be in the hand go to the last place, the hand
            group.sort(key=lambda c: in_hand >> c & 1)
        if p.seg_owner[g] == 2:
            dreamer = group[0]
            continue
        seat = p.opponents[p.seg_owner[g]]
        i = 0
        for place, n in p.seg_places[g]:
            part = mask(group[i : i + n])
            i += n
            if place == HAND:
                hands[seat] = part
            else:
                plays[place] = part
    return Hidden(hands=(hands[0], hands[1], hands[2]), plays=tuple(plays), dreamer=dreamer)


# ---------------------------------------------------------------- the dreamer's samples


class _Bystander:
    """The dreamer's problem: every active seat's hand and every face-down discard unseen.

    Places are the face-down discards (in play order) and the three hands. A world obeys
    the surrender rule when, for each face-down discard, the seat's cards from then on
    (under ``strict`` the discard included, under ``break`` not) beat nothing: the same
    constraint as for an active seat, with no cards of one's own to reason from.
    """

    def __init__(self, events: tuple[Event, ...], hand_counts: tuple[int, int, int],
                 unseen: int, surrender: str, fixed: list[int]) -> None:
        self.unseen = unseen
        self.places: list[tuple[int, int]] = [  # (seat, event index or HAND)
            (e.seat, i) for i, e in enumerate(events) if e.kind == DISCARD
        ]
        self.places += [(s, HAND) for s in range(3)]
        self.room = [events[i].count for _, i in self.places[:-3]] + list(hand_counts)
        # constraints: (top, the seat's face-up cards from then on, places covered)
        self.rules: list[tuple[Meld, int, tuple[int, ...]]] = []
        self.rules_of: list[list[int]] = [[] for _ in self.places]
        for i, e in enumerate(events):
            if e.kind != DISCARD or e.top is None:
                continue
            start = i if surrender == STRICT else i + 1
            later = 0
            for j in range(start, len(events)):
                if events[j].seat == e.seat and events[j].kind != DISCARD:
                    later |= events[j].cards
            later |= fixed[e.seat]
            covered = tuple(
                p for p, (s, at) in enumerate(self.places)
                if s == e.seat and (at == HAND or at >= start)
            )
            for p in covered:
                self.rules_of[p].append(len(self.rules))
            self.rules.append((e.top, later, covered))

    def _ok(self, content: list[int], place: int) -> bool:
        for r in self.rules_of[place]:
            top, held, covered = self.rules[r]
            for p in covered:
                held |= content[p]
            if has_beating(held, top):
                return False
        return True

    def consistent(self, content: list[int]) -> bool:
        return all(self._ok(content, p) for p in range(len(self.places)))

    def random_fill(self, rng: random.Random) -> list[int]:
        cards = cards_of(self.unseen)
        rng.shuffle(cards)
        content, i = [], 0
        for n in self.room:
            content.append(mask(cards[i:i + n]))
            i += n
        return content

    def search(self, rng: random.Random | None, budget: int) -> list[int] | None:
        """A consistent world by backtracking (high cards first), or None when the budget
        (nodes, 0 for none) runs out first."""
        order = sorted(cards_of(self.unseen), key=lambda c: (-(c % 9), c))
        room = list(self.room)
        content = [0] * len(self.places)
        nodes = [budget]

        def go(i: int) -> bool:
            if i == len(order):
                return True
            if budget:
                nodes[0] -= 1
                if nodes[0] < 0:
                    raise TimeoutError
            c = order[i]
            places = [p for p in range(len(self.places)) if room[p]]
            if rng is not None:
                rng.shuffle(places)
            for p in places:
                content[p] |= 1 << c
                room[p] -= 1
                if self._ok(content, p) and go(i + 1):
                    return True
                content[p] &= ~(1 << c)
                room[p] += 1
            return False

        try:
            return content if go(0) else None
        except TimeoutError:
            return None

    def mix(self, content: list[int], rng: random.Random, steps: int) -> None:
        """Random swaps of two cards between places, kept when the world stays consistent."""
        where = {c: p for p, part in enumerate(content) for c in cards_of(part)}
        cards = list(where)
        if len(cards) < 2:
            return
        for _ in range(steps):
            x, y = rng.sample(cards, 2)
            px, py = where[x], where[y]
            if px == py:
                continue
            swap = (1 << x) | (1 << y)
            content[px] ^= swap
            content[py] ^= swap
            if self._ok(content, px) and self._ok(content, py):
                where[x], where[y] = py, px
            else:
                content[px] ^= swap
                content[py] ^= swap


def sample_for_bystander(
    events: tuple[Event, ...], hand_counts: tuple[int, int, int], unseen: int, surrender: str,
    rng: random.Random, held: dict[int, int] | None = None, tries: int = 24,
) -> tuple[list[int], list[int]]:
    """The dreamer's sample: ``(hands of seats 0-2, cards of each event)``.

    ``events`` are the plays as the dreamer saw them (face-down discards with no cards),
    ``unseen`` the cards it has not seen, ``held`` cards known to be in a seat's hand (shown
    at the end). Every sample obeys the surrender rule at every
    face-down discard of every seat. Up to ``tries`` random deals are tried first (exactly
    uniform when one passes); then a random backtracking search (complete: a last search
    without a budget always ends, and a world exists whenever the events come from a real
    hand) is followed by random swaps, as for an active seat.
    """
    held = held or {}
    fixed = [held.get(s, 0) & unseen for s in range(3)]
    room = tuple(hand_counts[s] - fixed[s].bit_count() for s in range(3))
    problem = _Bystander(events, (room[0], room[1], room[2]), unseen & ~sum(fixed), surrender,
                         fixed)
    found: list[int] | None = None
    for _ in range(tries):
        content = problem.random_fill(rng)
        if problem.consistent(content):
            found = content
            break
    if found is None:
        for budget in (2000, 20000):
            found = problem.search(rng, budget)
            if found is not None:
                break
        else:
            found = problem.search(None, 0)
        if found is None:
            raise InconsistentKnowledge("the dreamer's view: no deal is consistent with the play")
        problem.mix(found, rng, 8 * problem.unseen.bit_count())
    plays = [e.cards for e in events]
    hands = [0, 0, 0]
    for (seat, at), part in zip(problem.places, found, strict=True):
        if at == HAND:
            hands[seat] = part | fixed[seat]
        else:
            plays[at] = part
    return hands, plays
