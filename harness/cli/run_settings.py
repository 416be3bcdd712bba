"""``shadow run``'s settings: the arguments checked and turned into what a run needs (runner,
filters, limits, output directory), or, on ``--resume``, read back from the run's own run.json
with any flag that would change the run refused."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from harness.replay import (
    Filters,
    RunDirError,
    Shard,
    read_run_meta,
)
from harness.replay.select import parse_label
from harness.rundir import new_run_id
from harness.runners.base import Runner, RunnerInfraError
from harness.runners.secrets import REDACTED, redacted
from harness.schema import STAGES, Limits, Stage

DEFAULT_RUNNER = "reference"
DEFAULT_RECORDINGS = Path("recordings/sophobot")
RUNS_DIR = Path("reports/runs")
DEFAULT_RETRIES = 2


class UsageError(Exception):
    pass


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


def stored_config(
    model: str | None, options: Mapping[str, str], command: Sequence[str]
) -> dict[str, Any]:
    return {
        "model": model,
        "options": redacted(dict(sorted(options.items()))),
        "command": list(command),
    }


def make_runner(
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


class RunSettings:
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


#: Runners that start a program in the sandbox; the ground truth must be out of its sight.
_SANDBOXED = frozenset({"command", "python", "pi"})


def hide_recordings(settings: RunSettings) -> dict[str, str]:
    """The recordings hold the host outcome: a sandboxed program must not read its grader."""
    options = dict(settings.options)
    if settings.runner_name in _SANDBOXED:
        paths = [*options.get("hide", "").split(":"), *(str(p) for p in settings.recordings)]
        options["hide"] = ":".join(p for p in paths if p)
    return options
