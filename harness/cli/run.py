"""``shadow run``: replay recorded packages through a runner into a run directory.

Argument parsing and printing only; the work is ``harness.replay.replay``. Exit codes:

- 0: the run completed (a failed case is a result, not an error);
- 2: usage or input error: a missing recordings path, no package in it, a package that failed to
  load (the rest still run), or no case matching the filters;
- 3: infrastructure errors: more cases ended in ``error`` than ``--max-error-rate`` allows (by
  default: every case), or ``--fail-fast N`` stopped the run after N of them;
- 130: interrupted (continue it with ``--resume``).

The terminal summary ends with the most frequent error reasons, then the run directory.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tabulate import tabulate

from harness.replay import (
    Filters,
    RunDirError,
    Shard,
    read_results,
    read_run_meta,
    replay,
)
from harness.replay.packages import PackageFiles
from harness.replay.select import parse_label
from harness.rundir import STATUSES, new_run_id
from harness.runners.base import Runner, RunnerInfraError
from harness.runners.secrets import REDACTED, redacted
from harness.schema import STAGES, Limits, Stage
from harness.untrusted.display import clean as display
from harness.untrusted.display import printable

DEFAULT_RUNNER = "reference"
DEFAULT_RECORDINGS = Path("recordings/sophobot")
RUNS_DIR = Path("reports/runs")
DEFAULT_RETRIES = 2
#: Option keys whose values stay out of run.json; a resumed run must be given them again.
#: How many load errors are printed before the rest are only counted.
SHOW_LOAD_ERRORS = 20


class UsageError(Exception):
    pass


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "run",
        help="replay recorded packages through a runner into a run directory",
        description=(
            "Replay every (package, stage) of the recordings through a runner under Phase 0 rules "
            "and write reports/runs/<run-id>/ (run.json, results.jsonl, traces/). The last line "
            "printed is the run directory."
        ),
    )
    who = p.add_argument_group("runner")
    who.add_argument(
        "--runner",
        help=f"runner name (default {DEFAULT_RUNNER}): reference, recorded, command, python, openai, pi",
    )
    who.add_argument("--model", help="model label (recorded: the outputs/<model>/ to replay)")
    who.add_argument("--profile", help="runner profile (reference: careful or credulous)")
    who.add_argument(
        "--opt", action="append", default=[], metavar="KEY=VALUE", help="runner option, repeatable"
    )
    who.add_argument(
        "--outputs", type=Path, metavar="DIR", help="folder of recorded outputs (recorded runner)"
    )
    where = p.add_argument_group("input and output")
    where.add_argument(
        "--recordings",
        nargs="+",
        type=Path,
        metavar="PATH",
        help=f"package files or folders (default {DEFAULT_RECORDINGS})",
    )
    where.add_argument(
        "--out", type=Path, metavar="DIR", help=f"run directory (default {RUNS_DIR}/<run-id>)"
    )
    where.add_argument(
        "--resume", type=Path, metavar="DIR", help="continue an interrupted run directory"
    )
    which = p.add_argument_group("filters")
    which.add_argument("--stage", nargs="+", action="extend", metavar="S", help="only these stages")
    which.add_argument("--agent", action="append", metavar="A", help="only this agent (repeatable)")
    which.add_argument(
        "--package", action="append", metavar="GLOB", help="package id glob (repeatable)"
    )
    which.add_argument(
        "--label", action="append", metavar="K=V", help="package label (repeatable; all must match)"
    )
    which.add_argument("--limit", type=int, metavar="N", help="at most N cases")
    which.add_argument(
        "--per-stage",
        type=int,
        metavar="N",
        help="at most N cases of each stage, spread over scenario clusters (a slow model's sample)",
    )
    which.add_argument(
        "--shard", metavar="K/N", help="only shard K of N (stable split by package id)"
    )
    how = p.add_argument_group("execution")
    how.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="concurrent runs (default: CPUs, 4x for I/O-bound runners)",
    )
    how.add_argument(
        "--retries",
        type=int,
        metavar="N",
        help=f"retries after a runner infrastructure error (default {DEFAULT_RETRIES})",
    )
    how.add_argument("--wall-seconds", type=float, metavar="S", help="wall-clock limit per run")
    how.add_argument(
        "--grace-seconds", type=float, metavar="S", help="grace after a cancel before a kill"
    )
    how.add_argument("--no-progress", action="store_true", help="no progress bar or progress lines")
    how.add_argument(
        "--no-report", action="store_true", help="replay only: no scores.jsonl, no report"
    )
    how.add_argument("--policy", type=Path, default=None, help="promotion policy for the report")
    how.add_argument(
        "--max-error-rate",
        type=float,
        metavar="R",
        help="exit 3 when more than this share of cases end in an infrastructure error "
        "(default: only when every case does)",
    )
    how.add_argument(
        "--fail-fast",
        type=int,
        metavar="N",
        help="stop after N infrastructure errors (exit 3; the run can be resumed)",
    )
    # Not dest "command": the top-level parser keeps the subcommand name there.
    p.add_argument(
        "runner_command",
        nargs=argparse.REMAINDER,
        metavar="-- COMMAND",
        help="the program of the command runner (or module:function of the python runner)",
    )


# -- arguments to settings ------------------------------------------------------------------


def _options(args: argparse.Namespace) -> dict[str, str]:
    options: dict[str, str] = {}
    for text in args.opt:
        key, sep, value = text.partition("=")
        if not sep or not key:
            raise UsageError(f"--opt {text!r}: expected key=value")
        options[key] = value
    if args.profile is not None:
        options["profile"] = args.profile
    if args.outputs is not None:
        options["outputs_dir"] = str(args.outputs)
    return options


def _command(args: argparse.Namespace) -> list[str]:
    command: list[str] = list(args.runner_command)
    if command and command[0] != "--":
        raise UsageError(f"unexpected argument {command[0]!r}; put a runner's command after --")
    return command[1:]


def _filters(args: argparse.Namespace) -> Filters:
    try:
        stages = frozenset(Stage(s) for s in args.stage or [])
    except ValueError as exc:
        raise UsageError(f"--stage: {exc}; stages are {', '.join(STAGES)}") from exc
    try:
        return Filters(
            stages=stages,
            agents=frozenset(args.agent or []),
            packages=tuple(args.package or []),
            labels=dict(parse_label(t) for t in args.label or []),
            limit=args.limit,
            shard=Shard.parse(args.shard) if args.shard else None,
            per_stage=args.per_stage,
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from exc


def _stored_config(
    model: str | None, options: Mapping[str, str], command: Sequence[str]
) -> dict[str, Any]:
    return {
        "model": model,
        "options": redacted(dict(sorted(options.items()))),
        "command": list(command),
    }


def _make_runner(
    name: str, model: str | None, options: Mapping[str, str], command: Sequence[str]
) -> Runner:
    # Imported here: the registry pulls in every runner, which `shadow run --help` does not need.
    from harness.runners.registry import RUNNERS, make_runner

    if name not in RUNNERS:
        raise UsageError(f"--runner {name!r}: unknown; runners are {', '.join(sorted(RUNNERS))}")
    try:
        return make_runner(name, model=model, options=options, command=command)
    except (ValueError, KeyError, TypeError, OSError, RunnerInfraError) as exc:
        raise UsageError(f"--runner {name}: {exc}") from exc


class _Settings:
    """Everything a run needs, from the arguments or, on --resume, from the run's own run.json."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.options = _options(args)
        self.command = _command(args)
        if args.jobs is not None and args.jobs < 1:
            raise UsageError("--jobs must be 1 or more")
        if args.retries is not None and args.retries < 0:
            raise UsageError("--retries must be 0 or more")
        if args.max_error_rate is not None and not 0.0 <= args.max_error_rate <= 1.0:
            raise UsageError("--max-error-rate must lie between 0 and 1")
        if args.fail_fast is not None and args.fail_fast < 1:
            raise UsageError("--fail-fast must be 1 or more")
        self.jobs: int | None = args.jobs
        self.retries: int = DEFAULT_RETRIES if args.retries is None else args.retries
        self.resume = args.resume is not None
        if self.resume:
            self._from_run(args)
        else:
            self._from_args(args)

    def _from_args(self, args: argparse.Namespace) -> None:
        self.runner_name: str = args.runner or DEFAULT_RUNNER
        self.model: str | None = args.model
        self.recordings: list[Path] = list(args.recordings or [DEFAULT_RECORDINGS])
        self.outputs: Path | None = args.outputs
        self.filters = _filters(args)
        try:
            self.limits = (
                Limits(wall_seconds=args.wall_seconds) if args.wall_seconds is not None else None
            )
        except ValueError as exc:
            raise UsageError(f"--wall-seconds: {args.wall_seconds}: must be more than 0") from exc
        if args.grace_seconds is not None and args.grace_seconds < 0:
            raise UsageError("--grace-seconds must be 0 or more")
        self.grace: float | None = args.grace_seconds
        self.run_id: str | None = None if args.out else new_run_id()
        self.out: Path = args.out or RUNS_DIR / str(self.run_id)

    def _from_run(self, args: argparse.Namespace) -> None:
        if args.out is not None:
            raise UsageError(
                "--out and --resume exclude each other: --resume continues DIR in place"
            )
        try:
            meta = read_run_meta(args.resume)
        except RunDirError as exc:
            raise UsageError(f"--resume: {exc}") from exc
        config: dict[str, Any] = meta.get("runner_config") or {}
        self.runner_name = str(meta["runner"])
        self.model = config.get("model")
        self.recordings = [Path(p) for p in meta.get("recordings") or []]
        self.outputs = Path(meta["outputs_dir"]) if meta.get("outputs_dir") else None
        self.filters = Filters.from_json(meta.get("filters") or {})
        self.limits = Limits.model_validate(meta["limits"]) if meta.get("limits") else None
        self.grace = meta.get("grace_seconds")
        self.run_id = None
        self.out = args.resume
        # A resumed run continues exactly as it started: a flag that would change it is refused.
        given = {
            "--runner": (args.runner, self.runner_name),
            "--model": (args.model, self.model),
            "--recordings": (
                args.recordings and [str(p) for p in args.recordings],
                meta.get("recordings"),
            ),
            "--outputs": (args.outputs and str(args.outputs), meta.get("outputs_dir")),
            "--wall-seconds": (args.wall_seconds, self.limits and self.limits.wall_seconds),
            "--grace-seconds": (args.grace_seconds, self.grace),
        }
        changed = [flag for flag, (new, old) in given.items() if new is not None and new != old]
        filter_flags = (
            args.stage,
            args.agent,
            args.package,
            args.label,
            args.limit,
            args.shard,
            args.per_stage,
        )
        if any(f is not None for f in filter_flags) and _filters(args) != self.filters:
            changed.append("filters")
        stored_options: dict[str, str] = dict(config.get("options") or {})
        for key, value in self.options.items():
            if stored_options.get(key) not in (value, REDACTED):
                changed.append(f"--opt {key}")
        if self.command and self.command != config.get("command"):
            changed.append("the command")
        if changed:
            raise UsageError(
                f"--resume continues {args.resume} as it started; these differ from its run.json: "
                + ", ".join(changed)
            )
        missing = [k for k, v in stored_options.items() if v == REDACTED and k not in self.options]
        if missing:
            raise UsageError(
                f"--resume: give the redacted option(s) again: {', '.join(f'--opt {k}=...' for k in missing)}"
            )
        self.options = {**stored_options, **self.options}
        self.command = list(config.get("command") or [])


