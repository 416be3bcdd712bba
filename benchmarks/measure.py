"""Run one command as its own process and measure it: wall time, CPU time and peak RSS.

Peak RSS comes from ``wait4``'s rusage for that one child (``ru_maxrss``, kilobytes on Linux), so
every step of a pipeline is measured in a process of its own and no figure mixes two steps. The
CPU time is the child's and its waited-for descendants' (user + system), which is what a sandboxed
runner costs the machine beyond the parent.

``ru_maxrss`` is the largest single process, not the memory of the whole tree: a step that scores
in several processes (``--workers``) uses more than it says. ``tree_peak_mb`` is the largest sum
of the proportional set sizes (PSS: a page shared by N processes counts 1/N in each, so pages a
fork shares are counted once) over the child and all its descendants, sampled every 0.2 s from
``/proc`` (None where ``/proc/<pid>/smaps_rollup`` is missing): a sample, so a peak shorter than
the interval can be missed.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Measured:
    argv: tuple[str, ...]
    wall_s: float
    cpu_s: float
    peak_mb: float
    returncode: int
    stdout: str
    stderr: str
    tree_peak_mb: float | None = None


def run(
    argv: Sequence[str], cwd: Path, *, env: dict[str, str] | None = None, ok: Sequence[int] = (0,)
) -> Measured:
    started = time.perf_counter()
    with subprocess.Popen(
        list(argv),
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "COLUMNS": "120", **(env or {})},
    ) as proc:
        sampler = TreeMemory(proc.pid)
        sampler.start()
        # communicate() reads both pipes; wait4 then reaps this child alone with its own rusage.
        out, err = _drain(proc)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        sampler.stop()
    wall = time.perf_counter() - started
    result = Measured(
        tuple(argv),
        wall,
        usage.ru_utime + usage.ru_stime,
        usage.ru_maxrss / 1024,
        proc.returncode,
        out,
        err,
        sampler.peak_mb,
    )
    if result.returncode not in ok:
        raise SystemExit(
            f"{' '.join(argv)} failed ({result.returncode}) in {cwd}:\n"
            f"{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
        )
    return result


class TreeMemory:
    """The largest PSS sum over a process and its descendants, sampled in a thread."""

    def __init__(self, pid: int, interval: float = 0.2) -> None:
        self._pid = pid
        self._interval = interval
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.peak_mb: float | None = None

    def start(self) -> None:
        if Path(f"/proc/{self._pid}/smaps_rollup").exists():
            self._thread.start()

    def stop(self) -> None:
        self._done.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        while not self._done.wait(self._interval):
            total = sum(_pss_kb(pid) for pid in _tree(self._pid))
            if total and (self.peak_mb is None or total / 1024 > self.peak_mb):
                self.peak_mb = total / 1024


def _tree(root: int) -> list[int]:
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                children = Path(f"/proc/{pid}/task/{task}/children").read_text().split()
                todo.extend(int(child) for child in children)
        except OSError:
            continue  # the process ended meanwhile
    return found


def _pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _drain(proc: subprocess.Popen[bytes]) -> tuple[str, str]:
    chunks: dict[str, bytes] = {}

    def read(name: str, stream: object) -> None:
        chunks[name] = stream.read()  # type: ignore[attr-defined]

    threads = [
        threading.Thread(target=read, args=("out", proc.stdout)),
        threading.Thread(target=read, args=("err", proc.stderr)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return (
        chunks.get("out", b"").decode(errors="replace"),
        chunks.get("err", b"").decode(errors="replace"),
    )


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def load() -> str:
    """The machine's load averages (1, 5, 15 min) as ``uptime`` prints them."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f}"
