"""The protocol every game implements, and the only thing bots and the simulator know.

A :class:`State` is one hand from deal to settlement. It is mutable, like a board:
``apply`` changes it in place, ``clone`` copies it. Every action is checked before
anything changes, so an illegal action raises :class:`~paiju.core.errors.IllegalAction`
and leaves the state exactly as it was.

A :class:`View` is what one seat knows: its own cards and everything public. It never
holds another seat's cards, a face-down discard or a hidden card. ``View.sample``
deals a full state that agrees with everything the seat has seen (a determinization),
which is how searching players reason about hidden cards without reading them.

Every state can take an action back: :meth:`State.push` applies it and :meth:`State.pop`
returns it, the state as it was before (:class:`Undoes`).

Beyond the protocol, a game may offer capabilities, each a ``runtime_checkable`` protocol
that players and the simulator test with :func:`offers` (never by looking up a name):

- :class:`PlaysOut`, a state's ``playout(rng, policy)``: the hand played to its end on the
  game's fast path;
- :class:`Rewinds`, a view's ``sample_replay(rng)``: a sample wound back to an earlier
  point of the hand, with the public actions since, for players that check a sample
  against what the others did (``ismcts:infer``); games without it are sampled plainly;
- :class:`DealsAround`, a view's ``sample_barred(rng, barred)``: a sample in which no seat
  holds the cards ``barred[seat]`` (what an opponent model says its moves rule out,
  ``ismcts:facts``), where the counts allow;
- :class:`ShowsHand`, a view's ``hand``: the seat's own cards, a collection or a bitset.
- :class:`Researched`, a game's ``research``: what the research envs (``paiju.rl``) ask
  it for, its action ids (:class:`ActionSpace`), observer (:class:`Observer`) and deal
  (:class:`ChanceDeal`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Protocol, TypeGuard, TypeVar, runtime_checkable

from paiju.core.jsontypes import Json, JsonObject
from paiju.core.options import OptionTable
from paiju.core.page import PageDescription


@runtime_checkable
class Action(Hashable, Protocol):
    """One decision of one seat. Hashable and comparable, so trees can key on it."""

    @property
    def seat(self) -> int: ...

    @property
    def do(self) -> str:
        """Its kind, as the record's ``do`` field (``play``, ``pass``, ``give`` ...)."""
        ...

    def to_json(self) -> JsonObject:
        """The action as it stands in a record: ``{"seat": s, "do": ..., ...}``."""
        ...


class Rules(Protocol):
    """What every game's rules object has beside its typed options: the preset it starts
    from and every option's value by name."""

    @property
    def preset(self) -> str: ...

    @property
    def values(self) -> Mapping[str, Any]:  # Any: an option's value is its own type
        ...


#: A game's action type and its rules' type: the protocols below are generic over them
#: (a Dai Fugō state is a ``State[Action, Rules]`` of paiju.daifugo's own classes).
A = TypeVar("A", bound=Action)
R = TypeVar("R", bound=Rules)


@dataclass(frozen=True)
class Result:
    """How a finished hand ended.

    ``points`` are the net points of every seat (the dreamer too, in Luk Fu).
    ``winners`` are the seats that count as winning the hand (empty for a draw).
    ``summary`` holds the game's own report fields, as the referee prints them.
    ``order`` lists the seats in the order they finished, for games where players go
    out one by one (Dai Fugō); it is empty for games without such an order.
    """

    points: tuple[float, ...]
    winners: tuple[int, ...]
    summary: Mapping[str, Json] = field(default_factory=dict)
    order: tuple[int, ...] = ()


class View(Protocol[A, R]):
    """What one seat knows of a hand."""

    @property
    def game(self) -> str:
        """The name of the game (as :func:`paiju.core.games.get_game` knows it)."""
        ...

    @property
    def seat(self) -> int: ...

    @property
    def rules(self) -> R:
        """The rules in force (public)."""
        ...

    def to_move(self) -> int | None:
        """The seat whose decision it is, or ``None`` when the hand is over."""
        ...

    def legal_actions(self) -> Sequence[A]:
        """This seat's legal actions; empty when it is not this seat's turn."""
        ...

    def sample(self, rng: Random) -> State[A, R]:
        """A full state consistent with everything this seat has seen."""
        ...

    def to_json(self) -> JsonObject:
        """The view as plain JSON (for front ends and logs)."""
        ...


