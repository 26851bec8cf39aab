"""The learned player: a linear softmax policy over each game's features.

Each game offers its features through ``Game.policy_encoder`` (``paiju/GAME/players/features.py``):
for a view and its legal actions, the indices of each action's features, every one read
from the view alone. The policy scores an action by the sum of its features' weights and
plays the best (``temp=0``, the default), or draws from the softmax of the scores divided
by ``temp``. The weights are plain numbers in a JSON file: the package's own for each
game (:data:`WEIGHTS`, made by ``paiju train``; docs/learned.md) or ``weights=PATH``.
Playing needs no library beyond Python.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from random import Random
from typing import Any

from paiju.bots.base import legal_actions_of
from paiju.core.games import get_game
from paiju.core.protocol import Action, View

#: The package's weights of each game, in ``paiju/bots/weights/``.
WEIGHTS = "{game}.json"


@dataclass(frozen=True)
class Policy:
    """A game's weights for one layout of features (``version``)."""

    game: str
    version: str
    weights: tuple[float, ...]
    made_by: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "version": self.version, "size": len(self.weights),
                "made_by": dict(self.made_by), "weights": list(self.weights)}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Policy:
        """A policy from its JSON form; ``ValueError`` if it does not fit its game's layout."""
        try:
            game, version = str(data["game"]), str(data["version"])
            weights = tuple(float(w) for w in data["weights"])
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"not a learned policy's weights: {err}") from None
        encoder = get_game(game).policy_encoder
        if version != encoder.version or len(weights) != encoder.size:
            raise ValueError(
                f"weights for {version} ({len(weights)} features), but {game} reads "
                f"{encoder.version} ({encoder.size} features): train them again")
        return Policy(game, version, weights, dict(data.get("made_by", {})))

    def scores(self, features: Sequence[Sequence[int]]) -> list[float]:
        """Each action's score: the sum of its features' weights."""
        w = self.weights
        return [sum(w[i] for i in f) for f in features]


def load(path: str | Path) -> Policy:
    """The policy in a weights file; ``ValueError`` if it cannot be read or does not fit."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as err:
        raise ValueError(f"cannot read learned weights from {path}: "
                         f"{err.strerror or err}") from None
    except ValueError:
        raise ValueError(f"{path} is not a learned policy's weights (not JSON)") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a learned policy's weights (not an object)")
    return Policy.from_json(data)


@cache
def packaged(game: str) -> Policy:
    """The package's policy for ``game``; ``ValueError`` when it ships none."""
    name = get_game(game).name
    source = resources.files("paiju.bots") / "weights" / WEIGHTS.format(game=name)
    if not source.is_file():
        raise ValueError(f"paiju ships no learned weights for {name} (see docs/learned.md)")
    return Policy.from_json(json.loads(source.read_text(encoding="utf-8")))


@lru_cache(maxsize=16)
def _cached(path: str, stamp: tuple[int, int]) -> Policy:
    return load(path)


def _from_file(path: str) -> Policy:
    """The policy in ``path``, read again when the file changes."""
    try:
        st = Path(path).stat()
    except OSError as err:
        raise ValueError(f"cannot read learned weights from {path}: "
                         f"{err.strerror or err}") from None
    return _cached(path, (st.st_mtime_ns, st.st_size))


def best(scores: Sequence[float]) -> int:
    """The index of the highest score (the first of equals)."""
    top = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[top]:
            top = i
    return top


def softmax(scores: Sequence[float], temp: float) -> list[float]:
    """The probabilities of the scores divided by ``temp``."""
    high = max(scores)
    raw = [math.exp((s - high) / temp) for s in scores]
    total = sum(raw)
    return [r / total for r in raw]


class LearnedBot:
    """Plays by a learned linear policy (the package's, or one from ``weights``)."""

    name = "learned"

    def __init__(self, weights: str | None = None, temp: float = 0.0) -> None:
        if temp < 0 or not math.isfinite(temp):
            raise ValueError(f"learned: temp must be 0 or more, not {temp}")
        self.weights = weights
        self.temp = temp
        if weights is not None:
            _from_file(weights)  # a file that cannot be played is refused here, not mid-hand

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> LearnedBot:
        unknown = set(params) - {"weights", "temp"}
        if unknown:
            raise ValueError(f"player 'learned' has settings weights and temp, "
                             f"not {sorted(unknown)}")
        try:
            temp = float(params.get("temp", "0"))
        except ValueError:
            raise ValueError(f"learned: temp is a number, not {params['temp']!r}") from None
        return cls(params.get("weights"), temp)

    def policy(self, game: str) -> Policy:
        """The policy this player plays ``game`` by."""
        if self.weights is None:
            return packaged(game)
        policy = _from_file(self.weights)
        if policy.game != get_game(game).name:
            raise ValueError(f"the weights in {self.weights} are for {policy.game}, not {game}")
        return policy

    def choose(self, view: View, rng: Random) -> Action:
        actions = legal_actions_of(view)
        if len(actions) == 1:
            return actions[0]
        policy = self.policy(view.game)
        scores = policy.scores(get_game(view.game).policy_encoder.encode(view, actions))
        if self.temp == 0:
            return actions[best(scores)]
        probs = softmax(scores, self.temp)
        x, total = rng.random(), 0.0
        for action, p in zip(actions, probs, strict=True):
            total += p
            if x < total:
                return action
        return actions[-1]
