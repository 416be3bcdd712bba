"""The ``shadow_run`` fixture: a case of the session's runner from a plain test function."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import pytest

from harness.pytest_plugin.session import session_of

if TYPE_CHECKING:
    from harness.schema import Envelope, ScoreRecord, TraceEvent


class ShadowResult(NamedTuple):
    """What the ``shadow_run`` fixture returns: the runner's envelope, its archived trace and the
    scores of the case by scorer name (``scores["parity"].values["match"]``)."""

    envelope: Envelope
    trace: list[TraceEvent]
    scores: dict[str, ScoreRecord]


@pytest.fixture
def shadow_run(request: pytest.FixtureRequest) -> Callable[[str, str], ShadowResult]:
    """``shadow_run(package_id, stage)`` replays the case with the session's runner (once per
    session), stores it in the run directory and returns (envelope, trace, scores). A case a
    suite item already ran is read back from the run directory; asked again, the same objects."""
    session = session_of(request.config)

    def run(package_id: str, stage: str) -> ShadowResult:
        from harness.schema import Stage

        package = session.find_package(package_id)
        outcome = session.case(package, Stage(stage))
        return ShadowResult(outcome.record.envelope, outcome.trace, outcome.by_scorer)

    return run
