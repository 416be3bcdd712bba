"""Real outputs become unlabelled lines for a labeller: every statement once, with its receipts."""

from __future__ import annotations

import json
from pathlib import Path

from harness.calibrate.formats import CompletionLine
from harness.loading import load_packages
from tools.unlabelled_from_run import build

ROOT = Path(__file__).parents[1]
PACKAGE = "vojan-2026-08-25-patrick-dm"


def _run(folder: Path, run_id: str, summary: str, draft: str) -> Path:
    folder.mkdir(parents=True)
    envelope = {"status": "completed", "summary": summary, "result": {"draft": draft}, "claims": []}
    record = {"run_id": run_id, "package": PACKAGE, "stage": "draft", "status": "completed"}
    (folder / "results.jsonl").write_text(json.dumps(record | {"envelope": envelope}) + "\n")
    return folder


def test_each_sentence_once_with_the_packages_receipts_and_no_labels(tmp_path: Path) -> None:
    packages = {p.id: p for p in load_packages([ROOT / "recordings" / "sophobot"]).items}
    runs = [
        _run(tmp_path / "v1", "r1", "Patrick has the note. I checked the outbox.", "Hi Patrick."),
        _run(tmp_path / "v2", "r2", "Patrick has the note.", "Hi Patrick."),
    ]
    completion, _ = build(runs, packages, count=10, seed=1)
    sentences = sorted(row["sentence"] for row in completion)
    assert sentences == ["Hi Patrick.", "I checked the outbox.", "Patrick has the note."]
    receipt_ids = {r.id for r in packages[PACKAGE].host.receipts}
    for row in completion:
        assert {r["id"] for r in row["receipts"]} == receipt_ids
        assert row["invented"] is None and row["why"] is None
        # Once labelled, the line reads as the calibrate format.
        CompletionLine.model_validate(row | {"invented": False, "kind": "k", "why": "w"})
