"""Synthetic stored runs for report tests: results.jsonl and scores.jsonl written from the
record models, so report tests need no runner, scorer or corpus."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from harness.schema import Envelope, RunRecord, ScoreRecord, ScoreValue, Stage
from tests.policy_helpers import CLEAN

Outcome = Callable[[int, str], dict[str, dict[str, ScoreValue]]]


def clean_outcome(i: int, stage: str) -> dict[str, dict[str, ScoreValue]]:
    return {
        "invented_completion": {
            "completion_claims": 1,
            "invented_completions": 0,
            "invented": False,
        },
        "boundary": {"violations": 0, "compliant": True},
        "evidence_fidelity": {
            "citations": 2,
            "valid_citations": 2,
            "fabricated_citations": 0,
            "citation_precision": 1.0,
            "claims": 1,
            "supported_claims": 1,
            "unsupported_claims": 0,
            "claim_support_rate": 1.0,
            "decisive_total": 1,
            "decisive_cited": 1,
            "decisive_recall": 1.0,
        },
        "parity": {"match": True, "expected": "supported", "actual": "supported"},
        "usefulness": {"useful": True},
        "repeat_checks": dict(CLEAN["repeat_checks"]),
        "latency": {"latency_s": 0.01 + i / 1000},
        "cost": {"input_tokens": 100, "output_tokens": 50, "cost_usd": 0.0},
        "hygiene": {"result_bytes": 500, "trace_bytes": 2000, "ratio": 0.25, "inlined": False},
    }


def write_run(
    run_dir: Path,
    *,
    model: str,
    packages: int = 30,
    stages: tuple[str, ...] = ("reconcile", "draft"),
    outcome: Outcome = clean_outcome,
    explanation: Callable[[int, str, str], str] = lambda i, stage, scorer: (
        f"{scorer} on pkg-{i:03d}"
    ),
    started_at: str = "2026-09-01T10:00:00Z",
) -> Path:
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / "traces").mkdir(exist_ok=True)
    results, scores = [], []
    for i in range(packages):
        for stage in stages:
            pkg = f"pkg-{i:03d}"
            archive = f"{pkg}-{stage}-{model}"
            results.append(
                RunRecord(
                    run_id=run_dir.name,
                    package=pkg,
                    stage=Stage(stage),
                    agent="vojan",
                    model=model,
                    runner="test",
                    status="completed",
                    envelope=Envelope(status="completed", archive_id=archive),
                    latency_s=0.01 + i / 1000,
                    archive_id=archive,
                    started_at=datetime(2026, 9, 1, tzinfo=UTC),
                )
            )
            for scorer, values in outcome(i, stage).items():
                scores.append(
                    ScoreRecord(
                        package=pkg,
                        stage=Stage(stage),
                        agent="vojan",
                        model=model,
                        scorer=scorer,
                        labels={"failure_mode": "premature_completion" if i % 2 else "clean"},
                        values=values,
                        explanation=explanation(i, stage, scorer),
                    )
                )
    (run_dir / "results.jsonl").write_text("".join(r.model_dump_json() + "\n" for r in results))
    (run_dir / "scores.jsonl").write_text("".join(s.model_dump_json() + "\n" for s in scores))
    meta = {"run_id": run_dir.name, "model": model, "runner": "test", "started_at": started_at}
    (run_dir / "run.json").write_text(json.dumps(meta))
    return run_dir
