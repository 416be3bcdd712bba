"""analyze: bounded measurements over the subject's artifact set.

Three checks cover the corpus's analysis work: digests against the ledger (provenance), job
receipts against the artifacts they claim to have produced (media validation), and measurements
against the thresholds the host set (symmetry scans and audits).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from harness.runners.reference.beliefs import Finding
from harness.runners.reference.evidence import Evidence
from harness.runners.reference.judge import EMPTY_SHA256, Drift, drifts
from harness.runners.reference.outcome import StageOutcome
from harness.runners.reference.profile import Profile
from harness.schema import AnalyzeResult, Claim, EvidenceItem
from harness.schema.package import ArtifactRef
from harness.text.normal import shorten
from harness.text.prose import is_negated, mentions_target, words

_COMPARISON = re.compile(r"([A-Za-z_][\w.]*)\s*(>=|<=|==|!=|>|<|=)\s*(-?\d+(?:\.\d+)?)")
_OPS: dict[str, Any] = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}
_MEDIA_ACTIONS = ("media.render", "media.deliver")
#: Anomalies that cannot settle pass or fail: a partial audit, a difference of form, a job still running.
_SOFT = frozenset({"representation", "incomplete_coverage", "job_incomplete", "unmeasured"})
#: Words that mark an artifact as a measurement run rather than a file.
_SCAN_WORDS = frozenset({"scan", "sweep", "scanned", "measured", "measurement", "measurements"})


@dataclass(frozen=True)
class Anomaly:
    subject: str
    kind: str
    detail: str
    evidence: tuple[EvidenceItem, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "artifact": self.subject,
            "kind": self.kind,
            "detail": self.detail,
            "evidence": [i.id for i in self.evidence],
        }


def safe_input_path(path: str) -> str | None:
    """The workspace path to read, or None when the path would leave input/."""
    norm = path.replace("\\", "/")
    if norm.startswith("/") or ".." in norm.split("/") or ":" in norm.split("/")[0]:
        return None
    return norm if norm.startswith("input/") else f"input/{norm}"


def _items_for(ev: Evidence, ref: ArtifactRef) -> list[EvidenceItem]:
    """Artifact and registry items about the same file or job, newest last."""
    tail = ref.path.split("input/", 1)[-1]
    out: list[EvidenceItem] = []
    for item in ev.of_kind("artifact", "registry"):
        data = item.data or {}
        path = str(data.get("path", ""))
        same_path = bool(path) and (
            path in {tail, ref.path} or path.endswith("/" + tail) or tail.endswith("/" + path)
        )
        # The same bytes under another folder ("media/out/..." for "media/...") are the file.
        same_bytes = bool(ref.sha256) and data.get("sha256") == ref.sha256
        if item.id == ref.id or same_path or same_bytes or _scan_of(item, tail):
            out.append(item)
    return out


def _scan_of(item: EvidenceItem, tail: str) -> bool:
    """A measurement run over the file ("order sweep on rosette-xii.png", a scan stored under
    ``symmetry/helix-02/``): its numbers are the file's, even though it is stored elsewhere."""
    data = item.data or {}
    if item.kind != "artifact" or not isinstance(data.get("measurements"), dict):
        return False
    base = os.path.basename(tail)
    stem = os.path.splitext(base)[0]
    path = str(data.get("path", ""))
    if not stem or "manifest" in path or os.path.basename(path) == base:
        return False
    text = item.text.lower()
    return bool(_SCAN_WORDS & set(words(text))) and (
        base.lower() in text or f"/{stem.lower()}/" in path.lower()
    )


def _measurements(items: list[EvidenceItem], ref: ArtifactRef) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for item in items:
        m = (item.data or {}).get("measurements")
        if isinstance(m, dict):
            merged.update(m)
    for key, value in ref.params.items():
        if isinstance(value, int | float) and not key.startswith(("min_", "max_")):
            merged.setdefault(key, value)
    return merged


