"""Information-set Monte Carlo tree search (single-observer ISMCTS).

The player searches one tree over the information set of its own seat. Each
iteration deals a *determinization*: ``view.sample(rng)``, a full state consistent
with everything the seat has seen, drawn by the game from the seat's view alone. The
iteration then walks the tree through that state: at every decision the actions
legal in the determinization are the candidates, an untried one is added, otherwise
UCB1 with *availability counts* picks among the children that are legal there (an
action that is legal in only some determinizations is judged by how often it was
available, not by how often its parent was visited). Past the tree the hand is
played out by the rollout policy (uniform random, the heuristic player, or the learned
policy of :mod:`paiju.bots.learned`), and the final points of every seat are backed up:
each edge keeps the points of the seat that chose it, so opponents in the tree play for
themselves.

With ``prior=heuristic`` the tree grows by progressive widening: a node visited n times
offers at most 1 + ⌊√n⌋ children, and the first child tried at a node is the move the
heuristic player would make there (the others come in random order); ``prior=learned``
puts the learned policy's move first instead. Small budgets then spend their iterations
on checking the guide's move against a few alternatives instead of trying every legal
move once.

With ``root=halving`` the root's move is chosen by sequential halving instead of UCB:
every surviving root action is tried on the same determinizations, round by round,
and the worse half dropped after each round (with ``prior=heuristic`` the heuristic's
move stays in and is kept unless another beats it clearly on the same deals).
``tree=root`` stops the tree at the root's children, so the rollout policy plays every
later decision; ``reward=place`` rewards a seat by its finishing place where the game
has an order of going out (``Result.order``). Together with heuristic rollouts these
make the Dai Fugō search of the strength ladder (:data:`HALVING_SPEC`).

``opponents=NAME`` is an *opponent model*: in the play-outs every other seat is played
by the player ``NAME`` (a player name without settings, such as ``uecda-standard``)
instead of the rollout policy; the searching seat keeps the rollout policy. It is right
only against opponents that do play like ``NAME``, and is named as such wherever it is
measured (docs/strength.md).

``infer=K`` (with ``opponents=NAME``) also reads the others' past moves through the
model. A deal is wound back to the start of play (``View.sample_replay``, where the game
has it) and replayed, the model asked at every decision of the other seats; a seat
*agrees* if the model makes every move it made. The determinizations of one decision
form a chain: each takes K steps from the last, a step swapping a hidden card of a
seat that does not agree (or of any seat, once all do) with another seat's, kept
unless fewer seats agree or they agree less far. With a deterministic model of
opponents who do play like it, the deals drift to those their passes and plays allow.

``pick=K`` (with ``opponents=NAME``) reads the same moves without a chain: each
determinization is the best of K deals drawn afresh and wound back, judged as ``infer``
judges them (the most seats that agree, then the furthest they get), the first that
agrees in full ending the draw. Its deals are independent of one another, at the price
of drawing blind.

``facts=1`` (with ``opponents=NAME``, instead of ``infer`` and ``pick``) asks the model
itself what the others' moves rule out: a model that can say it (``barred(view)``: for
each other seat, the cards it cannot hold if it plays like the model) has each
determinization dealt around those cards (``View.sample_barred``), once per decision,
with no replay. The ``uecda-standard`` model reads its facts from the standard client's
fixed habits (:mod:`paiju.daifugo.players.standard_facts`).

``held=N`` (with ``infer``, ``pick`` or ``facts``) reads the others' moves only once the
searching seat holds at most N cards, and deals plainly before: late in a hand the moves
say most, and the true deal is worth most (docs/strength.md).

``wayout=N`` lets a seat played by the rollout policy (every seat, or the searching seat
alone with ``opponents``) play a sure way out wherever the game finds one with every hand
of the determinization known (``State.way_out``, searching at most N positions; Dai Fugō:
moves each answered only by passes, then out), as ``endgame=N`` plays two-seat endgames
exactly. No place is better than going out before every seat still in, so such a line is
the seat's best in that deal.

This is the single-observer variant (Cowling, Powley and Whitehouse, "Information Set
Monte Carlo Tree Search", 2012): opponents' decisions in the tree are taken with the
determinization's cards in view, which is the known weakness of the method (strategy
fusion). The searching seat never sees a hidden card: it reads only its view, and a
determinization is the game's answer to "what could the others hold?".

Points are normalized to [0, 1] for UCB by the smallest and largest points seen in
the search so far, so the same exploration constant serves games whose stakes differ.
With an iteration budget and a given ``rng`` the search is deterministic. The
move chosen is the root action visited most (ties: higher mean points, then the
view's order of legal actions).
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from paiju.bots.base import BarsCards, Bot, RandomBot, legal_actions_of
from paiju.bots.dealer import Dealer
from paiju.bots.settings import (
    check_settings,
    finite,
    flag,
    number,
    read_settings,
    setting,
    spec_of,
    whole,
    word,
)
from paiju.core.protocol import (
    Action,
    Result,
    State,
    View,
    carries_places,
    finds_way_out,
    plays_out,
    plays_out_against,
    solves_endgames,
)

#: The search the strength ladder plays Dai Fugō with (docs/strength.md): sequential
#: halving over the root's moves on shared deals, heuristic play-outs, place rewards.
HALVING_SPEC = ("ismcts:iters=64:root=halving:tree=root:rollout=heuristic:prior=heuristic"
                ":reward=place")

ROLLOUTS = ("random", "heuristic", "learned")
PRIORS = ("none", "heuristic", "learned")
REWARDS = ("points", "place", "games")
ROOTS = ("ucb", "halving")
TREES = ("full", "root")


class _Node:
    """An edge of the tree and the node below it: the decision of ``seat`` to play here."""

    __slots__ = ("avail", "children", "points", "seat", "squares", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 0
        self.points = 0.0
        self.squares = 0.0
        self.children: dict[Action, _Node] = {}


@dataclass(frozen=True)
class Kept:
    """The heuristic's move kept although ``challenger`` had the better mean (``root=halving``).

    ``difference`` is the challenger's mean advantage over the kept move on the
    ``samples`` deals both were played on; ``noise`` is ``z`` standard errors of those
    paired differences, which the advantage did not exceed.
    """

    kept: str
    challenger: str
    difference: float
    noise: float
    samples: int


@dataclass
class SearchStats:
    """What the last search did."""

    iterations: int = 0
    seconds: float = 0.0
    root_visits: dict[str, int] = field(default_factory=dict)
    #: mean reward of each root action tried (keys as in ``root_visits``)
    root_means: dict[str, float] = field(default_factory=dict)
    #: standard deviation of each root action's rewards (tried at least twice)
    root_spreads: dict[str, float] = field(default_factory=dict)
    #: set when the heuristic's move was kept over a better-looking one
    kept: Kept | None = None
    #: with ``infer`` or ``pick``: determinizations drawn, and how many agreed with every
    #: past move
    deals: int = 0
    consistent: int = 0

    def interval(self, key: str, z: float = 1.96) -> float:
        """Half the width of the ``z`` interval of root action ``key``'s mean (inf if unknown)."""
        n = self.root_visits.get(key, 0)
        spread = self.root_spreads.get(key)
        return math.inf if spread is None or n < 2 else z * spread / math.sqrt(n)


