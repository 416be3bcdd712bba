"""The eight stage result contracts, as the seed writes them.

Models write these, so they are ``Open``: extra fields are kept. Enumerations are enforced wherever
the seed gives alternatives. ``CONTRACTS`` maps each stage to its model.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from harness.schema.common import Open, Stage

Confidence = Literal["high", "medium", "low"]


class Citation(Open):
    """A pointer into the package context.

    The seed uses two spellings: ``{"source", "timestamp"}`` (reconcile) and
    ``{"artifact", "offset_or_timestamp"}`` (inquire). ``id`` names an evidence item directly and
    ``quote`` holds words the citation claims appear in it.
    """

    id: str | None = None
    source: str | None = None
    timestamp: str | None = None
    artifact: str | None = None
    offset_or_timestamp: str | None = None
    quote: str | None = None


class Fact(Open):
    claim: str
    evidence: list[Citation] = []


# -- 1. reconcile ------------------------------------------------------------------------------


class ReconcileResult(Open):
    status: Literal["supported", "contradicted", "ambiguous"]
    facts: list[Fact] = []
    conflicts: list[Any] = []
    staleness_flags: list[Any] = []
    recommended_next_check: str | None = None


# -- 2. preflight ------------------------------------------------------------------------------


class Inventory(Open):
    unread_messages: int = Field(default=0, ge=0)
    open_tasks: int = Field(default=0, ge=0)
    recent_actions: int = Field(default=0, ge=0)


class CandidateWork(Open):
    kind: str
    novelty: Literal["new", "repeat", "continuing"] = "new"
    urgency: Literal["low", "medium", "high"] = "medium"
    requires_host_authorization: bool = True


class RepeatRisk(Open):
    kind: str
    last_verified_at: str | None = None
    reason: str = ""


class PreflightResult(Open):
    inventory: Inventory
    candidate_work: list[CandidateWork] = []
    repeat_risk: list[RepeatRisk] = []
    recommended_mode: Literal["act", "wait", "read", "ask_host"]


# -- 3. inquire --------------------------------------------------------------------------------


class InquireResult(Open):
    answer: str
    findings: list[str | Fact] = []
    uncertainties: list[str] = []
    citations: list[Citation] = []
    follow_up_options: list[str] = []


# -- 4. analyze --------------------------------------------------------------------------------


class AnalyzeResult(Open):
    verdict: Literal["pass", "fail", "inconclusive"]
    measurements: dict[str, Any] = {}
    artifacts_examined: list[str] = []
    anomalies: list[Any] = []
    suggested_operations: list[Any] = []
    confidence: Confidence


# -- 5. plan -----------------------------------------------------------------------------------


class PlanStep(Open):
    id: str
    capability: str
    mode: Literal["read", "proposed-write"]
    acceptance: str


class PlanResult(Open):
    goal: str
    steps: list[PlanStep]
    stop_conditions: list[str] = []
    host_decisions_required: list[str] = []


# -- 6. execute --------------------------------------------------------------------------------


class Capability(Open):
    """One verb of a capability manifest, optionally bounded to roots or artifact ids."""

    name: str
    roots: list[str] = []
    artifact_ids: list[str] = []


class CapabilityManifest(Open):
    capabilities: list[Capability]
    forbidden: list[str] = []


class Operation(Open):
    capability: str
    target: str = ""
    status: Literal["done", "skipped", "failed"]


class DeclaredArtifact(Open):
    path: str
    description: str = ""
    sha256: str | None = None
    bytes: int | None = Field(default=None, ge=0)


class ExecuteResult(Open):
    """The seed gives execute's manifest, not its result; this echoes the manifest it ran under,
    the operations it performed and the artifacts it declares for host validation."""

    manifest: CapabilityManifest
    operations: list[Operation] = []
    artifacts: list[DeclaredArtifact] = []
    verification: list[str] = []


# -- 7. critique -------------------------------------------------------------------------------


class CritiqueResult(Open):
    strengths: list[str] = []
    unsupported_claims: list[str] = []
    missing_evidence: list[str] = []
    risks: list[str] = []
    questions_for_host: list[str] = []
    publish_or_commit_recommendation: Literal[
        "not_ready", "conditionally_ready", "ready_for_host_review"
    ]


# -- 8. draft ----------------------------------------------------------------------------------


class DraftResult(Open):
    verified_facts: list[str | Fact] = []
    interpretations: list[str] = []
    draft: str
    claims_needing_host_confirmation: list[str] = []


StageResult = (
    ReconcileResult
    | PreflightResult
    | InquireResult
    | AnalyzeResult
    | PlanResult
    | ExecuteResult
    | CritiqueResult
    | DraftResult
)

CONTRACTS: dict[Stage, type[StageResult]] = {
    Stage.reconcile: ReconcileResult,
    Stage.preflight: PreflightResult,
    Stage.inquire: InquireResult,
    Stage.analyze: AnalyzeResult,
    Stage.plan: PlanResult,
    Stage.execute: ExecuteResult,
    Stage.critique: CritiqueResult,
    Stage.draft: DraftResult,
}
