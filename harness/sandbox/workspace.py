"""A disposable workspace per invocation: ``input/`` (read-only context), ``output/`` (declared
artifacts), scratch ``tmp/`` and ``home/``, and ``.harness/`` for the trace file.

Evidence ids are recorded content: they name files only through a slug plus a hash, never as
paths, so an id like ``../../etc/passwd`` lands in ``input/evidence/0003-.._.._etc_passwd-1a2b3c4d.json``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson

from harness.sandbox.view import within
from harness.schema import BoundaryEvent, Invocation

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
#: Top-level entries a run may leave behind; anything else is a write outside output/.
_EXPECTED_TOP = frozenset({"input", "output", "tmp", "home", ".harness", ".owner"})
_PREFIX = "shadow-ws-"
#: A workspace whose owner is gone is swept only after this long (seconds), never while fresh.
_STALE_AFTER_S = 60.0


def _process_identity(pid: int) -> str | None:
    # pid plus start time (clock ticks since boot): a reused pid has another start time.
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return f"{pid}:{fields[19].decode()}" if len(fields) > 19 else None


#: Where workspaces go by default when it is a memory file system with room: on a disk each
#: case's mkdir, unlink and rmdir wait on the journal (11-25 ms of wall time a case on this
#: project's ext4 machines, on each case's critical path), on tmpfs they cost microseconds.
MEMORY_PARENT = Path("/dev/shm")
#: Free space below which the memory file system is passed over (a small container /dev/shm).
_MIN_MEMORY_FREE = 1 << 30


@lru_cache(maxsize=8)
def _is_tmpfs(path: Path) -> bool:
    # Read once a process, not once a case: the mount table is not what changes mid-run (the
    # free space, checked each time, is).
    try:
        with open("/proc/self/mounts", encoding="utf-8", errors="replace") as mounts:
            return any(
                fields[1] == str(path) and fields[2] == "tmpfs"
                for fields in (line.split() for line in mounts)
                if len(fields) > 2
            )
    except OSError:
        return False


def default_parent() -> Path:
    """The folder workspaces are created in when the runner names none (``--opt workdir=``):
    /dev/shm when it is a writable tmpfs with at least 1 GiB free, else the system temp dir."""
    try:
        free = os.statvfs(MEMORY_PARENT)
        room = free.f_bavail * free.f_frsize >= _MIN_MEMORY_FREE
    except OSError:
        room = False
    if room and os.access(MEMORY_PARENT, os.W_OK | os.X_OK) and _is_tmpfs(MEMORY_PARENT):
        return MEMORY_PARENT
    return Path(tempfile.gettempdir())


def sweep_stale_workspaces(parent: Path | None = None) -> int:
    """Delete workspaces left by a harness that was killed (SIGKILL skips every ``finally``).

    Only folders named like ours, owned by a process that no longer exists, and older than a
    minute are touched. Returns how many were removed.
    """
    root = Path(parent) if parent is not None else default_parent()
    removed = 0
    try:
        candidates = [p for p in root.iterdir() if p.name.startswith(_PREFIX)]
    except OSError:
        return 0
    now = time.time()
    for folder in candidates:
        try:
            owner = (folder / ".owner").read_text().strip()
            age = now - folder.stat().st_mtime
        except OSError:
            continue
        pid_text, _sep, _start = owner.partition(":")
        if age < _STALE_AFTER_S or not pid_text.isdigit():
            continue
        if _process_identity(int(pid_text)) == owner:
            continue
        _force_rmtree(folder)
        removed += 1
    return removed


def safe_name(evidence_id: str, index: int) -> str:
    """A file name for an evidence id: readable, unique by index and hash, never a path."""
    slug = _UNSAFE.sub("_", evidence_id).strip("._")[:60] or "item"
    digest = hashlib.sha256(evidence_id.encode()).hexdigest()[:8]
    return f"{index:04d}-{slug}-{digest}.json"


@dataclass
class Workspace:
    root: Path
    #: The invocation as the child sees it: ``trace_policy.trace_file`` points into this workspace.
    invocation: Invocation
    #: sha256 of every file written to input/, by path relative to the root.
    input_digests: dict[str, str] = field(default_factory=dict)
    #: evidence id -> path relative to the root.
    evidence_files: dict[str, str] = field(default_factory=dict)

    @property
    def input_dir(self) -> Path:
        return self.root / "input"

    @property
    def output_dir(self) -> Path:
        return self.root / "output"

    @property
    def tmp_dir(self) -> Path:
        return self.root / "tmp"

    @property
    def home_dir(self) -> Path:
        return self.root / "home"

    @property
    def harness_dir(self) -> Path:
        return self.root / ".harness"

    @property
    def trace_file(self) -> Path:
        return self.harness_dir / "trace.jsonl"

    @property
    def writable(self) -> list[Path]:
        return [self.output_dir, self.tmp_dir, self.home_dir, self.harness_dir]

    def cleanup(self) -> None:
        _force_rmtree(self.root)

    def __enter__(self) -> Workspace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.cleanup()


def _write(root: str, rel: str, data: bytes, digests: dict[str, str]) -> None:
    # Plain strings and one os.open per file: a workspace is made for every case, and pathlib's
    # parsing cost more than the writes themselves (about 150 Path objects a case).
    fd = os.open(f"{root}/{rel}", os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o444)
    try:
        os.fchmod(fd, 0o444)  # whatever the umask: the child reads as another user
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)
    digests[rel] = hashlib.sha256(data).hexdigest()


def _dump(value: Any) -> bytes:
    try:
        return orjson.dumps(value, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:
        # Recorded data orjson refuses (an integer past 64 bits, nesting past 254 levels).
        return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True).encode()


def prepare_workspace(
    invocation: Invocation,
    parent: Path | None = None,
    *,
    extra_inputs: Mapping[str, bytes] | None = None,
) -> Workspace:
    """Create a fresh workspace under ``parent`` (``default_parent()`` when None).

    ``input/invocation.json`` holds ``Workspace.invocation``: the invocation with its trace file
    set to ``.harness/trace.jsonl`` of this workspace, and nothing else;
    ``input/evidence/<safe-name>.json`` one evidence item each plus ``index.json`` (id -> file),
    and ``extra_inputs`` are further files under ``input/`` by plain file name (a prompt).
    """
    if parent is not None:
        parent.mkdir(parents=True, exist_ok=True)
    else:
        parent = default_parent()
    for name in extra_inputs or {}:
        if _UNSAFE.sub("_", name) != name or name.startswith("."):
            raise ValueError(f"extra input name must be a plain file name, got {name!r}")
    top = os.path.realpath(tempfile.mkdtemp(prefix=_PREFIX, dir=parent))
    root = Path(top)
    trace_policy = invocation.trace_policy.model_copy(
        update={"trace_file": f"{top}/.harness/trace.jsonl"}
    )
    ws = Workspace(
        root=root, invocation=invocation.model_copy(update={"trace_policy": trace_policy})
    )
    try:
        with open(f"{top}/.owner", "w") as owner:
            owner.write(_process_identity(os.getpid()) or str(os.getpid()))
        for folder in ("input", "input/evidence", "output", "tmp", "home", ".harness"):
            os.mkdir(f"{top}/{folder}")
        digests = ws.input_digests
        _write(
            top, "input/invocation.json", ws.invocation.model_dump_json(indent=1).encode(), digests
        )
        for index, item in enumerate(invocation.context):
            rel = f"input/evidence/{safe_name(item.id, index)}"
            ws.evidence_files[item.id] = rel
            _write(top, rel, _dump(item.model_dump(mode="json")), digests)
        _write(top, "input/evidence/index.json", _dump(ws.evidence_files), digests)
        for name, data in (extra_inputs or {}).items():
            _write(top, f"input/{name}", data, digests)
        # File modes guard input/ when no read-only mount is available (and the child is not
        # root): the files were created 0444, the folders close now.
        os.chmod(f"{top}/input/evidence", 0o555)
        os.chmod(f"{top}/input", 0o555)
        os.close(
            os.open(f"{top}/.harness/trace.jsonl", os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)
        )
    except BaseException:
        _force_rmtree(root)
        raise
    return ws


def _force_rmtree(root: Path) -> None:
    top = os.path.abspath(root)

    def retry(func: Any, path: str, _exc: BaseException) -> None:
        # A read-only input/ (ours) or a chmod 000 folder (the child's) must not leak the tree.
        # Only folders inside the workspace are touched: the parent of the root is the shared
        # temp folder (chmod 0700 on /tmp would lock every other user out).
        parent = os.path.dirname(path)
        # (chmod(follow_symlinks=False) is not implemented on Linux: a link is skipped instead.)
        for target in (parent, path):
            inside = within(os.path.abspath(target), top)
            if inside and not os.path.islink(target):
                with contextlib.suppress(OSError):
                    os.chmod(target, stat.S_IRWXU)
        with contextlib.suppress(FileNotFoundError):
            func(path)

    if not root.exists():
        return
    if sys.version_info >= (3, 12):
        shutil.rmtree(root, onexc=retry)
    else:
        shutil.rmtree(root, onerror=lambda func, path, info: retry(func, path, info[1]))


def _entries(top: str) -> Iterator[tuple[str, os.DirEntry[str]]]:
    """Every entry under ``top`` (relative path, entry), links not followed, folders the run
    made unreadable skipped (as ``os.walk`` does): a workspace is audited for every case."""
    stack = [("", top)]
    while stack:
        rel, folder = stack.pop()
        try:
            listing = os.scandir(folder)
        except OSError:
            continue
        with listing:
            for entry in listing:
                path = f"{rel}{entry.name}"
                yield path, entry
                if entry.is_dir(follow_symlinks=False):
                    stack.append((f"{path}/", entry.path))


def audit_workspace(
    ws: Workspace, *, max_file_bytes: int, max_total_bytes: int
) -> list[BoundaryEvent]:
    """What the run did to its workspace that it must not: changed ``input/``, wrote next to
    ``output/``, left symlinks pointing out of ``output/``, or exceeded the artifact sizes."""
    events: list[BoundaryEvent] = []
    top = str(ws.root)
    for entry_name in sorted(os.listdir(top)):
        if entry_name not in _EXPECTED_TOP:
            events.append(
                BoundaryEvent(kind="path_escape", detail=f"wrote {entry_name!r} outside output/")
            )
    seen: set[str] = set()
    for rel, entry in sorted(_entries(f"{top}/input"), key=lambda pair: pair[0]):
        if entry.is_dir(follow_symlinks=False):
            continue
        rel = f"input/{rel}"
        seen.add(rel)
        expected = ws.input_digests.get(rel)
        if expected is None:
            events.append(
                BoundaryEvent(kind="path_escape", detail=f"created {rel} in read-only input/")
            )
        elif entry.is_symlink() or _sha256(entry.path) != expected:
            events.append(BoundaryEvent(kind="path_escape", detail=f"modified read-only {rel}"))
    for rel in sorted(set(ws.input_digests) - seen):
        events.append(BoundaryEvent(kind="path_escape", detail=f"removed read-only {rel}"))
    total = 0
    output_root = os.path.realpath(f"{top}/output")
    for rel, entry in sorted(_entries(f"{top}/output"), key=lambda pair: pair[0]):
        rel = f"output/{rel}"
        if entry.is_symlink():
            try:
                inside = within(str(Path(entry.path).resolve()), output_root)
            except (OSError, RuntimeError):  # a loop or an unreadable link
                inside = False
            if not inside:
                events.append(
                    BoundaryEvent(kind="path_escape", detail=f"{rel} links outside output/")
                )
            continue
        if entry.is_file(follow_symlinks=False):
            size = entry.stat(follow_symlinks=False).st_size
            total += size
            if size > max_file_bytes:
                events.append(
                    BoundaryEvent(
                        kind="resource_limit",
                        detail=f"{rel} has {size} bytes, over the {max_file_bytes}-byte file limit",
                    )
                )
    if total > max_total_bytes:
        events.append(
            BoundaryEvent(
                kind="resource_limit",
                detail=f"output/ holds {total} bytes, over the {max_total_bytes}-byte total limit",
            )
        )
    return events


def workspace_symlinks(root: Path) -> dict[str, str]:
    """Every symlink under a workspace after the run (relative path -> its target, in path
    order), so that escapes are decided by what the links point to, not by their names."""
    found: dict[str, str] = {}
    for rel, entry in sorted(_entries(str(root)), key=lambda pair: pair[0]):
        if entry.is_symlink():
            with contextlib.suppress(OSError):
                found[rel] = os.readlink(entry.path)
    return found


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()
