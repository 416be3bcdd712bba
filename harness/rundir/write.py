"""The run directory, write side: ``run.json`` replaced atomically, the append-only
``results.jsonl`` and its torn-line repair (traces: ``harness.rundir.traces``), the ``reports/latest`` link, provenance.

The format itself (file names, readers with ``file:line`` errors) is ``harness.rundir.read``;
``run.json``'s fields are ``harness.rundir.meta.RunMeta``.

Crash safety rests on three habits: a result line is written with one ``write`` and flushed at
once, so a killed process loses only the runs in flight; the trace of a run is closed before its
result line is appended, so every stored result names a complete trace; ``run.json`` is replaced
atomically, never rewritten in place.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import subprocess
import time
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import IO, Any

from harness.loading import Span, find_package_files
from harness.rundir.meta import RunMeta
from harness.rundir.read import RESULTS, RUN_META, load_run_meta
from harness.schema import RunRecord, RunStatus

#: The statuses run.json counts, in its order.
STATUSES: tuple[RunStatus, ...] = ("completed", "failed", "timed_out", "interrupted", "error")
#: ``reports/latest`` sits beside ``reports/runs/``.
RUNS_FOLDER = "runs"
LATEST = "latest"


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


# -- run.json --------------------------------------------------------------------------------


def write_json(target: Path, data: dict[str, Any]) -> None:
    """Replace a JSON file atomically: a reader never sees half of it (the temporary name holds
    the pid, so processes writing beside each other never share one)."""
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, target)


def write_run_meta(run_dir: Path, meta: RunMeta | Mapping[str, Any]) -> None:
    """Write run.json in today's layout; a field the model does not know is an error here, at the
    writer, not a key no reader looks at."""
    model = meta if isinstance(meta, RunMeta) else RunMeta.model_validate(dict(meta))
    write_json(run_dir / RUN_META, model.to_json())


def record_policy(run_dir: Path, digest: str) -> None:
    """Note in run.json the digest of the policy a report of the run decided with. A folder of
    scores without run.json (reported by name) has nowhere to note it and is left as it is."""
    if not (run_dir / RUN_META).is_file():
        return
    meta = load_run_meta(run_dir)
    if meta.policy_sha256 != digest:
        write_run_meta(run_dir, meta.model_copy(update={"policy_sha256": digest}))


def run_counts(statuses: Mapping[str, int], planned: int, recorded: int) -> dict[str, int]:
    """run.json's ``counts``: planned cases, recorded ones by status, and those still pending."""
    counts = {"planned": planned}
    counts.update({status: statuses.get(status, 0) for status in STATUSES})
    counts["pending"] = max(0, planned - recorded)
    return counts


# -- results.jsonl ---------------------------------------------------------------------------


def repair_results(run_dir: Path) -> str | None:
    """Cut a torn last line (a write cut short by a kill) back to the last newline.

    Returns a note for run.json when something was cut, else None.
    """
    cut = cut_torn_tail(run_dir / RESULTS)
    if cut is None:
        return None
    keep, removed = cut
    return f"repaired {RESULTS}: cut a torn last line of {removed} bytes at byte {keep}"


def cut_torn_tail(path: Path) -> tuple[int, int] | None:
    """Cut an append-only file back to its last newline; (where, bytes cut), or None if whole."""
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
    return keep, size - keep


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


def write_results(run_dir: Path, lines: Iterable[bytes]) -> None:
    """Replace results.jsonl with ``lines`` atomically (a resume dropping results it cannot use)."""
    target = run_dir / RESULTS
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    with tmp.open("wb") as handle:
        for line in lines:
            handle.write(line + b"\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, target)


class ResultsWriter:
    """Appends RunRecords, one line per ``write``, flushed at once.

    A flush puts the line in the kernel, which survives a kill -9 of this process; ``fsync``, which
    also survives a power cut, is batched every ``fsync_interval`` seconds because it costs a disk
    round trip per call (None: only at close).
    """

    def __init__(self, run_dir: Path, *, fsync_interval: float | None = 1.0) -> None:
        self._handle = (run_dir / RESULTS).open("ab")
        #: Lines this writer has appended (scoring processes name lines by their number).
        self.lines = 0
        self._fsync_interval = fsync_interval
        self._last_sync = time.monotonic()
        self._dirty = False

    def append(self, record: RunRecord) -> None:
        self.append_line(record.model_dump_json().encode())

    def append_line(self, line: bytes) -> Span:
        """Append one serialized record (no newline inside) with a single write; where it went.
        (Opened for appending, the file's position is its end: this process alone appends.)"""
        offset = self._handle.tell()
        self._handle.write(line + b"\n")
        self._handle.flush()
        self.lines += 1
        self._dirty = True
        if self._fsync_interval is not None:
            now = time.monotonic()
            if now - self._last_sync >= self._fsync_interval:
                self.sync()
        return Span(offset, len(line) + 1)

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