@runtime_checkable
class HandsOver(Protocol):
    """A view that knows the face-down moves its seat took part in, with their cards (Dai
    Fugō's gifts and passes): the record its seat is sent at a hand's end shows them."""

    def handovers(self) -> list[JsonObject]: ...


class Replay(Protocol[A, R]):
    """A sample wound back (``View.sample_replay``): ``start`` played through ``actions``
    is a sample of now. Copy ``start`` before playing it."""

    @property
    def start(self) -> State[A, R]: ...

    @property
    def actions(self) -> Sequence[A]: ...

    @property
    def changed(self) -> tuple[int, ...]:
        """The seats whose cards the :meth:`vary` that made this one changed."""
        ...

    def state(self) -> State[A, R]:
        """A new state: ``start`` played through ``actions`` (the sample of now)."""
        ...

    def vary(self, rng: Random, seats: list[int]) -> Replay[A, R] | None:
        """The same sample with a hidden card of one of ``seats`` swapped for another
        seat's, within what the viewer knows; ``None`` if the swap it drew is not
        allowed or there is none to draw."""
        ...


@runtime_checkable
class Undoes(Protocol[A]):
    """Cheap undo, which every :class:`State` offers: search and replay walk one state
    forward and back instead of copying it."""

    def push(self, action: A) -> None:
        """:meth:`apply` ``action`` so that :meth:`pop` can take it back; raise
        ``IllegalAction`` (changing nothing) if it is illegal."""
        ...

    def pop(self) -> A:
        """Take back the last :meth:`push` and return the action it applied, as the
        state recorded it (equal to the one pushed); ``IndexError`` when there is none.
        The state is then exactly as it was before that push."""
        ...


class State(Undoes[A], Protocol[A, R]):
    """One hand of a game, from deal to settlement."""

    @property
    def game(self) -> str: ...

    @property
    def rules(self) -> R:
        """The rules in force."""
        ...

    @property
    def num_seats(self) -> int:
        """Seats that score in this hand (Luk Fu counts the dreamer)."""
        ...

    def to_move(self) -> int | None:
        """The seat whose decision it is, or ``None`` when the hand is over."""
        ...

    def is_terminal(self) -> bool: ...

    def legal_actions(self) -> Sequence[A]:
        """Every legal action of the seat to move (empty when the hand is over)."""
        ...

    def why_illegal(self, action: A) -> str | None:
        """``None`` if ``action`` is legal now, else the reason, in a player's words."""
        ...

    def apply(self, action: A) -> None:
        """Play ``action``; raise ``IllegalAction`` (changing nothing) if it is illegal."""
        ...

    def clone(self) -> State[A, R]: ...

    def view(self, seat: int) -> View[A, R]: ...

    def result(self) -> Result:
        """The result of a finished hand; raises ``ValueError`` before the end."""
        ...

    def report(self) -> JsonObject:
        """The game's fields of a referee report (``null`` where the hand is unfinished)."""
        ...

    def record(self) -> JsonObject:
        """The hand so far as a JSON record that ``paiju referee`` accepts."""
        ...


@runtime_checkable
class PlaysOut(Protocol):
    """A state with a fast path for play-outs (docs/architecture.md, "The fast path")."""

    def playout(self, rng: Random, policy: str = "random", endgame: int = 0,
                wayout: int = 0) -> int | None:
        """Play the hand to its end, every seat by ``policy`` (``random`` or
        ``heuristic``): the decisions made, or ``None``, the state unchanged, when there
        is no fast path for that policy. ``endgame`` (a budget of positions, 0: none)
        asks a game that solves endgames (:class:`SolvesEndgames`) to play them exactly;
        ``wayout`` (the same) a game that finds ways out (:class:`FindsWayOut`) to play
        one wherever a seat has one."""
        ...


@runtime_checkable
class PlaysOutAgainst(Protocol):
    """A state with a fast path for play-outs against an opponent model."""

    def playout_against(self, rng: Random, me: int, policy: str = "random",
                        others: str = "", endgame: int = 0, wayout: int = 0) -> int | None:
        """Play the hand to its end, seat ``me`` by ``policy`` (as
        :meth:`PlaysOut.playout`, ``wayout`` for that seat alone) and every other seat by
        the player named ``others``, making the choices those players make from each
        seat's view: the decisions made, or ``None``, the state unchanged, when there is
        no fast path for them."""
        ...


@runtime_checkable
class NamesStrongest(Protocol):
    """A game that names its strongest computer player: the spec that the player
    ``strongest`` stands for (docs/strength.md says what each game's is and why)."""

    @property
    def strongest(self) -> str: ...


