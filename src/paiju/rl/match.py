"""A session of hands driven one action id at a time: what the environments share.

A :class:`Match` deals ``hands`` hands of a session (paiju.core's ``Game.new_session``,
with its dealer rotation, exchanges and running totals), keeps the decision in progress
as a :class:`~paiju.rl.actions.Picker`, and reports each player's points when a hand
ends. Players are numbered as in the session (``0 .. players-1``); each hand seats them
through ``Session.seat_players``. Everything a player observes comes from its seat's
view (:mod:`paiju.rl.observe`).
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any, SupportsIndex

import numpy as np

from paiju.core.games import counts_text, default_players, get_game
from paiju.core.protocol import Action, Session, State, View
from paiju.rl.actions import Picker, path, space_of
from paiju.rl.games import default_game, research_of
from paiju.rl.observe import Encoder


class Match:
    """``hands`` hands of one game between ``players`` players, one action id at a time."""

    def __init__(self, game: str | None = None, rules: Any = None,
                 options: Mapping[str, Any] | None = None,
                 players: int | None = None, hands: int = 1) -> None:
        self.game = get_game(default_game() if game is None else game)
        research_of(self.game)  # refuses a game without a research interface first
        self.space = space_of(self.game.name)
        self.rules = self.game.rules(rules, options)
        self.players = default_players(self.game) if players is None else players
        if self.players not in self.game.player_counts:
            counts = counts_text(self.game.player_counts)
            raise ValueError(f"{self.game.title} is for {counts} players, not {self.players}")
        if not isinstance(hands, int) or hands < 1:
            raise ValueError(f"a session has at least one hand, not {hands!r}")
        self.hands = hands
        self.encoder = Encoder(self.game.name, self.players, self.rules)
        self.session: Session | None = None
        self.state: State | None = None
        self.picker: Picker | None = None
        #: The player to move, worked out once a decision.
        self._mover: int | None = None
        #: The player in each seat of the current hand, read when it is dealt (a session
        #: that finishes a hand may already seat the next one).
        self._seats: tuple[int, ...] = ()
        self.version = 0
        #: Engine actions applied since the match was made.
        self.applied = 0
        self._views: dict[int, tuple[int, View]] = {}
        self._vectors: dict[tuple[int, bool], tuple[int, np.ndarray]] = {}
        #: the session's seed and the engine actions applied in it (for copies)
        self._seed = 0
        self._played: list[Action] = []

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled (and deep-copied) as its settings, its session's seed and the engine
        # actions and ids played since: rebuilt by playing them again, which needs no
        # engine object to pickle (a compiled class is only made through __init__)
        play = None if self.session is None else (
            self._seed, tuple(self._played), self.prefix_now(), self.version, self.applied)
        return (_match, (self.game.name, self.rules, self.players, self.hands, play))

    # ------------------------------------------------------------ flow

    def start(self, seed: int) -> dict[int, float] | None:
        """A new session from ``seed``, its first hand dealt.

        Returns each player's points if hands were over as soon as dealt (a hand some
        game ends at the deal), else ``None``.
        """
        self.session = self.game.new_session(self.rules, self.players, seed)
        self._seed = seed
        self._played = []
        points = self._deal()
        self._new_decision()
        return points

    def _deal(self) -> dict[int, float] | None:
        """Deal the next hand; a hand over at once is settled and the next one dealt."""
        assert self.session is not None
        points: dict[int, float] | None = None
        while True:
            self.state = self.session.deal()
            self._seats = tuple(self.session.seat_players())
            if not self.state.is_terminal():
                return points
            points = _plus(points, self._settle())
            if self.session.hands_played >= self.hands:
                return points

    def _settle(self) -> dict[int, float]:
        """Finish the hand just over; each player's points from it."""
        assert self.session is not None and self.state is not None
        before = list(self.session.totals)
        self.session.finish(self.state)
        after = list(self.session.totals)
        return {p: float(after[p] - before[p]) for p in range(self.players)}

    def _new_decision(self) -> None:
        self.version += 1
        assert self.state is not None and self.session is not None
        seat = self.state.to_move()
        self._mover = None if seat is None else self._seats[seat]
        self.picker = None if self.state.is_terminal() else Picker(
            self.space, self.state.legal_actions())

    @property
    def over(self) -> bool:
        """Whether the session's last hand is over."""
        assert self.session is not None and self.state is not None
        return self.state.is_terminal() and self.session.hands_played >= self.hands

    def seat_of(self, player: int) -> int | None:
        """The seat ``player`` holds in the current hand."""
        seats = self._seats
        return seats.index(player) if player in seats else None

    def to_move(self) -> int | None:
        """The player whose decision it is, or ``None`` when the session is over."""
        return self._mover

    def step(self, action_id: SupportsIndex) -> dict[int, float] | None:
        """Pick ``action_id`` for the player to move; each player's points if a hand ended.

        An id outside the mask raises ``ValueError`` and changes nothing.
        """
        assert self.picker is not None and self.state is not None
        action = self.picker.step(action_id)
        if action is None:
            return None
        return self.apply(action)

    def apply(self, action: Action) -> dict[int, float] | None:
        """Play a whole engine action (of the player to move); points if the hand ended."""
        assert self.state is not None and self.session is not None
        self.state.apply(action)
        self._played.append(action)
        self.applied += 1
        points = None
        if self.state.is_terminal():
            points = self._settle()
            if self.session.hands_played < self.hands:
                points = _plus(points, self._deal())
        self._new_decision()
        return points

    def prefix_now(self) -> tuple[int, ...]:
        """The ids picked so far in the decision in progress."""
        return () if self.picker is None else self.picker.prefix

    def path_of(self, action: Action) -> list[int]:
        """The ids that play ``action`` (an engine action of the player to move)."""
        assert self.picker is not None
        return path(self.picker, action)

    # ------------------------------------------------------------ what a player sees

    def view(self, player: int) -> View:
        """``player``'s view of the current hand (cached until the next action)."""
        assert self.state is not None
        cached = self._views.get(player)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        seat = self.seat_of(player)
        view = self.game.seat_view(self.state, seat if seat is not None else 0)
        self._views[player] = (self.version, view)
        return view

    def mask(self, player: int) -> np.ndarray:
        """The legal ids of ``player`` now (all zero when it is not its turn)."""
        if self.picker is None or self._mover != player:
            return np.zeros(self.space.size, dtype=np.int8)
        return self.picker.mask()

    def prefix(self, player: int) -> tuple[int, ...]:
        """The ids ``player`` has picked in its decision in progress."""
        if self.picker is None or self._mover != player:
            return ()
        return self.picker.prefix

    def observation(self, player: int, info_state: bool = False) -> np.ndarray:
        """``player``'s observation vector (or information-state vector)."""
        cached = self._vectors.get((player, info_state))
        if cached is None or cached[0] != self.version:
            view = self.view(player)
            encode = self.encoder.info_state if info_state else self.encoder.observation
            cached = (self.version, encode(view))
            self._vectors[player, info_state] = cached
        return self.encoder.with_prefix(cached[1], self.prefix(player))


def _match(game: str, rules: Any, players: int, hands: int,
           play: tuple[Any, ...] | None) -> Match:
    """A match rebuilt from :meth:`Match.__reduce__`'s parts: its session dealt from the
    same seed, the same actions and ids played again."""
    match = Match(game, None, None, players, hands)
    match.rules, match.encoder = rules, Encoder(game, players, rules)
    if play is not None:
        seed, played, prefix, version, applied = play
        match.start(seed)
        for action in played:
            match.apply(action)
        for action_id in prefix:
            match.step(action_id)
        match.version, match.applied = version, applied
    return match


def _plus(a: dict[int, float] | None, b: dict[int, float] | None) -> dict[int, float] | None:
    """Two players-to-points maps added (either may be ``None``)."""
    if a is None or b is None:
        return a if b is None else b
    return {p: a[p] + b[p] for p in a}


def new_seed(rng: Random | None = None) -> int:
    """A session seed when none is given."""
    return (rng or Random()).getrandbits(63)
