"""analyze: bounded measurements over the subject's artifact set.

Three checks cover the corpus's analysis work: digests against the ledger (provenance), job
receipts against the artifacts they claim to have produced (media validation), and measurements
against the thresholds the host set (symmetry scans and audits).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from harness.runners.reference.artifact_checks import (
    Anomaly,
    artifact_measurements,
    check_thresholds,
    hash_anomalies,
    items_for,
    media_anomalies,
    output_anomalies,
    safe_input_path,
    stated,
)
from harness.runners.reference.beliefs import Finding
from harness.runners.reference.evidence import Evidence
from harness.runners.reference.judge import Drift, drifts
from harness.runners.reference.outcome import StageOutcome
from harness.runners.reference.profile import Profile
from harness.runners.reference.set_checks import coverage_anomalies, job_failures, regressions
from harness.schema import AnalyzeResult, Claim, EvidenceItem
from harness.text.normal import shorten
from harness.text.prose import is_negated, words

#: Anomalies that cannot settle pass or fail: a partial audit, a difference of form, a job still running.
_SOFT = frozenset({"representation", "incomplete_coverage", "job_incomplete", "unmeasured"})


@dataclass
class Analysis:
    anomalies: list[Anomaly]
    measurements: dict[str, Any]
    examined: list[str]
    measured_any: bool
    drift_list: list[Drift]


def find_anomalies(ev: Evidence, profile: Profile) -> list[Anomaly]:
    """The anomalies analyze would report, for stages that challenge claims about artifacts.
    Nothing is recorded in the trace: the caller's manifest may not hold the analysis tools."""
    return measure(ev, profile, record=False).anomalies


def measure(
    ev: Evidence, profile: Profile, *, record: bool = True, extra_checks: Sequence[str] = ()
) -> Analysis:
    subject = ev.invocation.subject
    checks = [*subject.checks, *extra_checks]
    drift_list = drifts(ev, profile)
    drift_by_path = {d.path: d for d in drift_list}
    anomalies: list[Anomaly] = []
    measurements: dict[str, Any] = {}
    examined: list[str] = []
    measured_any = False
    for ref in subject.artifacts:
        path = safe_input_path(ref.path)
        if path is None:
            anomalies.append(
                Anomaly(ref.id, "path_outside_workspace", f"{ref.path} is outside input/; not read")
            )
            continue
        examined.append(ref.id)
        (ev.record if record else _skip)(
            "analysis.hash", {"path": path}, ref.sha256 or "digest recorded in context"
        )
        items = items_for(ev, ref)
        hash_anoms, hashed = hash_anomalies(ref, items, drift_by_path)
        measured = artifact_measurements(items, ref)
        if measured:
            (ev.record if record else _skip)(
                "analysis.measure",
                {"path": path},
                ", ".join(f"{k}={v}" for k, v in list(measured.items())[:6]),
            )
        threshold_anoms, evaluated = check_thresholds(ref, measured, checks)
        media = media_anomalies(ev, profile, ref, items)
        if not profile.trusts_narrative:
            media += output_anomalies(ev, ref, items)
        if profile.trusts_narrative:
            hash_anoms = [a for a in hash_anoms if a.kind != "drift_intended"]
        anomalies += hash_anoms + threshold_anoms + media
        measured_any = measured_any or hashed or evaluated > 0 or bool(media) or bool(measured)
        entry: dict[str, Any] = dict(measured)
        if ref.sha256:
            entry["sha256"] = ref.sha256
        if entry:
            measurements[ref.id] = entry
    # Registry drift outside the listed artifacts still counts: the audit covers the whole set.
    listed = {a.subject for a in anomalies}
    for d in drift_list:
        if d.name not in listed and not any(
            d.path.endswith(r.path.split("input/", 1)[-1]) for r in subject.artifacts
        ):
            if profile.trusts_narrative and d.intended:
                continue
            anomalies.append(Anomaly(d.name, "digest_mismatch", d.reason, d.basis))
            measured_any = True
    if not profile.trusts_narrative:
        anomalies += coverage_anomalies(ev)
    anomalies += job_failures(ev, anomalies)
    if not profile.trusts_narrative:
        anomalies += regressions(ev)
    measured_any = measured_any or bool(anomalies)
    return Analysis(anomalies, measurements, examined, measured_any, drift_list)


def _skip(tool: str, args: dict[str, Any], output: str, ok: bool = True) -> None:
    del tool, args, output, ok


