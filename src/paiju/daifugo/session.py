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
from paiju.daifugo.cards import bits, pack
from paiju.daifugo.rulebook import TITLE_RANK, rulebook
from paiju.daifugo.rules import Rules
from paiju.daifugo.state import DaifugoState


def deal_hands(rules: Rules, players: int, rng: Random, start: int) -> list[int]:
    """Shuffle the pack and deal it one card at a time from seat ``start``."""
    cards = list(bits(pack(rules.jokers)))
    rng.shuffle(cards)
    hands = [0] * players
    for i, c in enumerate(cards):
        hands[(start + i) % players] |= 1 << c
    return hands


def first_hand(rules: Rules, players: int, rng: Random) -> DaifugoState:
    """The first hand of a session: dealt at random, the leader by ``first_lead``."""
    hands = deal_hands(rules, players, rng, rng.randrange(players))
    return DaifugoState(rules, hands, rulebook(rules).first_of_session(hands, rng))


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
            return first_hand(self.rules, n, rng)
        book = rulebook(self.rules)
        by_player = self.titles
        seating = book.seating(sorted(range(n), key=lambda p: TITLE_RANK[by_player[p]]))
        if seating is not None:
            self._seats = seating
        seat_titles = [by_player[p] for p in self._seats]
        loser = max(range(n), key=lambda s: TITLE_RANK[seat_titles[s]])
        hands = deal_hands(self.rules, n, rng, (loser + 1) % n)
        eff = book.effective_titles(seat_titles, hands)
        return DaifugoState(self.rules, hands, book.first_of_later_hand(hands, eff), seat_titles)

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
