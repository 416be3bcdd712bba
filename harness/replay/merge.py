"""Merge run directories (CI shards of one run) into one.

Shards are only mergeable when they replayed the same recordings with the same runner and model
in the same phase; a (package, stage) found twice means the shards overlapped, and the merge stops
rather than pick one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.rundir import (
    RESULTS,
    RUN_WRITER,
    RunDirError,
    RunMeta,
    iso,
    iter_results,
    new_run_id,
    read_run_meta,
    run_counts,
    update_latest,
    utc_now,
    write_run_meta,
)
from harness.rundir.traces import TraceStore, TraceWriter
from harness.sandbox.isolation import weakest_isolation
from harness.schema import RunRecord
from harness.untrusted.parse import LoadError

#: These must agree across the inputs, or the merged results would compare unlike things.
MUST_MATCH = ("runner", "model", "recordings_sha256", "phase")
#: How many duplicate keys an error message spells out.
SHOW = 5


class MergeError(RunDirError):
    """The run directories cannot be merged; nothing usable was written."""


def _check_compatible(metas: Sequence[tuple[Path, dict[str, Any]]]) -> None:
    first_dir, first = metas[0]
    problems = []
    for run_dir, meta in metas[1:]:
        for key in MUST_MATCH:
            if meta.get(key) != first.get(key):
                problems.append(
                    f"{run_dir}: {key} {meta.get(key)!r} differs from {first_dir}: {first.get(key)!r}"
                )
    seen: dict[str, Path] = {}
    for run_dir, meta in metas:
        run_id = str(meta.get("run_id"))
        if run_id in seen:
            problems.append(f"{run_dir}: the same run ({run_id}) as {seen[run_id]}")
        seen[run_id] = run_dir
    if problems:
        raise MergeError("cannot merge: " + "; ".join(problems))


def _common_filters(metas: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The filters all inputs share, shard aside; None when they differ."""
    stripped = [{**(m.get("filters") or {}), "shard": None} for m in metas]
    return stripped[0] if all(f == stripped[0] for f in stripped) else None


@dataclass
class Gathered:
    """The results of several run directories, each (package, stage) once."""

    #: The first record of each (package, stage): the directory it came from, its stored line.
    kept: dict[tuple[str, str], tuple[Path, bytes, RunRecord]] = field(default_factory=dict)
    #: Later records of a (package, stage) already kept, with their directory.
    repeats: list[tuple[Path, RunRecord]] = field(default_factory=list)


def gather_results(run_dirs: Sequence[Path]) -> Gathered:
    """Read the results of ``run_dirs`` in order, keeping the first record of each case; what to
    do with a repeat is the caller's (``merge_runs`` refuses, the pytest plugin drops it)."""
    gathered = Gathered()
    for run_dir in run_dirs:
        for line, record in iter_results(run_dir):
            if record.key in gathered.kept:
                gathered.repeats.append((run_dir, record))
            else:
                gathered.kept[record.key] = (run_dir, line, record)
    return gathered


