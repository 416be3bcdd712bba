"""What every column of the report means: one legend per table, so no number stands unexplained.

Columns are named the same across tables (``stage``, ``runs``, ``n_eff`` ...); a metric column is
explained by its metric's description from the metric table. A column with no entry here is a
bug the report test catches.
"""

from __future__ import annotations

from collections.abc import Iterable

from harness.metrics.registry import METRICS

#: Column -> what it holds.
COLUMNS: dict[str, str] = {
    "stage": "the Pi stage (pipeline order)",
    "model": "the model version under test",
    "phase": "the phase the stage is live at today in the policy (0 = shadow only)",
    "max": "the highest phase the policy and the stage registry allow",
    "verdict": "promote / hold / demote by the policy's gates",
    "target": "the phase the verdict moves the stage to",
    "gates": "gates passed / gates checked, over every phase up to the stage's ceiling",
    "blocker": "what the next phase waits on: sample size, quality, off its gates, or nothing",
    "reason": "the first reason behind the verdict",
    "runs": "runs (package x stage) with a value for the metrics",
    "n_eff": "effective number of independent clusters (packages of one template or one "
    "hand-written family count once); what rate bounds and min_n rest on",
    "completed": "runs that returned a valid envelope",
    "failed": "runs whose answer broke the contract",
    "timed_out": "runs past their wall-clock limit",
    "interrupted": "runs cut short by a cancel",
    "error": "infrastructure errors (runner crash, server down): never scored as the model's",
    "total": "all runs of the stage",
    "agent": "the host agent whose session the package records",
    "failure mode": "the failure the package stages (label failure_mode)",
    "failure_mode": "the failure the package stages (label failure_mode)",
    "gate": "metric, statistic, comparator and threshold of the gate",
    "value": "the statistic the gate read",
    "n": "trials behind the value (runs; citations or claims for pooled rates)",
    "status": "fail: the data misses the bound; too_few: below min_n; missing: no data",
    "detail": "the gate's verdict in words",
    "failure": "the kind of failure the example shows",
    "package": "the recorded session package",
    "count": "how many such events the run had",
    "explanation": "the scorer's own explanation",
    "trace": "archive id of the run's trace (`shadow show RUN_DIR PACKAGE/STAGE` prints it)",
    "cases": "case pages of the runs behind the missed gate(s), worst first (at most five)",
    "case": "the case page: question, evidence, output, claims, scores, trace",
    "field": "a field of run.json",
    "recorded": "its value in run.json",
}


def describe(column: str) -> str:
    if column in COLUMNS:
        return COLUMNS[column]
    # Imported here: the metric tables' short column titles live with the report data.
    from harness.report.data import SHORT_NAMES

    titles = {title: metric for metric, title in SHORT_NAMES.items()}
    metric = titles.get(column, column)
    spec = METRICS.get(metric)
    if spec is None:
        return ""
    suffix = "; p95 over runs" if metric == "latency.latency_s" else "; estimate [95% interval]"
    return f"{spec.description} ({metric}){suffix}"


def legend(columns: Iterable[str]) -> list[tuple[str, str]]:
    return [(c, describe(c)) for c in columns]
