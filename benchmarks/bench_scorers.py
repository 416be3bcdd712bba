"""Scores per second over synthetic recorded runs (all scorers, one core).

    .venv/bin/python benchmarks/bench_scorers.py [--cases 10000]

Builds the stored cases first (packages, run records, traces, as ``shadow score`` reads them),
then times only the scoring. Texts vary per case so the text caches do not flatter the figure.
"""

from __future__ import annotations

import argparse
import copy
import time
from typing import Any

from harness.schema import TRACE, Package, RunRecord
from harness.scorers.base import ScoreContext
from harness.scorers.run import context_for, score_case
from tests.factories import PATRICK

STAGES = ("reconcile", "draft", "critique")


def _package(i: int) -> Package:
    data = copy.deepcopy(PATRICK)
    data["id"] = f"bench-{i}"
    data["question"] = f"Was DM {i} to Patrick actually sent?"
    data["context"][0]["text"] = f"Sent Patrick note {i} about the etching ledger."
    return Package.model_validate(data)


def _envelope(stage: str, i: int) -> dict[str, Any]:
    cite = [{"id": "receipt:deleg-77", "quote": "to patrick: queued"}]
    if stage == "reconcile":
        result: dict[str, Any] = {
            "status": "contradicted" if i % 3 else "supported",
            "facts": [{"claim": f"DM {i} to Patrick is only queued", "evidence": cite},
                      {"claim": f"Journal entry {i} claims the send", "evidence": [
                          {"id": "journal#2026-08-25T13:58"}, {"id": f"receipt:fake-{i}"}]}],
            "recommended_next_check": None if i % 2 else "inbox recheck for patrick",
        }  # fmt: skip
    elif stage == "draft":
        result = {
            "draft": f"Entry {i}: drafted the ledger note. " + ("I sent Patrick the note." if i % 4 == 0
                     else "The send to Patrick is still queued, so nothing is journaled yet."),
            "verified_facts": [f"Receipt deleg-77 shows message.send {i} queued"],
            "claims_needing_host_confirmation": ["Patrick has the note"],
        }  # fmt: skip
    else:
        result = {
            "publish_or_commit_recommendation": "not_ready",
            "unsupported_claims": [f"I sent Patrick the note ({i})"],
            "risks": ["Journaling before the receipt succeeds repeats the Aug 25 error."],
        }
    return {"status": "completed", "archive_id": f"a-{i}", "summary": f"Case {i} reviewed.",
            "result": result, "next_steps": [f"Ask the host to confirm send {i}"]}  # fmt: skip


def build(cases: int) -> list[ScoreContext]:
    contexts = []
    for i in range(cases):
        stage = STAGES[i % len(STAGES)]
        package = _package(i)
        record = RunRecord.model_validate({
            "run_id": "bench", "package": package.id, "stage": stage, "agent": "vojan",
            "model": "bench", "runner": "bench", "status": "completed",
            "envelope": _envelope(stage, i), "latency_s": 1.0, "started_at": "2026-08-25T14:03:00Z",
            "usage": {"input_tokens": 1000 + i, "output_tokens": 200},
        })  # fmt: skip
        trace = TRACE.validate_python([
            {"type": "tool_call", "tool": "evidence.search", "args": {"query": f"patrick {i}"}},
            {"type": "tool_result", "output": "message.send to patrick: queued"},
            {"type": "file_read", "path": "input/journal.md" if i % 10 else "../escape.md"},
        ])  # fmt: skip
        contexts.append(context_for(package, record, trace))
    return contexts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=10_000)
    args = parser.parse_args()
    start = time.perf_counter()
    contexts = build(args.cases)
    built = time.perf_counter() - start
    start, cpu_start = time.perf_counter(), time.process_time()
    scores = sum(len(score_case(ctx)) for ctx in contexts)
    elapsed = time.perf_counter() - start
    # CPU time is the figure to compare with the target on a shared machine: wall time also
    # counts the time other processes held the core.
    cpu_ms = (time.process_time() - cpu_start) / len(contexts) * 1000
    per_case_ms = elapsed / len(contexts) * 1000
    print(f"built {len(contexts)} stored cases in {built:.2f} s")
    print(f"scored {len(contexts)} cases ({scores} scores) in {elapsed:.2f} s: "
          f"{per_case_ms:.3f} ms per case, {scores / elapsed:,.0f} scores/s, "
          f"{len(contexts) / elapsed:,.0f} cases/s")  # fmt: skip
    print(
        f"CPU time {cpu_ms:.3f} ms per case; target < 1 ms per case:",
        "met" if cpu_ms < 1 else "NOT met",
    )


if __name__ == "__main__":
    main()
