"""The per-process state of a pytest session with shadow suites: its run directory, runner,
corpus and case outcomes, kept in the pytest config's stash.

Every case is replayed by ``harness.replay.run_case`` (the path ``shadow run`` takes), scored by
``harness.scorers.run.score_case`` and stored through ``store``. A case asked for twice in one
process (by two suites, or a suite and the ``shadow_run`` fixture) runs once.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from harness.pytest_plugin.options import DEFAULT_RUNNER, key_value
from harness.pytest_plugin.resume import (
    Resumed,
    fold_parts,
    not_from_pytest,
    read_resumed,
    restore_run_meta,
    resume_problems,
    resumed_meta,
)
from harness.pytest_plugin.store import (
    PART_META,
    PART_SCORES,
    PART_START,
    PARTS,
    CaseOutcome,
    Store,
    finish_run,
    part_scores,
)

if TYPE_CHECKING:
    from harness.loading import Loaded
    from harness.replay.select import Shard
    from harness.rundir import TraceStore
    from harness.runlock import RunDirLock
    from harness.runners.base import Runner
    from harness.schema import Package, RunRecord, ScoreRecord, Stage
    from harness.suite import RunnerSpec, Suite

#: Where a case's packages are looked up when no suite of the session names recordings.
DEFAULT_RECORDINGS = Path("recordings")
#: How often a gate item under xdist looks for other workers' scores.
GATE_POLL_S = 0.05


class ShadowUsageError(Exception):
    """A configuration problem every case of the session shares (bad runner, used run dir)."""


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
    _store: Store | None = None
    _meta: dict[str, Any] | None = None
    _offsets: dict[Path, int] = field(default_factory=dict)
    _foreign: dict[tuple[str, str], list[ScoreRecord]] = field(default_factory=dict)
    _resumed: Resumed | None = None
    #: The resumed run's traces, opened at the first stored case (its indexes read once).
    _traces: TraceStore | None = None

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
        return controller_out(self.config)[0]

    @property
    def run_id(self) -> str:
        inherited = (self.workerinput or {}).get("shadow_run_id")
        return str(inherited) if inherited else controller_out(self.config)[1]

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

    @property
    def resuming(self) -> bool:
        return bool(self.config.getoption("shadow_resume"))

    def resumed(self) -> Resumed:
        """The stored run this session continues, read once (under xdist, by each worker)."""
        if self._resumed is None:
            from harness.rundir import RunDirError

            try:
                self._resumed = read_resumed(self.run_dir)
            except RunDirError as exc:
                raise ShadowUsageError(f"--shadow-resume {self.run_dir}: {exc}") from exc
        return self._resumed

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
        extra = dict(key_value(t) for t in self.config.getoption("shadow_opt") or [])
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

    def _open_store(self) -> Store:
        from harness.replay.case import CaseContext
        from harness.rundir import (
            RUN_WRITER,
            ArchiveLedger,
            ResultsWriter,
            TraceWriter,
            repair_traces,
            write_json,
            write_run_meta,
        )

        run_dir = self.run_dir
        self.check_run_dir()
        notes: list[str] = []
        if self.resuming and self.worker_id is None:
            # Before the writer opens: it appends after the last whole line. (Under xdist the
            # controller folded the directory before any worker started.)
            notes = fold_parts(run_dir)
            notes.extend(repair_traces(run_dir))
            self._resumed = None
        self.part_dir.mkdir(parents=True, exist_ok=True)
        # Workers share traces/ and know nothing of each other's archive ids: they claim them in
        # one ledger, and each appends to its own traces file.
        cases = CaseContext(
            runner=self.runner(),
            run_id=self.run_id,
            run_dir=run_dir,
            archive_ids=ArchiveLedger(run_dir),
            traces=TraceWriter(run_dir, self.worker_id or RUN_WRITER),
        )
        store = Store(
            run_dir=run_dir,
            part_dir=self.part_dir,
            cases=cases,
            writer=ResultsWriter(self.part_dir, fsync_interval=None),
            scores=(self.part_dir / PART_SCORES).open("ab") if self.worker_id is not None else None,
        )
        self._meta = self._new_meta()
        if self.resuming:
            self._meta = resumed_meta(self.resumed().meta, self._meta, notes)
        if self.worker_id is None:
            write_run_meta(run_dir, self._meta)
        else:
            write_json(self.part_dir / PART_START, {"meta": self._meta})
        return store

    def check_run_dir(self) -> None:
        from harness.rundir import RESULTS, RUN_META

        if self.config.getoption("shadow_out") and self.resuming:
            raise ShadowUsageError("give --shadow-out or --shadow-resume, not both")
        if self.resuming:
            problems = resume_problems(self.resumed().meta, self._new_meta())
            if problems:
                raise ShadowUsageError(
                    f"cannot resume {self.run_dir} with "
                    + "; ".join(problems)
                    + "; give a new --shadow-out"
                )
            return
        # Nothing of this session writes these before its end (under xdist, workers write parts).
        if (self.run_dir / RUN_META).exists() or (self.run_dir / RESULTS).exists():
            raise ShadowUsageError(f"{self.run_dir} already holds a run; give a new --shadow-out")

    def store(self) -> Store:
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
        from harness.replay.case import run_case
        from harness.replay.select import Case
        from harness.scorers.run import context_for, score_case

        store = self.store()
        stored = self.resumed().records.get(key) if self.resuming else None
        if stored is not None:
            outcome = self._stored_outcome(package, stored)
            store.share(outcome)
            self.outcomes[key] = outcome
            return outcome
        result = run_case(store.cases, Case(package, stage))
        if result is None:
            # Only the context's stop event interrupts a case, and a pytest session never sets it.
            raise RuntimeError(f"{package.id} [{stage}]: the case was stopped before it ended")
        scores = score_case(context_for(package, result.record, result.trace))
        outcome = CaseOutcome(result.record, result.trace, scores)
        store.append(outcome, result.line)
        self.outcomes[key] = outcome
        return outcome

    def _stored_outcome(self, package: Package, record: RunRecord) -> CaseOutcome:
        """A case the resumed run holds: its record, archived trace and scores, never run again."""
        from harness.rundir import TraceStore
        from harness.scorers.run import context_for, score_case

        if self._traces is None:
            self._traces = TraceStore(self.run_dir)
        trace = self._traces.read(record.archive_id, missing_ok=True)
        scores = self.resumed().scores.get(record.key)
        if scores is None:
            # An interrupted session wrote no scores.jsonl: scoring is a function of the
            # package, the record and the trace, so this is what it would have stored.
            scores = score_case(context_for(package, record, trace))
        return CaseOutcome(record, trace, scores)

    def _unjudged_stored(self) -> list[CaseOutcome]:
        """Stored cases no item of this session asked for (deselected): kept in the run, with
        their scores when the package is still in the recordings."""
        if not self.resuming:
            return []
        found: list[CaseOutcome] = []
        for key, record in self.resumed().records.items():
            if key in self.outcomes:
                continue
            scores = self.resumed().scores.get(key)
            if scores is None:
                try:
                    scores = self._stored_outcome(self.find_package(record.package), record).scores
                except LookupError:
                    scores = []
            found.append(CaseOutcome(record, [], scores))
        return found

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

    def scores_for(
        self, keys: Sequence[tuple[str, str]]
    ) -> tuple[list[ScoreRecord], list[tuple[str, str]]]:
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
            for key, scores in part_scores(chunk[:end]):
                self._foreign.setdefault(key, scores)
                progressed = True
            self._offsets[path] = offset + end
        return progressed

    def _others_done(self) -> bool:
        count = int((self.workerinput or {}).get("workercount", 1))
        parts = self.run_dir / PARTS
        return all(
            (parts / f"gw{i}" / PART_META).exists()
            for i in range(count)
            if f"gw{i}" != self.worker_id
        )

    def _wait_for_workers(self, missing: set[tuple[str, str]]) -> None:
        from harness.replay.case import WATCHDOG_SLACK_S
        from harness.schema import Limits

        cases = self.store().cases
        limits = cases.limits or Limits()
        # A worker that crashed never says it is done: give up after the longest a case may take.
        stall = (limits.wall_seconds + 2 * WATCHDOG_SLACK_S + 5) * (cases.retries + 1)
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
        from harness.replay.engine import new_run_meta
        from harness.replay.select import Filters

        spec = self.spec or self.runner_spec(None)
        outputs_dir = dict(spec.options).get("outputs_dir")
        meta = new_run_meta(
            run_id=self.run_id,
            runner=self.runner(),
            runner_config=spec.stored_config(),
            recordings=self.recordings,
            outputs_dir=Path(outputs_dir) if outputs_dir else None,
            phase=0,
            filters=Filters(shard=self.shard),
            limits=None,
            grace_seconds=None,
            load_errors=self.load_errors,
        )
        root = self.config.rootpath
        meta["recordings"] = [relative(p, root) for p in self.recordings]
        meta["jobs"] = int((self.workerinput or {}).get("workercount", 1))
        meta.update(source="pytest", suites=[relative(p, root) for p in self.suites])
        return meta

    def finish(self, interrupted: bool) -> None:
        """Close this process's share: a worker leaves its part for the controller; a lone
        process finishes the run directory and writes the report."""
        from harness.rundir import iso, utc_now, write_json

        if self._store is not None:
            self._store.close()
        if self._traces is not None:
            self._traces.close()
        if self.worker_id is not None:
            if not self.collected and self._store is None:
                return
            self.part_dir.mkdir(parents=True, exist_ok=True)
            meta = self._meta or {}
            part = {"meta": meta, "planned": sorted(map(list, self.planned)), "ended_at": iso(utc_now()),
                    "interrupted": interrupted}  # fmt: skip
            write_json(self.part_dir / PART_META, part)
            return
        if self._store is None or self._meta is None:
            return
        kept = [*self._unjudged_stored(), *self.outcomes.values()]
        records = [o.record for o in kept]
        scores = [s for o in kept for s in o.scores]
        finish_run(self.run_dir, self._meta, records, scores, planned=len(self.planned | set(self.outcomes)),
                   interrupted=interrupted)  # fmt: skip


def relative(path: Path, root: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(root.resolve()))
    except ValueError:
        return str(Path(path).resolve())


SESSION = pytest.StashKey[ShadowSession]()
OUT = pytest.StashKey[tuple[Path, str]]()
XDIST = pytest.StashKey[bool]()
RESUME_NOTES = pytest.StashKey[list[str]]()
#: xdist controller: the chosen --shadow-out already held another run, so this session must not
#: merge its workers' parts over it (each worker refuses the directory and fails its cases).
OCCUPIED = pytest.StashKey[bool]()
#: The lock this controlling process holds on its run directory (``harness.runlock``).
LOCKED: pytest.StashKey[RunDirLock] = pytest.StashKey()


def holds_run(run_dir: Path) -> bool:
    from harness.rundir import RESULTS, RUN_META

    return (run_dir / RUN_META).exists() or (run_dir / RESULTS).exists()


def session_of(config: pytest.Config) -> ShadowSession:
    if SESSION not in config.stash:
        config.stash[SESSION] = ShadowSession(config)
    return config.stash[SESSION]


def _stored_run_id(run_dir: Path) -> str | None:
    from harness.rundir import RunDirError, read_run_meta

    try:
        return str(read_run_meta(run_dir)["run_id"])
    except (RunDirError, KeyError):
        return None  # check_run_dir says what is wrong with the directory


def check_resume_dir(config: pytest.Config) -> None:
    """The controlling process, before anything runs: is there a pytest run to continue? (That
    it used this session's runner and recordings is checked once the suites are read: under
    xdist by the workers, whose cases then fail with the reason.)"""
    from harness.rundir import RunDirError, read_run_meta

    if config.getoption("shadow_out"):
        raise pytest.UsageError("give --shadow-out or --shadow-resume, not both")
    run_dir = controller_out(config)[0]
    try:
        meta = read_run_meta(run_dir)
    except RunDirError as exc:
        raise pytest.UsageError(f"--shadow-resume {run_dir}: {exc}") from exc
    foreign = not_from_pytest(meta)
    if foreign:
        raise pytest.UsageError(f"cannot resume {run_dir}: {foreign}")


def prepare_resume(config: pytest.Config) -> None:
    """xdist controller, before any worker starts: fold an interrupted session's leftovers into
    ``results.jsonl``, which every worker then reads for the stored cases."""
    from harness.rundir import RunDirError, read_run_meta

    config.stash[RESUME_NOTES] = []
    run_dir = controller_out(config)[0]
    try:
        if read_run_meta(run_dir).get("source") != "pytest":
            return  # not ours to touch: the workers' check reports it
    except RunDirError:
        return
    config.stash[RESUME_NOTES] = fold_parts(run_dir)


def controller_out(config: pytest.Config) -> tuple[Path, str]:
    """The run directory and run id of this session, chosen once by the controlling process."""
    if OUT not in config.stash:
        from harness.rundir import new_run_id

        run_id = new_run_id()
        given = config.getoption("shadow_out")
        resume = config.getoption("shadow_resume")
        if resume and not given:
            out = Path(str(resume))
            out = out if out.is_absolute() else config.invocation_params.dir / out
            restore_run_meta(out)
            # The stored run id: the run directory keeps its identity and archive ids.
            run_id = _stored_run_id(out) or run_id
        elif given:
            out = Path(str(given))
            out = out if out.is_absolute() else config.invocation_params.dir / out
        else:
            out = config.rootpath / "reports" / "runs" / run_id
        config.stash[OUT] = (out, run_id)
    return config.stash[OUT]