def run(ev: Evidence, profile: Profile) -> StageOutcome:
    subject = ev.invocation.subject
    a = measure(ev, profile)
    anomalies, measurements, examined = a.anomalies, a.measurements, a.examined
    measured_any, drift_list = a.measured_any, a.drift_list
    hard = [x for x in anomalies if x.kind not in _SOFT]
    if any(x.kind in {"representation", "incomplete_coverage"} for x in anomalies) or (
        anomalies and not hard
    ):
        # A partial audit or a difference of form only cannot settle pass or fail.
        verdict = "inconclusive"
    elif hard:
        verdict = "fail"
    elif measured_any:
        verdict = "pass"
    else:
        verdict = "inconclusive"
    ops = _suggested(anomalies, drift_list)
    result = AnalyzeResult(
        verdict=verdict,
        measurements=measurements,
        artifacts_examined=examined,
        anomalies=[a.as_dict() for a in anomalies],
        suggested_operations=ops,
        confidence="high"
        if measured_any and len(examined) == len(subject.artifacts)
        else "medium"
        if measured_any
        else "low",
    )
    # Each claim quotes the items behind an anomaly; the anomaly's reading (a digest compared
    # with the ledger, a reason for a drift) stays in result.anomalies.
    claims = [
        Claim(
            text=quoted(ev, a.evidence, _focus(a)),
            evidence=[ev.cite(i, _focus(a)) for i in a.evidence],
        )
        for a in anomalies
        if a.evidence
    ]
    if not anomalies:
        for item in ev.of_kind("registry", "artifact")[-2:]:
            claims.append(
                Claim(
                    text=f"{item.id}: {shorten(item.text, 90)}",
                    evidence=[ev.cite(item, "issues match")],
                )
            )
    summary = (
        f"Verdict {verdict}: {len(examined)} artifact(s) examined, {len(anomalies)} anomaly(ies)"
        + (": " + "; ".join(f"{a.subject} {a.kind}" for a in anomalies[:4]) if anomalies else ".")
    )
    uncertainties = [f"{d.path}: {d.reason}" for d in drift_list if d.intended is None]
    if verdict == "inconclusive":
        uncertainties.append("No digest, measurement or receipt in the context decides the checks.")
    return StageOutcome(
        result=result,
        summary=summary,
        claims=claims,
        next_steps=[shorten(str(o.get("why", "")), 100) for o in ops if o.get("why")],
        confidence=result.confidence,
        uncertainties=uncertainties,
    )


def _focus(anomaly: Anomaly) -> str:
    return f"{anomaly.subject} {anomaly.detail}"


def _suggested(anomalies: list[Anomaly], drift_list: list[Drift]) -> list[dict[str, Any]]:
    ops: list[dict[str, Any]] = []
    by_name = {d.name: d for d in drift_list}
    for a in anomalies:
        drift = by_name.get(a.subject) or by_name.get(os.path.splitext(a.subject)[0])
        if a.kind in {"digest_mismatch", "drift_intended"}:
            if drift is not None and drift.intended:
                ops.append(
                    {
                        "capability": "registry.register",
                        "mode": "proposed-write",
                        "target": drift.path,
                        "why": f"Host to confirm {drift.name} drift is intended, then register it",
                    }
                )
            else:
                ops.append(
                    {
                        "capability": "artifact.restore",
                        "mode": "proposed-write",
                        "target": drift.path if drift else a.subject,
                        "why": f"Host to decide on restoring {a.subject} from a snapshot",
                    }
                )
        elif a.kind in {"job_incomplete", "missing_output", "hash_mismatch", "empty_output"}:
            ops.append(
                {
                    "capability": "media.render",
                    "mode": "proposed-write",
                    "target": a.subject,
                    "why": f"Host to decide whether to retry the {a.subject} job ({a.kind})",
                }
            )
    return ops


#: Words that make a belief a claim about the subject's artifacts rather than about an action.
_QUALITY_WORDS = frozenset(
    {
        "symmetry",
        "symmetric",
        "score",
        "scores",
        "holds",
        "hold",
        "usable",
        "spec",
        "resolution",
        "duration",
        "intact",
        "valid",
        "passes",
        "pass",
        "matches",
        "above",
        "below",
    }
)


def measured(ev: Evidence, profile: Profile, clause: str) -> list[Finding]:
    """A belief about the subject's artifacts ("every variant holds C4 symmetry above 0.95",
    "the render is usable") is decided by the same analysis analyze runs, with the belief's own
    bound added to the checks."""
    subject = ev.invocation.subject
    tokens = words(clause)
    check_words = {w for c in subject.checks for w in words(c)} - {"the", "a", "of"}
    if not subject.artifacts or not (_QUALITY_WORDS | check_words) & set(tokens):
        return []
    a = measure(ev, profile, record=False, extra_checks=[clause])
    negative = is_negated(tokens)
    # The cited claim is what the measured items say; what the analysis concludes from them
    # travels as the finding's note.
    if a.anomalies:
        worst = a.anomalies[:2]
        basis = tuple(i for x in worst for i in x.evidence) or tuple(ev.of_kind("artifact")[-1:])
        basis = tuple({i.id: i for i in basis}.values())
        found = "; ".join(stated(x) for x in worst)
        focus = " ".join(x.subject for x in worst)
        said = quoted(ev, basis, focus)
        if all(x.kind in _SOFT for x in a.anomalies):
            note = f"analysis cannot settle it: {found}"
            return [Finding(said or note, None, basis, focus, note)]
        return [Finding(said or found, negative, basis, focus, f"analysis finds {found}")]
    if not a.measured_any:
        return []
    items = [i for r in subject.artifacts for i in items_for(ev, r)]
    # Registry rows back a clean result only when no artifact item was measured.
    basis = tuple(i for i in items if i.kind != "registry") or tuple(items)
    basis = tuple({i.id: i for i in basis}.values())[:3]
    note = f"analysis of {len(a.examined)} artifact(s) finds no anomaly"
    focus = " ".join([*a.examined[:2], *subject.checks[:1]])
    return [Finding(quoted(ev, basis, focus) or note, not negative, basis, focus, note)]


def quoted(ev: Evidence, items: Sequence[EvidenceItem], focus: str) -> str:
    """``<id> says "<quote>"; ...`` for each item: the items in their own words."""
    return "; ".join(ev.says(i, focus) for i in items)
