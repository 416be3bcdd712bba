"""Measurements against their reference: a value beside the threshold, the expected amount or the
whole it is measured against, and claims that compare the two ("passes the threshold", "shorter
than expected", "all twelve frames are there", "every file was readable").

Such a claim names no number of its own, so the quantity check (``quantities.agrees``) cannot
answer it, and the word overlap of the clause check answers it wrongly: "passes the symmetry
threshold" shares every word with "symmetry 0.62 (threshold 0.90)". The answer is the comparison
of the two numbers the item gives. A reference field is also never the amount itself: "all twelve
frames" is not backed by ``frames_expected: 12`` beside ``frames_present: 11``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from harness.text.normal import ascii_fold, clean
from harness.text.roots import STOP_ROOTS, roots

#: What a comparison asks of the value against its reference.
Relation = Literal[">=", "<", ">", "=", "<=", "whole"]
Kind = Literal["threshold", "expected", "whole"]


@dataclass(frozen=True)
class Pair:
    """A measured value and the reference an item gives for it."""

    measure: frozenset[str]  # roots of what is measured ("symmetry", "fram", "duration")
    value: float
    reference: float
    kind: Kind
    text: str
    #: For a count of exceptions, the word that counts them ("unreadable").
    exception: str = ""


@dataclass(frozen=True)
class Comparison:
    """What a claim says of a value against its reference, before its own negation."""

    relation: Relation
    kind: Kind
    measure: frozenset[str]  # roots the claim names beside the comparison (may be empty)
    text: str
    #: Roots of the whole claim: what it says of the whole ("readable", "there").
    words: frozenset[str] = frozenset()


#: Field-name parts that make a number a reference for the others beside it.
_THRESHOLD_PARTS = frozenset({"threshold", "min", "minimum", "cutoff", "bar", "floor"})
_EXPECTED_PARTS = frozenset({"expected", "planned", "target", "intended", "spec"})
#: Parts that say which reading of a measure a field holds ("frames_present", "actual_sha").
_READING_PARTS = frozenset({"actual", "present", "measured", "found", "got", "observed", "done"})
#: Words that count the exceptions to a whole ("2 unreadable", "3 missing"): any one above zero
#: means not all of them.
_EXCEPTIONS = frozenset(
    {"missing", "unreadable", "corrupt", "corrupted", "broken", "failed", "lost", "absent",
     "unverified", "invalid", "rejected", "mismatched", "mismatch", "skipped", "unsigned",
     "unsealed", "damaged", "truncated", "errored", "dropped"}
)  # fmt: skip


def _parts(key: str) -> list[str]:
    return [p for p in re.split(r"[_\W]+", key.lower()) if p]


def _numeric(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _data_pairs(data: Mapping[str, Any]) -> Iterator[Pair]:
    numbers = {k: v for k, raw in data.items() if (v := _numeric(raw)) is not None}
    for key, ref in numbers.items():
        parts = _parts(key)
        if set(parts) & _THRESHOLD_PARTS:
            # a threshold measures every other number beside it that is no reference itself
            for other, value in numbers.items():
                other_parts = set(_parts(other))
                if other != key and not other_parts & (_THRESHOLD_PARTS | _EXPECTED_PARTS):
                    yield Pair(roots(" ".join(other_parts)), value, ref, "threshold",
                               f"{other} {value:g} against {key} {ref:g}")  # fmt: skip
        elif set(parts) & _EXPECTED_PARTS:
            base = [p for p in parts if p not in _EXPECTED_PARTS]
            for other, value in numbers.items():
                other_base = [p for p in _parts(other) if p not in _READING_PARTS]
                if other != key and other_base == base:
                    yield Pair(roots(" ".join(base)), value, ref, "expected",
                               f"{other} {value:g} against {key} {ref:g}")  # fmt: skip
        elif set(parts) & _EXCEPTIONS:
            # "unreadable: 2" beside "files: 40": 2 of the files are exceptions to the whole
            counted = {p for o in numbers if o != key for p in _parts(o)} - _EXCEPTIONS
            word = next(p for p in parts if p in _EXCEPTIONS)
            yield Pair(roots(" ".join([*parts, *counted])), 0.0, ref, "whole",
                       f"{key} {ref:g}", word)  # fmt: skip
    for value in data.values():
        if isinstance(value, Mapping):
            yield from _data_pairs(value)


_NUM = r"\d+(?:\.\d+)?"
#: "score 0.62 (threshold 0.90)", "0.62 against a threshold of 0.9"
_TEXT_THRESHOLD = re.compile(
    rf"(?P<what>[a-z][\w -]{{0,30}}?)\s*(?P<v>{_NUM})\s*[a-z%]*\s*(?:\(|,|;|against|vs\.?)?\s*"
    rf"(?:a |the )?(?:threshold|min(?:imum)?|cut-?off|bar)\s*(?:of|is|=|:)?\s*(?P<r>{_NUM})"
)
#: "11 of 12 frames written"
_TEXT_OF = re.compile(rf"\b(?P<v>{_NUM})\s+(?:of|out of|/)\s+(?P<r>{_NUM})\s+(?P<what>[a-z]+)")
#: "2 unreadable", "frame 07 missing": a count of exceptions (a bare id before the word counts 1)
_TEXT_EXCEPTION = re.compile(
    rf"\b(?P<v>{_NUM}|one|two|three|four|five)\s+(?:[a-z]+\s+)?(?P<what>"
    + "|".join(sorted(_EXCEPTIONS))
    + r")\b"
)
_SMALL = {"one": 1.0, "two": 2.0, "three": 3.0, "four": 4.0, "five": 5.0}


def _text_pairs(text: str) -> Iterator[Pair]:
    plain = ascii_fold(clean(text))
    for m in _TEXT_THRESHOLD.finditer(plain):
        yield Pair(roots(m.group("what")) - STOP_ROOTS, float(m.group("v")), float(m.group("r")),
                   "threshold", m.group())  # fmt: skip
    for m in _TEXT_OF.finditer(plain):
        yield Pair(roots(m.group("what")), float(m.group("v")), float(m.group("r")), "expected",
                   m.group())  # fmt: skip
    counted = roots(" ".join(re.findall(rf"\b{_NUM}\s+([a-z]+)", plain))) - STOP_ROOTS
    for m in _TEXT_EXCEPTION.finditer(plain):
        raw = m.group("v")
        # "0 corrupt" is a count too: the whole holds
        count = _SMALL[raw] if raw in _SMALL else float(raw)
        yield Pair(counted | roots(m.group("what")), 0.0, count, "whole", m.group(),
                   m.group("what"))  # fmt: skip


def pairs(text: str, data: Mapping[str, Any] | None) -> tuple[Pair, ...]:
    """Every measured value an item gives beside its reference, from its fields and its text."""
    return (*_data_pairs(data or {}), *_text_pairs(text))


#: A value said to meet a threshold, or to fall short of it.
_PASS = re.compile(
    r"\b(?:pass(?:es|ed)?|meets?|met|clears?|cleared|exceeds?|exceeded|reach(?:es|ed)?|"
    r"makes?|made|beats?|is (?:above|over)|above|over|within)\b(?:\s+(?:the|its|a)\b)?"
    r"(?P<what>(?:\s+[a-z-]+){0,3}?)\s+(?:threshold|bar|minimum|cut-?off)\b"
)
_FAIL = re.compile(
    r"\b(?:fails?|failed|miss(?:es|ed)?|falls? short of|fell short of|is (?:below|under)|"
    r"below|under)\b(?:\s+(?:the|its|a)\b)?(?P<what>(?:\s+[a-z-]+){0,3}?)\s+"
    r"(?:threshold|bar|minimum|cut-?off)\b"
)
_SMALLER = r"shorter|smaller|fewer|less|lower|lighter|narrower|quicker|faster|earlier"
_LARGER = r"longer|larger|bigger|more|higher|heavier|wider|slower|later|greater"
_EXPECTATION = r"(?:expected|planned|specified|intended|(?:the )?(?:target|spec|plan))"
_THAN = re.compile(rf"\b(?P<cmp>{_SMALLER}|{_LARGER})\s+than\s+{_EXPECTATION}\b")
_AS = re.compile(
    rf"\b(?:as|exactly as|just as)\s+{_EXPECTATION}\b|\bon (?:target|spec|plan)\b|"
    rf"\bmatch(?:es|ed)? (?:the )?{_EXPECTATION}\b"
)
#: "all twelve frames", "every file", "each of the tiles": a claim over the whole of something.
_WHOLE = re.compile(
    r"\b(?:all|every|each)\b(?:\s+of)?(?:\s+(?:the|its|their))?"
    r"(?:\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty))?"
    r"\s+(?P<what>[a-z-]+)"
)


@lru_cache(maxsize=4096)
def comparison(text: str) -> Comparison | None:
    """What a claim compares against a reference, if anything; its negation is the caller's."""
    plain = ascii_fold(clean(text))
    words = roots(plain)
    checks: tuple[tuple[re.Pattern[str], Relation], ...] = ((_PASS, ">="), (_FAIL, "<"))
    for pattern, relation in checks:
        m = pattern.search(plain)
        if m is not None:
            what = _measure(plain, m.group("what"))
            return Comparison(relation, "threshold", what, m.group(), words)
    m = _THAN.search(plain)
    if m is not None:
        smaller = re.fullmatch(_SMALLER, m.group("cmp")) is not None
        return Comparison("<" if smaller else ">", "expected", _measure(plain, ""), m.group(),
                          words)  # fmt: skip
    m = _AS.search(plain)
    if m is not None:
        return Comparison("=", "expected", _measure(plain, ""), m.group(), words)
    m = _WHOLE.search(plain)
    if m is not None:
        return Comparison("whole", "whole", roots(m.group("what")), m.group(), words)
    return None


