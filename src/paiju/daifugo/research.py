"""What the research envs (paiju.rl) ask Dai Fugō for (:class:`paiju.core.protocol.Research`):
its action ids (:mod:`paiju.daifugo.action_space`), its observer
(:mod:`paiju.daifugo.observe`) and its deal card by card, as OpenSpiel's chance nodes deal
it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from paiju.core.jsontypes import Json, JsonObject
from paiju.daifugo.action_space import SPACE, DaifugoActionSpace
from paiju.daifugo.engine.cards import bits, canon, pack, token, tokens
from paiju.daifugo.engine.rulebook import diamond_three_holder, points_for, titles_for
from paiju.daifugo.observe import DaifugoObserver
from paiju.daifugo.rules import Rules

#: A pack's cards as :attr:`DaifugoDeal.max_length` counts them, one pack and two.
PACK_CARDS = {1: 54, 2: 108}


class DaifugoDeal:
    """The cards to seat 0, 1, 2 ... in turn; where ``first_lead=random``, chance then
    draws the seat that leads, else the holder of 3D leads (with two packs, of two
    holders the one the deal's lots rank first, as the engine draws it).

    The cards are the pack's numbers (:func:`paiju.daifugo.engine.cards.pack`): two packs
    deal both copies of each suited card (``7S``, and ``7S'`` card ``c + 64``) and up to
    four jokers, and the record writes each hand in the engine's canon form (a card dealt
    once as the first pack's ``7S``, twice as ``7S 7S'``)."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.players = players
        self.decks: int = rules.decks
        self._deck = tuple(bits(pack(rules.jokers, self.decks)))
        self._draws_first = rules.first_lead == "random"
        # every seat takes the title of its place, and a title's points are the scoring's
        points = points_for(range(players), titles_for(players, rules.exchange), rules.scoring)
        self._bounds = (float(min(points)), float(max(points)))

    @property
    def deck(self) -> tuple[int, ...]:
        return self._deck

    @property
    def draws_first(self) -> bool:
        return self._draws_first

    @property
    def bounds(self) -> tuple[float, float]:
        return self._bounds

    @property
    def max_length(self) -> int:
        cards = PACK_CARDS[self.decks]
        return 2 * (cards * self.players + 3 * cards)

    def token(self, card: int) -> str:
        return token(card)

    def holder(self, index: int) -> int:
        return index % self.players

    def record(self, rules: Mapping[str, Json], dealt: Sequence[int],
               first: int | None) -> JsonObject:
        n = self.players
        if self.decks == 2:
            masks = [canon(sum(1 << c for c in dealt[s::n])) for s in range(n)]
            hands = [tokens(m) for m in masks]
            if first is None:
                first = diamond_three_holder(masks)
        else:
            hands = [[token(c) for c in dealt[s::n]] for s in range(n)]
            if first is None:
                first = next(s for s, h in enumerate(hands) if "3D" in h)
        return {"game": "daifugo", "rules": dict(rules), "deal": {"hands": [[*h] for h in hands]},
                "first": first}


class DaifugoResearch:
    """Dai Fugō's part of the research envs."""

    def __init__(self) -> None:
        self._observers: dict[tuple[int, int], DaifugoObserver] = {}

    @property
    def action_space(self) -> DaifugoActionSpace:
        return SPACE

    @property
    def zero_sum(self) -> bool:
        return False

    def observer(self, players: int, rules: Rules) -> DaifugoObserver:
        """The observer of ``players`` seats and the pack of ``rules`` (one or two)."""
        key = (players, rules.decks)
        if key not in self._observers:
            self._observers[key] = DaifugoObserver(*key)
        return self._observers[key]

    def deal(self, rules: Rules, players: int) -> DaifugoDeal:
        return DaifugoDeal(rules, players)


RESEARCH = DaifugoResearch()