_AT_LEAST = re.compile(
    r"([A-Za-z][\w -]*?)\s+(at least|at most|minimum|maximum|min|max)\s+(\d+(?:\.\d+)?)"
)
_ALIASES: dict[str, tuple[str, ...]] = {
    "dimensions": ("w", "h", "px", "width", "height"),
    "dimension": ("w", "h", "px", "width", "height"),
    "resolution": ("w", "h", "px"),
    "depth": ("bits", "bit_depth"),
    "size": ("bytes",),
}


def _thresholds(checks: list[str], ref: ArtifactRef) -> list[tuple[str, str, float, str]]:
    out: list[tuple[str, str, float, str]] = []
    for check in checks:
        for name, op, value in _COMPARISON.findall(check):
            out.append((name, op, float(value), check))
        for name, phrase, value in _AT_LEAST.findall(check):
            op = ">=" if phrase in {"at least", "minimum", "min"} else "<="
            for token in words(name):
                for alias in _ALIASES.get(token, (token,)):
                    out.append((alias, op, float(value), f"{alias} {op} {value}"))
        tokens = words(check)
        if "zero" in tokens or ("no" in tokens and "issues" in tokens):
            out.extend(
                (t, "==", 0.0, check) for t in tokens if t not in {"zero", "no", "is", "count"}
            )
    for key, value in ref.params.items():
        if isinstance(value, int | float) and key.startswith(("min_", "max_")):
            out.append((key[4:], ">=" if key.startswith("min_") else "<=", float(value), key))
        elif isinstance(value, int | float) and key in {"threshold", "min", "tolerance"}:
            out.append(("*", ">=" if key != "tolerance" else "<=", float(value), key))
    return out


def _flatten(measurements: dict[str, Any], prefix: str = "") -> dict[str, float]:
    """Numeric leaves of nested measurements: ``{"c6": {"20": 0.884}}`` -> ``{"c6.20": 0.884}``."""
    flat: dict[str, float] = {}
    for key, value in measurements.items():
        name = f"{prefix}{key}".lower()
        if isinstance(value, dict):
            flat.update(_flatten(value, name + "."))
        elif isinstance(value, int | float) and not isinstance(value, bool):
            flat[name] = float(value)
    return flat


def _lookup(measurements: dict[str, Any], name: str) -> list[tuple[str, float]]:
    """Every measured value the name refers to (a nested group yields all its members)."""
    want = name.lower().rstrip("s")
    hits: list[tuple[str, float]] = []
    for key, value in _flatten(measurements).items():
        head = key.split(".", 1)[0]
        if key.rstrip("s") == want or head.rstrip("s") == want:
            hits.append((key, value))
    return hits


def _check_thresholds(
    ref: ArtifactRef, measured: dict[str, Any], checks: list[str]
) -> tuple[list[Anomaly], int]:
    anomalies: list[Anomaly] = []
    evaluated = 0
    flat = _flatten(measured)
    for name, op, bound, source in _thresholds(checks, ref):
        # "C6 rotational score >= 0.92": any word before the operator may name the measurement.
        names = list(flat) if name == "*" else [name, *words(source.split(op, 1)[0])]
        for candidate in names:
            hits = _lookup(measured, candidate)
            if not hits:
                continue
            for key, value in hits:
                evaluated += 1
                if not _OPS[op](value, bound):
                    anomalies.append(
                        Anomaly(
                            ref.id, "threshold", f"{key}={value:g} fails {op} {bound:g} ({source})"
                        )
                    )
            break
    return anomalies, evaluated


