"""``--shadow-resume DIR``: continue an interrupted pytest session in its own run directory.

The cases ``results.jsonl`` already holds are not run again: their items are judged from the
stored record, its archived trace and its scores (``scores.jsonl`` of an earlier session's end,
else scored again from record and trace, which gives the same scores), so pass and fail are what
the interrupted session would have reported. The rest run and are appended; the end of the
session rewrites scores, run.json and the report over every case, each once.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from harness.pytest_plugin.store import PART_START, PARTS, CaseOutcome

if TYPE_CHECKING:
    from harness.rundir import TraceStore
    from harness.schema import Package, RunRecord, ScoreRecord

#: run.json fields a resumed session must share with the stored run, or one directory would
#: hold the cases of two runs: who answered, on which corpus content, for which shard.
MUST_MATCH = ("runner", "model", "runner_config", "recordings_sha256", "shard")


@dataclass
class Resumed:
    """What the run directory held when this process first looked."""

    meta: dict[str, Any]
    records: dict[tuple[str, str], RunRecord]
    scores: dict[tuple[str, str], list[ScoreRecord]] = field(default_factory=dict)


def read_resumed(run_dir: Path) -> Resumed:
    """The stored run; RunDirError when ``run_dir`` holds no readable run. A torn last result
    line is not read (``iter_results`` skips it); ``repair`` cuts it before anything appends."""
    from harness.rundir import SCORES, iter_results, iter_scores, read_run_meta

    meta = read_run_meta(run_dir)
    records = {record.key: record for _, record in iter_results(run_dir)}
    scores: dict[tuple[str, str], list[ScoreRecord]] = {}
    if (run_dir / SCORES).exists():
        for score in iter_scores(run_dir):
            key = (score.package, str(score.stage))
            if key in records:
                scores.setdefault(key, []).append(score)
    return Resumed(meta, records, scores)


def stored_outcome(
    resumed: Resumed, traces: TraceStore, package: Package, record: RunRecord
) -> CaseOutcome:
    """A case the resumed run holds: its record, archived trace and scores, never run again."""
    from harness.scorers.run import context_for, score_case

    trace = traces.read(record.archive_id, missing_ok=True)
    scores = resumed.scores.get(record.key)
    if scores is None:
        # An interrupted session wrote no scores.jsonl: scoring is a function of the
        # package, the record and the trace, so this is what it would have stored.
        scores = score_case(context_for(package, record, trace))
    return CaseOutcome(record, trace, scores)


def unjudged(
    resumed: Resumed,
    judged: Container[tuple[str, str]],
    package_of: Callable[[str], Package],
    stored: Callable[[Package, RunRecord], CaseOutcome],
) -> list[CaseOutcome]:
    """Stored cases not ``judged`` this session (deselected): kept in the run, with their scores
    when the package is still in the recordings (``package_of`` raises LookupError if not)."""
    found: list[CaseOutcome] = []
    for key, record in resumed.records.items():
        if key in judged:
            continue
        scores = resumed.scores.get(key)
        if scores is None:
            try:
                scores = stored(package_of(record.package), record).scores
            except LookupError:
                scores = []
        found.append(CaseOutcome(record, [], scores))
    return found


def not_from_pytest(stored: Mapping[str, Any]) -> str | None:
    """Why a stored run is not a pytest session's, or None."""
    if stored.get("source") == "pytest":
        return None
    return (f"it was not written by a pytest session (source {stored.get('source')!r}); "
            "continue it with `shadow run --resume`")  # fmt: skip


def resume_problems(stored: Mapping[str, Any], fresh: Mapping[str, Any]) -> list[str]:
    """Why this session cannot continue the stored run (empty: it can)."""
    foreign = not_from_pytest(stored)
    if foreign:
        return [foreign]
    return [
        f"{key} {fresh.get(key)!r} (the run used {stored.get(key)!r})"
        for key in MUST_MATCH
        if stored.get(key) != fresh.get(key)
    ]


def resumed_meta(
    stored: Mapping[str, Any], fresh: Mapping[str, Any], notes: list[str]
) -> dict[str, Any]:
    """run.json for the resumed session: the stored run's identity and start, this session's
    suites and workers, one more ``resumed_at``."""
    from harness.rundir import iso, utc_now
    from harness.sandbox.isolation import weakest_isolation

    meta = dict(stored)
    meta.update(
        state="running",
        ended_at=None,
        jobs=fresh.get("jobs"),
        suites=sorted({*stored.get("suites", []), *fresh.get("suites", [])}),
        resumed_at=[*stored.get("resumed_at", []), iso(utc_now())],
        notes=[*stored.get("notes", []), *notes],
        isolation=weakest_isolation([stored.get("isolation"), fresh.get("isolation")]),
    )
    return meta


def restore_run_meta(run_dir: Path) -> None:
    """Give a session killed under xdist the run.json its end would have written (its workers
    wrote only their parts): the meta a worker wrote as it started, from the earliest start."""
    from harness.rundir import RUN_META, write_run_meta

    if (run_dir / RUN_META).exists() or not (run_dir / PARTS).is_dir():
        return
    starts = [
        json.loads(path.read_text(encoding="utf-8"))["meta"]
        for path in sorted((run_dir / PARTS).glob(f"*/{PART_START}"))
    ]
    if starts:
        meta = dict(starts[0])
        meta["started_at"] = min(start["started_at"] for start in starts)
        write_run_meta(run_dir, meta)


def fold_parts(run_dir: Path) -> list[str]:
    """Make ``results.jsonl`` the one place stored cases are: cut its torn last line and append
    the whole result lines an interrupted xdist session left in its workers' parts (a case
    already stored is kept once). Returns notes for run.json."""
    from harness.rundir import RESULTS, iter_results, repair_results
    from harness.untrusted.parse import LoadError

    notes = [note for note in [repair_results(run_dir)] if note]
    bad_lines: list[LoadError] = []
    seen = {record.key for _, record in iter_results(run_dir, bad_lines)}
    # A line that does not read names no case for sure: its case is not done, so it runs again.
    notes.extend(f"skipped a bad stored line ({error}); its case runs again" for error in bad_lines)
    parts = run_dir / PARTS
    if not parts.is_dir():
        return notes
    lines: list[bytes] = []
    for part in sorted(p for p in parts.iterdir() if p.is_dir()):
        for line, record in iter_results(part):
            if record.key not in seen:
                seen.add(record.key)
                lines.append(line)
    if lines:
        with (run_dir / RESULTS).open("ab") as handle:
            handle.write(b"".join(line + b"\n" for line in lines))
        notes.append(f"kept {len(lines)} case(s) an interrupted session left in {PARTS}/")
    shutil.rmtree(parts)
    return notes
