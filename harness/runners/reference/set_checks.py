"""analyze's checks over the whole artifact set rather than one listed artifact: audits that did
not finish, media jobs that failed or left no output, and scores that fell against an earlier scan.
"""

from __future__ import annotations

import re

from harness.runners.reference.artifact_checks import MEDIA_ACTIONS, Anomaly, flatten
from harness.runners.reference.evidence import Evidence
from harness.runners.reference.judge import EMPTY_SHA256
from harness.schema import EvidenceItem
from harness.text.prose import words

_OUTPUT_COUNT = re.compile(r"files|objects|outputs")
_HTTP_ERROR = 400
_INCOMPLETE = frozenset(
    {"aborted", "timeout", "incomplete", "partial", "unreachable", "interrupted"}
)


def _partial(item: EvidenceItem) -> str | None:
    """Counts short of their total ("layers_read": 3 of "layers_total": 5): the scan is partial."""
    m = flatten((item.data or {}).get("measurements") or {})
    for key, total in m.items():
        if not key.endswith("_total"):
            continue
        stem = key.removesuffix("_total")
        for other, value in m.items():
            if other != key and other.startswith(stem + "_") and value < total:
                return f"{other}={value:g} of {key}={total:g}"
    return None


def coverage_anomalies(ev: Evidence) -> list[Anomaly]:
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


def job_failures(ev: Evidence, found: list[Anomaly]) -> list[Anomaly]:
    """A media job whose latest receipt failed, and outputs an index says are missing."""
    out: list[Anomaly] = []
    seen = {a.detail for a in found}
    for state in ev.actions():
        latest = state.latest
        if state.action in MEDIA_ACTIONS and latest is not None and latest.status == "failed":
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


def regressions(ev: Evidence) -> list[Anomaly]:
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
        before = flatten((base.data or {}).get("measurements") or {})
        after = flatten((current.data or {}).get("measurements") or {})
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
