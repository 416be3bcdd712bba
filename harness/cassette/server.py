"""The cassette HTTP server on 127.0.0.1: replays stored exchanges and scripted replies, and, with
an upstream, records what it has not seen (a loopback recording proxy).

Lookup order for a request: a stored exchange with its key, then a scripted reply, then (record
mode only) the upstream, whose answer is passed through as it streams and stored when complete. In
replay mode a miss is HTTP 404 with a ``cassette_miss`` error naming the request's key, its path
and the nearest stored key with where the two differ: never a made-up answer.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz

from harness.cassette.keys import normalised_request, request_key
from harness.cassette.scripted import Script, choose, load_scripts, render, step_for
from harness.cassette.store import Cassette, Exchange, StoredResponse, load_cassette

MAX_REQUEST_BYTES = 16 * 1024**2
_UPSTREAM_TIMEOUT_S = 900.0


@dataclass
class CassetteState:
    cassette: Cassette
    scripts: list[Script]
    upstream: urllib.parse.SplitResult | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    hits: int = 0
    misses: int = 0
    recorded: int = 0
    #: The last few miss messages, for a test or a log to show.
    miss_log: list[str] = field(default_factory=list)


def _canonical(normalised: dict[str, Any]) -> str:
    return json.dumps(normalised, sort_keys=True, ensure_ascii=False)


def nearest(state: CassetteState, normalised: dict[str, Any]) -> str:
    """The stored key most like this request, and the first place where they differ."""
    if not state.cassette.exchanges:
        return "the cassette holds no recorded exchanges"
    mine = _canonical(normalised)
    best_key, best_text, best_score = "", "", -1.0
    for key, exchange in state.cassette.exchanges.items():
        text = _canonical(exchange.request)
        score = fuzz.ratio(mine[:20000], text[:20000])
        if score > best_score:
            best_key, best_text, best_score = key, text, score
    at = next((i for i, (a, b) in enumerate(zip(mine, best_text, strict=False)) if a != b), None)
    if at is None:
        at = min(len(mine), len(best_text))
    snippet = mine[max(0, at - 40) : at + 40].replace("\n", " ")
    return f"nearest stored key {best_key} ({best_score:.0f}% alike), first difference at char {at}: ...{snippet}..."


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, status: int, content_type: str, body: str) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _error(self, status: int, kind: str, message: str) -> None:
        self._send(
            status, "application/json", json.dumps({"error": {"message": message, "type": kind}})
        )

    def do_GET(self) -> None:
        state = self.server.state
        if self.path.rstrip("/").endswith("/models"):
            names = {
                str((e.request.get("body") or {}).get("model", ""))
                for e in state.cassette.exchanges.values()
                if isinstance(e.request.get("body"), dict)
            }
            names |= {s.model for s in state.scripts}
            data = [
                {"id": n, "object": "model", "owned_by": "cassette"} for n in sorted(names) if n
            ]
            self._send(200, "application/json", json.dumps({"object": "list", "data": data}))
            return
        self._error(404, "cassette_miss", f"GET {self.path}: a cassette answers POST requests only")

    def do_POST(self) -> None:
        state = self.server.state
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_REQUEST_BYTES:
            self._error(413, "cassette_error", f"request body of {length} bytes is too large")
            return
        raw = self.rfile.read(length)
        normalised = normalised_request("POST", self.path, raw)
        key = request_key(normalised)
        exchange = state.cassette.exchanges.get(key)
        if exchange is not None:
            with state.lock:
                state.hits += 1
            self._send(
                exchange.response.status, exchange.response.content_type, exchange.response.body
            )
            return
        body = normalised["body"]
        chosen = choose(state.scripts, body)
        if chosen is not None:
            script, turn = chosen
            step = step_for(script, turn)
            if step is None:
                self._error(
                    404,
                    "cassette_miss",
                    f"script {script.name!r} has no step {turn + 1} (request {key})",
                )
                return
            stream = isinstance(body, dict) and bool(body.get("stream"))
            with state.lock:
                state.hits += 1
            self._send(*render(step, turn, script.model, stream=stream))
            return
        if state.upstream is None:
            message = f"cassette miss: POST {self.path} (key {key}); {nearest(state, normalised)}"
            with state.lock:
                state.misses += 1
                state.miss_log[:] = [*state.miss_log[-9:], message]
            self._error(404, "cassette_miss", message)
            return
        self._forward(raw, normalised, key)

    def _forward(self, raw: bytes, normalised: dict[str, Any], key: str) -> None:
        state = self.server.state
        upstream = state.upstream
        assert upstream is not None
        prefix = upstream.path.rstrip("/")
        path = self.path
        if prefix.endswith("/v1") and path.startswith("/v1"):
            path = path[3:]
        target = prefix + path
        started = time.monotonic()
        connection = http.client.HTTPConnection(
            upstream.hostname or "127.0.0.1", upstream.port or 80, timeout=_UPSTREAM_TIMEOUT_S
        )
        try:
            headers = {
                k: v
                for k, v in self.headers.items()
                if k.lower() in ("content-type", "authorization", "accept")
            }
            connection.request("POST", target, body=raw, headers=headers)
            response = connection.getresponse()
            content_type = response.getheader("Content-Type") or "application/json"
            streamed = content_type.startswith("text/event-stream")
            self.send_response(response.status)
            self.send_header("Content-Type", content_type)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            parts: list[bytes] = []
            while True:
                chunk = response.read1(65536) if streamed else response.read(65536)
                if not chunk:
                    break
                parts.append(chunk)
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
        except OSError as exc:
            self._error(502, "cassette_upstream", f"upstream {upstream.geturl()}: {exc}")
            return
        finally:
            connection.close()
        exchange = Exchange(
            key=key,
            request=normalised,
            response=StoredResponse(
                status=response.status,
                content_type=content_type,
                body=b"".join(parts).decode("utf-8", errors="replace"),
                streamed=streamed,
            ),
            latency_s=time.monotonic() - started,
        )
        with state.lock:
            state.cassette.write(exchange)
            state.recorded += 1


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    state: CassetteState

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that went away mid-answer (pi stopped at its tool-call cap) is not an error of
        # the cassette; anything else still prints.
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@dataclass(frozen=True)
class Running:
    base_url: str
    state: CassetteState


def open_state(folder: Path, upstream: str | None = None) -> CassetteState:
    parsed = urllib.parse.urlsplit(upstream) if upstream else None
    if parsed is not None and (parsed.scheme != "http" or not parsed.hostname):
        raise ValueError(f"upstream must be an http:// URL, got {upstream!r}")
    return CassetteState(
        cassette=load_cassette(folder), scripts=load_scripts(folder), upstream=parsed
    )


@contextmanager
def cassette_server(
    folder: Path, *, upstream: str | None = None, port: int = 0
) -> Iterator[Running]:
    """Serve ``folder`` on 127.0.0.1 for the ``with`` body (record mode when ``upstream`` is set)."""
    state = open_state(folder, upstream)
    httpd = _Server(("127.0.0.1", port), _Handler)
    httpd.state = state
    thread = threading.Thread(target=httpd.serve_forever, name="cassette", daemon=True)
    thread.start()
    try:
        yield Running(base_url=f"http://127.0.0.1:{httpd.server_address[1]}/v1", state=state)
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)
