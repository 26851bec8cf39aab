"""OpenSpiel games: ``python_paiju_<game>`` for each game of the registry that offers a
research interface (``Game.research``).

``import paiju.rl.openspiel`` registers them with ``pyspiel.register_game`` (a game the
registry learns of later is registered by :func:`register`); then::

    game = pyspiel.load_game("python_paiju_<game>(rules=<preset>,players=4)")

Parameters: ``rules`` (a preset), ``options`` (rule overrides, ``name=value`` or, inside
a game string whose syntax keeps ``=`` and ``,`` for itself, ``name:value``; separated by
``;``; a list value's items joined by ``+``), ``players``, and ``history``: the rows of
history the information-state tensor keeps after the observation, the last ones
(:data:`HISTORY`, none: the tensor stays compact, and the observation already holds
every card played and who played it). One OpenSpiel game is one
hand. Chance deals it card by card, as the game's :class:`~paiju.core.protocol.ChanceDeal`
says (outcome = the card's number in the game's cards module), then, where the rules draw
the first player, picks the seat that leads. Player actions are the ids of
:mod:`paiju.rl.actions`; the returns are the hand's points. A seat that never acts in a
hand is never the current player.

Each player's information state is its seat's view (:mod:`paiju.rl.observe`): as text,
as a tensor with its history, and as an observation tensor.
``resample_from_infostate`` deals a state from the seat's view with ``View.sample``:
a state that agrees with all the seat has seen, wrapped as a new OpenSpiel state (its
``history()`` is empty: the sample has no deal of its own to replay). OpenSpiel's own
IS-MCTS (``open_spiel.python.algorithms.ismcts``) plays whole hands with it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from random import Random
from typing import Any

import numpy as np
import pyspiel

from paiju.core.games import AnyGame, counts_text, default_players, default_preset, get_game
from paiju.core.options import parse_overrides
from paiju.core.protocol import ChanceDeal, State, View
from paiju.rl.actions import ActionSpace, Picker, path, space_of
from paiju.rl.games import plain_title, research_of, researched
from paiju.rl.observe import Encoder

#: The rows of history an information-state tensor keeps unless told (``history``).
HISTORY = 0
#: OpenSpiel's player ids of chance and of a terminal state, as ints.
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def defaults(game: AnyGame) -> dict[str, Any]:
    """The game's default parameters: its first preset, no overrides, its usual players,
    :data:`HISTORY` rows of history."""
    return {"rules": default_preset(game), "options": "", "players": default_players(game),
            "history": HISTORY}


@dataclass(frozen=True)
class Config:
    """One parameter setting: the game, its rules, the encodings and the deal."""

    game: AnyGame
    rules: Any
    players: int
    space: ActionSpace
    encoder: Encoder
    deal: ChanceDeal
    #: the rows of history of the information-state tensor
    history: int = HISTORY

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def deck(self) -> tuple[int, ...]:
        return self.deal.deck

    @property
    def draw_first(self) -> bool:
        return self.deal.draws_first

    def token(self, c: int) -> str:
        """A dealt card's record token."""
        return self.deal.token(c)

    def deal_string(self, c: int) -> str:
        """Chance dealing card ``c`` in words: ``deal 7S``; cards that share a token (the
        jokers, all ``JK``) are told apart by their place among them: ``deal JK``,
        ``deal JK #2`` (OpenSpiel wants each outcome's string to differ)."""
        token = self.deal.token(c)
        same = [d for d in sorted(self.deck) if self.deal.token(d) == token]
        place = same.index(c) if c in same else 0
        return f"deal {token}" + (f" #{place + 1}" if place else "")

    def rules_spec(self) -> dict[str, Any]:
        """The rules as a record writes them: the preset and every value."""
        values = {k: list(v) if isinstance(v, tuple) else v
                  for k, v in self.rules.values.items()}
        return {"preset": self.rules.preset, "options": values}

    def record(self, dealt: list[int], first: int | None) -> dict[str, Any]:
        """The record (deal, no actions) of a finished chance phase."""
        return dict(self.deal.record(self.rules_spec(), dealt, first))


def option_pairs(text: str) -> list[str]:
    """``"tariff:tsoi;forbidden_finish:top+joker"`` as ``["tariff=tsoi", ...]``."""
    out = []
    for part in (p.strip() for p in text.split(";")):
        if part:
            if "=" not in part:
                part = part.replace(":", "=", 1)
            name, _, value = part.partition("=")
            out.append(f"{name}={value.replace('+', ',')}")
    return out


def make_config(game_name: str, params: dict[str, Any]) -> Config:
    """The setting of ``params`` (a refusal names the bad parameter)."""
    game = get_game(game_name)
    research = research_of(game)
    merged = {**defaults(game), **params}
    overrides = parse_overrides(option_pairs(str(merged["options"])))
    rules = game.rules(merged["rules"], overrides)
    players = int(merged["players"])
    if players not in game.player_counts:
        raise ValueError(f"{game.title} is for {counts_text(game.player_counts)} players, "
                         f"not {players}")
    history = int(merged["history"])
    if history < 0:
        raise ValueError(f"history is a number of rows, 0 or more, not {history}")
    return Config(game, rules, players, space_of(game.name), Encoder(game.name, players, rules),
                  research.deal(rules, players), history)


