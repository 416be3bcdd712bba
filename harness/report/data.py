"""Everything a report shows, gathered once from a stored run: renderers only format it."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from harness.detectors.measured import recall_bounds, text_detectors
from harness.metrics.registry import METRICS
from harness.policy import (
    Decision,
    Policy,
    Readiness,
    decide,
    decision_rows,
    failing_gates,
    load_policy,
    readiness,
)
from harness.report.cases import PER_GATE, CaseKey, cases_behind
from harness.report.examples import Example, worst_examples
from harness.report.render import Link, Links, records
from harness.rundir import RUN_META, read_run_meta
from harness.sandbox.isolation import isolation_warning
from harness.schema import STAGES
from harness.scorers import DECLARED_DETECTORS
from harness.tables import LABEL_PREFIX, RunTables, load_tables, metric_table, run_values

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


GateKey = tuple[str, str, int, str, str]


@dataclass
class ReportData:
    run_dir: Path
    meta: dict[str, Any]
    tables: RunTables
    metrics: pd.DataFrame
    decisions: list[Decision]
    examples: list[Example]
    status_counts: pd.DataFrame
    #: Slice name -> (metric table, its group columns): the same runs cut by agent, failure mode.
    slices: dict[str, tuple[pd.DataFrame, tuple[str, ...]]] = field(default_factory=dict)
    plots: dict[str, Path] = field(default_factory=dict)
    #: One per decision, same order: what each stage's next phase waits on, in words.
    readiness: list[Readiness] = field(default_factory=list)
    policy: Policy | None = None
    #: (stage, model, phase, metric, statistic) of each gate not passed on data (failed, or below
    #: min_n) -> the runs that pulled it the wrong way.
    behind: dict[GateKey, list[CaseKey]] = field(default_factory=dict)
    #: Case -> the href of its page, relative to the report (set when the pages are written).
    case_links: dict[CaseKey, str] = field(default_factory=dict)

    @property
    def title(self) -> str:
        model = self.meta.get("model") or ", ".join(sorted(self.tables.results["model"].unique()))
        return f"Shadow report: {model or 'unknown model'} ({self.meta.get('run_id', self.run_dir.name)})"

    def decision_rows(self) -> list[dict[str, Any]]:
        rows = decision_rows(self.decisions)
        for row, ready, decision in zip(rows, self.readiness, self.decisions, strict=False):
            # The case pages behind the stage's missed gates, so the first table leads to them.
            behind = [
                case
                for (stage, model, *_), cases in self.behind.items()
                if (stage, model) == (decision.stage, decision.model)
                for case in cases
            ]
            row["cases"] = Links(
                tuple(
                    Link(case.package, self.case_links.get(case))
                    for case in list(dict.fromkeys(behind))[:PER_GATE]
                )
            )
            row["blocker"] = BLOCKER_WORDS[ready.kind]
            if ready.runs_needed:
                row["blocker"] += f" ({ready.runs_needed} more runs)"
            # Row colour: the verdict, and the kind of blocker behind a hold.
            row["css"] = f"{row['verdict']} blocker-{ready.kind}"
        return rows

    def sentences(self) -> list[Readiness]:
        return list(self.readiness)

    def failing(self, status: str | None = None) -> list[dict[str, Any]]:
        """Gates a decision did not pass (``status``: only fail, too_few or missing)."""
        rows = [row for row in self._failing() if status is None or row["status"] == status]
        return rows

    def _failing(self) -> list[dict[str, Any]]:
        rows = []
        for decision in self.decisions:
            for gate in failing_gates(decision):
                key = (decision.stage, decision.model, gate.phase, gate.metric, gate.statistic)
                rows.append(
                    {
                        "stage": decision.stage,
                        "phase": gate.phase,
                        "gate": f"{gate.metric} {gate.statistic} {gate.comparator} {gate.threshold:g}",
                        "value": gate.value,
                        "n": gate.n,
                        "status": gate.status,
                        "detail": gate.detail,
                        "cases": Links(
                            tuple(
                                Link(case.package, self.case_links.get(case))
                                for case in self.behind.get(key, [])
                            )
                        ),
                    }
                )
        return rows

    def example_rows(self) -> list[dict[str, Any]]:
        """The worst examples, each with the href of its case page (``case``) where written."""
        return [
            {**e.as_dict(), "case": self.case_links.get(CaseKey(e.package, e.stage, e.model))}
            for e in self.examples
        ]

    def cases_worth_a_look(self) -> list[CaseKey]:
        """The cases the report links a page for: the worst examples, then the runs behind
        each gate the data misses."""
        keys = [CaseKey(e.package, e.stage, e.model) for e in self.examples]
        keys += [case for cases in self.behind.values() for case in cases]
        return list(dict.fromkeys(keys))

    def all_cases(self) -> list[CaseKey]:
        """Every case of the run, in pipeline stage order, then package."""
        results = self.tables.results
        if results.empty:
            return []
        order = {str(stage): i for i, stage in enumerate(STAGES)}
        rows = results[["package", "stage", "model"]].astype(str).drop_duplicates()
        keys = [CaseKey(str(p), str(s), str(m)) for p, s, m in rows.itertuples(index=False)]
        return sorted(keys, key=lambda k: (order.get(k.stage, 99), k.package, k.model or ""))

    def metric_rows(self) -> list[dict[str, Any]]:
        """One row per (stage, model) in pipeline order; each headline metric as
        ``estimate [lo, hi]`` (latency as its p95), so a stage reads across one line."""
        order = {str(stage): i for i, stage in enumerate(STAGES)}
        rows = wide_rows(self.metrics, ("stage", "model"), HEADLINE)
        return sorted(rows, key=lambda r: (order.get(str(r["stage"]), 99), str(r["model"])))

    def slice_rows(self, name: str) -> list[dict[str, Any]]:
        """The same metrics for one slice (``agent`` or ``failure mode``), across all stages."""
        frame, keys = self.slices[name]
        return wide_rows(frame, keys, SLICE_METRICS)

    def status_rows(self) -> list[dict[str, Any]]:
        """Runs per stage (pipeline order) by status."""
        counts = {
            (str(r["stage"]), str(r["status"])): int(r["runs"]) for r in records(self.status_counts)
        }
        stages = [str(s) for s in STAGES if any(k[0] == str(s) for k in counts)]
        statuses = ("completed", "failed", "timed_out", "interrupted", "error")
        return [
            {
                "stage": s,
                **{st: counts.get((s, st), 0) for st in statuses},
                "total": sum(counts.get((s, st), 0) for st in statuses),
            }
            for s in stages
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "run": self.meta,
            "decisions": [d.model_dump() for d in self.decisions],
            "metrics": json.loads(self.metrics.to_json(orient="records")),
            "status_counts": json.loads(self.status_counts.to_json(orient="records")),
            "slices": {
                name: json.loads(frame.to_json(orient="records"))
                for name, (frame, _) in self.slices.items()
            },
            "examples": [e.as_dict() for e in self.examples],
            "plots": {name: path.name for name, path in self.plots.items()},
            "metric_descriptions": {m: METRICS[m].description for m in HEADLINE if m in METRICS},
        }


#: Run-level rates whose effective n is the group's (every run has a value for them).
RUN_LEVEL: frozenset[str] = frozenset({"invented_completion.invented", "parity.match"})

#: The blocker column in words.
BLOCKER_WORDS: dict[str, str] = {
    "promote": "none: would promote",
    "sample_size": "sample size only",
    "quality": "quality",
    "off_gates": "off its current gates",
    "ceiling": "at its highest phase",
    "not_run": "no runs",
}

#: Column titles of the per-stage metric table.
SHORT_NAMES: dict[str, str] = {
    "infrastructure.error": "infra errors",
    "invented_completion.invented": "invented",
    "boundary.violation": "violations",
    "evidence_fidelity.citation_precision": "citation precision",
    "evidence_fidelity.claim_support_rate": "claim support",
    "evidence_fidelity.decisive_recall": "decisive recall",
    "parity.match": "parity",
    "usefulness.useful": "useful",
    "repeat_checks.reduction": "repeat reduction",
    "repeat_checks.suppressed_needed": "suppressed needed",
    "latency.latency_s": "latency p95 (s)",
    "cost.cost_usd": "cost/run ($)",
    "hygiene.inlined": "trace inlined",
}


#: Metrics shown per slice: the ones a failure mode moves.
SLICE_METRICS: tuple[str, ...] = (
    "parity.match",
    "invented_completion.invented",
    "boundary.violation",
    "evidence_fidelity.claim_support_rate",
    "repeat_checks.reduction",
    "repeat_checks.suppressed_needed",
)


def wide_rows(
    frame: pd.DataFrame, keys: tuple[str, ...], metrics: tuple[str, ...]
) -> list[dict[str, Any]]:
    """A long metric table as one row per group: ``estimate [lo, hi]`` cells (latency: p95)."""
    rows: dict[tuple[str, ...], dict[str, Any]] = {}
    for row in records(frame[frame["metric"].isin(metrics)]):
        key = tuple(str(row[k]) for k in keys)
        out = rows.setdefault(
            key,
            {
                **{k.removeprefix(LABEL_PREFIX): v for k, v in zip(keys, key, strict=True)},
                "runs": 0,
                "n_eff": None,
            },
        )
        out["runs"] = max(out["runs"], int(row["runs"]))
        n_eff = row.get("n_eff")
        if row["metric"] in RUN_LEVEL and n_eff is not None and not math.isnan(float(n_eff)):
            out["n_eff"] = round(float(n_eff), 1)
        name = SHORT_NAMES.get(str(row["metric"]), str(row["metric"]))
        if row["metric"] == "latency.latency_s":
            out[name] = float(row["p95"])
        else:
            out[name] = _cell(float(row["estimate"]), float(row["lo"]), float(row["hi"]))
    return list(rows.values())


def _cell(estimate: float, lo: float, hi: float) -> str:
    if math.isnan(estimate):
        return "–"
    if math.isnan(lo) or math.isnan(hi):
        return f"{estimate:.3g}"
    return f"{estimate:.3g} [{lo:.3g}, {hi:.3g}]"


def read_meta(run_dir: Path) -> dict[str, Any]:
    """The run's run.json; a directory with scores but no run.json is still reported, by name."""
    if not (run_dir / RUN_META).is_file():
        return {"run_id": run_dir.name}
    return read_run_meta(run_dir)