#: What a claim over a whole may say of it that any exception counted denies ("all there").
_INTACT = roots("there present fine ok okay intact complete accounted good healthy clean whole "
                "sound valid")  # fmt: skip


def _denied_by(claim: Comparison, exception: str) -> bool:
    """Does a count of ``exception`` speak against what the claim says of the whole? "Every file
    was readable" against "2 unreadable", "all there" against "1 missing"; not "every file was
    uploaded" against "2 unreadable", which is another property."""
    positive = exception.removeprefix("un").removeprefix("mis")
    return bool(claim.words & (_INTACT | roots(exception) | roots(positive)))


def _measure(plain: str, what: str) -> frozenset[str]:
    return (roots(what) or roots(plain)) - STOP_ROOTS


def _holds(relation: Relation, pair: Pair) -> bool:
    value, ref = pair.value, pair.reference
    if pair.kind == "whole":
        return ref == 0  # no exception: the whole holds
    if relation == "whole":
        return abs(value - ref) < 1e-9
    return {
        ">=": value >= ref, "<": value < ref, ">": value > ref, "<=": value <= ref,
        "=": abs(value - ref) < 1e-9,
    }[relation]  # fmt: skip


def _fits(claim: Comparison, pair: Pair) -> bool:
    if claim.kind == "whole":
        if pair.kind == "whole" and not _denied_by(claim, pair.exception):
            return False
        return pair.kind in ("whole", "expected") and bool(claim.measure & pair.measure)
    if claim.kind != pair.kind:
        return False
    return not claim.measure or bool(claim.measure & pair.measure)


def compare(claim: Comparison, found: tuple[Pair, ...]) -> tuple[bool, Pair] | None:
    """(does the comparison hold, the pair that decides), or None when no pair measures what the
    claim compares. A claim naming no measure of a pair the item gives ("render-8840 is
    shorter than expected") is answered by the item's only pair of that kind."""
    fitting = [p for p in found if _fits(claim, p)]
    if not fitting and claim.kind != "whole":
        same_kind = [p for p in found if p.kind == claim.kind]
        fitting = same_kind if len(same_kind) == 1 else []
    if not fitting:
        return None
    # an exception counted decides over a complete-looking total ("40 files, 2 unreadable")
    fitting.sort(key=lambda p: p.kind != "whole")
    pair = fitting[0]
    return _holds(claim.relation, pair), pair
