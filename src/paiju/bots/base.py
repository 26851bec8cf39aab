"""The player protocol and the registry of players.

A player is named by a spec: its name, optionally followed by ``:key=value`` settings,
for example ``random``, ``heuristic`` or ``ismcts:iters=400:rollout=heuristic``. Specs
contain no commas, so a list of them can be written ``b1,b2,b3``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Protocol, runtime_checkable

from paiju.core.games import GAMES, get_game
from paiju.core.protocol import Action, View, names_strongest


class Bot(Protocol):
    """A computer player: given a seat's view, choose one of its legal actions.

    A player sees only the :class:`View` it is given. ``rng`` is its only source of
    chance, so the same view and the same ``rng`` state give the same choice.
    """

    @property
    def name(self) -> str: ...

    def choose(self, view: View, rng: Random) -> Action: ...


@runtime_checkable
class BarsCards(Protocol):
    """An opponent model that says which cards its moves rule out (``ismcts:facts``)."""

    def barred(self, view: View) -> Mapping[int, int]:
        """Seat -> the cards (a bitset) that seat cannot hold, by its moves so far."""
        ...


def legal_actions_of(view: View) -> Sequence[Action]:
    """The view's legal actions; ``ValueError`` when it is not this seat's turn."""
    actions = view.legal_actions()
    if not actions:
        raise ValueError(f"seat {view.seat} has no legal action to choose from")
    return actions


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, view: View, rng: Random) -> Action:
        actions = legal_actions_of(view)
        return actions[rng.randrange(len(actions))]


def _random(params: Mapping[str, str]) -> Bot:
    _no_params("random", params)
    return RandomBot()


def _heuristic(params: Mapping[str, str]) -> Bot:
    from paiju.bots.heuristic import HeuristicBot

    _no_params("heuristic", params)
    return HeuristicBot()


def _ismcts(params: Mapping[str, str]) -> Bot:
    from paiju.bots.ismcts import ISMCTSBot

    return ISMCTSBot.from_params(params)


def _learned(params: Mapping[str, str]) -> Bot:
    from paiju.bots.learned import LearnedBot

    return LearnedBot.from_params(params)


def _no_params(name: str, params: Mapping[str, str]) -> None:
    if params:
        raise ValueError(f"player {name!r} takes no settings, not {sorted(params)}")


#: Player name -> factory taking the spec's ``key=value`` settings.
BOTS: dict[str, Callable[[Mapping[str, str]], Bot]] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "learned": _learned,
}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iters=400"`` as ``("ismcts", {"iters": "400"})``."""
    name, *parts = spec.strip().split(":")
    params: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ValueError(f"a player setting is written key=value, not {part!r} in {spec!r}")
        if key.strip() in params:
            raise ValueError(f"player spec {spec!r} sets {key.strip()!r} twice")
        params[key.strip()] = value.strip()
    return name.strip().lower(), params


#: The name of each game's strongest player (:class:`~paiju.core.protocol.NamesStrongest`).
STRONGEST = "strongest"


def strongest_spec(game: str, params: Mapping[str, str] | None = None) -> str:
    """The spec ``strongest`` stands for in ``game``, with ``params`` set over its own."""
    g = get_game(game)
    if not names_strongest(g):
        raise ValueError(f"{g.title} names no strongest player")
    name, own = parse_spec(g.strongest)
    own.update(params or {})
    return ":".join([name, *(f"{k}={v}" for k, v in own.items())])


def _strongest(params: Mapping[str, str], game: str | None) -> Bot:
    """Each game's strongest player; with no game, the one game that names one."""
    if game is None:
        named = [g for g in GAMES if names_strongest(get_game(g))]
        if len(named) != 1:
            raise ValueError(f"{STRONGEST!r} is each game's own player: name the game "
                             f"({', '.join(named)})")
        game = named[0]
    return make_bot(strongest_spec(game, params), game)


def make_bot(spec: str, game: str | None = None) -> Bot:
    """The player named by ``spec`` (``name[:key=value...]``).

    The generic players play every game; a game's own players (``Game.players``, such as
    Dai Fugō's ``uecda-standard``) are found by name, and with ``game`` given a player
    that does not play it is refused here, before any hand is dealt. ``strongest`` is
    the spec the game names as its strongest player (settings given override its own).
    """
    name, params = parse_spec(spec)
    if name == STRONGEST:
        return _strongest(params, game)
    if name in BOTS:
        return BOTS[name](params)
    owners = _games_with(name)
    if game is not None:
        wanted = get_game(game)
        if wanted.name not in owners:
            if owners:
                titles = ", ".join(get_game(g).title for g in owners)
                raise ValueError(f"player {name!r} plays only {titles}, not {wanted.title}")
            raise ValueError(f"unknown player {name!r}; known for {wanted.title}: "
                             f"{', '.join(known_players(wanted.name))}")
        owners = [wanted.name]
    if not owners:
        raise ValueError(f"unknown player {name!r}; known: {', '.join(known_players())}")
    bot: Bot = _own_players(owners[0])[name](params)
    return bot


def _own_players(game: str) -> Mapping[str, Callable[[Mapping[str, str]], Bot]]:
    """``Game.players`` of ``game``: its own players."""
    players: Mapping[str, Callable[[Mapping[str, str]], Bot]] = get_game(game).players
    return players


def _games_with(name: str) -> list[str]:
    """The games that have their own player called ``name``."""
    return [g for g in GAMES if name in _own_players(g)]


def known_players(game: str | None = None) -> list[str]:
    """The generic players, then the game's own (every game's, with ``game`` None)."""
    names = [*BOTS, STRONGEST]
    for g in [game] if game is not None else list(GAMES):
        names += [n for n in _own_players(g) if n not in names]
    return names
