"""The schema a model is held to: the stage contract bounded to the invocation's own evidence."""

from __future__ import annotations

import json
from typing import Any

from harness.runners.structured import (
    MAX_ITEMS,
    MAX_STRING,
    bounded_result_schema,
    envelope_schema,
    response_format,
)
from harness.schema import Stage
from harness.stages import spec
from tests.runners_helpers import invocation


def _walk(node: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        found.append(node)
        for value in node.values():
            found += _walk(value)
    elif isinstance(node, list):
        for value in node:
            found += _walk(value)
    return found


def test_every_stage_schema_is_closed_bounded_and_reference_free() -> None:
    ids = ["receipt:1", "journal#2"]
    for stage in Stage:
        schema = bounded_result_schema(spec(stage).contract.model_json_schema(), ids)
        text = json.dumps(schema)
        assert "$ref" not in text and "$defs" not in text, stage
        for node in _walk(schema):
            if node.get("type") == "array":
                assert node["maxItems"] <= MAX_ITEMS, (stage, node)
            if node.get("type") == "string" and "enum" not in node:
                assert node["maxLength"] <= MAX_STRING, (stage, node)
            if node.get("type") == "object":
                assert node["additionalProperties"] is False, (stage, node)
            # Citations can only name the invocation's own evidence.
            if "quote" in node.get("properties", {}):
                assert node["properties"]["id"]["enum"] == ids, stage


def test_the_envelope_keeps_the_contracts_enums_and_required_fields() -> None:
    inv = invocation()
    schema = envelope_schema(inv)
    result = schema["properties"]["result"]
    assert result["properties"]["status"]["enum"] == ["supported", "contradicted", "ambiguous"]
    assert "status" in result["required"]
    assert schema["required"] == ["status", "summary", "result", "claims", "confidence"]


def test_no_evidence_means_no_citations_at_all() -> None:
    inv = invocation().model_copy(update={"context": []})
    claim = envelope_schema(inv)["properties"]["claims"]["items"]
    assert claim["properties"]["evidence"]["maxItems"] == 0


def test_the_two_request_forms() -> None:
    schema = {"type": "object"}
    assert response_format("json_schema", schema, "n") == {
        "type": "json_schema",
        "json_schema": {"name": "n", "schema": schema, "strict": False},
    }
    assert response_format("json_object_schema", schema, "n") == {
        "type": "json_object",
        "schema": schema,
    }
    assert response_format("none", schema, "n") is None
