"""Trace events: what a runner did, step by step. Archived beside the run, never inlined."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from harness.schema.common import Open


class _Event(Open):
    t: float = Field(default=0.0, ge=0, description="seconds since the run started")


class ToolCall(_Event):
    type: Literal["tool_call"] = "tool_call"
    tool: str
    args: dict[str, Any] = {}
    call_id: str | None = None


class ToolResult(_Event):
    type: Literal["tool_result"] = "tool_result"
    call_id: str | None = None
    ok: bool = True
    output: str = ""


class Message(_Event):
    type: Literal["message"] = "message"
    role: Literal["assistant", "user", "system", "tool"] = "assistant"
    text: str


class FileRead(_Event):
    type: Literal["file_read"] = "file_read"
    path: str


class FileWrite(_Event):
    type: Literal["file_write"] = "file_write"
    path: str
    bytes: int | None = Field(default=None, ge=0)


class Error(_Event):
    type: Literal["error"] = "error"
    message: str


class Cancel(_Event):
    type: Literal["cancel"] = "cancel"
    reason: str = ""
    honoured: bool = True


TraceEvent = Annotated[
    ToolCall | ToolResult | Message | FileRead | FileWrite | Error | Cancel,
    Field(discriminator="type"),
]

TRACE_EVENT: TypeAdapter[TraceEvent] = TypeAdapter(TraceEvent)
TRACE: TypeAdapter[list[TraceEvent]] = TypeAdapter(list[TraceEvent])
