"""The bad-input corpus: every kind of broken line a host, a model or a damaged disk can hand the
harness, each with the field and the words its error must name. ``tests/test_bad_inputs.py``
drives them through the loaders and commands; each sits between good lines, which must still load.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.replay_helpers import make_package

Edit = Callable[[dict[str, Any]], Any]


@dataclass(frozen=True)
class Bad:
    kind: str
    #: The bad line as bytes, or an edit of a good object serialised with ``json.dumps``.
    line: bytes
    #: ``field: words`` the error must hold (a regular expression).
    error: str


def good_package(package_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(make_package(package_id).model_dump_json())
    # validate wants the host's judgement for every listed stage (reconcile and critique).
    data["host"]["expect"]["reconcile"] = {"status": "ambiguous", "facts": []}
    data["host"]["expect"]["critique"] = {"recommendation": "not_ready", "unsupported_claims": []}
    return data


def good_output(package_id: str, model: str = "m") -> dict[str, Any]:
    return {
        "package": package_id,
        "stage": "reconcile",
        "model": model,
        "envelope": {"status": "completed", "summary": "ok", "result": {"status": "ambiguous"}},
        "trace": [{"type": "message", "text": "hi", "t": 0.5}],
        "latency_s": 0.25,
    }


def _raw(value: Any, *, marker: str, text: str) -> bytes:
    """``value`` as JSON with the string ``marker`` replaced by raw JSON ``text`` (NaN, 1e999)."""
    return json.dumps(value).replace(json.dumps(marker), text).encode()


def _edited(base: dict[str, Any], edit: Edit) -> bytes:
    data = json.loads(json.dumps(base))
    edit(data)
    return json.dumps(data).encode()


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def _set(path: str, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return edit


def _del(key: str) -> Edit:
    return lambda data: data.pop(key)


P = good_package("bad-0")
OUT = good_output("bad-0")
MARK = "@@RAW@@"
BIG_INT = "1" + "0" * 4999


def _p(path: str, raw: str) -> bytes:
    data = json.loads(json.dumps(P))
    _set(path, MARK)(data)
    return _raw(data, marker=MARK, text=raw)


def _o(path: str, raw: str) -> bytes:
    data = json.loads(json.dumps(OUT))
    _set(path, MARK)(data)
    return _raw(data, marker=MARK, text=raw)


PACKAGES: tuple[Bad, ...] = (
    Bad("truncated JSON", json.dumps(P).encode()[:80], r"<line>: invalid JSON"),
    Bad("a JSON array, not an object", b"[1, 2, 3]", r"<line>: expected a JSON object, got list"),
    Bad("a JSON string, not an object", b'"package"', r"<line>: expected a JSON object, got str"),
    Bad("bytes that are not UTF-8", b'{"id": "\xff\xfe"}', r"<line>: not UTF-8"),
    Bad("a byte-order mark", b"\xef\xbb\xbf" + json.dumps(P).encode(), r"<line>: invalid JSON"),
    Bad("a NUL byte", b'{"id": "a\x00b"}', r"<line>: invalid JSON"),
    Bad(
        "NaN in evidence data",
        _p("context.0.data", '{"score": NaN}'),
        r"context\.0\.data\.score: NaN is not a number",
    ),
    Bad(
        "Infinity in evidence data",
        _p("context.0.data", '{"n": Infinity}'),
        r"context\.0\.data\.n: Infinity is not a number",
    ),
    Bad(
        "-Infinity in a label",
        _p("labels", '{"x": -Infinity}'),
        r"labels\.x: -Infinity is not a number",
    ),
    Bad(
        "1e999 in evidence data",
        _p("context.0.data", '{"n": 1e999}'),
        r"context\.0\.data\.n: non-finite number",
    ),
    Bad(
        "1e999 as a wip limit",
        _p("constraints.wip_limit", "1e999"),
        r"constraints\.wip_limit: non-finite number",
    ),
    Bad(
        "a 5,000-digit integer",
        _p("constraints.wip_limit", BIG_INT),
        r"<line>: integer too large for a float \(over 308 digits\)",
    ),
    Bad(
        "a 400-digit integer",
        _p("context.0.data", '{"n": ' + "9" * 400 + "}"),
        r"context\.0\.data\.n: integer too large for a float \(over 308 digits\)",
    ),
    Bad(
        "3,000-deep nesting",
        _p("context.0.data", '{"a": ' + _nested(3000) + "}"),
        r"<line>: nested deeper than 64 levels",
    ),
    Bad(
        "65-deep nesting",
        _p("context.0.data", '{"a": ' + _nested(65) + "}"),
        r"context\.0\.data\.a\.…: nested deeper than 64 levels",
    ),
    Bad(
        "a lone surrogate in text",
        _p("context.0.text", '"sent \\ud800 it"'),
        r"context\.0\.text: lone surrogate \\ud800",
    ),
    Bad(
        "a lone surrogate in a key",
        _p("context.0.data", '{"\\udc00": 1}'),
        r"context\.0\.data: key .*lone surrogate \\udc00",
    ),
    Bad(
        "an integer timestamp",
        _edited(P, _set("recorded_at", 1756130580)),
        r"recorded_at: .*ISO 8601 string",
    ),
    Bad(
        "a float timestamp",
        _edited(P, _set("context.0.at", 1756130580.5)),
        r"context\.0\.at: .*ISO 8601 string",
    ),
    Bad(
        "a timestamp without a zone",
        _edited(P, _set("recorded_at", "2026-08-25T14:03:00")),
        r"recorded_at: .*time zone",
    ),
    Bad(
        "a timestamp that is not a date",
        _edited(P, _set("activation.at", "yesterday")),
        r"activation\.at: ",
    ),
    Bad("a missing required field", _edited(P, _del("agent")), r"agent: Field required"),
    Bad(
        "a misspelt field",
        _edited(P, _set("questoin", "x")),
        r"questoin: Extra inputs are not permitted",
    ),
    Bad(
        "a field of the wrong type",
        _edited(P, _set("question", 5)),
        r"question: Input should be a valid string",
    ),
    Bad(
        "an unknown stage",
        _edited(P, _set("stages", ["reconcile", "summon"])),
        r"stages\.1: Input should be",
    ),
    Bad("no stages", _edited(P, _set("stages", [])), r"stages: List should have at least 1 item"),
    Bad(
        "a stage listed twice",
        _edited(P, _set("stages", ["draft", "draft"])),
        r"stages: a stage is listed twice",
    ),
    Bad(
        "an id with a path in it",
        _edited(P, _set("id", "../../etc/passwd")),
        r"id: String should match pattern",
    ),
    Bad(
        "a duplicate package id",
        json.dumps(good_package("good-1")).encode(),
        r"id: duplicate 'good-1'",
    ),
    Bad(
        "a duplicate evidence id",
        _edited(P, lambda d: d["context"].append(dict(d["context"][0]))),
        r"context\.1\.id: duplicate evidence id",
    ),
    Bad(
        "a host receipt naming absent evidence",
        _edited(
            P,
            _set(
                "host.receipts",
                [
                    {
                        "id": "gone",
                        "action": "send",
                        "target": "p",
                        "status": "succeeded",
                        "at": "2026-08-25T14:00:00Z",
                    }
                ],
            ),
        ),
        r"host\.receipts\.0\.id: names evidence 'gone' not in context",
    ),
    Bad(
        "an expectation for a stage not listed",
        _edited(P, _set("host.expect.draft", {"must_not_assert": []})),
        r"host\.expect\.draft: expectation for a stage not in stages",
    ),
    Bad(
        "a receipt status that does not exist",
        _edited(
            P,
            _set(
                "host.receipts",
                [
                    {
                        "id": "journal#1",
                        "action": "a",
                        "target": "t",
                        "status": "maybe",
                        "at": "2026-08-25T13:00:00Z",
                    }
                ],
            ),
        ),
        r"host\.receipts\.0\.status: Input should be",
    ),
    Bad(
        "a negative wip limit",
        _edited(P, _set("constraints.wip_limit", -1)),
        r"constraints\.wip_limit: Input should be greater than or equal to 0",
    ),
    Bad(
        "an unknown evidence kind",
        _edited(P, _set("context.0.kind", "rumour")),
        r"context\.0\.kind: Input should be",
    ),
)

#: Packages that load but cannot be true: ``shadow validate`` flags them.
IMPOSSIBLE: tuple[Bad, ...] = (
    Bad(
        "evidence dated after recorded_at",
        _edited(P, _set("context.0.at", "2026-08-25T15:00:00Z")),
        r"context\.0\.at: journal 'journal#1' dated 2026-08-25T15:00:00Z, after recorded_at",
    ),
    Bad(
        "a succeeded receipt dated 2099",
        _edited(
            P,
            lambda d: d["context"].append(
                {
                    "id": "r#9",
                    "kind": "receipt",
                    "source": "receipts",
                    "at": "2099-01-01T00:00:00Z",
                    "text": "sent",
                    "data": {"status": "succeeded"},
                }
            ),
        ),
        r"context\.1\.at: a succeeded receipt dated 2099-01-01T00:00:00Z",
    ),
    Bad(
        "an activation after recorded_at",
        _edited(P, _set("activation.at", "2026-08-26T00:00:00Z")),
        r"activation\.at: .* is after recorded_at",
    ),
    Bad(
        "a host check in the future",
        _edited(
            P,
            _set(
                "host.checks",
                [{"kind": "read", "target": "t", "at": "2999-01-01T00:00:00Z", "redundant": False}],
            ),
        ),
        r"host\.checks\.0\.at: 2999-01-01T00:00:00Z is in the future",
    ),
)

OUTPUTS: tuple[Bad, ...] = (
    Bad("a recorded latency of 1e999", _o("latency_s", "1e999"), r"latency_s: non-finite number"),
    Bad(
        "a negative latency",
        _edited(OUT, _set("latency_s", -1)),
        r"latency_s: Input should be greater than or equal to 0",
    ),
    Bad(
        "a cost of NaN",
        _o("envelope.usage", '{"cost_usd": NaN}'),
        r"envelope\.usage\.cost_usd: NaN is not a number",
    ),
    Bad(
        "a token count of 5,000 digits",
        _o("envelope.usage", '{"input_tokens": ' + BIG_INT + "}"),
        r"<line>: integer too large for a float \(over 308 digits\)",
    ),
    Bad(
        "an unknown envelope status",
        _edited(OUT, _set("envelope.status", "done")),
        r"envelope\.status: Input should be",
    ),
    Bad(
        "a trace event of an unknown type",
        _edited(OUT, _set("trace", [{"type": "telepathy"}])),
        r"trace\.0: Input tag 'telepathy'",
    ),
    Bad(
        "a trace time of Infinity",
        _o("trace", '[{"type": "message", "text": "x", "t": Infinity}]'),
        r"trace\.0\.t: Infinity is not a number",
    ),
    Bad(
        "a lone surrogate in a summary",
        _o("envelope.summary", '"\\ud83d"'),
        r"envelope\.summary: lone surrogate",
    ),
    Bad("a missing package", _edited(OUT, _del("package")), r"package: Field required"),
    Bad(
        "a duplicate output",
        json.dumps(good_output("good-1")).encode(),
        r"package: duplicate \('m', 'good-1', 'reconcile'\)",
    ),
    Bad(
        "deep nesting in a result",
        _o("envelope.result", '{"a": ' + _nested(3000) + "}"),
        r"<line>: nested deeper than 64 levels",
    ),
)

#: Runner stdout (the command protocol's envelope): refused with the field, never stored.
ENVELOPES: tuple[Bad, ...] = (
    Bad(
        "an envelope cost of 1e999",
        b'{"status": "completed", "usage": {"cost_usd": 1e999}}',
        r"usage\.cost_usd: non-finite number",
    ),
    Bad(
        "NaN in an envelope result",
        b'{"status": "completed", "result": {"p": NaN}}',
        r"result\.p: NaN is not a number",
    ),
    Bad(
        "a lone surrogate in an envelope",
        b'{"status": "completed", "summary": "\\udfff"}',
        r"summary: lone surrogate",
    ),
    Bad(
        "an envelope nested 3,000 deep",
        b'{"status": "completed", "result": {"a": ' + _nested(3000).encode() + b"}}",
        r"nested deeper than 64 levels",
    ),
    Bad(
        "an envelope token count of 5,000 digits",
        b'{"status": "completed", "usage": {"output_tokens": ' + BIG_INT.encode() + b"}}",
        r"integer too large for a float \(over 308 digits\)",
    ),
)

#: Suites (YAML/TOML) and policies: one document each, refused whole with a clear reason.
SUITES: tuple[tuple[str, str, bytes, str], ...] = (
    (
        "an infinite gate threshold",
        "s.yaml",
        b"shadow-suite: 1\nrecordings: [x.jsonl]\ngate: {gates: [{metric: parity.match, statistic: estimate, comparator: '>=', threshold: .inf}]}\n",
        r"gate\.gates\.0\.threshold: non-finite number",
    ),
    (
        "a suite nested 3,000 deep",
        "s.yaml",
        b"shadow-suite: 1\nrecordings: " + _nested(3000).encode() + b"\n",
        r"<file>: nested deeper than 64 levels",
    ),
    (
        "a suite with a 5,000-digit integer",
        "s.yaml",
        b"shadow-suite: 1\nrecordings: [x.jsonl]\nlimit: " + BIG_INT.encode() + b"\n",
        r"<file>: integer too large for a float \(over 308 digits\)",
    ),
    (
        "a suite that is not UTF-8",
        "s.yaml",
        b"shadow-suite: 1\nrecordings: ['\xff']\n",
        r"<file>: not UTF-8",
    ),
    (
        "a suite metric compared with NaN",
        "s.yaml",
        b"shadow-suite: 1\nrecordings: [x.jsonl]\nexpect: {metrics: {repeat_checks.added: '< NaN'}}\n",
        r"expect: repeat_checks\.added: 'NaN': NaN is not a number",
    ),
    (
        "a suite with a lone surrogate",
        "s.yaml",
        b'shadow-suite: 1\nrecordings: ["\\ud800"]\n',
        r"recordings\.0: lone surrogate",
    ),
    (
        "a TOML suite with nan",
        "s.toml",
        b'shadow-suite = 1\nrecordings = ["x.jsonl"]\n[gate]\ngates = [{metric = "parity.match", statistic = "estimate", comparator = ">=", threshold = nan}]\n',
        r"gate\.gates\.0\.threshold: non-finite number",
    ),
)
POLICIES: tuple[tuple[str, str, bytes, str], ...] = (
    (
        "a policy budget of inf",
        "p.toml",
        b"version = 1\n[budget]\nlatency_p95_s = inf\n",
        r"budget\.latency_p95_s: non-finite number",
    ),
    (
        "a policy confidence of nan",
        "p.yaml",
        b"version: 1\nconfidence: .nan\n",
        r"confidence: non-finite number",
    ),
    (
        "a policy nested 3,000 deep",
        "p.yaml",
        b"version: 1\nstages: " + _nested(3000).encode() + b"\n",
        r"<file>: nested deeper than 64 levels",
    ),
    ("a policy that is not UTF-8", "p.toml", b"version = 1\n# \xff\n", r"<file>: not UTF-8"),
    ("a policy TOML syntax error", "p.toml", b"version = \n", r"<file>: not valid toml"),
    (
        "a policy with a 5,000-digit integer",
        "p.toml",
        b"version = " + BIG_INT.encode() + b"\n",
        r"<file>: integer too large for a float \(over 308 digits\)",
    ),
)
