"""analyze's checks of one artifact: its digest against the ledger, its measurements against the
host's thresholds, its media job's receipts, and what the output itself shows (emptied, active
content, short of its job manifest). Each finding is an ``Anomaly`` citing the items behind it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from harness.runners.reference.evidence import Evidence
from harness.runners.reference.judge import EMPTY_SHA256, Drift
from harness.runners.reference.profile import Profile
from harness.schema import EvidenceItem
from harness.schema.package import ArtifactRef
from harness.text.prose import mentions_target, words

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
MEDIA_ACTIONS = ("media.render", "media.deliver")
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


def items_for(ev: Evidence, ref: ArtifactRef) -> list[EvidenceItem]:
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


def artifact_measurements(items: list[EvidenceItem], ref: ArtifactRef) -> dict[str, Any]:
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


def flatten(measurements: dict[str, Any], prefix: str = "") -> dict[str, float]:
    """Numeric leaves of nested measurements: ``{"c6": {"20": 0.884}}`` -> ``{"c6.20": 0.884}``."""
    flat: dict[str, float] = {}
    for key, value in measurements.items():
        name = f"{prefix}{key}".lower()
        if isinstance(value, dict):
            flat.update(flatten(value, name + "."))
        elif isinstance(value, int | float) and not isinstance(value, bool):
            flat[name] = float(value)
    return flat


def _lookup(measurements: dict[str, Any], name: str) -> list[tuple[str, float]]:
    """Every measured value the name refers to (a nested group yields all its members)."""
    want = name.lower().rstrip("s")
    hits: list[tuple[str, float]] = []
    for key, value in flatten(measurements).items():
        head = key.split(".", 1)[0]
        if key.rstrip("s") == want or head.rstrip("s") == want:
            hits.append((key, value))
    return hits


def check_thresholds(
    ref: ArtifactRef, measured: dict[str, Any], checks: list[str]
) -> tuple[list[Anomaly], int]:
    anomalies: list[Anomaly] = []
    evaluated = 0
    flat = flatten(measured)
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


def media_anomalies(
    ev: Evidence, profile: Profile, ref: ArtifactRef, items: list[EvidenceItem]
) -> list[Anomaly]:
    out: list[Anomaly] = []
    for state in ev.actions():
        if state.action not in MEDIA_ACTIONS or not _same_job(state.target, ref):
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


def hash_anomalies(
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


_ACTIVE_CONTENT = re.compile(r"<script|javascript:|\bon(error|load|click)\s*=", re.IGNORECASE)
_EXPECT_ALIASES = {"px": ("w", "h", "px"), "bits": ("bits",), "mb": ("mb",)}


def output_anomalies(ev: Evidence, ref: ArtifactRef, items: list[EvidenceItem]) -> list[Anomaly]:
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
