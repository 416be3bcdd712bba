"""Streamed chat completions get the usage chunk their client asked for, with the server's own
counts; everything else passes through as the server answered it."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from harness.model.stream_usage import Message, sse_body, stream_chunks, with_stream_usage

COMPLETION = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 7,
    "model": "smollm2",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": '{"status": "ambiguous"}'},
            "finish_reason": "stop",
        }
    ],
    "usage": {"prompt_tokens": 2710, "completion_tokens": 41, "total_tokens": 2751},
}


class FakeServer:
    """An ASGI app standing in for llama-cpp-python: it records the body it was sent and answers
    unstreamed requests with COMPLETION (or ``status``) and streamed ones with two chunks."""

    def __init__(self, status: int = 200) -> None:
        self.status = status
        self.bodies: list[dict[str, Any]] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        message = await receive()
        body = json.loads(message["body"])
        self.bodies.append(body)
        if self.status != 200:
            payload = json.dumps({"error": {"message": "model exploded"}}).encode()
            kind = b"application/json"
        elif body.get("stream"):
            payload = b'data: {"choices": []}\n\ndata: [DONE]\n\n'
            kind = b"text/event-stream"
        else:
            payload = json.dumps(COMPLETION).encode()
            kind = b"application/json"
        await send(
            {
                "type": "http.response.start",
                "status": self.status,
                "headers": [(b"content-type", kind)],
            }
        )
        await send({"type": "http.response.body", "body": payload})


def call(app: Any, body: dict[str, Any], path: str = "/v1/chat/completions") -> tuple[int, bytes]:
    sent: list[Message] = []
    request = json.dumps(body).encode()
    delivered = False

    async def receive() -> Message:
        nonlocal delivered
        if delivered:
            await asyncio.sleep(3600)  # a client waiting for its answer sends nothing more
        delivered = True
        return {"type": "http.request", "body": request, "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": path, "headers": []}
    asyncio.run(app(scope, receive, send))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    return status, b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


def events(data: bytes) -> list[Any]:
    lines = [
        line[len("data: ") :] for line in data.decode().split("\n") if line.startswith("data: ")
    ]
    return [line if line == "[DONE]" else json.loads(line) for line in lines]


PI_REQUEST = {
    "model": "smollm2",
    "messages": [{"role": "user", "content": "Was the Patrick DM sent?"}],
    "stream": True,
    "stream_options": {"include_usage": True},
    "max_tokens": 768,
}


def test_a_stream_that_asks_for_usage_ends_with_the_servers_counts() -> None:
    server = FakeServer()
    status, data = call(with_stream_usage(server), PI_REQUEST)
    assert status == 200
    # The server was asked for the same completion unstreamed, which carries its token counts.
    assert server.bodies == [
        {"model": "smollm2", "messages": PI_REQUEST["messages"], "max_tokens": 768}
    ]
    got = events(data)
    assert got[-1] == "[DONE]"
    assert got[-2]["usage"] == COMPLETION["usage"] and got[-2]["choices"] == []
    text = "".join(c["choices"][0]["delta"].get("content", "") for c in got[:-2])
    assert text == '{"status": "ambiguous"}'
    assert [c["choices"][0]["finish_reason"] for c in got[:-2]] == [None, "stop"]


def test_other_requests_pass_through_as_sent() -> None:
    server = FakeServer()
    plain = {k: v for k, v in PI_REQUEST.items() if k != "stream_options"}
    status, data = call(with_stream_usage(server), plain)
    assert status == 200 and server.bodies == [plain]
    assert data == b'data: {"choices": []}\n\ndata: [DONE]\n\n'
    unstreamed = {**plain, "stream": False}
    call(with_stream_usage(server), unstreamed)
    assert server.bodies[-1] == unstreamed


def test_a_server_error_reaches_the_client_in_the_servers_words() -> None:
    status, data = call(with_stream_usage(FakeServer(status=500)), PI_REQUEST)
    assert status == 500 and b"model exploded" in data


def test_tool_calls_are_numbered_as_a_stream_numbers_them() -> None:
    call_ = {"id": "c1", "type": "function", "function": {"name": "read", "arguments": "{}"}}
    completion = {
        **COMPLETION,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": None, "tool_calls": [call_, call_]},
                "finish_reason": "tool_calls",
            }
        ],
    }
    chunks = stream_chunks(completion)
    delta = chunks[0]["choices"][0]["delta"]
    assert "content" not in delta
    assert [c["index"] for c in delta["tool_calls"]] == [0, 1]
    assert chunks[1]["choices"][0]["finish_reason"] == "tool_calls"
    assert sse_body(chunks).endswith(b"data: [DONE]\n\n")
