"""pytest plugin for shadow case suites (entry point ``pytest11: shadow``).

It changes nothing for a test run that has no shadow suites: it recognises only YAML/TOML files
whose first bytes carry the header key ``shadow-suite``, imports nothing of the harness until it
meets one, and its options do nothing while no suite item is collected.

A suite file collects one item per (package, stage), ``cases/reconcile.yaml::<package>[reconcile]``,
marked ``shadow``, with the stage and the agent, followed by a ``gate`` item that judges the suite's
scores with the promotion policy. Each case is replayed, stored and scored as ``shadow run`` and
``shadow score`` would store and score it, into one run directory per session (``--shadow-out``,
default ``reports/runs/<run-id>``), reported at the end of the session. Under pytest-xdist each
worker appends to its own part (``<run dir>/.parts/<worker>``; traces go straight to the shared
``traces/``) and the controller merges the parts into the run directory at the end.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NamedTuple

import pytest

if TYPE_CHECKING:
    from harness.expectations import Expectations, GateVerdict
    from harness.loading import Loaded
    from harness.policy import Policy
    from harness.replay.select import Shard
    from harness.runners.base import Runner
    from harness.schema import Envelope, Package, RunRecord, ScoreRecord, Stage, TraceEvent
    from harness.suite import CaseRunner, RunnerSpec, Suite

SUFFIXES = (".yaml", ".yml", ".toml")
#: Read to recognise a suite: the header key must sit in the first bytes of the file.
SNIFF_BYTES = 4096
_HEADER = re.compile(rb"^\s*[\"']?shadow-suite[\"']?\s*[:=]", re.MULTILINE)
#: Markers an agent name may become (it comes from recordings: only plain words qualify).
_MARKER_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")
PARTS = ".parts"
PART_META = "part.json"
PART_SCORES = "scores.part.jsonl"
#: Where a case's packages are looked up when no suite of the session names recordings.
DEFAULT_RECORDINGS = Path("recordings")
DEFAULT_RUNNER = "reference"
#: How often a gate item under xdist looks for other workers' scores.
GATE_POLL_S = 0.05


def looks_like_suite(path: Path) -> bool:
    """The cheap test pytest runs on every YAML/TOML file: is the suite header near the top?"""
    if path.suffix.lower() not in SUFFIXES:
        return False
    try:
        with path.open("rb") as handle:
            return bool(_HEADER.search(handle.read(SNIFF_BYTES)))
    except OSError:
        return False


# -- options ----------------------------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("shadow", "shadow case suites (inert unless a shadow-suite file is collected)")
    group.addoption(
        "--shadow-runner", metavar="SPEC",
        help="runner for every suite: reference, reference:credulous, recorded:<model>, "
             "command:<argv...>, python:<module:function>, pi[:<model>], openai:<model>",
    )  # fmt: skip
    group.addoption(
        "--shadow-opt", action="append", default=[], metavar="KEY=VALUE",
        help="runner option, repeatable (e.g. outputs_dir=recordings/outputs)",
    )  # fmt: skip
    group.addoption("--shadow-out", metavar="DIR", help="run directory (default reports/runs/<run-id>)")
    group.addoption("--shadow-shard", metavar="K/N", help="only shard K of N (stable split by package id)")
    group.addoption(
        "--shadow-recordings", action="append", metavar="PATH",
        help="recordings to use instead of the suites' own (repeatable; files, folders or globs)",
    )  # fmt: skip


# -- the per-process session state ----------------------------------------------------------------


class ShadowResult(NamedTuple):
    """What the ``shadow_run`` fixture returns: the runner's envelope, its archived trace and the
    scores of the case by scorer name (``scores["parity"].values["match"]``)."""

    envelope: Envelope
    trace: list[TraceEvent]
    scores: dict[str, ScoreRecord]


@dataclass
class CaseOutcome:
    record: RunRecord
    trace: list[TraceEvent]
    scores: list[ScoreRecord]

    @property
    def by_scorer(self) -> dict[str, ScoreRecord]:
        return {s.scorer: s for s in self.scores}


class ShadowUsageError(Exception):
    """A configuration problem every case of the session shares (bad runner, used run dir)."""


@dataclass
class _Store:
    """This process's share of the run directory: results and per-case scores, appended as each
    case ends; traces go straight to ``run_dir/traces``."""

    run_dir: Path
    part_dir: Path
    cases: CaseRunner
    writer: Any
    #: Under xdist only: every case's scores, for gates on other workers and the final merge.
    scores: IO[bytes] | None

    def append(self, outcome: CaseOutcome) -> None:
        self.writer.append(outcome.record)
        if self.scores is None:
            return
        # One line per case, written at once: a gate on another worker reads whole cases only.
        line = json.dumps(
            {"key": [outcome.record.package, str(outcome.record.stage)],
             "scores": [s.model_dump(mode="json") for s in outcome.scores]},
            separators=(",", ":"),
        )  # fmt: skip
        self.scores.write(line.encode() + b"\n")
        self.scores.flush()

    def close(self) -> None:
        self.writer.close()
        if self.scores is not None:
            self.scores.close()


@dataclass
class ShadowSession:
    config: pytest.Config
    #: Filled at collection: the suites of this session and the recordings they use.
    suites: list[Path] = field(default_factory=list)
    recordings: list[Path] = field(default_factory=list)
    load_errors: list[str] = field(default_factory=list)
    spec: RunnerSpec | None = None
    planned: set[tuple[str, str]] = field(default_factory=set)
    collected: bool = False
    usage_error: str | None = None
    outcomes: dict[tuple[str, str], CaseOutcome] = field(default_factory=dict)
    _corpora: dict[tuple[Path, ...], Loaded[Package]] = field(default_factory=dict)
    _runner: Runner | None = None
    _store: _Store | None = None
    _meta: dict[str, Any] | None = None
    _offsets: dict[Path, int] = field(default_factory=dict)
    _foreign: dict[tuple[str, str], list[ScoreRecord]] = field(default_factory=dict)

    # -- where things go --

    @property
    def workerinput(self) -> dict[str, Any] | None:
        value: dict[str, Any] | None = getattr(self.config, "workerinput", None)
        return value

    @property
    def worker_id(self) -> str | None:
        return None if self.workerinput is None else str(self.workerinput["workerid"])

    @property
    def run_dir(self) -> Path:
        inherited = (self.workerinput or {}).get("shadow_out")
        if inherited:
            return Path(inherited)
        return _controller_out(self.config)[0]

    @property
    def run_id(self) -> str:
        inherited = (self.workerinput or {}).get("shadow_run_id")
        return str(inherited) if inherited else _controller_out(self.config)[1]

    @property
    def part_dir(self) -> Path:
        worker = self.worker_id
        return self.run_dir if worker is None else self.run_dir / PARTS / worker

    @property
    def shard(self) -> Shard | None:
        text = self.config.getoption("shadow_shard")
        if not text:
            return None
        from harness.replay.select import Shard

        return Shard.parse(str(text))

    @property
    def written(self) -> bool:
        return self._store is not None

    # -- inputs --

    def corpus(self, files: Sequence[Path]) -> Loaded[Package]:
        key = tuple(files)
        if key not in self._corpora:
            from harness.loading import load_packages

            self._corpora[key] = load_packages(list(files))
        return self._corpora[key]

    def override_recordings(self) -> list[Path] | None:
        given: list[str] | None = self.config.getoption("shadow_recordings")
        if not given:
            return None
        from harness.suite import resolve_recordings

        return resolve_recordings(given, self.config.invocation_params.dir)

    def runner_spec(self, suite: Suite | None) -> RunnerSpec:
        from harness.suite import parse_runner

        text = self.config.getoption("shadow_runner")
        if text:
            spec = parse_runner(str(text))
        elif suite is not None:
            spec = suite.runner_spec()
        else:
            spec = self.spec or parse_runner(DEFAULT_RUNNER)
        extra = dict(_key_value(t) for t in self.config.getoption("shadow_opt") or [])
        return spec.with_options(extra) if extra else spec

    def runner(self) -> Runner:
        if self._runner is None:
            spec = self.spec or self.runner_spec(None)
            try:
                self._runner = spec.build()
            except Exception as exc:  # ValueError, RunnerInfraError, a missing program: all usage
                raise ShadowUsageError(f"runner {spec}: {exc}") from exc
        return self._runner

    # -- running cases --

    def _open_store(self) -> _Store:
        from harness.replay.rundir import ResultsWriter
        from harness.suite import CaseRunner, CaseSettings

        run_dir = self.run_dir
        self.check_run_dir()
        self.part_dir.mkdir(parents=True, exist_ok=True)
        settings = CaseSettings(run_id=self.run_id, run_dir=run_dir)
        store = _Store(
            run_dir=run_dir,
            part_dir=self.part_dir,
            cases=CaseRunner(self.runner(), settings),
            writer=ResultsWriter(self.part_dir, fsync_interval=None),
            scores=(self.part_dir / PART_SCORES).open("ab") if self.worker_id is not None else None,
        )
        self._meta = self._new_meta()
        if self.worker_id is None:
            _write_meta(run_dir, self._meta)
        return store

    def check_run_dir(self) -> None:
        from harness.replay.rundir import RESULTS, RUN_META

        # Nothing of this session writes these before its end (under xdist, workers write parts).
        if (self.run_dir / RUN_META).exists() or (self.run_dir / RESULTS).exists():
            raise ShadowUsageError(f"{self.run_dir} already holds a run; give a new --shadow-out")

    def store(self) -> _Store:
        if self.usage_error:
            raise ShadowUsageError(self.usage_error)
        if self._store is None:
            self.runner()  # a runner that cannot be built fails before anything is written
            self._store = self._open_store()
        return self._store

    def case(self, package: Package, stage: Stage) -> CaseOutcome:
        """Replay, store and score one case once per process; later asks reuse the outcome."""
        key = (package.id, str(stage))
        if key in self.outcomes:
            return self.outcomes[key]
        from harness.scorers.run import context_for, score_case

        store = self.store()
        run = store.cases.run(package, stage)
        scores = score_case(context_for(package, run.record, run.trace))
        outcome = CaseOutcome(run.record, run.trace, scores)
        store.append(outcome)
        self.outcomes[key] = outcome
        return outcome

    def find_package(self, package_id: str) -> Package:
        files = self.override_recordings() or self.recordings
        if not files:
            default = self.config.rootpath / DEFAULT_RECORDINGS
            files = [default] if default.exists() else []
        for package in self.corpus(files).items:
            if package.id == package_id:
                return package
        where = ", ".join(str(f) for f in files[:3]) or "no recordings (give --shadow-recordings)"
        raise LookupError(f"no package {package_id!r} in {where}{' ...' if len(files) > 3 else ''}")

    # -- gates under xdist --

    def scores_for(self, keys: Sequence[tuple[str, str]]) -> tuple[list[ScoreRecord], list[tuple[str, str]]]:
        """The scores of ``keys``: this process's, and under xdist the other workers', waiting
        until they are all there or every other worker has finished. Returns (scores, missing)."""
        missing = [k for k in keys if k not in self.outcomes and k not in self._foreign]
        if missing and self.worker_id is not None:
            self._wait_for_workers(set(missing))
        found: list[ScoreRecord] = []
        missing = []
        for key in keys:
            if key in self.outcomes:
                found.extend(self.outcomes[key].scores)
            elif key in self._foreign:
                found.extend(self._foreign[key])
            else:
                missing.append(key)
        return found, missing

    def _read_foreign(self) -> bool:
        from harness.schema import ScoreRecord

        progressed = False
        parts = self.run_dir / PARTS
        for path in sorted(parts.glob(f"*/{PART_SCORES}")):
            if path.parent.name == self.worker_id:
                continue
            offset = self._offsets.get(path, 0)
            with path.open("rb") as handle:
                handle.seek(offset)
                chunk = handle.read()
            end = chunk.rfind(b"\n") + 1  # whole lines only: a case still being written waits
            for line in chunk[:end].splitlines():
                data = json.loads(line)
                key = (str(data["key"][0]), str(data["key"][1]))
                self._foreign.setdefault(key, [ScoreRecord.model_validate(s) for s in data["scores"]])
                progressed = True
            self._offsets[path] = offset + end
        return progressed

    def _others_done(self) -> bool:
        count = int((self.workerinput or {}).get("workercount", 1))
        parts = self.run_dir / PARTS
        return all(
            (parts / f"gw{i}" / PART_META).exists() for i in range(count) if f"gw{i}" != self.worker_id
        )

    def _wait_for_workers(self, missing: set[tuple[str, str]]) -> None:
        settings = self.store().cases.settings
        from harness.replay.engine import WATCHDOG_SLACK_S
        from harness.schema import Limits

        limits = settings.limits or Limits()
        # A worker that crashed never says it is done: give up after the longest a case may take.
        stall = (limits.wall_seconds + 2 * WATCHDOG_SLACK_S + 5) * (settings.retries + 1)
        last_progress = time.monotonic()
        while True:
            if self._read_foreign():
                last_progress = time.monotonic()
            missing -= self._foreign.keys()
            if not missing or self._others_done() or time.monotonic() - last_progress > stall:
                self._read_foreign()
                return
            time.sleep(GATE_POLL_S)

    # -- run.json --

    def _new_meta(self) -> dict[str, Any]:
        from harness.replay.rundir import (
            git_revision,
            harness_version,
            iso,
            recordings_digest,
            utc_now,
        )
        from harness.replay.select import Filters

        runner = self.runner()
        spec = self.spec or self.runner_spec(None)
        root = self.config.rootpath
        return {
            "run_id": self.run_id,
            "started_at": iso(utc_now()),
            "ended_at": None,
            "state": "running",
            "harness_version": harness_version(),
            "git_revision": git_revision(),
            "runner": runner.name,
            "runner_config": spec.stored_config(),
            "model": runner.model,
            "recordings": [_relative(p, root) for p in self.recordings],
            "recordings_sha256": recordings_digest(self.recordings) if self.recordings else None,
            "outputs_dir": dict(spec.options).get("outputs_dir"),
            "phase": 0,
            "filters": Filters(shard=self.shard).to_json(),
            "shard": str(self.shard) if self.shard else None,
            "limits": None,
            "grace_seconds": None,
            "jobs": int((self.workerinput or {}).get("workercount", 1)),
            "counts": {},
            "load_errors": {"count": len(self.load_errors), "first": self.load_errors[:100]},
            "resumed_at": [],
            "notes": [],
            "source": "pytest",
            "suites": [_relative(p, root) for p in self.suites],
        }

    def finish(self, interrupted: bool) -> None:
        """Close this process's share: a worker leaves its part for the controller; a lone
        process finishes the run directory and writes the report."""
        from harness.replay.rundir import iso, utc_now

        if self._store is not None:
            self._store.close()
        if self.worker_id is not None:
            if not self.collected and self._store is None:
                return
            self.part_dir.mkdir(parents=True, exist_ok=True)
            meta = self._meta or {}
            part = {"meta": meta, "planned": sorted(map(list, self.planned)), "ended_at": iso(utc_now()),
                    "interrupted": interrupted}  # fmt: skip
            _write_meta(self.part_dir, part, name=PART_META)
            return
        if self._store is None or self._meta is None:
            return
        records = [o.record for o in self.outcomes.values()]
        scores = [s for o in self.outcomes.values() for s in o.scores]
        _finish_run(self.run_dir, self._meta, records, scores, planned=len(self.planned | set(self.outcomes)),
                    interrupted=interrupted)  # fmt: skip


def _key_value(text: str) -> tuple[str, str]:
    key, sep, value = str(text).partition("=")
    if not sep or not key:
        raise pytest.UsageError(f"--shadow-opt {text!r}: expected KEY=VALUE")
    return key, value


def _relative(path: Path, root: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(root.resolve()))
    except ValueError:
        return str(Path(path).resolve())


def _write_meta(where: Path, meta: dict[str, Any], *, name: str = "run.json") -> None:
    target = where / name
    tmp = target.with_name(f".{name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, target)


_SESSION = pytest.StashKey["ShadowSession"]()
_OUT = pytest.StashKey[tuple[Path, str]]()
_XDIST = pytest.StashKey[bool]()


def _session(config: pytest.Config) -> ShadowSession:
    if _SESSION not in config.stash:
        config.stash[_SESSION] = ShadowSession(config)
    return config.stash[_SESSION]


def _controller_out(config: pytest.Config) -> tuple[Path, str]:
    """The run directory and run id of this session, chosen once by the controlling process."""
    if _OUT not in config.stash:
        from harness.replay.rundir import new_run_id

        run_id = new_run_id()
        given = config.getoption("shadow_out")
        if given:
            out = Path(str(given))
            out = out if out.is_absolute() else config.invocation_params.dir / out
        else:
            out = config.rootpath / "reports" / "runs" / run_id
        config.stash[_OUT] = (out, run_id)
    return config.stash[_OUT]


# -- finishing a run directory --------------------------------------------------------------------


def _finish_run(
    run_dir: Path,
    meta: dict[str, Any],
    records: Sequence[RunRecord],
    scores: Sequence[ScoreRecord],
    *,
    planned: int,
    interrupted: bool,
) -> None:
    from harness.replay.rundir import iso, update_latest, utc_now
    from harness.scorers.run import SCORES, serialise

    statuses = [str(r.status) for r in records]
    counts = {"planned": max(planned, len(records))}
    counts.update({s: statuses.count(s) for s in ("completed", "failed", "timed_out", "interrupted")})
    counts["pending"] = counts["planned"] - len(records)
    meta.update(
        counts=counts,
        ended_at=iso(utc_now()),
        state="interrupted" if interrupted or counts["pending"] else "finished",
    )
    (run_dir / SCORES).write_bytes(serialise(scores))
    _write_meta(run_dir, meta)
    update_latest(run_dir)
    if records:
        from harness.report import write_report

        write_report(run_dir)


def merge_parts(run_dir: Path) -> int:
    """Merge the workers' parts under ``run_dir/.parts`` into the run directory; the number of
    cases. A case run by two workers (two suites, or a fixture, asking for it) is kept once."""
    from harness.replay.rundir import RESULTS, iter_results, trace_path
    from harness.schema import ScoreRecord

    parts = sorted(p for p in (run_dir / PARTS).iterdir() if p.is_dir())
    kept: dict[tuple[str, str], str] = {}
    lines: list[bytes] = []
    records = []
    dropped: list[str] = []
    for part in parts:
        for line, record in iter_results(part):
            if record.key in kept:
                dropped.append(f"{record.package}/{record.stage} again in {part.name}")
                first = kept[record.key]
                if record.archive_id and record.archive_id != first:
                    trace_path(run_dir, record.archive_id).unlink(missing_ok=True)
                continue
            kept[record.key] = record.archive_id or ""
            lines.append(line)
            records.append(record)
    scores: dict[tuple[str, str], list[ScoreRecord]] = {}
    for part in parts:
        path = part / PART_SCORES
        if not path.exists():
            continue
        for raw in path.read_bytes().splitlines():
            data = json.loads(raw)
            key = (str(data["key"][0]), str(data["key"][1]))
            scores.setdefault(key, [ScoreRecord.model_validate(s) for s in data["scores"]])
    metas = [json.loads((p / PART_META).read_text(encoding="utf-8")) for p in parts if (p / PART_META).exists()]
    starts = [m["meta"] for m in metas if m.get("meta")]
    meta: dict[str, Any] = dict(starts[0]) if starts else {"run_id": run_dir.name}
    if starts:
        meta["started_at"] = min(m["started_at"] for m in starts)
    meta["notes"] = [*meta.get("notes", []), *(f"duplicate case dropped: {d}" for d in dropped)]
    planned = {tuple(k) for m in metas for k in m.get("planned", [])}
    interrupted = any(m.get("interrupted") for m in metas) or len(metas) < len(parts)
    (run_dir / RESULTS).write_bytes(b"".join(line + b"\n" for line in lines))
    _finish_run(run_dir, meta, records, [s for k in kept for s in scores.get(k, [])],
                planned=len(planned | set(kept)), interrupted=interrupted)  # fmt: skip
    shutil.rmtree(run_dir / PARTS)
    return len(records)


# -- collection -----------------------------------------------------------------------------------


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if looks_like_suite(file_path):
        suite: SuiteFile = SuiteFile.from_parent(parent, path=file_path)
        return suite
    return None


def _register_markers(config: pytest.Config, names: Sequence[str], what: str) -> None:
    known = {line.split(":", 1)[0].split("(", 1)[0].strip() for line in config.getini("markers")}
    for name in names:
        if name not in known and _MARKER_NAME.match(name):
            config.addinivalue_line("markers", f"{name}: shadow case {what}")


class SuiteFile(pytest.File):
    """One suite file: a case item per selected (package, stage), then the suite's gate item."""

    suite: Suite
    suite_name: str
    gate_policy: tuple[Policy, int | None]

    def collect(self) -> Iterator[pytest.Item]:
        from harness.replay.select import select_cases
        from harness.schema import STAGES
        from harness.suite import SuiteError, read_suite, resolve_recordings

        session = _session(self.config)
        try:
            self.suite = read_suite(self.path)
        except SuiteError as exc:
            raise self.CollectError(str(exc)) from exc
        try:
            files = session.override_recordings() or resolve_recordings(self.suite.recordings, self.path.parent)
            spec = session.runner_spec(self.suite)
            filters = self.suite.filters(session.shard)
        except ValueError as exc:  # SuiteError included
            raise self.CollectError(f"{self.path}: {exc}") from exc
        self.suite_name = self.suite.name or self.path.stem
        if self.suite.gate.enabled:
            try:
                self.gate_policy = self.suite.gate_policy(self.path.parent)
            except SuiteError as exc:
                raise self.CollectError(f"{self.path}: {exc}") from exc
        loaded = session.corpus(files)
        try:
            cases = select_cases(loaded.items, filters)
        except ValueError as exc:
            raise self.CollectError(f"{self.path}: recordings: {exc}") from exc
        session.suites.append(self.path)
        session.recordings.extend(f for f in files if f not in session.recordings)
        session.load_errors.extend(str(e) for e in loaded.errors if str(e) not in session.load_errors)
        _register_markers(self.config, ["shadow", "shadow_gate"], "(any)")
        _register_markers(self.config, [str(s) for s in STAGES], "stage")
        _register_markers(self.config, sorted({c.package.agent for c in cases}), "agent")
        for case in cases:
            item: CaseItem = CaseItem.from_parent(
                self, name=f"{case.package.id}[{case.stage}]", package=case.package, stage=case.stage,
                expect=self.suite.expectations_for(case.package), spec=spec,
            )  # fmt: skip
            yield item
        if loaded.errors:
            yield LoadErrorsItem.from_parent(self, name="load-errors", errors=[str(e) for e in loaded.errors])
        if self.suite.gate.enabled:
            yield GateItem.from_parent(self, name="gate")


