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
    input_root: str = Field(
        default="input/", description="folder of the inputs, relative to the workspace"
    )
    output_root: str = Field(
        default="output/", description="folder the stage may write to, relative to the workspace"
    )
    input_read_only: bool = Field(default=True, description="inputs may not be changed")
    disposable: bool = Field(default=True, description="the workspace is deleted after the run")
    max_file_bytes: int = Field(
        default=1_000_000, ge=0, description="largest file the stage may write"
    )
    max_total_bytes: int = Field(
        default=10_000_000, ge=0, description="most bytes the stage may write in all"
    )


class Budget(Strict):
    model: str | None = Field(
        default=None, description="the model the stage should use, when the host fixes one"
    )
    reasoning: str | None = Field(default=None, description="e.g. low, medium, high")
    max_tokens: int | None = Field(default=None, ge=0, description="most tokens the stage may use")
    max_cost_usd: float | None = Field(
        default=None, ge=0, description="most the stage may spend, in US dollars"
    )


class Limits(Strict):
    wall_seconds: float = Field(
        default=60.0, gt=0, description="wall-clock limit of the run, in seconds"
    )
    tool_calls: int = Field(default=40, ge=0, description="most tool calls the run may make")
    output_bytes: int = Field(
        default=256_000, gt=0, description="largest envelope the run may return, in bytes"
    )


class CancelToken(Strict):
    id: str = Field(description="the id a cancel request names")
    grace_seconds: float = Field(
        default=2.0, ge=0, description="seconds the stage has to stop after a cancel"
    )


class TracePolicy(Strict):
    archive: bool = Field(default=True, description="the trace is archived beside the run")
    inline_in_result: bool = Field(
        default=False,
        description="the trace may be inlined in the result (never: an inlined trace is a hygiene finding)",
    )
    trace_file: str | None = Field(
        default=None, description="where a command runner may append trace events (JSON lines)"
    )


class Invocation(Strict):
    invocation_id: str = Field(description="unique id of this invocation (package, stage and run)")
    package_id: str = Field(description="the package it was built from")
    agent: str = Field(description="the host agent of the package")
    stage: Stage = Field(description="the stage to run")
    phase: int = Field(
        default=0,
        ge=0,
        le=4,
        description="the phase the stage runs at (0 shadow ... 4); fixes its capabilities",
    )
    goal: str = Field(description="the bounded goal of the stage, in words")
    question: str = Field(description="the package's question")
    recorded_at: AwareDatetime = Field(description="the package's 'as of' instant")
    activation: Activation = Field(description="what woke the host agent")
    context: list[EvidenceItem] = Field(
        description="the evidence the stage may see and cite (minimized from the package)"
    )
    constraints: Constraints = Field(description="the package's constraints")
    subject: Subject = Field(description="the package's stage-specific input")
    role: str = Field(description="the stage's role, in words")
    capabilities: list[Capability] = Field(
        description="the manifest of verbs the stage may use, each bounded to roots"
    )
    forbidden: list[str] = Field(description="verbs the stage must never use (outward actions)")
    workspace: WorkspacePolicy = Field(
        default=WorkspacePolicy(), description="where the stage reads and writes files"
    )
    budget: Budget = Field(
        default=Budget(), description="model, reasoning effort, tokens and cost the stage may spend"
    )
    limits: Limits = Field(
        default=Limits(), description="wall time, tool calls and output size the stage may use"
    )
    cancel: CancelToken = Field(
        description="the token a cancel names, and how long the stage has to stop"
    )
    result_schema: dict[str, Any] = Field(description="JSON Schema of the stage's result contract")
    trace_policy: TracePolicy = Field(
        default=TracePolicy(),
        description="how the trace is kept: archived beside the run, never inlined",
    )
    acceptance: list[str] = Field(description="what an acceptable result does, in words")
