"""The stage invocation (harness to runner): every field the seed lists for a Pi invocation.

Built from a package by ``harness.invocation.build_invocation``; it carries the context a stage may
see and never the host outcome or the labels.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from harness.schema.common import AwareDatetime, Stage, Strict
from harness.schema.contracts import Capability
from harness.schema.package import Activation, Constraints, EvidenceItem, Subject


class WorkspacePolicy(Strict):
    input_root: str = "input/"
    output_root: str = "output/"
    input_read_only: bool = True
    disposable: bool = True
    max_file_bytes: int = Field(default=1_000_000, ge=0)
    max_total_bytes: int = Field(default=10_000_000, ge=0)


class Budget(Strict):
    model: str | None = None
    reasoning: str | None = Field(default=None, description="e.g. low, medium, high")
    max_tokens: int | None = Field(default=None, ge=0)
    max_cost_usd: float | None = Field(default=None, ge=0)


class Limits(Strict):
    wall_seconds: float = Field(default=60.0, gt=0)
    tool_calls: int = Field(default=40, ge=0)
    output_bytes: int = Field(default=256_000, gt=0)


class CancelToken(Strict):
    id: str
    grace_seconds: float = Field(default=2.0, ge=0)


class TracePolicy(Strict):
    archive: bool = True
    inline_in_result: bool = False
    trace_file: str | None = Field(
        default=None, description="where a command runner may append trace events (JSON lines)"
    )


class Invocation(Strict):
    invocation_id: str
    package_id: str
    agent: str
    stage: Stage
    phase: int = Field(default=0, ge=0, le=4)
    goal: str
    question: str
    recorded_at: AwareDatetime
    activation: Activation
    context: list[EvidenceItem]
    constraints: Constraints
    subject: Subject
    role: str
    capabilities: list[Capability]
    forbidden: list[str]
    workspace: WorkspacePolicy = WorkspacePolicy()
    budget: Budget = Budget()
    limits: Limits = Limits()
    cancel: CancelToken
    result_schema: dict[str, Any]
    trace_policy: TracePolicy = TracePolicy()
    acceptance: list[str]