@runtime_checkable
class CarriesPlaces(Protocol):
    """Rules under which finishing places carry into the hands that follow (Dai Fugō's
    titles and their exchange)."""

    def place_worth(self, players: int) -> Sequence[float] | None:
        """Each finishing place's worth over a hand and those that follow, best first,
        from 1 down to 0, with ``players`` at the table; None when nothing carries."""
        ...


@runtime_checkable
class SolvesEndgames(Protocol):
    """A state that plays an endgame of dealt cards exactly (Dai Fugō: two seats left)."""

    def at_endgame(self) -> bool:
        """Whether the hand is at an endgame the game solves."""
        ...

    def solve_endgame(self, budget: int) -> bool:
        """If the hand is at an endgame the game solves, play it to its end with best
        play for every seat and return True; False, the state unchanged, otherwise or
        when a search of ``budget`` positions did not settle it."""
        ...


@runtime_checkable
class FindsWayOut(Protocol[A]):
    """A state that finds, every hand known, a sure way out for the seat to move: moves
    that take it out before every other seat still playing, whatever they play (Dai Fugō:
    each move but the last answered only by passes)."""

    def way_out(self, budget: int) -> list[A] | None:
        """The moves of such a line, the seat's own (the others' forced moves between
        them left out), or None when it has none or a search of ``budget`` positions did
        not settle it; the state unchanged."""
        ...


@runtime_checkable
class Rewinds(Protocol[A, R]):
    """A view that winds a sample back to an earlier point of the hand."""

    def sample_replay(self, rng: Random) -> Replay[A, R] | None:
        """A sample wound back, with the public actions since; ``None`` when this hand
        cannot be wound back."""
        ...


@runtime_checkable
class DealsAround(Protocol[A, R]):
    """A view that deals a sample around cards the others cannot hold."""

    def sample_barred(self, rng: Random, barred: Mapping[int, int]) -> State[A, R]:
        """A sample in which no seat holds the cards (a bitset) ``barred[seat]``, where
        the counts allow."""
        ...


@runtime_checkable
class ShowsHand(Protocol):
    """A view that shows its seat's own cards."""

    @property
    def hand(self) -> object:
        """The seat's cards: a collection of them, or a bitset (an ``int``)."""
        ...


#: (class, capability) -> whether the class offers it (see :func:`offers`).
_OFFERED: dict[tuple[type, type], bool] = {}


def offers(obj: object, capability: type) -> bool:
    """``isinstance(obj, capability)`` for a capability made of methods (:class:`Undoes`,
    :class:`PlaysOut`, :class:`Rewinds`, :class:`DealsAround`), answered once per class:
    a play-out asks at every iteration of a search, and the protocol check costs
    microseconds. The methods must be the class's (as a game defines them)."""
    key = (type(obj), capability)
    known = _OFFERED.get(key)
    if known is None:
        known = _OFFERED[key] = isinstance(obj, capability)
    return known


def plays_out(state: object) -> TypeGuard[PlaysOut]:
    """Whether ``state`` has a fast path for play-outs (:class:`PlaysOut`)."""
    return offers(state, PlaysOut)


def plays_out_against(state: object) -> TypeGuard[PlaysOutAgainst]:
    """Whether ``state`` has a fast path for play-outs against an opponent model
    (:class:`PlaysOutAgainst`)."""
    return offers(state, PlaysOutAgainst)


def names_strongest(game: object) -> TypeGuard[NamesStrongest]:
    """Whether ``game`` names its strongest player (:class:`NamesStrongest`)."""
    return offers(game, NamesStrongest)


def carries_places(rules: object) -> TypeGuard[CarriesPlaces]:
    """Whether ``rules`` say what finishing places carry (:class:`CarriesPlaces`)."""
    return offers(rules, CarriesPlaces)


def solves_endgames(state: object) -> TypeGuard[SolvesEndgames]:
    """Whether ``state`` plays endgames exactly (:class:`SolvesEndgames`)."""
    return offers(state, SolvesEndgames)


def finds_way_out(state: State[A, R]) -> TypeGuard[FindsWayOut[A]]:
    """Whether ``state`` finds sure ways out (:class:`FindsWayOut`)."""
    return offers(state, FindsWayOut)


def rewinds(view: View[A, R]) -> TypeGuard[Rewinds[A, R]]:
    """Whether ``view`` winds a sample back (:class:`Rewinds`)."""
    return offers(view, Rewinds)


