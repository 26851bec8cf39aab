"""Fitting the linear softmax policy to labelled positions, in NumPy.

The positions are packed into flat arrays (:class:`Batch`): every action of every
position is a *row*, and every feature of a row an entry of ``feat``. A row's score is
the sum of its features' weights; a position's probabilities are the softmax of its
rows' scores. The loss is the mean cross-entropy of the teacher's choices plus an L2
penalty, minimised by full-batch Adam: every step reads every position in the same
order, so a fit is the same, bit for bit, from the same positions and start.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from paiju.train.data import Example


@dataclass(frozen=True)
class Batch:
    """Positions as flat arrays (see the module's docstring)."""

    #: feature index of every entry
    feat: np.ndarray
    #: row of every entry
    row_of_feat: np.ndarray
    #: position of every row (rows of a position are adjacent)
    pos_of_row: np.ndarray
    #: first row of every position
    pos_start: np.ndarray
    #: the teacher's row of every position
    label_row: np.ndarray

    @property
    def positions(self) -> int:
        return len(self.pos_start)

    @property
    def rows(self) -> int:
        return len(self.pos_of_row)


def pack(examples: Sequence[Example]) -> Batch:
    """``examples`` as a :class:`Batch`."""
    feat: list[int] = []
    row_of_feat: list[int] = []
    pos_of_row: list[int] = []
    pos_start: list[int] = []
    label_row: list[int] = []
    row = 0
    for p, ex in enumerate(examples):
        pos_start.append(row)
        label_row.append(row + ex.label)
        for f in ex.features:
            feat.extend(f)
            row_of_feat.extend([row] * len(f))
            pos_of_row.append(p)
            row += 1
    return Batch(np.array(feat, dtype=np.int64), np.array(row_of_feat, dtype=np.int64),
                 np.array(pos_of_row, dtype=np.int64), np.array(pos_start, dtype=np.int64),
                 np.array(label_row, dtype=np.int64))


def probabilities(w: np.ndarray, batch: Batch) -> np.ndarray:
    """Every row's probability under weights ``w``."""
    scores = np.bincount(batch.row_of_feat, weights=w[batch.feat], minlength=batch.rows)
    high = np.maximum.reduceat(scores, batch.pos_start)
    e = np.exp(scores - high[batch.pos_of_row])
    total = np.add.reduceat(e, batch.pos_start)
    probs: np.ndarray = e / total[batch.pos_of_row]
    return probs


def loss(w: np.ndarray, batch: Batch) -> float:
    """The mean cross-entropy of the teacher's choices (no penalty)."""
    if batch.positions == 0:
        return float("nan")
    p = probabilities(w, batch)
    return float(-np.mean(np.log(np.maximum(p[batch.label_row], 1e-300))))


def agreement(w: np.ndarray, batch: Batch) -> float:
    """How often the policy's best action is the teacher's (the first of equals)."""
    if batch.positions == 0:
        return float("nan")
    scores = np.bincount(batch.row_of_feat, weights=w[batch.feat], minlength=batch.rows)
    high = np.maximum.reduceat(scores, batch.pos_start)
    top = scores == high[batch.pos_of_row]
    # the first row of each position that reaches its best score
    first = np.full(batch.positions, batch.rows, dtype=np.int64)
    rows = np.flatnonzero(top)
    np.minimum.at(first, batch.pos_of_row[rows], rows)
    return float(np.mean(first == batch.label_row))


def gradient(w: np.ndarray, batch: Batch, l2: float) -> np.ndarray:
    """The gradient of the mean cross-entropy plus ``l2 / 2 * |w|^2``."""
    g_row = probabilities(w, batch)
    g_row[batch.label_row] -= 1.0
    g: np.ndarray = np.bincount(batch.feat, weights=g_row[batch.row_of_feat],
                                minlength=len(w)) / batch.positions
    return g + l2 * w


def fit(w0: np.ndarray, batch: Batch, steps: int, lr: float = 0.05,
        l2: float = 1e-4) -> np.ndarray:
    """Weights from ``w0`` after ``steps`` of full-batch Adam on ``batch``."""
    w = w0.astype(np.float64).copy()
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    b1, b2, eps = 0.9, 0.999, 1e-8
    for t in range(1, steps + 1):
        g = gradient(w, batch, l2)
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        w -= lr * (m / (1 - b1 ** t)) / (np.sqrt(v / (1 - b2 ** t)) + eps)
    return w
