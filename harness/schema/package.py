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
    id: str = Field(min_length=1, description="unique within the package; what a citation names")
    kind: EvidenceKind = Field(description="what kind of record the item is")
    source: str = Field(
        min_length=1, description="where the host read it (a file path, a log name)"
    )
    at: AwareDatetime = Field(
        description="when the item was written; never after the package's recorded_at"
    )
    text: str = Field(description="what the stage reads, and where a quoted citation must be found")
    data: dict[str, Any] | None = Field(
        default=None,
        description="optional structure of the same item (e.g. a receipt's action, target, status)",
    )


class Activation(Strict):
    kind: str = Field(min_length=1, description="heartbeat, message, reminder, event, task ...")
    cause: str = Field(
        default="", description="why it fired (scheduled, user message ...), free text"
    )
    at: AwareDatetime = Field(description="when the activation started")


class Cooldown(Strict):
    kind: str = Field(description="the kind of work that cools down (e.g. inbox_recheck)")
    until: AwareDatetime = Field(description="when it may run again")


class QuietHours(Strict):
    start: str = Field(pattern=r"^\d{2}:\d{2}$", description="start of the quiet hours, HH:MM")
    end: str = Field(pattern=r"^\d{2}:\d{2}$", description="end of the quiet hours, HH:MM")
    tz: str = Field(default="UTC", description="the time zone of start and end (IANA name)")


class Constraints(Strict):
    cooldowns: list[Cooldown] = Field(
        default=[], description="kinds of work the host must not start again before a time"
    )
    closed: list[str] = Field(
        default=[], description="ids of matters (threads, tasks) the host has closed"
    )
    quiet_hours: QuietHours | None = Field(
        default=None, description="hours in which the host must not act outward"
    )
    wip_limit: int | None = Field(
        default=None, ge=0, description="most pieces of work the host may have open at once"
    )


class ArtifactRef(Open):
    id: str = Field(description="the artifact's id, as a stage cites it")
    path: str = Field(description="its path under the workspace's input root")
    kind: str = Field(default="file", description="what it is (file, table, image ...)")
    sha256: str | None = Field(default=None, description="digest of its content as recorded")
    expected_sha256: str | None = Field(
        default=None, description="the digest the host expected; a mismatch is an anomaly to find"
    )
    params: dict[str, Any] = Field(
        default={}, description="parameters the artifact was produced with"
    )


class PlanStepInput(Open):
    id: str = Field(description="the step's id in the approved plan")
    capability: str = Field(description="the capability (verb) the step uses")
    mode: Literal["read", "proposed-write"] = Field(
        default="read", description="read, or proposed-write (a write the host must approve)"
    )
    acceptance: str = Field(default="", description="how the step's success is judged")


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
    id: str = Field(
        description="the receipt's id; an evidence item of the same id when it existed by recorded_at"
    )
    action: str = Field(description="the verb of the action (e.g. message.send)")
    target: str = Field(description="what it acted on (e.g. patrick)")
    status: ReceiptStatus = Field(
        description="succeeded proves the action happened; queued, pending, failed, cancelled do not"
    )
    at: AwareDatetime = Field(description="when the host recorded the status")

    @property
    def succeeded(self) -> bool:
        return self.status in SUCCESS_STATUSES


class HostCheck(Strict):
    kind: str = Field(description="the kind of check (e.g. inbox_recheck)")
    target: str = Field(description="what was checked (e.g. dm:patrick)")
    at: AwareDatetime = Field(description="when the host checked")
    redundant: bool = Field(
        description="true where nothing had changed since the last verification"
    )


class DuplicateRisk(Strict):
    action: str = Field(description="the verb that could be repeated")
    target: str = Field(description="what it would act on again")
    receipt: str | None = Field(
        default=None, description="the evidence id of the receipt of the first time, if any"
    )


class ExpectedFact(Strict):
    claim: str = Field(description="the fact in words")
    holds: bool = Field(description="whether it is true as of recorded_at")
    evidence: list[str] = Field(default=[], description="evidence ids that show it")


class ReconcileExpect(Strict):
    status: Literal["supported", "contradicted", "ambiguous"] = Field(
        description="whether the evidence supports the belief, contradicts it, or leaves it open"
    )
    facts: list[ExpectedFact] = Field(
        default=[], description="the facts a correct answer states, each true or false"
    )


class PreflightExpect(Strict):
    recommended_mode: Literal["act", "wait", "read", "ask_host"] = Field(
        description="what the host should do next: act, wait, read or ask the host"
    )
    repeat_risk: list[str] = Field(
        default=[], description="kinds of work that would repeat a recent check"
    )
    inventory: dict[str, int] = Field(
        default={}, description="expected counts (unread_messages, open_tasks, recent_actions)"
    )


