"""Turning what a runner's child or model printed into an ``Envelope`` and a trace.

Two strictnesses: a program speaking the command protocol must print exactly one JSON object
(``parse_envelope_strict``); a language model's reply is searched for one (``parse_envelope_lenient``:
code fences stripped, surrounding prose ignored, a bare result wrapped). A result that breaks its
stage contract is still an envelope here; the scorers judge contracts later. Only output that
yields no envelope at all becomes a ``failed`` one.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from harness.schema import TRACE_EVENT, Envelope, EnvelopeStatus, TraceEvent

_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n(.*?)\n?```", re.DOTALL)
#: At most this many bad trace lines are described one by one in the notes.
_MAX_LINE_NOTES = 5


def failed_envelope(error: str, status: EnvelopeStatus = "failed") -> Envelope:
    return Envelope(status=status, error=error, summary="")


def stamp_archive_id(envelope: Envelope, archive_id: str, notes: list[str]) -> None:
    """An adapter that keeps the transcript (openai, pi) names it: a model cannot know the id, so
    one it wrote itself is replaced, and noted."""
    if envelope.archive_id not in (None, archive_id):
        notes.append(
            f"archive_id {envelope.archive_id[:80]!r} from the model replaced by the adapter's"
        )
    envelope.archive_id = archive_id


def adapter_archive_id(invocation_id: str, model: str) -> str:
    """A file-name-safe transcript id, stable per (invocation, model)."""
    return f"{invocation_id}-{hashlib.sha256(model.encode()).hexdigest()[:8]}"


@dataclass
class Parsed:
    envelope: Envelope | None
    error: str | None = None
    notes: list[str] = field(default_factory=list)


def _snippet(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else f"{flat[:limit]}..."


def _validation_summary(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False)[:3]:
        where = ".".join(str(p) for p in err["loc"]) or "<envelope>"
        parts.append(f"{where}: {err['msg']}")
    return "; ".join(parts)


def _to_envelope(value: Any) -> Parsed:
    if not isinstance(value, dict):
        return Parsed(None, f"envelope must be a JSON object, got {type(value).__name__}")
    try:
        return Parsed(Envelope.model_validate(value))
    except ValidationError as exc:
        return Parsed(None, f"envelope does not validate: {_validation_summary(exc)}")


def parse_envelope_strict(data: bytes) -> Parsed:
    """The command protocol: stdout is one JSON object (surrounding whitespace allowed)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Parsed(None, f"stdout is not UTF-8 ({exc.reason} at byte {exc.start})")
    if not text.strip():
        return Parsed(None, "stdout is empty; expected one JSON envelope")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        return Parsed(
            None, f"stdout is not JSON ({exc.msg} at line {exc.lineno}): {_snippet(text)}"
        )
    return _to_envelope(value)


def strip_code_fences(text: str) -> str:
    """The body of the last fenced block when there is one (models often explain first)."""
    blocks = _FENCE.findall(text)
    return blocks[-1].strip() if blocks else text.strip()


#: Grammar-constrained servers (llama.cpp) let raw newlines and tabs into strings; keep them.
_LENIENT = json.JSONDecoder(strict=False)


def _first_object(text: str) -> Any:
    # The first "{" from which a whole JSON value decodes; prose around it is ignored.
    decoder = _LENIENT
    start = text.find("{")
    while start != -1:
        try:
            value, _end = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        return value
    raise ValueError("no JSON object found")


def parse_envelope_lenient(text: str) -> Parsed:
    """A model's reply: fenced or bare JSON, possibly with prose around it.

    An object without ``status`` is taken as completed; one with neither ``status`` nor
    ``result`` is taken as the bare stage result. Both are noted, so a report can tell.
    """
    notes: list[str] = []
    body = strip_code_fences(text)
    try:
        value = _LENIENT.decode(body)
    except json.JSONDecodeError:
        try:
            value = _first_object(body if body != text.strip() else text)
        except ValueError:
            return Parsed(None, f"reply holds no JSON object: {_snippet(text)}")
        notes.append("reply: JSON object extracted from surrounding text")
    if isinstance(value, dict) and "status" not in value:
        if "result" in value:
            value = {**value, "status": "completed"}
            notes.append("reply: envelope had no status; taken as completed")
        else:
            value = {"status": "completed", "result": value}
            notes.append("reply: bare result wrapped in a completed envelope")
    parsed = _to_envelope(value)
    parsed.notes[:0] = notes
    return parsed


def parse_trace(data: bytes, size: int, *, max_bytes: int) -> tuple[list[TraceEvent], list[str]]:
    """Trace events a child appended as JSON lines (``data``: the first ``max_bytes`` of a file of
    ``size`` bytes, read by ``harness.sandbox.tracefile``); bad lines are skipped and noted."""
    notes: list[str] = []
    if size > max_bytes:
        notes.append(f"trace: file has {size} bytes; only the first {max_bytes} were read")
    events: list[TraceEvent] = []
    bad = 0
    lines = data.split(b"\n")
    if size > max_bytes:
        lines = lines[:-1]  # the cut line is incomplete
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            events.append(TRACE_EVENT.validate_json(line))
        except ValidationError as exc:
            bad += 1
            if bad <= _MAX_LINE_NOTES:
                notes.append(f"trace: line {number} skipped: {_validation_summary(exc)}")
    if bad > _MAX_LINE_NOTES:
        notes.append(f"trace: {bad - _MAX_LINE_NOTES} more bad lines skipped")
    return events, notes
