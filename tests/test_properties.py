"""Property-based tests (hypothesis): the loader and the bounded parser never crash and never let a
value past a bound, the line reader agrees with a plain split, terminal text never carries a
control character, and every scorer survives any envelope with values inside their ranges."""

from __future__ import annotations

import json
import math
import re
import threading
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness.invocation import build_invocation
from harness.loading import load_packages
from harness.runners.envelope_parsing import parse_envelope_lenient, parse_envelope_strict
from harness.runners.reference import ReferenceRunner
from harness.schema import Envelope, Package, RunRecord, TraceEvent
from harness.scorers import SCORERS
from harness.scorers.run import context_for, score_case
from harness.untrusted.display import printable
from harness.untrusted.parse import MAX_DEPTH, MAX_INT_DIGITS, BadInput, parse_json, read_lines
from tests.bad_inputs import good_package

ROOT = Path(__file__).resolve().parents[1]
HANDWRITTEN = ROOT / "recordings" / "sophobot" / "handwritten"
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# JSON-ish values with everything the bounds are about: non-finite floats, huge integers,
# surrogates, deep nesting.
scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.integers(min_value=10**309, max_value=10**320)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=12)
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=30,
)


def _within_bounds(value: Any, depth: int = 0) -> bool:
    if isinstance(value, dict | list):
        if depth >= MAX_DEPTH:
            return False
        items = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
        keys_ok = all(not isinstance(k, str) or _encodable(k) for k, _ in items)
        return keys_ok and all(_within_bounds(v, depth + 1) for _, v in items)
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) < 10**MAX_INT_DIGITS  # every test integer is below 2**63 or above 10**309
    if isinstance(value, str):
        return _encodable(value)
    return True


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@FAST
@given(values)
def test_parse_json_returns_only_values_within_bounds_or_says_why(value: Any) -> None:
    text = json.dumps(value)  # writes NaN/Infinity and \\ud800 escapes for what JSON cannot hold
    try:
        parsed = parse_json(text)
    except BadInput as exc:
        assert exc.where and exc.message
        assert not _within_bounds(value)
        return
    assert _within_bounds(parsed)
    assert parsed == value


@FAST
@given(st.binary(max_size=200))
def test_parse_json_of_any_bytes_is_a_value_or_a_bad_input(data: bytes) -> None:
    try:
        assert _within_bounds(parse_json(data))
    except BadInput as exc:
        assert exc.message


@FAST
@given(st.binary(max_size=60).map(lambda b: b.replace(b"x", b"\r")), st.integers(1, 9))
def test_read_lines_agrees_with_a_universal_newline_split(data: bytes, chunk: int) -> None:
    import io

    *ended, last = re.split(rb"\r\n|\r|\n", data)
    expected = [(i + 1, piece, True) for i, piece in enumerate(ended)]
    if last:
        expected.append((len(ended) + 1, last, False))
    lines = list(read_lines(io.BytesIO(data), chunk=chunk))
    assert [(ln.number, ln.data, ln.terminated) for ln in lines] == expected
    # Where each line sits: its bytes and then its own line break, the lines end to end.
    assert sum(ln.length for ln in lines) == len(data)
    for ln in lines:
        assert ln.offset == sum(other.length for other in lines[: ln.number - 1])
        brk = data[ln.offset + len(ln.data) : ln.offset + ln.length]
        assert data[ln.offset : ln.offset + len(ln.data)] == ln.data
        assert brk in ((b"\r\n", b"\r", b"\n") if ln.terminated else (b"",))


def test_parse_json_bounds_nesting_not_brackets() -> None:
    """Many brackets side by side are no nesting; nesting to the bound parses, one more level
    is refused with where it starts."""
    wide = {"details": [{"a": [1]} for _ in range(5 * MAX_DEPTH)]}
    assert parse_json(json.dumps(wide)) == wide
    deepest_allowed = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_json(deepest_allowed) is not None
    with pytest.raises(BadInput, match=f"nested deeper than {MAX_DEPTH} levels"):
        parse_json('{"a": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}")


@FAST
@given(st.lists(st.binary(max_size=80) | values.map(lambda v: json.dumps(v).encode()), max_size=6))
def test_load_packages_never_crashes_and_keeps_the_good_lines(
    tmp_path_factory: pytest.TempPathFactory, junk: list[bytes]
) -> None:
    path = tmp_path_factory.mktemp("prop") / "p.jsonl"
    good = [json.dumps(good_package(f"good-{i}")).encode() for i in range(2)]
    junk = [line.replace(b"\n", b" ").replace(b"\r", b" ") for line in junk]
    path.write_bytes(b"\n".join([good[0], *junk, good[1]]) + b"\n")
    loaded = load_packages([path])
    assert {"good-0", "good-1"} <= {p.id for p in loaded.items}
    last = len(junk) + 2
    assert all(e.file == str(path) and 2 <= e.line < last for e in loaded.errors)
    assert all(_within_bounds(p.model_dump(mode="json")) for p in loaded.items)


@FAST
@given(values)
def test_envelope_parsers_never_crash(value: Any) -> None:
    text = json.dumps({"status": "completed", "result": {"x": value}, "summary": "s"})
    for parsed in (parse_envelope_strict(text.encode()), parse_envelope_lenient(text)):
        assert (parsed.envelope is None) != (parsed.error is None)
        if parsed.envelope is not None:
            assert _within_bounds(parsed.envelope.model_dump(mode="json"))


_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


@FAST
@given(st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=40))
def test_printable_text_holds_no_control_character_and_is_stable(text: str) -> None:
    shown = printable(text)
    assert not _UNSAFE.search(shown)
    assert printable(shown) == shown
    assert not _UNSAFE.search(printable(text, multiline=True).replace("\n", "").replace("\t", ""))
    if not _UNSAFE.search(text):
        assert shown == text


