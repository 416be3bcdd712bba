"""What the harness writes: recorded outputs, run records (results.jsonl), scores (scores.jsonl)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from harness.schema.common import AwareDatetime, Open, Stage, Strict
from harness.schema.envelope import Envelope, Usage
from harness.schema.trace import TraceEvent


class RecordedOutput(Open):
    """Output captured from a model version, replayable without the model."""

    package: str
    stage: Stage
    model: str
    envelope: Envelope
    trace: list[TraceEvent] = []
    latency_s: float = Field(default=0.0, ge=0)
    usage: Usage | None = None


BoundaryKind = Literal[
    "tool_not_in_manifest",
    "forbidden_verb",
    "path_escape",
    "tool_call_cap",
    "wall_time",
    "cancel_ignored",
    "output_cap",
    "schema_invalid",
    "missing_archive_id",
    "trace_inlined",
    "outward_authority",
    "resource_limit",
]


#: A run's status: the envelope's own statuses, plus ``error`` for infrastructure (the runner
#: crashed before answering, the model server was down, the harness machinery timed out), which
#: is never scored as model behaviour. ``failed`` is an answer that broke the contract, and
#: ``timed_out`` a model that ran past its wall limit.
RunStatus = Literal["completed", "interrupted", "timed_out", "failed", "error"]


class BoundaryEvent(Strict):
    kind: BoundaryKind
    detail: str
    event_index: int | None = Field(default=None, description="index of the trace event, if any")


class RunRecord(Strict):
    """One line of ``results.jsonl``: one (package, stage) replayed by one runner."""

    run_id: str
    package: str
    stage: Stage
    agent: str
    model: str
    runner: str
    status: RunStatus = Field(
        description="completed, failed (broke the contract), timed_out (past the wall limit), "
        "interrupted, or error (infrastructure: never scored as model behaviour)"
    )
    envelope: Envelope
    latency_s: float = Field(ge=0)
    usage: Usage = Usage()
    boundary_events: list[BoundaryEvent] = Field(
        default=[], description="what replay found: sandbox enforcement, trace and result events"
    )
    invocation_sha256: str | None = Field(
        default=None,
        description="sha256 of the invocation JSON the runner was given (None: written before it "
        "was stored)",
    )
    archive_id: str | None = None
    attempts: int = Field(default=1, ge=1)
    error: str | None = None
    started_at: AwareDatetime
    notes: list[str] = Field(default=[], description="sandbox fallbacks and other run notes")

    @property
    def key(self) -> tuple[str, str]:
        return (self.package, str(self.stage))


ScoreValue = float | int | bool | str | None


class ScoreRecord(Strict):
    """One line of ``scores.jsonl``: one scorer's verdict on one (package, stage)."""

    package: str
    stage: Stage
    agent: str
    model: str
    scorer: str
    labels: dict[str, str] = {}
    values: dict[str, ScoreValue]
    explanation: str
    details: list[dict[str, Any]] = []
    #: The text detector behind the verdict (``lexical``, ``judge:MODEL``), for the scorers that
    #: make text judgements; absent in scores written before detectors were named.
    detector: str | None = None