class InquireExpect(Strict):
    answer_keywords: list[str] = Field(default=[], description="words a correct answer contains")
    citations: list[str] = Field(default=[], description="evidence ids a good answer cites")


class AnalyzeExpect(Strict):
    verdict: Literal["pass", "fail", "inconclusive"] = Field(
        description="the verdict on the artifact set"
    )
    anomalies: list[str] = Field(default=[], description="artifact ids or keywords of anomalies")


class PlanExpect(Strict):
    host_decisions_required: list[str] = Field(
        default=[], description="decisions the plan must leave to the host"
    )
    write_capabilities: list[str] = Field(
        default=[], description="capabilities that may appear only as proposed-write steps"
    )


class ExecuteExpect(Strict):
    artifacts: list[str] = Field(default=[], description="paths under output/ the run must declare")


class CritiqueExpect(Strict):
    recommendation: Literal["not_ready", "conditionally_ready", "ready_for_host_review"] = Field(
        description="whether the draft is ready for the host's review"
    )
    unsupported_claims: list[str] = Field(
        default=[], description="claims of the draft the evidence does not support"
    )


class DraftExpect(Strict):
    must_not_assert: list[str] = Field(
        default=[], description="'action:target' never asserted done"
    )
    must_include: list[str] = Field(default=[], description="facts the draft should carry")


class StageExpectations(Strict):
    reconcile: ReconcileExpect | None = Field(
        default=None, description="what the host expected of reconcile"
    )
    preflight: PreflightExpect | None = Field(
        default=None, description="what the host expected of preflight"
    )
    inquire: InquireExpect | None = Field(
        default=None, description="what the host expected of inquire"
    )
    analyze: AnalyzeExpect | None = Field(
        default=None, description="what the host expected of analyze"
    )
    plan: PlanExpect | None = Field(default=None, description="what the host expected of plan")
    execute: ExecuteExpect | None = Field(
        default=None, description="what the host expected of execute"
    )
    critique: CritiqueExpect | None = Field(
        default=None, description="what the host expected of critique"
    )
    draft: DraftExpect | None = Field(default=None, description="what the host expected of draft")

    def for_stage(self, stage: Stage | str) -> Strict | None:
        value: Strict | None = getattr(self, str(stage))
        return value


class HostOutcome(Strict):
    receipts: list[HostReceipt] = Field(
        default=[],
        description="what really happened, with status; only a success dated by recorded_at proves an action",
    )
    decisive_evidence: list[str] = Field(
        default=[], description="evidence ids a good answer rests on"
    )
    checks: list[HostCheck] = Field(
        default=[],
        description="the checks the host made during the activation (the baseline for repeat-check reduction)",
    )
    settled: list[str] = Field(
        default=[],
        description="matters the host had already closed; reopening one without new evidence adds a repeat",
    )
    duplicate_risks: list[DuplicateRisk] = Field(
        default=[],
        description="outward actions that already happened and this activation could repeat",
    )
    expect: StageExpectations = Field(
        default=StageExpectations(), description="the host's own judgement, per stage"
    )


class Package(Strict):
    format: Literal["shadow-package/1"] = Field(
        default="shadow-package/1",
        description="format and version of the package; `shadow-package/1`",
    )
    id: str = Field(
        pattern=r"^[A-Za-z0-9][A-Za-z0-9._:-]*$",
        max_length=200,
        description="unique id of the package across the recordings (letters, digits, . _ : -)",
    )
    agent: str = Field(
        min_length=1, description="the host agent whose activation this records (e.g. vojan, uhdim)"
    )
    recorded_at: AwareDatetime = Field(
        description="the 'as of' instant: nothing dated after it existed when the stage would have run"
    )
    activation: Activation = Field(description="what woke the host agent")
    question: str = Field(description="what the stage is asked, in the host's words")
    stages: list[Stage] = Field(
        min_length=1, description="the stages this package can be replayed through, each once"
    )
    context: list[EvidenceItem] = Field(
        description="the evidence items a stage may see and cite; the only things it may cite"
    )
    constraints: Constraints = Field(
        default=Constraints(),
        description="cooldowns, closed matters, quiet hours and work-in-progress limit in force",
    )
    subject: Subject = Field(
        default=Subject(),
        description="stage-specific input the host chose (the draft to critique, the artifacts to analyze ...)",
    )
    host: HostOutcome = Field(
        description="the ground truth: what the host really did and knew; never shown to a stage"
    )
    labels: dict[str, str] = Field(
        default={},
        description="free tags for slicing reports (failure_mode, origin ...); never used as answers",
    )

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
