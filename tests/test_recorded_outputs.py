"""The shipped recorded outputs are what the reference runner answers today.

When a change to the runner makes this fail, re-record (README, "Recordings") in the same commit:
stale recordings would make `--runner recorded` compare a model that no longer exists."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from harness.invocation import build_invocation
from harness.loading import load_packages, load_recorded_outputs
from harness.runners.reference import ReferenceRunner

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("profile", ["careful", "credulous"])
def test_recorded_outputs_match_the_reference_runner(profile: str) -> None:
    packages = {p.id: p for p in load_packages([ROOT / "recordings" / "sophobot"]).items}
    recorded = load_recorded_outputs([ROOT / "recordings" / "outputs" / f"reference-{profile}"])
    assert recorded.errors == []
    assert len(recorded.items) == sum(len(p.stages) for p in packages.values())
    runner, cancel = ReferenceRunner(profile), threading.Event()  # type: ignore[arg-type]
    stale = []
    for output in recorded.items:
        fresh = runner.run(build_invocation(packages[output.package], output.stage), cancel)
        if fresh.envelope != output.envelope or fresh.trace != output.trace:
            stale.append(f"{output.package}[{output.stage}]")
    assert stale == [], f"{len(stale)} stale recorded outputs, e.g. {stale[:5]}"