class CaseFailed(Exception):
    """A case that does not meet its suite's expectations; the message is the finding."""


class CaseItem(pytest.Item):
    def __init__(
        self,
        *,
        package: Package,
        stage: Stage,
        expect: Expectations,
        spec: RunnerSpec,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.package = package
        self.stage = stage
        self.expect = expect
        self.spec = spec
        self.add_marker("shadow")
        self.add_marker(str(stage))
        if _MARKER_NAME.match(package.agent):
            self.add_marker(package.agent)
        # -k can select by label value, e.g. -k premature_completion.
        self.extra_keyword_matches.update(str(v) for v in package.labels.values())

    @property
    def key(self) -> tuple[str, str]:
        return (self.package.id, str(self.stage))

    def runtest(self) -> None:
        from harness.expectations import CaseView, evaluate, render_case

        session = _session(self.config)
        outcome = session.case(self.package, self.stage)
        view = CaseView(self.package, outcome.record, outcome.trace, outcome.by_scorer)
        failures = evaluate(self.expect, view)
        self.user_properties.append(("status", outcome.record.status))
        self.user_properties.append(("model", outcome.record.model))
        if failures:
            self.user_properties.append(("failed", ",".join(f.check for f in failures)))
            where = f"{_relative(session.run_dir, self.config.rootpath)}/"
            raise CaseFailed(render_case(view, failures, where=where))

    def repr_failure(
        self,
        excinfo: pytest.ExceptionInfo[BaseException],
        style: Any = None,
    ) -> str | Any:
        if isinstance(excinfo.value, CaseFailed | ShadowUsageError | LookupError):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"{self.package.id} [{self.stage}]"


class LoadErrorsItem(pytest.Item):
    def __init__(self, *, errors: list[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.errors = errors

    def runtest(self) -> None:
        from harness.expectations import clean

        shown = [f"  {clean(e, 400)}" for e in self.errors[:20]]
        more = [f"  ... and {len(self.errors) - 20} more"] if len(self.errors) > 20 else []
        raise CaseFailed("\n".join([f"{len(self.errors)} load error(s) in the recordings; those packages are left out:", *shown, *more]))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str | Any:
        return str(excinfo.value) if isinstance(excinfo.value, CaseFailed) else super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, "recordings that do not load"


class GateFailed(Exception):
    pass


class GateItem(pytest.Item):
    """The suite's aggregate gates: the promotion policy over the scores of its selected cases."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_marker("shadow_gate")

    def _verdict(self) -> tuple[GateVerdict, list[tuple[str, str]]]:
        from harness.expectations import judge_gates

        suite_file = self.parent
        assert isinstance(suite_file, SuiteFile)
        policy, require_phase = suite_file.gate_policy
        keys = [i.key for i in self.session.items if isinstance(i, CaseItem) and i.parent is suite_file]
        if not keys:
            pytest.skip("no case of this suite was selected")
        scores, missing = _session(self.config).scores_for(keys)
        if not scores:
            pytest.skip("no case of this suite has a score")
        own = bool(suite_file.suite.gate.gates)
        return judge_gates(scores, policy, require_phase=require_phase, own_gates=own), missing

    def runtest(self) -> None:
        session = _session(self.config)
        if session.shard is not None:
            pytest.skip("a shard holds part of the cases: judge the gates on the merged run (`shadow gate`)")
        verdict, missing = self._verdict()
        suite_file = self.parent
        assert isinstance(suite_file, SuiteFile)
        text = verdict.render(suite_file.suite_name)
        if missing:
            text += f"\n\n{len(missing)} selected case(s) have no score and are left out, e.g. {missing[0][0]} [{missing[0][1]}]"
        if not verdict.passed:
            raise GateFailed(text)
        # Shown with -rP: the decision table of a passing gate is worth reading too.
        self.add_report_section("call", "decisions", text)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str | Any:
        if isinstance(excinfo.value, GateFailed | ShadowUsageError):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, "suite gates"


# -- session hooks --------------------------------------------------------------------------------


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep each gate after its suite's last selected case, whatever reordered the items: a gate
    judges the cases run before it."""
    gates = [i for i in items if isinstance(i, GateItem)]
    if not gates:
        return
    rest = [i for i in items if not isinstance(i, GateItem)]
    for gate in gates:
        last = max((n for n, i in enumerate(rest) if isinstance(i, CaseItem) and i.parent is gate.parent), default=None)
        rest.insert(len(rest) if last is None else last + 1, gate)
    items[:] = rest


def pytest_collection_finish(session: pytest.Session) -> None:
    cases = [i for i in session.items if isinstance(i, CaseItem)]
    shadow = _session(session.config)
    if not cases and not any(isinstance(i, GateItem | LoadErrorsItem) for i in session.items):
        return
    shadow.collected = True
    shadow.planned = {c.key for c in cases}
    specs = sorted({str(c.spec): c.spec for c in cases}.items())
    if len(specs) > 1:
        names = ", ".join(name for name, _ in specs)
        shadow.usage_error = (
            f"the suites of this session name different runners ({names}); one run directory holds "
            "one runner: pass --shadow-runner or run the suites separately"
        )
    elif specs:
        shadow.spec = specs[0][1]
    if shadow.worker_id is not None or session.config.option.collectonly or not cases:
        return
    if shadow.usage_error:
        raise pytest.UsageError(shadow.usage_error)
    try:
        # A runner that cannot be built, or a used run directory, stops the session before any case.
        shadow.runner()
        shadow.check_run_dir()
    except ShadowUsageError as exc:
        raise pytest.UsageError(str(exc)) from exc


@pytest.fixture
def shadow_run(request: pytest.FixtureRequest) -> Callable[[str, str], ShadowResult]:
    """``shadow_run(package_id, stage)`` replays the case with the session's runner (once per
    session), stores it in the run directory and returns (envelope, trace, scores)."""
    session = _session(request.config)

    def run(package_id: str, stage: str) -> ShadowResult:
        from harness.schema import Stage

        package = session.find_package(package_id)
        outcome = session.case(package, Stage(stage))
        return ShadowResult(outcome.record.envelope, outcome.trace, outcome.by_scorer)

    return run


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist controller: every worker writes into the run directory this process chose."""
    config: pytest.Config = node.config
    out, run_id = _controller_out(config)
    node.workerinput["shadow_out"] = str(out)
    node.workerinput["shadow_run_id"] = run_id
    config.stash[_XDIST] = True


def pytest_sessionfinish(session: pytest.Session, exitstatus: int | pytest.ExitCode) -> None:
    config = session.config
    interrupted = exitstatus == pytest.ExitCode.INTERRUPTED
    if _SESSION in config.stash:
        _session(config).finish(interrupted)
    if config.stash.get(_XDIST, False) and getattr(config, "workerinput", None) is None:
        run_dir = _controller_out(config)[0]
        if (run_dir / PARTS).is_dir():
            merge_parts(run_dir)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    if getattr(config, "workerinput", None) is not None:
        return
    shadow = config.stash.get(_SESSION, None)
    xdist = config.stash.get(_XDIST, False)
    if not (shadow is not None and shadow.written) and not (xdist and _OUT in config.stash):
        return
    run_dir = _controller_out(config)[0]
    if not (run_dir / "run.json").exists():
        return
    meta = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
    if meta.get("run_id") != _controller_out(config)[1]:
        return  # an older run in a reused --shadow-out, not this session's
    counts = meta.get("counts", {})
    shown = _relative(run_dir, config.invocation_params.dir)
    terminalreporter.write_sep("-", "shadow run")
    terminalreporter.write_line(
        f"{counts.get('completed', 0) + counts.get('failed', 0) + counts.get('timed_out', 0) + counts.get('interrupted', 0)} "
        f"case(s) by {meta.get('model')} -> {shown} (report: {shown}/report.md)"
    )
