"""A session of Luk Fu hands: seating, dealer rotation, redeals and running totals.

Players ``0 .. n-1`` sit in a ring in order of play (anticlockwise, "to the right");
player ``p`` sits at place ``p``. The dealer's place decides the seats of each hand
(option ``seating``) and the option ``rotation`` decides when the deal moves on one place:

- ``dealer_leads`` (000 'Dealing', 002 'Place Settings'): the dealer is Master (seat 0),
  the next player seat 1; with four the player opposite the dealer dreams (seat 3) and
  the fourth is seat 2; with three the third is seat 2.
- ``dealer_dreams`` (001 'The Deal'): with four the dealer holds the single card and "the
  player opposite the dealer ... will be Master"; play goes on anticlockwise, skipping the
  dealer. With three the dealer is Master.

The first dealer is chosen by lot (001 'The Deal'; 002 'Card Play by the Dealer'),
here by the session's seed. A hand that nobody calls is redealt as the rotation says.
"""

from __future__ import annotations

from paiju.core.protocol import Result, State
from paiju.core.seeding import make_rng
from paiju.lukfu.engine.state import DRAW, NO_CALL, TIGERS, WIN, LukFuAction, LukFuState, new_state
from paiju.lukfu.rules import Rules


def seats_for(dealer: int, players: int, seating: str) -> tuple[int, ...]:
    """The player at each seat (0, 1, 2, and the dreamer 3 with four) for a dealer's place."""
    if players == 3:
        return tuple((dealer + i) % 3 for i in range(3))
    if seating == "dealer_dreams":
        return ((dealer + 2) % 4, (dealer + 3) % 4, (dealer + 1) % 4, dealer)
    return (dealer, (dealer + 1) % 4, (dealer + 3) % 4, (dealer + 2) % 4)


def dealer_keeps(rotation: str, state: LukFuState) -> bool:
    """Whether the same dealer deals the next hand after the finished ``state``.

    ``hongkong``: only when the dealer (the Master) called and won or drew (001 variant
    list: "The same dealer deals again only when he Tsoh and wins or draws the game; in
    all other cases, including when everyone passes, the turn to deal passes").
    ``tsoi``: only when the Master won (001 'The Deal'; "Miss Tsoi said deal rotates in all
    drawn hands"; "If all three pass the cards are redealt by the next dealer").
    ``pang``: when the Master won, or in a drawn hand when the Master had not passed.
    ``sung``: after a drawn hand (003 "dealt by the same dealer of the drawn game"; 001
    "Dylan W.H.S. says ... the same dealer deals again") and when all passed (002 "the
    pack of cards is gathered and reshuffled, to be dealt out once again"); after a win
    the deal moves on (002 "the dealer moves around the table").
    """
    outcome = state.outcome
    master_won = outcome in (WIN, TIGERS) and state.winner == 0
    if rotation == "hongkong":
        return state.caller == 0 and outcome in (WIN, DRAW) and (outcome == DRAW or master_won)
    if rotation == "tsoi":
        return master_won
    if rotation == "pang":
        return master_won or (outcome == DRAW and not state.master_passed)
    return outcome in (DRAW, NO_CALL)


class LukFuSession:
    """Many hands of Luk Fu between the same 3 or 4 players."""

    def __init__(self, rules: Rules, players: int, seed: int | None) -> None:
        if players not in (3, 4):
            raise ValueError(f"Luk Fu is for 3 or 4 players, not {players}")
        self.rules = rules
        self._players = players
        self._seed = seed
        self._totals = [0.0] * players
        self._hands = 0
        self.dealer = make_rng(seed, "lukfu", "first dealer").randrange(players)

    @property
    def players(self) -> int:
        return self._players

    @property
    def totals(self) -> list[float]:
        return list(self._totals)

    @property
    def hands_played(self) -> int:
        return self._hands

    def seat_players(self) -> tuple[int, ...]:
        return seats_for(self.dealer, self._players, self.rules.seating)

    def deal(self) -> LukFuState:
        rng = make_rng(self._seed, "lukfu", "hand", self._hands)
        return new_state(self.rules, self._players, rng)

    def finish(self, state: State[LukFuAction, Rules]) -> Result:
        if not isinstance(state, LukFuState):
            raise TypeError("a Luk Fu session settles Luk Fu hands")
        if not state.is_terminal():
            raise ValueError("the hand is not over yet")
        result = state.result()
        for seat, player in enumerate(self.seat_players()):
            self._totals[player] += result.points[seat]
        self._hands += 1
        if not dealer_keeps(self.rules.rotation, state):
            self.dealer = (self.dealer + 1) % self._players
        return result
