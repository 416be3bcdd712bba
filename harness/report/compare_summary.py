"""The compare report's first screen: what changed, per stage, in words with the paired figures.

One headline, then one line per stage (pipeline order): the metrics on which version a is
detectably worse, then better, each with both values, the paired difference and its interval and
p; how many packages flipped; or that nothing changed detectably, and on how many pairs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pandas as pd

from harness.report.data import HEADLINE, SHORT_NAMES
from harness.report.render import records


@dataclass(frozen=True)
class StageChange:
    stage: str
    pairs: int
    worse: tuple[str, ...]
    better: tuple[str, ...]
    flipped_better: int
    flipped_worse: int

    @property
    def kind(self) -> str:
        """worse (any detectable regression), better, or same: the line's colour."""
        return "worse" if self.worse else "better" if self.better else "same"

    def sentence(self) -> str:
        head = f"{self.stage} ({self.pairs} paired runs): "
        parts = []
        if self.worse:
            parts.append("a worse on " + "; ".join(self.worse))
        if self.better:
            parts.append("a better on " + "; ".join(self.better))
        if not parts:
            parts.append("no detectable difference")
        flips = self.flipped_better + self.flipped_worse
        if flips:
            parts.append(
                f"{flips} package outcome(s) flipped ({self.flipped_worse} worse in a, "
                f"{self.flipped_better} better)"
            )
        return head + ". ".join(parts) + "."


def _num(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:.3g}"


def _p(p: float) -> str:
    return "p<0.001" if p < 0.001 else f"p={p:.2g}"


def figure(row: dict[str, Any]) -> str:
    """``invented 0.14 vs 0 (diff +0.14 [0.087, 0.19], p<0.001)``: a's value first."""
    name = SHORT_NAMES.get(str(row["metric"]), str(row["metric"]))
    diff, lo, hi = float(row["diff"]), float(row["lo"]), float(row["hi"])
    interval = "" if math.isnan(lo) else f" [{_num(lo)}, {_num(hi)}]"
    return (
        f"{name} {_num(float(row['a']))} vs {_num(float(row['b']))} "
        f"(diff {diff:+.3g}{interval}, {_p(float(row['p']))})"
    )


def stage_changes(paired: pd.DataFrame, flips: list[dict[str, Any]]) -> list[StageChange]:
    """One StageChange per stage of the paired table, in its (pipeline) order."""
    frame = paired[paired["metric"].isin(HEADLINE)]
    out = []
    for stage in dict.fromkeys(frame["stage"].astype(str)):
        rows = records(frame[frame["stage"].astype(str) == stage])
        mine = [f for f in flips if str(f["stage"]) == stage]
        out.append(
            StageChange(
                stage=stage,
                pairs=max((int(r["n"]) for r in rows), default=0),
                worse=tuple(figure(r) for r in rows if r["verdict"] == "worse"),
                better=tuple(figure(r) for r in rows if r["verdict"] == "better"),
                flipped_better=sum(len(f["a_better"]) for f in mine),
                flipped_worse=sum(len(f["a_worse"]) for f in mine),
            )
        )
    return out


def headline(label_a: str, label_b: str, changes: list[StageChange]) -> str:
    worse = [c.stage for c in changes if c.worse]
    better = [c.stage for c in changes if c.better]
    parts = [f"a = {label_a} against b = {label_b} on {len(changes)} stage(s)"]
    parts.append(f"worse in {len(worse)} ({', '.join(worse)})" if worse else "worse in none")
    parts.append(f"better in {len(better)} ({', '.join(better)})" if better else "better in none")
    return ": ".join(parts[:1]) + ": " + "; ".join(parts[1:]) + "."
