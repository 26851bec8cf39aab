"""The dreamer's samples: every active seat's hand and face-down discard unseen.

Used by :meth:`paiju.lukfu.engine.view.LukFuView.sample` for seat 3 (docs/lukfu-aged.md).
"""

from __future__ import annotations

import random

from paiju.core.draw import Pairs, shuffle
from paiju.lukfu.engine.cards import (
    cards_of,
    mask,
)
from paiju.lukfu.engine.melds import Meld, has_beating
from paiju.lukfu.inference.constraint import HAND, InconsistentKnowledge
from paiju.lukfu.inference.knowledge import DISCARD, Event, proven_from


class _Bystander:
    """The dreamer's problem: every active seat's hand and every face-down discard unseen.

    Places are the face-down discards (in play order) and the three hands. A world obeys
    the surrender rule when, for each face-down discard, the seat's cards from then on
    (from :func:`~paiju.lukfu.inference.knowledge.proven_from`'s play) beat nothing: the same
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
            start = proven_from(surrender, i)
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
        shuffle(rng, cards)
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
                shuffle(rng, places)
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
        pair = Pairs(rng)  # rng.sample(cards, 2), compiled
        for _ in range(steps):
            x, y = pair(cards)
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
