"""Confusion counts for a detector on a labelled set, shared by the held-out tests."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any


def read_rows(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


@dataclass
class Measure:
    """Confusion counts of one detector on one set, with the items it got wrong."""

    name: str
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, predicted: bool, labelled: bool, item: str) -> None:
        if predicted and labelled:
            self.tp += 1
        elif predicted:
            self.fp += 1
            self.misses.append(f"FP {item}")
        elif labelled:
            self.fn += 1
            self.misses.append(f"FN {item}")
        else:
            self.tn += 1

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    def report(self) -> str:
        """The figures, then one line per misclassified item."""
        head = (
            f"{self.name}: precision {self.precision:.3f} recall {self.recall:.3f} "
            f"(tp {self.tp}, fp {self.fp}, fn {self.fn}, tn {self.tn})"
        )
        return "\n".join([head, *(f"  {miss}" for miss in self.misses)])
