"""The worst example cases behind each failure, with the scorer's explanation and the trace's archive id."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import pandas as pd

from harness.report.render import records

#: Failure kind -> (scorer, metric, predicate on the value). Ordered by severity.
FAILURES: dict[str, tuple[str, str, str]] = {
    "boundary violation": ("boundary", "violations", "positive"),
    "invented completion": ("invented_completion", "invented_completions", "positive"),
    "fabricated citation": ("evidence_fidelity", "fabricated_citations", "positive"),
    "reopened settled matter": ("repeat_checks", "added", "positive"),
    "suppressed needed check": ("repeat_checks", "suppressed_needed", "positive"),
    "disagrees with host": ("parity", "match", "false"),
}


@dataclass(frozen=True)
class Example:
    failure: str
    stage: str
    package: str
    model: str
    count: float
    explanation: str
    trace: str | None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def worst_examples(
    scores: pd.DataFrame, results: pd.DataFrame, *, per_failure: int = 3
) -> list[Example]:
    """Up to ``per_failure`` examples per (failure kind, stage), the largest counts first and
    package id as the tie-break, so the same run always shows the same examples."""
    if scores.empty:
        return []
    archive: dict[tuple[Any, Any, Any], Any] = {}
    if not results.empty:
        # Four columns zipped, not every column of every run made a dict (2 s at 43,200 runs);
        # a Series yields Python scalars, as the dicts held them.
        keys = zip(results["package"], results["stage"], results["model"], strict=True)
        archive = dict(zip(keys, results["archive_id"], strict=True))
    examples: list[Example] = []
    # The rows of the failures' metrics, picked once: each failure then compares its few
    # thousand rows, not every row of the long table twice (same rows, order and index).
    candidates = scores[scores["metric"].isin({metric for _, metric, _ in FAILURES.values()})]
    for failure, (scorer, metric, predicate) in FAILURES.items():
        rows = candidates[(candidates["scorer"] == scorer) & (candidates["metric"] == metric)]
        hit = rows[rows["value"] > 0] if predicate == "positive" else rows[rows["value"] == 0]
        if hit.empty:
            continue
        hit = hit.sort_values(["stage", "value", "package"], ascending=[True, False, True])
        for _, group in hit.groupby("stage", sort=True):
            for row in records(group.head(per_failure)):
                archive_id = archive.get((row["package"], row["stage"], row["model"]))
                examples.append(
                    Example(
                        failure=failure,
                        stage=str(row["stage"]),
                        package=str(row["package"]),
                        model=str(row["model"]),
                        count=float(row["value"]),
                        explanation=str(row["explanation"]),
                        trace=archive_id,
                    )
                )
    return examples
