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
    text: str = Field(description="the claim in words")
    evidence: list[Citation] = Field(
        default=[], description="citations of evidence items that support it"
    )


class ToolReceipt(Open):
    tool: str = Field(description="the tool used")
    target: str = Field(default="", description="what it acted on")
    status: str = Field(default="ok", description="how it ended (ok, error ...)")
    detail: str = Field(default="", description="more about it, free text")


class Usage(Open):
    input_tokens: int = Field(default=0, ge=0, description="tokens read by the model")
    output_tokens: int = Field(default=0, ge=0, description="tokens written by the model")
    cost_usd: float = Field(default=0.0, ge=0, description="what the run cost, in US dollars")
    model: str | None = Field(
        default=None, description="the model that answered, as its server names it"
    )


class Envelope(Open):
    status: EnvelopeStatus = Field(
        description="completed, interrupted (cancelled), timed_out, or failed"
    )
    summary: str = Field(default="", description="one paragraph of what the stage found or did")
    result: dict[str, Any] | None = Field(
        default=None,
        description="the stage's result contract (see stage results); kept even when it breaks the contract, then scored so",
    )
    claims: list[Claim] = Field(
        default=[], description="the claims the answer makes, each with its citations"
    )
    receipts: list[ToolReceipt] = Field(default=[], description="tool actions the run took")
    artifacts: list[DeclaredArtifact] = Field(
        default=[], description="files the run declares it produced"
    )
    next_steps: list[str] = Field(default=[], description="what the stage suggests next")
    confidence: Confidence | None = Field(default=None, description="high, medium or low")
    uncertainties: list[str] = Field(default=[], description="what the stage could not settle")
    usage: Usage = Field(default=Usage(), description="tokens and cost")
    archive_id: str | None = Field(
        default=None,
        description="names the run's trace, archived beside the run (`shadow show` prints it); never inlined in the result",
    )
    error: str | None = Field(default=None, description="why a run failed, for failed/timed_out")
