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

The problem is built by :mod:`paiju.lukfu.inference.constraint` and searched by
:mod:`paiju.lukfu.inference.search`; the dreamer's samples are
:mod:`paiju.lukfu.inference.bystander`'s. This module answers who may hold a card and
samples worlds, and gathers the names.
"""

from __future__ import annotations

import random
from functools import lru_cache

from paiju.core.draw import Pairs, shuffle
from paiju.lukfu.engine.cards import Card, cards_of, mask
from paiju.lukfu.inference.bystander import sample_for_bystander
from paiju.lukfu.inference.constraint import (
    HAND,
    Exclusion,
    InconsistentKnowledge,
    Problem,
    build,
    minimal_beaters,
    problem,
    validate,
    where,
)
from paiju.lukfu.inference.knowledge import Hidden, Knowledge
from paiju.lukfu.inference.search import can_hold, find_world, held_in, violates

__all__ = [
    "HAND", "Exclusion", "InconsistentKnowledge", "Problem", "build", "can_hold",
    "find_world", "minimal_beaters", "possible_holders", "problem", "sample_for_bystander",
    "sample_world", "validate",
]


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
    return all(rest & ~held_in(cover, content) for _, _, cover, rest in p.nogoods)


def _rejection(p: Problem, rng: random.Random, tries: int) -> dict[Card, int] | None:
    cards = cards_of(p.unknown)
    for _ in range(tries):
        shuffle(rng, cards)
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
    pair = Pairs(rng)  # rng.sample(cards, 2), compiled
    for _ in range(steps):
        x, y = pair(cards)
        gx, gy = seg_of[x], seg_of[y]
        if gx == gy or not p.domain(x) >> gy & 1 or not p.domain(y) >> gx & 1:
            continue
        content[gx] ^= (1 << x) | (1 << y)
        content[gy] ^= (1 << x) | (1 << y)
        if violates(p, x, content) or violates(p, y, content):
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
            raise InconsistentKnowledge(f"{where(k)}: no deal is consistent with the play")
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
        shuffle(rng, group)
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