# -- scorers ---------------------------------------------------------------------------------


@cache
def _packages() -> tuple[Package, ...]:
    loaded = load_packages([HANDWRITTEN])
    return tuple(loaded.items[::9])


@cache
def _reference(package_id: str, stage: str) -> tuple[dict[str, Any], tuple[TraceEvent, ...]]:
    package = next(p for p in _packages() if p.id == package_id)
    out = ReferenceRunner().run(build_invocation(package, stage), threading.Event())
    return out.envelope.model_dump(mode="json"), tuple(out.trace)


def _texts(package: Package) -> st.SearchStrategy[str]:
    pieces = [item.text for item in package.context] + [
        "I sent the message and it was delivered.",
        "The backup completed successfully.",
        "Nothing was sent.",
        "",
    ]
    return st.sampled_from(pieces) | st.text(max_size=40)


@st.composite
def cases(draw: st.DrawFn) -> tuple[Package, str, dict[str, Any], tuple[TraceEvent, ...]]:
    package = draw(st.sampled_from(_packages()))
    stage = str(draw(st.sampled_from(package.stages)))
    envelope, trace = _reference(package.id, stage)
    envelope = json.loads(json.dumps(envelope))
    ids = [item.id for item in package.context] + ["made-up#1"]
    texts = _texts(package)
    citation = st.fixed_dictionaries({"id": st.sampled_from(ids), "quote": texts})
    claim = st.fixed_dictionaries({"text": texts, "evidence": st.lists(citation, max_size=3)})
    mutation = draw(st.sampled_from(["claims", "result", "status", "summary", "none"]))
    if mutation == "claims":
        envelope["claims"] = draw(st.lists(claim, max_size=4))
    elif mutation == "result":
        result = envelope.get("result") or {}
        keys = list(result) or ["status"]
        key = draw(st.sampled_from(keys))
        result[key] = draw(values.filter(_within_bounds) | st.lists(claim, max_size=3))
        envelope["result"] = result
    elif mutation == "status":
        envelope["status"] = draw(
            st.sampled_from(["completed", "failed", "timed_out", "interrupted"])
        )
        if draw(st.booleans()):
            envelope["result"] = None
    elif mutation == "summary":
        envelope["summary"] = draw(texts)
    return package, stage, envelope, trace


RATES = {
    ("evidence_fidelity", "citation_precision"),
    ("evidence_fidelity", "claim_support_rate"),
    ("evidence_fidelity", "decisive_recall"),
}


@SLOW
@given(cases())
def test_every_scorer_survives_any_envelope_with_values_in_range(
    case: tuple[Package, str, dict[str, Any], tuple[TraceEvent, ...]],
) -> None:
    package, stage, envelope_json, trace = case
    envelope = Envelope.model_validate(envelope_json)
    record = RunRecord(
        run_id="prop", package=package.id, stage=stage, agent=package.agent, model="m",
        runner="prop", status=envelope.status, envelope=envelope, latency_s=0.5,
        started_at=datetime(2026, 8, 25, tzinfo=UTC),
    )  # fmt: skip
    scores = {s.scorer: s.values for s in score_case(context_for(package, record, list(trace)))}
    assert {s.name for s in SCORERS} <= set(scores)
    for name, found in scores.items():
        for key, value in found.items():
            if isinstance(value, float):
                assert math.isfinite(value), (name, key, value)
            if (name, key) in RATES and value is not None:
                assert 0.0 <= float(value) <= 1.0, (name, key, value)
            if isinstance(value, int) and not isinstance(value, bool) and name != "latency":
                assert value >= 0, (name, key, value)
    fidelity = scores["evidence_fidelity"]
    assert int(fidelity["valid_citations"]) + int(fidelity["fabricated_citations"]) <= int(
        fidelity["citations"]
    )
    assert int(fidelity["decisive_cited"]) <= int(fidelity["decisive_total"])
    boundary = scores["boundary"]
    assert boundary["compliant"] == (boundary["violations"] == 0)
    invented = scores["invented_completion"]
    assert invented["invented"] == (int(invented["invented_completions"]) > 0)
