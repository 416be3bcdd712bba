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

    id: str | None = Field(default=None, description="id of the evidence item cited")
    source: str | None = Field(
        default=None, description="the item's source (reconcile's spelling, with timestamp)"
    )
    timestamp: str | None = Field(default=None, description="the item's time (with source)")
    artifact: str | None = Field(
        default=None, description="the artifact or item cited (inquire's spelling)"
    )
    offset_or_timestamp: str | None = Field(
        default=None, description="where in the artifact (with artifact)"
    )
    quote: str | None = Field(
        default=None,
        description="words the citation says appear in the item; checked against its text",
    )


class Fact(Open):
    claim: str = Field(description="the fact in words")
    evidence: list[Citation] = Field(default=[], description="citations that show it")


# -- 1. reconcile ------------------------------------------------------------------------------


class ReconcileResult(Open):
    status: Literal["supported", "contradicted", "ambiguous"] = Field(
        description="whether the evidence supports the belief, contradicts it, or leaves it open"
    )
    facts: list[Fact] = Field(default=[], description="the facts found, each with its citations")
    conflicts: list[Any] = Field(default=[], description="evidence items that disagree")
    staleness_flags: list[Any] = Field(default=[], description="evidence that may be out of date")
    recommended_next_check: str | None = Field(
        default=None, description="the one check that would settle what is open"
    )


# -- 2. preflight ------------------------------------------------------------------------------


class Inventory(Open):
    unread_messages: int = Field(default=0, ge=0, description="unread messages")
    open_tasks: int = Field(default=0, ge=0, description="open tasks")
    recent_actions: int = Field(default=0, ge=0, description="outward actions taken recently")


class CandidateWork(Open):
    kind: str = Field(description="the kind of work")
    novelty: Literal["new", "repeat", "continuing"] = Field(
        default="new", description="new, a repeat, or continuing earlier work"
    )
    urgency: Literal["low", "medium", "high"] = Field(
        default="medium", description="low, medium or high"
    )
    requires_host_authorization: bool = Field(
        default=True, description="the host must approve it first"
    )


class RepeatRisk(Open):
    kind: str = Field(description="the kind of work that would repeat")
    last_verified_at: str | None = Field(default=None, description="when it was last verified")
    reason: str = Field(default="", description="why it would be a repeat")


class PreflightResult(Open):
    inventory: Inventory = Field(description="counts of what is waiting")
    candidate_work: list[CandidateWork] = Field(
        default=[], description="work the host could take up"
    )
    repeat_risk: list[RepeatRisk] = Field(
        default=[], description="work that would repeat a recent check"
    )
    recommended_mode: Literal["act", "wait", "read", "ask_host"] = Field(
        description="what the host should do next: act, wait, read or ask the host"
    )


# -- 3. inquire --------------------------------------------------------------------------------


class InquireResult(Open):
    answer: str = Field(description="the answer to the question")
    findings: list[str | Fact] = Field(
        default=[], description="what was found, as text or facts with citations"
    )
    uncertainties: list[str] = Field(default=[], description="what stays unknown")
    citations: list[Citation] = Field(default=[], description="the evidence the answer rests on")
    follow_up_options: list[str] = Field(
        default=[], description="questions or checks that would go further"
    )


# -- 4. analyze --------------------------------------------------------------------------------


class AnalyzeResult(Open):
    verdict: Literal["pass", "fail", "inconclusive"] = Field(
        description="pass, fail or inconclusive"
    )
    measurements: dict[str, Any] = Field(default={}, description="what was measured, by name")
    artifacts_examined: list[str] = Field(default=[], description="ids of the artifacts read")
    anomalies: list[Any] = Field(default=[], description="what is wrong or unexpected")
    suggested_operations: list[Any] = Field(
        default=[], description="operations that would fix or check further"
    )
    confidence: Confidence = Field(description="high, medium or low")


# -- 5. plan -----------------------------------------------------------------------------------


class PlanStep(Open):
    id: str = Field(description="the step's id")
    capability: str = Field(description="the capability (verb) the step uses")
    mode: Literal["read", "proposed-write"] = Field(
        description="read, or proposed-write (a write the host must approve)"
    )
    acceptance: str = Field(description="how the step's success is judged")


class PlanResult(Open):
    goal: str = Field(description="the goal the plan serves")
    steps: list[PlanStep] = Field(description="the steps, in order")
    stop_conditions: list[str] = Field(default=[], description="when to stop and hand back")
    host_decisions_required: list[str] = Field(
        default=[], description="decisions the plan leaves to the host"
    )


# -- 6. execute --------------------------------------------------------------------------------


class Capability(Open):
    """One verb of a capability manifest, optionally bounded to roots or artifact ids."""

    name: str = Field(description="the verb (e.g. file.read)")
    roots: list[str] = Field(
        default=[], description="paths the verb is bounded to (none: unbounded)"
    )
    artifact_ids: list[str] = Field(default=[], description="artifacts the verb is bounded to")


class CapabilityManifest(Open):
    capabilities: list[Capability] = Field(description="the verbs allowed")
    forbidden: list[str] = Field(default=[], description="verbs never allowed")


class Operation(Open):
    capability: str = Field(description="the verb used")
    target: str = Field(default="", description="what it acted on")
    status: Literal["done", "skipped", "failed"] = Field(description="done, skipped or failed")


class DeclaredArtifact(Open):
    path: str = Field(description="its path under the workspace's output root")
    description: str = Field(default="", description="what it holds")
    sha256: str | None = Field(default=None, description="digest of its content")
    bytes: int | None = Field(default=None, ge=0, description="its size")


class ExecuteResult(Open):
    """The seed gives execute's manifest, not its result; this echoes the manifest it ran under,
    the operations it performed and the artifacts it declares for host validation."""

    manifest: CapabilityManifest = Field(description="the capability manifest the run was given")
    operations: list[Operation] = Field(default=[], description="the operations performed")
    artifacts: list[DeclaredArtifact] = Field(
        default=[], description="the files produced, declared for the host to validate"
    )
    verification: list[str] = Field(default=[], description="how the run checked its own work")


# -- 7. critique -------------------------------------------------------------------------------


class CritiqueResult(Open):
    strengths: list[str] = Field(default=[], description="what the draft does well")
    unsupported_claims: list[str] = Field(
        default=[], description="claims of the draft the evidence does not support"
    )
    missing_evidence: list[str] = Field(default=[], description="evidence the draft would need")
    risks: list[str] = Field(default=[], description="what could go wrong if it were published")
    questions_for_host: list[str] = Field(default=[], description="what only the host can answer")
    publish_or_commit_recommendation: Literal[
        "not_ready", "conditionally_ready", "ready_for_host_review"
    ] = Field(description="whether the draft is ready for the host's review")


# -- 8. draft ----------------------------------------------------------------------------------


class DraftResult(Open):
    verified_facts: list[str | Fact] = Field(
        default=[], description="facts the evidence shows, as text or with citations"
    )
    interpretations: list[str] = Field(
        default=[], description="readings of the facts, marked as such"
    )
    draft: str = Field(description="the prepared text")
    claims_needing_host_confirmation: list[str] = Field(
        default=[], description="claims only the host can confirm"
    )


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
