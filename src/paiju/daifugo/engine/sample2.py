"""What a seat knows of the hidden cards of a two-pack hand, and the sampler.

A two-pack view draws the cards it has not seen (the pack less its hand, the cards played
face up and what it put face down itself) among the other seats and the face-down piles
by their counts alone. The facts a one-pack view also draws on (where the cards it handed
over are, what the exchange says the poor kept, who must hold the ♦3:
:class:`paiju.daifugo.engine.view._Facts`) follow single cards of one pack, and are not
read here yet (docs/daifugo.md, "The double deck"); a sample is still one the seat could
be in by everything public and its own hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import TYPE_CHECKING

from paiju.core.draw import shuffle
from paiju.daifugo.engine.cards import COPY, SUITED, bits, pack, put, take
from paiju.daifugo.engine.position import DISCARD_PILE, DROPPED_PILE
from paiju.daifugo.engine.state import DaifugoState

if TYPE_CHECKING:
    from paiju.daifugo.engine.view import DaifugoView


class TwoPackFacts:
    """The cards a two-pack view has not seen, and the places they may be in."""

    #: no exchange inference is drawn (see the module's docstring)
    poor: int | None = None
    too_good = 0

    def __init__(self, view: DaifugoView) -> None:
        base = view._base
        me = view._seat
        self.base = base
        seen = put(base.hands[me], base.played)
        #: the cards this seat put on a face-down pile itself: there still
        self.fixed: dict[int, int] = {}
        for _, src, dst, cards, _ in view._moves:
            if src == me and dst in (DISCARD_PILE, DROPPED_PILE) and cards:
                self.fixed[dst] = put(self.fixed.get(dst, 0), cards)
                seen = put(seen, cards)
        #: the cards not seen, in canon form
        self.unseen = take(pack(base.rules.jokers, 2), seen)
        self.need = {s: view._counts[s] for s in range(base.n) if s != me}
        self.need[DISCARD_PILE] = view._n_discards - self.fixed.get(DISCARD_PILE, 0).bit_count()
        self.need[DROPPED_PILE] = view._n_dropped - self.fixed.get(DROPPED_PILE, 0).bit_count()

    def known_pins(self) -> list[tuple[int, int]]:
        """None are drawn on (see the module's docstring)."""
        return []

    def sample(self, rng: Random, barred: Mapping[int, int] | None = None) -> DaifugoState:
        """A state that agrees with the view: the unseen cards dealt to the places by their
        counts, around ``barred`` (a seat's cards it is taken not to hold, by card) where
        the room allows."""
        st = self.base.clone()
        units = [*bits(self.unseen & ~(SUITED << COPY)), *bits(self.unseen >> COPY & SUITED)]
        shuffle(rng, units)
        need = dict(self.need)
        assign = {k: 0 for k in need}
        if barred:
            units.sort(key=lambda c: -sum(1 for m in barred.values() if m >> c & 1))
        for c in units:
            room = [k for k, v in need.items() if v > 0]
            open_ = [k for k in room if not (barred or {}).get(k, 0) >> c & 1] or room
            x = rng.randrange(sum(need[k] for k in open_))
            place = open_[-1]
            for k in open_:
                x -= need[k]
                if x < 0:
                    place = k
                    break
            assign[place] = put(assign[place], 1 << c)
            need[place] -= 1
        for k, cards in assign.items():
            if k == DISCARD_PILE:
                st.pos.discards = put(self.fixed.get(DISCARD_PILE, 0), cards)
            elif k == DROPPED_PILE:
                st.pos.dropped = put(self.fixed.get(DROPPED_PILE, 0), cards)
            else:
                st.pos.hands[k] = cards
        st.dealt = list(st.pos.hands)
        st.sampled = True
        return st
