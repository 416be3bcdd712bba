"""Replay (package, stage) cases through a runner, concurrently, into a run directory.

The run as a whole: select the cases, skip those a resumed run already holds, hand the rest to a
bounded thread pool (one case at a time per worker, see ``case``), append each finished record to
results.jsonl from this one thread, keep run.json current, and stop cleanly on SIGINT/SIGTERM.
Results are only recorded, never fed back into anything.
"""

from __future__ import annotations

import os
import signal
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any, cast

from harness.invocation import invocation_id
from harness.replay.case import (
    ArchiveIds,
    CaseContext,
    CaseResult,
    case_invocation,
    run_case,
)
from harness.replay.packages import PackageFiles
from harness.replay.progress import make_progress
from harness.replay.select import Case, Filters, PackageHead, select_pairs
from harness.replay.start import new_run_meta, resumed_run, unused
from harness.rundir import (
    RUN_WRITER,
    ResultsWriter,
    RunDirError,
    iso,
    new_run_id,
    run_counts,
    update_latest,
    utc_now,
    write_run_meta,
)
from harness.rundir.traces import TraceWriter
from harness.runlock import one_writer
from harness.runners.base import Runner
from harness.schema import Invocation, Limits, Package, Stage


@dataclass
class RunSummary:
    run_dir: Path
    run_id: str
    planned: int
    #: Cases already in results.jsonl when a resumed run started.
    skipped: int
    #: Cases recorded by this call.
    ran: int
    #: In-flight cases dropped at an interrupt; they run again on --resume.
    discarded: int
    #: By status, over the whole results.jsonl; ``pending`` is what is still to run.
    counts: dict[str, int]
    interrupted: bool
    notes: list[str] = field(default_factory=list)
    #: True when ``fail_fast`` stopped the run after that many infrastructure errors.
    stopped_for_errors: bool = False
    #: (stage, status) -> runs, over the whole results.jsonl (as ``counts``), so that the summary
    #: table after a run need not read and validate every record again.
    by_stage: Counter[tuple[str, str]] = field(default_factory=Counter)