class _Hand:
    """The paiju state inside an OpenSpiel state: copied with ``State.clone``, and pickled
    (OpenSpiel's serialization) as its record, replayed when read."""

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> _Hand:
        return _Hand(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        return (_replay, (self.state.game, self.state.record()))


def _replay(game: str, record: dict[str, Any]) -> _Hand:
    """A pickled hand, from its record."""
    g = get_game(game)
    state = g.from_record(record)
    for action in record["actions"]:
        state.apply(g.action_from_json(action))
    return _Hand(state)


class PaijuState(pyspiel.State):
    """One hand: the deal (chance), then the seats' action ids."""

    def __init__(self, game: PaijuGame) -> None:
        super().__init__(game)
        self._key = game.key
        self._dealt: list[int] = []
        self._first: int | None = None
        self._hand: _Hand | None = None
        self._picker: Picker | None = None
        #: engine actions applied, and each seat's vectors (without picks) since the last
        self._actions = 0
        self._vectors: dict[tuple[int, bool], tuple[int, np.ndarray]] = {}
        #: the current player, worked out once a decision (OpenSpiel asks it often)
        self._player = CHANCE

    @property
    def config(self) -> Config:
        return _CONFIGS[self._key]

    @property
    def paiju_state(self) -> State | None:
        """The paiju state of the hand (``None`` while it is being dealt)."""
        return None if self._hand is None else self._hand.state

    # ------------------------------------------------------------ flow

    def current_player(self) -> int:
        return self._player

    def is_terminal(self) -> bool:
        state = self.paiju_state
        return state is not None and state.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        assert self._picker is not None
        return self._picker.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        cfg = self.config
        if len(self._dealt) < len(cfg.deck):
            left = sorted(set(cfg.deck) - set(self._dealt))
            return [(c, 1.0 / len(left)) for c in left]
        return [(s, 1.0 / cfg.players) for s in range(cfg.players)]

    def _apply_action(self, action: int) -> None:
        cfg = self.config
        if self._hand is None:
            if len(self._dealt) < len(cfg.deck):
                self._dealt.append(int(action))
            else:
                self._first = int(action)
            if len(self._dealt) == len(cfg.deck) and (
                    not cfg.draw_first or self._first is not None):
                self._start(cfg.game.from_record(cfg.record(self._dealt, self._first)))
            return
        assert self._picker is not None
        chosen = self._picker.step(int(action))
        if chosen is not None:
            self._hand.state.apply(chosen)
            self._next_decision()

    def _start(self, state: State) -> None:
        self._hand = _Hand(state)
        self._next_decision()

    def _next_decision(self) -> None:
        state = self.paiju_state
        assert state is not None
        self._actions += 1
        seat = state.to_move()
        self._player = TERMINAL if seat is None else seat
        self._picker = None if state.is_terminal() else Picker(
            self.config.space, state.legal_actions())

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            if len(self._dealt) < len(self.config.deck):
                return self.config.deal_string(action)
            return f"seat {action} leads"
        return self.config.space.describe(action)

    def returns(self) -> list[float]:
        state = self.paiju_state
        if state is None or not state.is_terminal():
            return [0.0] * self.config.players
        return [float(p) for p in state.result().points]

    def __str__(self) -> str:
        state = self.paiju_state
        if state is None:
            return "dealing: " + " ".join(self.config.token(c) for c in self._dealt)
        return json.dumps(state.view(0).to_json() if state.is_terminal() else {
            "to_move": state.to_move(), "actions": [
                a.to_json() for a in state.legal_actions()][:3]}, ensure_ascii=False)

    # ------------------------------------------------------------ what a seat knows

    def view(self, player: int) -> tuple[View, dict[str, Any]]:
        """``player``'s view and its JSON."""
        state = self.paiju_state
        assert state is not None
        view = state.view(player)
        return view, view.to_json()

    def vector(self, player: int, perfect_recall: bool) -> np.ndarray:
        """``player``'s observation (or information-state) tensor with its picks. The
        vector without picks is kept until the next engine action: the steps inside a
        decision only write the picks."""
        return self.config.encoder.with_prefix(self.base(player, perfect_recall),
                                               self.prefix(player))

    def base(self, player: int, perfect_recall: bool) -> np.ndarray:
        """:meth:`vector` without the picks (kept: not to be changed)."""
        state = self.paiju_state
        assert state is not None
        cached = self._vectors.get((player, perfect_recall))
        if cached is None or cached[0] != self._actions:
            cfg = self.config
            enc = cfg.encoder
            # the compact tensor is the observation: the game's fast path reads it from
            # the state (no view), where the game has one
            fast = None if perfect_recall and cfg.history else \
                enc.state_observation(state, player)
            if fast is not None:
                base = fast
            elif perfect_recall:
                base = enc.info_state(state.view(player), rows=cfg.history)
            else:
                base = enc.observation(state.view(player))
            cached = self._vectors[player, perfect_recall] = (self._actions, base)
        return cached[1]

    def prefix(self, player: int) -> tuple[int, ...]:
        """The ids ``player`` has picked in its decision in progress."""
        if self._picker is None or self.current_player() != player:
            return ()
        return self._picker.prefix

    def apply_paiju_action(self, action: Any) -> None:
        """Play a whole engine action of the seat to move (a paiju player's choice)."""
        assert self._picker is not None
        for i in path(self._picker, action):
            self.apply_action(i)

    def dealt_to(self, player: int) -> list[int]:
        """The cards dealt to ``player`` so far (while dealing)."""
        holder = self.config.deal.holder
        return [c for i, c in enumerate(self._dealt) if holder(i) == player]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PaijuState:
        """A state consistent with ``player_id``'s information (``View.sample``)."""
        state = self.paiju_state
        if state is None:
            raise ValueError("the hand is still being dealt: there is no view to sample yet")
        rng = Random(_seed_from(probability_sampler))
        sample = state.view(player_id).sample(rng)
        game = self.get_game()
        new: PaijuState = game.new_initial_state()
        new._dealt, new._first = list(self._dealt), self._first
        new._start(sample)
        for i in self.prefix(self.current_player()):
            assert new._picker is not None
            new._picker.step(i)
        return new


def _seed_from(sampler: Any) -> int:
    """A seed from OpenSpiel's probability sampler (a fresh one if it cannot be called)."""
    try:
        return int(float(sampler()) * 2**53)
    except TypeError:
        return Random().getrandbits(53)


class Observer:
    """OpenSpiel's observer of a seat: the observation tensor, or with ``perfect_recall``
    the information-state tensor; and the matching strings."""

    def __init__(self, config: Config, perfect_recall: bool) -> None:
        self.config = config
        self.perfect_recall = perfect_recall
        enc = config.encoder
        size = enc.info_size_of(config.history) if perfect_recall else enc.obs_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PaijuState, player: int) -> None:
        tensor = self.tensor
        if state.paiju_state is None:
            tensor.fill(0.0)
            return
        tensor[:] = state.base(player, self.perfect_recall)
        prefix = state.prefix(player)
        if prefix:  # the picks, written in place (as Encoder.with_prefix)
            at = self.config.encoder.at["picked_do"]
            tensor[[at + i for i in prefix]] = 1.0

    def string_from(self, state: PaijuState, player: int) -> str:
        if state.paiju_state is None:
            cards = " ".join(self.config.token(c) for c in sorted(state.dealt_to(player)))
            return f"seat {player} dealt: {cards}"
        _, data = state.view(player)
        if not self.perfect_recall:
            data = {k: v for k, v in data.items() if k != "actions"}
        return Encoder.info_string(data, state.prefix(player))


