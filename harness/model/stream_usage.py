"""Token usage for streamed chat completions, which llama-cpp-python's server does not report.

pi (and any OpenAI client) streams its requests and asks for usage with ``stream_options:
{"include_usage": true}``; llama-cpp-python 0.3.x ignores that option, so every pi run against it
reported 0 tokens and the cost scorer read "free". This ASGI wrapper answers such a request by
asking the server for the same completion unstreamed (which carries the server's own token
counts) and replaying it as a stream: the chunks a client expects, then the usage chunk, then
``[DONE]``. Generation is the same call with the same parameters; only the transport differs, and
the client sees the whole reply at once instead of token by token. Requests without
``include_usage``, and every other path, pass through untouched.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_PATHS = ("/v1/chat/completions", "/chat/completions")


def wants_usage(body: Any) -> bool:
    """A streamed request whose client asked for the usage chunk."""
    if not isinstance(body, dict) or body.get("stream") is not True:
        return False
    options = body.get("stream_options")
    return isinstance(options, dict) and options.get("include_usage") is True


def stream_chunks(completion: dict[str, Any]) -> list[dict[str, Any]]:
    """The chunks of an unstreamed chat completion as a stream would have sent them.

    One delta per choice with the whole message (tool calls numbered as a stream numbers them),
    one with each finish reason, and the usage chunk (no choices) that ``include_usage`` asks for.
    """
    head = {
        "id": completion.get("id", ""),
        "object": "chat.completion.chunk",
        "created": completion.get("created", 0),
        "model": completion.get("model", ""),
    }
    chunks: list[dict[str, Any]] = []
    finals: list[dict[str, Any]] = []
    for position, choice in enumerate(completion.get("choices") or []):
        index = choice.get("index", position)
        message = choice.get("message") or {}
        delta: dict[str, Any] = {"role": message.get("role") or "assistant"}
        if message.get("content") is not None:
            delta["content"] = message["content"]
        calls = message.get("tool_calls")
        if isinstance(calls, list) and calls:
            delta["tool_calls"] = [{"index": i, **call} for i, call in enumerate(calls)]
        chunks.append(
            {**head, "choices": [{"index": index, "delta": delta, "finish_reason": None}]}
        )
        finals.append(
            {
                **head,
                "choices": [
                    {"index": index, "delta": {}, "finish_reason": choice.get("finish_reason")}
                ],
            }
        )
    usage = completion.get("usage")
    tail = [{**head, "choices": [], "usage": usage}] if isinstance(usage, dict) else []
    return [*chunks, *finals, *tail]


def sse_body(chunks: list[dict[str, Any]]) -> bytes:
    events = [f"data: {json.dumps(chunk, ensure_ascii=False)}\n\n" for chunk in chunks]
    return ("".join(events) + "data: [DONE]\n\n").encode("utf-8")


async def _read_body(receive: Receive) -> bytes:
    parts: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(parts)
        parts.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(parts)


def _replayed(body: bytes, receive: Receive) -> Receive:
    """The body again, then the client's own channel: the server's disconnect checks must see
    the real client, which is still there waiting for its answer."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


def with_stream_usage(app: ASGIApp) -> ASGIApp:
    """``app`` with streamed chat completions that end in a usage chunk when asked for one."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http" or scope.get("method") != "POST":
            await app(scope, receive, send)
            return
        if scope.get("path", "") not in _PATHS:
            await app(scope, receive, send)
            return
        raw = await _read_body(receive)
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        if not wants_usage(body):
            await app(scope, _replayed(raw, receive), send)
            return
        unstreamed = {k: v for k, v in body.items() if k not in ("stream", "stream_options")}
        status, headers, answer = await _call(app, scope, json.dumps(unstreamed).encode(), receive)
        try:
            completion = json.loads(answer) if status == 200 else None
        except ValueError:
            completion = None
        if not isinstance(completion, dict):
            # An error (or a reply we cannot read) goes back as the server sent it: the client
            # reports the server's own words.
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": answer})
            return
        data = sse_body(stream_chunks(completion))
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"text/event-stream; charset=utf-8"),
                    (b"cache-control", b"no-cache"),
                    (b"content-length", str(len(data)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": data})

    return wrapped


async def _call(
    app: ASGIApp, scope: Scope, body: bytes, receive: Receive
) -> tuple[int, list[Any], bytes]:
    """Run ``app`` on one request and collect its whole answer."""
    status = 500
    headers: list[Any] = []
    parts: list[bytes] = []

    async def send(message: Message) -> None:
        nonlocal status, headers
        if message["type"] == "http.response.start":
            status = int(message["status"])
            headers = [
                (k, v) for k, v in message.get("headers", []) if k.lower() != b"content-length"
            ]
        elif message["type"] == "http.response.body":
            parts.append(message.get("body", b""))

    inner_scope = dict(scope)
    inner_scope["headers"] = [
        (k, v) for k, v in scope.get("headers", []) if k.lower() != b"content-length"
    ] + [(b"content-length", str(len(body)).encode())]
    await app(inner_scope, _replayed(body, receive), send)
    answer = b"".join(parts)
    headers.append((b"content-length", str(len(answer)).encode()))
    return status, headers, answer
