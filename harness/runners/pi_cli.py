"""The ``pi`` runner: the pi coding agent (badlogic/pi-mono, ``@mariozechner/pi-coding-agent``)
run non-interactively in the sandbox workspace.

Invocation: ``pi --mode json --print --no-session --tools read,grep,find,ls [--provider P]
[--model M] [--thinking L] @input/prompt.md "<fixed instruction>"``. The prompt (stage
instructions plus the recorded material as delimited data) travels in the file
``input/prompt.md``, never in argv; the evidence items are files under ``input/evidence/``.

``--mode json`` prints one JSON event per line (``session`` header, ``agent_start``,
``turn_start``/``turn_end``, ``message_start``/``message_update``/``message_end``,
``tool_execution_start``/``tool_execution_end``, ``agent_end``). They map to trace events:

- ``tool_execution_start`` -> ``tool_call`` with the verb of the capability manifest:
  read/grep/find/ls -> ``artifact.read``, write/edit -> ``artifact.write``, bash -> ``raw.exec``
  (forbidden at every phase), anything else keeps its pi name (not in any manifest). Paths inside
  the workspace are made relative to it; ``pi_tool`` keeps pi's own tool name.
- ``tool_execution_end`` -> ``tool_result``; an assistant ``message_end`` -> ``message``.

The text of the last assistant message is the envelope JSON; token usage and cost are summed over
the assistant messages as pi reports them. pi must already be installed (never fetched at run
time); without it the runner raises ``RunnerInfraError`` at construction.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from harness.runners.ahead import Ahead
from harness.runners.base import RunnerInfraError, RunnerOutput
from harness.runners.envelope_parsing import (
    adapter_archive_id,
    failed_envelope,
    parse_envelope_lenient,
    stamp_archive_id,
)
from harness.runners.pi_agent_dir import PROVIDER, repo_pi_binary, write_agent_dir
from harness.runners.prompting import prompt_document
from harness.runners.sandboxed import (
    PreparedChild,
    SandboxConfig,
    envelope_for_failure,
    prepare_child,
)
from harness.sandbox import Resources, Workspace, probe_soon, safe_name, sweep_stale_workspaces
from harness.schema import (
    BoundaryEvent,
    Envelope,
    Invocation,
    Message,
    ToolCall,
    ToolResult,
    TraceEvent,
    Usage,
)

#: pi's built-in tools that only look at files.
READ_TOOLS = ("read", "grep", "find", "ls")
TOOL_VERBS: dict[str, str] = {
    "read": "artifact.read",
    "grep": "artifact.read",
    "find": "artifact.read",
    "ls": "artifact.read",
    "write": "artifact.write",
    "edit": "artifact.write",
    "bash": "raw.exec",
}
#: The event stream repeats the partial message on every delta, so it is far larger than the
#: answer; it gets its own cap and the answer is held to ``limits.output_bytes``.
DEFAULT_STREAM_CAP = 64 * 1024**2
_INSTRUCTION = "Carry out the task in the attached prompt file. Answer with the JSON envelope only."
_MAX_RESULT_CHARS = 4000
_SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,80}")


@dataclass(frozen=True)
class PiConfig:
    #: ``pi`` on PATH, unless the checkout's ``node_modules/.bin/pi`` (``npm ci``) exists.
    binary: str | None = None
    provider: str | None = None
    #: An OpenAI-compatible endpoint (a model server or a cassette): each run then gets a
    #: hermetic agent dir whose one provider points there (``pi_agent_dir``).
    base_url: str | None = None
    context_window: int = 8192
    max_tokens: int = 1024
    thinking: str | None = None
    tools: tuple[str, ...] = READ_TOOLS
    #: pi's config folder (auth.json, models.json), passed as PI_CODING_AGENT_DIR.
    agent_dir: Path | None = None
    #: Keep the host network: pi must reach its model provider unless that runs inside.
    network: bool = True
    stream_cap: int = DEFAULT_STREAM_CAP
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)


@dataclass
class PiStream:
    trace: list[TraceEvent] = field(default_factory=list)
    final_text: str | None = None
    usage: Usage = field(default_factory=Usage)
    error: str | None = None
    notes: list[str] = field(default_factory=list)
    #: The id of pi's session header: the transcript's own name.
    session_id: str | None = None


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    return "".join(
        str(part.get("text", ""))
        for part in content
        if isinstance(part, dict) and part.get("type") == "text"
    )


def _relative_args(args: Mapping[str, Any], root: Path | None) -> dict[str, Any]:
    # pi resolves paths against its cwd (the workspace root); an absolute path inside the
    # workspace is the same file, so the boundary checker sees it as the relative path it is.
    out = dict(args)
    if root is None:
        return out
    for key in ("path", "file", "file_path"):
        value = out.get(key)
        if isinstance(value, str) and os.path.isabs(value):
            candidate = Path(os.path.normpath(value))
            if candidate.is_relative_to(root):
                out[key] = candidate.relative_to(root).as_posix() or "."
    return out


def parse_pi_events(lines: Iterable[bytes | str], *, workspace: Path | None = None) -> PiStream:
    """Map pi's ``--mode json`` event lines to trace events, final text and usage."""
    stream = PiStream()
    t0: float | None = None
    now = 0.0
    bad = 0
    cost = 0.0
    tokens_in = tokens_out = 0
    model: str | None = None
    for raw in lines:
        if not raw.strip():
            continue
        try:
            event = json.loads(raw)
        except ValueError:
            bad += 1
            continue
        if not isinstance(event, dict):
            bad += 1
            continue
        kind = event.get("type")
        message = event.get("message") if isinstance(event.get("message"), dict) else None
        stamp = message.get("timestamp") if message else None
        if isinstance(stamp, int | float):
            t0 = stamp if t0 is None else t0
            now = max(now, (stamp - t0) / 1000.0)
        if kind == "session" and isinstance(event.get("id"), str):
            stream.session_id = event["id"]
        elif kind == "tool_execution_start":
            name = str(event.get("toolName", ""))
            raw_args = event.get("args")
            args: dict[str, Any] = raw_args if isinstance(raw_args, dict) else {}
            stream.trace.append(
                ToolCall(
                    t=now,
                    tool=TOOL_VERBS.get(name, name),
                    args={**_relative_args(args, workspace), "pi_tool": name},
                    call_id=event.get("toolCallId"),
                )
            )
        elif kind == "tool_execution_end":
            result = event.get("result")
            text = (
                _text_of(result.get("content")) if isinstance(result, dict) else str(result or "")
            )
            stream.trace.append(
                ToolResult(
                    t=now,
                    call_id=event.get("toolCallId"),
                    ok=not event.get("isError", False),
                    output=text[:_MAX_RESULT_CHARS],
                )
            )
        elif kind == "message_end" and message and message.get("role") == "assistant":
            text = _text_of(message.get("content"))
            usage = message.get("usage") if isinstance(message.get("usage"), dict) else {}
            tokens_in += int(usage.get("input") or 0) + int(usage.get("cacheRead") or 0)
            tokens_out += int(usage.get("output") or 0)
            if isinstance(usage.get("cost"), dict):
                cost += float(usage["cost"].get("total") or 0.0)
            model = message.get("model") or model
            if text:
                stream.trace.append(Message(t=now, role="assistant", text=text))
                stream.final_text = text
            if message.get("stopReason") in ("error", "aborted"):
                stream.error = str(message.get("errorMessage") or message.get("stopReason"))
            elif text:
                stream.error = None
    if bad:
        stream.notes.append(f"pi: {bad} stdout lines were not JSON events; skipped")
    stream.usage = Usage(
        input_tokens=tokens_in, output_tokens=tokens_out, cost_usd=cost, model=model
    )
    return stream


