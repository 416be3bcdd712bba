"""Trace events: what a runner did, step by step. Archived beside the run, never inlined."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from harness.schema.common import Open


class _Event(Open):
    t: float = Field(default=0.0, ge=0, description="seconds since the run started")


class ToolCall(_Event):
    type: Literal["tool_call"] = Field(default="tool_call", description="`tool_call`")
    tool: str = Field(description="the tool called")
    args: dict[str, Any] = Field(default={}, description="its arguments")
    call_id: str | None = Field(default=None, description="pairs the call with its result")


class ToolResult(_Event):
    type: Literal["tool_result"] = Field(default="tool_result", description="`tool_result`")
    call_id: str | None = Field(default=None, description="the call it answers")
    ok: bool = Field(default=True, description="false when the tool failed")
    output: str = Field(default="", description="what the tool returned")


class Message(_Event):
    type: Literal["message"] = Field(default="message", description="`message`")
    role: Literal["assistant", "user", "system", "tool"] = Field(
        default="assistant", description="who wrote it"
    )
    text: str = Field(description="the message")


class FileRead(_Event):
    type: Literal["file_read"] = Field(default="file_read", description="`file_read`")
    path: str = Field(description="the file read")


class FileWrite(_Event):
    type: Literal["file_write"] = Field(default="file_write", description="`file_write`")
    path: str = Field(description="the file written")
    bytes: int | None = Field(default=None, ge=0, description="bytes written")


class Error(_Event):
    type: Literal["error"] = Field(default="error", description="`error`")
    message: str = Field(description="what went wrong")


class Cancel(_Event):
    type: Literal["cancel"] = Field(default="cancel", description="`cancel`")
    reason: str = Field(default="", description="why the run was cancelled")
    honoured: bool = Field(
        default=True, description="false when the run kept going after the grace period"
    )


TraceEvent = Annotated[
    ToolCall | ToolResult | Message | FileRead | FileWrite | Error | Cancel,
    Field(discriminator="type"),
]

TRACE_EVENT: TypeAdapter[TraceEvent] = TypeAdapter(TraceEvent)
TRACE: TypeAdapter[list[TraceEvent]] = TypeAdapter(list[TraceEvent])
