"""RLCard environments: ``paiju-<game>`` for each game of the registry that offers a
research interface (``import paiju.rl.rlcard`` registers them; needs ``rlcard``)::

    import rlcard, paiju.rl.rlcard
    env = rlcard.make(paiju.rl.rlcard.env_id("<game>"),
                      config={"seed": 1, "game_rules": "<preset>", "game_num_players": 4})
    env.set_agents([rlcard.agents.RandomAgent(num_actions=env.num_actions)] * 4)
    trajectories, payoffs = env.run()

The game keys follow RLCard's ``game_`` prefix: ``game_rules`` (a preset or a rules
spec), ``game_options``, ``game_num_players`` and ``game_hands`` (hands a session; an
RLCard game is one session). Actions are the ids of :mod:`paiju.rl.actions`, a decision
taken in steps as in the other envs; a state is RLCard's dict: ``obs`` (the observation,
:mod:`paiju.rl.observe`), ``legal_actions`` (an ordered dict of the legal ids),
``raw_obs`` (the seat's view as JSON), ``raw_legal_actions`` (the ids in words) and
``moves`` (the whole moves' rows, :mod:`paiju.rl.moves`, outside a decision under way).
The payoffs are the session's totals. ``allow_step_back`` keeps a copy of the session
before each step (the envs copy by replaying, so it costs a replay a step back).
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from typing import Any

import numpy as np
from rlcard.envs import Env
from rlcard.envs.registration import register as rlcard_register
from rlcard.envs.registration import registry

from paiju.rl.games import researched
from paiju.rl.gym import RESETS
from paiju.rl.match import Match
from paiju.rl.moves import Moves


class Session:
    """RLCard's game object: one session of a :class:`~paiju.rl.match.Match`."""

    allow_step_back = False
    np_random: Any = None

    def __init__(self, game: str, config: dict[str, Any]) -> None:
        self.match = Match(game, config.get("game_rules"), config.get("game_options"),
                           config.get("game_num_players"), config.get("game_hands", 1))
        self.moves = Moves(self.match.game.name)
        self._back: list[Match] = []
        self._last = 0

    def get_num_players(self) -> int:
        return self.match.players

    def get_num_actions(self) -> int:
        return self.match.space.size

    def init_game(self) -> tuple[dict[str, Any], int]:
        rng = self.np_random if self.np_random is not None else np.random.RandomState()
        for _ in range(RESETS):
            self.match.start(int(rng.randint(0, 2**62)))
            if not self.match.over:
                break
        else:
            raise RuntimeError(f"no session to play in {RESETS} deals")
        self._back = []
        player = self.get_player_id()
        return self.get_state(player), player

    def step(self, action: int) -> tuple[dict[str, Any], int]:
        if self.allow_step_back:
            self._back.append(copy.deepcopy(self.match))
        self._last = self.get_player_id()
        self.match.step(action)
        player = self.get_player_id()
        return self.get_state(player), player

    def step_back(self) -> bool:
        if not self._back:
            return False
        self.match = self._back.pop()
        return True

    def get_player_id(self) -> int:
        mover = self.match.to_move()
        return self._last if mover is None else mover

    def is_over(self) -> bool:
        return self.match.over

    def get_state(self, player: int) -> dict[str, Any]:
        m = self.match
        ids = np.flatnonzero(m.mask(player)).tolist()
        moving = m.to_move() == player and not m.prefix(player)
        actions, rows = self.moves.of(m.view(player)) if moving else ([], None)
        return {
            "obs": m.observation(player),
            "legal_actions": OrderedDict((i, None) for i in ids),
            "raw_obs": m.view(player).to_json(),
            "raw_legal_actions": [m.space.describe(i) for i in ids],
            "moves": rows if rows is not None else self.moves.features([]),
            "whole_moves": [a.to_json() for a in actions],
        }

    def payoffs(self) -> np.ndarray:
        assert self.match.session is not None
        return np.array(self.match.session.totals, dtype=np.float64)


class PaijuRLCardEnv(Env):
    """A paiju game as an RLCard environment (:data:`game_name` is set a subclass a
    game, :func:`register`)."""

    game_name = ""

    def __init__(self, config: dict[str, Any]) -> None:
        self.name = f"paiju-{self.game_name}"
        self.default_game_config: dict[str, Any] = {}
        config = {"allow_step_back": False, "seed": None, **config}
        self.game = Session(self.game_name, config)
        super().__init__(config)
        size = self.game.match.encoder.obs_size
        self.state_shape = [[size] for _ in range(self.num_players)]
        self.action_shape = [None for _ in range(self.num_players)]

    def _extract_state(self, state: dict[str, Any]) -> dict[str, Any]:
        return state

    def _decode_action(self, action_id: int) -> int:
        return int(action_id)

    def _get_legal_actions(self) -> list[int]:
        player = self.game.get_player_id()
        return list(self.game.get_state(player)["legal_actions"])

    def get_payoffs(self) -> np.ndarray:
        return self.game.payoffs()

    def get_perfect_information(self) -> dict[str, Any]:
        """Every seat's view (for analysis only: no agent should read it)."""
        m = self.game.match
        assert m.state is not None
        return {"views": [m.game.seat_view(m.state, s).to_json()
                          for s in range(m.state.num_seats)]}


def env_id(game: str) -> str:
    """The RLCard id of a game: ``paiju-<name>``."""
    return f"paiju-{game}"


def register(game: str) -> str:
    """Register the RLCard id of a game of the registry (once); the id."""
    name = env_id(game)
    cls_name = f"PaijuRLCardEnv_{game}"
    if cls_name not in globals():
        globals()[cls_name] = type(cls_name, (PaijuRLCardEnv,), {"game_name": game})
    if name not in registry.env_specs:
        rlcard_register(env_id=name, entry_point=f"{__name__}:{cls_name}")
    return name


for _game in researched():
    register(_game.name)
