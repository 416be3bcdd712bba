"""Capture a finished run as recorded outputs (``recordings/outputs/<model>/``), so that the same
model version can be replayed later, and re-scored, with no model at hand."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from harness.rundir import TraceStore, read_results
from harness.schema import STAGES, RecordedOutput

#: Latency is rounded so that re-recording a deterministic runner changes few bytes.
LATENCY_DIGITS = 4
#: Run statuses that are the model's behaviour (see ``export_outputs``).
MODEL_OUTCOMES = frozenset({"completed", "failed", "timed_out"})


def export_outputs(run_dir: Path, out_dir: Path, *, model: str | None = None) -> Counter[str]:
    """Write one ``<stage>.jsonl`` per stage into ``out_dir``, lines sorted by package id.

    The model's own outcomes are exported, failures and timeouts included: a version replayed
    from its completed cases alone would look better than it ran (the cases it failed would drop
    out of its rates). An infrastructure ``error`` or an ``interrupted`` case says nothing about
    the model and is left out. Returns the count written per stage."""
    by_stage: dict[str, list[RecordedOutput]] = {}
    with TraceStore(run_dir) as traces:
        for record in read_results(run_dir):
            if record.status not in MODEL_OUTCOMES:
                continue
            trace = traces.read(record.archive_id) if record.archive_id else []
            by_stage.setdefault(str(record.stage), []).append(
                RecordedOutput(
                    package=record.package,
                    stage=record.stage,
                    model=model or record.model,
                    envelope=record.envelope,
                    trace=trace,
                    latency_s=round(record.latency_s, LATENCY_DIGITS),
                    usage=record.usage,
                )
            )
    out_dir.mkdir(parents=True, exist_ok=True)
    counts: Counter[str] = Counter()
    for stage in (str(s) for s in STAGES):
        outputs = sorted(by_stage.get(stage, []), key=lambda o: o.package)
        path = out_dir / f"{stage}.jsonl"
        if not outputs:
            path.unlink(missing_ok=True)
            continue
        with path.open("w", encoding="utf-8") as handle:
            for output in outputs:
                handle.write(output.model_dump_json(exclude_none=True) + "\n")
        counts[stage] = len(outputs)
    return counts
