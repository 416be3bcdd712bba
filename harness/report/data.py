"""Everything a report shows, gathered once from a stored run: renderers only format it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from harness.policy import Decision, Policy, decide, decision_rows, failing_gates, load_policy
from harness.report.examples import Example, worst_examples
from harness.report.render import records
from harness.tables import METRICS, RunTables, load_tables, metric_table

#: Metrics in the per-stage table, in reading order.
HEADLINE: tuple[str, ...] = (
    "invented_completion.invented",
    "boundary.violation",
    "evidence_fidelity.citation_precision",
    "evidence_fidelity.claim_support_rate",
    "evidence_fidelity.decisive_recall",
    "parity.match",
    "usefulness.useful",
    "repeat_checks.reduction",
    "repeat_checks.suppressed_needed",
    "latency.latency_s",
    "cost.cost_usd",
    "hygiene.inlined",
)


@dataclass
class ReportData:
    run_dir: Path
    meta: dict[str, Any]
    tables: RunTables
    metrics: pd.DataFrame
    decisions: list[Decision]
    examples: list[Example]
    status_counts: pd.DataFrame
    plots: dict[str, Path] = field(default_factory=dict)

    @property
    def title(self) -> str:
        model = self.meta.get("model") or ", ".join(sorted(self.tables.results["model"].unique()))
        return f"Shadow report: {model or 'unknown model'} ({self.meta.get('run_id', self.run_dir.name)})"

    def decision_rows(self) -> list[dict[str, Any]]:
        return decision_rows(self.decisions)

    def failing(self) -> list[dict[str, Any]]:
        rows = []
        for decision in self.decisions:
            for gate in failing_gates(decision):
                rows.append(
                    {
                        "stage": decision.stage,
                        "phase": gate.phase,
                        "gate": f"{gate.metric} {gate.statistic} {gate.comparator} {gate.threshold:g}",
                        "value": gate.value,
                        "n": gate.n,
                        "status": gate.status,
                        "detail": gate.detail,
                    }
                )
        return rows

    def metric_rows(self) -> list[dict[str, Any]]:
        rows = []
        frame = self.metrics[self.metrics["metric"].isin(HEADLINE)]
        order = {m: i for i, m in enumerate(HEADLINE)}
        frame = frame.assign(_o=frame["metric"].map(order)).sort_values(["stage", "model", "_o"])
        for row in records(frame):
            rows.append(
                {
                    "stage": row["stage"],
                    "model": row["model"],
                    "metric": row["metric"],
                    "n": int(row["n"]),
                    "estimate": float(row["estimate"]),
                    "95% interval": _interval(float(row["lo"]), float(row["hi"])),
                    "p95": float(row["p95"]) if row["metric"] == "latency.latency_s" else float("nan"),
                }
            )
        return rows

    def to_json(self) -> dict[str, Any]:
        return {
            "run": self.meta,
            "decisions": [d.model_dump() for d in self.decisions],
            "metrics": json.loads(self.metrics.to_json(orient="records")),
            "status_counts": json.loads(self.status_counts.to_json(orient="records")),
            "examples": [e.as_dict() for e in self.examples],
            "plots": {name: path.name for name, path in self.plots.items()},
            "metric_descriptions": {m: METRICS[m].description for m in HEADLINE if m in METRICS},
        }


def _interval(lo: float, hi: float) -> str:
    if lo != lo or hi != hi:  # NaN
        return "–"
    return f"[{lo:.3g}, {hi:.3g}]"


def read_meta(run_dir: Path) -> dict[str, Any]:
    path = run_dir / "run.json"
    if not path.is_file():
        return {"run_id": run_dir.name}
    meta: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return meta


def _status_counts(results: pd.DataFrame) -> pd.DataFrame:
    if results.empty:
        return pd.DataFrame(columns=["stage", "status", "runs"])
    return (
        results.groupby(["stage", "status"]).size().reset_index(name="runs").sort_values(["stage", "status"])
    )


def gather(run_dir: Path, *, policy: Policy | None = None, n_boot: int = 2000) -> ReportData:
    policy = policy or load_policy(None)
    tables = load_tables(run_dir)
    metrics = metric_table(tables.scores, by=("stage", "model"), conf=policy.confidence, n_boot=n_boot)
    decisions = decide(metrics, policy)
    return ReportData(
        run_dir=run_dir,
        meta=read_meta(run_dir),
        tables=tables,
        metrics=metrics,
        decisions=decisions,
        examples=worst_examples(tables.scores, tables.results),
        status_counts=_status_counts(tables.results),
    )