def _status_counts(results: pd.DataFrame) -> pd.DataFrame:
    if results.empty:
        return pd.DataFrame(columns=["stage", "status", "runs"])
    return (
        results.groupby(["stage", "status"])
        .size()
        .reset_index(name="runs")
        .sort_values(["stage", "status"])
    )


#: Hand-written or generated (``origin`` label ``handwritten`` / ``generated:<template>``):
#: parity is reported for each, since a baseline can match a generator it shares text with.
ORIGIN = f"{LABEL_PREFIX}origin_family"


def _with_origin(scores: pd.DataFrame) -> pd.DataFrame:
    column = f"{LABEL_PREFIX}origin"
    if column not in scores.columns or scores.empty:
        return scores
    text = scores[column].astype(str)
    # Split once per distinct origin, not once per row: a run has a few origins, a million rows.
    # (Object dtype, missing origins kept missing, as ``.str.split(":").str[0]`` gives them.)
    family = {o: o.split(":")[0] if isinstance(o, str) else o for o in text.unique()}
    return scores.assign(**{ORIGIN: text.map(family).astype(object)})


def _sliced_runs(wide: pd.DataFrame, scores: pd.DataFrame) -> pd.DataFrame:
    """``run_values(_with_origin(scores))`` from the run table already made (``wide``): the origin
    family is a function of a run's origin label, which every line of a run carries alike, so it
    is added per run instead of grouping the long table a second time. A run without an origin
    (where a missing value's form could differ) has the long table grouped again."""
    column = f"{LABEL_PREFIX}origin"
    if ORIGIN not in scores.columns or column not in wide.columns or wide[column].isna().any():
        return run_values(scores)
    text = wide[column].astype(str)
    family = {o: o.split(":")[0] for o in text.unique()}
    return wide.assign(**{ORIGIN: text.map(family).astype(object)})