class PiRunner:
    #: Its stage runs as a sandboxed child (run.json records the isolation level).
    sandboxed = True
    name = "pi"
    io_bound = True

    def __init__(self, *, model: str | None = None, config: PiConfig | None = None) -> None:
        self.config = config or PiConfig()
        local = repo_pi_binary()
        wanted = self.config.binary or (str(local) if local else "pi")
        found = shutil.which(wanted)
        if found is None:
            raise RunnerInfraError(
                f"pi runner: the pi CLI ({wanted!r}) is not installed or not on PATH. "
                "Install it beforehand (npm ci at the repo root installs the pinned version) or "
                "pass --opt binary=/path/to/pi; the harness never downloads it at run time."
            )
        if self.config.base_url is not None and not model:
            raise ValueError("the pi runner with base_url needs --model (the server's model name)")
        self.binary = str(Path(found).resolve())
        self.model = f"pi/{model}" if model else "pi"
        self._model_arg = model
        unknown = [tool for tool in self.config.tools if tool not in TOOL_VERBS]
        if unknown:
            raise ValueError(f"unknown pi tools {unknown}; known: {sorted(TOOL_VERBS)}")
        sandbox = self.config.sandbox
        sweep_stale_workspaces(sandbox.workdir)
        extra_env = dict(sandbox.extra_env)
        needed = list(sandbox.needed)
        extra_env["PI_OFFLINE"] = "1"
        extra_env["PI_SKIP_VERSION_CHECK"] = "1"
        if self.config.agent_dir is not None:
            agent_dir = Path(self.config.agent_dir).resolve()
            extra_env["PI_CODING_AGENT_DIR"] = str(agent_dir)
            needed.append(agent_dir)  # holds pi's auth.json: must not be hidden with ~/.pi
        self._sandbox = SandboxConfig(
            workdir=sandbox.workdir,
            # V8 reserves far more address space than it uses: no RLIMIT_AS for node.
            resources=Resources(
                cpu_seconds=sandbox.resources.cpu_seconds,
                memory_bytes=None,
                file_bytes=sandbox.resources.file_bytes,
                extra_processes=sandbox.resources.extra_processes,
                network=self.config.network,
            ),
            allow_env=sandbox.allow_env,
            pythonpath=sandbox.pythonpath,
            extra_env=extra_env,
            keep_workspace=sandbox.keep_workspace,
            hidden=sandbox.hidden,
            needed=tuple(needed),
        )
        probe_soon()
        self._ahead = Ahead(partial(self._prepare, hold=True))

    def argv(self) -> list[str]:
        argv = [self.binary, "--mode", "json", "--print", "--no-session"]
        argv += ["--no-extensions", "--no-skills", "--no-prompt-templates", "--no-context-files"]
        argv += ["--tools", ",".join(self.config.tools)] if self.config.tools else ["--no-tools"]
        provider = self.config.provider or (PROVIDER if self.config.base_url else None)
        if provider:
            argv += ["--provider", provider]
        if self._model_arg:
            argv += ["--model", self._model_arg]
        if self.config.thinking:
            argv += ["--thinking", self.config.thinking]
        return [*argv, "@input/prompt.md", _INSTRUCTION]

    def prepare_ahead(self, invocation_id: str, build: Callable[[], Invocation]) -> None:
        """Set a queued case's sandbox up before its turn (see ``runners.ahead``)."""
        self._ahead.offer(invocation_id, build)

    def drop_prepared(self) -> None:
        self._ahead.drop()

    def _prepare(self, invocation: Invocation, *, hold: bool = False) -> PreparedChild:
        return prepare_child(
            invocation,
            self.argv(),
            self._sandbox,
            stdin=lambda _ws: b"",
            extra_inputs={"prompt.md": _prompt_for(invocation)},
            output_bytes=self.config.stream_cap,
            setup=self._write_agent_dir if self.config.base_url else None,
            hold=hold,
        )

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        cap = ToolCallCap(invocation.limits.tool_calls)
        child = self._ahead.run(invocation, cancel, self._prepare, watch=cap)
        stream = parse_pi_events(child.outcome.stdout.splitlines(), workspace=child.workspace)
        trace = [*stream.trace, *child.trace]
        notes = [*child.notes, *stream.notes]
        events = list(child.boundary_events)
        if cap.tripped:
            events.append(
                BoundaryEvent(
                    kind="tool_call_cap",
                    detail=f"pi started tool call {cap.seen} past the cap of {cap.limit}; stopped",
                )
            )
            envelope = failed_envelope(f"tool-call cap of {cap.limit} reached; pi was stopped")
        else:
            envelope = envelope_for_failure(child.outcome) or self._envelope(
                stream, invocation, events, notes, stderr=child.outcome.stderr_tail
            )
        envelope.usage = stream.usage
        session = stream.session_id
        archive_id = (
            f"pi-{session}"
            if session and _SAFE_ID.fullmatch(session)
            else adapter_archive_id(invocation.invocation_id, self.model)
        )
        stamp_archive_id(envelope, archive_id, notes)
        return RunnerOutput(envelope=envelope, trace=trace, boundary_events=events, notes=notes,
                            workspace_symlinks=child.symlinks)  # fmt: skip

    def _write_agent_dir(self, ws: Workspace) -> None:
        assert self.config.base_url is not None
        write_agent_dir(
            ws.home_dir / ".pi" / "agent",
            self.config.base_url,
            self._model_arg or "",
            context_window=self.config.context_window,
            max_tokens=self.config.max_tokens,
        )

    def _envelope(
        self,
        stream: PiStream,
        invocation: Invocation,
        events: list[BoundaryEvent],
        notes: list[str],
        *,
        stderr: bytes = b"",
    ) -> Envelope:
        # Provider errors, an unreachable server and an empty answer say nothing about the model
        # under test: they are infrastructure, retried and then recorded as such, in pi's words.
        said = " ".join(stderr.decode("utf-8", errors="replace").split())[-300:]
        if stream.error is not None:
            raise RunnerInfraError(f"pi reported a provider error: {stream.error}")
        if stream.final_text is None or not stream.final_text.strip():
            raise RunnerInfraError(
                "pi ended without an assistant answer (empty final message)"
                + (f"; pi said: {said}" if said else "")
            )
        size = len(stream.final_text.encode())
        if size > invocation.limits.output_bytes:
            events.append(
                BoundaryEvent(
                    kind="output_cap",
                    detail=f"final message of {size} bytes over the "
                    f"{invocation.limits.output_bytes}-byte cap",
                )
            )
            return failed_envelope(f"final message exceeded the output cap ({size} bytes)")
        parsed = parse_envelope_lenient(stream.final_text)
        notes.extend(parsed.notes)
        return parsed.envelope or failed_envelope(parsed.error or "unparsable final message")


class ToolCallCap:
    """Counts pi's ``tool_execution_start`` events as stdout arrives; trips past the limit, and
    the sandbox then stops pi mid-run (the cap holds while pi runs, not only afterwards)."""

    _MARK = b'"type":"tool_execution_start"'

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.seen = 0
        self.tripped = False
        self._offset = 0

    def __call__(self, stdout: bytearray) -> bool:
        end = stdout.rfind(b"\n") + 1
        if end > self._offset:
            self.seen += bytes(stdout[self._offset : end]).count(self._MARK)
            self._offset = end
        self.tripped = self.seen > self.limit
        return self.tripped


def _prompt_for(invocation: Invocation) -> bytes:
    # The evidence file names depend only on ids and order, so they are known before the
    # workspace exists (prepare_workspace derives the same names).
    files = {
        item.id: f"input/evidence/{safe_name(item.id, index)}"
        for index, item in enumerate(invocation.context)
    }
    return prompt_document(invocation, evidence_files=files).encode()
