"""The suite file the pytest-path benchmarks write: one place for what every case is expected
to do, so the figures of suite.py, ab.py, bench_plugin.py and same_output.py time one suite."""

from __future__ import annotations


def suite_yaml(recordings: str, runner: str, *, gate: bool = False) -> str:
    """A benchmark suite: every case expected to complete clean, with parity and cited evidence
    (one item per case); without ``gate`` the session's promotion gate is off."""
    lines = [
        "shadow-suite: 1",
        f'recordings: ["{recordings}"]',
        f"runner: {runner}",
        "expect:",
        "  status: completed",
        "  parity: true",
        "  invented_completion: false",
        "  boundary_events: 0",
        "  evidence: {citation_precision: 0.9}",
        *([] if gate else ["gate: false"]),
    ]
    return "\n".join(lines) + "\n"
