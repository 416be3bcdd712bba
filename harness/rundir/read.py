"""The stored-run format, read side: ``run.json``, ``results.jsonl``, ``scores.jsonl`` and
``traces/<archive_id>.jsonl`` of ``reports/runs/<run-id>/``.

Replay and the pytest plugin write run directories (``harness.rundir.write``); scorers, tables,
reports and the plugin read them through this module alone, so every reader agrees on the file
names, on what a torn line is, and on how a bad line is reported (``file:line: field: message``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from harness.rundir.meta import RUN_FORMAT, RunMeta, upgrade
from harness.schema import TRACE_EVENT, RunRecord, ScoreRecord, TraceEvent

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
    if not is_safe_archive_id(archive_id):
        raise RunDirError(f"archive id {archive_id!r} is not a safe file name")
    return Path(run_dir) / TRACES / f"{archive_id}.jsonl"


def read_run_meta(run_dir: Path) -> dict[str, Any]:
    path = Path(run_dir) / RUN_META
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise RunDirError(f"{path}: no such file; not a run directory") from exc
    except OSError as exc:
        raise RunDirError(f"{path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise RunDirError(f"{path}: not UTF-8: {exc.reason}") from exc
    except json.JSONDecodeError as exc:
        raise RunDirError(f"{path}:{exc.lineno}: invalid JSON: {exc.msg}") from exc
    if not isinstance(meta, dict):
        raise RunDirError(f"{path}: expected a JSON object")
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


def _lines(path: Path, *, complete_only: bool) -> Iterator[tuple[int, bytes]]:
    """Non-blank lines with their 1-based numbers. With ``complete_only`` a last line with no
    newline is a write cut short by a kill (results.jsonl is appended to) and is not yielded."""
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, start=1):
            if complete_only and not raw.endswith(b"\n"):
                return
            if raw.strip():
                yield number, raw


def _models(path: Path, model: type[M], *, complete_only: bool) -> Iterator[tuple[bytes, M]]:
    for number, raw in _lines(path, complete_only=complete_only):
        try:
            value = model.model_validate_json(raw)
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(part) for part in first["loc"]) or "<line>"
            raise RunDirError(f"{path}:{number}: {where}: {first['msg']}") from exc
        yield raw.rstrip(b"\r\n"), value


def iter_results(run_dir: Path) -> Iterator[tuple[bytes, RunRecord]]:
    """Each stored line (without its newline) with its RunRecord, in the order runs finished; a
    torn last line is skipped and a missing file holds no results."""
    path = Path(run_dir) / RESULTS
    if not path.exists():
        return
    yield from _models(path, RunRecord, complete_only=True)


def read_results(run_dir: Path) -> list[RunRecord]:
    """Every stored RunRecord, in the order the runs finished (a torn last line is ignored)."""
    return [record for _, record in iter_results(run_dir)]


def iter_scores(run_dir: Path) -> Iterator[ScoreRecord]:
    """The run's ScoreRecords (scores.jsonl is written whole, so every line counts);
    FileNotFoundError when the run was never scored."""
    for _, score in _models(Path(run_dir) / SCORES, ScoreRecord, complete_only=False):
        yield score


def read_scores(run_dir: Path) -> list[ScoreRecord]:
    return list(iter_scores(run_dir))


def read_trace(
    run_dir: Path, archive_id: str | None, *, missing_ok: bool = False
) -> list[TraceEvent]:
    """The archived trace of a run. With ``missing_ok`` a run that archived none (no id, an id
    that is not a file name, no file) has an empty trace; otherwise that is an error."""
    if missing_ok and (not archive_id or not is_safe_archive_id(archive_id)):
        return []
    path = trace_path(Path(run_dir), archive_id or "")
    events: list[TraceEvent] = []
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        if missing_ok:
            return []
        raise
    with handle:
        for number, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                events.append(TRACE_EVENT.validate_json(raw))
            except ValidationError as exc:
                raise RunDirError(
                    f"{path}:{number}: not a trace event: {exc.errors()[0]['msg']}"
                ) from exc
    return events
