"""PettingZoo AEC environments of every game with a research interface:
``env(game=..., rules=...)`` (by default the registry's first such game and its first
preset).

They follow PettingZoo's classic games: each agent's observation is a dict with
``observation`` (its seat's view as a flat vector, :mod:`paiju.rl.observe`) and
``action_mask`` (the legal ids, :mod:`paiju.rl.actions`); rewards come at the end of
each hand (each player's points of the hand); the session ends after
``hands_per_session`` hands. A decision may take several steps (its kind, then its
cards): the same agent stays selected until its action is complete.

Agents are the session's players ``player_0 .. player_{n-1}``. A player whose seat never
acts in a hand (a dreamer, say, changing each hand) is an agent that is never selected, but it
observes its own view and receives its payments.
There is no parallel wrapper: play is turn by turn, so a parallel step would not be exact.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from paiju.rl.match import Match, new_seed
from paiju.rl.moves import Moves
from paiju.rl.observe import HIGH


class PaijuAEC(AECEnv):
    """A session of a game as a PettingZoo AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"], "name": "paiju_v0", "is_parallelizable": False,
    }

    def __init__(self, game: str | None = None, rules: Any = None,
                 options: Mapping[str, Any] | None = None, players: int | None = None,
                 hands_per_session: int = 1, info_state: bool = False,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.match = Match(game, rules, options, players, hands_per_session)
        self.info_state = info_state
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is human or ansi, not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(self.match.players)]
        self._player = {a: p for p, a in enumerate(self.possible_agents)}
        enc = self.match.encoder
        size = enc.info_size if info_state else enc.obs_size
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, HIGH, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.match.space.size,), np.int8),
            }) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.match.space.size)
                              for a in self.possible_agents}
        self._rng = Random()
        #: the last step, ``(agent, id)``, for :meth:`render`
        self._last: tuple[str, int] | None = None
        self._paid = False
        #: the whole-move rows (:meth:`legal_moves`)
        self.moves = Moves(self.match.game.name)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = Random(seed)
        points = self.match.start(new_seed(self._rng))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        if points is not None:  # hands over as soon as dealt are paid now
            for p, value in points.items():
                self.rewards[self.possible_agents[p]] = value
                self._cumulative_rewards[self.possible_agents[p]] = value
        self.terminations = {a: self.match.over for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._last = None
        self._paid = points is not None
        self.agent_selection = self.possible_agents[0]
        self._select()

    def _select(self) -> None:
        player = self.match.to_move()
        if player is not None:
            self.agent_selection = self.possible_agents[player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self._player[agent]
        return {
            "observation": self.match.observation(player, self.info_state),
            "action_mask": self.match.mask(player).copy(),
        }

    def view(self, agent: str) -> Any:
        """The agent's seat's view of the current hand (for paiju players)."""
        return self.match.view(self._player[agent])

    def legal_moves(self, agent: str) -> tuple[list[Any], np.ndarray]:
        """The agent's legal moves now as whole moves (engine actions) and their feature
        rows, one a move (:mod:`paiju.rl.moves`); none when it is not its turn, or once
        its decision is under way in ids."""
        player = self._player[agent]
        if self.match.over or self.match.to_move() != player or self.match.prefix(player):
            return [], self.moves.features([])
        return self.moves.of(self.match.view(player))

    def step_move(self, index: int) -> None:
        """Play the selected agent's legal move ``index`` (of :meth:`legal_moves`) whole,
        its ids stepped in one call. ``ValueError`` for an index out of range, changing
        nothing."""
        legal, _ = self.legal_moves(self.agent_selection)
        if not 0 <= index < len(legal):
            raise ValueError(f"a move is an index from 0 to {len(legal) - 1}, not {index!r}")
        for action_id in self.match.path_of(legal[index]):
            self.step(action_id)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = int(action)
        points = self.match.step(action)  # an illegal id raises here, changing nothing
        self._last = (agent, action)
        cumulative = self._cumulative_rewards
        cumulative[agent] = 0.0
        if self._paid:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._paid = False
        if points is not None:  # the rewards are accumulated here: they are 0 otherwise
            for p, value in points.items():
                name = self.possible_agents[p]
                self.rewards[name] = value
                cumulative[name] += value
            self._paid = True
        if self.match.over:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        player = self.match.to_move()
        whose = "the session is over" if player is None else f"player_{player} to move"
        if self._last is None:
            text = f"dealt; {whose}"
        else:
            agent, action = self._last
            text = f"{agent}: {self.match.space.describe(action)}; {whose}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: str | None = None, rules: Any = None, options: Mapping[str, Any] | None = None,
            players: int | None = None, hands_per_session: int = 1, info_state: bool = False,
            render_mode: str | None = None) -> PaijuAEC:
    """The environment without PettingZoo's checking wrappers."""
    return PaijuAEC(game, rules, options, players, hands_per_session, info_state, render_mode)


def env(game: str | None = None, rules: Any = None, options: Mapping[str, Any] | None = None,
        players: int | None = None, hands_per_session: int = 1, info_state: bool = False,
        render_mode: str | None = None) -> Any:
    """The environment in PettingZoo's usual wrappers (an illegal id ends the session
    with a penalty for the agent that chose it, and actions are checked to be in range)."""
    out: Any = raw_env(game, rules, options, players, hands_per_session, info_state,
                       render_mode)
    out = wrappers.TerminateIllegalWrapper(out, illegal_reward=-1)
    out = wrappers.AssertOutOfBoundsWrapper(out)
    return wrappers.OrderEnforcingWrapper(out)
