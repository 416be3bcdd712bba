"""The per-process state of a pytest session with shadow suites: its run directory, runner,
corpus and case outcomes, kept in the pytest config's stash.

Every case is replayed by ``harness.replay.run_case`` (the path ``shadow run`` takes), scored by
``harness.scorers.run.score_case`` (here, or by processes beside the session: ``ahead``) and
stored through ``store``. A case asked for twice in one
process (by two suites, or a suite and the ``shadow_run`` fixture) runs once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from harness.pytest_plugin.controller import controller_out, relative
from harness.pytest_plugin.heap import settle_case
from harness.pytest_plugin.ledger import Ledger, load_package, read_back
from harness.pytest_plugin.options import DEFAULT_RUNNER, key_value
from harness.pytest_plugin.resume import (
    Resumed,
    fold_parts,
    read_resumed,
    resume_problems,
    resumed_meta,
    stored_outcome,
    unjudged,
)
from harness.pytest_plugin.store import (
    PART_META,
    PART_SCORES,
    PART_START,
    PARTS,
    CaseOutcome,
    InHand,
    Store,
    finish_run,
)

if TYPE_CHECKING:
    from harness.pytest_plugin.ahead import ScoreAhead
    from harness.pytest_plugin.gates import GateSpec
    from harness.replay.packages import PackageFiles
    from harness.replay.select import Shard
    from harness.rundir import TraceStore
    from harness.runners.base import Runner
    from harness.schema import Package, RunRecord, Stage
    from harness.suite import RunnerSpec, Suite

#: Where a case's packages are looked up when no suite of the session names recordings.
DEFAULT_RECORDINGS = Path("recordings")


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
    #: The case items' cases in the order they run (``ahead`` replays the next ones early).
    order: list[tuple[str, Stage]] = field(default_factory=list)
    collected: bool = False
    usage_error: str | None = None
    #: What the session keeps of each case once its item has reported (``ledger``).
    ledger: Ledger = field(default_factory=Ledger)
    #: Cases' survivors were frozen out of the collector's reach (``heap``) until the end.
    heap_frozen: bool = False
    #: xdist worker: the gates it collected and left to the controller (``gates``).
    gates: list[GateSpec] = field(default_factory=list)
    #: The packages of each set of recordings the suites name, indexed once.
    corpora: dict[tuple[Path, ...], PackageFiles] = field(default_factory=dict)
    _runner: Runner | None = None
    _store: Store | None = None
    _meta: dict[str, Any] | None = None
    _resumed: Resumed | None = None
    #: The resumed run's traces, opened at the first stored case (its indexes read once).
    _traces: TraceStore | None = None
    #: Cases scored beside the items (``ahead``), decided as the store opens: None when not.
    ahead: ScoreAhead | None = None

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

    def corpus(self, files: Sequence[Path]) -> PackageFiles:
        """The packages under ``files``, validated once and kept as heads and line offsets."""
        key = tuple(files)
        if key not in self.corpora:
            from harness.replay.packages import PackageFiles

            self.corpora[key] = PackageFiles(list(files))
        return self.corpora[key]

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
            SCORES,
            ArchiveLedger,
            ResultsWriter,
            TraceWriter,
            repair_traces,
            write_json,
            write_run_meta,
        )
        from harness.scorers.lines import SortedLines

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
            lines=SortedLines(run_dir / SCORES) if self.worker_id is None else None,
        )
        if not (self.worker_id or self.resuming or self.config.getoption("shadow_no_report")):
            store.in_hand = InHand()
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
            from harness.pytest_plugin.ahead import for_session

            self.runner()  # a runner that cannot be built fails before anything is written
            self._store = self._open_store()
            self.ahead = for_session(self, self._store)
        return self._store

    def case(self, package: Package, stage: Stage, *, item: bool = False) -> CaseOutcome:
        """Replay, store and score one case once per process. ``item``: a case item asks, and
        lets the outcome go once it and every other item of its case have asked (``ledger``);
        the ``shadow_run`` fixture's outcomes are held, so asking again gives the same one."""
        key = (package.id, str(stage))
        ledger = self.ledger
        held = ledger.held_for(key, item=item)
        if held is not None:
            return held
        self.store()  # as it opens, it decides whether cases are scored ahead
        outcome = self.ahead.take(key) if self.ahead is not None else None
        if outcome is not None:
            settle_case()
            self.heap_frozen = True
        elif key in ledger:
            outcome = self._read_back(package, key)
        else:
            outcome = self._first(package, stage)
        ledger.hold(key, outcome, item=item)
        return outcome

    def _first(self, package: Package, stage: Stage) -> CaseOutcome:
        from harness.replay.case import run_case
        from harness.replay.select import Case

        key = (package.id, str(stage))
        store = self.store()
        stored = self.resumed().records.get(key) if self.resuming else None
        if stored is not None:
            outcome = self._stored_outcome(package, stored)
            store.share(outcome)
            self.ledger.stored(key, outcome, None)
            return outcome
        if self.ahead is not None:
            self.ahead.drain()  # the cases replayed ahead are stored before this one
        result = run_case(store.cases, Case(package, stage))
        if result is None:
            # Only the context's stop event interrupts a case, and a pytest session never sets it.
            raise RuntimeError(f"{package.id} [{stage}]: the case was stopped before it ended")
        outcome = CaseOutcome(
            result.record, result.trace, store.score(package, result.record, result.trace)
        )
        self.ledger.stored(key, outcome, store.append(outcome, result.line))
        settle_case()
        self.heap_frozen = True
        return outcome

    def _read_back(self, package: Package, key: tuple[str, str]) -> CaseOutcome:
        """A case this process stored and let go, asked for again: read back from the run
        directory, as a resumed session reads its stored cases."""
        from harness.rundir import RESULTS

        span = self.ledger.lines.get(key)
        if span is None:  # judged from the resumed run, not run here
            return self._stored_outcome(package, self.resumed().records[key])
        return read_back(package, self.part_dir / RESULTS, span, self.run_dir)

    def _stored_outcome(self, package: Package, record: RunRecord) -> CaseOutcome:
        from harness.rundir import TraceStore

        if self._traces is None:
            self._traces = TraceStore(self.run_dir)
        return stored_outcome(self.resumed(), self._traces, package, record)

    def _unjudged_stored(self) -> list[CaseOutcome]:
        """Stored cases no item of this session asked for (deselected): kept in the run."""
        if not self.resuming:
            return []
        return unjudged(self.resumed(), self.ledger, self.find_package, self._stored_outcome)

    def find_package(self, package_id: str) -> Package:
        files = self.override_recordings() or self.recordings
        if not files:
            default = self.config.rootpath / DEFAULT_RECORDINGS
            files = [default] if default.exists() else []
        corpus = self.corpus(files)
        if package_id in corpus:
            return load_package(corpus, package_id)
        where = ", ".join(str(f) for f in files[:3]) or "no recordings (give --shadow-recordings)"
        raise LookupError(f"no package {package_id!r} in {where}{' ...' if len(files) > 3 else ''}")

    # -- run.json --

    def _new_meta(self) -> dict[str, Any]:
        from harness.replay.select import Filters
        from harness.replay.start import new_run_meta

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

        if self.ahead is not None:
            self.ahead.close()
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
        store = self._store
        if store is None or store.lines is None:
            return
        if self._meta is None:
            store.lines.close()
            return
        statuses = Counter(self.ledger.statuses.values())
        for outcome in self._unjudged_stored():
            statuses[str(outcome.record.status)] += 1
            store.lines.add(outcome.scores)
        finish_run(self.run_dir, self._meta, statuses, store.write_scores,
                   planned=len(self.planned | set(self.ledger.statuses)), interrupted=interrupted,
                   report=not self.config.getoption("shadow_no_report"))  # fmt: skip


SESSION = pytest.StashKey[ShadowSession]()


def session_of(config: pytest.Config) -> ShadowSession:
    if SESSION not in config.stash:
        config.stash[SESSION] = ShadowSession(config)
    return config.stash[SESSION]
