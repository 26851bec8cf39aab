"""Whole moves: a decision's legal actions as one entry each, with a feature vector each.

The ids of :mod:`paiju.rl.actions` take a decision in steps (its kind, then its cards);
a network that scores moves, ``Q(s, a)`` or a policy over the legal moves, needs each
move whole. :class:`Moves` gives, for a decision, the seat's legal actions in the
engine's order (a play of three cards is one entry) and a ``float32`` row for each
(docs/rl.md, "Whole moves"):

* ``kind``: one-hot over the game's kinds of action (``ActionSpace.dos``);
* ``cards``: how many times each card token is in the move (``ActionSpace.tokens``;
  a pair of jokers counts ``JK`` twice, a face-down discard names its own cards);
* ``count``: the number of cards.

A row is the move's path of ids (:meth:`ActionSpace.ids_of`) counted, and the number of
its cards: it is read from the action alone, and the legal actions from the seat's view
(``View.legal_actions``), so what a seat is offered never holds a card it cannot know
(tests/rl/test_rl_moves.py resamples the hidden cards). Distinct legal actions have
distinct rows, since each has its own path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from paiju.core.protocol import Action, View
from paiju.rl.actions import IDS_KEPT, ActionSpace, space_of


class Moves:
    """The whole-move rows of one game (the same width for every preset and player count)."""

    def __init__(self, game: str) -> None:
        self.space: ActionSpace = space_of(game)
        self.game = self.space.game
        #: the row's width: the kinds, the card tokens and the count
        self.width = len(self.space.dos) + len(self.space.tokens) + 1
        self._rows: dict[Action, np.ndarray] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        return (Moves, (self.game,))

    def layout(self) -> list[tuple[str, int, int]]:
        """The row's segments as ``(name, offset, width)``."""
        kinds, tokens = len(self.space.dos), len(self.space.tokens)
        return [("kind", 0, kinds), ("cards", kinds, tokens), ("count", kinds + tokens, 1)]

    def row(self, action: Action) -> np.ndarray:
        """The feature row of one action (kept: actions are values; not to be changed)."""
        got = self._rows.get(action)
        if got is None:
            ids = self.space.fast_ids_of(action)
            got = np.zeros(self.width, dtype=np.float32)
            np.add.at(got, list(ids), 1.0)
            got[-1] = len(ids) - 1
            if len(self._rows) >= IDS_KEPT:
                self._rows.clear()
            self._rows[action] = got
        return got

    def features(self, actions: Sequence[Action]) -> np.ndarray:
        """The rows of ``actions``, one a row: a ``(len(actions), width)`` array."""
        if not actions:
            return np.zeros((0, self.width), dtype=np.float32)
        return np.stack([self.row(a) for a in actions])

    def of(self, view: View[Any, Any]) -> tuple[list[Action], np.ndarray]:
        """The seat's legal moves now, read from its view, and their rows (none when it is
        not the seat's turn)."""
        actions = list(view.legal_actions())
        return actions, self.features(actions)

    def describe(self, row: np.ndarray) -> str:
        """A row as words: ``play 7S 7H`` (its kind and its card tokens in id order)."""
        kinds = len(self.space.dos)
        kind = self.space.dos[int(np.argmax(row[:kinds]))]
        cards = [t for i, t in enumerate(self.space.tokens)
                 for _ in range(int(row[kinds + i]))]
        return " ".join([kind, *cards])
