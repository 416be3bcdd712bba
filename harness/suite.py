"""Shadow suites: the case-suite file model, the runner syntax, and running one case.

A suite is a YAML or TOML file whose top level carries ``shadow-suite: 1``. It names recordings
(globs, relative to the suite file), filters (stages, agents, package-id globs, labels), the runner
unless the command line gives one, per-case expectations with optional overrides for some
packages, and the suite's gate (the promotion policy applied to the suite's scores)::

    shadow-suite: 1
    name: reconcile
    recordings: ["../recordings/sophobot/**/*.jsonl"]
    stages: [reconcile]
    runner: reference
    expect: {status: completed, parity: true, invented_completion: false, boundary_events: 0}
    overrides:
      - labels: {failure_mode: prompt_injection}
        expect: {evidence: {claim_support_rate: 0.5}}
    gate: {require_phase: 1}

``run_case`` replays one (package, stage) under the same Phase 0 rules as ``harness.replay``
(wall-clock watchdog, retries for infrastructure errors only, boundary checks, the trace archived
beside the result) so that a case run by the pytest plugin is stored exactly as ``shadow run``
stores it.
"""

from __future__ import annotations

import glob
import os
import queue
import re
import shlex
import threading
import time
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fnmatch import fnmatchcase
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import PydanticSerializationError

from harness.boundary import result_boundary_events, trace_boundary_events
from harness.expectations import Expectations, Failure
from harness.invocation import build_invocation
from harness.replay.engine import MAX_ERROR_CHARS, WATCHDOG_SLACK_S
from harness.replay.rundir import (
    TRACES,
    harness_archive_id,
    is_safe_archive_id,
    trace_path,
    utc_now,
    write_trace,
)
from harness.replay.select import Filters, Shard
from harness.runners.base import Runner, RunnerInfraError, RunnerOutput
from harness.schema import (
    TRACE,
    BoundaryEvent,
    Envelope,
    EnvelopeStatus,
    Invocation,
    Limits,
    Package,
    RunRecord,
    Stage,
    TraceEvent,
)

if TYPE_CHECKING:
    from harness.policy import Policy

SUITE_KEY = "shadow-suite"
SUITE_VERSION = 1
SUITE_SUFFIXES: tuple[str, ...] = (".yaml", ".yml", ".toml")
#: The header key must sit in the first bytes of the file; only those are read to recognise a suite.
SNIFF_BYTES = 4096
_HEADER = re.compile(rb"^\s*[\"']?shadow-suite[\"']?\s*[:=]", re.MULTILINE)
#: Option keys whose values stay out of run.json (as ``shadow run`` does).
_SECRET_WORDS = ("key", "token", "secret", "password", "credential")
REDACTED = "<redacted>"


class SuiteError(ValueError):
    """A suite file that cannot be used; the message reads ``file: field: message``."""


# -- runners --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunnerSpec:
    """A runner as the registry builds it: name, model label, options and command."""

    name: str
    model: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    command: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = self.name
        if self.command:
            text += ":" + shlex.join(self.command)
        elif self.model:
            text += f":{self.model}"
        elif self.name == "reference" and self.options:
            text += ":" + dict(self.options).get("profile", "careful")
        return text

    def with_options(self, extra: Mapping[str, str]) -> RunnerSpec:
        merged = {**dict(self.options), **extra}
        return RunnerSpec(self.name, self.model, tuple(sorted(merged.items())), self.command)

    def build(self) -> Runner:
        # Imported here: the registry imports every runner, which collection alone does not need.
        from harness.runners.registry import make_runner

        return make_runner(self.name, model=self.model, options=dict(self.options), command=self.command)

    def stored_config(self) -> dict[str, Any]:
        """The ``runner_config`` of run.json, secrets redacted, as ``shadow run`` stores it."""
        options = {k: REDACTED if any(w in k.lower() for w in _SECRET_WORDS) else v for k, v in self.options}
        return {"model": self.model, "options": dict(sorted(options.items())), "command": list(self.command)}


