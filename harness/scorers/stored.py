"""Reading a stored run for scoring: run.json, the run records (the last of a case wins), each
case's archived trace, and the packages named in run.json, found and read as cases need them.
Through ``harness.rundir`` only: never the replay code that wrote them."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

import orjson

from harness.loading import LoadError, Span, find_package_files, line_ids, reread
from harness.rundir import (
    RESULTS,
    Part,
    RunDirError,
    TraceStore,
    iter_result_lines,
    read_run_meta,
)
from harness.schema import Package, RunRecord, TraceEvent
from harness.untrusted.parse import Line


class ScoringError(Exception):
    """A run directory that cannot be scored (missing or unreadable run.json/results.jsonl)."""


def read_meta(run_dir: Path) -> dict[str, Any]:
    try:
        return read_run_meta(run_dir)
    except RunDirError as err:
        raise ScoringError(str(err)) from err


def read_records(run_dir: Path, errors: list[LoadError] | None = None) -> list[RunRecord]:
    """Run records in file order; the last record of a (package, stage) wins (resumed runs).
    A bad line is skipped into ``errors``; the others are scored."""
    return list(iter_records(run_dir, errors))


def repeated_keys(path: Path) -> set[tuple[str, str]]:
    """(package, stage) keys on more than one line, from a quick parse of each line; a line that
    does not parse is left to the validating reader to report."""
    seen: set[tuple[str, str]] = set()
    repeated: set[tuple[str, str]] = set()
    with path.open("rb") as handle:
        for raw in handle:
            try:
                value = orjson.loads(raw)
                key = (str(value["package"]), str(value["stage"]))
            except (orjson.JSONDecodeError, KeyError, TypeError):
                continue
            if key in seen:
                repeated.add(key)
            seen.add(key)
    return repeated


def _key(value: dict[str, Any]) -> tuple[str, str] | None:
    try:
        return (str(value["package"]), str(value["stage"]))
    except (KeyError, TypeError):
        return None


def results_path(run_dir: Path) -> Path:
    path = run_dir / RESULTS
    if not path.exists():
        raise ScoringError(f"{path}: missing")
    return path


def iter_records(run_dir: Path, errors: list[LoadError] | None = None) -> Iterator[RunRecord]:
    """As ``read_records``, streamed: a record whose (package, stage) is on no later line is
    yielded at once; only records with a later copy (merged or re-run cases) wait for the end."""
    repeated = repeated_keys(results_path(run_dir))
    yield from part_records(run_dir, None, repeated, errors)
    yield from latest_records(run_dir, repeated, errors)


def part_records(
    run_dir: Path,
    part: Part | None,
    repeated: AbstractSet[tuple[str, str]],
    errors: list[LoadError] | None = None,
    seen: Callable[[Line, RunRecord], None] | None = None,
) -> Iterator[RunRecord]:
    """The records of one part of results.jsonl (all of it for None) whose (package, stage) is on
    no other line; a line with no readable key is validated, so that its error is reported.
    ``seen`` is given each record with its line as it is read."""
    try:
        for line, record in iter_result_lines(
            run_dir, errors, part=part, keep=lambda value: _key(value) not in repeated
        ):
            if seen is not None:
                seen(line, record)
            yield record
    except RunDirError as err:
        raise ScoringError(str(err)) from err


def latest_records(
    run_dir: Path, repeated: AbstractSet[tuple[str, str]], errors: list[LoadError] | None = None
) -> Iterator[RunRecord]:
    """For each key of ``repeated``, its last record that validates (resumed or merged runs)."""
    if not repeated:
        return
    latest: dict[tuple[str, str], RunRecord] = {}
    try:
        # The first pass (``part_records``) reported the lines that do not read.
        for _, record in iter_result_lines(
            run_dir, errors, keep=lambda value: _key(value) in repeated, report_unread=False
        ):
            latest[record.key] = record
    except RunDirError as err:
        raise ScoringError(str(err)) from err
    yield from latest.values()


def stored_trace(
    store: TraceStore, archive_id: str | None, errors: list[LoadError]
) -> list[TraceEvent]:
    """The archived trace of a run; empty when the run archived none."""
    try:
        return store.read(archive_id, missing_ok=True, errors=errors)
    except RunDirError as err:
        raise ScoringError(str(err)) from err


def recording_paths(run_dir: Path, meta: dict[str, Any]) -> list[Path]:
    found: list[Path] = []
    for entry in meta.get("recordings") or []:
        candidate = Path(entry)
        options = [candidate] if candidate.is_absolute() else [
            Path.cwd() / candidate, *(parent / candidate for parent in run_dir.resolve().parents)
        ]  # fmt: skip
        match = next((p for p in options if p.exists()), None)
        if match is not None:
            found.append(match)
    return found


class PackageFiles(Mapping[str, Package]):
    """The run's packages by id, read from their files as cases need them: in memory are only
    where each line is and the last few packages (a package's stages are scored together), so a
    large corpus is not held whole. Lines that do not load are skipped, as ``load_packages``
    skips them (``shadow validate`` reports them): the first line of an id that validates is
    its package.

    A line is parsed for its id when the files are indexed, and validated only when a case asks
    for its package: each package is validated once, not once to index it and again to score
    it. An id is listed (``__iter__``) when a line names it, whether or not one validates."""

    def __init__(self, paths: Sequence[Path], keep: int = 64) -> None:
        self._keep = keep
        self._files: list[Path] = []
        self._lines: dict[str, list[tuple[int, Span]]] = {}
        self._recent: dict[str, Package] = {}
        for path, span, package_id in line_ids(find_package_files(paths)):
            if not self._files or self._files[-1] != path:
                self._files.append(path)
            self._lines.setdefault(package_id, []).append((len(self._files) - 1, span))

    def __getitem__(self, package_id: str) -> Package:
        kept = self._recent.get(package_id)
        if kept is not None:
            return kept
        for file, span in self._lines[package_id]:
            package = reread(Package, self._files[file], span)
            if isinstance(package, Package) and package.id == package_id:
                if len(self._recent) >= self._keep:
                    del self._recent[next(iter(self._recent))]
                self._recent[package_id] = package
                return package
        raise KeyError(package_id)  # no line of it validates: as an id no line names

    def __iter__(self) -> Iterator[str]:
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)
