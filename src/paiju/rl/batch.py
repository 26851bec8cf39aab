"""Batched play: ``batch`` sessions of one game stepped together, NumPy arrays out.

:class:`BatchMatch` holds ``batch`` sessions (each a :class:`~paiju.rl.match.Match`) and
steps them together: one id (or one whole move, :mod:`paiju.rl.moves`) for the player to
move in each, and the answer as arrays: the movers' observations ``(batch, size)``, their
masks ``(batch, ids)``, each player's rewards ``(batch, players)`` and the sessions that
ended ``(batch,)``. A session that ends is dealt again at once (auto-reset), from its own
stream of seeds: session ``i`` seeded ``s`` plays exactly what the PettingZoo env reset
with ``seed=s`` plays, reset after reset, whatever the batch (tests/rl/test_rl_batch.py
checks it step for step under Hypothesis). Every player of every session is the
caller's: self-play is the natural use.

:class:`PaijuVectorEnv` is a Gymnasium ``VectorEnv`` over it: the agent holds one player
in every session, ``opponents`` the others (player specs, paiju players, or batched
policies over ids, ``policy(obs) -> ids`` over the sessions where that player is to move).

docs/rl.md, "Batched play", has the API and the figures.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any, TypeAlias, cast

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from paiju.core.protocol import StateObserver
from paiju.rl.actions import as_id
from paiju.rl.gym import RESETS, opponents_of
from paiju.rl.match import Match, new_seed
from paiju.rl.moves import Moves
from paiju.rl.observe import HIGH, rule_flags
from paiju.rl.rows import (
    encode_rows,
    first_illegal,
    mask_bytes,
    movers_of,
    nth_legal,
    pick_cells,
    stale,
    step_ids,
)

#: A batched policy over ids: the observations and masks of the sessions where its
#: player is to move (``{"observation": (k, size), "action_mask": (k, ids)}``) to ``k`` ids.
BatchPolicy: TypeAlias = Callable[[dict[str, np.ndarray]], Any]


def seeds_of(seed: int | Sequence[int] | None, batch: int) -> list[int | None]:
    """Each session's seed: ``seed + i`` for an int (Gymnasium's convention), a list as
    given, or none (drawn afresh)."""
    if seed is None:
        return [None] * batch
    if isinstance(seed, int):
        return [seed + i for i in range(batch)]
    seeds = [as_id(s) for s in seed]
    if len(seeds) != batch:
        raise ValueError(f"a seed for each of the {batch} sessions, not {len(seeds)}")
    return list(seeds)


class BatchMatch:
    """``batch`` sessions of one game, each of ``hands_per_session`` hands, stepped
    together; arguments otherwise as for :class:`~paiju.rl.match.Match`."""

    def __init__(self, game: str | None = None, rules: Any = None,
                 options: Mapping[str, Any] | None = None, players: int | None = None,
                 batch: int = 1, hands_per_session: int = 1, info_state: bool = False,
                 fast: bool = True) -> None:
        if not isinstance(batch, int) or batch < 1:
            raise ValueError(f"a batch holds at least one session, not {batch!r}")
        first = Match(game, rules, options, players, hands_per_session)
        self.matches = [first] + [Match(first.game.name, None, None, first.players,
                                        hands_per_session) for _ in range(batch - 1)]
        for m in self.matches[1:]:
            # the same rules; one encoder serves them all (it only reads views)
            m.rules, m.encoder = first.rules, first.encoder
        self.batch = batch
        self.game = first.game.name
        self.players = first.players
        self.space = first.space
        self.encoder = first.encoder
        self.moves = Moves(self.game)
        self.info_state = info_state
        #: an observation's width (the information state's with ``info_state``)
        self.obs_size = self.encoder.info_size if info_state else self.encoder.obs_size
        self._rngs = [Random() for _ in range(batch)]
        #: points of hands over at the deal, paid with the session's next step
        self._carry = np.zeros((batch, self.players), dtype=np.float32)
        #: sessions finished in each session's place since the first reset
        self.episodes = np.zeros(batch, dtype=np.int64)
        #: each session's totals when it last ended (``(batch, players)``)
        self.final_totals = np.zeros((batch, self.players), dtype=np.float32)
        #: a player whose observation of each session's end is kept (``final_obs``)
        self.final_player: int | None = None
        self.final_obs = np.zeros((batch, self.obs_size), dtype=np.float32)
        #: each session's mover's vector without picks, and the match version it is of
        self._base = np.zeros((batch, self.obs_size), dtype=np.float32)
        self._base_version = [-1] * batch
        #: the offsets of the observer's counts, and the rule flags (one rules for all)
        self._value_at = np.array(list(self.encoder.observer.count_offsets()), dtype=np.intp)
        width = {name: w for name, _, w in self.encoder.layout()}["rules"]
        rules_at = self.encoder.at["rules"]
        self._rules_at = slice(rules_at, rules_at + width)
        self._flags = np.array(rule_flags(self.encoder.options, first.rules.values),
                               dtype=np.float32)
        #: whether the game's fast path serves (kept as a flag: the batch pickles, and a
        #: compiled observer does not)
        self._fast = fast and isinstance(self.encoder.observer, StateObserver)
        self._ready = False

    @property
    def fast(self) -> StateObserver[Any, Any] | None:
        """The game's fast path: its observer, reading the state itself (``None``: every
        observation from the seat's view, the reference; so with ``fast=False``)."""
        return cast(StateObserver[Any, Any], self.encoder.observer) if self._fast else None

    # ------------------------------------------------------------ flow

    def reset(self, seed: int | Sequence[int] | None = None) -> None:
        """Deal every session anew: session ``i`` from seed ``seed + i`` (or ``seed[i]``)."""
        for i, s in enumerate(seeds_of(seed, self.batch)):
            self._rngs[i] = Random(s)
            self._carry[i] = 0.0
            self._start(i)
        self.episodes[:] = 0
        self._ready = True

    def _start(self, i: int) -> None:
        """Session ``i`` dealt from its stream (a session over at the deal is paid with
        the next step and dealt again)."""
        match = self.matches[i]
        for _ in range(RESETS):
            points = match.start(new_seed(self._rngs[i]))
            if points is not None:
                self._carry[i] += [points[p] for p in range(self.players)]
            if not match.over:
                return
        raise RuntimeError(f"no session to play in {RESETS} deals")

    def _check(self) -> None:
        if not self._ready:
            raise RuntimeError("the batch is not dealt: call reset()")

    def to_move(self) -> np.ndarray:
        """The player to move in each session, ``(batch,)``."""
        self._check()
        return np.array([m.to_move() for m in self.matches], dtype=np.int64)

    def seats(self) -> np.ndarray:
        """The seat each player holds in each session's current hand, ``(batch, players)``
        (-1 for none)."""
        self._check()
        return np.array([[-1 if (s := m.seat_of(p)) is None else s
                          for p in range(self.players)] for m in self.matches], dtype=np.int64)

    def observations(self, players: Sequence[int] | np.ndarray | None = None) -> np.ndarray:
        """Each session's observation of its player to move (or of ``players[i]``),
        ``(batch, obs_size)`` ``float32``.

        The movers' vectors without picks are kept, a row a session, and only the rows of
        sessions that took an engine action since are encoded again; the picks of the
        decisions under way are then written into a copy in one step."""
        self._check()
        if players is not None:
            return self.observe(list(enumerate(int(p) for p in players)))
        base, seen = self._base, self._base_version
        changed = stale(self.matches, seen)
        if changed and self.info_state:
            for i in changed:
                m = self.matches[i]
                mover = m.to_move()
                assert mover is not None
                base[i] = self.encoder.info_state(m.view(mover))
                seen[i] = m.version
        elif changed:
            self._encode(changed)
        rows, cols = pick_cells(self.matches, self.encoder.at["picked_do"])
        out = base.copy()
        if rows:
            out[rows, cols] = 1.0
        return out

    def observe(self, asked: list[tuple[int, int]]) -> np.ndarray:
        """The observations of ``(session, player)`` pairs, a row each (with the picks of
        a player whose decision is under way)."""
        if self.fast is None or self.info_state:
            out = np.empty((len(asked), self.obs_size), dtype=np.float32)
            for row, (i, player) in enumerate(asked):
                out[row] = self.matches[i].observation(player, self.info_state)
            return out
        out = self._vectors(asked)
        at = self.encoder.at["picked_do"]
        for row, (i, player) in enumerate(asked):
            prefix = self.matches[i].prefix(player)
            if prefix:
                out[row, [at + a for a in prefix]] = 1.0
        return out

    def _encode(self, rows: list[int]) -> None:
        """The movers' observations of sessions ``rows`` (without picks) into the kept
        rows."""
        self._base[rows] = self._vectors(movers_of(self.matches, rows, self._base_version))

    def _vectors(self, asked: list[tuple[int, int]]) -> np.ndarray:
        """The observations (without picks) of ``(session, player)`` pairs, a row each:
        each one's entries that are 1 read as one integer (by the game's fast path from
        the state, else from the player's view), then all unpacked into floats in one
        step, the counts and rule flags written after (as
        :meth:`paiju.rl.observe.Encoder.observation` does a vector at a time)."""
        size = self.obs_size
        width = (size + 7) // 8
        ones, values = encode_rows(self.fast, self.encoder.observer, self.matches, asked,
                                   width)
        raw = np.frombuffer(ones, np.uint8).reshape(len(asked), width)
        out = np.unpackbits(raw, axis=1, bitorder="little")[:, :size].astype(np.float32)
        if len(self._value_at):
            out[:, self._value_at] = np.array(values, dtype=np.float32).reshape(
                len(asked), len(self._value_at))
        out[:, self._rules_at] = self._flags
        return out

    def masks(self) -> np.ndarray:
        """Each session's mask of its player to move, ``(batch, ids)`` ``int8``."""
        self._check()
        size = self.space.size
        return np.frombuffer(mask_bytes(self.matches, size), np.int8).reshape(-1, size)

    def random_ids(self, rng: np.random.Generator) -> np.ndarray:
        """A legal id for each session's player to move, uniform over its mask (one draw
        of ``rng`` a session), ``(batch,)``."""
        self._check()
        return np.array(nth_legal(self.matches, rng.random(self.batch).tolist()),
                        dtype=np.int64)

    def step(self, ids: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """One id for the player to move in each session: ``(rewards, dones)``, each
        player's points of hands that ended ``(batch, players)`` and the sessions that
        ended ``(batch,)``, each already dealt again. An id outside its session's mask
        raises ``ValueError`` naming the session, and nothing changes in any."""
        self._check()
        picked = self._ids(ids)
        i = first_illegal(self.matches, picked)
        if i >= 0:
            picker = self.matches[i].picker
            assert picker is not None
            try:
                picker.copy().step(picked[i])
            except ValueError as err:
                raise ValueError(f"session {i}: {err}") from None
        rewards = self._carry.copy()
        self._carry[:] = 0.0
        dones = np.zeros(self.batch, dtype=bool)
        for i, points, over in step_ids(self.matches, picked):
            rewards[i] += [points[p] for p in range(self.players)]
            if over:
                dones[i] = True
                self._finish(i)
        return rewards, dones

    def legal_moves(self) -> list[tuple[list[Any], np.ndarray]]:
        """Each session's legal moves of its player to move as whole moves and their
        feature rows (:class:`~paiju.rl.moves.Moves`; none once a decision is under way
        in ids)."""
        self._check()
        out: list[tuple[list[Any], np.ndarray]] = []
        for m in self.matches:
            mover = m.to_move()
            if mover is None or m.prefix(mover):
                out.append(([], self.moves.features([])))
            else:
                out.append(self.moves.of(m.view(mover)))
        return out

    def step_moves(self, indices: Sequence[int] | np.ndarray,
                   legal: list[tuple[list[Any], np.ndarray]] | None = None
                   ) -> tuple[np.ndarray, np.ndarray]:
        """One whole move in each session, by its index in :meth:`legal_moves` (``legal``,
        if the caller has them): as :meth:`step`. An index out of range raises
        ``ValueError`` naming the session, and nothing changes in any."""
        self._check()
        moves = self.legal_moves() if legal is None else legal
        picked = self._ids(indices)
        for i, (index, (actions, _)) in enumerate(zip(picked, moves, strict=True)):
            if not 0 <= index < len(actions):
                raise ValueError(f"session {i}: a move is an index from 0 to "
                                 f"{len(actions) - 1}, not {index}")
        return self._apply([actions[j] for j, (actions, _) in zip(picked, moves, strict=True)])

    def _ids(self, ids: Sequence[int] | np.ndarray) -> list[int]:
        got = [as_id(a) for a in (ids.tolist() if isinstance(ids, np.ndarray) else ids)]
        if len(got) != self.batch:
            raise ValueError(f"one id for each of the {self.batch} sessions, not {len(got)}")
        return got

    def _apply(self, moves: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
        """Each session's id (an int) or whole action stepped; rewards and dones."""
        rewards = self._carry.copy()
        self._carry[:] = 0.0
        dones = np.zeros(self.batch, dtype=bool)
        for i, (m, move) in enumerate(zip(self.matches, moves, strict=True)):
            points = m.step(move) if isinstance(move, int) else m.apply(move)
            if points is not None:
                rewards[i] += [points[p] for p in range(self.players)]
            if m.over:
                dones[i] = True
                self._finish(i)
        return rewards, dones

    def _finish(self, i: int) -> None:
        """Session ``i`` is over: its totals (and its final observation, of
        :attr:`final_player`) kept, and a new session dealt in its place."""
        m = self.matches[i]
        assert m.session is not None
        self.final_totals[i] = m.session.totals
        if self.final_player is not None:
            if self.fast is None or self.info_state:
                self.final_obs[i] = m.observation(self.final_player, self.info_state)
            else:
                self.final_obs[i] = self._vectors([(i, self.final_player)])[0]
        self.episodes[i] += 1
        self._start(i)


class PaijuVectorEnv(VectorEnv[Any, Any, Any]):
    """A Gymnasium ``VectorEnv``: the agent holds ``player`` in each of ``num_envs``
    sessions, ``opponents`` the other players (as :class:`paiju.rl.gym.PaijuEnv`'s, but a
    policy is batched: ``policy({"observation": (k, size), "action_mask": (k, ids)})``
    gives ``k`` ids, for the ``k`` sessions where its player is to move). Observations are
    dicts of ``observation`` ``(num_envs, size)`` and ``action_mask`` ``(num_envs, ids)``;
    the reward is the agent's points; a session that ends is dealt again in the same step
    (``AutoresetMode.SAME_STEP``: the info's ``final_obs`` holds the agent's observation of
    its end, ``final_info`` its ``totals``). A session in which the agent would not act
    is dealt again, as :class:`~paiju.rl.gym.PaijuEnv`'s reset does."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, game: str | None = None, rules: Any = None,
                 options: Mapping[str, Any] | None = None, players: int | None = None,
                 num_envs: int = 1, hands_per_session: int = 1, player: int = 0,
                 opponents: Any = "random", info_state: bool = False,
                 fast: bool = True) -> None:
        self.batch = BatchMatch(game, rules, options, players, num_envs, hands_per_session,
                                info_state, fast)
        n = self.batch.players
        if not isinstance(player, int) or not 0 <= player < n:
            raise ValueError(f"player is a number from 0 to {n - 1}, not {player!r}")
        self.player = player
        self.batch.final_player = player
        self.num_envs = num_envs
        others = [p for p in range(n) if p != player]
        self.bots = opponents_of(opponents, self.batch.game, others)
        size, ids = self.batch.obs_size, self.batch.space.size
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, HIGH, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (ids,), np.int8),
        })
        self.single_action_space = spaces.Discrete(ids)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, ids))
        self._bot_rng = Random()
        #: the agent's points of each session before its first action there, paid with it
        self._pending = np.zeros(num_envs, dtype=np.float32)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._bot_rng = Random(seed)
        self.batch.reset(seed)
        self._pending[:] = 0.0
        scratch = np.zeros(self.num_envs, dtype=np.float32)
        self._others(scratch, np.zeros(self.num_envs, dtype=bool),
                     np.ones(self.num_envs, dtype=bool))
        return self._obs(), {}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                           np.ndarray, dict[str, Any]]:
        b = self.batch
        rewards, done = b.step(np.asarray(actions).reshape(-1))
        total = rewards[:, self.player] + self._pending
        self._pending[:] = 0.0
        # a session the agent's move ended is dealt again: its opponents move first
        self._others(total, done, done.copy())
        infos: dict[str, Any] = {}
        for i in np.flatnonzero(done).tolist():
            final = {"observation": b.final_obs[i].copy(),
                     "action_mask": np.zeros(b.space.size, dtype=np.int8)}
            infos = self._add_info(infos, {"final_obs": final, "final_info": {
                "totals": b.final_totals[i].copy()}}, i)
        return (self._obs(), total.astype(np.float32), done,
                np.zeros(self.num_envs, dtype=bool), infos)

    def _others(self, total: np.ndarray, done: np.ndarray, fresh: np.ndarray) -> None:
        """The opponents move in every session until it is the agent's turn. Their
        points go to ``total`` (to the next step in a ``fresh`` session, where the agent
        has not acted yet); a session they end is ``done`` (a fresh one is dealt again
        silently)."""
        b = self.batch
        while True:
            movers = b.to_move()
            waiting = np.flatnonzero(movers != self.player)
            if not len(waiting):
                return
            for p in sorted(set(movers[waiting].tolist())):
                rows = waiting[movers[waiting] == p].tolist()
                bot = self.bots[p]
                if hasattr(bot, "choose"):
                    for i in rows:
                        m = b.matches[i]
                        points = m.apply(bot.choose(m.view(p), self._bot_rng))
                        self._settle(i, points, total, done, fresh)
                    continue
                obs = {"observation": b.observe([(i, p) for i in rows]),
                       "action_mask": np.stack([b.matches[i].mask(p) for i in rows])}
                chosen = np.asarray(bot(obs)).reshape(-1).tolist()
                if len(chosen) != len(rows):
                    raise ValueError(f"the opponent policy of player {p} gave {len(chosen)} "
                                     f"ids for {len(rows)} sessions")
                for i, a in zip(rows, chosen, strict=True):
                    try:
                        points = b.matches[i].step(a)
                    except ValueError as err:
                        raise ValueError(f"the opponent policy of player {p} chose badly "
                                         f"in session {i}: {err}") from None
                    self._settle(i, points, total, done, fresh)

    def _settle(self, i: int, points: dict[int, float] | None, total: np.ndarray,
                done: np.ndarray, fresh: np.ndarray) -> None:
        if points is not None:
            if fresh[i]:
                self._pending[i] += points[self.player]
            else:
                total[i] += points[self.player]
        b = self.batch
        if not b.matches[i].over:
            return
        if fresh[i]:  # the agent never acted in it: dealt again, as a reset would
            self._pending[i] = 0.0
            b._carry[i] = 0.0
            b._start(i)
            return
        done[i] = fresh[i] = True
        b._finish(i)

    def _obs(self) -> dict[str, np.ndarray]:
        b = self.batch
        return {"observation": b.observations(np.full(self.num_envs, self.player)),
                "action_mask": b.masks()}

    def action_masks(self) -> np.ndarray:
        """The legal ids in each session, as booleans ``(num_envs, ids)``."""
        return self.batch.masks().astype(bool)
