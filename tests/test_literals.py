"""Literal gates (``harness.text.literals``): a gate may only ever skip a pattern that cannot
match, so every match found in real prose must meet its pattern's gate."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness.scorers.completion import lexicon as lx
from harness.scorers.completion import shapes
from harness.text import stance
from harness.text.literals import Gates, Literals, Rewrites, gate, may_match
from harness.text.normal import clean

RECORDINGS = Path(__file__).resolve().parents[1] / "recordings"


@cache
def _prose() -> tuple[str, ...]:
    """Lower-cased sentences of the shipped packages' items and one model's recorded outputs."""
    texts: set[str] = set()
    paths = [*sorted((RECORDINGS / "sophobot").rglob("*.jsonl"))[:6],
             *sorted((RECORDINGS / "outputs" / "reference-careful").rglob("*.jsonl"))[:3]]  # fmt: skip
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines()[:80]:
            texts.update(_strings(json.loads(line)))
    out = {clean(part) for t in texts for part in re.split(r"(?<=[.;!?])\s+|\n+", t) if part}
    return tuple(sorted(out))


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value] if " " in value else []
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_gates_read_off_the_pattern() -> None:
    assert gate(re.compile(r"\b(?:re-?sent|sent|emailed)\b")) == {"sent", "emailed"}
    assert gate(re.compile(r"\b(?:paid|paid out|payed)\b")) == {"paid", "paid out", "payed"}
    assert gate(re.compile(r"x+y")) == {"x"}
    assert gate(re.compile(r"ab?c")) in ({"a"}, {"c"})
    # nothing fixed to look for, or case ignored: always run
    assert gate(re.compile(r"\w+")) is None
    assert gate(re.compile(r"(?:foo|\d+)")) is None
    assert gate(re.compile(r"a?b?")) is None
    assert gate(re.compile(r"sent", re.IGNORECASE)) is None
    assert gate(re.compile(r"(?i:sent) mail")) == {" mail"}


def test_a_text_without_the_gate_is_skipped() -> None:
    sent = gate(re.compile(r"\b(?:re-?sent|sent)\b"))
    assert may_match(sent, "i resent it") and not may_match(sent, "i mailed it")
    assert may_match(None, "anything")


@pytest.mark.parametrize(
    "patterns",
    [
        [t.pattern for t in lx.TRIGGERS],
        [lx.NEGATION, lx.MODAL, lx.ATTRIBUTION, lx.VERIFY, lx.FLAGGED, lx.MIXED, lx.EMPHATIC],
        [p for p, _ in (*stance._IDIOMS, *stance._ANTONYMS)]
        + [stance._DONE, stance._UNDONE, stance._EVENTS, stance._ATTRIBUTIVE, stance._UN_WORD],
        list(shapes._GATES.patterns),
    ],
    ids=["triggers", "mood", "stance", "shapes"],
)
def test_every_match_in_real_prose_meets_its_gate(patterns: list[re.Pattern[str]]) -> None:
    texts = _prose()
    assert len(texts) > 500
    for pattern in patterns:
        need = gate(pattern)
        for text in texts:
            if pattern.search(text):
                assert may_match(need, text), (pattern.pattern, text)


def test_literals_present_are_the_words_the_text_holds() -> None:
    words = sorted({w for t in lx.TRIGGERS for w in t.needs} | {"sent", "sen", "s", "ent"})
    found = Literals(words)
    for text in [*_prose(), "resent", "sen", "", "a\u2713b"]:
        assert found.present(text) == {w for w in words if w in text}, text


def test_rewrites_are_the_substitutions_in_order() -> None:
    steps = [
        (re.compile(r"\bno longer\b"), "not"),
        (re.compile(r"\bnot (\w+)"), r"never \1"),  # needs what the first one wrote
        (re.compile(r"\bnever never\b"), "ever"),
        (re.compile(r"(\d+)"), lambda m: str(int(m.group(1)) * 2)),  # no gate: always run
    ]
    rewrite = Rewrites(steps)
    for text in [*_prose()[:400], "it is no longer sent", "not not 12", "never never"]:
        expected = text
        for pattern, replacement in steps:
            expected = pattern.sub(replacement, expected)
        assert rewrite(text) == expected


def test_gates_name_the_patterns_that_may_match() -> None:
    sent, mailed, word = re.compile(r"\bsent\b"), re.compile(r"mailed"), re.compile(r"\w+")
    gates = Gates((sent, mailed, word))
    assert gates.possible("it was sent") == {sent, word}
    assert gates.possible("emailed") == {mailed, word}
    assert gates.possible("") == {word}


_GATED = [
    p
    for p in (
        *(t.pattern for t in lx.TRIGGERS),
        *shapes._GATES.patterns,
        *(p for p, _ in stance._REWRITES.steps),
    )
    if gate(p) is not None
]


@pytest.mark.parametrize("pattern", _GATED, ids=lambda p: p.pattern[:40])
@settings(max_examples=10, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_text_made_to_match_a_gated_pattern_meets_its_gate(
    pattern: re.Pattern[str], data: st.DataObject
) -> None:
    # Real prose holds no match for a pattern added after it was written; text generated from
    # the pattern itself does, so a gate too strict for a new pattern fails here first.
    text = data.draw(st.from_regex(pattern))
    if pattern.search(text):
        assert may_match(gate(pattern), text), (pattern.pattern, text)
