"""Gymnasium single-agent environments: the agent holds one player, paiju players the rest.

``import paiju.rl.gym`` registers an id for each game of the registry that offers a
research interface: ``paiju/`` and the letters of its title, ``-v0`` (:func:`env_id`;
docs/rl.md lists them)::

    import gymnasium as gym
    import paiju.rl.gym  # noqa: F401  (registers the ids)
    env = gym.make(paiju.rl.gym.env_id("<game>"), rules="<preset>", players=3)

(``gym.make("paiju.rl.gym:<id>")`` imports it by itself; ``gym.make_vec(id, num_envs=B)``
makes the batched :class:`paiju.rl.batch.PaijuVectorEnv`.) An episode is a
session of ``hands_per_session`` hands; the reward is the agent's points of each hand,
given at the step that ends it. Observations are dicts of ``observation`` and
``action_mask`` as in :mod:`paiju.rl.pettingzoo`; :meth:`PaijuEnv.action_masks` gives
the mask too. ``opponents`` is a comma-separated list of player specs (``random``,
``heuristic``, ``ismcts:iters=200`` ...), or a list whose items are each a spec, a paiju
player (``choose(view, rng)``) or a policy over ids (``policy(obs) -> id``, called at
each step of that player with its own observation dict: self-play), the last repeating,
one for each other player in order. An id outside the mask (the action space holds every
id) changes nothing in the hand and ends the episode with reward ``illegal_reward`` and
the reason as ``info["illegal"]``, as PettingZoo's classic games do. A session in which the agent
would never act (it sits out every hand, as a game's dreamer may) is skipped at reset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any, TypeAlias

import gymnasium
import numpy as np
from gymnasium import spaces

from paiju.bots import make_bot
from paiju.core.games import get_game
from paiju.rl.games import plain_title, researched
from paiju.rl.match import Match, new_seed
from paiju.rl.moves import Moves
from paiju.rl.observe import HIGH

#: How many sessions a reset deals at most, looking for one where the agent acts.
RESETS = 100

#: A policy over ids: a player's observation dict (``observation``, ``action_mask``) to
#: the id it picks.
Policy: TypeAlias = Callable[[dict[str, np.ndarray]], Any]
#: An opponent: a player spec, a paiju player (``choose(view, rng)``) or a :data:`Policy`.
Opponent: TypeAlias = "str | Policy | Any"


def opponents_of(opponents: str | Opponent | Sequence[Opponent], game: str,
                 others: Sequence[int]) -> dict[int, Any]:
    """Each of ``others`` (players, in order) with its opponent: a spec made a paiju
    player, a paiju player or a policy as given; the last repeats. ``ValueError`` names a
    list too long or an empty spec."""
    n = len(others)
    if isinstance(opponents, str):
        items: list[Any] = [s.strip() for s in opponents.split(",")]
    elif isinstance(opponents, Sequence):
        items = [s.strip() if isinstance(s, str) else s for s in opponents]
    else:
        items = [opponents]
    if not items or len(items) > n or any(s == "" for s in items):
        raise ValueError(f"opponents names up to {n} player specs, not {opponents!r}")
    for item in items:
        if not isinstance(item, str) and not hasattr(item, "choose") and not callable(item):
            raise ValueError("an opponent is a player spec, a paiju player or a policy "
                             f"(obs -> id), not {item!r}")
    items += [items[-1]] * (n - len(items))
    return {p: make_bot(item, game) if isinstance(item, str) else item
            for p, item in zip(others, items, strict=True)}


class PaijuEnv(gymnasium.Env[Any, Any]):
    """One player of a session of a game; paiju players hold the others."""

    def __init__(self, game: str | None = None, rules: Any = None,
                 options: Mapping[str, Any] | None = None, players: int | None = None,
                 hands_per_session: int = 1, player: int = 0,
                 opponents: str | Opponent | Sequence[Opponent] = "random",
                 info_state: bool = False, illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        self.metadata = {"render_modes": ["ansi"]}
        self.illegal_reward = float(illegal_reward)
        self.match = Match(game, rules, options, players, hands_per_session)
        game = self.match.game.name
        n = self.match.players
        if not isinstance(player, int) or not 0 <= player < n:
            raise ValueError(f"player is a number from 0 to {n - 1}, not {player!r}")
        self.player = player
        others = [p for p in range(n) if p != player]
        #: each other player's opponent: a paiju player or a policy over ids
        self.bots = opponents_of(opponents, game, others)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is ansi, not {render_mode!r}")
        self.render_mode = render_mode
        self.info_state = info_state
        size = self.match.encoder.info_size if info_state else self.match.encoder.obs_size
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, HIGH, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.match.space.size,), np.int8),
        })
        self.action_space = spaces.Discrete(self.match.space.size)
        self._rng = Random()
        self._pending = 0.0
        self._ended = False
        #: the whole-move rows (:meth:`legal_moves`)
        self.moves = Moves(game)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = Random(seed)
        for _ in range(RESETS):
            points = self.match.start(new_seed(self._rng))
            self._pending = 0.0 if points is None else points[self.player]
            self._ended = False
            self._others()
            if not self.match.over:
                return self._obs(), {}
        raise RuntimeError(f"the agent did not act in {RESETS} sessions")

    def _others(self) -> None:
        """The paiju players move until it is the agent's turn or the session is over."""
        while not self.match.over:
            mover = self.match.to_move()
            if mover == self.player:
                return
            assert mover is not None
            bot = self.bots[mover]
            if hasattr(bot, "choose"):
                points = self.match.apply(bot.choose(self.match.view(mover), self._rng))
            else:
                points = self._policy_step(mover, bot)
            if points is not None:
                self._pending += points[self.player]

    def _policy_step(self, mover: int, policy: Policy) -> dict[int, float] | None:
        """One id of a policy opponent, from its own observation."""
        choice = policy(self._obs(mover))
        try:
            return self.match.step(choice)
        except ValueError as err:
            raise ValueError(f"the opponent policy of player {mover} chose badly: {err}"
                             ) from None

    def _obs(self, player: int | None = None) -> dict[str, np.ndarray]:
        who = self.player if player is None else player
        return {
            "observation": self.match.observation(who, self.info_state),
            "action_mask": self.match.mask(who).copy(),
        }

    def action_masks(self) -> np.ndarray:
        """The legal ids now, as booleans (the convention of maskable agents)."""
        return self.match.mask(self.player).astype(bool)

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        if self.match.over or self._ended:
            raise RuntimeError("the episode is over: call reset()")
        try:
            points = self.match.step(int(action))
        except ValueError as err:
            self._ended = True
            return self._obs(), self.illegal_reward, True, False, {"illegal": str(err)}
        if points is not None:
            self._pending += points[self.player]
        self._others()
        reward, self._pending = self._pending, 0.0
        return self._obs(), reward, self.match.over, False, {}

    def legal_moves(self) -> tuple[list[Any], np.ndarray]:
        """The agent's legal moves now as whole moves (engine actions) and their feature
        rows, one a move (:mod:`paiju.rl.moves`); none once a decision is under way in ids."""
        if self.match.over or self._ended or self.match.prefix(self.player):
            return [], self.moves.features([])
        return self.moves.of(self.match.view(self.player))

    def step_move(self, index: int) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                              dict[str, Any]]:
        """Play the agent's legal move ``index`` (of :meth:`legal_moves`) whole: its ids
        in one call, the rewards of the steps added. ``ValueError`` for an index out of
        range, changing nothing."""
        legal, _ = self.legal_moves()
        if not 0 <= index < len(legal):
            raise ValueError(f"a move is an index from 0 to {len(legal) - 1}, not {index!r}")
        total = 0.0
        for action_id in self.match.path_of(legal[index]):
            obs, reward, done, truncated, info = self.step(action_id)
            total += float(reward)
        return obs, total, done, truncated, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        view = self.match.view(self.player).to_json()
        return f"player {self.player}: {view}"


def env_id(game: str) -> str:
    """The Gymnasium id of a game of the registry: ``paiju/`` and the letters of its
    plain title, ``-v0``."""
    return f"paiju/{plain_title(get_game(game)).replace(' ', '')}-v0"


def register(game: str) -> str:
    """Register the id of a game of the registry (once); the id."""
    name = env_id(game)
    if name not in gymnasium.registry:
        gymnasium.register(name, entry_point="paiju.rl.gym:PaijuEnv",
                           vector_entry_point="paiju.rl.batch:PaijuVectorEnv",
                           kwargs={"game": get_game(game).name}, disable_env_checker=False)
    return name


for _game in researched():
    register(_game.name)