_CONFIGS: dict[str, Config] = {}


class PaijuGame(pyspiel.Game):
    """A hand of a paiju game for OpenSpiel (one subclass a game, :func:`register`)."""

    game_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        cfg = make_config(self.game_name, given)
        self.key = json.dumps([self.game_name, {**defaults(cfg.game), **given}],
                              sort_keys=True)
        _CONFIGS.setdefault(self.key, cfg)
        super().__init__(GAME_TYPES[self.game_name], _info(cfg), given)

    def new_initial_state(self) -> PaijuState:
        return PaijuState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(_CONFIGS[self.key], perfect_recall)


def _info(cfg: Config) -> Any:
    n = cfg.players
    low, high = cfg.deal.bounds
    zero_sum = research_of(cfg.game).zero_sum
    return pyspiel.GameInfo(
        num_distinct_actions=cfg.space.size,
        # outcomes are card numbers (two packs' copies from 64 up) and seats
        max_chance_outcomes=max(max(cfg.deck) + 1, n),
        num_players=n,
        min_utility=float(low),
        max_utility=float(high),
        utility_sum=0.0 if zero_sum else None,
        max_game_length=cfg.deal.max_length,
    )


def _type(game: AnyGame) -> Any:
    utility = (pyspiel.GameType.Utility.ZERO_SUM if research_of(game).zero_sum
               else pyspiel.GameType.Utility.GENERAL_SUM)
    counts = game.player_counts
    return pyspiel.GameType(
        short_name=f"python_paiju_{game.name}",
        long_name=f"paiju {plain_title(game)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults(game),
    )


#: Each registered game's OpenSpiel type, by the game's name.
GAME_TYPES: dict[str, Any] = {}


def register(name: str) -> str:
    """Register the game ``name`` of the registry with OpenSpiel (once): its game string's
    name, ``python_paiju_<name>``. ``ValueError`` if the game offers no research interface."""
    game = get_game(name)
    research_of(game)
    if game.name not in GAME_TYPES:
        GAME_TYPES[game.name] = _type(game)
        cls = type(f"PaijuGame_{game.name}", (PaijuGame,), {"game_name": game.name})
        pyspiel.register_game(GAME_TYPES[game.name], cls)
    return f"python_paiju_{game.name}"


for _game in researched():
    register(_game.name)
