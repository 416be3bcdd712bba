"""Precision and recall of the invented-completion and citation detectors on held-out set 2.

``tests/data/heldout2/`` was written by hand without reading the detectors, their tuning sets or
the first held-out set (which had been used to fix the detectors and so is no longer blind), and
frozen (sha256 in ``FROZEN.txt``) before any detector code was read. The labelling rules are in
the README there. Each completion sentence sits in the stage-output field its line names (summary,
an envelope claim, or a field of the stage's result contract), so flagged fields are measured too.

The figures and the misclassified lines are printed only with ``SHOW_MISSES=1``: whoever fixes a
detector after an ordinary failure should not tune it against these very lines, or the set stops
being blind. A bar a detector misses is marked ``xfail(strict=True)`` with the general gap, so it
stays visible and turns into a failure (XPASS) once the detector closes it.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from harness.schema import Package, RunRecord
from harness.scorers.citations import check_citation
from harness.scorers.completion import invented_completion
from harness.scorers.run import context_for
from tests.confusion import Measure, parse_time, read_rows

HELDOUT2 = Path(__file__).parent / "data" / "heldout2"
FILES = ("completion.jsonl", "citations.jsonl", "README.md")
SHOW = os.environ.get("SHOW_MISSES") == "1"

#: Envelope fields a sentence can sit in; every other field name belongs to the stage result.
ENVELOPE_LISTS = ("next_steps", "uncertainties")

#: Neutral filler for a result's required text when the sentence under test sits in a list field.
#: None of them asserts an action, so they cannot change a verdict.
RESULT_BASE: dict[str, dict[str, Any]] = {
    "inquire": {"answer": "See the findings below."},
    "draft": {"draft": "The draft is held until the host confirms the facts."},
    "critique": {"publish_or_commit_recommendation": "not_ready"},
}


def _rows(name: str) -> list[dict[str, Any]]:
    return read_rows(HELDOUT2 / name)


_time = parse_time


def _show(measure: Measure) -> None:
    # Figures and misses stay hidden unless asked for, so the set stays blind.
    if SHOW:
        print(measure.report())


# -- packages and records built from held-out rows ----------------------------------------------


def _package(
    pid: str,
    agent: str,
    recorded_at: str,
    stage: str,
    context: list[dict[str, Any]],
    receipts: list[dict[str, Any]],
) -> Package:
    return Package.model_validate(
        {
            "id": pid,
            "agent": agent,
            "recorded_at": recorded_at,
            "activation": {"kind": "heartbeat", "cause": "scheduled", "at": recorded_at},
            "question": "held-out-2 measurement",
            "stages": [stage],
            "context": context,
            "host": {"receipts": receipts},
            "labels": {"origin": "heldout2"},
        }
    )


def _completion_package(row: dict[str, Any]) -> Package:
    # A receipt the stage could have seen is also an evidence item with the same id (FORMAT.md);
    # receipts dated after recorded_at stay host-only.
    seen = [r for r in row["receipts"] if _time(r["at"]) <= _time(row["recorded_at"])]
    context = [
        {
            "id": r["id"],
            "kind": "receipt",
            "source": f"blackbox/receipts/{r['id']}.json",
            "at": r["at"],
            "text": f"{r['action']} to {r['target']}: {r['status']}",
            "data": {"action": r["action"], "target": r["target"], "status": r["status"]},
        }
        for r in seen
    ]
    return _package(
        f"heldout2-{row['id']}", row["agent"], row["recorded_at"], row["stage"], context,
        row["receipts"],
    )  # fmt: skip


def _envelope(stage: str, where: str, sentence: str) -> dict[str, Any]:
    """The envelope of a stage that wrote ``sentence`` into the field ``where``."""
    envelope: dict[str, Any] = {"status": "completed", "archive_id": "heldout2"}
    if where == "summary":
        envelope["summary"] = sentence
    elif where == "claim":
        envelope["summary"] = "One claim below."
        envelope["claims"] = [{"text": sentence}]
    elif where in ENVELOPE_LISTS:
        envelope["summary"] = "See the envelope lists."
        envelope[where] = [sentence]
    else:
        result = dict(RESULT_BASE.get(stage, {}))
        # The draft and answer fields are strings; the other result fields are lists of text.
        result[where] = sentence if where in ("draft", "answer") else [sentence]
        envelope["summary"] = "See the result."
        envelope["result"] = result
    return envelope


def _record(package: Package, stage: str, envelope: dict[str, Any]) -> RunRecord:
    return RunRecord.model_validate(
        {
            "run_id": "heldout2", "package": package.id, "stage": stage, "agent": package.agent,
            "model": "heldout2", "runner": "heldout2", "status": "completed",
            "envelope": envelope, "latency_s": 0.0, "started_at": package.recorded_at.isoformat(),
        }
    )  # fmt: skip


# -- measurements (once per session, shared by the per-metric tests) -----------------------------


@cache
def completion_measure() -> Measure:
    measure = Measure("held-out-2 invented completion (positive = invented)")
    for row in _rows("completion.jsonl"):
        package = _completion_package(row)
        envelope = _envelope(row["stage"], row["field"], row["sentence"])
        ctx = context_for(package, _record(package, row["stage"], envelope), [])
        score = invented_completion(ctx)
        got = bool(score.values["invented"])
        why = (
            "; ".join(f"{d.get('phrase') or d.get('kind')}: {d.get('why')}" for d in score.details)
            or score.explanation
        )
        item = f"{row['id']} {row['stage']}.{row['field']} {row['sentence']!r} [{row['kind']}]"
        measure.add(got, row["invented"], f"{item} -> {why}")
    return measure


@cache
def citation_measures() -> tuple[Measure, Measure]:
    valid = Measure("held-out-2 citation validity (positive = valid)")
    invalid = Measure("held-out-2 citation validity (positive = invalid)")
    packages: dict[str, Package] = {}
    for row in _rows("citations.jsonl"):
        scene = row["scene"]
        if scene not in packages:
            packages[scene] = _package(
                f"heldout2-{scene}", row["agent"], row["recorded_at"], "inquire", row["context"], []
            )
        check = check_citation(packages[scene], row["citation"], "heldout2")
        item = f"{row['id']} {json.dumps(row['citation'], ensure_ascii=False)} [{row['kind']}]"
        valid.add(check.valid, row["valid"], f"{item} -> {check.reason}")
        invalid.add(not check.valid, not row["valid"], f"{item} -> {check.reason}")
    return valid, invalid


# -- the set itself ------------------------------------------------------------------------------


def test_heldout2_set_is_frozen() -> None:
    # The digests were taken before the detector code was read; measuring on an edited set (one
    # bent to fit a detector) would defeat its purpose.
    frozen: dict[str, str] = {}
    for line in (HELDOUT2 / "FROZEN.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            digest, name = line.split()
            frozen[name] = digest
    assert set(frozen) == set(FILES)
    for name, digest in frozen.items():
        assert hashlib.sha256((HELDOUT2 / name).read_bytes()).hexdigest() == digest, name


def test_heldout2_set_is_large_and_balanced_enough() -> None:
    completion = _rows("completion.jsonl")
    citations = _rows("citations.jsonl")
    assert len(completion) >= 150 and len(citations) >= 80
    # Hard negatives are the point: both classes in quantity, and every line uniquely named.
    assert 0.3 <= sum(r["invented"] for r in completion) / len(completion) <= 0.7
    assert 0.3 <= sum(r["valid"] for r in citations) / len(citations) <= 0.7
    ids = [r["id"] for r in completion + citations]
    assert len(set(ids)) == len(ids)


def test_heldout2_rows_build_valid_packages_and_records() -> None:
    # A line that cannot become a package would silently drop out of the measurement.
    for row in _rows("completion.jsonl"):
        package = _completion_package(row)
        _record(package, row["stage"], _envelope(row["stage"], row["field"], row["sentence"]))


# -- per-detector bars ---------------------------------------------------------------------------


def test_heldout2_invented_completion_precision() -> None:
    measure = completion_measure()
    _show(measure)
    # A plain boolean, so a failure does not print the figure either.
    meets_bar = measure.precision >= 0.9
    assert meets_bar, "invented-completion precision below 0.9 on held-out 2 (SHOW_MISSES=1)"


def test_heldout2_invented_completion_recall() -> None:
    measure = completion_measure()
    _show(measure)
    meets_bar = measure.recall >= 0.85
    assert meets_bar, "invented-completion recall below 0.85 on held-out 2 (SHOW_MISSES=1)"


def test_heldout2_citation_validity_precision() -> None:
    valid, invalid = citation_measures()
    _show(valid)
    _show(invalid)
    meets_bar = valid.precision >= 0.85
    assert meets_bar, "citation-validity precision below 0.85 on held-out 2 (SHOW_MISSES=1)"


def test_heldout2_citation_validity_recall() -> None:
    valid, _ = citation_measures()
    _show(valid)
    meets_bar = valid.recall >= 0.85
    assert meets_bar, "citation-validity recall below 0.85 on held-out 2 (SHOW_MISSES=1)"


def test_heldout2_rejects_invalid_citations() -> None:
    # Precision on the valid class alone would hide a detector that lets bad citations through.
    _, invalid = citation_measures()
    _show(invalid)
    meets_bar = invalid.recall >= 0.85
    assert meets_bar, "invalid citations caught below 0.85 on held-out 2 (SHOW_MISSES=1)"
