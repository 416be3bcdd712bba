"""The key of a model request: a SHA-256 of its normalised form.

pi writes the date and its working directory into its system prompt, and the absolute path of its
own install into the documentation pointers; all three are blanked so that the same case replays
from another directory, another clone or another day. JSON is re-serialised with sorted keys.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

_VOLATILE = (
    (re.compile(r"Current date: \d{4}-\d{2}-\d{2}"), "Current date: <date>"),
    (re.compile(r"Current working directory: [^\n\"]*"), "Current working directory: <cwd>"),
    (re.compile(r"/[^\s\"']*/node_modules/@mariozechner/pi-coding-agent"), "<pi-install>"),
    # The harness's per-case workspace directory, wherever pi mentions it.
    (re.compile(r"/[^\s\"']*/shadow-ws-[A-Za-z0-9_.-]+"), "<workspace>"),
)
#: Request fields that change nothing in the answer.
_IGNORED_FIELDS = frozenset({"stream_options", "user", "metadata", "store"})


def normalise_text(text: str) -> str:
    for pattern, replacement in _VOLATILE:
        text = pattern.sub(replacement, text)
    return text


def _normalise(value: Any) -> Any:
    if isinstance(value, str):
        return normalise_text(value)
    if isinstance(value, list):
        return [_normalise(v) for v in value]
    if isinstance(value, dict):
        return {k: _normalise(v) for k, v in value.items() if k not in _IGNORED_FIELDS}
    return value


def normalised_request(method: str, path: str, body: bytes) -> dict[str, Any]:
    """Method, path (no query) and the body as normalised JSON (or text when it is not JSON)."""
    text = body.decode("utf-8", errors="replace")
    try:
        parsed: Any = json.loads(text) if text.strip() else None
    except json.JSONDecodeError:
        parsed = normalise_text(text)
    else:
        parsed = _normalise(parsed)
    return {"method": method.upper(), "path": path.split("?", 1)[0], "body": parsed}


def request_key(normalised: dict[str, Any]) -> str:
    canonical = json.dumps(normalised, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:24]
