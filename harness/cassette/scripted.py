"""Scripted cassettes: hand-written YAML replies that drive an agent through tool calls a tiny
model never makes (read inside ``input/``, read outside it, loop until the cap, a server error).

A script file::

    scripted-cassette: 1
    name: reconcile-reads-receipt
    match: "'reconcile' stage"      # substring of the request's messages that selects the script
    steps:                           # step n answers the request holding n assistant messages
      - tool_calls: [{name: read, arguments: {path: input/evidence/index.json}}]
      - content: '{"status": "completed", ...}'
      - error: {status: 500, message: "upstream overloaded"}
    repeat_last: false               # true: the last step answers every later request (loops)

Replies are rendered as OpenAI chat completions, streamed (SSE) when the request asks for it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from harness.cassette.store import CassetteError


class ScriptedToolCall(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    arguments: dict[str, Any] = {}


class ScriptedError(BaseModel):
    model_config = ConfigDict(extra="forbid")
    status: int = Field(ge=400, le=599)
    message: str


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    content: str | None = None
    tool_calls: list[ScriptedToolCall] = []
    error: ScriptedError | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Step:
        if self.error is not None and (self.content or self.tool_calls):
            raise ValueError("a step is either an error or a reply, not both")
        if self.error is None and self.content is None and not self.tool_calls:
            raise ValueError("a step needs content, tool_calls or error")
        return self


class Script(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    version: Literal[1] = Field(alias="scripted-cassette")
    name: str
    match: str
    model: str = "scripted"
    steps: list[Step] = Field(min_length=1)
    repeat_last: bool = False


def load_scripts(folder: Path) -> list[Script]:
    scripts: list[Script] = []
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            raw = yaml.safe_load(path.read_text(encoding="utf-8"))
            scripts.append(Script.model_validate(raw))
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = f":{mark.line + 1}" if mark is not None else ""
            raise CassetteError(f"{path}{line}: not YAML ({exc})") from None
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first["loc"]) or "<file>"
            raise CassetteError(f"{path}: {where}: {first['msg']}") from None
    return scripts


def _messages_text(body: Any) -> str:
    messages = body.get("messages") if isinstance(body, dict) else None
    return json.dumps(messages, ensure_ascii=False) if messages else ""


def choose(scripts: list[Script], body: Any) -> tuple[Script, int] | None:
    """The script whose ``match`` occurs in the request, and the step index (assistant turns)."""
    text = _messages_text(body)
    for script in scripts:
        if script.match in text:
            messages = body.get("messages") or []
            turn = sum(1 for m in messages if isinstance(m, dict) and m.get("role") == "assistant")
            return script, turn
    return None


def step_for(script: Script, turn: int) -> Step | None:
    if turn < len(script.steps):
        return script.steps[turn]
    return script.steps[-1] if script.repeat_last else None


def _tool_calls(step: Step, turn: int) -> list[dict[str, Any]]:
    return [
        {
            "id": f"call_{turn}_{index}",
            "type": "function",
            "function": {"name": call.name, "arguments": json.dumps(call.arguments)},
        }
        for index, call in enumerate(step.tool_calls)
    ]


def render(step: Step, turn: int, model: str, *, stream: bool) -> tuple[int, str, str]:
    """``(status, content_type, body)`` of the reply to one request."""
    if step.error is not None:
        body = {"error": {"message": step.error.message, "type": "scripted_error"}}
        return step.error.status, "application/json", json.dumps(body)
    calls = _tool_calls(step, turn)
    finish = "tool_calls" if calls else "stop"
    usage = {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}
    ident = f"chatcmpl-scripted-{turn}"
    if not stream:
        message: dict[str, Any] = {"role": "assistant", "content": step.content}
        if calls:
            message["tool_calls"] = calls
        completion = {
            "id": ident,
            "object": "chat.completion",
            "created": 0,
            "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": usage,
        }
        return 200, "application/json", json.dumps(completion)
    chunks: list[dict[str, Any]] = []
    delta: dict[str, Any] = {"role": "assistant"}
    if step.content is not None:
        delta["content"] = step.content
    if calls:
        delta["tool_calls"] = [{"index": i, **call} for i, call in enumerate(calls)]
    chunks.append({"index": 0, "delta": delta, "finish_reason": None})
    chunks.append({"index": 0, "delta": {}, "finish_reason": finish})
    lines = []
    for choice in chunks:
        event = {
            "id": ident,
            "object": "chat.completion.chunk",
            "created": 0,
            "model": model,
            "choices": [choice],
        }
        lines.append(f"data: {json.dumps(event)}\n\n")
    tail = {
        "id": ident,
        "object": "chat.completion.chunk",
        "created": 0,
        "model": model,
        "choices": [],
        "usage": usage,
    }
    lines.append(f"data: {json.dumps(tail)}\n\n")
    lines.append("data: [DONE]\n\n")
    return 200, "text/event-stream", "".join(lines)
