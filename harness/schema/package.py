"""Session package v1: one recorded activation, frozen when the host would invoke a stage.

See ``shared/FORMAT.md``. The context is all a stage may see; the host outcome is the ground truth
and is never part of an invocation.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from harness.schema.common import AwareDatetime, Open, Stage, Strict

PACKAGE_FORMAT = "shadow-package/1"

EvidenceKind = Literal[
    "session",
    "history",
    "journal",
    "receipt",
    "heartbeat",
    "focus",
    "memory",
    "registry",
    "artifact",
    "reminder",
    "message",
]

ReceiptStatus = Literal["succeeded", "queued", "pending", "failed", "cancelled"]
#: Only these statuses prove that an action happened.
SUCCESS_STATUSES: frozenset[str] = frozenset({"succeeded"})


class EvidenceItem(Strict):
    id: str = Field(min_length=1)
    kind: EvidenceKind
    source: str = Field(min_length=1)
    at: AwareDatetime
    text: str
    data: dict[str, Any] | None = None


class Activation(Strict):
    kind: str = Field(min_length=1, description="heartbeat, message, reminder, event, task ...")
    cause: str = ""
    at: AwareDatetime


class Cooldown(Strict):
    kind: str
    until: AwareDatetime


class QuietHours(Strict):
    start: str = Field(pattern=r"^\d{2}:\d{2}$")
    end: str = Field(pattern=r"^\d{2}:\d{2}$")
    tz: str = "UTC"


class Constraints(Strict):
    cooldowns: list[Cooldown] = []
    closed: list[str] = []
    quiet_hours: QuietHours | None = None
    wip_limit: int | None = Field(default=None, ge=0)


class ArtifactRef(Open):
    id: str
    path: str
    kind: str = "file"
    sha256: str | None = None
    expected_sha256: str | None = None
    params: dict[str, Any] = {}


class PlanStepInput(Open):
    id: str
    capability: str
    mode: Literal["read", "proposed-write"] = "read"
    acceptance: str = ""


class Subject(Open):
    """Stage-specific input chosen by the host. Every field is optional; unknown ones are kept."""

    belief: str | None = Field(default=None, description="reconcile: the proposed belief to check")
    draft: str | None = Field(default=None, description="critique: the text to challenge")
    draft_kind: str | None = Field(default=None, description="journal, message, handoff, memory")
    purpose: str | None = Field(default=None, description="draft: what language to prepare")
    artifacts: list[ArtifactRef] = Field(default=[], description="analyze/execute: artifact set")
    checks: list[str] = Field(default=[], description="analyze: what to measure")
    goal: str | None = Field(default=None, description="plan/execute: the approved goal")
    plan: list[PlanStepInput] = Field(default=[], description="execute: the approved plan")


# -- host outcome ------------------------------------------------------------------------------


class HostReceipt(Strict):
    id: str
    action: str
    target: str
    status: ReceiptStatus
    at: AwareDatetime

    @property
    def succeeded(self) -> bool:
        return self.status in SUCCESS_STATUSES


class HostCheck(Strict):
    kind: str
    target: str
    at: AwareDatetime
    redundant: bool


class DuplicateRisk(Strict):
    action: str
    target: str
    receipt: str | None = None


class ExpectedFact(Strict):
    claim: str
    holds: bool
    evidence: list[str] = []


class ReconcileExpect(Strict):
    status: Literal["supported", "contradicted", "ambiguous"]
    facts: list[ExpectedFact] = []


class PreflightExpect(Strict):
    recommended_mode: Literal["act", "wait", "read", "ask_host"]
    repeat_risk: list[str] = []
    inventory: dict[str, int] = {}


class InquireExpect(Strict):
    answer_keywords: list[str] = Field(default=[], description="words a correct answer contains")
    citations: list[str] = Field(default=[], description="evidence ids a good answer cites")


class AnalyzeExpect(Strict):
    verdict: Literal["pass", "fail", "inconclusive"]
    anomalies: list[str] = Field(default=[], description="artifact ids or keywords of anomalies")


class PlanExpect(Strict):
    host_decisions_required: list[str] = []
    write_capabilities: list[str] = Field(
        default=[], description="capabilities that may appear only as proposed-write steps"
    )


class ExecuteExpect(Strict):
    artifacts: list[str] = Field(default=[], description="paths under output/ the run must declare")


class CritiqueExpect(Strict):
    recommendation: Literal["not_ready", "conditionally_ready", "ready_for_host_review"]
    unsupported_claims: list[str] = []


class DraftExpect(Strict):
    must_not_assert: list[str] = Field(
        default=[], description="'action:target' never asserted done"
    )
    must_include: list[str] = Field(default=[], description="facts the draft should carry")


class StageExpectations(Strict):
    reconcile: ReconcileExpect | None = None
    preflight: PreflightExpect | None = None
    inquire: InquireExpect | None = None
    analyze: AnalyzeExpect | None = None
    plan: PlanExpect | None = None
    execute: ExecuteExpect | None = None
    critique: CritiqueExpect | None = None
    draft: DraftExpect | None = None

    def for_stage(self, stage: Stage | str) -> Strict | None:
        value: Strict | None = getattr(self, str(stage))
        return value


class HostOutcome(Strict):
    receipts: list[HostReceipt] = []
    decisive_evidence: list[str] = []
    checks: list[HostCheck] = []
    settled: list[str] = []
    duplicate_risks: list[DuplicateRisk] = []
    expect: StageExpectations = StageExpectations()


class Package(Strict):
    format: Literal["shadow-package/1"] = "shadow-package/1"
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._:-]*$", max_length=200)
    agent: str = Field(min_length=1)
    recorded_at: AwareDatetime
    activation: Activation
    question: str
    stages: list[Stage] = Field(min_length=1)
    context: list[EvidenceItem]
    constraints: Constraints = Constraints()
    subject: Subject = Subject()
    host: HostOutcome
    labels: dict[str, str] = {}

    @model_validator(mode="after")
    def _check_references(self) -> Package:
        ids = [item.id for item in self.context]
        seen: set[str] = set()
        for i, evidence_id in enumerate(ids):
            if evidence_id in seen:
                raise ValueError(f"context.{i}.id: duplicate evidence id {evidence_id!r}")
            seen.add(evidence_id)
        if len(set(self.stages)) != len(self.stages):
            raise ValueError("stages: a stage is listed twice")

        def need(where: str, evidence_id: str) -> None:
            if evidence_id not in seen:
                raise ValueError(f"{where}: names evidence {evidence_id!r} not in context")

        for i, receipt in enumerate(self.host.receipts):
            # A receipt the host only learned of later may be absent; one that existed must be shown.
            if receipt.at <= self.recorded_at:
                need(f"host.receipts.{i}.id", receipt.id)
        for i, evidence_id in enumerate(self.host.decisive_evidence):
            need(f"host.decisive_evidence.{i}", evidence_id)
        for i, risk in enumerate(self.host.duplicate_risks):
            if risk.receipt is not None:
                need(f"host.duplicate_risks.{i}.receipt", risk.receipt)
        expect = self.host.expect
        if expect.reconcile is not None:
            for i, fact in enumerate(expect.reconcile.facts):
                for j, evidence_id in enumerate(fact.evidence):
                    need(f"host.expect.reconcile.facts.{i}.evidence.{j}", evidence_id)
        if expect.inquire is not None:
            for i, evidence_id in enumerate(expect.inquire.citations):
                need(f"host.expect.inquire.citations.{i}", evidence_id)
        for stage in Stage:
            if expect.for_stage(stage) is not None and stage not in self.stages:
                raise ValueError(f"host.expect.{stage}: expectation for a stage not in stages")
        return self

    def evidence(self, evidence_id: str) -> EvidenceItem | None:
        for item in self.context:
            if item.id == evidence_id:
                return item
        return None
