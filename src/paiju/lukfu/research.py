"""What the research envs (paiju.rl) ask Luk Fu for (:class:`paiju.core.protocol.Research`):
its action ids (:mod:`paiju.lukfu.action_space`), its observer (:mod:`paiju.lukfu.observe`)
and its deal card by card, as OpenSpiel's chance nodes deal it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from paiju.core.jsontypes import Json, JsonObject
from paiju.lukfu.action_space import SPACE, LukFuActionSpace
from paiju.lukfu.engine.cards import RED_CARDS, name, pack
from paiju.lukfu.engine.scoring import dreamer_value, five_tigers_value, matches, win_value
from paiju.lukfu.observe import OBSERVER, LukFuObserver
from paiju.lukfu.rules import Rules


def bounds(rules: Rules, players: int) -> tuple[int, int]:
    """The least and the most points a seat can score in a hand under ``rules``
    (engine/scoring.py): a loser pays each win's value and the dreamer's share, twice if
    liable; the winner is paid the value twice (by both losers, or by a liable one twice);
    the dreamer its share twice. The value is the largest of a twelve-trick win holding
    every red card and the Five Tigers; the share, of the most matches the pack allows."""
    reds = sum(1 << c for c in RED_CARDS)
    value = max(win_value(rules.tariff, 12, reds, rules.red_bonus),
                five_tigers_value(rules.tariff, rules.five_tigers_value)[1])
    share = 0
    if players == 4:
        cards = pack(players)
        most = max(matches(c, [d for d in cards if d != c], rules.li_chen_is_ace)
                   for c in cards)
        share = dreamer_value(rules.dreamer_income, rules.tariff, most)
    return -2 * (value + share), 2 * max(value, share)


class LukFuDeal:
    """Twelve cards to each active seat in turn, then the dreamer's (four players)."""

    def __init__(self, players: int, rules: Rules | None = None) -> None:
        self.players = players
        self._deck = tuple(pack(players))
        self._bounds = bounds(rules, players) if rules is not None else (0, 0)

    @property
    def deck(self) -> tuple[int, ...]:
        return self._deck

    @property
    def draws_first(self) -> bool:
        return False  # the first caller is seat 0

    @property
    def bounds(self) -> tuple[float, float]:
        return (float(self._bounds[0]), float(self._bounds[1]))

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
        return LukFuDeal(players, rules)


RESEARCH = LukFuResearch()
