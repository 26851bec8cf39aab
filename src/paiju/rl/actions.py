"""The fixed action space of each game, and the picker that splits a choice into steps.

Every decision of a seat is one engine action (a :class:`paiju.core.protocol.Action`).
A research interface needs a small fixed set of ids instead, so a decision is taken in
steps (docs/rl.md, "Actions"):

1. the kind of action, one id per ``do`` of the game (``play``, ``pass``, ``discard`` ...);
2. then its cards, one id per card token, in the fixed order of :class:`ActionSpace`;
3. ``end`` closes a choice where the number of cards is free (a single when a pair could
   follow, a discard of one card when more could).

The kinds and the tokens are the game's own (``Game.research``'s action space,
:class:`paiju.core.protocol.ActionSpace`). A choice closes by itself as soon as exactly one
legal action agrees with the ids picked so far, so ``pass`` takes one step and a play
takes at most one step a card (plus ``end`` where needed). The mask of each step holds
exactly the ids that lead to a legal action, so any path through the masks ends on a legal
action and every legal action has exactly one path (:meth:`ActionSpace.ids_of`).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, SupportsIndex

import numpy as np

from paiju.core.bitset import members
from paiju.core.jsontypes import json_strs
from paiju.core.protocol import Action, PicksBits
from paiju.core.protocol import ActionSpace as GameSpace
from paiju.rl.games import game_named, research_of

#: How many actions' ids an :class:`ActionSpace` keeps before it starts again.
IDS_KEPT = 1 << 16


@dataclass(frozen=True)
class ActionSpace:
    """The ids of one game: its kinds of action, its card tokens, and ``end`` (made by
    :func:`space_of` from the game's own action space, ``spec``)."""

    game: str
    dos: tuple[str, ...]
    tokens: tuple[str, ...]
    #: The game's action space the ids are of.
    spec: GameSpace[Any] = field(repr=False, compare=False)
    #: The game's action space again where it reads a decision by kind as bitsets.
    bits: PicksBits[Any] | None = field(default=None, repr=False, compare=False)
    _do_index: dict[str, int] = field(init=False, repr=False, compare=False)
    _token_index: dict[str, int] = field(init=False, repr=False, compare=False)

    _ids: dict[Action, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    #: How many ids there are (kinds, tokens and ``end``).
    size: int = field(init=False, repr=False, compare=False)
    #: The id that closes a choice whose number of cards is free (the last).
    end: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_do_index", {d: i for i, d in enumerate(self.dos)})
        base = len(self.dos)
        object.__setattr__(
            self, "_token_index", {t: base + i for i, t in enumerate(self.tokens)}
        )
        object.__setattr__(self, "_ids", {})
        object.__setattr__(self, "size", len(self.dos) + len(self.tokens) + 1)
        object.__setattr__(self, "end", self.size - 1)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its game's name (a compiled frozen class is not rebuilt by setting fields)
        return (space_of, (self.game,))

    def token_id(self, token: str) -> int:
        """The id of a card token; ``ValueError`` naming it if the game has no such token."""
        try:
            return self._token_index[token]
        except KeyError:
            raise ValueError(f"{self.game} has no card token {token!r}") from None

    def ids_of(self, action: Action) -> tuple[int, ...]:
        """The steps that choose ``action``: its kind, then its card tokens in id order.

        They are read from the action's record form; :meth:`fast_ids_of` reads the same
        from the action's cards directly (the tests check that both agree).
        """
        record = action.to_json()
        do = action.do
        if do not in self._do_index:
            raise ValueError(f"{self.game} has no kind of action {do!r}")
        cards = sorted(self.token_id(t) for t in json_strs(record.get("cards", [])))
        return (self._do_index[do], *cards)

    def do_id(self, do: str) -> int:
        """The id of a kind of action."""
        try:
            return self._do_index[do]
        except KeyError:
            raise ValueError(f"{self.game} has no kind of action {do!r}") from None

    def fast_ids_of(self, action: Action) -> tuple[int, ...]:
        """:meth:`ids_of` without writing the record: the game's action space reads the
        card ids from the action itself. Actions are values, so the answer is kept (up to
        :data:`IDS_KEPT` actions)."""
        got = self._ids.get(action)
        if got is None:
            got = self._fast_ids(action)
            if len(self._ids) >= IDS_KEPT:
                self._ids.clear()
            self._ids[action] = got
        return got

    def _fast_ids(self, action: Action) -> tuple[int, ...]:
        do = self._do_index.get(action.do)
        cards = None if do is None else self.spec.card_ids(action)
        if do is None or cards is None:
            return self.ids_of(action)
        base = len(self.dos)
        return (do, *(base + i for i in cards))

    def describe(self, action_id: int) -> str:
        """A step as words: ``do play``, ``card 9Sip``, ``end``."""
        if not 0 <= action_id < self.size:
            raise ValueError(f"{self.game} has action ids 0 to {self.size - 1}, not {action_id}")
        if action_id < len(self.dos):
            return f"do {self.dos[action_id]}"
        if action_id == self.end:
            return "end"
        return f"card {self.tokens[action_id - len(self.dos)]}"


#: The action space of each game asked for so far, by name.
SPACES: dict[str, ActionSpace] = {}


def space_of(game: str) -> ActionSpace:
    """The action space of ``game`` (a name the registry knows); ``ValueError`` naming an
    unknown game, or a game that offers no research interface."""
    space = SPACES.get(game)
    if space is None:
        g = game_named(game)
        spec = research_of(g).action_space
        bits = spec if isinstance(spec, PicksBits) else None
        space = SPACES[game] = ActionSpace(g.name, tuple(spec.dos), tuple(spec.tokens), spec,
                                           bits)
    return space


def as_id(action_id: SupportsIndex) -> int:
    """An action id as a Python int (from a NumPy integer too); ``ValueError`` naming
    anything that is not an integer."""
    try:
        return operator.index(action_id)
    except TypeError:
        raise ValueError(f"an action id is an integer, not {action_id!r}") from None


class Picker:
    """One decision in progress: the legal actions and the ids picked so far.

    Once a kind is picked, the actions still possible are kept whole, each with all its
    ids (its kind first, a card picked twice there twice), those that agree with the
    picks so far; or, where the game's action space reads a decision by kind as bitsets
    (:class:`paiju.core.protocol.PicksBits`), as bitsets of their cards (card ids go
    up, so each pick is the lowest card above the last), and only the action chosen is
    built. A step filters them; nothing is rebuilt.
    """

    space: ActionSpace
    #: the ids picked so far (the kind first)
    prefix: tuple[int, ...]
    #: whether the actions are read as bitsets of cards (:class:`~paiju.core.protocol.PicksBits`)
    _bits: bool
    #: bitsets: the seat and the legal actions by kind, ``(do, [cards bitsets])``
    _seat: int
    _groups: list[tuple[str, list[int]]]
    #: otherwise: the legal actions, read once
    _legal: list[Action]
    #: bitsets: the kind picked, once picked
    _kind: str
    #: otherwise, once a kind is picked: ``(ids, action)`` of the actions still possible
    _options: list[tuple[tuple[int, ...], Action]]
    #: bitsets, once a kind is picked: the cards of the actions still possible, and the
    #: token indices up to the last card picked (``_low``) with those picked among them
    _cards: list[int]
    _low: int
    _picked: int
    #: the legal ids of the next step as one int (bit ``i``: id ``i``), -1 until worked out
    _bits_next: int
    _next: set[int] | None
    _mask: np.ndarray | None

    def __init__(self, space: ActionSpace, legal: Sequence[Action] = (), *,
                 fields: tuple[Any, ...] | None = None) -> None:
        self.space = space
        self._next = self._mask = None
        self._bits_next = -1
        if fields is not None:  # a copy (a compiled class is only made through __init__)
            (self.prefix, self._bits, self._seat, self._groups, self._legal, self._kind,
             options, cards, self._low, self._picked) = fields
            self._options, self._cards = list(options), list(cards)
            return
        if not legal:
            raise ValueError("a decision needs at least one legal action")
        self.prefix = ()
        bits = space.bits
        self._bits = bits is not None
        self._seat, self._groups, self._legal, self._kind = 0, [], [], ""
        self._options, self._cards, self._low, self._picked = [], [], 0, 0
        if bits is not None:
            self._groups = bits.grouped(legal)
            self._seat = legal[0].seat
        else:
            self._legal = legal if isinstance(legal, list) else list(legal)

    def _fields(self) -> tuple[Any, ...]:
        return (self.prefix, self._bits, self._seat, self._groups, self._legal, self._kind,
                self._options, self._cards, self._low, self._picked)

    def copy(self) -> Picker:
        """An independent copy (the legal actions are immutable values, so they are shared)."""
        new = Picker(self.space, fields=self._fields())
        new._next, new._mask, new._bits_next = self._next, self._mask, self._bits_next
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its fields (a compiled class is not rebuilt from a dict)
        return (_picker, (self.space, self._fields()))

    def __deepcopy__(self, memo: dict[int, object]) -> Picker:
        return self.copy()

    def next_bits(self) -> int:
        """The legal ids of the next step as one int, bit ``i`` set for id ``i`` (worked
        out once a step)."""
        found = self._bits_next
        if found < 0:
            found = 0
            if not self.prefix:
                index = self.space._do_index  # every legal action's kind is the game's
                if self._bits:
                    for do, group in self._groups:
                        if group:
                            found |= 1 << index[do]
                else:
                    for a in self._legal:
                        found |= 1 << index[a.do]
            elif self._bits:
                low = self._low
                cards_next = 0  # the lowest card above the last picked, of each option
                closed = False  # an option whose cards are all picked
                for option in self._cards:
                    rest = option & ~low
                    if rest:
                        cards_next |= rest & -rest
                    else:
                        closed = True
                found = cards_next << len(self.space.dos)
                if closed:
                    found |= 1 << self.space.end
            else:
                k = len(self.prefix)
                end = self.space.end
                for ids, _ in self._options:
                    found |= 1 << (ids[k] if len(ids) > k else end)
            self._bits_next = found
        return found

    def next_ids(self) -> set[int]:
        """The legal ids of the next step (worked out once a step; not to be changed)."""
        if self._next is None:
            self._next = set(members(self.next_bits()))
        return self._next

    def mask(self) -> np.ndarray:
        """The legal ids of the next step, as a 0/1 ``int8`` vector (not to be changed)."""
        if self._mask is None:
            out = bytearray(self.space.size)
            bits = self.next_bits()
            while bits:
                low = bits & -bits
                out[low.bit_length() - 1] = 1
                bits ^= low
            self._mask = np.frombuffer(out, dtype=np.int8)
        return self._mask

    def legal_ids(self) -> list[int]:
        """The legal ids of the next step, ascending."""
        return members(self.next_bits())

    def legal(self, action_id: int) -> bool:
        """Whether ``action_id`` is a legal id of the next step."""
        return 0 <= action_id < self.space.size and bool(self.next_bits() >> action_id & 1)

    def step(self, action_id: SupportsIndex) -> Action | None:
        """Pick ``action_id`` (an integer, a NumPy one too): the chosen action once the
        choice is closed, else ``None``.

        An id outside the mask raises ``ValueError`` and changes nothing.
        """
        action_id = as_id(action_id)
        if not self.legal(action_id):
            ok = 0 <= action_id < self.space.size
            what = self.space.describe(action_id) if ok else f"action id {action_id}"
            legal = ", ".join(self.space.describe(i) for i in self.legal_ids())
            raise ValueError(f"{what} is not legal now; legal: {legal}")
        prefix = self.prefix
        k = len(prefix)
        bits = self._bits
        if not k:
            kind = self.space.dos[action_id]
            if bits:
                self._kind = kind
                runs = [cards for do, cards in self._groups if do == kind]
                # one run of the kind (the usual): its list itself, never changed here
                self._cards = runs[0] if len(runs) == 1 else [c for r in runs for c in r]
            else:
                ids_of = self.space.fast_ids_of
                self._options = [(ids_of(a), a) for a in self._legal if a.do == kind]
        elif action_id == self.space.end:  # the option whose cards are all picked
            if bits:
                return self._chosen_cards(next(c for c in self._cards if not c & ~self._low))
            return next(a for ids, a in self._options if len(ids) == k)
        elif bits:
            bit = 1 << (action_id - len(self.space.dos))
            low, picked = (bit << 1) - 1, self._picked | bit
            self._cards = [c for c in self._cards if c & low == picked]
            self._low, self._picked = low, picked
        else:
            self._options = [o for o in self._options
                             if len(o[0]) > k and o[0][k] == action_id]
        self.prefix = (*prefix, action_id)
        self._next = self._mask = None
        self._bits_next = -1
        if bits:
            if len(self._cards) == 1:
                return self._chosen_cards(self._cards[0])
        elif len(self._options) == 1:
            return self._options[0][1]
        return None

    def _chosen_cards(self, cards: int) -> Action:
        """The action of the kind picked with ``cards`` (bitsets: built here)."""
        bits = self.space.bits
        assert bits is not None
        built: Action = bits.build(self._seat, self._kind, cards)
        return built


def _picker(space: ActionSpace, fields: tuple[Any, ...]) -> Picker:
    return Picker(space, fields=fields)


def path(picker: Picker, action: Action) -> list[int]:
    """The ids that choose ``action`` from where ``picker`` stands (it is left unchanged):
    the action's ids until the choice closes, then ``end`` if it is still open."""
    ids = picker.space.fast_ids_of(action)
    trial = picker.copy()
    out: list[int] = []
    for i in ids[len(trial.prefix):]:
        out.append(i)
        if trial.step(i) is not None:
            return out
    out.append(picker.space.end)
    if trial.step(picker.space.end) != action:
        raise ValueError(f"{action} is not the action these ids choose")
    return out
