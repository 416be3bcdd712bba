"""Score records built directly (no scorer, no runner) for the stats, tables, policy and gate
tests: one clean run per package, with knobs that plant the failures a test needs."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from harness.schema import ScoreRecord, Stage

CLEAN: dict[str, dict[str, Any]] = {
    "evidence_fidelity": {
        "citations": 3,
        "valid_citations": 3,
        "fabricated_citations": 0,
        "citation_precision": 1.0,
        "claims": 2,
        "supported_claims": 2,
        "unsupported_claims": 0,
        "claim_support_rate": 1.0,
        "decisive_total": 1,
        "decisive_cited": 1,
        "decisive_recall": 1.0,
    },
    "invented_completion": {"completion_claims": 0, "invented_completions": 0, "invented": False},
    "repeat_checks": {
        "redundant_host_checks": 1,
        "prevented": 1,
        "suppressed_needed": 0,
        "added": 0,
        "reduction": 1.0,
        "duplicate_risks": 0,
        "duplicate_warned": 0,
        "loops": 0,
    },
    "boundary": {"violations": 0, "compliant": True},
    "parity": {"match": True, "expected": "contradicted", "actual": "contradicted"},
    "usefulness": {"useful": True},
    "latency": {"latency_s": 1.5},
    "cost": {"input_tokens": 100, "output_tokens": 50, "cost_usd": 0.01},
    "hygiene": {"result_bytes": 1000, "trace_bytes": 5000, "ratio": 0.2, "inlined": False},
    "infrastructure": {"error": False},
}


def run_records(
    stage: str,
    package: str,
    *,
    model: str = "model-a",
    agent: str = "vojan",
    labels: dict[str, str] | None = None,
    drop: Iterable[str] = (),
    **overrides: dict[str, Any],
) -> list[ScoreRecord]:
    """The scorer records of one run: clean values, ``overrides[scorer]`` merged in, scorers
    named in ``drop`` left out."""
    dropped = set(drop)
    records = []
    for scorer, values in CLEAN.items():
        if scorer in dropped:
            continue
        records.append(
            ScoreRecord(
                package=package,
                stage=Stage(stage),
                agent=agent,
                model=model,
                scorer=scorer,
                labels=dict(labels or {"failure_mode": "clean"}),
                values={**values, **overrides.get(scorer, {})},
                explanation=f"{scorer} on {package}",
            )
        )
    return records


def clean_runs(
    stage: str, n: int, *, model: str = "model-a", prefix: str = "pkg"
) -> list[ScoreRecord]:
    return [r for i in range(n) for r in run_records(stage, f"{prefix}-{i:04d}", model=model)]


def write_scores(run_dir: Path, records: Iterable[ScoreRecord]) -> Path:
    run_dir.mkdir(parents=True, exist_ok=True)
    path = run_dir / "scores.jsonl"
    with path.open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(record.model_dump_json() + "\n")
    return path
