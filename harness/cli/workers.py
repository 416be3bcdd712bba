"""How many processes score a run (``shadow score --workers``, ``shadow run --score-workers``):
a count, or ``auto``, one per core this process may use once the run is large enough to repay
starting them. The scores are the same bytes whatever the count (``harness.scorers.parts``)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

#: Below this many cases one process scores: starting workers would cost more than they save.
PARTS_FROM = 500

HELP = (
    "processes that score parts of the run side by side (default auto: one per usable core for "
    f"runs of {PARTS_FROM} cases or more, else 1); the scores are the same bytes whatever N; "
    "a judge detector always scores from one process"
)


def workers_arg(text: str) -> int | None:
    """argparse type: ``auto`` (None, decided from the run's size) or a count of at least 1."""
    if text == "auto":
        return None
    try:
        count = int(text)
    except ValueError:
        count = 0
    if count < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not 'auto' or a whole number >= 1")
    return count


def usable_cores(cgroup: Path = Path("/sys/fs/cgroup")) -> int:
    """The cores this process may run on, bounded by a CPU quota of its cgroup: a container
    limited to one CPU's time sees every core of its host, and workers beyond the quota would
    only take turns."""
    if hasattr(os, "sched_getaffinity"):
        cores = len(os.sched_getaffinity(0))
    else:
        cores = os.cpu_count() or 1
    quota = cpu_quota(cgroup)
    return max(1, min(cores, quota) if quota is not None else cores)


def cpu_quota(cgroup: Path) -> int | None:
    """Whole CPUs of the cgroup's quota, rounded up (cgroup v2 ``cpu.max``, or v1
    ``cpu/cpu.cfs_quota_us`` over ``cpu.cfs_period_us``); None with no quota or none readable."""
    try:
        quota, _, period = (cgroup / "cpu.max").read_text().strip().partition(" ")
    except OSError:
        try:
            quota = (cgroup / "cpu" / "cpu.cfs_quota_us").read_text().strip()
            period = (cgroup / "cpu" / "cpu.cfs_period_us").read_text().strip()
        except OSError:
            return None
    try:
        allowed, every = int(quota), int(period)
    except ValueError:
        return None  # "max": no quota
    return -(-allowed // every) if allowed > 0 and every > 0 else None


def resolve(asked: int | None, cases: int, *, judge: bool = False) -> int:
    """The processes that score ``cases`` cases: one when a judge model is asked (case by case,
    from this process), the count asked for, or ``auto``'s choice."""
    if judge:
        return 1
    if asked is not None:
        return asked
    return usable_cores() if cases >= PARTS_FROM else 1
