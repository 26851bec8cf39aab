"""The review of a recorded hand: each decision of one seat valued from that seat's view.

At every decision of the seat with a choice, the review takes the seat's view as it was
then (what it knew, never the hidden cards), deals the unseen cards again ``deals`` times
(``view.sample``), and plays each candidate move out on those same deals, every seat by
the review's players (the game's club player unless told otherwise). The candidates are
every legal move, or where there are more than ``most`` of them the move made, the
players' own choices and an even spread of the rest. The best candidate by mean points
is then played again beside the move made on as many fresh deals, so that picking the
best of many noisy means does not flatter it: the difference between the two, with its
95% interval (Student's t over the paired deals), is what the move made cost. A decision
is *flagged* when that interval lies above zero.

It reads only the game-independent protocol (:mod:`paiju.core.protocol`); the words are
the front end's (:mod:`paiju.ui.review`). docs/play.md, "The review of a hand".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from paiju.bots.base import Bot, make_bot
from paiju.core.errors import MalformedRecord
from paiju.core.games import get_game
from paiju.core.protocol import State, View, plays_out
from paiju.core.referee import read_actions
from paiju.sim.stats import mean_interval

#: Deals a candidate by default (a quick review), and the most candidates a decision.
DEALS, MOST = 32, 12


@dataclass(frozen=True)
class Value:
    """A move's worth to the seat: mean points with their 95% interval, the share of
    deals in which the seat won the hand, and its mean finishing place (1 for the first
    out) where the game has an order of going out (else None)."""

    action: Any
    mean: float
    low: float
    high: float
    wins: float
    place: float | None = None


@dataclass(frozen=True)
class Decision:
    """One decision reviewed: where it was (``index``: the record's action, from 0), the
    move made and the best candidate, each valued on the fresh deals, the candidates as
    first valued (best first), and what the move made cost (best minus made, paired)."""

    index: int
    seat: int
    made: Value
    best: Value
    candidates: tuple[Value, ...]
    cost: float
    cost_low: float
    cost_high: float

    @property
    def flagged(self) -> bool:
        """Whether the move made cost more than the noise: the cost's interval above 0."""
        return self.cost_low > 0


@dataclass(frozen=True)
class Review:
    """Every decision of ``seat`` in a record, in the order played."""

    game: str
    seat: int
    deals: int
    decisions: tuple[Decision, ...]
    #: the player whose agreement with the others' moves picked the deals (None: plain
    #: deals), and of how many deals each was the best
    model: str | None = None
    pick: int = 0

    def flagged(self) -> list[Decision]:
        """The decisions that cost more than the noise, worst first."""
        return sorted((d for d in self.decisions if d.flagged), key=lambda d: -d.cost)


def positions(record: Mapping[str, Any], seat: int) -> Iterator[tuple[int, State[Any, Any], Any]]:
    """Each decision of ``seat`` with a choice in ``record``: the record's action index,
    the state before it (a copy) and the action made. ``MalformedRecord`` if the record
    cannot be read or holds an illegal action."""
    if not isinstance(record, Mapping) or "game" not in record:
        raise MalformedRecord("a record must be a JSON object with its 'game'")
    game = get_game(record["game"])
    state = game.from_record(record)
    if not 0 <= seat < state.num_seats:
        raise MalformedRecord(f"the hand has seats 1 to {state.num_seats}, not {seat + 1}")
    for index, action in enumerate(read_actions(game, record)):
        why = state.why_illegal(action)
        if why is not None:
            raise MalformedRecord(f"action {index + 1} is illegal: {why}")
        if state.to_move() == seat and len(state.legal_actions()) > 1:
            yield index, state.clone(), action
        state.apply(action)


def candidates(view: View[Any, Any], made: Any, guides: Sequence[Bot], rng: Random,
               most: int = MOST) -> list[Any]:
    """The moves to value: every legal one, or (past ``most``) the move made, each
    guide's choice and an even spread of the rest, in the view's order."""
    legal = list(view.legal_actions())
    if len(legal) <= most:
        return legal
    keep = {legal.index(made)}
    for guide in guides:
        keep.add(legal.index(guide.choose(view, Random(rng.random()))))
    step = len(legal) / most
    k = 0.0
    while len(keep) < most:
        keep.add(int(k) % len(legal))
        k += step
    return [legal[i] for i in sorted(keep)]


def play_out(state: State[Any, Any], players: Sequence[Bot], rng: Random) -> None:
    """Play ``state`` to the end of the hand, each seat by its player (the game's fast
    path where every seat is the same rule-based or random player)."""
    names = {p.name for p in players}
    if len(names) == 1 and plays_out(state) and state.playout(rng, names.pop()) is not None:
        return
    while (seat := state.to_move()) is not None:
        state.apply(players[seat].choose(state.view(seat), rng))


#: The outcomes of a move on each deal: the seat's points, wins (1 or 0) and places.
Outcomes = tuple[list[float], list[float], list[int]]


def _values(view: View[Any, Any], action: Any, deals: Sequence[State[Any, Any]],
            players: Sequence[Bot], seed: int) -> Outcomes:
    """The seat's points, wins and finishing places (where the game has an order) after
    ``action`` on each deal, each play-out seeded by its deal alone (so every move meets
    the same draws)."""
    points: list[float] = []
    wins: list[float] = []
    places: list[int] = []
    for i, deal in enumerate(deals):
        state = deal.clone()
        state.apply(action)
        play_out(state, players, Random(seed * 7919 + i))
        result = state.result()
        points.append(result.points[view.seat])
        wins.append(1.0 if view.seat in result.winners else 0.0)
        if view.seat in result.order:
            places.append(result.order.index(view.seat) + 1)
    return points, wins, places


def _value(action: Any, outcomes: Outcomes) -> Value:
    points, wins, places = outcomes
    m = mean_interval(points)
    place = sum(places) / len(places) if len(places) == len(points) else None
    return Value(action, m.mean, m.low, m.high, sum(wins) / len(wins), place)


#: How a review deals the unseen cards from a view: ``view.sample`` unless told.
Deal = Callable[[View[Any, Any], Random], State[Any, Any]]


def _plain(view: View[Any, Any], rng: Random) -> State[Any, Any]:
    return view.sample(rng)


def decide(view: View[Any, Any], made: Any, index: int, players: Sequence[Bot],
           guides: Sequence[Bot], deals: int, seed: int, most: int = MOST,
           deal: Deal = _plain) -> Decision:
    """Review one decision from ``view`` alone: the candidates on ``deals`` shared deals,
    then the best and the move made on ``deals`` fresh ones (each dealt by ``deal``)."""
    rng = Random(seed)
    moves = candidates(view, made, guides, rng, most)
    shared = [deal(view, rng) for _ in range(deals)]
    first = [_value(a, _values(view, a, shared, players, seed)) for a in moves]
    first.sort(key=lambda v: -v.mean)
    best_action = first[0].action
    fresh = [deal(view, rng) for _ in range(deals)]
    made_out = _values(view, made, fresh, players, seed + 1)
    best_out = made_out if best_action == made else _values(view, best_action, fresh,
                                                            players, seed + 1)
    cost = mean_interval([b - m for b, m in zip(best_out[0], made_out[0], strict=True)])
    return Decision(index, view.seat, _value(made, made_out), _value(best_action, best_out),
                    tuple(first), cost.mean, cost.low, cost.high)


def review(record: Mapping[str, Any], seat: int, deals: int = DEALS, seed: int = 0,
           players: str = "heuristic", only: int | None = None, most: int = MOST,
           progress: Callable[[int, int], None] | None = None,
           model: str | None = None, pick: int = 16) -> Review:
    """The review of ``seat``'s decisions in ``record`` (``only``: the one at that action
    index), play-outs by ``players`` (a player spec for every seat), ``deals`` deals a
    candidate; with ``model`` (a player name) each deal is the best of ``pick`` by how
    many of the others' moves the model makes too (:class:`paiju.bots.dealer.Dealer`);
    ``progress(done, total)`` before the first decision and after each."""
    game = get_game(record["game"]) if isinstance(record, Mapping) and "game" in record \
        else None
    found = [p for p in positions(record, seat) if only is None or p[0] == only]
    if only is not None and not found:
        raise MalformedRecord(f"action {only + 1} is no decision of seat {seat + 1} "
                              "with a choice")
    assert game is not None
    n = found[0][1].num_seats if found else 0
    bots = [make_bot(players, game.name) for _ in range(n)]
    guides = [make_bot("heuristic", game.name)]
    deal = _plain
    if model is not None:
        from paiju.bots.dealer import Dealer

        dealer = Dealer(make_bot(model, game.name), pick=pick)
        deal = dealer.deal
    out = []
    if progress is not None:
        progress(0, len(found))
    for k, (index, state, made) in enumerate(found):
        out.append(decide(state.view(seat), made, index, bots, guides, deals,
                          seed * 100_003 + index, most, deal))
        if progress is not None:
            progress(k + 1, len(found))
    return Review(game.name, seat, deals, tuple(out), model, pick if model else 0)
