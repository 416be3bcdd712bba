"""The result envelope (runner to harness), as the seed lists it.

``result`` stays a plain mapping here: a result that breaks its stage contract is still recorded and
then scored as schema-invalid, rather than lost at load time.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from harness.schema.common import Open
from harness.schema.contracts import Citation, Confidence, DeclaredArtifact

EnvelopeStatus = Literal["completed", "interrupted", "timed_out", "failed"]


class Claim(Open):
    text: str
    evidence: list[Citation] = []


class ToolReceipt(Open):
    tool: str
    target: str = ""
    status: str = "ok"
    detail: str = ""


class Usage(Open):
    input_tokens: int = Field(default=0, ge=0)
    output_tokens: int = Field(default=0, ge=0)
    cost_usd: float = Field(default=0.0, ge=0)
    model: str | None = None


class Envelope(Open):
    status: EnvelopeStatus
    summary: str = ""
    result: dict[str, Any] | None = None
    claims: list[Claim] = []
    receipts: list[ToolReceipt] = []
    artifacts: list[DeclaredArtifact] = []
    next_steps: list[str] = []
    confidence: Confidence | None = None
    uncertainties: list[str] = []
    usage: Usage = Usage()
    archive_id: str | None = None
    error: str | None = Field(default=None, description="why a run failed, for failed/timed_out")
