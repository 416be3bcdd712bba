"""Intervals and paired tests over plain numbers.

Nothing here knows the schema: callers pass counts, value arrays and cluster ids and get floats
back. An estimate that cannot be made (no trials, one cluster to bootstrap) is NaN, never 0, so that
missing data can never look like a pass downstream.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from scipy import stats as _sp

FloatArray = npt.NDArray[np.float64]
NAN = float("nan")


@dataclass(frozen=True)
class Interval:
    estimate: float
    lo: float
    hi: float


@dataclass(frozen=True)
class PairedDiff:
    """``diff`` = mean(a) - mean(b) over the pairs, its bootstrap interval and two-sided p."""

    diff: float
    lo: float
    hi: float
    p: float


def _check_counts(k: float, n: float) -> None:
    if n < 0 or k < 0 or k > n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")


def _check_conf(conf: float) -> None:
    if not 0.0 < conf < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {conf}")


def wilson(k: float, n: float, conf: float = 0.95) -> tuple[float, float]:
    """Two-sided Wilson score interval for k events in n trials; (nan, nan) when n == 0."""
    _check_counts(k, n)
    _check_conf(conf)
    if n == 0:
        return (NAN, NAN)
    z = float(_sp.norm.ppf(1.0 - (1.0 - conf) / 2.0))
    p = k / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2.0 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z * z / (4.0 * n * n)) / denom
    # Clamp rounding noise so that 0/n gives exactly 0 and n/n exactly 1 at the ends.
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return (lo, hi)


def clopper_pearson(k: int, n: int, conf: float = 0.95) -> tuple[float, float]:
    """Two-sided exact (Clopper-Pearson) interval; (nan, nan) when n == 0."""
    _check_counts(k, n)
    _check_conf(conf)
    if n == 0:
        return (NAN, NAN)
    alpha = 1.0 - conf
    lo = 0.0 if k == 0 else float(_sp.beta.ppf(alpha / 2.0, k, n - k + 1))
    hi = 1.0 if k == n else float(_sp.beta.ppf(1.0 - alpha / 2.0, k + 1, n - k))
    return (lo, hi)


def upper_bound_rare(k: float, n: float, conf: float = 0.95) -> float:
    """One-sided exact upper bound on a rate: the largest rate under which seeing k or fewer
    events in n runs still has probability at least 1 - conf. With k == 0 this is
    1 - (1 - conf) ** (1 / n), close to 3 / n at 95% (the rule of three)."""
    _check_counts(k, n)
    _check_conf(conf)
    if n == 0:
        return NAN
    if k == n:
        return 1.0
    return float(_sp.beta.ppf(conf, k + 1, n - k))


def lower_bound_rate(k: float, n: float, conf: float = 0.95) -> float:
    """One-sided exact lower bound on a rate (Clopper-Pearson); 0 when k == 0."""
    _check_counts(k, n)
    _check_conf(conf)
    if n == 0:
        return NAN
    if k == 0:
        return 0.0
    return float(_sp.beta.ppf(1.0 - conf, k, n - k + 1))


def effective_n(weights: Sequence[float] | FloatArray) -> float:
    """Kish's effective number of independent clusters, (sum w)^2 / sum w^2, for clusters of
    weights ``w`` (runs, or a pooled rate's trials, per cluster). Equal clusters give their count;
    one large cluster among small ones counts for little more than one. Runs inside a cluster
    (packages from one template) are treated as one observation, since a rare event's
    within-cluster correlation cannot be estimated from data that holds none."""
    w = _finite(weights)
    w = w[w > 0]
    if w.size == 0:
        return 0.0
    return float(w.sum() ** 2 / np.square(w).sum())


def runs_to_bound(rate: float, threshold: float, conf: float = 0.95, *, upper: bool = True) -> int:
    """The smallest number of independent runs at which a rate observed at ``rate`` would have
    its one-sided exact bound at or beyond ``threshold`` (the upper bound at or below it, or with
    ``upper=False`` the lower bound at or above it); 0 when no number of runs can get there
    (the rate itself is on the wrong side). With rate 0 and an upper bound this is the rule of
    three: ln(1 - conf) / ln(1 - threshold), 299 runs for 1% at 95%."""
    _check_conf(conf)
    if not (math.isfinite(rate) and math.isfinite(threshold)):
        return 0
    if (upper and rate >= threshold) or (not upper and rate <= threshold):
        return 0

    def reached(n: int) -> bool:
        if upper:
            return upper_bound_rare(rate * n, n, conf) <= threshold
        return lower_bound_rate(rate * n, n, conf) >= threshold

    hi = 1
    while not reached(hi):
        hi *= 2
        if hi > 10**9:
            return 0
    lo = hi // 2
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if reached(mid) else (mid, hi)
    return hi


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value for discordant pair counts b (only the first version
    succeeded) and c (only the second): a binomial test of b against b + c at 1/2."""
    if b < 0 or c < 0:
        raise ValueError(f"discordant counts must be non-negative, got b={b}, c={c}")
    n = b + c
    if n == 0:
        return 1.0
    p = 2.0 * float(_sp.binom.cdf(min(b, c), n, 0.5))
    return min(1.0, p)


def percentile(values: Sequence[float] | FloatArray, q: float) -> float:
    """The q-th percentile (0-100, linear interpolation) of the finite values; NaN if none."""
    arr = _finite(values)
    if arr.size == 0:
        return NAN
    return float(np.percentile(arr, q))


def percentiles(values: Sequence[float] | FloatArray) -> tuple[float, float]:
    """(p50, p95) of the finite values; NaN when there are none."""
    return (percentile(values, 50.0), percentile(values, 95.0))


def _finite(values: Sequence[float] | FloatArray) -> FloatArray:
    arr = np.asarray(values, dtype=np.float64)
    return arr[np.isfinite(arr)]


def _cluster_sums(
    numerators: FloatArray, denominators: FloatArray, clusters: Sequence[Any]
) -> tuple[FloatArray, FloatArray]:
    """Per-cluster sums of numerator and denominator (cluster order is irrelevant to resampling)."""
    _, inverse = np.unique(np.asarray([str(c) for c in clusters]), return_inverse=True)
    n_clusters = int(inverse.max()) + 1 if inverse.size else 0
    num = np.bincount(inverse, weights=numerators, minlength=n_clusters)
    den = np.bincount(inverse, weights=denominators, minlength=n_clusters)
    return num.astype(np.float64), den.astype(np.float64)


#: Resamples drawn per block, so memory stays at block x clusters indices however many packages.
_BLOCK = 256


def _resampled_ratios(c_num: FloatArray, c_den: FloatArray, n_boot: int, seed: int) -> FloatArray:
    """sum(num) / sum(den) over n_boot resamples (with replacement) of the clusters."""
    rng = np.random.default_rng(seed)
    n = c_num.size
    out = np.empty(n_boot, dtype=np.float64)
    for start in range(0, n_boot, _BLOCK):
        size = min(_BLOCK, n_boot - start)
        idx = rng.integers(0, n, size=(size, n))
        with np.errstate(invalid="ignore", divide="ignore"):
            out[start : start + size] = c_num[idx].sum(axis=1) / c_den[idx].sum(axis=1)
    return out


@dataclass(frozen=True)
class Bootstrap:
    """A point estimate and its cluster-bootstrap replicates, from which intervals and one-sided
    bounds at any level are read without resampling again."""

    estimate: float
    samples: FloatArray

    def _quantile(self, q: float) -> float:
        finite = self.samples[np.isfinite(self.samples)]
        if finite.size == 0:
            return NAN
        return float(np.quantile(finite, q))

    def interval(self, conf: float = 0.95) -> Interval:
        _check_conf(conf)
        alpha = 1.0 - conf
        return Interval(
            self.estimate, self._quantile(alpha / 2.0), self._quantile(1.0 - alpha / 2.0)
        )

    def lower(self, conf: float = 0.95) -> float:
        """One-sided lower bound: the (1 - conf) quantile of the replicates."""
        _check_conf(conf)
        return self._quantile(1.0 - conf)

    def upper(self, conf: float = 0.95) -> float:
        _check_conf(conf)
        return self._quantile(conf)


def cluster_bootstrap(
    numerators: Sequence[float] | FloatArray,
    denominators: Sequence[float] | FloatArray,
    clusters: Sequence[Any],
    *,
    n_boot: int = 2000,
    seed: int = 0,
) -> Bootstrap:
    """sum(numerators) / sum(denominators) and its replicates from resampling whole clusters.
    Runs of one package are correlated (same context, same host outcome), so the package, not
    the run, is the unit resampled. Rows whose numerator or denominator is not finite are
    dropped first; with fewer than two clusters there is no spread, so no replicates."""
    num = np.asarray(numerators, dtype=np.float64)
    den = np.asarray(denominators, dtype=np.float64)
    if not (num.shape == den.shape == (len(clusters),)):
        raise ValueError("numerators, denominators and clusters must have the same length")
    keep = np.isfinite(num) & np.isfinite(den)
    num, den = num[keep], den[keep]
    kept_clusters = [c for c, k in zip(clusters, keep.tolist(), strict=True) if k]
    total_den = float(den.sum())
    empty = np.empty(0, dtype=np.float64)
    if num.size == 0 or total_den == 0.0:
        return Bootstrap(NAN, empty)
    estimate = float(num.sum()) / total_den
    c_num, c_den = _cluster_sums(num, den, kept_clusters)
    if c_num.size < 2:
        return Bootstrap(estimate, empty)
    return Bootstrap(estimate, _resampled_ratios(c_num, c_den, n_boot, seed))


def cluster_bootstrap_ratio(
    numerators: Sequence[float] | FloatArray,
    denominators: Sequence[float] | FloatArray,
    clusters: Sequence[Any],
    *,
    conf: float = 0.95,
    n_boot: int = 2000,
    seed: int = 0,
) -> Interval:
    """sum(numerators) / sum(denominators) with a percentile interval from resampling clusters."""
    _check_conf(conf)
    boot = cluster_bootstrap(numerators, denominators, clusters, n_boot=n_boot, seed=seed)
    return boot.interval(conf)


def cluster_bootstrap_mean(
    values: Sequence[float] | FloatArray,
    clusters: Sequence[Any],
    *,
    conf: float = 0.95,
    n_boot: int = 2000,
    seed: int = 0,
) -> Interval:
    """Mean of the finite values with a percentile interval from resampling clusters (packages)."""
    arr = np.asarray(values, dtype=np.float64)
    return cluster_bootstrap_ratio(
        arr, np.where(np.isfinite(arr), 1.0, np.nan), clusters, conf=conf, n_boot=n_boot, seed=seed
    )


def paired_bootstrap_diff(
    a: Sequence[float] | FloatArray,
    b: Sequence[float] | FloatArray,
    clusters: Sequence[Any],
    *,
    conf: float = 0.95,
    n_boot: int = 2000,
    seed: int = 0,
) -> PairedDiff:
    """mean(a) - mean(b) over pairs where both are finite, with a cluster-bootstrap percentile
    interval and a two-sided bootstrap p-value (twice the smaller tail mass at 0, add-one
    corrected so it is never exactly 0)."""
    _check_conf(conf)
    a_arr = np.asarray(a, dtype=np.float64)
    b_arr = np.asarray(b, dtype=np.float64)
    if not (a_arr.shape == b_arr.shape == (len(clusters),)):
        raise ValueError("a, b and clusters must have the same length")
    keep = np.isfinite(a_arr) & np.isfinite(b_arr)
    d = a_arr[keep] - b_arr[keep]
    kept = [c for c, k in zip(clusters, keep.tolist(), strict=True) if k]
    if d.size == 0:
        return PairedDiff(NAN, NAN, NAN, NAN)
    diff = float(d.mean())
    c_num, c_den = _cluster_sums(d, np.ones_like(d), kept)
    if c_num.size < 2:
        return PairedDiff(diff, NAN, NAN, NAN)
    boot = _resampled_ratios(c_num, c_den, n_boot, seed)
    alpha = 1.0 - conf
    lo, hi = np.quantile(boot, [alpha / 2.0, 1.0 - alpha / 2.0])
    if np.all(d == 0.0):
        return PairedDiff(diff, float(lo), float(hi), 1.0)
    below = (int(np.count_nonzero(boot <= 0.0)) + 1) / (n_boot + 1)
    above = (int(np.count_nonzero(boot >= 0.0)) + 1) / (n_boot + 1)
    return PairedDiff(diff, float(lo), float(hi), min(1.0, 2.0 * min(below, above)))
