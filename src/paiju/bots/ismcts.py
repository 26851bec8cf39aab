"""Information-set Monte Carlo tree search (single-observer ISMCTS).

The player searches one tree over the information set of its own seat. Each
iteration deals a *determinization*: ``view.sample(rng)``, a full state consistent
with everything the seat has seen, drawn by the game from the seat's view alone. The
iteration then walks the tree through that state: at every decision the actions
legal in the determinization are the candidates, an untried one is added, otherwise
UCB1 with *availability counts* picks among the children that are legal there (an
action that is legal in only some determinizations is judged by how often it was
available, not by how often its parent was visited). Past the tree the hand is
played out by the rollout policy (uniform random, or the heuristic player), and the
final points of every seat are backed up: each edge keeps the points of the seat that
chose it, so opponents in the tree play for themselves.

With ``prior=heuristic`` the tree grows by progressive widening: a node visited n times
offers at most 1 + ⌊√n⌋ children, and the first child tried at a node is the move the
heuristic player would make there (the others come in random order). Small budgets then
spend their iterations on checking the heuristic's move against a few alternatives
instead of trying every legal move once.

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

from paiju.bots.base import Bot, RandomBot, legal_actions_of
from paiju.core.protocol import Action, State, View

ROLLOUTS = ("random", "heuristic")
PRIORS = ("none", "heuristic")


class _Node:
    """An edge of the tree and the node below it: the decision of ``seat`` to play here."""

    __slots__ = ("avail", "children", "points", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 0
        self.points = 0.0
        self.children: dict[Action, _Node] = {}


@dataclass
class SearchStats:
    """What the last search did."""

    iterations: int = 0
    seconds: float = 0.0
    root_visits: dict[str, int] = field(default_factory=dict)


@dataclass
class ISMCTSBot:
    """An ISMCTS player with an iteration budget, a time budget, or both (first reached)."""

    iterations: int | None = 1000
    seconds: float | None = None
    exploration: float = 0.7
    rollout: str = "random"
    prior: str = "none"
    name: str = "ismcts"
    last: SearchStats = field(default_factory=SearchStats, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("ismcts needs an iteration budget (iters=N) or a time budget (time=S)")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"ismcts iters must be at least 1, not {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"ismcts time must be positive, not {self.seconds}")
        if self.exploration < 0:
            raise ValueError(f"ismcts c must not be negative, not {self.exploration}")
        if self.rollout not in ROLLOUTS:
            raise ValueError(f"ismcts rollout must be one of {', '.join(ROLLOUTS)}")
        if self.prior not in PRIORS:
            raise ValueError(f"ismcts prior must be one of {', '.join(PRIORS)}")
        from paiju.bots.heuristic import HeuristicBot

        self._policy: Bot = HeuristicBot() if self.rollout == "heuristic" else RandomBot()
        self._guide: Bot | None = HeuristicBot() if self.prior == "heuristic" else None

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> ISMCTSBot:
        """Build from spec settings: ``iters``, ``time`` (s), ``c``, ``rollout``, ``prior``."""
        known = {"iters", "time", "c", "rollout", "prior"}
        unknown = set(params) - known
        if unknown:
            raise ValueError(
                f"ismcts has no setting {sorted(unknown)[0]!r}; known: {', '.join(sorted(known))}"
            )
        try:
            seconds = float(params["time"]) if "time" in params else None
            default_iters = None if seconds is not None else 1000
            iterations = int(params["iters"]) if "iters" in params else default_iters
            exploration = float(params.get("c", "0.7"))
        except ValueError as err:
            raise ValueError(f"ismcts setting is not a number: {err}") from None
        return cls(iterations, seconds, exploration, params.get("rollout", "random"),
                   params.get("prior", "none"))

    @property
    def spec(self) -> str:
        parts = ["ismcts"]
        if self.iterations is not None:
            parts.append(f"iters={self.iterations}")
        if self.seconds is not None:
            parts.append(f"time={self.seconds:g}")
        if self.exploration != 0.7:
            parts.append(f"c={self.exploration:g}")
        if self.rollout != "random":
            parts.append(f"rollout={self.rollout}")
        if self.prior != "none":
            parts.append(f"prior={self.prior}")
        return ":".join(parts)

    def choose(self, view: View, rng: Random) -> Action:
        legal = list(legal_actions_of(view))
        if len(legal) == 1:
            self.last = SearchStats(0, 0.0, {})
            return legal[0]
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
            self._iterate(root, view.sample(rng), rng, bounds)
            root.visits += 1
            done += 1
        self.last = SearchStats(
            done,
            time.perf_counter() - start,
            {str(a.to_json()): n.visits for a, n in root.children.items()},
        )
        return root

    def _iterate(self, root: _Node, state: State, rng: Random, bounds: list[float]) -> None:
        path: list[_Node] = []
        node = root
        while True:
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
        self._rollout(state, rng)
        points = state.result().points
        low, high = bounds
        bounds[0], bounds[1] = min(low, *points), max(high, *points)
        for child in path:
            child.visits += 1
            child.points += points[child.seat]

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

    def _rollout(self, state: State, rng: Random) -> None:
        policy = self._policy
        if isinstance(policy, RandomBot):
            while True:
                actions = state.legal_actions()
                if not actions:
                    return
                state.apply(actions[rng.randrange(len(actions))])
        while True:
            seat = state.to_move()
            if seat is None:
                return
            state.apply(policy.choose(state.view(seat), rng))
