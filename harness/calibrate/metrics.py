"""Agreement, precision, recall and Cohen's kappa of a detector on a labelled set, each with a
95% interval from resampling whole scenes (lines of one scene are one cluster, not independent),
and the confusion table."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from harness.calibrate.judge_lines import Outcome

N_BOOT = 2000


@dataclass(frozen=True)
class Figure:
    name: str
    estimate: float
    low: float
    high: float
    n: int  # the units the figure counts (lines, or labelled positives for recall)

    def row(self) -> list[str]:
        def f(x: float) -> str:
            return "n/a" if math.isnan(x) else f"{x:.3f}"

        return [self.name, f(self.estimate), f"[{f(self.low)}, {f(self.high)}]", str(self.n)]


def _kappa(pred: Sequence[str], lab: Sequence[str]) -> float:
    n = len(lab)
    if n == 0:
        return math.nan
    observed = sum(p == t for p, t in zip(pred, lab, strict=True)) / n
    cp, cl = Counter(pred), Counter(lab)
    expected = sum(cp[k] * cl[k] for k in set(cp) | set(cl)) / (n * n)
    return math.nan if expected >= 1.0 else (observed - expected) / (1.0 - expected)


def _stats(rows: Sequence[Outcome], positive: str | None) -> dict[str, float]:
    pred = [str(r.predicted) for r in rows]
    lab = [r.labelled for r in rows]
    agree = sum(p == t for p, t in zip(pred, lab, strict=True))
    out = {"agreement": agree / len(rows) if rows else math.nan, "kappa": _kappa(pred, lab)}
    if positive is not None:
        tp = sum(p == positive and t == positive for p, t in zip(pred, lab, strict=True))
        pp = sum(p == positive for p in pred)
        ap = sum(t == positive for t in lab)
        out["precision"] = tp / pp if pp else math.nan
        out["recall"] = tp / ap if ap else math.nan
    return out


def figures(outcomes: Sequence[Outcome], positive: str | None, seed: int = 0) -> list[Figure]:
    """The figures over judged outcomes; ``positive`` names the class precision and recall are of
    (None for a multi-class set, where per-class figures come from ``per_class``)."""
    rows = [o for o in outcomes if o.predicted is not None]
    point = _stats(rows, positive)
    scenes = sorted({r.scene for r in rows})
    by_scene = {s: [r for r in rows if r.scene == s] for s in scenes}
    rng = np.random.default_rng(seed)
    samples: dict[str, list[float]] = {k: [] for k in point}
    if len(scenes) >= 2:
        for _ in range(N_BOOT):
            drawn = rng.integers(0, len(scenes), size=len(scenes))
            sample = [r for i in drawn for r in by_scene[scenes[i]]]
            for key, value in _stats(sample, positive).items():
                if not math.isnan(value):
                    samples[key].append(value)
    counts = {
        "agreement": len(rows), "kappa": len(rows),
        "precision": sum(str(r.predicted) == positive for r in rows),
        "recall": sum(r.labelled == positive for r in rows),
    }  # fmt: skip
    out: list[Figure] = []
    for key, value in point.items():
        drawn_values = samples[key]
        low = float(np.quantile(drawn_values, 0.025)) if drawn_values else math.nan
        high = float(np.quantile(drawn_values, 0.975)) if drawn_values else math.nan
        out.append(Figure(key, value, low, high, counts[key]))
    return out


def confusion(outcomes: Sequence[Outcome], classes: Sequence[str]) -> list[list[str]]:
    """Rows: labelled class; columns: predicted class (and ``unjudged``)."""
    table = Counter((o.labelled, str(o.predicted) if o.predicted is not None else "unjudged")
                    for o in outcomes)  # fmt: skip
    columns = [*classes, "unjudged"]
    return [[f"labelled {c}", *(str(table[(c, p)]) for p in columns)] for c in classes]


def per_class(outcomes: Sequence[Outcome], classes: Sequence[str]) -> list[list[str]]:
    rows: list[list[str]] = []
    judged = [o for o in outcomes if o.predicted is not None]
    for c in classes:
        tp = sum(o.labelled == c and o.predicted == c for o in judged)
        pp = sum(o.predicted == c for o in judged)
        ap = sum(o.labelled == c for o in judged)
        rows.append([c, f"{tp / pp:.3f}" if pp else "n/a", f"{tp / ap:.3f}" if ap else "n/a",
                     str(ap)])  # fmt: skip
    return rows


def pairs_right(outcomes: Sequence[Outcome]) -> tuple[int, int]:
    """(pairs judged right, pairs): a polarity pair is right when both of its lines are."""
    by_id = {o.id: o for o in outcomes}
    seen: set[frozenset[str]] = set()
    right = total = 0
    for o in outcomes:
        if o.pair is None or o.pair not in by_id:
            continue
        key = frozenset({o.id, o.pair})
        if key in seen:
            continue
        seen.add(key)
        total += 1
        other = by_id[o.pair]
        right += o.predicted == o.labelled and other.predicted == other.labelled
    return right, total