@dataclass
class ISMCTSBot:
    """An ISMCTS player with an iteration budget, a time budget, or both (first reached)."""

    iterations: int | None = setting(1000, "iters", whole, holds=lambda n: n >= 1,
                                     wanted="at least 1", shown=True)
    seconds: float | None = setting(None, "time", number, holds=lambda t: 0 < t < math.inf,
                                    wanted="a positive number of seconds")
    exploration: float = setting(0.7, "c", number, holds=lambda c: 0 <= c < math.inf,
                                 wanted="a number at least 0")
    z: float = setting(1.0, "z", number, holds=finite, wanted="a number")
    rollout: str = setting("random", "rollout", word, allowed=ROLLOUTS)
    prior: str = setting("none", "prior", word, allowed=PRIORS)
    reward: str = setting("points", "reward", word, allowed=REWARDS)
    root: str = setting("ucb", "root", word, allowed=ROOTS)
    tree: str = setting("full", "tree", word, allowed=TREES)
    name: str = "ismcts"
    #: whether rollouts go to the game's fast path (``State.playout``) where it has one
    fast: bool = True
    #: the player name that plays the other seats in play-outs (an opponent model), or None
    opponents: str | None = setting(None, "opponents", word)
    #: with ``opponents``: the steps of the inference chain per determinization
    #: (0: no inference; the module's docstring)
    infer: int = setting(0, "infer", whole, holds=lambda n: n >= 0, wanted="at least 0")
    #: with ``opponents``: the deals drawn per determinization, the best kept (0: none)
    pick: int = setting(0, "pick", whole, holds=lambda n: n >= 0, wanted="at least 0")
    #: with ``opponents``: deal around the cards the model says the others cannot hold
    facts: bool = setting(False, "facts", flag)
    #: with ``infer``, ``pick`` or ``facts``: read the others' moves only while the seat
    #: holds at most this many cards, and deal plainly before (None: always read them)
    held: int | None = setting(None, "held", whole, holds=lambda n: n >= 0,
                               wanted="at least 0")
    #: with ``rollout=learned`` or ``prior=learned``: the learned policy's weights file
    #: (None: the package's)
    weights: str | None = setting(None, "weights", word)
    #: a budget of positions for playing an endgame of a determinization exactly where
    #: the game solves endgames (Dai Fugō: two seats left); 0: the play-out policy plays it
    endgame: int = setting(0, "endgame", whole, holds=lambda n: n >= 0, wanted="at least 0")
    #: with ``root=halving``: at least this many play-outs a legal action in the first
    #: round, the budget grown past ``iters`` where that needs it (0: ``iters`` alone)
    wide: int = setting(0, "wide", whole, holds=lambda n: n >= 0, wanted="at least 0")
    #: a budget of positions for a sure way out of a seat played by the rollout policy,
    #: every hand of the determinization known, where the game finds them (Dai Fugō:
    #: moves each answered only by passes, then out); 0: the policy plays on
    wayout: int = setting(0, "wayout", whole, holds=lambda n: n >= 0, wanted="at least 0")
    last: SearchStats = field(default_factory=SearchStats, compare=False, repr=False)

    def __post_init__(self) -> None:
        #: with ``reward=games``: the rules of the decision searched, and their places'
        #: worth once asked
        self._rules: object = None
        self._worth: Sequence[float] | None = None
        if self.iterations is None and self.seconds is None:
            raise ValueError("ismcts needs an iteration budget (iters=N) or a time budget (time=S)")
        check_settings(self, "ismcts")
        from paiju.bots.heuristic import HeuristicBot
        from paiju.bots.learned import LearnedBot

        if self.weights is not None and "learned" not in (self.rollout, self.prior):
            raise ValueError("ismcts weights are the learned policy's: they need "
                             "rollout=learned or prior=learned")
        players: dict[str, Bot] = {"heuristic": HeuristicBot(),
                                   "learned": LearnedBot(self.weights)}
        self._policy: Bot = players.get(self.rollout, RandomBot())
        self._guide: Bot | None = players.get(self.prior)
        self._model: Bot | None = None
        if self.opponents is not None:
            from paiju.bots.base import make_bot

            if ":" in self.opponents:
                raise ValueError(
                    f"ismcts opponents is a player name without settings, not {self.opponents!r}")
            self._model = make_bot(self.opponents)
        if self.infer and self._model is None:
            raise ValueError("ismcts infer reads the others' moves through a model: "
                             "it needs opponents=NAME")
        if self.pick and self._model is None:
            raise ValueError("ismcts pick reads the others' moves through a model: "
                             "it needs opponents=NAME")
        if self.pick and self.infer:
            raise ValueError("ismcts takes infer (a chain of deals) or pick (the best of "
                             "fresh deals), not both")
        if self.facts and (self._model is None or not isinstance(self._model, BarsCards)):
            raise ValueError("ismcts facts asks an opponent model which cards the others "
                             "cannot hold: it needs opponents=NAME with a model that says "
                             "(uecda-standard does)")
        if self.facts and (self.infer or self.pick):
            raise ValueError("ismcts takes facts, infer or pick, not two of them")
        if self.wide and self.root != "halving":
            raise ValueError("ismcts wide sets the halving's first round: it needs root=halving")
        if self.held is not None and not (self.infer or self.pick or self.facts):
            raise ValueError("ismcts held says when to read the others' moves: it needs "
                             "infer, pick or facts")
        self._dealer = Dealer(self._model, self.infer, self.pick, self.facts, self.held)

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> ISMCTSBot:
        """Build from spec settings (the fields' ``setting`` declarations); with ``time``
        and no ``iters`` the time alone bounds the search."""
        values = read_settings(cls, "ismcts", params)
        if "time" in params and "iters" not in params:
            values["iterations"] = None
        return cls(**values)

    @property
    def spec(self) -> str:
        return spec_of(self, "ismcts")

    def choose(self, view: View, rng: Random) -> Action:
        self._rules = view.rules
        self._worth = None
        legal = list(legal_actions_of(view))
        if len(legal) == 1:
            self.last = SearchStats(0, 0.0, {})
            return legal[0]
        if self.root == "halving":
            return self.halve(view, legal, rng)
        root = self.search(view, rng)
        best_index, best_key = 0, (-1, -math.inf)
        for index, action in enumerate(legal):
            child = root.children.get(action)
            if child is None:
                continue
            key = (child.visits, child.points / child.visits if child.visits else -math.inf)
            if key > best_key:
                best_index, best_key = index, key
        return legal[best_index]

    def search(self, view: View, rng: Random) -> _Node:
        """Run the search from ``view`` and return the root of its tree."""
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        root = _Node(view.seat)
        bounds = [math.inf, -math.inf]
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, self._deal(view, rng), rng, bounds, view.seat)
            root.visits += 1
            done += 1
        self.last = self._tally(_stats(done, start, root.children))
        return root

    def halve(self, view: View, legal: Sequence[Action], rng: Random) -> Action:
        """Sequential halving at the root over shared determinizations (``root=halving``).

        The budget is split evenly over ⌈log2 k⌉ rounds for k legal actions. In each
        round every surviving action is tried on the same fresh determinizations (so
        they are compared on the same cards), then the better half, by mean reward,
        goes on. Ties keep the earlier action: the heuristic's move comes first when
        ``prior=heuristic``, then the view's order. With ``prior=heuristic`` the
        heuristic's move is never dropped, and the search plays another move only
        when it beats the heuristic's on the same deals by more than ``z`` standard
        errors of their paired differences.
        """
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        alive = list(legal)
        anchor: Action | None = None
        if self._guide is not None:
            anchor = self._guide.choose(view, rng)
            alive.sort(key=lambda a: a != anchor)
        order = {a: i for i, a in enumerate(alive)}
        children = {a: _Node(view.seat) for a in alive}
        rewards: dict[Action, dict[int, float]] = {a: {} for a in alive}
        bounds = [math.inf, -math.inf]
        rounds = max(1, math.ceil(math.log2(len(alive))))
        budget = self.iterations if self.iterations is not None else 1 << 30
        budget = max(budget, self.wide * len(alive) * rounds)
        done = dets = 0

        def rank(a: Action) -> tuple[float, int]:
            c = children[a]
            return (-(c.points / c.visits) if c.visits else math.inf, order[a])

        for r in range(rounds):
            per = max(1, (budget - done) // (len(alive) * (rounds - r)))
            for _ in range(per):
                if deadline is not None and done and time.perf_counter() >= deadline:
                    break
                det = self._deal(view, rng)
                for action in alive:
                    state = det.clone()
                    state.apply(action)
                    child = children[action]
                    child.avail += 1
                    values = self._iterate(child, state, rng, bounds, view.seat, [child])
                    rewards[action][dets] = values[view.seat]
                    done += 1
                dets += 1
            alive = sorted(alive, key=rank)[: max(1, math.ceil(len(alive) / 2))]
            if anchor is not None and anchor not in alive:
                alive.append(anchor)
            if len(alive) == 1 or (deadline is not None and time.perf_counter() >= deadline):
                break
        best = min(alive, key=rank)
        kept: Kept | None = None
        if anchor is not None and best != anchor:
            mean, se, n = _paired(rewards[best], rewards[anchor])
            if not _beats(mean, se, n, self.z):
                kept = Kept(str(anchor.to_json()), str(best.to_json()), mean, self.z * se, n)
                best = anchor
        self.last = self._tally(_stats(done, start, children, kept))
        return best

    def _tally(self, stats: SearchStats) -> SearchStats:
        stats.deals, stats.consistent = self._dealer.tally()
        return stats

    def _deal(self, view: View, rng: Random) -> State:
        """A determinization (:class:`~paiju.bots.dealer.Dealer`)."""
        return self._dealer.deal(view, rng)

    def _iterate(
        self, root: _Node, state: State, rng: Random, bounds: list[float], me: int,
        path: list[_Node] | None = None,
    ) -> Sequence[float]:
        path = [] if path is None else path
        node = root
        while not (self.tree == "root" and path):
            seat = state.to_move()
            if seat is None:
                break
            legal = state.legal_actions()
            children = node.children
            untried = [a for a in legal if a not in children]
            available = [a for a in legal if a in children]
            for action in available:
                children[action].avail += 1
            # Progressive widening (prior=heuristic): n visits offer 1 + sqrt(n) children.
            widened = self._guide is not None and available
            if untried and widened and len(available) >= 1 + math.isqrt(node.visits):
                untried = []
            if untried:
                action = untried[rng.randrange(len(untried))]
                if self._guide is not None and not available:
                    guided = self._guide.choose(state.view(seat), rng)
                    action = guided if guided in untried else action
                child = _Node(seat)
                child.avail = 1
                children[action] = child
                state.apply(action)
                path.append(child)
                break
            action, child = self._select(children, available, bounds)
            state.apply(action)
            path.append(child)
            node = child
        self._rollout(state, rng, me)
        values = self._values(state.result())
        low, high = bounds
        bounds[0], bounds[1] = min(low, *values), max(high, *values)
        for child in path:
            value = values[child.seat]
            child.visits += 1
            child.points += value
            child.squares += value * value
        return values

    def _place_worth(self, players: int) -> Sequence[float] | None:
        """With ``reward=games``, the worth of each place over the hands to come where
        the rules say what places carry (else None: as ``reward=place``), worked out
        once a decision."""
        if self.reward != "games" or not carries_places(self._rules):
            return None
        if self._worth is None or len(self._worth) != players:
            self._worth = self._rules.place_worth(players)
        return self._worth

    def _values(self, result: Result) -> Sequence[float]:
        """Each seat's reward: its points, or with ``reward=place`` its finishing place
        (1 for the first out .. 0 for the last) where the game has an order; with
        ``reward=games`` each place's worth over the hands its title carries into
        (:class:`~paiju.core.protocol.CarriesPlaces`), else as ``reward=place``."""
        order = result.order
        if self.reward == "points" or len(order) < 2:
            return result.points
        values = [0.0] * len(result.points)
        worth = self._place_worth(len(order))
        if worth is not None and len(worth) == len(order):
            for place, seat in enumerate(order):
                values[seat] = worth[place]
            return values
        for place, seat in enumerate(order):
            values[seat] = 1.0 - place / (len(order) - 1)
        return values

    def _select(
        self, children: dict[Action, _Node], legal: Sequence[Action], bounds: list[float]
    ) -> tuple[Action, _Node]:
        low, high = bounds
        span = high - low if high > low else 1.0
        best: tuple[Action, _Node] | None = None
        best_score = -math.inf
        for action in legal:
            child = children[action]
            mean = (child.points / child.visits - low) / span if child.visits else 0.0
            score = mean + self.exploration * math.sqrt(
                math.log(child.avail) / max(child.visits, 1)
            )
            if score > best_score:
                best, best_score = (action, child), score
        assert best is not None
        return best

    def _rollout(self, state: State, rng: Random, me: int) -> None:
        """Play ``state`` out: seat ``me`` by the rollout policy, the others by the
        opponent model if there is one, else by the rollout policy too; with ``endgame``
        an endgame the game solves is played exactly from where it starts (if a search
        of that budget does not settle it, the policies play the rest)."""
        model = self._model
        exact = self.endgame if solves_endgames(state) else 0
        outs = self.wayout if finds_way_out(state) else 0
        if model is not None and self.fast and self.opponents is not None \
                and plays_out_against(state) and state.playout_against(
                    rng, me, self.rollout, self.opponents, exact, outs) is not None:
            return  # the game's fast path played it out, the others by the model
        if model is None and self.fast and plays_out(state) and (
                state.playout(rng, self.rollout, exact, outs) if exact or outs
                else state.playout(rng, self.rollout)) is not None:
            return  # the game's fast path played it out
        policy = self._policy
        uniform = model is None and isinstance(policy, RandomBot)
        #: each seat's moves still to play of the way out it found
        lines: dict[int, list[Any]] = {}
        while True:
            seat = state.to_move()
            if seat is None:
                return
            if exact and solves_endgames(state) and state.at_endgame():
                if state.solve_endgame(exact):
                    return
                exact = 0  # the search ran out: the policies play on
            if outs and (model is None or seat == me):
                out = _way_out(state, seat, lines, outs)
                if out is not None:
                    state.apply(out)
                    continue
            if uniform:
                actions = state.legal_actions()
                state.apply(actions[rng.randrange(len(actions))])
            else:
                player = model if model is not None and seat != me else policy
                state.apply(player.choose(state.view(seat), rng))


def _way_out(state: State, seat: int, lines: dict[int, list[Any]],
             budget: int) -> Any | None:
    """The next move of ``seat``'s sure way out: of the line it found before, else of one
    searched now (with ``budget`` positions) if it has a choice; None when it has none.
    As the fast path's :class:`paiju.daifugo.fast.playout.Outs` plays them."""
    line = lines.get(seat)
    if line:
        return line.pop()
    if len(state.legal_actions()) < 2 or not finds_way_out(state):
        return None
    found = state.way_out(budget)
    if not found:
        return None
    found.reverse()
    move = found.pop()
    lines[seat] = found
    return move


def _paired(mine: Mapping[int, float], other: Mapping[int, float]) -> tuple[float, float, int]:
    """The mean of ``mine - other`` over their shared samples, its standard error, and n."""
    diffs = [v - other[k] for k, v in mine.items() if k in other]
    n = len(diffs)
    if n == 0:
        return 0.0, math.inf, 0
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf, n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n), n


def _beats(mean: float, se: float, n: int, z: float) -> bool:
    """Whether a paired advantage ``mean`` is more than ``z`` standard errors ``se``."""
    if n == 0 or mean <= 0:
        return False
    if n < 2:
        return z <= 0
    return mean > z * se


def _clearly_better(mine: Mapping[int, float], other: Mapping[int, float], z: float) -> bool:
    """Whether ``mine`` beats ``other`` on their shared samples by more than ``z`` SEs."""
    return _beats(*_paired(mine, other), z)


def _spread(node: _Node) -> float:
    mean = node.points / node.visits
    var = (node.squares - node.visits * mean * mean) / (node.visits - 1)
    return math.sqrt(max(0.0, var))


def _stats(
    done: int, start: float, children: Mapping[Action, _Node], kept: Kept | None = None
) -> SearchStats:
    keys = {a: str(a.to_json()) for a in children}
    return SearchStats(
        done,
        time.perf_counter() - start,
        {keys[a]: n.visits for a, n in children.items()},
        {keys[a]: n.points / n.visits for a, n in children.items() if n.visits},
        {keys[a]: _spread(n) for a, n in children.items() if n.visits > 1},
        kept,
    )


