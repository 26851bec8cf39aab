"""Confidence intervals on known data."""

import math
import statistics

import pytest

from paiju.sim.stats import Running, incomplete_beta, mean_interval, t_cdf, t_quantile

# Two-sided 95% critical values of Student's t, from the standard tables.
T_TABLE = {1: 12.706, 2: 4.303, 4: 2.776, 9: 2.262, 10: 2.228, 29: 2.045, 30: 2.042,
           60: 2.000, 120: 1.980}


@pytest.mark.parametrize(("df", "value"), sorted(T_TABLE.items()))
def test_t_quantiles_match_the_tables(df: int, value: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(value, abs=5e-4)
    assert t_quantile(0.025, df) == pytest.approx(-value, abs=5e-4)


def test_t_tends_to_the_normal() -> None:
    assert t_quantile(0.975, 10**7) == pytest.approx(1.959964, abs=1e-5)
    assert t_cdf(0.0, 5) == pytest.approx(0.5)
    # One degree of freedom is the Cauchy distribution: F(t) = 1/2 + atan(t)/pi.
    for t in (-3.0, -0.4, 0.7, 5.0):
        assert t_cdf(t, 1) == pytest.approx(0.5 + math.atan(t) / math.pi, abs=1e-12)


def test_incomplete_beta_known_values() -> None:
    assert incomplete_beta(1, 1, 0.3) == pytest.approx(0.3)
    assert incomplete_beta(2, 3, 0.4) == pytest.approx(0.5248)  # 1 - sum of binomial terms
    assert incomplete_beta(2.5, 1.5, 0.0) == 0.0
    assert incomplete_beta(2.5, 1.5, 1.0) == 1.0


def test_interval_of_one_to_five() -> None:
    # mean 3, s = sqrt(2.5), se = s / sqrt(5) = 0.70711, t(0.975, 4) = 2.77645
    interval = mean_interval([1, 2, 3, 4, 5])
    assert interval.mean == 3
    assert interval.half_width == pytest.approx(2.77645 * math.sqrt(0.5), abs=1e-4)
    assert interval.low == pytest.approx(3 - 1.96324, abs=1e-4)
    assert interval.excludes_zero()
    assert not mean_interval([-1, 0, 1, 2, -2]).excludes_zero()


def test_degenerate_samples() -> None:
    assert mean_interval([]).n == 0
    single = mean_interval([4.0])
    assert single.mean == 4.0 and single.low == -math.inf and single.high == math.inf
    flat = mean_interval([2.0] * 10)
    assert flat.low == flat.high == 2.0


def test_running_agrees_with_the_list_formula() -> None:
    values = [0.5, -3.0, 7.25, 1.0, 1.0, -2.5, 12.0, 0.0]
    running = Running()
    for v in values:
        running.add(v)
    assert running.mean == pytest.approx(statistics.fmean(values))
    a, b = running.interval(), mean_interval(values)
    assert (a.low, a.high) == pytest.approx((b.low, b.high))


def test_too_few_units_say_so_and_write_no_infinity() -> None:
    from paiju.sim.stats import MIN_UNITS

    two_equal = mean_interval([0.25, 0.25])  # the zero-width interval from 2 groups
    assert two_equal.too_few and not two_equal.excludes_zero()
    assert two_equal.to_json() == {"mean": 0.25, "low": None, "high": None, "n": 2,
                                   "too_few": True}
    assert mean_interval([]).to_json()["mean"] is None
    enough = mean_interval([1, 2, 3, 4, 5][:MIN_UNITS])
    assert not enough.too_few and enough.to_json()["low"] == pytest.approx(enough.low)