def gather(
    run_dir: Path,
    *,
    policy: Policy | None = None,
    n_boot: int = 2000,
    tables: RunTables | None = None,
) -> ReportData:
    policy = policy or load_policy(None)
    tables = load_tables(run_dir) if tables is None else tables
    # The run table (one row per run) of each long table, made once and shared by its tables.
    wide = run_values(tables.scores)
    metrics = metric_table(
        tables.scores, by=("stage", "model"), conf=policy.confidence, n_boot=n_boot, wide=wide
    )
    meta = read_meta(run_dir)
    recall = recall_bounds(text_detectors(meta, DECLARED_DETECTORS))
    decisions = decide(
        metrics, policy, boundary_evidence=isolation_warning(meta) is None, recall=recall
    )
    slices: dict[str, tuple[pd.DataFrame, tuple[str, ...]]] = {}
    scores = _with_origin(tables.scores)
    sliced: pd.DataFrame | None = None
    for name, column in (("agent", "agent"), ("failure mode", f"{LABEL_PREFIX}failure_mode"),
                         ("origin", ORIGIN)):  # fmt: skip
        if column in scores.columns and not scores.empty:
            keys = (column, "model")
            sliced = _sliced_runs(wide, scores) if sliced is None else sliced
            slices[name] = (
                metric_table(
                    scores,
                    by=keys,
                    metrics=SLICE_METRICS,
                    conf=policy.confidence,
                    n_boot=n_boot,
                    wide=sliced,
                ),
                keys,
            )
    ready = [readiness(d, policy.confidence) for d in decisions]
    behind = {
        (d.stage, d.model, g.phase, g.metric, g.statistic): cases_behind(
            wide, d.stage, d.model, g.metric
        )
        for d in decisions
        for g in failing_gates(d)
        if g.status != "missing"  # too few runs can still show which ones miss
    }
    return ReportData(
        readiness=ready,
        policy=policy,
        run_dir=run_dir,
        meta=meta,
        tables=tables,
        metrics=metrics,
        decisions=decisions,
        examples=worst_examples(tables.scores, tables.results),
        status_counts=_status_counts(tables.results),
        slices=slices,
        behind=behind,
    )
