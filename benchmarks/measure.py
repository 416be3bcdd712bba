"""Run one command as its own process and measure it: wall time, CPU time and peak RSS.

Peak RSS comes from ``wait4``'s rusage for that one child (``ru_maxrss``, kilobytes on Linux), so
every step of a pipeline is measured in a process of its own and no figure mixes two steps. The
CPU time is the child's and its waited-for descendants' (user + system), which is what a sandboxed
runner costs the machine beyond the parent.
"""

from __future__ import annotations

import os
import statistics
import subprocess
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
        # communicate() reads both pipes; wait4 then reaps this child alone with its own rusage.
        out, err = _drain(proc)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - started
    result = Measured(
        tuple(argv),
        wall,
        usage.ru_utime + usage.ru_stime,
        usage.ru_maxrss / 1024,
        proc.returncode,
        out,
        err,
    )
    if result.returncode not in ok:
        raise SystemExit(
            f"{' '.join(argv)} failed ({result.returncode}) in {cwd}:\n"
            f"{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
        )
    return result


def _drain(proc: subprocess.Popen[bytes]) -> tuple[str, str]:
    import threading

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
