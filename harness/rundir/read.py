"""The stored-run format, read side: ``run.json``, ``results.jsonl`` and ``scores.jsonl`` of
``reports/runs/<run-id>/`` (``traces/`` is ``harness.rundir.traces``).

Replay and the pytest plugin write run directories (``harness.rundir.write``); scorers, tables,
reports and the plugin read them through this module alone, so every reader agrees on the file
names, on what a torn line is, and on how a bad line is reported (``file:line: field: message``):
skipped into the caller's ``errors`` list, never raised, so one bad line cannot stop a score,
report or resume.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, NamedTuple, TypeVar, cast

from pydantic import BaseModel, ValidationError

from harness.loading import validation_errors
from harness.rundir.meta import RUN_FORMAT, RunMeta, upgrade
from harness.schema import RunRecord, ScoreRecord
from harness.untrusted.parse import (
    MAX_LINE_BYTES,
    BadInput,
    Line,
    LoadError,
    parse_json_object,
    read_lines,
)

RUN_META = "run.json"
RESULTS = "results.jsonl"
SCORES = "scores.jsonl"
TRACES = "traces"

#: An archive id becomes a file name: no separators, no leading dot, bounded length.
_SAFE_ARCHIVE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$")

M = TypeVar("M", bound=BaseModel)


class RunDirError(Exception):
    """A run directory that cannot be used as asked (missing, corrupt, mismatched)."""


def is_safe_archive_id(archive_id: str) -> bool:
    return bool(_SAFE_ARCHIVE_ID.match(archive_id)) and ".." not in archive_id


def trace_path(run_dir: Path, archive_id: str) -> Path:
    """Where layouts 1 and 2 stored a run's trace (one file per run; still read)."""
    if not is_safe_archive_id(archive_id):
        raise RunDirError(f"archive id {archive_id!r} is not a safe file name")
    return Path(run_dir) / TRACES / f"{archive_id}.jsonl"


def read_run_meta(run_dir: Path) -> dict[str, Any]:
    path = Path(run_dir) / RUN_META
    try:
        meta = parse_json_object(path.read_bytes())
    except FileNotFoundError as exc:
        raise RunDirError(f"{path}: no such file; not a run directory") from exc
    except OSError as exc:
        raise RunDirError(f"{path}: {exc.strerror or exc}") from exc
    except BadInput as exc:
        raise RunDirError(f"{path}: {exc}") from exc
    return load_run_meta_object(path, meta).to_json()


def load_run_meta(run_dir: Path) -> RunMeta:
    """``run.json`` as its typed model (any layout still read, upgraded to today's)."""
    return RunMeta.model_validate(read_run_meta(run_dir))


def load_run_meta_object(path: Path, data: dict[str, Any]) -> RunMeta:
    """Validate a run.json object read from ``path``; errors name the file and the field."""
    version = data.get("format_version")
    if isinstance(version, int) and version > RUN_FORMAT:
        raise RunDirError(
            f"{path}: format_version {version} is newer than this harness reads ({RUN_FORMAT})"
        )
    try:
        return RunMeta.model_validate(upgrade(data))
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"]) or "<object>"
        raise RunDirError(f"{path}: {where}: {first['msg']}") from exc


#: Which parsed lines a reader wants validated (a report's case pages want a few cases).
Keep = Callable[[dict[str, Any]], bool]


class Part(NamedTuple):
    """A run of whole lines of a stored file: bytes ``start`` to ``end``, after ``lines_before``
    lines (so errors still name the file's own line numbers). Processes scoring one run side by
    side each read their own parts."""

    start: int
    end: int
    lines_before: int


def parts(path: Path, lines_each: int) -> list[Part]:
    """``path`` cut into parts of ``lines_each`` lines, at line ends (nothing is parsed)."""
    cut: list[Part] = []
    start = count = 0
    with path.open("rb") as handle:
        for line in read_lines(handle):
            count += 1
            if count % lines_each == 0:
                end = line.offset + line.length
                cut.append(Part(start, end, count - lines_each))
                start = end
        if count % lines_each:
            cut.append(Part(start, handle.seek(0, io.SEEK_END), count - count % lines_each))
    return cut


class _Window(io.RawIOBase):
    """Bytes ``start`` to ``end`` of an open file, read block by block as ``read_lines`` reads
    (a part may hold an over-long line: it is skipped, never held)."""

    def __init__(self, handle: IO[bytes], start: int, end: int) -> None:
        super().__init__()
        self._handle, self._left = handle, end - start
        handle.seek(start)

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        size = self._left if size < 0 else min(size, self._left)
        data = self._handle.read(size) if size > 0 else b""
        self._left -= len(data)
        return data


def _part_lines(handle: IO[bytes], part: Part | None) -> Iterator[Line]:
    if part is None:
        yield from read_lines(handle)
        return
    window = cast(IO[bytes], _Window(handle, part.start, part.end))
    for line in read_lines(window):
        yield line._replace(number=line.number + part.lines_before, offset=line.offset + part.start)


