"""What every case of one run shares (``CaseContext``), and the archive-id claims of one process
(``ArchiveIds``; processes sharing a run directory claim in ``harness.rundir.ArchiveLedger``)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from harness.rundir import TraceWriter
from harness.runners.base import Runner
from harness.schema import Limits


class ArchiveClaims(Protocol):
    def claim(self, archive_id: str) -> bool:
        """Take ``archive_id`` for one run; False when another run of this run directory has it."""
        ...


class ArchiveIds:
    """Archive ids taken in this run, in memory: for one process writing one run directory (a
    resumed run starts with the ids its stored results hold)."""

    def __init__(self, taken: Sequence[str] = ()) -> None:
        self._taken = set(taken)
        self._lock = threading.Lock()

    def claim(self, archive_id: str) -> bool:
        with self._lock:
            if archive_id in self._taken:
                return False
            self._taken.add(archive_id)
            return True


@dataclass(frozen=True)
class CaseContext:
    """What every case of one run shares; read-only but for the events and the archive ids."""

    runner: Runner
    run_id: str
    run_dir: Path
    archive_ids: ArchiveClaims
    #: Where this process archives its traces (``run_dir/traces``).
    traces: TraceWriter
    phase: int = 0
    limits: Limits | None = None
    grace_seconds: float | None = None
    retries: int = 2
    retry_backoff: float = 0.5
    #: Set at SIGINT/SIGTERM: hand out no new case, cancel the ones in flight.
    stop: threading.Event = field(default_factory=threading.Event)
    #: Set at a second signal: do not wait out the cancel grace either.
    abandon: threading.Event = field(default_factory=threading.Event)
