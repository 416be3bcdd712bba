"""What a stage module hands back to the runner, before it becomes an envelope."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from harness.schema import Claim, DeclaredArtifact, StageResult, ToolReceipt

Confidence = Literal["high", "medium", "low"]


@dataclass
class StageOutcome:
    result: StageResult
    summary: str
    claims: list[Claim] = field(default_factory=list)
    next_steps: list[str] = field(default_factory=list)
    confidence: Confidence = "medium"
    uncertainties: list[str] = field(default_factory=list)
    artifacts: list[DeclaredArtifact] = field(default_factory=list)
    receipts: list[ToolReceipt] = field(default_factory=list)