def merge_runs(
    run_dirs: Sequence[Path], out_dir: Path, *, run_id: str | None = None
) -> dict[str, Any]:
    """Write one run directory holding every result and trace of ``run_dirs``; returns its run.json.

    Results keep their own ``run_id`` (which shard produced them); ``merged_from`` in run.json
    lists the inputs.
    """
    if not run_dirs:
        raise MergeError("nothing to merge: give at least one run directory")
    out_dir = Path(out_dir)
    inputs = [Path(d) for d in run_dirs]
    if any(d.resolve() == out_dir.resolve() for d in inputs):
        raise MergeError(f"{out_dir}: the output cannot also be an input")
    metas = [(d, read_run_meta(d)) for d in inputs]
    _check_compatible(metas)

    # Read every input before writing anything, so a clash leaves no half-merged directory.
    gathered = gather_results(inputs)
    duplicates = [
        f"{record.package}/{record.stage} in {gathered.kept[record.key][0]} and {run_dir}"
        for run_dir, record in gathered.repeats
    ]
    archives: dict[str, Path] = {}
    statuses: Counter[str] = Counter()
    for run_dir, _, record in gathered.kept.values():
        if record.archive_id is not None:
            if record.archive_id in archives:
                duplicates.append(
                    f"archive id {record.archive_id} in {archives[record.archive_id]} and {run_dir}"
                )
            archives[record.archive_id] = run_dir
        statuses[record.status] += 1
    if duplicates:
        more = f" (and {len(duplicates) - SHOW} more)" if len(duplicates) > SHOW else ""
        raise MergeError("cannot merge: duplicate " + "; ".join(duplicates[:SHOW]) + more)

    if out_dir.exists() and any(out_dir.iterdir()):
        raise MergeError(f"{out_dir} exists and is not empty")
    out_dir.mkdir(parents=True, exist_ok=True)
    notes: list[str] = []
    stores: dict[Path, TraceStore] = {}
    bad: list[LoadError] = []
    try:
        with (out_dir / RESULTS).open("wb") as handle, TraceWriter(out_dir, RUN_WRITER) as traces:
            for run_dir, line, record in gathered.kept.values():
                handle.write(line + b"\n")
                archive_id = record.archive_id
                if archive_id is None:
                    continue
                store = stores.get(run_dir) or stores.setdefault(run_dir, TraceStore(run_dir))
                if store.has(archive_id):
                    traces.write(archive_id, store.read(archive_id, missing_ok=True, errors=bad))
                else:
                    notes.append(f"{run_dir}: trace {archive_id} is missing")
    finally:
        for store in stores.values():
            store.close()
    notes.extend(f"skipped a bad trace line {error}" for error in bad)

    first = metas[0][1]
    all_metas = [m for _, m in metas]
    planned = sum(int((m.get("counts") or {}).get("planned", 0)) for m in all_metas)
    counts = run_counts(statuses, planned, len(gathered.kept))
    for run_dir, meta in metas:
        if meta.get("state") != "finished":
            notes.append(f"{run_dir}: input run state is {meta.get('state')!r}")
    versions = sorted({str(m.get("harness_version")) for m in all_metas})
    if len(versions) > 1:
        notes.append(f"inputs ran on harness versions {', '.join(versions)}")
    started = [m["started_at"] for m in all_metas if m.get("started_at")]
    ended = [m["ended_at"] for m in all_metas if m.get("ended_at")]
    merged = {
        "run_id": run_id or new_run_id(),
        "started_at": min(started) if started else None,
        "ended_at": max(ended) if len(ended) == len(all_metas) else None,
        "state": "finished" if counts["pending"] == 0 else "partial",
        "harness_version": first.get("harness_version"),
        "git_revision": first.get("git_revision"),
        "runner": first.get("runner"),
        "runner_config": first.get("runner_config"),
        "model": first.get("model"),
        "recordings": first.get("recordings"),
        "recordings_sha256": first.get("recordings_sha256"),
        "outputs_dir": first.get("outputs_dir"),
        "phase": first.get("phase", 0),
        "filters": _common_filters(all_metas),
        "shard": None,
        "limits": first.get("limits"),
        "isolation": weakest_isolation(m.get("isolation") for m in all_metas),
        "grace_seconds": first.get("grace_seconds"),
        "jobs": None,
        "counts": counts,
        "load_errors": first.get("load_errors"),
        "merged_from": [
            {
                "run_id": m.get("run_id"),
                "dir": str(d),
                "shard": m.get("shard"),
                "counts": m.get("counts"),
            }
            for d, m in metas
        ],
        "merged_at": iso(utc_now()),
        "resumed_at": [],
        "notes": notes,
    }
    merged_meta = RunMeta.model_validate(merged)
    write_run_meta(out_dir, merged_meta)
    update_latest(out_dir)
    return merged_meta.to_json()
