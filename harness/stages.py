"""The stage registry: for each stage, its contract, Phase 0 manifest, forbidden verbs, role,
acceptance criteria and the highest phase the seed allows it.

An explicit mapping, read by the invocation builder, the runners and the policy; nothing registers
itself at import time.
"""

from __future__ import annotations

from dataclasses import dataclass

from harness.schema import CONTRACTS, Capability, Stage, StageResult

#: The phase ladder of the seed.
PHASES: dict[int, str] = {
    0: "shadow evaluation",
    1: "read-only evidence",
    2: "sandboxed artifacts",
    3: "brokered tools",
    4: "host-confirmed proposals",
}

#: Verbs no stage may use at any phase: durable or outward authority stays with the host.
FORBIDDEN_VERBS: tuple[str, ...] = (
    "session.write",
    "memory.write",
    "journal.append",
    "message.send",
    "schedule.modify",
    "delegate.spawn",
    "raw.exec",
    "registry.register",
    "registry.mutate",
    "focus.mutate",
    "reminder.ack",
    "task.complete",
    "artifact.publish",
    "network.fetch",
    "payment.send",
)

_READ = Capability(name="artifact.read", roots=["input/"])
_SEARCH = Capability(name="evidence.search", roots=["input/"])
_WRITE = Capability(name="artifact.write", roots=["output/"])
_ANALYSIS = (
    Capability(name="analysis.hash", roots=["input/"]),
    Capability(name="analysis.measure", roots=["input/"]),
    Capability(name="analysis.symmetry_scan", roots=["input/"]),
)


@dataclass(frozen=True)
class StageSpec:
    stage: Stage
    question: str
    contract: type[StageResult]
    role: str
    capabilities: tuple[Capability, ...]
    acceptance: tuple[str, ...]
    max_phase: int
    forbidden: tuple[str, ...] = FORBIDDEN_VERBS

    @property
    def capability_names(self) -> frozenset[str]:
        return frozenset(c.name for c in self.capabilities)


_COMMON_ACCEPTANCE = (
    "The result validates against the stage's result schema.",
    "Every claim cites evidence items of the context by id, with quotes that appear in them.",
    "No statement says an external or durable action happened without a successful receipt.",
    "No tool outside the capability manifest, no forbidden verb, no path outside input/ or output/.",
)

STAGE_SPECS: dict[Stage, StageSpec] = {
    Stage.reconcile: StageSpec(
        stage=Stage.reconcile,
        question="What is actually true right now?",
        contract=CONTRACTS[Stage.reconcile],
        role=(
            "Build an evidence-backed state card for the host's question. Receipts and audits "
            "outrank journals, drafts and UI fields. Report only; the host decides what is settled."
        ),
        capabilities=(_READ, _SEARCH),
        acceptance=(*_COMMON_ACCEPTANCE, "status is supported, contradicted or ambiguous."),
        max_phase=1,
    ),
    Stage.preflight: StageSpec(
        stage=Stage.preflight,
        question="Is a new action warranted?",
        contract=CONTRACTS[Stage.preflight],
        role=(
            "Turn the activation into a compact operational briefing: inventory, candidate work and "
            "repeat risk. Do not decide what the agent should care about; recommend a mode."
        ),
        capabilities=(_READ, _SEARCH),
        acceptance=(*_COMMON_ACCEPTANCE, "recommended_mode is act, wait, read or ask_host."),
        max_phase=1,
    ),
    Stage.inquire: StageSpec(
        stage=Stage.inquire,
        question="Investigate this bounded question.",
        contract=CONTRACTS[Stage.inquire],
        role=(
            "Research the bounded question over the context and answer with claims and provenance, "
            "not a polished narrative. No durable writes."
        ),
        capabilities=(_READ, _SEARCH),
        acceptance=(*_COMMON_ACCEPTANCE, "The answer is backed by citations."),
        max_phase=1,
    ),
    Stage.analyze: StageSpec(
        stage=Stage.analyze,
        question="Run a technical or creative evaluation.",
        contract=CONTRACTS[Stage.analyze],
        role=(
            "Measure the artifact set with the bounded tools and return interpretation-ready "
            "evidence. Recommend host worker invocations; never mutate, publish or settle."
        ),
        capabilities=(_READ, _SEARCH, _WRITE, *_ANALYSIS),
        acceptance=(*_COMMON_ACCEPTANCE, "verdict is pass, fail or inconclusive."),
        max_phase=3,
    ),
    Stage.plan: StageSpec(
        stage=Stage.plan,
        question="Convert an approved goal into an executable proposal.",
        contract=CONTRACTS[Stage.plan],
        role=(
            "Produce a staged plan with capabilities, modes, acceptance and stop conditions. Any "
            "write, send or registry change is a proposed-write step and a host decision."
        ),
        capabilities=(_READ, _SEARCH),
        acceptance=(*_COMMON_ACCEPTANCE, "No step takes write authority itself."),
        max_phase=4,
    ),
    Stage.execute: StageSpec(
        stage=Stage.execute,
        question="Perform an approved bounded operation.",
        contract=CONTRACTS[Stage.execute],
        role=(
            "Perform the approved plan under the exact capability manifest in a disposable "
            "workspace. Write only under output/ and declare every artifact."
        ),
        capabilities=(_READ, _WRITE, *_ANALYSIS),
        acceptance=(*_COMMON_ACCEPTANCE, "Every artifact is declared and lies under output/."),
        max_phase=3,
    ),
    Stage.critique: StageSpec(
        stage=Stage.critique,
        question="Give a second-pass challenge, not a final judgment.",
        contract=CONTRACTS[Stage.critique],
        role=(
            "Challenge the subject for overclaiming and missing evidence. Never reopen settled work "
            "without concrete new evidence or an explicit missing verification criterion."
        ),
        capabilities=(_READ, _SEARCH),
        acceptance=(*_COMMON_ACCEPTANCE, "A recommendation from the contract's three values."),
        max_phase=1,
    ),
    Stage.draft: StageSpec(
        stage=Stage.draft,
        question="Prepare language from verified facts.",
        contract=CONTRACTS[Stage.draft],
        role=(
            "Prepare language from verified facts only. Separate facts from interpretation. Never "
            "claim an action happened unless a supplied receipt proves it; flag such claims."
        ),
        capabilities=(_READ, _SEARCH),
        acceptance=(
            *_COMMON_ACCEPTANCE,
            "Unproven claims sit in claims_needing_host_confirmation.",
        ),
        max_phase=1,
    ),
}


def spec(stage: Stage | str) -> StageSpec:
    return STAGE_SPECS[Stage(stage)]
