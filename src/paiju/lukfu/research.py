"""What the research envs (paiju.rl) ask Luk Fu for (:class:`paiju.core.protocol.Research`):
its action ids (:mod:`paiju.lukfu.action_space`), its observer (:mod:`paiju.lukfu.observe`)
and its deal card by card, as OpenSpiel's chance nodes deal it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from paiju.core.jsontypes import Json, JsonObject
from paiju.lukfu.action_space import SPACE, LukFuActionSpace
from paiju.lukfu.engine.cards import name, pack
from paiju.lukfu.observe import OBSERVER, LukFuObserver
from paiju.lukfu.rules import Rules

#: The most points a seat can win or lose in a hand: the largest payment (a doubled
#: twelve-trick win with every red card, and the dreamer's share), paid twice by a liable
#: loser.
BOUND = 2 * (256 + 8 + 256)


class LukFuDeal:
    """Twelve cards to each active seat in turn, then the dreamer's (four players)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self._deck = tuple(pack(players))

    @property
    def deck(self) -> tuple[int, ...]:
        return self._deck

    @property
    def draws_first(self) -> bool:
        return False  # the first caller is seat 0

    @property
    def bounds(self) -> tuple[float, float]:
        return (float(-BOUND), float(BOUND))

    @property
    def max_length(self) -> int:
        return 60 * 14

    def token(self, card: int) -> str:
        return name(card)

    def holder(self, index: int) -> int:
        return min(index // 12, 3)

    def record(self, rules: Mapping[str, Json], dealt: Sequence[int],
               first: int | None) -> JsonObject:
        hands: list[Json] = [[name(c) for c in dealt[12 * s:12 * s + 12]] for s in range(3)]
        deal: JsonObject = {"hands": hands}
        if self.players == 4:
            deal["dreamer"] = name(dealt[36])
        return {"game": "lukfu", "rules": dict(rules), "players": self.players, "deal": deal}


class LukFuResearch:
    """Luk Fu's part of the research envs."""

    @property
    def action_space(self) -> LukFuActionSpace:
        return SPACE

    @property
    def zero_sum(self) -> bool:
        return True

    def observer(self, players: int, rules: Rules) -> LukFuObserver:
        return OBSERVER  # one layout for three and four players, and every rule

    def deal(self, rules: Rules, players: int) -> LukFuDeal:
        return LukFuDeal(players)


RESEARCH = LukFuResearch()
