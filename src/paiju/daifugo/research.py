"""What the research envs (paiju.rl) ask Dai Fugō for (:class:`paiju.core.protocol.Research`):
its action ids (:mod:`paiju.daifugo.action_space`), its observer
(:mod:`paiju.daifugo.observe`) and its deal card by card, as OpenSpiel's chance nodes deal
it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from paiju.core.errors import UnknownOption
from paiju.core.jsontypes import Json, JsonObject
from paiju.daifugo.action_space import SPACE, DaifugoActionSpace
from paiju.daifugo.engine.cards import token
from paiju.daifugo.observe import DaifugoObserver
from paiju.daifugo.rules import Rules


class DaifugoDeal:
    """The cards to seat 0, 1, 2 ... in turn; where ``first_lead=random``, chance then
    draws the seat that leads, else the holder of 3D leads."""

    def __init__(self, rules: Rules, players: int) -> None:
        if rules.values["decks"] != 1:
            # the action ids and the observation hold one of each card (docs/rl.md)
            raise UnknownOption("the research envs deal one pack: two packs (decks=2) are "
                                "not in their action space or observation yet "
                                "(docs/daifugo.md, \"The double deck\")")
        self.players = players
        self._deck = tuple(range(52 + rules.values["jokers"]))
        self._draws_first = rules.values["first_lead"] == "random"

    @property
    def deck(self) -> tuple[int, ...]:
        return self._deck

    @property
    def draws_first(self) -> bool:
        return self._draws_first

    @property
    def bounds(self) -> tuple[float, float]:
        return (0.0, float(self.players))  # title points, at most one a player

    @property
    def max_length(self) -> int:
        return 2 * (54 * self.players + 3 * 54)

    def token(self, card: int) -> str:
        return token(card)

    def holder(self, index: int) -> int:
        return index % self.players

    def record(self, rules: Mapping[str, Json], dealt: Sequence[int],
               first: int | None) -> JsonObject:
        n = self.players
        hands = [[token(c) for c in dealt[s::n]] for s in range(n)]
        if first is None:
            first = next(s for s, h in enumerate(hands) if "3D" in h)
        return {"game": "daifugo", "rules": dict(rules), "deal": {"hands": [[*h] for h in hands]},
                "first": first}


class DaifugoResearch:
    """Dai Fugō's part of the research envs."""

    def __init__(self) -> None:
        self._observers: dict[int, DaifugoObserver] = {}

    @property
    def action_space(self) -> DaifugoActionSpace:
        return SPACE

    @property
    def zero_sum(self) -> bool:
        return False

    def observer(self, players: int) -> DaifugoObserver:
        if players not in self._observers:
            self._observers[players] = DaifugoObserver(players)
        return self._observers[players]

    def deal(self, rules: Rules, players: int) -> DaifugoDeal:
        return DaifugoDeal(rules, players)


RESEARCH = DaifugoResearch()
