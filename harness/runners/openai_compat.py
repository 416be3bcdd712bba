"""The ``openai`` runner: one chat-completions call per invocation to an OpenAI-compatible server
(vLLM, llama.cpp, Ollama, a hosted API), stdlib ``urllib`` only.

The model gets the stage prompt (``prompting``) and must answer with a JSON envelope; the reply is
parsed leniently (code fences, prose around the JSON). Token usage comes from the server's
``usage``, never from the model's own claims. The API key is read from an environment variable
named by the ``api_key_env`` option and only ever placed in the Authorization header.

Connection failures, 5xx, 429 and auth errors raise ``RunnerInfraError`` (retried by the replay);
other 4xx answers, unparsable replies and truncated replies are ``failed`` envelopes.
"""

from __future__ import annotations

import json
import os
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from harness.runners.base import RunnerInfraError, RunnerOutput
from harness.runners.envelope_parsing import (
    adapter_archive_id,
    failed_envelope,
    parse_envelope_lenient,
    stamp_archive_id,
)
from harness.runners.prompting import chat_messages
from harness.schema import BoundaryEvent, Cancel, Invocation, Message, TraceEvent, Usage

DEFAULT_BASE_URL = "http://127.0.0.1:8000/v1"
#: A response body larger than this is refused (a broken server must not exhaust memory).
MAX_RESPONSE_BYTES = 32 * 1024**2
_INFRA_STATUSES = frozenset({401, 403, 404, 408, 429})
_POLL_S = 0.05


@dataclass(frozen=True)
class OpenAIConfig:
    base_url: str = DEFAULT_BASE_URL
    api_key_env: str = "OPENAI_API_KEY"
    temperature: float = 0.0
    max_tokens: int | None = None
    #: Ask for ``response_format: json_object`` (servers without it ignore or reject it).
    json_mode: bool = True
    usd_per_mtok_in: float = 0.0
    usd_per_mtok_out: float = 0.0


@dataclass
class _Reply:
    status: int = 0
    body: bytes = b""
    error: BaseException | None = None


