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
from pathlib import Path
from typing import TYPE_CHECKING, Any

from harness.cli.run_outcome import after_run, exit_code, print_error_reasons, report_load_errors
from harness.cli.run_settings import (
    DEFAULT_RECORDINGS,
    DEFAULT_RETRIES,
    DEFAULT_RUNNER,
    RUNS_DIR,
    RunSettings,
    UsageError,
    hide_recordings,
    make_runner,
    stored_config,
)
from harness.cli.workers import HELP, resolve, workers_arg
from harness.replay import (
    RunDirError,
    replay,
)
from harness.replay.packages import PackageFiles
from harness.untrusted.display import printable

if TYPE_CHECKING:
    from harness.cli.run_beside import BesideScores
    from harness.cli.run_live import LiveScores


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
    how.add_argument(
        "--score-workers",
        type=workers_arg,
        default="auto",
        metavar="N",
        help=HELP + ". With one, each case is scored as the replay records it; with more, the "
        "finished run is scored in parts",
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


def _run(args: argparse.Namespace) -> int:
    settings = RunSettings(args)
    runner = make_runner(
        settings.runner_name, settings.model, hide_recordings(settings), settings.command
    )
    missing = [p for p in settings.recordings if not p.exists()]
    if missing:
        raise UsageError(f"--recordings: {missing[0]}: no such file or directory")
    # Only each package's head and offset stay in memory; a package is read when its case runs.
    loaded = PackageFiles(settings.recordings)
    report_load_errors(loaded.errors)
    if not len(loaded):
        where = ", ".join(map(str, settings.recordings))
        raise UsageError(
            f"no packages could be loaded from {where}"
            if loaded.errors
            else f"no packages under {where} (an empty recordings set)"
        )
    # Scores made while the replay holds each case (used when the run completes as one piece):
    # in this process, or, where several processes are to score, by them beside the replay
    cases = sum(len(head.stages) for head in loaded.heads)
    score_workers = resolve(args.score_workers, cases)
    live = None if args.no_report else _live_scores(settings, runner, score_workers)
    try:
        return _replay_and_report(args, settings, runner, loaded, live, score_workers)
    finally:
        if live is not None:
            live.give_up()  # whatever was not written is dropped, its scratch file with it


def _live_scores(
    settings: RunSettings, runner: Any, workers: int
) -> LiveScores | BesideScores | None:
    if workers == 1:
        from harness.cli.run_live import LiveScores

        return LiveScores(settings.out)
    # Beside the replay only a fresh run of an inline runner at one job: no thread of this
    # process may be copied into the scoring processes, and each case is written once.
    if settings.resume or (settings.jobs or 1) != 1 or getattr(runner, "inline", False) is not True:
        return None
    from harness.cli.run_beside import BesideScores

    return BesideScores(settings.out, workers)


def _replay_and_report(
    args: argparse.Namespace,
    settings: RunSettings,
    runner: Any,
    loaded: PackageFiles,
    live: LiveScores | BesideScores | None,
    score_workers: int = 1,
) -> int:
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
            runner_config=stored_config(settings.model, settings.options, settings.command),
            run_id=settings.run_id,
            load_errors=[str(e) for e in loaded.errors],
            progress=not args.no_progress,
            fail_fast=args.fail_fast,
            on_case=None if live is None else live.case,
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
    whole = live is not None and live.usable and live.cases == summary.ran == summary.planned
    after_run(
        summary.run_dir,
        report=not args.no_report,
        policy=args.policy,
        counts=summary.by_stage,
        live=live if whole else None,
        score_workers=score_workers,
    )
    code = exit_code(summary.counts, args.max_error_rate, load_error_count)
    print_error_reasons(summary.run_dir, summary.by_stage)
    print(summary.run_dir)
    return code


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
