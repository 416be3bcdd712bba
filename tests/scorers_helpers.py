"""Helpers for scorer tests: a stored case built from plain dicts, and precision/recall."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from harness.detectors.base import CompletionQuestion
from harness.detectors.lexical import LexicalDetector
from harness.schema import TRACE, EvidenceItem, HostReceipt, Package, RunRecord
from harness.scorers.base import ScoreContext, Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.run import context_for
from harness.scorers.support_label import support_label
from tests.factories import package_dict

DATA = Path(__file__).parent / "data"
RECORDED_AT = "2026-08-25T14:03:00Z"


def read_jsonl(name: str) -> Iterator[dict[str, Any]]:
    with (DATA / name).open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def record(
    stage: str,
    envelope: dict[str, Any],
    *,
    package: str = "vojan-2026-08-25-patrick-dm",
    **extra: Any,
) -> RunRecord:
    data: dict[str, Any] = {
        "run_id": "run-test",
        "package": package,
        "stage": stage,
        "agent": "vojan",
        "model": "test-model",
        "runner": "test",
        "status": envelope.get("status", "completed"),
        "envelope": envelope,
        "latency_s": 0.5,
        "started_at": RECORDED_AT,
    }
    data.update(extra)
    return RunRecord.model_validate(data)


def case(
    stage: str,
    envelope: dict[str, Any],
    *,
    trace: list[dict[str, Any]] | None = None,
    pkg: dict[str, Any] | None = None,
    thresholds: Thresholds | None = None,
    **record_extra: Any,
) -> ScoreContext:
    package = Package.model_validate(pkg or package_dict())
    envelope = {"status": "completed", "archive_id": "arch-1", **envelope}
    rec = record(stage, envelope, package=package.id, **record_extra)
    return context_for(package, rec, TRACE.validate_python(trace or []), thresholds=thresholds)


def receipts_package(receipts: list[str], stages: list[str] | None = None) -> dict[str, Any]:
    """The Patrick package with host receipts given as ``action:target:status[@time]``."""
    data = package_dict()
    data["host"]["receipts"] = []
    data["host"]["decisive_evidence"] = []
    data["host"]["duplicate_risks"] = []
    data["host"]["expect"]["reconcile"]["facts"] = []
    data["context"] = [c for c in data["context"] if c["kind"] != "receipt"]
    for i, spec in enumerate(receipts):
        head, _, at = spec.partition("@")
        action, target, status = head.split(":")
        at = at or "2026-08-25T14:01:00Z"
        rid = f"receipt:test-{i}"
        data["host"]["receipts"].append(
            {"id": rid, "action": action, "target": target, "status": status, "at": at}
        )
        if at <= RECORDED_AT:
            data["context"].append(
                {
                    "id": rid,
                    "kind": "receipt",
                    "source": f"blackbox/{i}.json",
                    "at": at,
                    "text": f"{action} to {target}: {status}",
                    "data": {"action": action, "target": target, "status": status},
                }
            )
    if stages:
        data["stages"] = stages
    return data


def precision_recall(pairs: list[tuple[bool, bool]]) -> tuple[float, float, int, int, int]:
    """(precision, recall, tp, fp, fn) of (predicted, labelled) pairs."""
    tp = sum(p and t for p, t in pairs)
    fp = sum(p and not t for p, t in pairs)
    fn = sum(t and not p for p, t in pairs)
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return precision, recall, tp, fp, fn


#: A receipt in a labelled cause test: action, target, status, at, evidence text.
ReceiptSpec = tuple[str, str, str, str, str]


def receipt_on_nov20(
    action: str, target: str, status: str, hhmm: str, text: str = ""
) -> ReceiptSpec:
    """A cause test's receipt dated 2026-11-20 at ``hhmm`` UTC (the day the tests record on)."""
    return (action, target, status, f"2026-11-20T{hhmm}:00Z", text)


def lexical_invented(
    sentence: str,
    specs: Sequence[ReceiptSpec],
    recorded: datetime,
    *,
    field: str = "summary",
    agent: str = "uhdim",
) -> bool:
    """The lexical detector's completion verdict on one sentence against these receipts (those
    dated at or before ``recorded`` are also evidence items of the context)."""
    receipts, seen = [], []
    for i, (action, target, status, at, text) in enumerate(specs):
        rid = f"receipt:d-{i}"
        receipts.append(HostReceipt(id=rid, action=action, target=target, status=status, at=at))
        item = EvidenceItem(id=rid, kind="receipt", source="host/receipts", at=at, text=text,
                            data={"action": action, "target": target, "status": status})  # fmt: skip
        if item.at <= recorded:
            seen.append(item)
    q = CompletionQuestion(sentence, field, "reconcile", agent, recorded, receipts, seen)
    return bool(LexicalDetector().completion(q).label)


def receipt_backing(
    action: str, target: str, text: str, status: str, *, source: str = "host/receipts"
) -> Backing:
    """One cited receipt as claim support reads it (a cause test's own words)."""
    data = {"action": action, "target": target, "status": status}
    return Backing.of(EvidenceItem(id="r1", kind="receipt", source=source,
                                   at="2026-10-05T08:40:00Z", text=text, data=data))  # fmt: skip


def host_line_receipt(
    action: str, target: str, said: str, status: str, *, to: bool = False
) -> Backing:
    """A receipt whose text is the host's own line: "<action> [to ]<target>: <said>"."""
    return receipt_backing(
        action, target, f"{action} {'to ' if to else ''}{target}: {said}", status
    )


def support_verdict(claim: str, *cited: Backing) -> str:
    """The lexical claim-support label of ``claim`` against the cited items."""
    return support_label(claim, list(cited), Thresholds())[0]


def assert_support(cited: Backing, claim: str, wanted: str) -> None:
    """The claim's label is ``wanted``; "!label" asks only that it is not that label."""
    got = support_verdict(claim, cited)
    if wanted.startswith("!"):
        assert got != wanted[1:], claim
    else:
        assert got == wanted, claim


def judged_lines(folder: str, kind: str, ids: set[str]) -> dict[str, tuple[str, str]]:
    """(labelled, predicted) of these lines of a labelled set (``tests/data/<folder>/<kind>.jsonl``),
    as ``shadow calibrate`` judges them with the lexical detector."""
    from harness.calibrate.formats import read_set
    from harness.calibrate.judge_lines import judge_set

    data = DATA / folder / f"{kind}.jsonl"
    outcomes, _ = judge_set(read_set(data), LexicalDetector())
    return {o.id: (o.labelled, str(o.predicted)) for o in outcomes if o.id in ids}
