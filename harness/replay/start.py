"""Opening a run directory for a replay: run.json for a fresh run, or, for ``--resume``, the
stored run checked (same runner, model, phase, filters and recordings), repaired (a torn last
line cut, traces not whole dropped so their cases run again) and marked resumed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from harness.replay.select import Filters
from harness.rundir import (
    RUN_META,
    RunDirError,
    git_revision,
    harness_version,
    iso,
    iter_results,
    read_run_meta,
    recordings_digest,
    repair_results,
    repair_traces,
    utc_now,
    write_results,
)
from harness.rundir.traces import TraceStore
from harness.runlock import LOCK
from harness.runners.base import Runner
from harness.sandbox.isolation import run_isolation, weakest_isolation
from harness.schema import Limits, RunRecord
from harness.untrusted.parse import LoadError

#: How many load errors run.json keeps verbatim (the count is always complete).
MAX_STORED_LOAD_ERRORS = 100


def new_run_meta(
    *,
    run_id: str,
    runner: Runner,
    runner_config: Mapping[str, Any],
    recordings: Sequence[Path],
    outputs_dir: Path | None,
    phase: int,
    filters: Filters,
    limits: Limits | None,
    grace_seconds: float | None,
    load_errors: Sequence[str],
) -> dict[str, Any]:
    """run.json as a run starts; ``jobs`` and ``counts`` are filled in once the run knows them."""
    return {
        "run_id": run_id,
        "started_at": iso(utc_now()),
        "ended_at": None,
        "state": "running",
        "harness_version": harness_version(),
        "git_revision": git_revision(),
        "runner": runner.name,
        "runner_config": dict(runner_config),
        "model": runner.model,
        "recordings": [str(p) for p in recordings],
        "recordings_sha256": recordings_digest(recordings) if recordings else None,
        "outputs_dir": str(outputs_dir) if outputs_dir is not None else None,
        "phase": phase,
        "filters": filters.to_json(),
        "shard": str(filters.shard) if filters.shard else None,
        "limits": limits.model_dump() if limits else None,
        "grace_seconds": grace_seconds,
        "jobs": None,
        "counts": {},
        "load_errors": {
            "count": len(load_errors),
            "first": list(load_errors[:MAX_STORED_LOAD_ERRORS]),
        },
        "resumed_at": [],
        "notes": [],
        "isolation": run_isolation(getattr(runner, "sandboxed", False)),
    }


def check_resumable(
    meta: dict[str, Any], runner: Runner, filters: Filters, recordings: Sequence[Path], phase: int
) -> None:
    """A resumed run must replay the same cases the same way, or its results would mix runs."""
    problems = []
    if meta.get("runner") != runner.name:
        problems.append(f"runner {runner.name!r} (the run used {meta.get('runner')!r})")
    if meta.get("model") != runner.model:
        problems.append(f"model {runner.model!r} (the run used {meta.get('model')!r})")
    if meta.get("phase", 0) != phase:
        problems.append(f"phase {phase} (the run used {meta.get('phase')})")
    if meta.get("filters") is not None and meta["filters"] != filters.to_json():
        problems.append(f"filters {filters.to_json()} (the run used {meta['filters']})")
    stored_hash = meta.get("recordings_sha256")
    if recordings and stored_hash and recordings_digest(recordings) != stored_hash:
        problems.append("recordings whose content changed since the run started")
    if problems:
        raise RunDirError("cannot resume with " + "; ".join(problems) + "; start a new run instead")


def unused(out_dir: Path) -> bool:
    """Nothing in ``out_dir`` but what a run killed before its first run.json leaves: the lock
    and a half-written temporary run.json."""
    return all(p.name == LOCK or p.name.startswith(f".{RUN_META}.") for p in out_dir.iterdir())


def with_traces(out_dir: Path, bad_lines: list[LoadError], notes: list[str]) -> list[RunRecord]:
    """The stored results of a run being resumed whose traces survived. A result whose trace is
    not whole on disk (a torn record, a write lost with the machine) is dropped from results.jsonl,
    so its case runs again instead of being scored without its trace."""
    kept: list[tuple[bytes, RunRecord]] = []
    lost: list[RunRecord] = []
    with TraceStore(out_dir) as store:
        for line, record in iter_results(out_dir, bad_lines):
            if record.archive_id is None or store.has(record.archive_id):
                kept.append((line, record))
            else:
                lost.append(record)
    if lost:
        # Bad lines are dropped too: none names a case for sure, and each runs again anyway.
        write_results(out_dir, [line for line, _ in kept])
        notes.extend(
            f"{r.package}/{r.stage}: stored trace {r.archive_id} is not whole; the case runs again"
            for r in lost
        )
    return [record for _, record in kept]


def resumed_run(
    out_dir: Path,
    runner: Runner,
    filters: Filters,
    recordings: Sequence[Path],
    phase: int,
    notes: list[str],
) -> tuple[dict[str, Any], list[RunRecord]]:
    """The run.json of the run being resumed, marked running again, and its stored results whose
    traces survived; what was repaired or dropped is added to ``notes`` (and to run.json's)."""
    meta = read_run_meta(out_dir)
    check_resumable(meta, runner, filters, recordings, phase)
    repaired = repair_results(out_dir)
    if repaired:
        notes.append(repaired)
    notes.extend(repair_traces(out_dir))
    bad_lines: list[LoadError] = []
    existing = with_traces(out_dir, bad_lines, notes)
    # A line that does not read names no case for sure: its case is not done, so it runs again.
    notes.extend(f"skipped a bad stored line ({error}); its case runs again" for error in bad_lines)
    meta["resumed_at"] = [*meta.get("resumed_at", []), iso(utc_now())]
    meta["notes"] = [*meta.get("notes", []), *notes]
    now = run_isolation(getattr(runner, "sandboxed", False))
    meta["isolation"] = weakest_isolation([meta.get("isolation"), now])
    meta["state"] = "running"
    meta["ended_at"] = None
    return meta, existing
