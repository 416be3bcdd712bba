"""The per-stage table ``shadow score`` prints: each stage's cases and the mean or rate of the
values it shows, fed one score at a time; tables of parts of a run scored apart are merged in
the parts' order, so the sums are added in the order one process adds them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from tabulate import tabulate

from harness.schema import STAGES, ScoreRecord


def _mean(values: list[Any]) -> str:
    numbers = [float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
    return f"{sum(numbers) / len(numbers):.2f}" if numbers else "-"


def _rate(values: list[Any]) -> str:
    flags = [v for v in values if isinstance(v, bool)]
    return f"{sum(flags)}/{len(flags)}" if flags else "-"


#: The (scorer, value) pairs the per-stage table shows, in column order, with how each is summed.
_COLUMNS: tuple[tuple[str, str, str, str], ...] = (
    ("cite prec", "evidence_fidelity", "citation_precision", "mean"),
    ("decisive", "evidence_fidelity", "decisive_recall", "mean"),
    ("invented", "invented_completion", "invented", "rate"),
    ("repeat red", "repeat_checks", "reduction", "mean"),
    ("compliant", "boundary", "compliant", "rate"),
    ("parity", "parity", "match", "rate"),
    ("useful", "usefulness", "useful", "rate"),
    ("latency s", "latency", "latency_s", "mean"),
)
_WANTED = {(scorer, key) for _, scorer, key, _ in _COLUMNS}


class StageTable:
    """The per-stage table, fed one score at a time: it keeps only the values it shows."""

    def __init__(self) -> None:
        self.scores = 0
        self._cases: dict[str, set[str]] = defaultdict(set)
        self._values: dict[tuple[str, str, str], list[Any]] = defaultdict(list)

    def observe_all(self, records: Iterable[ScoreRecord]) -> None:
        for record in records:
            self.observe(record)

    def observe(self, record: ScoreRecord) -> None:
        self.scores += 1
        stage = str(record.stage)
        self._cases[stage].add(record.package)
        for key, value in record.values.items():
            if (record.scorer, key) in _WANTED:
                self._values[(stage, record.scorer, key)].append(value)

    def merge(self, other: StageTable) -> None:
        """Add the scores ``other`` saw after the ones this table saw."""
        self.scores += other.scores
        for stage, cases in other._cases.items():
            self._cases[stage] |= cases
        for key, values in other._values.items():
            self._values[key].extend(values)

    def render(self) -> str:
        rows = []
        for stage in STAGES:
            s = str(stage)
            if s not in self._cases:
                continue
            cells = [
                (_mean if how == "mean" else _rate)(self._values[(s, scorer, key)])
                for _, scorer, key, how in _COLUMNS
            ]
            rows.append([s, len(self._cases[s]), *cells])
        headers = ["stage", "cases", *(name for name, *_ in _COLUMNS)]
        return tabulate(rows, headers=headers, tablefmt="simple")
