"""The run directory: ``run.json``, the append-only ``results.jsonl`` and ``traces/``.

Crash safety rests on three habits: a result line is written with one ``write`` and flushed at
once, so a killed process loses only the runs in flight; the trace of a run is closed before its
result line is appended, so every stored result names a complete trace; ``run.json`` is replaced
atomically, never rewritten in place.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import subprocess
import time
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import IO, Any

from pydantic import ValidationError

from harness.loading import find_package_files
from harness.schema import TRACE_EVENT, RunRecord, TraceEvent

RUN_META = "run.json"
RESULTS = "results.jsonl"
TRACES = "traces"
#: ``reports/latest`` sits beside ``reports/runs/``.
RUNS_FOLDER = "runs"
LATEST = "latest"

#: An archive id becomes a file name: no separators, no leading dot, bounded length.
_SAFE_ARCHIVE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$")


class RunDirError(Exception):
    """A run directory that cannot be used as asked (missing, corrupt, mismatched)."""


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def new_run_id(now: datetime | None = None) -> str:
    """UTC timestamp plus a short random part: sortable by time, unique across CI shards."""
    moment = now or utc_now()
    return f"{moment.strftime('%Y%m%dT%H%M%SZ')}-{secrets.token_hex(3)}"


def harness_archive_id(invocation_id: str, run_id: str) -> str:
    """The archive id the harness gives a run whose runner named none: unique per run and case,
    and the same on --resume (the run id is kept), so a re-run overwrites its own stale trace."""
    return f"{invocation_id}-{hashlib.sha256(run_id.encode()).hexdigest()[:8]}"


def is_safe_archive_id(archive_id: str) -> bool:
    return bool(_SAFE_ARCHIVE_ID.match(archive_id)) and ".." not in archive_id


def trace_path(run_dir: Path, archive_id: str) -> Path:
    if not is_safe_archive_id(archive_id):
        raise RunDirError(f"archive id {archive_id!r} is not a safe file name")
    return run_dir / TRACES / f"{archive_id}.jsonl"


# -- run.json --------------------------------------------------------------------------------


def write_run_meta(run_dir: Path, meta: dict[str, Any]) -> None:
    """Replace run.json atomically: a reader never sees half of it."""
    target = run_dir / RUN_META
    tmp = target.with_name(f".{RUN_META}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(meta, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    os.replace(tmp, target)


def read_run_meta(run_dir: Path) -> dict[str, Any]:
    path = Path(run_dir) / RUN_META
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise RunDirError(f"{path}: no such file; not a run directory") from exc
    except json.JSONDecodeError as exc:
        raise RunDirError(f"{path}:{exc.lineno}: invalid JSON: {exc.msg}") from exc
    if not isinstance(meta, dict):
        raise RunDirError(f"{path}: expected a JSON object")
    return meta


# -- results.jsonl ---------------------------------------------------------------------------


def repair_results(run_dir: Path) -> str | None:
    """Cut a torn last line (a write cut short by a kill) back to the last newline.

    Returns a note for run.json when something was cut, else None.
    """
    path = run_dir / RESULTS
    if not path.exists():
        return None
    with path.open("r+b") as handle:
        size = handle.seek(0, os.SEEK_END)
        if size == 0:
            return None
        handle.seek(size - 1)
        if handle.read(1) == b"\n":
            return None
        keep = _last_newline_end(handle, size)
        handle.truncate(keep)
    return f"repaired {RESULTS}: cut a torn last line of {size - keep} bytes at byte {keep}"


def _last_newline_end(handle: IO[bytes], size: int, chunk: int = 65536) -> int:
    end = size
    while end > 0:
        start = max(0, end - chunk)
        handle.seek(start)
        block = handle.read(end - start)
        at = block.rfind(b"\n")
        if at >= 0:
            return start + at + 1
        end = start
    return 0


def _result_lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """Complete lines only: a last line with no newline is a torn write and not a result."""
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, start=1):
            if not raw.endswith(b"\n"):
                return
            if raw.strip():
                yield number, raw


def iter_results(run_dir: Path) -> Iterator[tuple[bytes, RunRecord]]:
    """Each stored line (without its newline) with its RunRecord, in the order runs finished."""
    path = Path(run_dir) / RESULTS
    if not path.exists():
        return
    for number, raw in _result_lines(path):
        try:
            record = RunRecord.model_validate_json(raw)
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first["loc"]) or "<line>"
            raise RunDirError(f"{path}:{number}: {where}: {first['msg']}") from exc
        yield raw.rstrip(b"\r\n"), record


def read_results(run_dir: Path) -> list[RunRecord]:
    """Every stored RunRecord, in the order the runs finished (a torn last line is ignored)."""
    return [record for _, record in iter_results(run_dir)]


class ResultsWriter:
    """Appends RunRecords, one line per ``write``, flushed at once.

    A flush puts the line in the kernel, which survives a kill -9 of this process; ``fsync``, which
    also survives a power cut, is batched every ``fsync_interval`` seconds because it costs a disk
    round trip per call (None: only at close).
    """

    def __init__(self, run_dir: Path, *, fsync_interval: float | None = 1.0) -> None:
        self._handle = (run_dir / RESULTS).open("ab")
        self._fsync_interval = fsync_interval
        self._last_sync = time.monotonic()
        self._dirty = False

    def append(self, record: RunRecord) -> None:
        self.append_line(record.model_dump_json().encode())

    def append_line(self, line: bytes) -> None:
        """Append one serialized record (no newline inside) with a single write."""
        self._handle.write(line + b"\n")
        self._handle.flush()
        self._dirty = True
        if self._fsync_interval is not None:
            now = time.monotonic()
            if now - self._last_sync >= self._fsync_interval:
                self.sync()

    def sync(self) -> None:
        if self._dirty:
            os.fsync(self._handle.fileno())
            self._dirty = False
        self._last_sync = time.monotonic()

    def close(self) -> None:
        if not self._handle.closed:
            self.sync()
            self._handle.close()

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# -- traces ----------------------------------------------------------------------------------


def write_trace(run_dir: Path, archive_id: str, trace: Sequence[TraceEvent]) -> None:
    path = trace_path(run_dir, archive_id)
    data = b"".join(event.model_dump_json().encode() + b"\n" for event in trace)
    # One create and one write: creating a file per run is the largest cost of a fast replay.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def read_trace(run_dir: Path, archive_id: str) -> list[TraceEvent]:
    path = trace_path(Path(run_dir), archive_id)
    events: list[TraceEvent] = []
    with path.open("rb") as handle:
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


# -- provenance ------------------------------------------------------------------------------


def recordings_digest(paths: Iterable[Path]) -> str:
    """A content hash of the package files under ``paths``.

    It hashes the sorted per-file digests, so the same corpus gives the same hash whether it was
    named as ``recordings`` or ``./recordings/sophobot``, and renaming a file changes nothing.
    """
    per_file = sorted(
        hashlib.sha256(path.read_bytes()).hexdigest() for path in find_package_files(list(paths))
    )
    return hashlib.sha256("\n".join(per_file).encode()).hexdigest()


def harness_version() -> str:
    try:
        return metadata.version("shadow-harness")
    except metadata.PackageNotFoundError:
        from harness import __version__

        return __version__


def git_revision(where: Path | None = None) -> str | None:
    """The commit of the harness checkout, with ``+dirty`` when the tree has changes."""
    root = where or Path(__file__).resolve().parents[2]
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
        if head.returncode != 0:
            return None
        status = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    dirty = "+dirty" if status.returncode == 0 and status.stdout.strip() else ""
    return head.stdout.strip() + dirty


def update_latest(run_dir: Path) -> Path | None:
    """Point ``reports/latest`` at ``reports/runs/<run-id>``; only for run directories that sit
    in a ``runs`` folder, so an ad hoc ``--out /tmp/x`` never moves a link elsewhere."""
    run_dir = Path(run_dir)
    if run_dir.parent.name != RUNS_FOLDER:
        return None
    link = run_dir.parent.parent / LATEST
    tmp = link.with_name(f".{LATEST}.{os.getpid()}.tmp")
    target = Path(RUNS_FOLDER) / run_dir.name
    try:
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(target, target_is_directory=True)
        # rename over the old link: there is never a moment without reports/latest.
        os.replace(tmp, link)
    except OSError:
        tmp.unlink(missing_ok=True)
        return None
    return link
