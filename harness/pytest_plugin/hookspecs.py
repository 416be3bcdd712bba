"""The plugin's extension points, declared as pytest hook specs (``pytest_addhooks``): a
``conftest.py`` or plugin implements them to watch a shadow session without reaching into it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import pluggy
import pytest

if TYPE_CHECKING:
    from harness.schema import RunRecord, ScoreRecord

hookspec = pluggy.HookspecMarker("pytest")


@hookspec
def pytest_shadow_case_scored(
    item: pytest.Item, record: RunRecord, scores: list[ScoreRecord]
) -> None:
    """A case item's case was replayed (or read back from a resumed run) and scored, before its
    expectations are checked; called in the process that ran it (a worker under xdist)."""


@hookspec
def pytest_shadow_gate_judged(
    config: pytest.Config, suite: str, outcome: Literal["passed", "failed", "skipped"], text: str
) -> None:
    """A suite's gate was judged: ``outcome`` and the decision text it reports. Called in the
    process that judged it: the only one, or the xdist controller once every worker is done."""