class _HereAndNow:
    """The pool of a run of an inline runner (``Runner.inline``: a lookup that cannot block) at
    one job: each case runs in this thread as it is submitted. A worker thread would buy nothing
    but a hand-off of every case there and back (two GIL switches and a wake-up each)."""

    def submit(self, fn: Callable[..., CaseResult | None], *args: Any) -> Future[CaseResult | None]:
        future: Future[CaseResult | None] = Future()
        try:
            future.set_result(fn(*args))
        except Exception as exc:  # as a worker's exception: raised by future.result()
            future.set_exception(exc)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Nothing runs anywhere else: nothing to wait for."""


#: Called with each case as the replay records it, in this thread: the case's package, its line
#: as appended to results.jsonl, and its trace record as appended to the traces file (None when
#: none was written). ``shadow run`` scores cases this way while they are in hand.
CaseHook = Callable[[Package, bytes, bytes | None], None]


def default_jobs(runner: Runner) -> int:
    cpus = os.cpu_count() or 1
    # A CPU-bound runner in this process holds the GIL: more threads only add hand-offs.
    return min(32, 4 * cpus) if runner.io_bound else 1


# -- the whole run -----------------------------------------------------------------------------


@contextmanager
def _stop_on_signals(
    stop: threading.Event, abandon: threading.Event, enabled: bool
) -> Iterator[None]:
    if not enabled or threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if stop.is_set():
            abandon.set()
        stop.set()

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


@dataclass(frozen=True)
class _Planned:
    """A selected case before it runs: its package is read when a worker takes it."""

    head: PackageHead
    stage: Stage

    @property
    def key(self) -> tuple[str, str]:
        return (self.head.id, str(self.stage))


def _plan(
    packages: Sequence[Package] | PackageFiles, filters: Filters
) -> tuple[list[_Planned], Callable[[_Planned], Case]]:
    """The selected cases, and how each becomes a Case: from memory, or read from its file."""
    if isinstance(packages, PackageFiles):
        files = packages
        planned = [_Planned(h, s) for h, s in select_pairs(files.heads, filters)]
        return planned, lambda p: Case(files.load(p.head.id), p.stage)
    held = [_Planned(p, s) for p, s in select_pairs(packages, filters)]
    return held, lambda p: Case(cast(Package, p.head), p.stage)


def _covered(runner: Runner, cases: list[_Planned]) -> tuple[list[_Planned], int]:
    """The cases a runner can answer, and how many it cannot (a ``covers`` method says)."""
    covers = getattr(runner, "covers", None)
    if covers is None:
        return cases, 0
    kept = [case for case in cases if covers(case.head.id, str(case.stage))]
    return kept, len(cases) - len(kept)


@one_writer
def replay(
    packages: Sequence[Package] | PackageFiles,
    runner: Runner,
    *,
    out_dir: Path,
    stages: Sequence[Stage | str] | None = None,
    jobs: int | None = None,
    resume: bool = False,
    filters: Filters | None = None,
    limits: Limits | None = None,
    grace_seconds: float | None = None,
    phase: int = 0,
    retries: int = 2,
    retry_backoff: float = 0.5,
    recordings: Sequence[Path] = (),
    outputs_dir: Path | None = None,
    runner_config: Mapping[str, Any] | None = None,
    run_id: str | None = None,
    load_errors: Sequence[str] = (),
    progress: bool = True,
    fsync_interval: float | None = 1.0,
    handle_signals: bool = True,
    fail_fast: int | None = None,
    on_case: CaseHook | None = None,
) -> RunSummary:
    """Replay every selected (package, stage) through ``runner`` into ``out_dir``.

    ``packages`` held in memory, or ``PackageFiles`` (each package read when its case starts, so
    a large corpus is not held whole).

    With ``resume``, ``out_dir`` is an existing run: a torn last result line is cut, every case
    already stored is skipped and only the rest run. SIGINT/SIGTERM stop the run cleanly: no new
    case starts, in-flight cases are cancelled and not recorded (a resume runs them again).
    ``fail_fast`` stops the run the same way once that many cases ended in an infrastructure
    error (status ``error``) in this call: a dead endpoint need not be asked 800 times.
    """
    out_dir = Path(out_dir)
    filters = filters or Filters()
    if stages:
        filters = replace(filters, stages=frozenset(Stage(s) for s in stages))
    if retries < 0:
        raise ValueError("retries must be 0 or more")
    cases, make_case = _plan(packages, filters)
    notes: list[str] = []
    cases, uncovered = _covered(runner, cases)
    if uncovered:
        # A recorded model version exists only where it was recorded: the rest are not its
        # failures, and a run of them would score "no recording" as model behaviour.
        notes.append(
            f"{runner.name}: {uncovered} of {uncovered + len(cases)} selected cases have no "
            f"recording of this model; the {len(cases)} recorded ones run"
        )
    if resume:
        meta, existing = resumed_run(out_dir, runner, filters, recordings, phase, notes)
        run_id = str(meta["run_id"])
    else:
        if out_dir.exists() and not unused(out_dir):
            raise RunDirError(f"{out_dir} exists and is not empty; use --resume to continue it")
        out_dir.mkdir(parents=True, exist_ok=True)
        existing = []
        run_id = run_id or new_run_id()
        meta = new_run_meta(
            run_id=run_id,
            runner=runner,
            runner_config=runner_config or {},
            recordings=recordings,
            outputs_dir=outputs_dir,
            phase=phase,
            filters=filters,
            limits=limits,
            grace_seconds=grace_seconds,
            load_errors=load_errors,
        )
        meta["notes"] = [*meta.get("notes", []), *notes]
    jobs = jobs or default_jobs(runner)
    if jobs < 1:
        raise ValueError("jobs must be 1 or more")
    meta["jobs"] = jobs

    wanted = {case.key for case in cases}
    statuses: Counter[str] = Counter(record.status for record in existing)
    by_stage: Counter[tuple[str, str]] = Counter(
        (str(record.stage), str(record.status)) for record in existing
    )
    recorded = {record.key for record in existing} & wanted
    todo = [case for case in cases if case.key not in recorded]
    meta["counts"] = run_counts(statuses, len(cases), len(recorded))
    # run.json first: a kill before it leaves a folder a fresh run may still take (see start.unused).
    write_run_meta(out_dir, meta)
    update_latest(out_dir)

    stop, abandon = threading.Event(), threading.Event()
    traces = TraceWriter(out_dir, RUN_WRITER, keep=on_case is not None)
    shared = CaseContext(
        runner=runner,
        run_id=run_id,
        run_dir=out_dir,
        phase=phase,
        limits=limits,
        grace_seconds=grace_seconds,
        retries=retries,
        retry_backoff=retry_backoff,
        stop=stop,
        abandon=abandon,
        archive_ids=ArchiveIds([r.archive_id for r in existing if r.archive_id]),
        traces=traces,
    )
    ran = discarded = errors_now = 0
    stopped_for_errors = False
    bar = make_progress(len(cases), len(cases) - len(todo), enabled=progress and bool(todo))
    # A bounded window of submitted cases: at a stop nothing much is queued, and a 100k-case run
    # does not hold 100k futures.
    window = 2 * jobs
    pool: ThreadPoolExecutor | _HereAndNow = (
        _HereAndNow()
        if jobs == 1 and getattr(runner, "inline", False) is True
        else ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="replay")
    )
    # A sandboxed runner may set queued cases up ahead of their turn (``runners.ahead``).
    prepare_ahead: Callable[[str, Callable[[], Invocation]], None] | None = getattr(
        runner, "prepare_ahead", None
    )
    finished = False
    try:
        with (
            _stop_on_signals(stop, abandon, handle_signals),
            ResultsWriter(out_dir, fsync_interval=fsync_interval) as writer,
        ):
            queue = iter(todo)
            pending: set[Future[CaseResult | None]] = set()
            # Each submitted case's package, for ``on_case``.
            packages_of: dict[Future[CaseResult | None], Package] = {}
            exhausted = False
            while True:
                while not exhausted and not stop.is_set() and len(pending) < window:
                    case = next(queue, None)
                    if case is None:
                        exhausted = True
                        break
                    made = make_case(case)
                    if prepare_ahead is not None and len(pending) >= jobs:
                        # Queued behind the running cases: its sandbox is set up meanwhile,
                        # by the runner's thread (which builds the invocation there too).
                        prepare_ahead(
                            invocation_id(made.package.id, made.stage),
                            partial(case_invocation, shared, made),
                        )
                    future = pool.submit(run_case, shared, made)
                    pending.add(future)
                    if on_case is not None:
                        packages_of[future] = made.package
                if not pending:
                    break
                done, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
                for future in done:
                    package = packages_of.pop(future, None)
                    done_case = future.result()
                    if done_case is None:
                        discarded += 1
                        continue
                    writer.append_line(done_case.line)
                    if on_case is not None and package is not None:
                        on_case(
                            package, done_case.line, traces.take(done_case.record.archive_id or "")
                        )
                    ran += 1
                    statuses[done_case.record.status] += 1
                    by_stage[(str(done_case.record.stage), str(done_case.record.status))] += 1
                    recorded.add(done_case.record.key)
                    bar.update(done_case.record.status)
                    if done_case.record.status == "error":
                        errors_now += 1
                        if fail_fast is not None and errors_now >= fail_fast and not stop.is_set():
                            stopped_for_errors = True
                            stop.set()
        finished = True
    finally:
        pool.shutdown(wait=not stop.is_set(), cancel_futures=True)
        drop_prepared: Callable[[], None] | None = getattr(runner, "drop_prepared", None)
        if drop_prepared is not None:
            drop_prepared()  # cases set up ahead that a stop left unrun
        # Threads abandoned at a second signal may still write: a closed writer refuses them.
        traces.close()
        bar.close()
        meta["counts"] = run_counts(statuses, len(cases), len(recorded))
        meta["ended_at"] = iso(utc_now())
        # "aborted": the harness itself failed (disk full, a bug); the run can still be resumed.
        meta["state"] = "interrupted" if stop.is_set() else "finished" if finished else "aborted"
        write_run_meta(out_dir, meta)
    return RunSummary(
        run_dir=out_dir,
        run_id=run_id,
        planned=len(cases),
        skipped=len(cases) - len(todo),
        ran=ran,
        discarded=discarded,
        counts=meta["counts"],
        interrupted=stop.is_set(),
        notes=notes,
        by_stage=by_stage,
        stopped_for_errors=stopped_for_errors,
    )
