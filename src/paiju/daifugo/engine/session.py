"""A session of Dai Fugō hands: exchanges, the loser leading, seat changes, totals.

004 "Deal": "After the first hand, the loser of each hand deals the next. All the cards
are dealt out one at a time as equally as possible"; "Exchange of cards": "In the second
and subsequent hands of a session there is an exchange of cards ... the loser of the
previous hand ... begins the play of the new hand"; "Switching seats". The UECda readings
(man/rule.html 4.1.2, tndhms.cfg) are options: the Dai Fugō deals (``dealer``), the seats
are drawn at random every few hands (``reseat_every``) and the titles are forgotten every
hundred (``titles_reset_every``). The session's seed decides every draw, so a session
replays: the seats, then the deal, in that order before each hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from paiju.core.draw import shuffle
from paiju.core.protocol import Result
from paiju.core.seeding import make_rng
from paiju.daifugo.engine.cards import bits, canon, pack
from paiju.daifugo.engine.rulebook import TITLE_RANK, rulebook
from paiju.daifugo.engine.state import DaifugoState
from paiju.daifugo.rules import Rules


def deal_hands(rules: Rules, players: int, rng: Random, start: int) -> list[int]:
    """Shuffle the pack (one or two, ``decks``) and deal it one card at a time from seat
    ``start``; two packs' hands are kept in canon form (a card held once is written as
    the first pack's)."""
    cards = list(bits(pack(rules.jokers, rules.decks)))
    shuffle(rng, cards)
    hands = [0] * players
    for i, c in enumerate(cards):
        hands[(start + i) % players] |= 1 << c
    if rules.decks == 2:
        return [canon(h) for h in hands]
    return hands


def first_hand(rules: Rules, players: int, rng: Random) -> DaifugoState:
    """The first hand of a session: dealt at random, the leader by ``first_lead``."""
    hands = deal_hands(rules, players, rng, rng.randrange(players))
    return DaifugoState(rules, hands, rulebook(rules).first_of_session(hands, rng))


def due(every: int, hands_played: int) -> bool:
    """Whether a rule that acts every ``every`` hands (0: never) acts before this hand."""
    return every > 0 and hands_played % every == 0


def deal_start(rules: Rules, seat_titles: Sequence[str]) -> int:
    """The seat that gets the first card of a later hand.

    004 "Deal": the loser deals, so the first card goes to the seat after him
    (``dealer=loser``); UECda (man/rule.html 4.1.2): the cards are dealt from the Dai
    Fugō, the previous winner, in seat order (``dealer=daifugo``).
    """
    seats = range(len(seat_titles))
    if rules.dealer == "daifugo":
        return min(seats, key=lambda s: TITLE_RANK[seat_titles[s]])
    loser = max(seats, key=lambda s: TITLE_RANK[seat_titles[s]])
    return (loser + 1) % len(seat_titles)


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
        """The next hand: seats drawn (``reseat_every``, unless ``seat_change`` seats the
        players), titles forgotten (``titles_reset_every``), then dealt from the seat
        ``dealer`` says."""
        n = self._players
        rng = self._rng
        rules = self.rules
        if rules.seat_change == "off" and due(rules.reseat_every, self._hands):
            rng.shuffle(self._seats)
        by_player = self.titles
        if by_player is None or due(rules.titles_reset_every, self._hands):
            return first_hand(rules, n, rng)
        book = rulebook(rules)
        seating = book.seating(sorted(range(n), key=lambda p: TITLE_RANK[by_player[p]]))
        if seating is not None:
            self._seats = seating
        seat_titles = [by_player[p] for p in self._seats]
        hands = deal_hands(rules, n, rng, deal_start(rules, seat_titles))
        eff = book.effective_titles(seat_titles, hands)
        return DaifugoState(rules, hands, book.first_of_later_hand(hands, eff), seat_titles)

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
