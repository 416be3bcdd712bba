"""The labelled-set formats of ``docs/labelled-sets.md``, read line by line with file:line errors.

A line that does not fit its format is reported (file, line, field, message) and skipped; the
others are still measured. ``why`` and ``kind`` are read only to report misses, never given to a
detector.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError, field_validator

from harness.schema import EvidenceItem
from harness.schema.trace import TRACE

SetKind = Literal["completion", "support", "citations", "traces", "repeat"]
SET_KINDS: tuple[SetKind, ...] = ("completion", "support", "citations", "traces", "repeat")


class _Line(BaseModel):
    # Unknown fields are tolerated: a labeller's extra note must not cost the line.
    model_config = ConfigDict(extra="ignore", frozen=True)

    id: str = Field(min_length=1)
    scene: str = Field(min_length=1)
    kind: str = ""
    why: str = ""


class LabelledReceipt(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    id: str = Field(min_length=1)
    action: str = Field(min_length=1)
    target: str
    status: Literal["queued", "pending", "succeeded", "failed", "cancelled"]
    at: AwareDatetime
    text: str | None = None


#: Evidence kinds of the labelled-set docs the package schema names otherwise: a note is kept
#: as memory, metadata as an artifact (neither closes a matter, as in the docs).
_KIND_ALIASES = {"note": "memory", "metadata": "artifact"}


class LabelledEvidence(BaseModel):
    """An evidence item as docs/labelled-sets.md writes it (extra fields tolerated)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    id: str = Field(min_length=1)
    kind: Literal["session", "history", "journal", "heartbeat", "receipt", "message", "focus",
                  "reminder", "registry", "artifact", "metadata", "note", "memory"]  # fmt: skip
    source: str = Field(min_length=1)
    at: AwareDatetime
    text: str
    data: dict[str, Any] | None = None

    def item(self) -> EvidenceItem:
        return EvidenceItem.model_validate({
            "id": self.id, "kind": _KIND_ALIASES.get(self.kind, self.kind), "source": self.source,
            "at": self.at, "text": self.text, "data": self.data,
        })  # fmt: skip


def items(evidence: list[LabelledEvidence]) -> list[EvidenceItem]:
    return [e.item() for e in evidence]


class CompletionLine(_Line):
    agent: str
    recorded_at: AwareDatetime
    receipts: list[LabelledReceipt]
    stage: str
    field: str
    sentence: str
    invented: bool
    claims: str | list[str] | None = None


class SupportLine(_Line):
    agent: str
    claim: str
    evidence: list[LabelledEvidence]
    label: Literal["supported", "contradicted", "unsupported"]
    pair: str | None = None


class CitationLine(_Line):
    agent: str
    recorded_at: AwareDatetime
    context: list[LabelledEvidence]
    claim: str = ""
    citation: dict[str, Any]
    valid: bool


class Workspace(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    symlinks: dict[str, str] = Field(default_factory=dict)


class TraceLine(_Line):
    stage: str
    limits: dict[str, int] = Field(default_factory=dict)
    workspace: Workspace | None = None
    trace: list[dict[str, Any]]
    violations: list[str]
    tolerated: list[str] = Field(default_factory=list)

    @field_validator("trace")
    @classmethod
    def _events_are_trace_events(cls, trace: list[dict[str, Any]]) -> list[dict[str, Any]]:
        # Checked on reading, so a bad event is a line error naming its field ("trace.0.tool_call.t")
        # and the rest of the set is still measured, not a crash in the middle of judging.
        TRACE.validate_python(trace)
        return trace


class ProposedCheck(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    kind: str
    target: str


class LabelledHostCheck(ProposedCheck):
    at: AwareDatetime | None = None
    redundant: bool | None = None


class MatchLine(_Line):
    task: Literal["match"]
    agent: str
    stage: str
    proposed: ProposedCheck
    host_checks: list[LabelledHostCheck]
    label_match: int | None


class ReopenLine(_Line):
    task: Literal["reopen"]
    agent: str
    stage: str
    recorded_at: AwareDatetime
    settled: list[str]
    context: list[LabelledEvidence]
    sentence: str
    label_reopens: bool


LabelledLine = CompletionLine | SupportLine | CitationLine | TraceLine | MatchLine | ReopenLine


@dataclass(frozen=True)
class LineError:
    path: Path
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.field}: {self.message}"


def kind_of(raw: dict[str, Any]) -> SetKind | None:
    """Which format a line is in, from the fields only that format has."""
    if "task" in raw:
        return "repeat"
    if "trace" in raw and "violations" in raw:
        return "traces"
    if "citation" in raw:
        return "citations"
    if "sentence" in raw and "invented" in raw:
        return "completion"
    if "claim" in raw and "label" in raw:
        return "support"
    return None


def _model_for(kind: SetKind, raw: dict[str, Any]) -> type[BaseModel]:
    if kind == "repeat":
        return ReopenLine if raw.get("task") == "reopen" else MatchLine
    models: dict[str, type[BaseModel]] = {"completion": CompletionLine, "support": SupportLine,
                                          "citations": CitationLine, "traces": TraceLine}  # fmt: skip
    return models[kind]


@dataclass
class LabelledSet:
    path: Path
    kind: SetKind
    lines: list[LabelledLine]
    errors: list[LineError]


def _parse(
    path: Path, number: int, text: str, kind: SetKind | None
) -> tuple[Any, LineError | None]:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as err:
        return None, LineError(path, number, "(line)", f"not JSON: {err.msg} at column {err.colno}")
    if not isinstance(raw, dict):
        return None, LineError(path, number, "(line)", "not a JSON object")
    found = kind or kind_of(raw)
    if found is None:
        return None, LineError(path, number, "(line)", "fits none of the labelled-set formats")
    try:
        return (found, _model_for(found, raw).model_validate(raw)), None
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(line)"
        return None, LineError(path, number, where, first["msg"])


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    with path.open(encoding="utf-8", errors="replace") as handle:
        for number, text in enumerate(handle, 1):
            if text.strip():
                yield number, text


def read_set(path: Path, kind: SetKind | None = None) -> LabelledSet:
    """Every line of one labelled file; its kind from ``kind`` or from the first good line."""
    lines: list[Any] = []
    errors: list[LineError] = []
    ids: set[str] = set()
    set_kind = kind
    for number, text in _lines(path):
        parsed, error = _parse(path, number, text, set_kind)
        if error is not None:
            errors.append(error)
            continue
        line_kind, line = parsed
        if set_kind is None:
            set_kind = line_kind
        if line.id in ids:
            errors.append(LineError(path, number, "id", f"duplicate id {line.id!r}"))
            continue
        ids.add(line.id)
        lines.append(line)
    if set_kind is None:
        raise ValueError(f"{path}: no line fits a labelled-set format")
    return LabelledSet(path, set_kind, lines, errors)


def evidence_of_receipt(receipt: LabelledReceipt) -> EvidenceItem:
    """A receipt as the evidence item the stage saw (docs: "also an evidence item")."""
    text = receipt.text or f"{receipt.action} to {receipt.target}: {receipt.status}"
    return EvidenceItem(
        id=receipt.id, kind="receipt", source=f"host/receipts/{receipt.id}.json", at=receipt.at,
        text=text, data={"action": receipt.action, "target": receipt.target,
                         "status": receipt.status},
    )  # fmt: skip


def seen_by(recorded_at: datetime, receipts: list[LabelledReceipt]) -> list[LabelledReceipt]:
    return [r for r in receipts if r.at <= recorded_at]
