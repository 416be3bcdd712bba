"""The ``openai`` runner: one chat-completions call per invocation to an OpenAI-compatible server
(vLLM, llama.cpp, Ollama, a hosted API) through the ``openai`` SDK, which brings timeouts,
retries on 429 and 5xx with backoff, and typed usage.

The model gets the stage prompt (``prompting``) and a response format bounded to this invocation
(``structured``); the reply is parsed leniently (code fences, prose around the JSON, raw newlines
in strings). Token usage comes from the server, never from the model's own claims. The API key is
read from the environment variable named by ``api_key_env`` and handed to the SDK only.

``response_format=auto`` sends OpenAI's ``json_schema`` first; if the server answers that with a
4xx or 5xx, the runner switches (once, for all workers) to ``json_object`` with the schema, the
form llama-cpp-python accepts, and asks again. Connection failures, 5xx and 429 after the SDK's
retries, and auth errors raise ``RunnerInfraError``; other 4xx answers, unparsable and truncated
replies are ``failed`` envelopes. The trace holds the prompt, the reply, usage and cost.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from harness.runners.base import RunnerInfraError, RunnerOutput
from harness.runners.envelope_parsing import (
    adapter_archive_id,
    failed_envelope,
    parse_envelope_lenient,
    stamp_archive_id,
)
from harness.runners.prompting import PROMPT_VERSIONS, chat_messages
from harness.runners.structured import ResponseForm, envelope_schema, response_format
from harness.schema import BoundaryEvent, Cancel, Invocation, Message, TraceEvent, Usage

DEFAULT_BASE_URL = "http://127.0.0.1:8000/v1"
#: Small models stop mid-object below this (SmolLM2 needs about 600 tokens for a bounded envelope).
DEFAULT_MAX_TOKENS = 1024
_INFRA_STATUSES = frozenset({401, 403, 404, 408, 409, 429})
_POLL_S = 0.05
FormChoice = Literal["auto", "json_schema", "json_object_schema", "json_object", "none"]
FORM_CHOICES: dict[str, FormChoice] = {
    "auto": "auto",
    "json_schema": "json_schema",
    "json_object_schema": "json_object_schema",
    "json_object": "json_object",
    "none": "none",
}


@dataclass(frozen=True)
class OpenAIConfig:
    base_url: str = DEFAULT_BASE_URL
    api_key_env: str = "OPENAI_API_KEY"
    temperature: float = 0.0
    max_tokens: int | None = DEFAULT_MAX_TOKENS
    response_format: FormChoice = "auto"
    #: Retries the SDK makes on connection errors, 408, 409, 429 and 5xx (with backoff).
    max_retries: int = 2
    seed: int | None = None
    #: Sent only when set: a llama.cpp / vLLM sampling option hosted APIs reject.
    repeat_penalty: float | None = None
    usd_per_mtok_in: float = 0.0
    usd_per_mtok_out: float = 0.0
    #: A label for the prompt wording, kept in the trace (two prompt versions are two models).
    prompt_version: str = "v1"


@dataclass
class _Outcome:
    response: Any = None
    error: BaseException | None = None
    form: ResponseForm = "none"


@dataclass
class _FormState:
    """The response form chosen for this server; detected once, shared by all workers."""

    form: ResponseForm | None
    lock: threading.Lock = field(default_factory=threading.Lock)


class OpenAIRunner:
    name = "openai"
    io_bound = True

    def __init__(self, model: str, config: OpenAIConfig | None = None) -> None:
        if not model:
            raise ValueError("the openai runner needs --model (the server's model name)")
        import openai

        self.model = model
        self.config = config or OpenAIConfig()
        base = self.config.base_url.rstrip("/")
        if not base.startswith(("http://", "https://")):
            raise ValueError(f"base_url must be http(s), got {self.config.base_url!r}")
        self._url = base + "/chat/completions"
        self._client = openai.OpenAI(
            base_url=base,
            # The SDK insists on a key; local servers ignore it, so a placeholder goes out.
            api_key=os.environ.get(self.config.api_key_env) or "unused",
            max_retries=self.config.max_retries,
        )
        if self.config.prompt_version not in PROMPT_VERSIONS:
            raise ValueError(
                f"unknown prompt_version {self.config.prompt_version!r}; "
                f"known: {', '.join(PROMPT_VERSIONS)}"
            )
        chosen = self.config.response_format
        self._form = _FormState(form=None if chosen == "auto" else chosen)

    def _body(self, invocation: Invocation, form: ResponseForm) -> dict[str, Any]:
        messages = chat_messages(invocation, self.config.prompt_version)
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "temperature": self.config.temperature,
        }
        max_tokens = invocation.budget.max_tokens or self.config.max_tokens
        if max_tokens:
            body["max_tokens"] = max_tokens
        if self.config.seed is not None:
            body["seed"] = self.config.seed
        fmt = response_format(form, envelope_schema(invocation), f"{invocation.stage}_envelope")
        if fmt is not None:
            body["response_format"] = fmt
        if self.config.repeat_penalty is not None:
            body["extra_body"] = {"repeat_penalty": self.config.repeat_penalty}
        return body

    def _call(self, invocation: Invocation, timeout: float, outcome: _Outcome) -> None:
        import openai

        state = self._form
        try:
            if state.form is not None:
                outcome.form = state.form
                outcome.response = self._create(invocation, state.form, timeout)
                return
            with state.lock:  # the first worker detects; the others wait and reuse its answer
                if state.form is None:
                    try:
                        outcome.form = "json_schema"
                        outcome.response = self._create(
                            invocation, "json_schema", timeout, retries=0
                        )
                        state.form = "json_schema"
                        return
                    except openai.APIStatusError as exc:
                        if exc.status_code in (401, 403, 429):
                            raise
                        state.form = "json_object_schema"
            outcome.form = state.form
            outcome.response = self._create(invocation, state.form, timeout)
        except BaseException as exc:
            outcome.error = exc

    def _create(
        self, invocation: Invocation, form: ResponseForm, timeout: float, retries: int | None = None
    ) -> Any:
        client = self._client if retries is None else self._client.with_options(max_retries=retries)
        return client.chat.completions.create(**self._body(invocation, form), timeout=timeout)

    def run(self, invocation: Invocation, cancel: threading.Event) -> RunnerOutput:
        limits = invocation.limits
        outcome = _Outcome()
        started = time.monotonic()
        worker = threading.Thread(
            target=self._call,
            args=(invocation, limits.wall_seconds, outcome),
            daemon=True,  # a cancelled request is abandoned; the SDK's timeout ends it
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
        if outcome.error is not None:
            return self._error(outcome.error, latency, limits.wall_seconds)
        return self._answer(outcome, latency, invocation)

    def _error(self, exc: BaseException, latency: float, wall: float) -> RunnerOutput:
        import openai

        if isinstance(exc, openai.APITimeoutError):
            return _stopped(latency, "wall_time", wall)
        if isinstance(exc, openai.APIConnectionError):
            raise RunnerInfraError(f"openai: {self._url}: cannot connect ({exc})") from exc
        if isinstance(exc, openai.APIStatusError):
            detail = _short(exc.response.text if exc.response is not None else str(exc))
            if exc.status_code >= 500 or exc.status_code in _INFRA_STATUSES:
                raise RunnerInfraError(
                    f"openai: HTTP {exc.status_code} from {self._url}: {detail}"
                ) from exc
            return RunnerOutput(envelope=failed_envelope(f"HTTP {exc.status_code}: {detail}"))
        raise RunnerInfraError(f"openai: {self._url}: {type(exc).__name__}: {exc}") from exc

    def _answer(self, outcome: _Outcome, latency: float, invocation: Invocation) -> RunnerOutput:
        response = outcome.response
        try:
            choice = response.choices[0]
            content = choice.message.content
        except (AttributeError, IndexError, TypeError) as exc:
            return RunnerOutput(
                envelope=failed_envelope(f"not a chat-completions response ({type(exc).__name__})")
            )
        usage = self._usage(response)
        trace = self._trace(invocation, content or "", latency, usage, outcome.form, choice)
        if not isinstance(content, str) or not content.strip():
            envelope = failed_envelope("the model returned no text")
            envelope.usage = usage
            return RunnerOutput(envelope=envelope, trace=trace, latency_s=latency)
        size = len(content.encode())
        if size > invocation.limits.output_bytes:
            detail = f"reply of {size} bytes over the {invocation.limits.output_bytes}-byte cap"
            envelope = failed_envelope(f"reply exceeded the output cap ({size} bytes)")
            envelope.usage = usage
            return RunnerOutput(
                envelope=envelope,
                trace=trace,
                boundary_events=[BoundaryEvent(kind="output_cap", detail=detail)],
            )
        parsed = parse_envelope_lenient(content)
        notes = list(parsed.notes)
        if parsed.envelope is None:
            reason = parsed.error or "unparsable reply"
            if choice.finish_reason == "length":
                reason = f"reply truncated at the token limit; {reason}"
            envelope = failed_envelope(reason)
        else:
            envelope = parsed.envelope
        if envelope.usage != Usage():
            notes.append("openai: usage claimed by the model replaced by the server's count")
        envelope.usage = usage
        stamp_archive_id(envelope, adapter_archive_id(invocation.invocation_id, self.model), notes)
        return RunnerOutput(envelope=envelope, trace=trace, notes=notes)

    def _trace(
        self,
        invocation: Invocation,
        content: str,
        latency: float,
        usage: Usage,
        form: ResponseForm,
        choice: Any,
    ) -> list[TraceEvent]:
        system, user = (m["content"] for m in self._body(invocation, "none")["messages"])
        return [
            Message(t=0.0, role="system", text=system, prompt_version=self.config.prompt_version),
            Message(t=0.0, role="user", text=user),
            Message(
                t=latency,
                role="assistant",
                text=content,
                finish_reason=getattr(choice, "finish_reason", None),
                response_format=form,
                usage=usage.model_dump(mode="json"),
            ),
        ]

    def _usage(self, response: Any) -> Usage:
        raw = getattr(response, "usage", None)
        tokens_in = int(getattr(raw, "prompt_tokens", 0) or 0)
        tokens_out = int(getattr(raw, "completion_tokens", 0) or 0)
        cost = (
            tokens_in * self.config.usd_per_mtok_in + tokens_out * self.config.usd_per_mtok_out
        ) / 1e6
        return Usage(
            input_tokens=tokens_in,
            output_tokens=tokens_out,
            cost_usd=cost,
            model=str(getattr(response, "model", None) or self.model),
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


def _short(text: str) -> str:
    return " ".join(text.split())[:200]