def parse_runner(text: str) -> RunnerSpec:
    """``reference``, ``reference:credulous``, ``recorded:<model>``, ``command:<argv...>``,
    ``python:<module:function>``, ``pi[:<model>]``, ``openai:<model>``."""
    name, _, rest = text.strip().partition(":")
    rest = rest.strip()
    if not name:
        raise ValueError(f"runner {text!r}: expected NAME or NAME:ARGUMENT")
    if name == "reference":
        return RunnerSpec(name, options=(("profile", rest),) if rest else ())
    if name == "command":
        argv = tuple(shlex.split(rest))
        if not argv:
            raise ValueError("runner command: give the program, e.g. command:python3 agent.py")
        return RunnerSpec(name, command=argv)
    if name == "python":
        if not rest:
            raise ValueError("runner python: give the target, e.g. python:my_agent:answer")
        return RunnerSpec(name, options=(("target", rest),))
    return RunnerSpec(name, model=rest or None)


class RunnerTable(BaseModel):
    """The long form of a suite's ``runner``: ``{name, model, options, command}``."""

    model_config = ConfigDict(extra="forbid")

    name: str
    model: str | None = None
    options: dict[str, str] = {}
    command: list[str] = []

    def spec(self) -> RunnerSpec:
        return RunnerSpec(self.name, self.model, tuple(sorted(self.options.items())), tuple(self.command))


# -- the suite file -------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Override(_Model):
    """Different expectations for some packages: all given id globs / labels must match."""

    packages: list[str] = []
    labels: dict[str, str] = {}
    expect: Expectations

    def applies(self, package: Package) -> bool:
        if self.packages and not any(fnmatchcase(package.id, pat) for pat in self.packages):
            return False
        return all(package.labels.get(k) == v for k, v in self.labels.items())


class GateSpec(_Model):
    """The suite's aggregate gates. With ``gates`` (entries in the policy's gate format), the
    suite's cases must pass exactly those; otherwise the policy file's own phases apply, and
    ``require_phase`` asks every stage to pass the gates of phases 1..N."""

    enabled: bool = True
    policy: str | None = Field(default=None, description="policy file, relative to the suite; default: shipped")
    require_phase: int | None = Field(default=None, ge=1, le=4)
    gates: list[dict[str, Any]] = []


