"""Searching a seat's constraint problem (:mod:`paiju.lukfu.inference.constraint`) for a world.

Backtracking over the cards of several-card constraints, with Hall's condition deciding
whether the remaining cards still fit (see :mod:`paiju.lukfu.inference.inference`).
"""

from __future__ import annotations

import random

from paiju.core.draw import shuffle
from paiju.lukfu.engine.cards import (
    Card,
    cards_of,
    mask,
)
from paiju.lukfu.inference.constraint import Problem


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
            missing = rest & ~held_in(cover, self.content)
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
            shuffle(self.rng, out)
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
            shuffle(self.rng, free)
        for c in free:
            for g in self._choices(c):
                if self.place(c, g):
                    if self.fits():
                        break
                    self.unplace(c)
            else:  # pragma: no cover - Hall's condition guarantees a place
                raise AssertionError("no place for an unconstrained card")


def held_in(cover: int, content: list[int]) -> int:
    """The cards placed in the segments of the bitset ``cover``."""
    held = 0
    while cover:
        low = cover & -cover
        held |= content[low.bit_length() - 1]
        cover ^= low
    return held


def violates(p: Problem, c: Card, content: list[int]) -> bool:
    """Whether some nogood of ``c`` lies complete in ``content``."""
    nogoods = p.nogoods
    return any(
        rest & ~held_in(cover, content) == 0
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