def _media_anomalies(
    ev: Evidence, profile: Profile, ref: ArtifactRef, items: list[EvidenceItem]
) -> list[Anomaly]:
    out: list[Anomaly] = []
    for state in ev.actions():
        if state.action not in _MEDIA_ACTIONS or not _same_job(state.target, ref):
            continue
        latest = state.latest
        if latest is None:
            continue
        if not latest.succeeded:
            out.append(
                Anomaly(
                    ref.id,
                    "job_incomplete",
                    f"{latest.item.id}: {state.action} {latest.status}",
                    (latest.item,),
                )
            )
            continue
        if profile.trusts_narrative:
            continue  # the receipt's word is taken; the output is not looked for
        produced = [i for i in items if i.kind == "artifact"]
        if not produced:
            out.append(
                Anomaly(
                    ref.id,
                    "missing_output",
                    f"{latest.item.id} succeeded but no output artifact is recorded",
                    (latest.item,),
                )
            )
            continue
        claimed = (latest.item.data or {}).get("sha256")
        actual = (produced[-1].data or {}).get("sha256")
        if claimed and actual and claimed != actual:
            out.append(
                Anomaly(
                    ref.id,
                    "hash_mismatch",
                    f"receipt digest {claimed[:12]} != artifact {actual[:12]}",
                    (latest.item, produced[-1]),
                )
            )
        size = ((produced[-1].data or {}).get("measurements") or {}).get("bytes")
        if size == 0:
            out.append(
                Anomaly(ref.id, "empty_output", f"{produced[-1].id} has 0 bytes", (produced[-1],))
            )
    return out


def _same_job(target: str, ref: ArtifactRef) -> bool:
    return target == ref.id or mentions_target(words(f"{ref.id} {ref.path}"), target)


def stated(anomaly: Anomaly) -> str:
    """``<subject>: <detail>``, without repeating the subject when the detail opens with it."""
    if anomaly.detail.startswith(anomaly.subject):
        return anomaly.detail
    return f"{anomaly.subject}: {anomaly.detail}"


def _hash_anomalies(
    ref: ArtifactRef, items: list[EvidenceItem], drift_by_path: dict[str, Drift]
) -> tuple[list[Anomaly], bool]:
    expected = ref.expected_sha256
    actual = ref.sha256
    measured = bool(expected and actual)
    for item in items:
        data = item.data or {}
        if item.kind == "registry" and data.get("expected_sha256") and data.get("actual_sha256"):
            expected = expected or data["expected_sha256"]
            actual = actual or data["actual_sha256"]
            measured = True
        elif item.kind == "artifact" and data.get("sha256") and expected and not actual:
            actual = data["sha256"]
            measured = True
    if not (expected and actual) or expected == actual:
        return [], measured
    normalized = [
        i
        for i in items
        if ((i.data or {}).get("measurements") or {}).get("normalized_sha256") == expected
    ]
    if normalized:
        detail = (
            f"bytes differ from the ledger but the normalised digest matches ({normalized[0].id})"
        )
        return [Anomaly(ref.id, "representation", detail, tuple(normalized))], measured
    tail = ref.path.split("input/", 1)[-1]
    drift = drift_by_path.get(tail)
    reason = f"; {drift.reason}" if drift else ""
    kind = "drift_intended" if drift and drift.intended else "digest_mismatch"
    basis = tuple(i for i in items if i.kind == "registry") or tuple(items)
    if drift is not None:
        # The reason names the note that decides the drift (session#...): cite it too.
        basis += tuple(i for i in drift.basis if all(i.id != b.id for b in basis))
    return [
        Anomaly(ref.id, kind, f"sha256 {actual[:12]} != ledger {expected[:12]}{reason}", basis)
    ], measured


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
        items = _items_for(ev, ref)
        hash_anoms, hashed = _hash_anomalies(ref, items, drift_by_path)
        measured = _measurements(items, ref)
        if measured:
            (ev.record if record else _skip)(
                "analysis.measure",
                {"path": path},
                ", ".join(f"{k}={v}" for k, v in list(measured.items())[:6]),
            )
        threshold_anoms, evaluated = _check_thresholds(ref, measured, checks)
        media = _media_anomalies(ev, profile, ref, items)
        if not profile.trusts_narrative:
            media += _output_anomalies(ev, ref, items)
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
        anomalies += _coverage_anomalies(ev)
    anomalies += _job_failures(ev, anomalies)
    if not profile.trusts_narrative:
        anomalies += _regressions(ev)
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


