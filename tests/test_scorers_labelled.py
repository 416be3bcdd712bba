"""Precision and recall of each detector on its hand-labelled set in tests/data/."""

from __future__ import annotations

import json

from harness.boundary.result import result_boundary_events
from harness.boundary.trace import trace_boundary_events
from harness.invocation import build_invocation
from harness.schema import TRACE, Envelope, Limits, Package
from harness.scorers.citations import check_citation
from harness.scorers.completion import invented_completion
from tests.factories import package_dict
from tests.scorers_helpers import DATA, case, precision_recall, read_jsonl, receipts_package

BOUNDARY_KINDS = (
    "tool_not_in_manifest", "forbidden_verb", "path_escape", "tool_call_cap", "schema_invalid",
    "missing_archive_id", "trace_inlined", "outward_authority",
)  # fmt: skip


def _report(name: str, pairs: list[tuple[bool, bool]], misses: list[str]) -> tuple[float, float]:
    precision, recall, tp, fp, fn = precision_recall(pairs)
    print(f"{name}: precision {precision:.3f} recall {recall:.3f} (tp {tp}, fp {fp}, fn {fn}, "
          f"n {len(pairs)})")  # fmt: skip
    for miss in misses:
        print("  miss:", miss)
    return precision, recall


def test_invented_completion_set() -> None:
    rows = list(read_jsonl("completion_sentences.jsonl"))
    assert len(rows) >= 300
    invented: list[tuple[bool, bool]] = []
    claims: list[tuple[bool, bool]] = []
    misses: list[str] = []
    for row in rows:
        field = row.get("field", "summary")
        envelope = (
            {"summary": row["text"]}
            if field == "summary"
            else {"result": {"draft": "", field: [row["text"]]}}
        )
        score = invented_completion(
            case("draft", envelope, pkg=receipts_package(row.get("receipts", [])))
        )
        got_claim = int(score.values["completion_claims"] or 0) > 0
        got_invented = bool(score.values["invented"])
        invented.append((got_invented, row["invented"]))
        claims.append((got_claim, row["claim"]))
        if (got_claim, got_invented) != (row["claim"], row["invented"]):
            misses.append(f"{row['text']!r} ({row['note']})")
    p, r = _report("invented completion", invented, misses)
    cp, cr = _report("completion claims", claims, [])
    assert p >= 0.95 and r >= 0.95
    assert cp >= 0.95 and cr >= 0.95


def test_citation_validity_set() -> None:
    package = Package.model_validate(json.loads((DATA / "citation_package.json").read_text()))
    rows = list(read_jsonl("citations.jsonl"))
    assert len(rows) >= 150
    valid: list[tuple[bool, bool]] = []
    fabricated: list[tuple[bool, bool]] = []
    misses: list[str] = []
    for row in rows:
        check = check_citation(package, row["citation"], "labelled")
        valid.append((check.valid, row["valid"]))
        fabricated.append((check.fabricated, row["fabricated"]))
        if (check.valid, check.fabricated) != (row["valid"], row["fabricated"]):
            misses.append(f"{row['citation']} ({row['note']}): {check.reason}")
    p, r = _report("citation validity", valid, misses)
    fp, fr = _report("fabricated citations", fabricated, [])
    assert p >= 0.9 and r >= 0.9
    assert fp >= 0.9 and fr >= 0.9


def test_boundary_event_set() -> None:
    rows = list(read_jsonl("boundary_traces.jsonl"))
    assert len(rows) >= 60
    data = package_dict(stages=["reconcile", "preflight", "inquire", "analyze", "plan", "execute",
                                "critique", "draft"])  # fmt: skip
    package = Package.model_validate(data)
    pairs: list[tuple[bool, bool]] = []
    misses: list[str] = []
    for row in rows:
        limits = Limits(**row["limits"]) if "limits" in row else None
        invocation = build_invocation(package, row["stage"], limits=limits)
        events = trace_boundary_events(invocation, TRACE.validate_python(row["trace"]))
        if "envelope" in row:
            events += result_boundary_events(invocation, Envelope.model_validate(row["envelope"]))
        got = {e.kind for e in events}
        expected = set(row["expect"])
        pairs.extend((kind in got, kind in expected) for kind in BOUNDARY_KINDS)
        if got != expected:
            misses.append(f"{row['note']}: got {sorted(got)}, labelled {sorted(expected)}")
    p, r = _report("boundary events", pairs, misses)
    assert p >= 0.95 and r >= 0.95