# -- the hook after a run ------------------------------------------------------------------------


def after_run(
    run_dir: Path,
    *,
    report: bool = True,
    policy: Path | None = None,
    counts: Counter[tuple[str, str]] | None = None,
) -> None:
    """Once a run has finished (not when interrupted): counts per stage and status (``counts``,
    else read from results.jsonl), then the scores (scores.jsonl) and the report with its decision
    table, unless ``--no-report``."""
    if counts is None:
        counts = Counter((str(r.stage), str(r.status)) for r in read_results(run_dir))
    statuses = STATUSES
    rows = []
    for stage in STAGES:
        row = [counts[(str(stage), s)] for s in statuses]
        if any(row):
            rows.append([str(stage), *row, sum(row)])
    totals = [sum(counts[(str(stage), s)] for stage in STAGES) for s in statuses]
    rows.append(["total", *totals, sum(totals)])
    print(tabulate(rows, headers=["stage", *statuses, "runs"], tablefmt="github"))
    if not report:
        return
    # The CLI is the one place allowed to chain replay, scoring and reporting (the walls in the README).
    from harness.cli.report import print_report
    from harness.scorers.run import ScoringError, score_run

    try:
        print(f"wrote {score_run(run_dir)}")
    except ScoringError as exc:
        print(f"error: scoring failed: {printable(exc)}", file=sys.stderr)
        return
    print()
    print_report(run_dir, policy)