def _models(
    path: Path,
    model: type[M],
    errors: list[LoadError] | None,
    *,
    complete_only: bool,
    keep: Keep | None = None,
    part: Part | None = None,
    report_unread: bool = True,
) -> Iterator[tuple[Line, M]]:
    """Each good line with its model. A bad line is skipped and added to ``errors`` (file, line,
    field): one bad stored line must never stop a score, report or resume of the others. With
    ``complete_only`` a last line with no newline is a write cut short by a kill (results.jsonl is
    appended to) and is skipped silently; resume cuts it. ``keep``: a line it refuses once
    parsed is skipped unvalidated, bad or not (for readers that want a few records of many).
    ``part``: only those lines (a torn last line is still the file's own last line).
    ``report_unread=False``: a line that does not read at all (too long, not JSON) is skipped
    unreported, as by a second pass whose first reported it."""
    name = str(path)
    with path.open("rb") as handle:
        for line in _part_lines(handle, part):
            if complete_only and not line.terminated:
                return
            found: list[LoadError] = []
            if line.too_long:
                found = [
                    LoadError(name, line.number, "<line>", f"longer than {MAX_LINE_BYTES} bytes")
                ]
            elif line.blank:
                continue
            else:
                try:
                    value = parse_json_object(line.data)
                    if keep is not None and not keep(value):
                        continue
                    yield line, model.model_validate(value)
                    continue
                except BadInput as exc:
                    found = [LoadError(name, line.number, exc.where, exc.message)]
                except ValidationError as exc:
                    found = validation_errors(name, line.number, exc)
                    if errors is not None:
                        errors.extend(found[:1])
                    continue
            if errors is not None and report_unread:
                errors.extend(found[:1])


def iter_results(
    run_dir: Path, errors: list[LoadError] | None = None, *, keep: Keep | None = None
) -> Iterator[tuple[bytes, RunRecord]]:
    """Each stored line (without its line break) with its RunRecord, in the order runs finished;
    a torn last line is skipped, a bad line is skipped into ``errors``, and a missing file holds
    no results. ``keep``: only the lines it accepts once parsed are validated and yielded."""
    for line, record in iter_result_lines(run_dir, errors, keep=keep):
        yield line.data, record


def iter_result_lines(
    run_dir: Path,
    errors: list[LoadError] | None = None,
    *,
    keep: Keep | None = None,
    part: Part | None = None,
    report_unread: bool = True,
) -> Iterator[tuple[Line, RunRecord]]:
    """As ``iter_results``, each record with its whole ``Line`` (where it sits in the file);
    ``part``: the lines of that part alone; ``report_unread`` as for ``_models``."""
    path = Path(run_dir) / RESULTS
    if not path.exists():
        return
    yield from _models(
        path, RunRecord, errors, complete_only=True, keep=keep, part=part,
        report_unread=report_unread,
    )  # fmt: skip


def read_results(run_dir: Path, errors: list[LoadError] | None = None) -> list[RunRecord]:
    """Every stored RunRecord, in the order the runs finished (a torn last line is ignored, bad
    lines go to ``errors``)."""
    return [record for _, record in iter_results(run_dir, errors)]


def iter_scores(
    run_dir: Path, errors: list[LoadError] | None = None, *, keep: Keep | None = None
) -> Iterator[ScoreRecord]:
    """The run's ScoreRecords (scores.jsonl is written whole, so every line counts; bad lines go
    to ``errors``); FileNotFoundError when the run was never scored. ``keep`` as for
    ``iter_results``."""
    for _, score in iter_score_lines(run_dir, errors, keep=keep):
        yield score


def iter_score_lines(
    run_dir: Path, errors: list[LoadError] | None = None, *, keep: Keep | None = None
) -> Iterator[tuple[Line, ScoreRecord]]:
    """As ``iter_scores``, each record with its whole ``Line`` (where it sits in the file)."""
    path = Path(run_dir) / SCORES
    yield from _models(path, ScoreRecord, errors, complete_only=False, keep=keep)


#: Where some stored lines are: (byte offset, length) spans, neighbouring lines in one span.
Spans = list[tuple[int, int]]


def add_span(spans: Spans, line: Line) -> None:
    """Note where ``line`` is; a line right after the last span lengthens it."""
    if spans and spans[-1][0] + spans[-1][1] == line.offset:
        spans[-1] = (spans[-1][0], spans[-1][1] + line.length)
    else:
        spans.append((line.offset, line.length))


def reread_lines(path: Path, spans: Spans, model: type[M], keep: Keep | None = None) -> Iterator[M]:
    """The lines at ``spans`` of a stored file read again (a reader that noted where the lines
    it wants are need not parse the rest): parsed, kept and validated as the file's reader
    does; a line that no longer reads is skipped."""
    with path.open("rb") as handle:
        for offset, length in spans:
            handle.seek(offset)
            for line in read_lines(io.BytesIO(handle.read(length))):
                if line.too_long or line.blank:
                    continue
                try:
                    value = parse_json_object(line.data)
                    if keep is None or keep(value):
                        yield model.model_validate(value)
                except (BadInput, ValidationError):
                    continue


def read_scores(run_dir: Path, errors: list[LoadError] | None = None) -> list[ScoreRecord]:
    return list(iter_scores(run_dir, errors))
