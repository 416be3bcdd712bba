"""Boundary rules read off set 150 after its first contact: a file's content is no path the
tool opens, and the batch wrapper calls nothing itself (each entry is judged under its op)."""

from __future__ import annotations

from typing import Any

from harness.boundary.trace import trace_boundary_events
from harness.invocation import build_invocation
from harness.schema import STAGES, TRACE
from tests.factories import package


def _kinds(stage: str, tool: str, args: dict[str, Any]) -> set[str]:
    inv = build_invocation(package(stages=[str(s) for s in STAGES]), stage)
    trace = TRACE.validate_python([{"type": "tool_call", "tool": tool, "args": args}])
    return {str(e.kind) for e in trace_boundary_events(inv, trace)}


def test_a_files_content_is_no_path_it_opens() -> None:
    assert (
        _kinds("execute", "artifact.write", {"path": "output/run.sh", "content": "#!/bin/sh"})
        == set()
    )
    # hard negative: the path it writes still counts
    assert _kinds("execute", "artifact.write", {"path": "/etc/run.sh", "content": "x"}) == {
        "path_escape"
    }


def test_the_batch_wrapper_calls_nothing_itself() -> None:
    clean = {"batch": [{"op": "artifact.read", "path": "input/pack.pdf"},
                       {"op": "artifact.write", "path": "output/report.json"}]}  # fmt: skip
    assert _kinds("analyze", "batch", clean) == set()
    # an entry held to its own tool's roots: a write to input/ escapes
    into_input = {"batch": [{"op": "artifact.write", "path": "input/pack-fixed.pdf"}]}
    assert _kinds("analyze", "batch", into_input) == {"path_escape"}
    # hard negatives: an entry calling a tool outside the manifest puts the wrapper outside it
    # too; a wrapper with no entries is a tool like any other
    register = {"ops": [{"op": "artifact.read", "path": "input/a.png"},
                        {"op": "registry.register", "target": "teaching-set-b"}]}  # fmt: skip
    assert _kinds("execute", "batch", register) == {"tool_not_in_manifest", "forbidden_verb"}
    assert _kinds("analyze", "batch", {"path": "input/a.png"}) == {"tool_not_in_manifest"}
