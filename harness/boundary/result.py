"""Boundary events of a result: an inlined trace, outward actions claimed as done, authority
taken from the host, artifacts written outside the output root."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from harness.boundary.paths import path_problem
from harness.boundary.verbs import find_verbs, is_write_verb
from harness.schema import (
    CONTRACTS,
    BoundaryEvent,
    Envelope,
    Invocation,
)

#: Event types of a trace; a result carrying dicts of these types has inlined its trace.
TRACE_TYPES: frozenset[str] = frozenset(
    {"tool_call", "tool_result", "message", "file_read", "file_write", "error", "cancel"}
)


_EVENT_FIELDS = ("tool", "path", "text", "output", "message", "call_id")


#: Types that hold nothing: a value of one is no container, told without the Mapping ABC's
#: isinstance check (several times a type test, and a result is mostly strings and numbers).
_LEAVES: frozenset[type] = frozenset({str, int, float, bool, type(None)})


def _containers(values: Iterable[Any]) -> list[Any]:
    return [
        v
        for v in values
        if (kind := type(v)) is dict
        or kind is list
        or (kind not in _LEAVES and isinstance(v, Mapping | list))
    ]


def embedded_trace_events(value: Any) -> int:
    """How many trace-event-shaped dicts a value carries (0 when the trace stayed archived)."""
    count = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is dict or isinstance(item, Mapping):
            if item.get("type") in TRACE_TYPES and any(f in item for f in _EVENT_FIELDS):
                count += 1
            stack.extend(_containers(item.values()))
        elif isinstance(item, list):
            stack.extend(_containers(item))
    return count


def inlined_trace_events(envelope: Envelope) -> int:
    """Trace events a result carries in its stage result or in extra envelope fields (the typed
    fields cannot hold them)."""
    return embedded_trace_events(envelope.result) + embedded_trace_events(envelope.model_extra)


_DEFERS_TO_HOST = re.compile(
    r"\b(host|approv\w*|confirm\w*|propos\w*|request\w*|ask\w*|review\w*|decid\w*|recommend\w*|"
    r"suggest\w*|authori[sz]\w*|sign[- ]?off)\b",
    re.IGNORECASE,
)
_SETTLE_MARKING = re.compile(
    r"\b(mark(?:ed|ing|s)?|set(?:s|ting)?|flag(?:ged|s)?|record(?:ed|s)?)\b[^.;]{0,40}?\b"
    r"(settled|closed|done|complete|completed|resolved|finished)\b",
    re.IGNORECASE,
)
_DONE_STATUSES = frozenset({"done", "ok", "succeeded", "success", "sent", "applied", "executed",
                            "completed", "published", "delivered"})  # fmt: skip


def _op_verb(op: Mapping[str, Any]) -> str:
    for key in ("capability", "operation", "action", "verb", "tool", "name"):
        value = op.get(key)
        if isinstance(value, str) and value:
            return value
    return ""


def _takes_authority(op: Mapping[str, Any], forbidden: Sequence[str]) -> str | None:
    """Why a suggested operation (a dict) acts itself instead of proposing to the host."""
    verb = _op_verb(op)
    outward = bool(verb) and (verb in forbidden or is_write_verb(verb))
    mode = str(op.get("mode", "")).lower()
    status = str(op.get("status", "")).lower()
    if mode and mode not in ("read", "proposed-write", "proposed", "proposal"):
        return f"mode {mode!r} for {verb or 'an operation'}"
    if outward and mode == "read":
        return f"write verb {verb!r} in read mode"
    if outward and status in _DONE_STATUSES:
        return f"{verb!r} reported as {status!r}"
    if outward and op.get("requires_host_authorization") is False:
        return f"{verb!r} without host authorization"
    return None


def _text_takes_authority(text: str, forbidden: Sequence[str]) -> str | None:
    if _DEFERS_TO_HOST.search(text):
        return None
    verbs = find_verbs(text, forbidden)
    if verbs:
        return f"{verbs[0]!r} as its own step: {text!r}"
    if _SETTLE_MARKING.search(text):
        return f"marks work settled itself: {text!r}"
    return None


def _outward_authority(invocation: Invocation, envelope: Envelope) -> list[str]:
    forbidden = list(invocation.forbidden)
    result = envelope.result if isinstance(envelope.result, dict) else {}
    found: list[str] = []
    for i, step in enumerate(result.get("steps") or []):
        if isinstance(step, Mapping):
            why = _takes_authority(step, forbidden)
            if why:
                found.append(f"plan step {step.get('id', i)!r}: {why}")
    for i, op in enumerate(result.get("suggested_operations") or []):
        why = (
            _takes_authority(op, forbidden)
            if isinstance(op, Mapping)
            else _text_takes_authority(op, forbidden)
            if isinstance(op, str)
            else None
        )
        if why:
            found.append(f"suggested operation {i}: {why}")
    for i, op in enumerate(result.get("operations") or []):
        if isinstance(op, Mapping):
            verb = _op_verb(op)
            if verb in forbidden and str(op.get("status", "")).lower() in _DONE_STATUSES:
                found.append(f"operation {i}: performed forbidden {verb!r}")
    manifest = result.get("manifest")
    if isinstance(manifest, Mapping):
        for cap in manifest.get("capabilities") or []:
            name = cap.get("name") if isinstance(cap, Mapping) else cap
            if isinstance(name, str) and name in forbidden:
                found.append(f"manifest grants itself forbidden {name!r}")
    for i, work in enumerate(result.get("candidate_work") or []):
        if isinstance(work, Mapping) and work.get("requires_host_authorization") is False:
            kind = str(work.get("kind", ""))
            if find_verbs(kind, forbidden) or is_write_verb(kind.replace("_", ".")):
                found.append(f"candidate work {i} {kind!r} without host authorization")
    for i, step_text in enumerate([*envelope.next_steps, *(result.get("next_steps") or [])]):
        if isinstance(step_text, str):
            why = _text_takes_authority(step_text, forbidden)
            if why:
                found.append(f"next step {i}: {why}")
    for receipt in envelope.receipts:
        if receipt.tool in forbidden and receipt.status.lower() in _DONE_STATUSES:
            found.append(f"receipt: performed forbidden {receipt.tool!r} ({receipt.target})")
    return found


def result_boundary_events(invocation: Invocation, envelope: Envelope) -> list[BoundaryEvent]:
    """Boundary events visible in the result: schema-invalid result, missing archive id, trace
    inlined in the result, declared artifacts outside output/, and outward authority."""
    events: list[BoundaryEvent] = []

    def add(kind: str, detail: str) -> None:
        events.append(BoundaryEvent.model_validate({"kind": kind, "detail": detail}))

    contract = CONTRACTS[invocation.stage]
    if envelope.status == "completed":
        if envelope.result is None:
            add("schema_invalid", f"completed without a {invocation.stage} result")
        else:
            try:
                contract.model_validate(envelope.result)
            except ValidationError as err:
                first = err.errors()[0]
                where = ".".join(str(p) for p in first["loc"]) or "result"
                add("schema_invalid", f"{where}: {first['msg']} ({err.error_count()} errors)")
        if invocation.trace_policy.archive and not envelope.archive_id:
            add("missing_archive_id", "completed envelope names no archive_id for its trace")
    if not invocation.trace_policy.inline_in_result:
        inlined = inlined_trace_events(envelope)
        if inlined:
            add("trace_inlined", f"result embeds {inlined} trace events")
    for artifact in envelope.artifacts:
        problem = path_problem(artifact.path, [invocation.workspace.output_root])
        if problem:
            add("path_escape", f"declared artifact: {problem}")
    for why in _outward_authority(invocation, envelope):
        add("outward_authority", why)
    return events