def deals_around(view: View[A, R]) -> TypeGuard[DealsAround[A, R]]:
    """Whether ``view`` deals around barred cards (:class:`DealsAround`)."""
    return offers(view, DealsAround)


class Session(Protocol[A, R]):
    """A series of hands with dealer rotation, exchanges and running totals.

    Players are numbered ``0 .. players-1`` for the whole session; each hand's seats
    map onto them through :meth:`seat_players`.
    """

    @property
    def players(self) -> int: ...

    @property
    def totals(self) -> Sequence[float]:
        """Running points per player."""
        ...

    @property
    def hands_played(self) -> int: ...

    def deal(self) -> State[A, R]:
        """The next hand, dealt and ready for its first decision."""
        ...

    def seat_players(self) -> Sequence[int]:
        """The player at each seat of the current hand."""
        ...

    def finish(self, state: State[A, R]) -> Result:
        """Settle a finished hand into the totals and move the deal on."""
        ...


class PolicyEncoder(Protocol[A, R]):
    """A game's features for the learned player (:mod:`paiju.bots.learned`).

    Every feature is 0 or 1 and is read from the view alone; :meth:`encode` lists, for
    each action, the indices (below :attr:`size`) of its features that are 1. A linear
    policy scores an action by the sum of its features' weights.
    """

    @property
    def version(self) -> str:
        """The layout's name (weights are for one layout): ``lukfu-1`` ..."""
        ...

    @property
    def size(self) -> int:
        """How many features there are."""
        ...

    def encode(self, view: View[A, R], actions: Sequence[A]) -> list[list[int]]:
        """For each of ``actions`` (legal in ``view``), the indices of its features."""
        ...


#: An action type a protocol only reads (:class:`ActionSpace`).
A_in = TypeVar("A_in", bound=Action, contravariant=True)


class ActionSpace(Protocol[A_in]):
    """A game's fixed action ids for research (docs/rl.md, "A game's part"): a decision
    is its kind, then its cards one token at a time (:mod:`paiju.rl.actions`)."""

    @property
    def dos(self) -> tuple[str, ...]:
        """The kinds of action, as the records' ``do`` field, in id order."""
        ...

    @property
    def tokens(self) -> tuple[str, ...]:
        """Every card token an action may name, in id order."""
        ...

    def card_ids(self, action: A_in) -> tuple[int, ...] | None:
        """The indices in :attr:`tokens` of ``action``'s cards, ascending, read from the
        action directly; ``None`` to have them read from its record form."""
        ...


@runtime_checkable
class PicksBits(Protocol[A]):
    """An action space whose actions' cards are a bitset of token indices: a decision is
    read by kind as bitsets, and only the action chosen is built."""

    def grouped(self, legal: Sequence[A]) -> list[tuple[str, list[int]]]:
        """The legal actions (of one seat) as ``(do, [cards bitsets])``, kind by kind."""
        ...

    def build(self, seat: int, do: str, cards: int) -> A:
        """The action of ``seat`` of kind ``do`` with the cards ``cards``."""
        ...


class Observer(Protocol[A, R]):
    """A game's research observation at one player count and rules (docs/rl.md, "A
    game's part"), read from a seat's view alone. :mod:`paiju.rl.observe` adds the rule
    flags and the picks after the game's segments, and the history rows of an
    information state."""

    @property
    def actors(self) -> int:
        """Seats that act (the width of a history row's seat)."""
        ...

    @property
    def history(self) -> int:
        """Rows of history an information-state tensor keeps (the last ones)."""
        ...

    def segments(self) -> Sequence[tuple[str, int]]:
        """The game's segments, ``(name, width)`` in order from offset 0."""
        ...

    def count_offsets(self) -> Sequence[int]:
        """The offsets of the entries that are counts, in the order :meth:`encode` gives
        their values."""
        ...

    def encode(self, view: View[A, R]) -> tuple[int, Sequence[float]]:
        """The seat's observation: its entries that are 1 as one integer (bit ``i`` for
        entry ``i``), and the values of its counts."""
        ...


@runtime_checkable
class StateObserver(Protocol[A, R]):
    """An observer that also reads a seat's observation from the state itself (the
    batched env's fast path, docs/rl.md "Batched play")."""

    def encode_state(self, state: State[A, R], seat: int) -> tuple[int, Sequence[float]]:
        """Exactly :meth:`Observer.encode` of ``seat``'s view (as ``Game.seat_view``
        makes it), without making the view."""
        ...


