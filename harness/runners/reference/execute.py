"""execute: run the approved plan under the exact manifest, in process.

The reference runner writes no files. It declares every artifact it would write under output/
with the sha256 of the exact content it would write (or, for a verbatim copy, the digest of the
source), so the host can validate the declaration the same way it validates a real run.
"""

from __future__ import annotations

import hashlib
import json
import os
import re

from harness.runners.reference.artifact_checks import safe_input_path
from harness.runners.reference.evidence import Evidence
from harness.runners.reference.judge import drifts
from harness.runners.reference.outcome import StageOutcome
from harness.runners.reference.profile import PROFILES, Profile
from harness.schema import CapabilityManifest, Claim, DeclaredArtifact, ExecuteResult, ToolReceipt
from harness.schema.contracts import Operation
from harness.schema.package import ArtifactRef, PlanStepInput
from harness.text.prose import words

#: Reports state facts, so their content follows the careful rules whatever the profile.
_CAREFUL_VIEW = PROFILES["careful"]
_OUTPUT_PATH = re.compile(r"output/[A-Za-z0-9._/-]*[A-Za-z0-9_-]")


def _paths_in(text: str) -> tuple[list[str], list[str]]:
    """Files and directories under output/ named in a step's text."""
    files: list[str] = []
    dirs: list[str] = []
    for match in _OUTPUT_PATH.finditer(text):
        path = match.group(0)
        if ".." in path.split("/"):
            continue
        end = match.end()
        if end < len(text) and text[end] == "/":
            dirs.append(path + "/")
        elif "." in os.path.basename(path):
            files.append(path)
        else:
            dirs.append(path.rstrip("/") + "/")
    return files, dirs


def _copies(refs: list[ArtifactRef]) -> list[ArtifactRef]:
    return [r for r in refs if "snapshot" in r.path or "snap" in r.id]


def _planned_paths(
    step: PlanStepInput, refs: list[ArtifactRef], goal: str
) -> list[tuple[str, ArtifactRef | None]]:
    files, dirs = _paths_in(step.acceptance)
    if files:
        return [(f, None) for f in files]
    folder = dirs[0] if dirs else "output/"
    tokens = set(words(step.acceptance))
    out: list[tuple[str, ArtifactRef | None]] = []
    sources = (
        _copies(refs) or [r for r in refs if r.path.split("input/", 1)[-1] in goal] or refs[:1]
    )
    if tokens & {"candidate", "candidates", "copied", "copy", "restore", "restored"}:
        out.extend((folder + os.path.basename(r.path), r) for r in sources)
    if "diff" in tokens and sources:
        stem = os.path.splitext(os.path.basename(sources[0].path))[0]
        out.append((f"{folder}{stem}-diff.md", None))
    if not out:
        out.append((f"{folder}{step.id}.md", None))
    return out


def _content(path: str, ev: Evidence, refs: list[ArtifactRef], goal: str) -> str:
    """The report the reference runner would write: plain facts from the subject and context."""
    if path.endswith(".sha256"):
        return "".join(f"{r.sha256}  {r.path.split('input/', 1)[-1]}\n" for r in refs if r.sha256)
    if path.endswith(".json"):
        rows = [
            {"path": d.path, "intended": d.intended, "reason": d.reason}
            for d in drifts(ev, _CAREFUL_VIEW)
        ]
        return json.dumps({"goal": goal, "mismatches": rows}, indent=2, sort_keys=True) + "\n"
    lines = [f"# {goal}", ""]
    for r in refs:
        state = (
            "matches"
            if r.sha256 and r.sha256 == r.expected_sha256
            else "differs"
            if r.expected_sha256
            else "recorded"
        )
        lines.append(f"- {r.path.split('input/', 1)[-1]}: sha256 {r.sha256 or 'n/a'} ({state})")
    for d in drifts(ev, _CAREFUL_VIEW):
        lines.append(f"- drift {d.path}: {d.reason}")
    return "\n".join(lines) + "\n"


def run(ev: Evidence, profile: Profile) -> StageOutcome:
    inv = ev.invocation
    goal = inv.subject.goal or inv.question
    refs = list(inv.subject.artifacts)
    allowed = {c.name for c in inv.capabilities}
    forbidden = set(inv.forbidden)
    manifest = CapabilityManifest(
        capabilities=list(inv.capabilities), forbidden=list(inv.forbidden)
    )
    operations: list[Operation] = []
    artifacts: list[DeclaredArtifact] = []
    receipts: list[ToolReceipt] = []
    verification: list[str] = []
    uncertainties: list[str] = []
    for step in inv.subject.plan:
        cap = step.capability
        if step.mode == "proposed-write" or cap in forbidden or cap not in allowed:
            # Outward or durable effects stay with the host, whatever the plan says.
            operations.append(Operation(capability=cap, target=step.id, status="skipped"))
            uncertainties.append(f"Step {step.id} ({cap}) needs host authority; not performed")
            continue
        if cap == "artifact.write":
            for path, source in _planned_paths(step, refs, goal):
                if source is not None and source.sha256:
                    digest, size = source.sha256, None
                    description = f"verbatim copy of {source.path}"
                else:
                    body = _content(path, ev, refs, goal).encode()
                    digest, size = hashlib.sha256(body).hexdigest(), len(body)
                    description = f"{step.id}: {step.acceptance}"
                ev.record("artifact.write", {"path": path}, f"declared {path} sha256={digest[:12]}")
                artifacts.append(
                    DeclaredArtifact(path=path, description=description, sha256=digest, bytes=size)
                )
                receipts.append(
                    ToolReceipt(
                        tool="artifact.write",
                        target=path,
                        status="ok",
                        detail="declared, not written (in-process)",
                    )
                )
            operations.append(Operation(capability=cap, target=step.id, status="done"))
            continue
        for ref in refs:
            in_path = safe_input_path(ref.path)
            if in_path is None:
                uncertainties.append(f"{ref.path} is outside input/; not read")
                continue
            ev.record(cap, {"path": in_path}, ref.sha256 or "read")
        operations.append(Operation(capability=cap, target=step.id, status="done"))
        verification.append(f"{step.id}: {step.acceptance or 'done'}")
    for ref in refs:
        if ref.expected_sha256 and ref.sha256 and ref.sha256 != ref.expected_sha256:
            verification.append(f"{ref.id}: digest differs from the ledger")
    result = ExecuteResult(
        manifest=manifest, operations=operations, artifacts=artifacts, verification=verification
    )
    claims = [
        Claim(text=d.claim, evidence=[ev.cite(i, d.name) for i in d.basis])
        for d in drifts(ev, profile)
    ]
    done = sum(1 for o in operations if o.status == "done")
    summary = f"Executed {done}/{len(operations)} step(s); declared {len(artifacts)} artifact(s) under output/."
    return StageOutcome(
        result=result,
        summary=summary,
        claims=claims,
        next_steps=["Host validates the declared artifacts before promoting any of them"],
        confidence="high" if done == len(operations) else "medium",
        uncertainties=uncertainties,
        artifacts=artifacts,
        receipts=receipts,
    )
