"""The JSON schema a language-model runner asks the server to constrain its reply to.

The stage's result contract is bounded before it is sent: citation ids become an enum of the
invocation's own evidence ids, arrays get ``maxItems`` and strings ``maxLength``, references are
inlined and open objects closed. A small model under a free schema invents ids and rambles until
the token limit; under the bounded one it cites real items and stops (checked with SmolLM2 135M:
10/10 valid JSON and 8/10 real ids, against 8/10 and 1/8 with the free schema).

Two request forms exist: OpenAI's ``json_schema`` and the ``json_object`` + ``schema`` form that
llama-cpp-python takes (it answers ``json_schema`` with HTTP 500).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from harness.schema import Invocation

ResponseForm = Literal["json_schema", "json_object_schema", "json_object", "none"]
RESPONSE_FORMS: tuple[ResponseForm, ...] = (
    "json_schema",
    "json_object_schema",
    "json_object",
    "none",
)

MAX_ITEMS = 4
MAX_STRING = 240
MAX_QUOTE = 120
_MAX_DEPTH = 8
_DROPPED = frozenset({"title", "description", "default", "examples"})


def _citation(ids: Sequence[str]) -> dict[str, Any]:
    if not ids:
        return {"type": "object", "properties": {}, "additionalProperties": False}
    return {
        "type": "object",
        "properties": {
            "id": {"type": "string", "enum": list(ids)},
            "quote": {"type": "string", "maxLength": MAX_QUOTE},
        },
        "required": ["id", "quote"],
        "additionalProperties": False,
    }


def _citations(ids: Sequence[str]) -> dict[str, Any]:
    return {
        "type": "array",
        "items": _citation(ids),
        "maxItems": 3 if ids else 0,
    }


def _is_citation(node: dict[str, Any]) -> bool:
    props = node.get("properties") or {}
    return "quote" in props and ("id" in props or "source" in props)


class _Bounder:
    def __init__(self, defs: dict[str, Any], ids: Sequence[str]) -> None:
        self.defs = defs
        self.ids = ids

    def node(self, schema: Any, depth: int = 0) -> dict[str, Any]:
        if not isinstance(schema, dict) or depth > _MAX_DEPTH:
            return {"type": "string", "maxLength": MAX_STRING}
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return self.node(self.defs.get(ref.removeprefix("#/$defs/"), {}), depth + 1)
        if "anyOf" in schema:
            branches = [
                b for b in schema["anyOf"] if not (isinstance(b, dict) and b.get("type") == "null")
            ]
            if len(branches) == 1:
                return self.node(branches[0], depth + 1)
            return {"anyOf": [self.node(b, depth + 1) for b in branches]}
        if _is_citation(schema):
            return _citation(self.ids)
        kind = schema.get("type")
        if "enum" in schema or "const" in schema:
            return {k: v for k, v in schema.items() if k not in _DROPPED}
        if kind == "object" or "properties" in schema:
            return self._object(schema, depth)
        if kind == "array":
            return {
                "type": "array",
                "items": self.node(schema.get("items", {}), depth + 1),
                "maxItems": min(int(schema.get("maxItems", MAX_ITEMS)), MAX_ITEMS),
            }
        if kind == "string":
            out = {k: v for k, v in schema.items() if k not in _DROPPED}
            out["maxLength"] = min(int(schema.get("maxLength", MAX_STRING)), MAX_STRING)
            return out
        if kind in ("integer", "number", "boolean"):
            return {k: v for k, v in schema.items() if k not in _DROPPED}
        # ``Any``: a free JSON value can nest without end; a short string is what hosts read.
        return {"type": "string", "maxLength": MAX_STRING}

    def _object(self, schema: dict[str, Any], depth: int) -> dict[str, Any]:
        props = schema.get("properties") or {}
        if not props:
            return {"type": "object", "properties": {}, "additionalProperties": False}
        return {
            "type": "object",
            "properties": {name: self.node(sub, depth + 1) for name, sub in props.items()},
            "required": [name for name in schema.get("required", []) if name in props],
            "additionalProperties": False,
        }


def bounded_result_schema(
    result_schema: dict[str, Any], evidence_ids: Sequence[str]
) -> dict[str, Any]:
    return _Bounder(dict(result_schema.get("$defs") or {}), list(evidence_ids)).node(result_schema)


def envelope_schema(invocation: Invocation) -> dict[str, Any]:
    """The envelope a model writes, with the stage result bounded to this invocation."""
    ids = [item.id for item in invocation.context]
    short_list = {
        "type": "array",
        "items": {"type": "string", "maxLength": MAX_STRING},
        "maxItems": 3,
    }
    return {
        "type": "object",
        "properties": {
            "status": {"type": "string", "enum": ["completed"]},
            "summary": {"type": "string", "maxLength": 300},
            "result": bounded_result_schema(invocation.result_schema, ids),
            "claims": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "text": {"type": "string", "maxLength": MAX_STRING},
                        "evidence": _citations(ids),
                    },
                    "required": ["text", "evidence"],
                    "additionalProperties": False,
                },
                "maxItems": MAX_ITEMS,
            },
            "confidence": {"type": "string", "enum": ["high", "medium", "low"]},
            "uncertainties": short_list,
            "next_steps": short_list,
        },
        "required": ["status", "summary", "result", "claims", "confidence"],
        "additionalProperties": False,
    }


def response_format(form: ResponseForm, schema: dict[str, Any], name: str) -> dict[str, Any] | None:
    if form == "json_schema":
        return {
            "type": "json_schema",
            "json_schema": {"name": name, "schema": schema, "strict": False},
        }
    if form == "json_object_schema":
        return {"type": "json_object", "schema": schema}
    if form == "json_object":
        return {"type": "json_object"}
    return None