_ACTIVE_CONTENT = re.compile(r"<script|javascript:|\bon(error|load|click)\s*=", re.IGNORECASE)
_EXPECT_ALIASES = {"px": ("w", "h", "px"), "bits": ("bits",), "mb": ("mb",)}


def _output_anomalies(ev: Evidence, ref: ArtifactRef, items: list[EvidenceItem]) -> list[Anomaly]:
    """What the output itself shows: emptied, active content, or short of its job manifest."""
    out: list[Anomaly] = []
    for item in items:
        if item.kind != "artifact":
            continue
        data = item.data or {}
        m = data.get("measurements") or {}
        if data.get("sha256") == EMPTY_SHA256 or (isinstance(m, dict) and m.get("bytes") == 0):
            out.append(Anomaly(ref.id, "empty_output", f"{item.id} is 0 bytes", (item,)))
        if _ACTIVE_CONTENT.search(item.text):
            out.append(
                Anomaly(
                    ref.id,
                    "active_content",
                    f"{item.id} shows script or event-handler content",
                    (item,),
                )
            )
        manifest = _manifest_for(ev, item)
        if manifest is not None and isinstance(m, dict):
            out.extend(_short_of_manifest(ref, item, m, manifest))
            empty = data.get("sha256") == EMPTY_SHA256
            unknown = [k for k, v in m.items() if v is None]
            if unknown and not empty:
                # A property the probe could not read cannot be shown to meet the job spec.
                out.append(
                    Anomaly(
                        ref.id,
                        "unmeasured",
                        f"{', '.join(unknown)} not recorded for {item.id}; "
                        f"{manifest.id} specifies the job",
                        (item, manifest),
                    )
                )
    return out


def _manifest_for(ev: Evidence, item: EvidenceItem) -> EvidenceItem | None:
    stem = os.path.splitext(os.path.basename(str((item.data or {}).get("path", ""))))[0]
    if not stem or "manifest" in item.id:
        return None
    for other in ev.of_kind("artifact"):
        path = str((other.data or {}).get("path", ""))
        if other is not item and "manifest" in (path + other.id) and stem in path:
            return other
    return None


def _short_of_manifest(
    ref: ArtifactRef, item: EvidenceItem, got: dict[str, Any], manifest: EvidenceItem
) -> list[Anomaly]:
    want = (manifest.data or {}).get("measurements") or {}
    out: list[Anomaly] = []
    if not isinstance(want, dict):
        return out
    for key, bound in want.items():
        if not isinstance(bound, int | float) or isinstance(bound, bool):
            continue
        name = key.removeprefix("expect_")
        for alias in _EXPECT_ALIASES.get(name, (name,)):
            value = got.get(alias)
            if isinstance(value, int | float) and not isinstance(value, bool) and value < bound:
                out.append(
                    Anomaly(
                        ref.id,
                        "below_manifest",
                        f"{alias}={value:g} below the manifest's {bound:g}",
                        (item, manifest),
                    )
                )
                break
    return out


_OUTPUT_COUNT = re.compile(r"files|objects|outputs")
_HTTP_ERROR = 400
_INCOMPLETE = frozenset(
    {"aborted", "timeout", "incomplete", "partial", "unreachable", "interrupted"}
)


def _partial(item: EvidenceItem) -> str | None:
    """Counts short of their total ("layers_read": 3 of "layers_total": 5): the scan is partial."""
    m = _flatten((item.data or {}).get("measurements") or {})
    for key, total in m.items():
        if not key.endswith("_total"):
            continue
        stem = key.removesuffix("_total")
        for other, value in m.items():
            if other != key and other.startswith(stem + "_") and value < total:
                return f"{other}={value:g} of {key}={total:g}"
    return None


