"""Helpers for the sandbox and runner tests: invocations, test programs, process lookups."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from harness.invocation import build_invocation
from harness.schema import CancelToken, Invocation, Limits
from tests.factories import package

PROGRAMS = Path(__file__).parent / "programs"


def invocation(
    stage: str = "reconcile",
    *,
    wall_seconds: float = 20.0,
    grace_seconds: float = 0.3,
    output_bytes: int = 256_000,
    **package_changes: Any,
) -> Invocation:
    inv = build_invocation(
        package(**package_changes),
        stage,
        limits=Limits(wall_seconds=wall_seconds, output_bytes=output_bytes),
    )
    return inv.model_copy(
        update={"cancel": CancelToken(id=inv.cancel.id, grace_seconds=grace_seconds)}
    )


def program(name: str) -> list[str]:
    """argv that runs tests/programs/<name> with this interpreter."""
    return [sys.executable, str(PROGRAMS / name)]


def pids_with(marker: str) -> list[int]:
    """Live processes whose command line contains ``marker`` (zombies excluded)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker.encode() in cmdline and state != "Z":
            found.append(int(entry))
    return found


def count_prepared(ahead: Any) -> list[str]:
    """The invocation ids ``ahead`` (a runner's ``runners.ahead.Ahead``) sets up from now on."""
    prepared: list[str] = []
    inner = ahead._prepare

    def counting(inv: Invocation) -> Any:
        prepared.append(inv.invocation_id)
        return inner(inv)

    ahead._prepare = counting
    return prepared