# -- the command ---------------------------------------------------------------------------------


def _report_load_errors(errors: Sequence[object]) -> None:
    for error in errors[:SHOW_LOAD_ERRORS]:
        print(f"error: {printable(error)}", file=sys.stderr)
    if len(errors) > SHOW_LOAD_ERRORS:
        print(f"error: ... and {len(errors) - SHOW_LOAD_ERRORS} more load errors", file=sys.stderr)
    if errors:
        print(f"warning: {len(errors)} load error(s); those packages are skipped", file=sys.stderr)


#: Runners that start a program in the sandbox; the ground truth must be out of its sight.
_SANDBOXED = frozenset({"command", "python", "pi"})


def _hide_recordings(settings: _Settings) -> dict[str, str]:
    """The recordings hold the host outcome: a sandboxed program must not read its grader."""
    options = dict(settings.options)
    if settings.runner_name in _SANDBOXED:
        paths = [*options.get("hide", "").split(":"), *(str(p) for p in settings.recordings)]
        options["hide"] = ":".join(p for p in paths if p)
    return options


def _run(args: argparse.Namespace) -> int:
    settings = _Settings(args)
    runner = _make_runner(
        settings.runner_name, settings.model, _hide_recordings(settings), settings.command
    )
    missing = [p for p in settings.recordings if not p.exists()]
    if missing:
        raise UsageError(f"--recordings: {missing[0]}: no such file or directory")
    # Only each package's head and offset stay in memory; a package is read when its case runs.
    loaded = PackageFiles(settings.recordings)
    _report_load_errors(loaded.errors)
    if not len(loaded):
        where = ", ".join(map(str, settings.recordings))
        raise UsageError(
            f"no packages could be loaded from {where}"
            if loaded.errors
            else f"no packages under {where} (an empty recordings set)"
        )
    try:
        summary = replay(
            loaded,
            runner,
            out_dir=settings.out,
            resume=settings.resume,
            jobs=settings.jobs,
            filters=settings.filters,
            limits=settings.limits,
            grace_seconds=settings.grace,
            retries=settings.retries,
            recordings=settings.recordings,
            outputs_dir=settings.outputs,
            runner_config=_stored_config(settings.model, settings.options, settings.command),
            run_id=settings.run_id,
            load_errors=[str(e) for e in loaded.errors],
            progress=not args.no_progress,
            fail_fast=args.fail_fast,
        )
    except (RunDirError, ValueError) as exc:
        raise UsageError(str(exc)) from exc
    # Scoring reads the packages again, one at a time: these need not stay for it.
    load_error_count = len(loaded.errors)
    del loaded
    for note in summary.notes:
        print(f"note: {printable(note)}", file=sys.stderr)
    if summary.planned == 0:
        print("error: no (package, stage) matched the filters; no case ran", file=sys.stderr)
        print(summary.run_dir)
        return 2
    if summary.stopped_for_errors:
        print(
            f"stopped: --fail-fast {args.fail_fast}: {summary.counts.get('error', 0)} "
            f"infrastructure error(s); continue with `shadow run --resume {summary.run_dir}`",
            file=sys.stderr,
        )
        print_error_reasons(summary.run_dir)
        print(summary.run_dir)
        return 3
    if summary.interrupted:
        print(
            f"interrupted: {summary.counts['planned'] - summary.counts['pending']} of "
            f"{summary.planned} runs recorded, {summary.counts['pending']} to go; continue with "
            f"`shadow run --resume {summary.run_dir}`",
            file=sys.stderr,
        )
        print(summary.run_dir)
        return 130
    if summary.skipped:
        print(
            f"resumed: {summary.skipped} runs were already recorded, {summary.ran} ran now",
            file=sys.stderr,
        )
    after_run(
        summary.run_dir, report=not args.no_report, policy=args.policy, counts=summary.by_stage
    )
    code = _exit_code(summary.counts, args.max_error_rate, load_error_count)
    print_error_reasons(summary.run_dir)
    print(summary.run_dir)
    return code


