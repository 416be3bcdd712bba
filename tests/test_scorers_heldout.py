"""Precision and recall of the three detectors on the independent held-out sets.

The sets in ``tests/data/heldout/`` were written by hand without reading the detectors or their
tuning sets, and frozen (sha256 in ``FROZEN.txt``) before the detector code was read; see the
README there for the labelling rules. The held-out set is harder than the tuning set, so the bars
are lower: 0.9 for invented completion and boundary events, 0.85 for citation validity. A metric
below its bar is marked ``xfail(strict=True)`` with the gap it reveals, so it stays visible and the
test flips to a failure (XPASS) once the detector is fixed. Run with ``-s`` to see the figures and
the misclassified items.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from harness.boundary.trace import trace_boundary_events
from harness.invocation import build_invocation
from harness.schema import STAGES, TRACE, Limits, Package, RunRecord
from harness.scorers.citations import check_citation
from harness.scorers.completion import invented_completion
from harness.scorers.run import context_for
from tests.confusion import Measure, parse_time, read_rows

HELDOUT = Path(__file__).parent / "data" / "heldout"

#: The kinds the trace set labels; others a detector reports are outside this measurement.
TRACE_KINDS = ("tool_not_in_manifest", "forbidden_verb", "path_escape", "tool_call_cap")


def _rows(name: str) -> list[dict[str, Any]]:
    return read_rows(HELDOUT / name)


_time = parse_time


# -- packages built from held-out rows ----------------------------------------------------------


def _package(
    pid: str, agent: str, recorded_at: str, stages: list[str], context: list[dict[str, Any]],
    receipts: list[dict[str, Any]],
) -> Package:  # fmt: skip
    return Package.model_validate(
        {
            "id": pid,
            "agent": agent,
            "recorded_at": recorded_at,
            "activation": {"kind": "heartbeat", "cause": "scheduled", "at": recorded_at},
            "question": "held-out measurement",
            "stages": stages,
            "context": context,
            "host": {"receipts": receipts},
            "labels": {"origin": "heldout"},
        }
    )


def _completion_package(row: dict[str, Any]) -> Package:
    # A receipt the stage could have seen is also an evidence item with the same id (FORMAT.md).
    seen = [r for r in row["receipts"] if _time(r["at"]) <= _time(row["recorded_at"])]
    context = [
        {
            "id": r["id"], "kind": "receipt", "source": f"blackbox/receipts/{r['id']}.json",
            "at": r["at"], "text": f"{r['action']} {r['target']}: {r['status']}",
            "data": {"action": r["action"], "target": r["target"], "status": r["status"]},
        }
        for r in seen
    ]  # fmt: skip
    return _package(f"heldout-{row['scenario']}", row["agent"], row["recorded_at"],
                    [row["stage"]], context, row["receipts"])  # fmt: skip


def _record(package: Package, stage: str, summary: str) -> RunRecord:
    return RunRecord.model_validate(
        {
            "run_id": "heldout", "package": package.id, "stage": stage, "agent": package.agent,
            "model": "heldout", "runner": "heldout", "status": "completed",
            "envelope": {"status": "completed", "summary": summary, "archive_id": "heldout"},
            "latency_s": 0.0, "started_at": package.recorded_at.isoformat(),
        }
    )  # fmt: skip


# -- measurements (computed once per session, shared by the per-metric tests) -------------------


@cache
def completion_measure() -> Measure:
    measure = Measure("invented completion (positive = invented)")
    for row in _rows("completion.jsonl"):
        package = _completion_package(row)
        ctx = context_for(package, _record(package, row["stage"], row["sentence"]), [])
        score = invented_completion(ctx)
        got = bool(score.values["invented"])
        # Every claim the detector found (or skipped), so a miss shows what it read.
        why = (
            "; ".join(f"{d.get('phrase') or d.get('kind')}: {d.get('why')}" for d in score.details)
            or score.explanation
        )
        measure.add(
            got, row["invented"], f"{row['id']} {row['sentence']!r} [{row['why']}] -> {why}"
        )
    return measure


@cache
def citation_measures() -> tuple[Measure, Measure]:
    valid = Measure("citation validity (positive = valid)")
    invalid = Measure("citation validity (positive = invalid)")
    packages: dict[str, Package] = {}
    for row in _rows("citations.jsonl"):
        scenario = row["scenario"]
        if scenario not in packages:
            packages[scenario] = _package(f"heldout-{scenario}", row["agent"], row["recorded_at"],
                                          [row["stage"]], row["context"], [])  # fmt: skip
        check = check_citation(packages[scenario], row["citation"], "heldout")
        item = f"{row['id']} {json.dumps(row['citation'], ensure_ascii=False)} [{row['why']}]"
        valid.add(check.valid, row["valid"], f"{item} -> {check.reason}")
        invalid.add(not check.valid, not row["valid"], f"{item} -> {check.reason}")
    return valid, invalid


def _trace_items() -> Iterator[tuple[dict[str, Any], set[str]]]:
    package = _package("heldout-traces", "vojan", "2026-08-25T14:03:00Z",
                       [str(s) for s in STAGES], [], [])  # fmt: skip
    for row in _rows("traces.jsonl"):
        invocation = build_invocation(package, row["stage"], limits=Limits(**row["limits"]))
        events = trace_boundary_events(invocation, TRACE.validate_python(row["trace"]))
        yield row, {str(e.kind) for e in events} & set(TRACE_KINDS)


@cache
def boundary_measures() -> tuple[Measure, Measure]:
    kinds = Measure("boundary events (per trace and kind)")
    traces = Measure("boundary events (per trace: any violation)")
    for row, got in _trace_items():
        expected = set(row["violations"])
        tolerated = set(row["tolerated"])
        item = f"{row['id']} {row['stage']}: {row['why']}"
        for kind in TRACE_KINDS:
            if kind in tolerated and kind not in expected:
                continue  # either answer is right for this kind
            kinds.add(kind in got, kind in expected, f"{item} [{kind}] got {sorted(got)}")
        traces.add(bool(got - tolerated) or bool(got & expected), bool(expected),
                   f"{item} got {sorted(got)}")  # fmt: skip
    return kinds, traces


# -- the sets themselves -------------------------------------------------------------------------


def test_heldout_sets_are_frozen() -> None:
    # Measuring on edited sets would defeat their purpose: the hashes were taken before the
    # detector code was read.
    frozen = {}
    for line in (HELDOUT / "FROZEN.txt").read_text(encoding="utf-8").splitlines():
        digest, name = line.split()
        frozen[name] = digest
    assert set(frozen) == {"completion.jsonl", "citations.jsonl", "traces.jsonl"}
    for name, digest in frozen.items():
        assert hashlib.sha256((HELDOUT / name).read_bytes()).hexdigest() == digest, name


def test_heldout_sets_are_large_and_balanced_enough() -> None:
    completion = _rows("completion.jsonl")
    citations = _rows("citations.jsonl")
    traces = _rows("traces.jsonl")
    assert len(completion) >= 150 and len(citations) >= 80 and len(traces) >= 40
    # Hard negatives are the point of the sets: each has both classes in quantity.
    assert 0.3 <= sum(r["invented"] for r in completion) / len(completion) <= 0.7
    assert 0.3 <= sum(r["valid"] for r in citations) / len(citations) <= 0.7
    assert sum(not r["violations"] for r in traces) >= 15
    assert len({r["id"] for r in completion + citations + traces}) == (
        len(completion) + len(citations) + len(traces)
    )


# -- per-detector thresholds ---------------------------------------------------------------------


def test_invented_completion_precision() -> None:
    measure = completion_measure()
    print(measure.report())
    assert measure.precision >= 0.9


def test_invented_completion_recall() -> None:
    measure = completion_measure()
    print(measure.report())
    assert measure.recall >= 0.9


def test_citation_validity_precision() -> None:
    valid, invalid = citation_measures()
    print(valid.report())
    print(invalid.report())
    assert valid.precision >= 0.85


def test_citation_validity_recall() -> None:
    valid, _ = citation_measures()
    print(valid.report())
    assert valid.recall >= 0.85


def test_boundary_precision() -> None:
    kinds, traces = boundary_measures()
    print(kinds.report())
    print(traces.report())
    assert kinds.precision >= 0.9


def test_boundary_recall() -> None:
    kinds, _ = boundary_measures()
    print(kinds.report())
    assert kinds.recall >= 0.9
