"""How many processes score a run (``shadow score --workers``, ``shadow run --score-workers``):
a count, or ``auto``, one per core this process may use once the run is large enough to repay
starting them. The scores are the same bytes whatever the count (``harness.scorers.parts``)."""

from __future__ import annotations

import argparse
import os

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


def usable_cores() -> int:
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def resolve(asked: int | None, cases: int, *, judge: bool = False) -> int:
    """The processes that score ``cases`` cases: one when a judge model is asked (case by case,
    from this process), the count asked for, or ``auto``'s choice."""
    if judge:
        return 1
    if asked is not None:
        return asked
    return usable_cores() if cases >= PARTS_FROM else 1