class ChanceDeal(Protocol):
    """A hand dealt card by card, as OpenSpiel's chance nodes deal it, at one setting."""

    @property
    def deck(self) -> tuple[int, ...]:
        """The cards dealt, by number (the chance outcomes), in no particular order."""
        ...

    @property
    def draws_first(self) -> bool:
        """Whether chance then draws the seat that leads."""
        ...

    @property
    def bounds(self) -> tuple[float, float]:
        """The least and the most points a seat can score in a hand."""
        ...

    @property
    def max_length(self) -> int:
        """The most decision steps (action ids) a hand can take."""
        ...

    def token(self, card: int) -> str:
        """A dealt card's record token."""
        ...

    def holder(self, index: int) -> int:
        """The seat the ``index``-th card dealt goes to (-1: no seat, as a kitty)."""
        ...

    def record(self, rules: Mapping[str, Json], dealt: Sequence[int],
               first: int | None) -> JsonObject:
        """The record (no actions) of the deal ``dealt`` under ``rules`` (a preset and
        every value), ``first`` the seat drawn to lead (``None`` when not drawn)."""
        ...


class Research(Protocol[A, R]):
    """What the research envs (:mod:`paiju.rl`) ask a game for."""

    @property
    def action_space(self) -> ActionSpace[A]: ...

    @property
    def zero_sum(self) -> bool:
        """Whether a hand's points always add up to zero."""
        ...

    def observer(self, players: int, rules: R) -> Observer[A, R]:
        """The observation of ``players`` seats under ``rules`` (whose cards may change
        its widths: Dai Fugō's two packs)."""
        ...

    def deal(self, rules: R, players: int) -> ChanceDeal: ...


@runtime_checkable
class Researched(Protocol[A, R]):
    """A game the research envs can hold: ``research``, its :class:`Research`."""

    @property
    def research(self) -> Research[A, R]: ...


class Player(Protocol[A, R]):
    """A player of one game (:class:`paiju.bots.base.Bot` is any game's)."""

    @property
    def name(self) -> str: ...

    def choose(self, view: View[A, R], rng: Random) -> A:
        """One of ``view``'s legal actions, from the view alone; ``rng`` its only chance."""
        ...


class Game(Protocol[A, R]):
    """A game's entry point, found through :func:`paiju.core.games.get_game`."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def player_counts(self) -> Sequence[int]: ...

    @property
    def options(self) -> OptionTable: ...

    def rules(self, spec: str | Mapping[str, Json] | None = None,
              overrides: Mapping[str, Json] | None = None) -> R:
        """The game's rules object (with ``preset`` and ``values``) from a spec and overrides."""
        ...

    def new_hand(self, rules: R, players: int, rng: Random) -> State[A, R]:
        """A freshly dealt single hand."""
        ...

    def new_session(self, rules: R, players: int, seed: int | None) -> Session[A, R]: ...

    def from_record(self, record: Mapping[str, Json]) -> State[A, R]:
        """The initial state of a record (before its actions); ``MalformedRecord`` if bad."""
        ...

    def action_from_json(self, obj: object) -> A:
        """An action of a record; ``MalformedRecord`` if it cannot be read."""
        ...

    def strategy(self, view: View[A, R], rng: Random) -> A:
        """The game's rule-based player (``heuristic``): its choice from ``view`` only."""
        ...

    @property
    def policy_encoder(self) -> PolicyEncoder[A, R]:
        """The features the learned player reads (``paiju/GAME/players/features.py``)."""
        ...

    def seat_view(self, state: State[A, R], seat: int) -> View[A, R]:
        """``seat``'s view for a front end that will show it and hand it to players
        (``state.view(seat)``, with what they will ask for worked out the quick way)."""
        ...

    @property
    def players(self) -> Mapping[str, Callable[[Mapping[str, str]], Player[A, R]]]:
        """The game's own players beyond the generic ones (``random``, ``heuristic``,
        ``ismcts``): name -> factory taking a spec's ``key=value`` settings. Each makes an
        object with ``name`` and ``choose(view, rng)``, as :class:`paiju.bots.base.Bot`."""
        ...

    def presenter(self) -> object:
        """How the game reads at a table, in every language: its cards, actions, log lines
        and results, and its part of the browser's messages (a
        :class:`paiju.table.present.Presenter`, which lives above core: the front ends
        ask for it through :func:`paiju.table.present.presenter_for`, which checks it)."""
        ...

    def page(self) -> PageDescription:
        """The game as the browser table draws it (``paiju/GAME/page.py``)."""
        ...
