"""The traces of a run directory: one append-only file per writing process, with an index.

Layout 3 (written today), in ``traces/``:

* ``<writer>.traces``: one record per run, ``{"archive_id": ..., "events": [...]}`` and a newline,
  appended with one ``write``. ``<writer>`` is ``run`` for ``shadow run`` and the worker id for a
  pytest-xdist worker, so no two processes ever append to one file.
* ``<writer>.index``: one line per record, ``archive_id<TAB>offset<TAB>length<TAB>time_ns``, written
  after its record. A reader loads the indexes (a few dozen bytes per case) and reads a trace with
  one positioned read; the newest entry of an id wins (a case re-run on resume writes again).
* ``claims``: archive ids taken by any writer of the run (``ArchiveLedger``), so workers that know
  nothing of each other never store two traces under one id.

Layouts 1 and 2 stored one file per run, ``traces/<archive_id>.jsonl`` of event lines; creating a
file per case was the largest cost of a fast replay on a real disk. Those files still read: an id
the indexes do not hold is looked up there.

Crash safety: a record is complete before its index line and both before the run's result line, so
a kill -9 leaves at most a torn last record or index line with no result naming it. A reader checks
every record it reads (length, final newline, its own archive id), and ``repair_traces`` cuts torn
tails when a run resumes; ``TraceStore.has`` lets resume re-run a case whose trace did not survive.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import orjson
from pydantic import ValidationError

from harness.loading import validation_errors
from harness.rundir.read import TRACES, RunDirError, is_safe_archive_id, trace_path
from harness.rundir.write import cut_torn_tail
from harness.schema import TRACE_EVENT, TraceEvent
from harness.untrusted.parse import (
    MAX_LINE_BYTES,
    BadInput,
    LoadError,
    parse_json_object,
    read_lines,
)

SEGMENT_SUFFIX = ".traces"
INDEX_SUFFIX = ".index"
CLAIMS = "claims"
#: The writer name of ``shadow run`` (one process writes the whole run).
RUN_WRITER = "run"
#: A record holds a whole trace; the sandbox caps a trace file at MAX_LINE_BYTES.
MAX_RECORD_BYTES = 2 * MAX_LINE_BYTES


class _Entry(NamedTuple):
    segment: int
    offset: int
    length: int
    stamp: int
    #: Where the index line is, for errors: (index file, line number).
    index_file: int
    line: int


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


class TraceWriter:
    """Appends the traces of one process's runs to ``traces/<name>.traces`` and its index; safe
    to share between the threads of a replay."""

    def __init__(self, run_dir: Path, name: str = RUN_WRITER, *, keep: bool = False) -> None:
        if not is_safe_archive_id(name):
            raise RunDirError(f"trace writer name {name!r} is not a safe file name")
        folder = Path(run_dir) / TRACES
        folder.mkdir(parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND
        self._segment = os.open(folder / f"{name}{SEGMENT_SUFFIX}", flags, 0o644)
        self._index = os.open(folder / f"{name}{INDEX_SUFFIX}", flags, 0o644)
        self._lock = threading.Lock()
        #: With ``keep``, each record written waits here until ``take`` hands it over: a caller
        #: that scores the case at once reads its trace as stored without reading the file.
        self._kept: dict[str, bytes] | None = {} if keep else None

    def take(self, archive_id: str) -> bytes | None:
        """The record last written under ``archive_id`` (``keep`` only), forgotten here."""
        with self._lock:
            return None if self._kept is None else self._kept.pop(archive_id, None)

    def write(self, archive_id: str, trace: Sequence[TraceEvent]) -> None:
        if not is_safe_archive_id(archive_id):
            raise RunDirError(f"archive id {archive_id!r} is not a safe file name")
        events = b",".join(event.model_dump_json().encode() for event in trace)
        record = b'{"archive_id":' + orjson.dumps(archive_id) + b',"events":[' + events + b"]}\n"
        with self._lock:
            # This process alone appends to the segment, so its end is where the record lands.
            offset = os.lseek(self._segment, 0, os.SEEK_END)
            _write_all(self._segment, record)
            line = f"{archive_id}\t{offset}\t{len(record)}\t{time.time_ns()}\n"
            _write_all(self._index, line.encode())
            if self._kept is not None:
                self._kept[archive_id] = record

    def close(self) -> None:
        with self._lock:
            for fd in (self._segment, self._index):
                if fd >= 0:
                    os.close(fd)
            self._segment = self._index = -1
            if self._kept is not None:
                self._kept.clear()

    def __enter__(self) -> TraceWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ArchiveLedger:
    """Archive ids claimed by every writer of one run directory (``traces/claims``, appended under
    an exclusive lock): for pytest-xdist workers, none of which knows the others' ids."""

    def __init__(self, run_dir: Path) -> None:
        self._run_dir = Path(run_dir)
        folder = self._run_dir / TRACES
        folder.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(folder / CLAIMS, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        self._known: set[str] = set()
        self._read_to = 0
        self._lock = threading.Lock()

    def claim(self, archive_id: str) -> bool:
        """Take ``archive_id``; False when another run of this run directory has it."""
        with self._lock:
            fcntl.flock(self._fd, fcntl.LOCK_EX)
            try:
                self._catch_up()
                # A run directory of layout 1/2 being resumed holds ids as files.
                if archive_id in self._known or trace_path(self._run_dir, archive_id).exists():
                    return False
                line = archive_id.encode() + b"\n"
                _write_all(self._fd, line)
                self._known.add(archive_id)
                self._read_to += len(line)
                return True
            finally:
                fcntl.flock(self._fd, fcntl.LOCK_UN)

    def _catch_up(self) -> None:
        end = os.fstat(self._fd).st_size
        if end <= self._read_to:
            return
        data = os.pread(self._fd, end - self._read_to, self._read_to)
        whole = data[: data.rfind(b"\n") + 1]
        self._known.update(line.decode(errors="replace") for line in whole.split(b"\n") if line)
        self._read_to += len(whole)

    def close(self) -> None:
        with self._lock:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1


class TraceStore:
    """The archived traces of a run directory, read by archive id (both layouts).

    Opening reads every index; each trace is then one positioned read of its record, checked
    before it is believed. Index lines that do not read are skipped into ``errors``."""

    def __init__(self, run_dir: Path) -> None:
        self._run_dir = Path(run_dir)
        self._segments: list[Path] = []
        self._indexes: list[Path] = []
        #: Per index: the bytes read so far (whole lines), and how many lines they held.
        self._read: list[tuple[int, int]] = []
        self._where: dict[str, _Entry] = {}
        self._fds: dict[int, int] = {}
        self.errors: list[LoadError] = []
        folder = self._run_dir / TRACES
        if folder.is_dir():
            for index in sorted(folder.glob(f"*{INDEX_SUFFIX}")):
                self._load_index(index, index.with_suffix(SEGMENT_SUFFIX))

    def _load_index(self, index: Path, segment: Path) -> None:
        self._segments.append(segment)
        self._indexes.append(index)
        self._read.append((0, 0))
        self._read_index(len(self._indexes) - 1)

    def refresh(self) -> None:
        """Read what the run's trace writers have appended since: a process scoring a run while
        it is being replayed sees the traces of the cases written after it opened the store
        (a new writer's files are not looked for: a replay writes to one)."""
        for which in range(len(self._indexes)):
            self._read_index(which)

    def _read_index(self, which: int) -> None:
        index, number = self._indexes[which], which
        done, lines = self._read[which]
        with index.open("rb") as handle:
            handle.seek(done)
            for read in read_lines(handle):
                if not read.terminated:
                    break  # a line still being written, or torn by a kill: read again later
                line = read._replace(number=read.number + lines)
                done += read.length
                self._read[which] = (done, line.number)
                if line.blank:
                    continue
                fields = line.data.split(b"\t")
                try:
                    archive_id = fields[0].decode()
                    offset, length, stamp = (int(f) for f in fields[1:])
                    if not is_safe_archive_id(archive_id) or min(offset, length) < 0:
                        raise ValueError
                except ValueError:
                    self.errors.append(
                        LoadError(str(index), line.number, "<line>", "not an index line")
                    )
                    continue
                known = self._where.get(archive_id)
                if known is None or stamp >= known.stamp:
                    self._where[archive_id] = _Entry(
                        number, offset, length, stamp, which, line.number
                    )

    def __contains__(self, archive_id: object) -> bool:
        return isinstance(archive_id, str) and self.has(archive_id)

    def has(self, archive_id: str) -> bool:
        """Whether a complete trace is stored under ``archive_id`` (its record is whole on disk,
        or a layout 1/2 file exists); nothing is parsed."""
        entry = self._where.get(archive_id)
        if entry is not None:
            try:
                size = self._segments[entry.segment].stat().st_size
            except OSError:
                return False
            if entry.offset + entry.length > size:
                return False
            return self._pread(entry, entry.offset + entry.length - 1, 1) == b"\n"
        return is_safe_archive_id(archive_id) and trace_path(self._run_dir, archive_id).exists()

    def read(
        self,
        archive_id: str | None,
        *,
        missing_ok: bool = False,
        errors: list[LoadError] | None = None,
    ) -> list[TraceEvent]:
        """The archived trace of a run. With ``missing_ok`` a run that archived none (no id, an
        id that is not a file name, nothing stored) has an empty trace; otherwise that is an
        error. A bad event, or a record cut short, is skipped into ``errors``."""
        if missing_ok and (not archive_id or not is_safe_archive_id(archive_id)):
            return []
        entry = self._where.get(archive_id or "")
        if entry is None:
            return _read_legacy(self._run_dir, archive_id or "", missing_ok, errors)
        name = f"{self._segments[entry.segment]} (record at byte {entry.offset})"
        try:
            if entry.length > MAX_RECORD_BYTES:
                raise BadInput("<record>", f"longer than {MAX_RECORD_BYTES} bytes")
            data = self._pread(entry, entry.offset, entry.length)
            if len(data) != entry.length:
                raise BadInput("<record>", "cut short (a write interrupted by a kill?)")
        except (BadInput, OSError) as exc:
            return _refused(exc, name, entry.line, missing_ok, errors)
        return decode_trace(data, archive_id or "", name, entry.line, missing_ok, errors)

    def _pread(self, entry: _Entry, offset: int, length: int) -> bytes:
        fd = self._fds.get(entry.segment)
        if fd is None:
            fd = self._fds[entry.segment] = os.open(self._segments[entry.segment], os.O_RDONLY)
        return os.pread(fd, length, offset)

    def close(self) -> None:
        for fd in self._fds.values():
            os.close(fd)
        self._fds.clear()

    def __enter__(self) -> TraceStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _refused(
    exc: BadInput | OSError, name: str, line: int, missing_ok: bool, errors: list[LoadError] | None
) -> list[TraceEvent]:
    where, message = (exc.where, exc.message) if isinstance(exc, BadInput) else ("<file>", str(exc))
    if not missing_ok:
        raise RunDirError(f"{name}: {where}: {message}") from exc
    if errors is not None:
        errors.append(LoadError(name, line, where, message))
    return []


def decode_trace(
    data: bytes,
    archive_id: str,
    name: str,
    line: int,
    missing_ok: bool,
    errors: list[LoadError] | None,
) -> list[TraceEvent]:
    """The events of one stored record (as ``TraceStore.read`` reads it, or as ``TraceWriter``
    kept it): checked whole (its final newline, its own archive id), a bad event skipped into
    ``errors``; a bad record is an error, or with ``missing_ok`` an empty trace."""
    try:
        if len(data) > MAX_RECORD_BYTES:
            raise BadInput("<record>", f"longer than {MAX_RECORD_BYTES} bytes")
        if not data.endswith(b"\n"):
            raise BadInput("<record>", "cut short (a write interrupted by a kill?)")
        value = parse_json_object(data)
        if value.get("archive_id") != archive_id or not isinstance(value.get("events"), list):
            raise BadInput("archive_id", "the index names another record")
    except BadInput as exc:
        return _refused(exc, name, line, missing_ok, errors)
    events: list[TraceEvent] = []
    for number, raw in enumerate(value["events"]):
        try:
            events.append(TRACE_EVENT.validate_python(raw))
        except ValidationError as exc:
            found = validation_errors(name, line, exc)[:1]
            if errors is not None:
                errors.extend(
                    LoadError(e.file, e.line, f"events.{number}.{e.field}", e.message)
                    for e in found
                )
    return events


def _read_legacy(
    run_dir: Path, archive_id: str, missing_ok: bool, errors: list[LoadError] | None
) -> list[TraceEvent]:
    """A trace of layout 1/2: ``traces/<archive_id>.jsonl``, one event per line."""
    path = trace_path(run_dir, archive_id)
    events: list[TraceEvent] = []
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        if missing_ok:
            return []
        raise
    name = str(path)
    with handle:
        for line in read_lines(handle):
            if line.blank:
                continue
            try:
                if line.too_long:
                    raise BadInput("<line>", f"longer than {MAX_LINE_BYTES} bytes")
                events.append(TRACE_EVENT.validate_python(parse_json_object(line.data)))
            except BadInput as exc:
                if errors is not None:
                    errors.append(LoadError(name, line.number, exc.where, exc.message))
            except ValidationError as exc:
                if errors is not None:
                    errors.extend(validation_errors(name, line.number, exc)[:1])
    return events


def read_trace(
    run_dir: Path,
    archive_id: str | None,
    *,
    missing_ok: bool = False,
    errors: list[LoadError] | None = None,
) -> list[TraceEvent]:
    """One archived trace (opens the run's indexes: a reader of many traces keeps a TraceStore)."""
    with TraceStore(run_dir) as store:
        return store.read(archive_id, missing_ok=missing_ok, errors=errors)


def repair_traces(run_dir: Path) -> list[str]:
    """Cut torn last records and index lines (writes cut short by a kill); notes for run.json."""
    folder = Path(run_dir) / TRACES
    notes: list[str] = []
    if not folder.is_dir():
        return notes
    for path in sorted([*folder.glob(f"*{SEGMENT_SUFFIX}"), *folder.glob(f"*{INDEX_SUFFIX}")]):
        cut = cut_torn_tail(path)
        if cut is not None:
            notes.append(
                f"repaired {TRACES}/{path.name}: cut a torn last line of {cut[1]} bytes at byte {cut[0]}"
            )
    return notes