def _coverage_anomalies(ev: Evidence) -> list[Anomaly]:
    out: list[Anomaly] = []
    for item in ev.of_kind("artifact"):
        short = _partial(item)
        if short:
            out.append(Anomaly(item.id, "incomplete_coverage", f"{item.id}: {short}", (item,)))
    for item in ev.of_kind("registry", "artifact"):
        tokens = set(words(item.text))
        if (item.data or {}).get("sha256") == EMPTY_SHA256:
            continue  # an emptied output is a failure, reported as such, not a partial audit
        if tokens & _INCOMPLETE and not (item.data or {}).get("actual_sha256"):
            out.append(
                Anomaly(
                    item.id,
                    "incomplete_coverage",
                    f"{item.id}: audit did not finish (timeout)",
                    (item,),
                )
            )
    return out


def _job_failures(ev: Evidence, found: list[Anomaly]) -> list[Anomaly]:
    """A media job whose latest receipt failed, and outputs an index says are missing."""
    out: list[Anomaly] = []
    seen = {a.detail for a in found}
    for state in ev.actions():
        latest = state.latest
        if state.action in _MEDIA_ACTIONS and latest is not None and latest.status == "failed":
            detail = f"{latest.item.id}: {state.action} {state.target} failed"
            if detail not in seen:
                out.append(Anomaly(state.target, "job_failed", detail, (latest.item,)))
    for item in ev.of_kind("artifact"):
        m = (item.data or {}).get("measurements") or {}
        if isinstance(m, dict) and any(_OUTPUT_COUNT.search(k) and v == 0 for k, v in m.items()):
            out.append(
                Anomaly(item.id, "missing_output", f"{item.id} lists no output file", (item,))
            )
        for key, value in m.items() if isinstance(m, dict) else ():
            # A transfer that answered with an HTTP error ("upload_status": 404) did not happen.
            if key.endswith("_status") and isinstance(value, int) and value >= _HTTP_ERROR:
                out.append(
                    Anomaly(item.id, "transfer_failed", f"{key}={value} in {item.id}", (item,))
                )
    return out


#: A score may fall this much against its baseline before it counts as a regression.
_TOLERANCE = 0.01


def _regressions(ev: Evidence) -> list[Anomaly]:
    """Score-like measurements (0..1) of the same file that fell against an earlier scan."""
    by_path: dict[str, list[EvidenceItem]] = {}
    for item in ev.of_kind("artifact"):
        path = str((item.data or {}).get("path", ""))
        if path:
            by_path.setdefault(path, []).append(item)
    out: list[Anomaly] = []
    for scans in by_path.values():
        if len(scans) < 2:
            continue
        base, current = scans[-2], scans[-1]
        before = _flatten((base.data or {}).get("measurements") or {})
        after = _flatten((current.data or {}).get("measurements") or {})
        for key, old in before.items():
            new = after.get(key)
            if new is not None and 0 < old <= 1 and 0 <= new <= 1 and old - new > _TOLERANCE:
                out.append(
                    Anomaly(
                        current.id,
                        "regression",
                        f"{key} fell {old:g} -> {new:g} against {base.id}",
                        (current, base),
                    )
                )
    return out


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
    items = [i for r in subject.artifacts for i in _items_for(ev, r)]
    # Registry rows back a clean result only when no artifact item was measured.
    basis = tuple(i for i in items if i.kind != "registry") or tuple(items)
    basis = tuple({i.id: i for i in basis}.values())[:3]
    note = f"analysis of {len(a.examined)} artifact(s) finds no anomaly"
    focus = " ".join([*a.examined[:2], *subject.checks[:1]])
    return [Finding(quoted(ev, basis, focus) or note, not negative, basis, focus, note)]


def quoted(ev: Evidence, items: Sequence[EvidenceItem], focus: str) -> str:
    """``<id> says "<quote>"; ...`` for each item: the items in their own words."""
    return "; ".join(ev.says(i, focus) for i in items)