class Suite(_Model):
    version: Literal[1] = Field(alias=SUITE_KEY)
    name: str | None = None
    description: str = ""
    recordings: list[str] = Field(min_length=1)
    stages: list[Stage] = []
    agents: list[str] = []
    packages: list[str] = []
    labels: dict[str, str] = {}
    runner: str | RunnerTable = "reference"
    expect: Expectations = Expectations()
    overrides: list[Override] = []
    gate: GateSpec = GateSpec()

    @field_validator("gate", mode="before")
    @classmethod
    def _gate_switch(cls, value: Any) -> Any:
        return {"enabled": value} if isinstance(value, bool) else value

    @field_validator("recordings", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    def runner_spec(self) -> RunnerSpec:
        return parse_runner(self.runner) if isinstance(self.runner, str) else self.runner.spec()

    def filters(self, shard: Shard | None = None) -> Filters:
        return Filters(
            stages=frozenset(self.stages),
            agents=frozenset(self.agents),
            packages=tuple(self.packages),
            labels=dict(self.labels),
            shard=shard,
        )

    def gate_policy(self, base_dir: Path) -> tuple[Policy, int | None]:
        """The policy the gate item decides with, and the phase every stage must reach.

        A suite's own ``gates`` become the only gates, at phase 1, with every stage capped at
        phase 1: the decision table then reads "promote 1" exactly when the suite's bar is met.
        """
        # Imported here: the policy pulls in pandas, which recognising a suite does not need.
        from harness.policy import PolicyError, load_policy, parse_policy

        path = base_dir / self.gate.policy if self.gate.policy else None
        try:
            base = load_policy(path)
            if not self.gate.gates:
                return base, self.gate.require_phase
            data = base.model_dump(mode="json")
            data["phases"] = {1: {"gates": self.gate.gates}}
            data["stages"] = {str(s): {**data["stages"].get(str(s), {}), "max_phase": 1, "current_phase": 0} for s in Stage}
            policy = parse_policy(data, "gate")
        except PolicyError as exc:
            raise SuiteError(str(exc).replace("gate: phases.1.gates", "gate.gates")) from exc
        return policy, self.gate.require_phase or 1

    def expectations_for(self, package: Package) -> Expectations:
        expect = self.expect
        for override in self.overrides:
            if override.applies(package):
                expect = expect.merged(override.expect)
        return expect


def looks_like_suite(path: Path) -> bool:
    """Cheap test run on every YAML/TOML file pytest meets: is the header key near the top?"""
    if path.suffix.lower() not in SUITE_SUFFIXES:
        return False
    try:
        with path.open("rb") as handle:
            head = handle.read(SNIFF_BYTES)
    except OSError:
        return False
    return bool(_HEADER.search(head))


def _parse(path: Path, text: str) -> Any:
    if path.suffix.lower() == ".toml":
        return tomllib.loads(text)
    return yaml.safe_load(text)


def read_suite(path: Path) -> Suite:
    try:
        data = _parse(path, path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SuiteError(f"{path}: <file>: {exc.strerror or exc}") from exc
    except (tomllib.TOMLDecodeError, yaml.YAMLError) as exc:
        raise SuiteError(f"{path}: <file>: not valid {path.suffix.lstrip('.').upper()}: {exc}") from exc
    if not isinstance(data, dict) or SUITE_KEY not in data:
        raise SuiteError(f"{path}: {SUITE_KEY}: missing; a suite file starts with '{SUITE_KEY}: {SUITE_VERSION}'")
    try:
        return Suite.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            where = ".".join(str(part) for part in err["loc"]) or "<file>"
            problems.append(f"{path}: {where}: {str(err['msg']).removeprefix('Value error, ')}")
        raise SuiteError("\n".join(problems)) from exc


def resolve_recordings(patterns: Sequence[str], base: Path) -> list[Path]:
    """Files and folders the patterns match, relative ones under ``base``; sorted, no repeats.

    A pattern that matches nothing is an error: a suite that silently runs no case would pass.
    """
    found: dict[Path, None] = {}
    for pattern in patterns:
        full = pattern if os.path.isabs(pattern) else str(base / pattern)
        matches = sorted(glob.glob(full, recursive=True)) if glob.has_magic(full) else [full] if os.path.exists(full) else []
        if not matches:
            raise SuiteError(f"recordings: {pattern!r} matches no file under {base}")
        for match in matches:
            found[Path(os.path.normpath(match))] = None
    return sorted(found)


# -- running one case -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CaseSettings:
    """How cases are replayed; the same for every case of one run directory."""

    run_id: str
    #: Traces are archived in ``run_dir/traces``, shared by every process of a session.
    run_dir: Path
    phase: int = 0
    limits: Limits | None = None
    retries: int = 2
    retry_backoff: float = 0.5


@dataclass
class _Attempt:
    output: object = None
    error: BaseException | None = None
    timed_out: bool = False
    cancel_honoured: bool = True
    latency_s: float = 0.0


@dataclass
class CaseRun:
    record: RunRecord
    trace: list[TraceEvent] = field(default_factory=list)


def _short(text: str) -> str:
    return text if len(text) <= MAX_ERROR_CHARS else text[:MAX_ERROR_CHARS] + "…"


def _describe(error: BaseException) -> str:
    message = str(error).strip()
    return _short(f"{type(error).__name__}: {message}" if message else type(error).__name__)


def claim_archive(run_dir: Path, archive_id: str) -> bool:
    """Take an archive id for this run: create its trace file exclusively, so two processes of one
    session (xdist workers) never write one trace over another's."""
    try:
        fd = os.open(trace_path(run_dir, archive_id), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return False
    os.close(fd)
    return True


class RunnerThread:
    """A daemon thread that calls runners, reused from case to case: starting a thread per case
    costs more than a fast runner does. A call that overruns its watchdog is abandoned with its
    thread (daemon, so it cannot hold pytest open) and the next call gets a fresh one."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Callable[[], object], list[object], threading.Event] | None] = queue.SimpleQueue()
        threading.Thread(target=self._loop, args=(self._jobs,), name="shadow-runner", daemon=True).start()

    @staticmethod
    def _loop(jobs: queue.SimpleQueue[tuple[Callable[[], object], list[object], threading.Event] | None]) -> None:
        while (job := jobs.get()) is not None:
            call, box, done = job
            try:
                box.append(call())
            except BaseException as exc:  # a runner's SystemExit is a failed run, not ours
                box.append(exc)
            finally:
                done.set()

    def submit(self, call: Callable[[], object]) -> tuple[list[object], threading.Event]:
        box: list[object] = []
        done = threading.Event()
        self._jobs.put((call, box, done))
        return box, done

    def abandon(self) -> RunnerThread:
        """Leave the stuck call to its thread (which ends once the call returns) for a new one."""
        self._jobs.put(None)
        return RunnerThread()


def _attempt(thread: RunnerThread, runner: Runner, invocation: Invocation) -> tuple[_Attempt, RunnerThread]:
    """One call of the runner on the runner thread, watched by the wall clock (a runner that never
    returns is abandoned, as the replay engine abandons it)."""
    cancel = threading.Event()
    grace = invocation.cancel.grace_seconds
    watchdog = invocation.limits.wall_seconds + grace + WATCHDOG_SLACK_S
    start = time.perf_counter()
    box, done = thread.submit(lambda: runner.run(invocation, cancel))
    try:
        finished = done.wait(watchdog)
    except KeyboardInterrupt:
        # pytest is stopping: let a subprocess runner take its process group down first.
        cancel.set()
        done.wait(grace)
        raise
    if not finished:
        cancel.set()
        honoured = done.wait(grace)
        attempt = _Attempt(timed_out=True, cancel_honoured=honoured, latency_s=watchdog)
        return attempt, thread if honoured else thread.abandon()
    latency = time.perf_counter() - start
    value = box[0]
    if isinstance(value, BaseException):
        return _Attempt(error=value, latency_s=latency), thread
    return _Attempt(output=value, latency_s=latency), thread


def _record(
    runner: Runner,
    settings: CaseSettings,
    invocation: Invocation,
    started_at: datetime,
    envelope: Envelope,
    **fields: Any,
) -> RunRecord:
    return RunRecord(
        run_id=settings.run_id,
        package=invocation.package_id,
        stage=invocation.stage,
        agent=invocation.agent,
        model=runner.model,
        runner=runner.name,
        envelope=envelope,
        usage=envelope.usage,
        started_at=started_at,
        **fields,
    )


def _harness_run(
    runner: Runner,
    settings: CaseSettings,
    invocation: Invocation,
    started_at: datetime,
    *,
    status: EnvelopeStatus,
    error: str,
    latency_s: float,
    attempts: int,
    boundary: list[BoundaryEvent] | None = None,
) -> CaseRun:
    """A run that produced no envelope of its own (crash, timeout, garbage)."""
    archive_id = harness_archive_id(invocation.invocation_id, settings.run_id)
    claim_archive(settings.run_dir, archive_id)
    write_trace(settings.run_dir, archive_id, [])
    envelope = Envelope(status=status, summary=f"no result: {error}", error=error, archive_id=archive_id)
    record = _record(
        runner, settings, invocation, started_at, envelope, status=status, latency_s=max(0.0, latency_s),
        boundary_events=boundary or [], archive_id=archive_id, attempts=attempts, error=error, notes=[],
    )
    return CaseRun(record)


def _output_run(
    runner: Runner,
    settings: CaseSettings,
    invocation: Invocation,
    started_at: datetime,
    output: RunnerOutput,
    latency_s: float,
    attempts: int,
) -> CaseRun:
    envelope = output.envelope
    notes = list(output.notes)
    archive_id = envelope.archive_id
    if archive_id is not None and not is_safe_archive_id(archive_id):
        notes.append(f"runner archive_id {archive_id[:80]!r} is not a safe file name; trace stored under the harness id")
        archive_id = None
    elif archive_id is not None and not claim_archive(settings.run_dir, archive_id):
        notes.append(f"runner archive_id {archive_id!r} already names another trace; trace stored under the harness id")
        archive_id = None
    if archive_id is None:
        archive_id = harness_archive_id(invocation.invocation_id, settings.run_id)
        claim_archive(settings.run_dir, archive_id)
    trace = list(output.trace)
    write_trace(settings.run_dir, archive_id, trace)
    boundary = [
        *output.boundary_events,
        *trace_boundary_events(invocation, trace),
        *result_boundary_events(invocation, envelope),
    ]
    record = _record(
        runner, settings, invocation, started_at, envelope, status=envelope.status,
        latency_s=max(0.0, latency_s), boundary_events=boundary, archive_id=archive_id,
        attempts=attempts, error=_short(envelope.error) if envelope.error else None, notes=notes,
    )
    return CaseRun(record, trace)


def _judge(runner: Runner, settings: CaseSettings, invocation: Invocation, started_at: datetime, attempt: _Attempt, attempts: int) -> CaseRun:
    def failed(error: str) -> CaseRun:
        return _harness_run(runner, settings, invocation, started_at, status="failed", error=error,
                            latency_s=attempt.latency_s, attempts=attempts)  # fmt: skip

    if attempt.timed_out:
        boundary = [
            BoundaryEvent(
                kind="wall_time",
                detail=(
                    f"no result within {attempt.latency_s:.1f}s (wall_seconds {invocation.limits.wall_seconds:g} "
                    f"+ grace {invocation.cancel.grace_seconds:g} + {WATCHDOG_SLACK_S:g}); cancelled and abandoned"
                ),
            )
        ]
        if not attempt.cancel_honoured:
            boundary.append(BoundaryEvent(kind="cancel_ignored", detail=f"still running {invocation.cancel.grace_seconds:g}s after cancel"))
        return _harness_run(
            runner, settings, invocation, started_at, status="timed_out",
            error=f"timed out after {attempt.latency_s:.1f}s", latency_s=attempt.latency_s,
            attempts=attempts, boundary=boundary,
        )
    if attempt.error is not None:
        error = _describe(attempt.error)
        if isinstance(attempt.error, RunnerInfraError):
            error += f" (gave up after {attempts} attempts)"
        return failed(error)
    output = attempt.output
    if not isinstance(output, RunnerOutput) or not isinstance(output.envelope, Envelope):
        return failed(f"runner returned {type(output).__name__}, not a RunnerOutput with an Envelope")
    try:
        output.trace = TRACE.validate_python(list(output.trace))
    except (ValidationError, TypeError) as exc:
        return failed(f"runner returned a trace that is not a list of trace events: {_describe(exc)}")
    try:
        run = _output_run(runner, settings, invocation, started_at, output, attempt.latency_s, attempts)
        run.record.model_dump_json()
    except (PydanticSerializationError, ValueError, TypeError) as exc:
        # An envelope whose extra fields JSON cannot carry fails this case alone.
        return failed(f"output could not be serialized: {_describe(exc)}")
    return run


class CaseRunner:
    """Replays cases one at a time through one runner into one run directory."""

    def __init__(self, runner: Runner, settings: CaseSettings) -> None:
        self.runner = runner
        self.settings = settings
        self._thread = RunnerThread()
        (settings.run_dir / TRACES).mkdir(parents=True, exist_ok=True)

    def run(self, package: Package, stage: Stage) -> CaseRun:
        """Replay one (package, stage); the trace is archived under ``run_dir/traces`` and the
        record is returned for the caller to store."""
        settings = self.settings
        started_at = utc_now()
        invocation = build_invocation(package, stage, phase=settings.phase, limits=settings.limits)
        attempts = 0
        while True:
            attempts += 1
            attempt, self._thread = _attempt(self._thread, self.runner, invocation)
            if isinstance(attempt.error, RunnerInfraError) and attempts <= settings.retries:
                # Only infrastructure is retried, with backoff; a bad answer is a result.
                time.sleep(settings.retry_backoff * 2 ** (attempts - 1))
                continue
            return _judge(self.runner, settings, invocation, started_at, attempt, attempts)


def run_case(runner: Runner, package: Package, stage: Stage, settings: CaseSettings) -> CaseRun:
    """Replay one case; a ``CaseRunner`` does the same for many cases more cheaply."""
    return CaseRunner(runner, settings).run(package, stage)


# -- judging a stored run -------------------------------------------------------------------------


def judge_run(suite: Suite, suite_dir: Path, run_dir: Path, packages: Sequence[Package] | None = None) -> dict[tuple[str, str], list[Failure]]:
    """The suite's per-case verdicts over a stored, scored run (``shadow run`` + ``shadow score``),
    without pytest: (package, stage) -> unmet expectations, for every case of the suite found in
    the run. The pytest items reach the same verdicts for the same records."""
    from harness.expectations import CaseView, evaluate
    from harness.loading import load_packages
    from harness.replay.rundir import read_results, read_trace
    from harness.replay.select import select_cases
    from harness.schema import ScoreRecord

    if packages is None:
        packages = load_packages(resolve_recordings(suite.recordings, suite_dir)).items
    wanted = {case.key: case.package for case in select_cases(packages, suite.filters())}
    scores: dict[tuple[str, str], dict[str, ScoreRecord]] = {}
    with (run_dir / "scores.jsonl").open("rb") as handle:
        for line in handle:
            score = ScoreRecord.model_validate_json(line)
            scores.setdefault((score.package, str(score.stage)), {})[score.scorer] = score
    verdicts: dict[tuple[str, str], list[Failure]] = {}
    for record in read_results(run_dir):
        package = wanted.get(record.key)
        if package is None:
            continue
        trace = read_trace(run_dir, record.archive_id) if record.archive_id else []
        view = CaseView(package, record, trace, scores.get(record.key, {}))
        verdicts[record.key] = evaluate(suite.expectations_for(package), view)
    return verdicts
