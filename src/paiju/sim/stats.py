"""Means and 95% confidence intervals (Student's t), written out so that paiju needs no SciPy.

An interval is computed over independent units: single hands when deals are
independent, deal groups (one deal replayed at every seating) in duplicate play, and
sessions when hands depend on each other. The interval is
``mean ± t(0.975, n-1) · s / √n`` with ``s`` the sample standard deviation.

From fewer than :data:`MIN_UNITS` units an interval says nothing worth printing (from two
equal values it has width zero): :attr:`Interval.too_few` says so, and the results say
"too few to tell" instead of bounds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: The fewest units from which paiju reports an interval's bounds.
MIN_UNITS = 5

#: What the results say in place of the bounds of an interval from too few units.
TOO_FEW = "too few to tell"


@dataclass(frozen=True)
class Interval:
    """A sample mean and its two-sided confidence interval."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    @property
    def too_few(self) -> bool:
        """Whether the interval comes from too few units to say anything (n < MIN_UNITS)."""
        return self.n < MIN_UNITS or not (math.isfinite(self.low) and math.isfinite(self.high))

    def excludes_zero(self) -> bool:
        return not self.too_few and (self.low > 0 or self.high < 0)

    def to_json(self) -> dict[str, Any]:
        """The interval as JSON: bounds ``null`` when there are too few units (and never
        an infinity or NaN, which JSON does not have)."""
        return {"mean": self.mean if math.isfinite(self.mean) else None,
                "low": None if self.too_few else self.low,
                "high": None if self.too_few else self.high,
                "n": self.n, "too_few": self.too_few}


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        for numerator in (
            m * (b - m) * x / ((a + m2 - 1.0) * (a + m2)),
            -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), 0 <= x <= 1."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    tail = 0.5 * incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (0 < p < 1)."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"a quantile needs 0 < p < 1, not {p}")
    if df <= 0:
        raise ValueError(f"degrees of freedom must be positive, not {df}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        high *= 2.0
    for _ in range(200):
        mid = (low + high) / 2.0
        if t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
        if high - low < 1e-12 * max(1.0, high):
            break
    return (low + high) / 2.0


def interval_from_moments(
    n: int, mean: float, sum_squares: float, confidence: float = 0.95
) -> Interval:
    """The interval from ``n`` values' mean and sum of squared deviations from it."""
    if n == 0:
        return Interval(math.nan, -math.inf, math.inf, 0)
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1)
    variance = max(sum_squares, 0.0) / (n - 1)
    half = t_quantile(0.5 + confidence / 2.0, n - 1) * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half, n)


class Running:
    """Mean and sum of squared deviations of a stream of values (Welford), in constant memory."""

    __slots__ = ("mean", "n", "sum_squares")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.sum_squares = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        delta = value - self.mean
        self.mean += delta / self.n
        self.sum_squares += delta * (value - self.mean)

    def interval(self, confidence: float = 0.95) -> Interval:
        return interval_from_moments(self.n, self.mean, self.sum_squares, confidence)


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> Interval:
    """The mean of ``values`` with its ``confidence`` interval (Student's t).

    With fewer than two values the interval is unbounded (``-inf`` to ``inf``);
    when every value is equal it has width zero.
    """
    n = len(values)
    if n == 0:
        return Interval(math.nan, -math.inf, math.inf, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(0.5 + confidence / 2.0, n - 1) * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half, n)
