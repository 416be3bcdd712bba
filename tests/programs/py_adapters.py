"""Functions for the python runner tests (imported by the worker from tests/programs)."""

from typing import Any


def answer(invocation: dict[str, Any]) -> dict[str, Any]:
    first = invocation["context"][0]["id"]
    return {
        "status": "completed",
        "summary": f"python answer for {invocation['stage']}",
        "result": {"status": "contradicted", "facts": []},
        "claims": [{"text": "see the first item", "evidence": [{"id": first}]}],
        "trace": [{"type": "file_read", "path": "input/evidence/index.json"}],
    }


def chatty(invocation: dict[str, Any]) -> dict[str, Any]:
    print("debug output that must not corrupt stdout")
    return {"status": "completed", "summary": "chatty"}


def boom(invocation: dict[str, Any]) -> dict[str, Any]:
    raise ValueError("no evidence for stage " + invocation["stage"])


def not_a_mapping(invocation: dict[str, Any]) -> int:
    return 42