class OpenAIRunner:
    name = "openai"
    io_bound = True

    def __init__(self, model: str, config: OpenAIConfig | None = None) -> None:
        if not model:
            raise ValueError("the openai runner needs --model (the server's model name)")
        self.model = model
        self.config = config or OpenAIConfig()
        self._url = self.config.base_url.rstrip("/") + "/chat/completions"
        if not self._url.startswith(("http://", "https://")):
            raise ValueError(f"base_url must be http(s), got {self.config.base_url!r}")

    def _request(self, invocation: Invocation) -> urllib.request.Request:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": chat_messages(invocation),
            "temperature": self.config.temperature,
        }
        max_tokens = invocation.budget.max_tokens or self.config.max_tokens
        if max_tokens:
            body["max_tokens"] = max_tokens
        if self.config.json_mode:
            body["response_format"] = {"type": "json_object"}
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        key = os.environ.get(self.config.api_key_env)
        if key:
            headers["Authorization"] = f"Bearer {key}"
        return urllib.request.Request(
            self._url, data=json.dumps(body).encode(), headers=headers, method="POST"
        )

    def _post(self, request: urllib.request.Request, timeout: float, reply: _Reply) -> None:
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                reply.status = response.status
                reply.body = response.read(MAX_RESPONSE_BYTES + 1)
        except urllib.error.HTTPError as exc:
            reply.status = exc.code
            reply.body = exc.read(4096)
        except BaseException as exc:
            reply.error = exc

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        limits = invocation.limits
        reply = _Reply()
        started = time.monotonic()
        worker = threading.Thread(
            target=self._post,
            args=(self._request(invocation), limits.wall_seconds, reply),
            daemon=True,  # a cancelled request is abandoned; its socket times out on its own
        )
        worker.start()
        deadline = started + limits.wall_seconds
        while worker.is_alive():
            if cancel.is_set():
                return _stopped(time.monotonic() - started, "cancelled")
            if time.monotonic() >= deadline:
                return _stopped(time.monotonic() - started, "wall_time", limits.wall_seconds)
            worker.join(_POLL_S)
        latency = time.monotonic() - started
        if isinstance(reply.error, TimeoutError) or (
            isinstance(reply.error, urllib.error.URLError)
            and isinstance(reply.error.reason, TimeoutError)
        ):
            return _stopped(latency, "wall_time", limits.wall_seconds)
        if reply.error is not None:
            raise RunnerInfraError(f"openai: {self._url}: {_describe(reply.error)}")
        if reply.status >= 500 or reply.status in _INFRA_STATUSES:
            raise RunnerInfraError(f"openai: HTTP {reply.status} from {self._url}: {_body(reply)}")
        if reply.status != 200:
            return RunnerOutput(envelope=failed_envelope(f"HTTP {reply.status}: {_body(reply)}"))
        return self._answer(reply.body, latency, invocation)

    def _answer(self, body: bytes, latency: float, invocation: Invocation) -> RunnerOutput:
        if len(body) > MAX_RESPONSE_BYTES:
            return RunnerOutput(envelope=failed_envelope("response body over 32 MiB"))
        try:
            data = json.loads(body)
            choice = data["choices"][0]
            content = choice["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            return RunnerOutput(
                envelope=failed_envelope(f"not a chat-completions response ({type(exc).__name__})")
            )
        usage = self._usage(data)
        trace: list[TraceEvent] = [Message(t=latency, role="assistant", text=content or "")]
        if not isinstance(content, str) or not content.strip():
            envelope = failed_envelope("the model returned no text")
            envelope.usage = usage
            return RunnerOutput(envelope=envelope, trace=trace)
        events: list[BoundaryEvent] = []
        size = len(content.encode())
        if size > invocation.limits.output_bytes:
            events.append(
                BoundaryEvent(
                    kind="output_cap",
                    detail=f"reply of {size} bytes over the {invocation.limits.output_bytes}-byte cap",
                )
            )
            envelope = failed_envelope(f"reply exceeded the output cap ({size} bytes)")
            envelope.usage = usage
            return RunnerOutput(envelope=envelope, trace=trace, boundary_events=events)
        parsed = parse_envelope_lenient(content)
        notes = list(parsed.notes)
        if parsed.envelope is None:
            reason = parsed.error or "unparsable reply"
            if choice.get("finish_reason") == "length":
                reason = f"reply truncated at the token limit; {reason}"
            envelope = failed_envelope(reason)
        else:
            envelope = parsed.envelope
        if envelope.usage != Usage():
            notes.append("openai: usage claimed by the model replaced by the server's count")
        envelope.usage = usage
        stamp_archive_id(envelope, adapter_archive_id(invocation.invocation_id, self.model), notes)
        return RunnerOutput(envelope=envelope, trace=trace, boundary_events=events, notes=notes)

    def _usage(self, data: dict[str, Any]) -> Usage:
        raw = data.get("usage") or {}
        tokens_in = int(raw.get("prompt_tokens") or 0)
        tokens_out = int(raw.get("completion_tokens") or 0)
        cost = (
            tokens_in * self.config.usd_per_mtok_in + tokens_out * self.config.usd_per_mtok_out
        ) / 1e6
        return Usage(
            input_tokens=tokens_in,
            output_tokens=tokens_out,
            cost_usd=cost,
            model=str(data.get("model") or self.model),
        )


def _stopped(elapsed: float, reason: str, wall: float | None = None) -> RunnerOutput:
    if reason == "cancelled":
        envelope = failed_envelope("cancelled while waiting for the model", status="interrupted")
        events: list[BoundaryEvent] = []
    else:
        envelope = failed_envelope(f"wall-clock limit of {wall:g}s exceeded", status="timed_out")
        events = [BoundaryEvent(kind="wall_time", detail=envelope.error or "")]
    return RunnerOutput(
        envelope=envelope,
        trace=[Cancel(t=elapsed, reason=reason, honoured=True)],
        boundary_events=events,
    )


def _describe(exc: BaseException) -> str:
    if isinstance(exc, urllib.error.URLError):
        return f"cannot connect ({exc.reason})"
    return f"{type(exc).__name__}: {exc}"


def _body(reply: _Reply) -> str:
    text = reply.body.decode("utf-8", errors="replace")
    return " ".join(text.split())[:200]