def _exit_code(counts: Mapping[str, int], max_error_rate: float | None, load_errors: int) -> int:
    recorded = sum(counts.get(s, 0) for s in STATUSES)
    errors = counts.get("error", 0)
    too_many = (
        errors == recorded and errors > 0
        if max_error_rate is None
        else recorded > 0 and errors / recorded > max_error_rate
    )
    if too_many:
        share = f"{errors} of {recorded} cases"
        print(f"error: {share} ended in an infrastructure error (exit 3)", file=sys.stderr)
        return 3
    if load_errors:
        print(
            f"error: {load_errors} load error(s): those packages did not run (exit 2)",
            file=sys.stderr,
        )
        return 2
    return 0


#: How many distinct reasons the summary lists.
SHOW_REASONS = 5


def print_error_reasons(run_dir: Path) -> None:
    """The most frequent reasons runs did not complete, by status, with their counts: the last
    thing the terminal shows before the run directory, so a dead endpoint is named there."""
    reasons: Counter[tuple[str, str]] = Counter(
        (str(r.status), display(r.error or "no reason recorded", 160))
        for r in read_results(run_dir)
        if r.status != "completed"
    )
    if not reasons:
        return
    print("\nmost frequent reasons runs did not complete:")
    for (status, reason), count in reasons.most_common(SHOW_REASONS):
        print(f"  {count:>5} x {status}: {reason}")
    if len(reasons) > SHOW_REASONS:
        print(f"  ... and {len(reasons) - SHOW_REASONS} other reason(s)")


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except UsageError as exc:
        print(f"shadow run: error: {printable(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # Before or after the replay proper (loading, scoring): nothing half-written to repair.
        print("interrupted", file=sys.stderr)
        return 130
