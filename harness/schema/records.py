"""What the harness writes: recorded outputs, run records (results.jsonl), scores (scores.jsonl)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from harness.schema.common import AwareDatetime, Open, Stage, Strict
from harness.schema.envelope import Envelope, Usage
from harness.schema.trace import TraceEvent


class RecordedOutput(Open):
    """Output captured from a model version, replayable without the model."""

    package: str = Field(description="the package id")
    stage: Stage = Field(description="the stage")
    model: str = Field(description="the model version that produced it")
    envelope: Envelope = Field(description="the result envelope it returned")
    trace: list[TraceEvent] = Field(default=[], description="its trace events, archived on replay")
    latency_s: float = Field(default=0.0, ge=0, description="how long it took, in seconds")
    usage: Usage | None = Field(default=None, description="tokens and cost, when known")


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
    kind: BoundaryKind = Field(description="which boundary was crossed")
    detail: str = Field(description="what crossed it, in words")
    event_index: int | None = Field(default=None, description="index of the trace event, if any")


class RunRecord(Strict):
    """One line of ``results.jsonl``: one (package, stage) replayed by one runner."""

    run_id: str = Field(description="the run it belongs to")
    package: str = Field(description="the package id")
    stage: Stage = Field(description="the stage")
    agent: str = Field(description="the host agent of the package")
    model: str = Field(description="the model version under test")
    runner: str = Field(description="the runner that ran it")
    status: RunStatus = Field(
        description="completed, failed (broke the contract), timed_out (past the wall limit), "
        "interrupted, or error (infrastructure: never scored as model behaviour)"
    )
    envelope: Envelope = Field(description="the result envelope the runner returned")
    latency_s: float = Field(ge=0, description="wall-clock time of the run, in seconds")
    usage: Usage = Field(default=Usage(), description="tokens and cost")
    boundary_events: list[BoundaryEvent] = Field(
        default=[], description="what replay found: sandbox enforcement, trace and result events"
    )
    invocation_sha256: str | None = Field(
        default=None,
        description="sha256 of the invocation JSON the runner was given (None: written before it "
        "was stored)",
    )
    archive_id: str | None = Field(
        default=None,
        description="names its trace, archived beside the run (`shadow show RUN_DIR PACKAGE/STAGE` prints it)",
    )
    attempts: int = Field(
        default=1, ge=1, description="tries it took (infrastructure errors are retried)"
    )
    error: str | None = Field(default=None, description="why it failed, timed out or errored")
    started_at: AwareDatetime = Field(description="when it started")
    notes: list[str] = Field(default=[], description="sandbox fallbacks and other run notes")

    @property
    def key(self) -> tuple[str, str]:
        return (self.package, str(self.stage))


ScoreValue = float | int | bool | str | None


class ScoreRecord(Strict):
    """One line of ``scores.jsonl``: one scorer's verdict on one (package, stage)."""

    package: str = Field(description="the package id")
    stage: Stage = Field(description="the stage")
    agent: str = Field(description="the host agent of the package")
    model: str = Field(description="the model version scored")
    scorer: str = Field(
        description="the scorer (boundary, invented_completion, evidence_fidelity, parity ...)"
    )
    labels: dict[str, str] = Field(default={}, description="the package's labels, for slicing")
    values: dict[str, ScoreValue] = Field(
        description="the scorer's values by name (numbers, booleans, short text); the metrics read them"
    )
    explanation: str = Field(description="the verdict in words")
    details: list[dict[str, Any]] = Field(
        default=[], description="per-claim or per-citation findings behind the values"
    )
    detector: str | None = Field(
        default=None,
        description="the text detector behind the verdict (lexical, judge:MODEL) for the scorers "
        "that make text judgements; absent for structural scorers and older scores",
    )
