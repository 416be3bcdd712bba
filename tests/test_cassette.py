"""Cassettes: the recording proxy stores what an upstream said (streamed or not) under the key of
the normalised request, replay gives it back byte for byte, and a miss is an error naming the
nearest stored key, never an invented answer."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from harness.cassette.keys import normalised_request, request_key
from harness.cassette.scripted import load_scripts
from harness.cassette.server import cassette_server
from harness.cassette.store import CassetteError, load_cassette

SSE = 'data: {"choices":[{"delta":{"content":"hi"}}]}\n\ndata: [DONE]\n\n'


@pytest.fixture
def upstream() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    seen: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            seen.append(body)
            streamed = bool(body.get("stream"))
            data = SSE.encode() if streamed else json.dumps({"answer": len(seen)}).encode()
            self.send_response(200)
            self.send_header(
                "Content-Type", "text/event-stream" if streamed else "application/json"
            )
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/v1", seen
    finally:
        httpd.shutdown()
        httpd.server_close()


def _post(base_url: str, body: dict[str, Any]) -> tuple[int, str, str]:
    request = urllib.request.Request(
        f"{base_url}/chat/completions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers["Content-Type"], exc.read().decode()


def _pi_like(date: str, cwd: str, question: str = "Is it sent?") -> dict[str, Any]:
    system = f"You are pi.\nCurrent date: {date}\nCurrent working directory: {cwd}"
    return {
        "model": "m",
        "stream": True,
        "stream_options": {"include_usage": True},
        "messages": [{"role": "system", "content": system}, {"role": "user", "content": question}],
    }


def test_pis_date_and_working_directory_do_not_change_the_key() -> None:
    def key(body: dict[str, Any]) -> str:
        return request_key(
            normalised_request("POST", "/v1/chat/completions", json.dumps(body).encode())
        )

    a = key(_pi_like("2026-12-01", "/tmp/shadow-ws-abc123/x"))
    b = key(_pi_like("2027-01-31", "/home/someone/elsewhere"))
    c = key(_pi_like("2026-12-01", "/tmp/shadow-ws-abc123/x", question="Is it queued?"))
    assert a == b
    assert a != c


def test_record_then_replay_streamed_and_plain(
    upstream: tuple[str, list[dict[str, Any]]], tmp_path: Path
) -> None:
    url, seen = upstream
    folder = tmp_path / "cassette"
    plain = {"model": "m", "messages": [{"role": "user", "content": "hello"}]}
    streamed = _pi_like("2026-12-01", "/work/a")
    with cassette_server(folder, upstream=url) as recorder:
        first = _post(recorder.base_url, plain)
        stream_first = _post(recorder.base_url, streamed)
        # Seen before: answered from the cassette, the upstream is not asked again.
        assert _post(recorder.base_url, plain) == first
    assert len(seen) == 2
    assert stream_first == (200, "text/event-stream", SSE)
    assert len(load_cassette(folder).exchanges) == 2
    with cassette_server(folder) as replay:
        assert _post(replay.base_url, plain) == first
        # Another day, another directory: the same stored stream.
        assert _post(replay.base_url, _pi_like("2030-05-05", "/elsewhere")) == stream_first
        status, _type, body = _post(replay.base_url, {**plain, "temperature": 0.7})
    assert status == 404
    error = json.loads(body)["error"]
    assert error["type"] == "cassette_miss"
    assert "nearest stored key" in error["message"]
    nearest_key = error["message"].split("nearest stored key ")[1].split()[0]
    assert nearest_key in load_cassette(folder).exchanges
    assert len(seen) == 2


def test_an_empty_cassette_answers_every_request_with_a_miss(tmp_path: Path) -> None:
    with cassette_server(tmp_path) as replay:
        status, _type, body = _post(replay.base_url, {"model": "m", "messages": []})
    assert status == 404 and "holds no recorded exchanges" in body


def test_scripted_steps_follow_the_conversation_and_stop_at_the_end(tmp_path: Path) -> None:
    (tmp_path / "s.yaml").write_text(
        "scripted-cassette: 1\nname: two-steps\nmatch: reconcile\nsteps:\n"
        "  - tool_calls: [{name: read, arguments: {path: input/a.json}}]\n"
        "  - content: done\n"
    )
    ask: dict[str, Any] = {"model": "m", "messages": [{"role": "user", "content": "reconcile"}]}
    with cassette_server(tmp_path) as replay:
        _s, _t, first = _post(replay.base_url, ask)
        call = json.loads(first)["choices"][0]["message"]["tool_calls"][0]
        assert call["function"] == {"name": "read", "arguments": '{"path": "input/a.json"}'}
        ask["messages"].append({"role": "assistant", "content": None, "tool_calls": [call]})
        _s, _t, second = _post(replay.base_url, ask)
        assert json.loads(second)["choices"][0]["message"]["content"] == "done"
        ask["messages"].append({"role": "assistant", "content": "done"})
        status, _t, third = _post(replay.base_url, ask)
        assert status == 404 and "has no step 3" in third
        other = {"model": "m", "messages": [{"role": "user", "content": "draft"}]}
        assert _post(replay.base_url, other)[0] == 404


def test_a_bad_script_names_file_and_field(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text(
        "scripted-cassette: 1\nname: x\nmatch: y\nsteps:\n  - content: a\n    error: {status: 500, message: m}\n"
    )
    with pytest.raises(CassetteError, match=r"bad\.yaml: steps\.0: .*either an error or a reply"):
        load_scripts(tmp_path)
    (tmp_path / "bad.yaml").write_text("scripted-cassette: 1\nname: [unclosed\n")
    with pytest.raises(CassetteError, match=r"bad\.yaml:\d+: not YAML"):
        load_scripts(tmp_path)


def test_a_stored_file_whose_key_differs_from_its_name_is_refused(tmp_path: Path) -> None:
    exchange = {
        "key": "abc",
        "request": {},
        "response": {"status": 200, "body": "{}"},
    }
    (tmp_path / "def.json").write_text(json.dumps(exchange))
    with pytest.raises(CassetteError, match=r"def\.json: key: 'abc' does not match"):
        load_cassette(tmp_path)


def test_the_shipped_scripts_load() -> None:
    folders = sorted((Path(__file__).parent / "data" / "cassettes").iterdir())
    assert folders
    for folder in folders:
        assert load_scripts(folder), folder


def test_an_openai_run_recorded_through_the_proxy_replays_identically(tmp_path: Path) -> None:
    """Record a run against a server that refuses json_schema (as llama-cpp-python does), then
    replay it from the cassette alone: the same envelopes, and the refusal replayed too."""
    from harness.cli import main

    seen: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            seen.append(body)
            if body["response_format"]["type"] == "json_schema":
                status, payload = 500, {"error": "Input should be 'text' or 'json_object'"}
            else:
                ids = body["response_format"]["schema"]["properties"]["claims"]["items"]
                first = ids["properties"]["evidence"]["items"]["properties"]["id"]["enum"][0]
                reply = {"status": "completed", "summary": f"{len(seen)}", "result": {},
                         "claims": [{"text": "x", "evidence": [{"id": first, "quote": "q"}]}]}  # fmt: skip
                message = {"role": "assistant", "content": json.dumps(reply)}
                status, payload = 200, {
                    "id": "c", "object": "chat.completion", "created": 0, "model": "m",
                    "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
                }  # fmt: skip
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    upstream_url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    recordings = Path(__file__).parents[1] / "recordings" / "sophobot"
    folder = tmp_path / "cassette"

    def run(base_url: str, out: Path) -> list[dict[str, Any]]:
        argv = ["run", "--runner", "openai", "--model", "m", "--opt", f"base_url={base_url}"]
        argv += ["--opt", "max_retries=0", "--recordings", str(recordings), "--stage", "reconcile"]
        argv += ["--limit", "3", "--jobs", "1", "--out", str(out), "--no-report", "--no-progress"]
        assert main(argv) == 0
        lines = (out / "results.jsonl").read_text().splitlines()
        return [json.loads(line)["envelope"] for line in lines]

    try:
        with cassette_server(folder, upstream=upstream_url) as recorder:
            recorded = run(recorder.base_url, tmp_path / "a")
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert [e["status"] for e in recorded] == ["completed"] * 3
    asked = len(seen)
    with cassette_server(folder) as replay:
        replayed = run(replay.base_url, tmp_path / "b")
        assert replay.state.misses == 0
    assert replayed == recorded
    assert len(seen) == asked  # the upstream is gone; nothing more reached it
