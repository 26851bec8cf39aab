"""A session of Dai Fugō hands: exchanges, the loser leading, seat changes, totals.

004 "Deal": "After the first hand, the loser of each hand deals the next. All the cards
are dealt out one at a time as equally as possible"; "Exchange of cards": "In the second
and subsequent hands of a session there is an exchange of cards ... the loser of the
previous hand ... begins the play of the new hand"; "Switching seats".
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from paiju.core.protocol import Result
from paiju.core.seeding import make_rng
from paiju.daifugo.cards import bits, diamond_three_holder, pack
from paiju.daifugo.rules import Rules
from paiju.daifugo.state import TITLE_RANK, DaifugoState


def deal_hands(rules: Rules, players: int, rng: Random, start: int) -> list[int]:
    """Shuffle the pack and deal it one card at a time from seat ``start``."""
    cards = list(bits(pack(rules.values["jokers"])))
    rng.shuffle(cards)
    hands = [0] * players
    for i, c in enumerate(cards):
        hands[(start + i) % players] |= 1 << c
    return hands


class DaifugoSession:
    """Hands of one table; players are 0..n-1 for the session, seats change per hand."""

    def __init__(self, rules: Rules, players: int, seed: int | None) -> None:
        self.rules = rules
        self._players = players
        self._rng = make_rng(seed, "daifugo-session")
        self._totals = [0.0] * players
        self._hands = 0
        #: the previous hand's title of each player (None before the first hand).
        self.titles: list[str] | None = None
        self._seats: list[int] = list(range(players))
        self._state: DaifugoState | None = None

    @property
    def players(self) -> int:
        return self._players

    @property
    def totals(self) -> Sequence[float]:
        return tuple(self._totals)

    @property
    def hands_played(self) -> int:
        return self._hands

    def seat_players(self) -> Sequence[int]:
        return tuple(self._seats)

    def deal(self) -> DaifugoState:
        n = self._players
        rng = self._rng
        if self.titles is None:
            self._seats = list(range(n))
            hands = deal_hands(self.rules, n, rng, rng.randrange(n))
            if self.rules.values["first_lead"] != "random":
                first = diamond_three_holder(hands)
            else:
                first = rng.randrange(n)
            state = DaifugoState(self.rules, hands, first)
        else:
            by_player = self.titles
            mode = self.rules.values["seat_change"]
            ranked = sorted(range(n), key=lambda p: TITLE_RANK[by_player[p]])
            if mode == "standard":
                self._seats = ranked[::-1]
            elif mode == "reverse":
                self._seats = ranked
            seat_titles = [by_player[p] for p in self._seats]
            loser = max(range(n), key=lambda s: TITLE_RANK[seat_titles[s]])
            hands = deal_hands(self.rules, n, rng, (loser + 1) % n)
            probe = DaifugoState(self.rules, hands, 0, seat_titles)
            eff = probe.titles_eff
            assert eff is not None
            if self.rules.values["first_lead"] == "diamond_three_every":
                first = diamond_three_holder(hands)  # as dealt; the state follows the ♦3
            elif mode == "reverse":
                first = min(range(n), key=lambda s: TITLE_RANK[eff[s]])
            else:
                first = max(range(n), key=lambda s: TITLE_RANK[eff[s]])
            state = DaifugoState(self.rules, hands, first, seat_titles)
        self._state = state
        return state

    def finish(self, state: Any) -> Result:
        result: Result = state.result()
        titles = state.final_titles()
        by_player = [""] * self._players
        for seat, player in enumerate(self._seats):
            self._totals[player] += result.points[seat]
            by_player[player] = titles[seat]
        self.titles = by_player
        self._hands += 1
        return result
