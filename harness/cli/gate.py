"""``shadow gate RUN_DIR``: check a scored run against the promotion policy, for CI.

Every stage must meet the gates of its current phase, phase 0 (the shadow budget: critical events,
regressions against ``--incumbent``) included. Exit codes:

- 0: every stage meets the gates of its current phase;
- 1: a stage does not (or a live stage was demoted); the failing gates are printed;
- 2: usage or input error (no such run directory, a run with no scored case, a bad policy);
- 3: infrastructure errors: the run's infrastructure-error gates fail (see ``shadow run``).

Beside pass/fail it prints one sentence per stage saying what its promotion waits on.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabulate import tabulate

from harness.detectors.measured import recall_bounds, text_detectors
from harness.policy import (
    Decision,
    PolicyError,
    Readiness,
    decide,
    decision_rows,
    failing_gates,
    load_policy,
    readiness,
)
from harness.report.data import read_meta
from harness.sandbox.isolation import isolation_warning
from harness.scorers import DECLARED_DETECTORS
from harness.tables import (
    SCORES_FILE,
    RunTables,
    TableError,
    load_tables,
    metric_table,
    paired_table,
)
from harness.untrusted.display import printable

SUMMARY_ENV = "GITHUB_STEP_SUMMARY"


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "gate",
        help="exit 1 when a stage is off its current phase's gates, shadow budget included (CI)",
        description=(
            "Decide promote / hold / demote per stage for a scored run and exit 1 when a stage "
            "no longer meets the gates of its current phase; at phase 0 these are the shadow "
            "budget (critical events, regressions against --incumbent). Exit codes: 0 pass, "
            "1 gate failed, 2 usage or input error, 3 infrastructure errors. Writes a markdown "
            f"summary to --summary or, when set, appends it to ${SUMMARY_ENV}."
        ),
    )
    p.add_argument(
        "run_dir", type=Path, metavar="RUN_DIR", help="a run directory (reports/runs/<id>)"
    )
    p.add_argument(
        "--policy",
        type=Path,
        default=None,
        metavar="FILE",
        help="policy file, TOML or YAML (default: the policy shipped with the harness)",
    )
    p.add_argument(
        "--summary", type=Path, default=None, metavar="FILE", help="write the markdown summary here"
    )
    p.add_argument(
        "--incumbent",
        type=Path,
        default=None,
        metavar="RUN_DIR",
        help="a run of the incumbent model on the same packages, for the regression gates",
    )


def _cell(text: object) -> str:
    # Model names and reasons come from stored runs; keep them from breaking the markdown table.
    return str(text).replace("\r", " ").replace("\n", " ").replace("|", "\\|")


def _markdown(
    run_dir: Path,
    policy_name: str,
    decisions: Sequence[Decision],
    ready: Sequence[Readiness],
    code: int,
) -> str:
    status = {0: "PASS", 3: "INFRASTRUCTURE ERRORS"}.get(code, "FAIL")
    rows = [{k: _cell(v) for k, v in row.items()} for row in decision_rows(decisions)]
    lines = [
        f"## shadow gate: {status}",
        "",
        f"Run `{_cell(run_dir.name)}`, policy `{_cell(policy_name)}`.",
        "",
        *(f"- {_cell(r.sentence)}" for r in ready),
        "",
        tabulate(rows, headers="keys", tablefmt="github"),
        "",
    ]
    failing = [d for d in decisions if d.fails_gate]
    if failing:
        lines += ["### Stages off their gates", ""]
        for d in failing:
            lines.append(
                f"- **{_cell(d.stage)}** ({_cell(d.model or '-')}), at phase "
                f"{d.current_phase}: {d.verdict}"
            )
            lines += [f"  - phase {g.phase}: {_cell(g.detail)}" for g in failing_gates(d)]
            if not d.evaluated:
                lines += [f"  - {_cell(reason)}" for reason in d.reasons]
        lines.append("")
    return "\n".join(lines)


#: Metrics whose gates count infrastructure, not model behaviour: failing only these exits 3.
INFRASTRUCTURE_METRICS: frozenset[str] = frozenset({"infrastructure.error"})


def exit_code(decisions: Sequence[Decision]) -> int:
    """0 pass, 1 a stage is off its gates, 3 when the only gates failing count infrastructure
    errors (the model was never really asked, so its gates say nothing)."""
    failing = [d for d in decisions if d.fails_gate]
    if not failing:
        return 0
    gates = [g for d in failing for g in failing_gates(d) if g.phase <= d.current_phase]
    infrastructure = [g for g in gates if g.metric in INFRASTRUCTURE_METRICS]
    # Errored runs are not scored, so the model's own gates may only lack data; a gate the data
    # contradicts is the model's failure whatever the infrastructure did.
    model_failed = any(g.status == "fail" for g in gates if g.metric not in INFRASTRUCTURE_METRICS)
    if infrastructure and not model_failed:
        return 3
    return 1


def _ensure_scored(run_dir: Path) -> None:
    if (run_dir / SCORES_FILE).is_file():
        return
    # Imported on demand: scoring re-reads the packages and is only wanted for an unscored run.
    from harness.scorers.run import ScoringError, score_run

    try:
        score_run(run_dir)
    except ScoringError as exc:
        raise TableError(f"{run_dir}: cannot score the run: {exc}") from exc


def _complete_tables(run_dir: Path) -> RunTables:
    """A report goes on past a bad stored line; a gate does not decide on part of a run."""
    tables = load_tables(run_dir)
    if tables.errors:
        raise TableError(
            "\n".join([*tables.errors, f"{run_dir}: {len(tables.errors)} stored line(s) unreadable; "
                        f"the gate judges whole runs only (`shadow score {run_dir}` rewrites the scores)"])
        )  # fmt: skip
    return tables


def run(args: argparse.Namespace) -> int:
    run_dir: Path = args.run_dir
    for label, path in (("run directory", run_dir), ("incumbent run directory", args.incumbent)):
        if path is not None and not path.is_dir():
            print(f"error: {path}: no such {label}", file=sys.stderr)
            return 2
    try:
        policy = load_policy(args.policy)
    except PolicyError as exc:
        print(f"error: {printable(exc)}", file=sys.stderr)
        return 2
    try:
        _ensure_scored(run_dir)
        scores = _complete_tables(run_dir).scores
        incumbent = None
        if args.incumbent is not None:
            _ensure_scored(args.incumbent)
            incumbent_scores = _complete_tables(args.incumbent).scores
            incumbent = paired_table(scores, incumbent_scores, conf=policy.confidence)
    except (TableError, ValueError, OSError) as exc:
        print(f"error: {printable(exc)}", file=sys.stderr)
        return 2
    if scores.empty:
        print(f"error: {run_dir}: the run has no scored case; nothing to gate", file=sys.stderr)
        return 2
    table = metric_table(scores, by=("stage", "model"), conf=policy.confidence)
    meta = read_meta(run_dir)
    warning = isolation_warning(meta)
    recall = recall_bounds(text_detectors(meta, DECLARED_DETECTORS))
    decisions = decide(
        table, policy, incumbent=incumbent, boundary_evidence=warning is None, recall=recall
    )
    ready = [readiness(d, policy.confidence) for d in decisions]
    if warning is not None:
        print(printable(warning))
    code = exit_code(decisions)

    for r in ready:
        print(printable(r.sentence))
    print()
    rows = [{k: printable(v) for k, v in row.items()} for row in decision_rows(decisions)]
    print(tabulate(rows, headers="keys", tablefmt="simple"))
    for d in decisions:
        if d.fails_gate:
            model = printable(d.model or "-")
            print(f"\n{d.stage} ({model}) at phase {d.current_phase}: {d.verdict}")
            for gate in failing_gates(d):
                print(f"  phase {gate.phase}: {printable(gate.detail)}")
            if not d.evaluated:
                for reason in d.reasons:
                    print(f"  {printable(reason)}")

    policy_name = str(args.policy) if args.policy else "default"
    summary = _markdown(run_dir, policy_name, decisions, ready, code)
    if args.summary is not None:
        args.summary.write_text(summary + "\n", encoding="utf-8")
    step_summary = os.environ.get(SUMMARY_ENV)
    if step_summary:
        with open(step_summary, "a", encoding="utf-8") as handle:
            handle.write(summary + "\n")
    verdict = {0: "PASS", 3: "INFRASTRUCTURE ERRORS"}.get(code, "FAIL")
    off = [d.stage for d in decisions if d.fails_gate]
    print(
        f"\ngate: {verdict} ({len(off)} of {len(decisions)} stage(s) off their current phase's "
        f"gates{': ' + ', '.join(off) if off else ''})"
    )
    return code
