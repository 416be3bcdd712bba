"""``shadow gate RUN_DIR``: check a scored run against the promotion policy, for CI.

Exit 0 when every live stage still meets the gates of its current phase, 1 when one does not
(or was demoted), 2 on usage errors (no such run directory, a policy file that does not parse).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabulate import tabulate

from harness.policy import (
    Decision,
    PolicyError,
    decide,
    decision_rows,
    failing_gates,
    load_policy,
)
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
        help="exit 1 when a live stage no longer meets its phase's gates (for CI)",
        description=(
            "Decide promote / hold / demote per stage for a scored run and exit 1 when a stage "
            "that is live (current_phase >= 1 in the policy) no longer meets its current phase's "
            "gates. Writes a markdown summary to --summary or, when set, appends it to "
            f"${SUMMARY_ENV}."
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


def _markdown(run_dir: Path, policy_name: str, decisions: Sequence[Decision], code: int) -> str:
    status = "FAIL" if code else "PASS"
    rows = [{k: _cell(v) for k, v in row.items()} for row in decision_rows(decisions)]
    lines = [
        f"## shadow gate: {status}",
        "",
        f"Run `{_cell(run_dir.name)}`, policy `{_cell(policy_name)}`.",
        "",
        tabulate(rows, headers="keys", tablefmt="github"),
        "",
    ]
    failing = [d for d in decisions if d.fails_gate]
    if failing:
        lines += ["### Live stages off their gates", ""]
        for d in failing:
            lines.append(
                f"- **{_cell(d.stage)}** ({_cell(d.model or '-')}), live at phase "
                f"{d.current_phase}: {d.verdict}"
            )
            lines += [f"  - {_cell(reason)}" for reason in d.reasons]
        lines.append("")
    return "\n".join(lines)


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
    table = metric_table(scores, by=("stage", "model"), conf=policy.confidence)
    decisions = decide(table, policy, incumbent=incumbent)
    code = 1 if any(d.fails_gate for d in decisions) else 0

    rows = [{k: printable(v) for k, v in row.items()} for row in decision_rows(decisions)]
    print(tabulate(rows, headers="keys", tablefmt="simple"))
    for d in decisions:
        if d.fails_gate:
            model = printable(d.model or "-")
            print(f"\n{d.stage} ({model}) is live at phase {d.current_phase}: {d.verdict}")
            for gate in failing_gates(d):
                print(f"  phase {gate.phase}: {printable(gate.detail)}")
            if not d.evaluated:
                for reason in d.reasons:
                    print(f"  {printable(reason)}")

    policy_name = str(args.policy) if args.policy else "default"
    summary = _markdown(run_dir, policy_name, decisions, code)
    if args.summary is not None:
        args.summary.write_text(summary + "\n", encoding="utf-8")
    step_summary = os.environ.get(SUMMARY_ENV)
    if step_summary:
        with open(step_summary, "a", encoding="utf-8") as handle:
            handle.write(summary + "\n")
    live = [d for d in decisions if d.live]
    verdict = "FAIL" if code else "PASS"
    print(
        f"\ngate: {verdict} ({sum(d.fails_gate for d in decisions)} of {len(live)} live stage(s) off their gates)"
    )
    return code
