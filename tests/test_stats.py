"""Intervals and tests against scipy and against hand-checked published values."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import binomtest

from harness import stats

CASES = [(0, 10), (1, 10), (8, 10), (10, 10), (3, 47), (0, 300), (12, 500), (250, 251)]


def test_wilson_8_of_10_matches_published_value() -> None:
    # By hand, z = 1.96: centre (0.8 + z^2/20) / (1 + z^2/10) = 0.7167,
    # half-width z * sqrt(0.016 + z^2/400) / (1 + z^2/10) = 0.2266.
    lo, hi = stats.wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4)
    assert hi == pytest.approx(0.9433, abs=1e-4)


@pytest.mark.parametrize(("k", "n"), CASES)
@pytest.mark.parametrize("conf", [0.9, 0.95, 0.99])
def test_wilson_matches_scipy(k: int, n: int, conf: float) -> None:
    ref = binomtest(k, n).proportion_ci(confidence_level=conf, method="wilson")
    lo, hi = stats.wilson(k, n, conf)
    assert lo == pytest.approx(ref.low, abs=1e-9)
    assert hi == pytest.approx(ref.high, abs=1e-9)


@pytest.mark.parametrize(("k", "n"), CASES)
def test_clopper_pearson_matches_scipy(k: int, n: int) -> None:
    ref = binomtest(k, n).proportion_ci(confidence_level=0.95, method="exact")
    lo, hi = stats.clopper_pearson(k, n)
    assert lo == pytest.approx(ref.low, abs=1e-9)
    assert hi == pytest.approx(ref.high, abs=1e-9)


def test_clopper_pearson_8_of_10_matches_published_value() -> None:
    # The exact 95% interval for 8/10 in binomial tables: 0.4439 to 0.9748.
    lo, hi = stats.clopper_pearson(8, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.4439, 0.9748)


@pytest.mark.parametrize(("k", "n"), CASES)
def test_one_sided_bounds_match_scipy(k: int, n: int) -> None:
    upper = binomtest(k, n, alternative="less").proportion_ci(0.95, method="exact").high
    lower = binomtest(k, n, alternative="greater").proportion_ci(0.95, method="exact").low
    assert stats.upper_bound_rare(k, n) == pytest.approx(upper, abs=1e-9)
    assert stats.lower_bound_rate(k, n) == pytest.approx(lower, abs=1e-9)


@pytest.mark.parametrize("n", [30, 100, 300, 1000, 3000])
def test_zero_events_follow_the_rule_of_three(n: int) -> None:
    bound = stats.upper_bound_rare(0, n)
    assert bound == pytest.approx(1 - 0.05 ** (1 / n), rel=1e-12)
    # Rule of three: about 3/n, always a little below it.
    assert bound < 3 / n
    assert bound == pytest.approx(3 / n, rel=0.06)


def test_about_300_clean_runs_are_needed_for_a_one_percent_bound() -> None:
    assert stats.upper_bound_rare(0, 300) <= 0.01
    assert stats.upper_bound_rare(0, 298) > 0.01
    # One event in the same runs no longer meets it.
    assert stats.upper_bound_rare(1, 300) > 0.01
    assert stats.upper_bound_rare(0, 2996) <= 0.001 < stats.upper_bound_rare(0, 2990)


def test_no_trials_give_nan_not_zero() -> None:
    assert all(math.isnan(v) for v in stats.wilson(0, 0))
    assert all(math.isnan(v) for v in stats.clopper_pearson(0, 0))
    assert math.isnan(stats.upper_bound_rare(0, 0))
    assert math.isnan(stats.lower_bound_rate(0, 0))


def test_impossible_counts_are_rejected() -> None:
    with pytest.raises(ValueError, match="k <= n"):
        stats.wilson(5, 3)
    with pytest.raises(ValueError, match="confidence"):
        stats.clopper_pearson(1, 3, conf=1.5)


@pytest.mark.parametrize(("b", "c"), [(0, 0), (1, 9), (5, 5), (0, 7), (12, 30), (40, 3)])
def test_mcnemar_exact_matches_binomial_test(b: int, c: int) -> None:
    expected = 1.0 if b + c == 0 else binomtest(b, b + c, 0.5).pvalue
    assert stats.mcnemar_exact(b, c) == pytest.approx(expected, abs=1e-12)


def test_mcnemar_exact_hand_checked() -> None:
    # 1 vs 9 discordant pairs: 2 * (C(10,0) + C(10,1)) / 2**10 = 22 / 1024.
    assert stats.mcnemar_exact(1, 9) == pytest.approx(22 / 1024)
    assert stats.mcnemar_exact(9, 1) == stats.mcnemar_exact(1, 9)


def test_percentiles() -> None:
    values = list(range(1, 101))
    assert stats.percentiles(values) == pytest.approx((50.5, 95.05))
    assert stats.percentile([3.0, float("nan"), 1.0], 50) == 2.0
    assert all(math.isnan(v) for v in stats.percentiles([]))


def test_cluster_bootstrap_mean_estimate_and_determinism() -> None:
    rng = np.random.default_rng(1)
    values = rng.normal(10.0, 2.0, size=200)
    clusters = [i // 4 for i in range(200)]
    first = stats.cluster_bootstrap_mean(values, clusters, seed=7)
    again = stats.cluster_bootstrap_mean(values, clusters, seed=7)
    assert first == again
    assert first.estimate == pytest.approx(values.mean())
    assert first.lo < first.estimate < first.hi
    # The interval of a mean of 200 N(10, 2) draws is about +-0.28 wide at 95%.
    assert 0.15 < first.hi - first.estimate < 0.45


def test_clustering_widens_the_interval_of_correlated_runs() -> None:
    # 20 packages, each run 10 times with the same outcome: 20 independent units, not 200.
    rng = np.random.default_rng(3)
    per_package = rng.normal(0.0, 1.0, size=20)
    values = np.repeat(per_package, 10)
    packages = np.repeat(np.arange(20), 10).tolist()
    clustered = stats.cluster_bootstrap_mean(values, packages)
    naive = stats.cluster_bootstrap_mean(values, list(range(200)))
    assert clustered.estimate == pytest.approx(naive.estimate)
    assert (clustered.hi - clustered.lo) > 2.5 * (naive.hi - naive.lo)


def test_cluster_bootstrap_drops_missing_values_and_needs_two_clusters() -> None:
    result = stats.cluster_bootstrap_mean([1.0, float("nan"), 0.0, 1.0], ["a", "a", "b", "c"])
    assert result.estimate == pytest.approx(2 / 3)
    single = stats.cluster_bootstrap_mean([0.5, 0.7], ["a", "a"])
    assert single.estimate == pytest.approx(0.6)
    assert math.isnan(single.lo) and math.isnan(single.hi)
    empty = stats.cluster_bootstrap_mean([float("nan")], ["a"])
    assert math.isnan(empty.estimate)


def test_cluster_bootstrap_ratio_pools_sums() -> None:
    result = stats.cluster_bootstrap_ratio([1, 0, 3], [1, 2, 3], ["a", "b", "c"])
    assert result.estimate == pytest.approx(4 / 6)
    assert result.lo <= result.estimate <= result.hi


def test_paired_bootstrap_detects_a_real_difference() -> None:
    a = [1.0] * 40
    b = [1.0] * 20 + [0.0] * 20
    result = stats.paired_bootstrap_diff(a, b, list(range(40)))
    assert result.diff == pytest.approx(0.5)
    assert 0.0 < result.lo < 0.5 < result.hi <= 1.0
    assert result.p < 0.01


def test_paired_bootstrap_of_identical_versions() -> None:
    values = [0.2, 0.9, 0.4, 0.7]
    result = stats.paired_bootstrap_diff(values, values, ["a", "b", "c", "d"])
    assert (result.diff, result.lo, result.hi, result.p) == (0.0, 0.0, 0.0, 1.0)


def test_paired_bootstrap_without_a_clear_difference() -> None:
    a = [1.0, 0.0] * 10
    b = [0.0, 1.0] * 10
    result = stats.paired_bootstrap_diff(a, b, list(range(20)))
    assert result.diff == 0.0
    assert result.p > 0.5


def test_one_sided_bootstrap_bounds_are_ends_of_the_narrower_two_sided_interval() -> None:
    rng = np.random.default_rng(5)
    boot = stats.cluster_bootstrap(rng.uniform(size=60), np.ones(60), list(range(60)), seed=2)
    ninety = boot.interval(0.90)
    assert boot.lower(0.95) == pytest.approx(ninety.lo)
    assert boot.upper(0.95) == pytest.approx(ninety.hi)
    assert boot.interval(0.95).lo < boot.lower(0.95) < boot.estimate < boot.upper(0.95)


def test_runs_to_bound_is_the_rule_of_three_at_zero_events() -> None:
    assert stats.runs_to_bound(0.0, 0.01) == 299
    assert stats.upper_bound_rare(0, 299) <= 0.01 < stats.upper_bound_rare(0, 298)
    # A rate observed above the threshold can never be bounded below it by more runs.
    assert stats.runs_to_bound(0.02, 0.01) == 0
    n = stats.runs_to_bound(0.9, 0.8, upper=False)
    assert stats.lower_bound_rate(0.9 * n, n) >= 0.8 > stats.lower_bound_rate(0.9 * (n - 1), n - 1)


def test_effective_n_counts_clusters_not_copies() -> None:
    assert stats.effective_n([5, 5, 5]) == pytest.approx(3.0)
    assert stats.effective_n([1] * 40) == pytest.approx(40.0)
    # One big template among singletons counts for little more than one.
    assert stats.effective_n([100, 1, 1]) == pytest.approx(102**2 / 10002)
    assert stats.effective_n([]) == 0.0
