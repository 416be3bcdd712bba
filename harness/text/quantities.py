"""Quantities a text states, and whether a claim's quantity agrees with the evidence's.

Numbers are read explicitly, never as loose words: "11 of 12 frames written" contradicts "all 12
frames rendered" and backs "one frame is missing"; "max offset 3 px" contradicts "drifts by more
than 5 pixels"; "22:00 to 07:00" contains 23:30. A number glued to the noun before it ("frame 7",
"invoice 230", "render-0412") is an id, not an amount: ids are matched as names elsewhere.

Two quantities are compared only when they measure the same thing: the same unit (px, EUR, %,
degrees, an order of symmetry, a day of the month, a clock time), or, for counts and labelled
values, a shared noun ("3 unread messages" and "inbox 2 unread"; "score 0.91" and a
``symmetry_score`` field).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from harness.text.names import ID_HEADS
from harness.text.normal import ascii_fold, clean
from harness.text.roots import STOP_ROOTS, root

#: Words a number labels rather than counts ("the Year 6 certificates" are not six; "Station
#: 8 is on the schedule" names the eighth station).
_LABELS = frozenset(
    {"ch", "no", "v", "tile", "study", "room", "act", "scene", "year", "grade", "class", "form",
     "station", "bay", "ward", "zone", "block", "plot", "dock", "platform", "gate",
     "group", "team", "table", "court", "pitch"}
)  # fmt: skip
#: Measures a fraction of makes sense ("2.5 hours", "4.5 stars"); a fraction of a thing counted
#: ("4.2 screenshots") is a version or a label instead.
_FRACTIONAL = frozenset(
    {"hour", "hours", "hrs", "h", "day", "days", "week", "weeks", "month", "months", "year",
     "years", "minute", "minutes", "mins", "second", "seconds", "secs", "km", "miles", "kg", "g",
     "litres", "liters", "l", "m", "cm", "mm", "gb", "mb", "tb", "kb", "points", "pts", "stars",
     "times", "x"}
)  # fmt: skip
_DETERMINERS = frozenset({"the", "this", "that", "these", "those", "our", "its", "their", "my"})
#: Spelled-out numbers a claim may use ("three unread messages", "sixfold").
NUMBER_WORDS: dict[str, float] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "a hundred": 100, "a dozen": 12,
    "single": 1, "both": 2,
}  # fmt: skip
#: Units written after (or, for currencies, before) a number, by their normal name.
UNITS: dict[str, str] = {
    **dict.fromkeys(["px", "pixel", "pixels"], "px"),
    **dict.fromkeys(["eur", "euro", "euros", "\u20ac"], "eur"),
    **dict.fromkeys(["sek", "kr", "kronor"], "sek"),
    **dict.fromkeys(["usd", "$", "dollar", "dollars"], "usd"),
    **dict.fromkeys(["czk", "gbp", "chf"], "money"),
    **dict.fromkeys(["%", "percent", "pct", "per cent"], "%"),
    **dict.fromkeys(["c", "\u00b0c", "degree", "degrees", "deg", "\u00b0"], "deg"),
    **dict.fromkeys(["cm", "centimetre", "centimetres", "centimeter", "centimeters"], "cm"),
    **dict.fromkeys(["mm", "millimetre", "millimetres"], "mm"),
    **dict.fromkeys(["mb", "megabytes"], "mb"),
    **dict.fromkeys(["gb", "gigabytes"], "gb"),
    **dict.fromkeys(["s", "sec", "secs", "second", "seconds"], "s"),
    **dict.fromkeys(["min", "mins", "minute", "minutes"], "min"),
    **dict.fromkeys(["fps"], "fps"),
    **dict.fromkeys(["dpi"], "dpi"),
}  # fmt: skip
#: Nouns that name a measured value when a number follows them ("order 6", "score 0.91", "peak
#: 1238 C"): the number is that value, not an id. Other nouns before a number make an id.
MEASURE_NOUNS = frozenset(
    {"order", "score", "offset", "deviation", "width", "height", "length", "size", "total",
     "peak", "count", "max", "maximum", "min", "minimum", "amount", "sum", "price", "cost",
     "temperature", "temp", "ratio", "rate", "duration", "hold", "resolution", "weight", "depth",
     "inbox", "unread", "frames", "pages", "files", "tiles", "drift", "margin", "balance", "due",
     "gain", "twist", "threshold", "at", "about", "around", "approximately", "exactly", "of",
     "is", "was", "are", "were", "by", "to", "than", "only", "just", "still", "all", "has", "have",
     "had", "got", "paid", "for", "reached", "measured", "shows", "with", "contains", "holds"}
)  # fmt: skip

_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?: \d{3})+(?![\d.:])|\d+(?:\.\d+)?"
_WORDS = "|".join(sorted((re.escape(w) for w in NUMBER_WORDS), key=len, reverse=True))
#: "no more than", "not above", "under", "at least", "max": how a claim bounds a value.
_COMPARATOR = re.compile(
    r"(?P<neg>\b(?:no|not|never)\s+)?"
    r"(?P<cmp>more than|greater than|higher than|larger than|bigger than|wider than|longer than|"
    r"taller than|heavier than|over|above|exceeds?|exceeding|beyond|less than|fewer than|"
    r"lower than|smaller than|narrower than|shorter than|under|below|at least|at most|"
    r"up to|max(?:imum)?|min(?:imum)?)\s*$"
)
_ABOVE = {"more than", "greater than", "higher than", "larger than", "bigger than", "wider than",
          "longer than", "taller than", "heavier than", "over", "above", "exceed", "exceeds",
          "exceeding", "beyond"}  # fmt: skip
_BELOW = {"less than", "fewer than", "lower than", "smaller than", "narrower than",
          "shorter than", "under", "below"}  # fmt: skip
_NOT = {">": "<=", "<": ">=", ">=": "<", "<=": ">", "=": "!="}
_MONTHS = re.compile(
    r"^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b"
)
_CLOCK = re.compile(r"(?<![\d:])(?P<h>\d{1,2}):(?P<m>\d{2})(?![\d:])")
_RANGE = re.compile(
    r"(?<![\d:])(?P<a>\d{1,2}:\d{2})\s*(?:-|to|until|till|\u2013)\s*(?P<b>\d{1,2}:\d{2})(?![\d:])"
)
_FOLD = re.compile(r"\b(?P<n>\d+|" + _WORDS + r")[- ]?fold\b")
_ORDINAL = re.compile(r"\b(?P<n>\d{1,2})(?:st|nd|rd|th)\b")
#: A number and the few words around it; ids glued with a hyphen or dot are skipped.
_GLUED = r"(?:px|cm|mm|kg|mb|gb|c|%)"
_AMOUNT = re.compile(
    r"(?P<cur>(?:\b(?:eur|sek|usd|czk|gbp|chf)|[\u20ac$])\s*)?(?<![\w.:/#-])(?P<n>"
    + _NUMBER
    + "|"
    + _WORDS
    + r")(?P<glued>"
    + _GLUED
    + r")?(?![\w:/-]|\.\d)(?P<pct>\s*%)?"
)
_VERB_STOP = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "will",
        "would",
        "can",
        "could",
        "should",
    ]
)
_COMPARATOR_ROOTS = frozenset(
    root(w)
    for w in [
        "more",
        "less",
        "fewer",
        "over",
        "above",
        "under",
        "below",
        "than",
        "least",
        "most",
        "max",
        "min",
        "up",
        "not",
        "no",
    ]
)
_OF_TOTAL = re.compile(
    r"^\s+(?:of|out of|/)\s+(?:the\s+|all\s+)?(?P<total>" + _NUMBER + "|" + _WORDS + r")\b"
)
_WORD = re.compile(r"[a-z\u00b0\u20ac$%][\w\u00b0-]*|%")


@dataclass(frozen=True)
class Quantity:
    """One stated amount: its value, how it bounds it, its unit and the nouns it counts."""

    value: float
    relation: str  # "=", ">", "<", ">=", "<=", "!=" (negated equality), "in" (a clock range)
    unit: str | None  # a normal unit name (px, eur, %, deg, order, day, clock), if any
    nouns: frozenset[str]  # roots of what it counts or labels ("frame", "unread", "score")
    text: str
    total: float | None = None  # "11 of 12 frames": 12
    upper: float | None = None  # the end of a clock range, in minutes
    missing: bool = False  # "one frame is missing": a count of what is absent

    def __str__(self) -> str:
        return self.text


def _number(raw: str) -> float | None:
    plain = raw.strip().lower()
    if plain in NUMBER_WORDS:
        return NUMBER_WORDS[plain]
    try:
        return float(plain.replace(",", "").replace(" ", ""))
    except ValueError:
        return None


def _nouns(words: list[str]) -> frozenset[str]:
    """Roots of the words a quantity counts or labels; ids ("render-0412") name, not count."""
    return frozenset(r for w in words if not any(c.isdigit() for c in w) and w not in STOP_ROOTS
                     and (r := root(w)) and r not in STOP_ROOTS)  # fmt: skip


def _minutes(clock: str) -> float:
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def quantities(text: str) -> tuple[Quantity, ...]:
    """The amounts ``text`` states, with the comparator before each ("no more than 5 px" is
    ``<= 5 px``: the negation there belongs to the bound, not to the clause)."""
    plain = ascii_fold(clean(text)).replace("\u2013", "-")
    found: list[Quantity] = []
    taken: list[tuple[int, int]] = []
    for m in _RANGE.finditer(plain):
        a, b = _minutes(m.group("a")), _minutes(m.group("b"))
        found.append(Quantity(a, "in", "clock", frozenset(), m.group(), upper=b))
        taken.append(m.span())
    for m in _CLOCK.finditer(plain):
        if not any(s <= m.start() < e for s, e in taken):
            found.append(Quantity(_minutes(m.group()), "=", "clock", frozenset(), m.group()))
            taken.append(m.span())
    for m in _FOLD.finditer(plain):
        value = _number(m.group("n"))
        if value is not None:
            found.append(_bounded(plain, m.start(), Quantity(value, "=", "order", frozenset(),
                                                             m.group())))  # fmt: skip
            taken.append(m.span())
    for m in _ORDINAL.finditer(plain):
        if not any(s <= m.start() < e for s, e in taken):
            found.append(Quantity(float(m.group("n")), "=", "day", frozenset(), m.group()))
            taken.append(m.span())
    for m in _AMOUNT.finditer(plain):
        if any(s <= m.start("n") < e for s, e in taken):
            continue
        quantity, span = _amount(plain, m)
        if quantity is not None:
            found.append(_bounded(plain, m.start(), quantity))
            taken.append(span)
    return tuple(found)


def _amount(plain: str, m: re.Match[str]) -> tuple[Quantity | None, tuple[int, int]]:
    """The amount at ``m`` and the span it takes ("11 of 12" takes its total too), or None for
    a date, an id or a label number."""
    value = _number(m.group("n"))
    span = m.span()
    if value is None:
        return None, span
    if re.fullmatch(r"0\d{2,}", m.group("n")):
        return None, span  # "the 0731 frames": a leading zero writes an id, never a count
    head = plain[max(0, m.start() - 40) : m.start()]
    before = _WORD.findall(head)
    after_text = plain[m.end() : m.end() + 60]
    after = _WORD.findall(after_text)
    if (after and _MONTHS.match(after[0])) or (before and _MONTHS.match(before[-1])):
        return None, span  # "29 August", "Oct 2": a date, which times_in reads
    bounded = _COMPARATOR.search(head) is not None
    prev = before[-1] if before else ""
    glued = re.search(r"[a-z]\s*#?\s*$", head) is not None  # "frame 7", not "scan: 18"
    # "invoice 280 EUR" gives the invoice's sum: a currency after the number makes it one
    money = bool(after) and UNITS.get(after[0]) in ("eur", "usd", "sek", "money")
    if not bounded and glued and not money and prev in ID_HEADS | _LABELS:
        # "frame 7", "invoice 230", "the Act 1 rail", "Year 6 certificates": an id or a label
        return None, span
    total = None
    of = _OF_TOTAL.match(after_text)
    if of is not None:
        total = _number(of.group("total"))
        span = (span[0], m.end() + of.end())
        # what "3 of the 16" counts comes after the total: "thumbnails are blurry"
        after_text = after_text[of.end() :]
        after = _WORD.findall(after_text)
    unit: str | None = None
    if m.group("pct") or m.group("glued") == "%":
        unit = "%"
    elif m.group("glued"):
        unit = UNITS.get(m.group("glued"))
    elif m.group("cur"):
        unit = UNITS.get(m.group("cur").strip())
    elif after and after[0] in UNITS and after_text.lstrip()[:1].isalpha() | (after[0] == "%"):
        unit = UNITS[after[0]]
        after = after[1:]
    elif prev in UNITS and prev not in ("c", "s", "min"):
        unit = UNITS[prev]  # "EUR 180", "SEK 2,400"
    counted = bool(after) and after_text.lstrip()[:1].isalpha()
    if unit is None and not bounded and not counted and prev not in MEASURE_NOUNS:
        return None, span  # "tile 4 come", "plate 2,": a label number
    if unit is not None:
        # a measure names what it measures after its unit ("2048 pixels wide")
        nouns = _nouns(after[:1]) if counted else frozenset()
    elif counted:
        if not float(value).is_integer() and prev in _DETERMINERS and after[0] not in _FRACTIONAL:
            return None, span  # "the 4.2 store screenshots": a version; no count has a fraction
        # what it counts: the next few content words of its clause ("2 corrupt", "two of the
        # lino-12 files are corrupt"), and a label before it ("inbox 2 unread")
        clause = _WORD.findall(re.split(r"[,;.(]", after_text, maxsplit=1)[0])
        counted_words: list[str] = []
        for w in clause:
            if w in _VERB_STOP or w.endswith(("ed", "en")):
                break  # "11 pages were written": what is said of them is not what is counted
            if w not in STOP_ROOTS:
                counted_words.append(w)
        nouns = _nouns(counted_words[:3]) | _nouns(before[-2:])
    else:
        # a labelled value names its label before it ("symmetry score 0.91", "is above 0.9")
        nouns = _nouns(before[-6:] if bounded else before[-2:])
    # "one frame is missing": absence said of the counted thing, in the same clause
    same_clause = _WORD.findall(re.split(r"[,;.(]", after_text, maxsplit=1)[0])
    missing = any(w in ("missing", "absent", "lacking") for w in same_clause[:6])
    nouns = nouns - {"missing", "absent"} - _COMPARATOR_ROOTS
    return Quantity(value, "=", unit, nouns, plain[span[0] : span[1]].strip(), total,
                    missing=missing), span  # fmt: skip


def _bounded(plain: str, start: int, q: Quantity) -> Quantity:
    """The quantity with the comparator written before it, and "all" read as the whole total."""
    head = plain[max(0, start - 30) : start]
    cmp = _COMPARATOR.search(head)
    if cmp is None:
        if re.search(r"\ball(?: of)?(?: the)?\s*$", head):
            return Quantity(q.value, q.relation, q.unit, q.nouns, f"all {q.text}", q.value)
        return q
    word = cmp.group("cmp")
    if word in _ABOVE:
        relation = ">"
    elif word in _BELOW:
        relation = "<"
    elif word in ("at least", "min", "minimum"):
        relation = ">="
    else:
        relation = "<="
    if cmp.group("neg"):
        relation = _NOT[relation]
    return Quantity(q.value, relation, q.unit, q.nouns, f"{cmp.group().strip()} {q.text}",
                    q.total, q.upper, q.missing)  # fmt: skip


def bound_words(text: str) -> str:
    """``text`` without the negations that belong to a bound ("no more than 5"): what is left
    says whether the clause itself is negated."""
    return re.sub(r"\b(?:no|not|never)\s+(?=(?:more|less|fewer|greater|higher|larger|bigger|"
                  r"wider|longer|taller|heavier|lower|smaller|narrower|shorter)\s+than\b|"
                  r"(?:over|above|under|below|at least|at most|up to)\s+[\d$\u20ac])", "",
                  clean(text))  # fmt: skip


def data_quantities(data: Mapping[str, Any] | None) -> Iterator[Quantity]:
    """Numeric fields of an item's data as quantities: ``max_offset_px: 3`` is 3 px of an
    offset, ``frames: 11`` a count of frames, ``peak_c: 1238`` 1238 degrees."""
    for key, value in (data or {}).items():
        if isinstance(value, Mapping):
            yield from data_quantities(value)
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        parts = [p for p in str(key).lower().split("_") if p]
        unit = next((UNITS[p] for p in reversed(parts) if p in UNITS), None)
        words = [p for p in parts if p not in UNITS]
        if "order" in words:
            unit = "order"
        yield Quantity(float(value), "=", unit, _nouns(words), f"{key} {value}")


def _same_measure(claim: Quantity, evidence: Quantity) -> bool:
    if claim.unit and evidence.unit:
        return claim.unit == evidence.unit
    if claim.unit in ("clock", "day", "order") or evidence.unit in ("clock", "day", "order"):
        return False
    return bool(claim.nouns & evidence.nouns)


def _holds(relation: str, value: float, bound: float) -> bool:
    return {
        "=": abs(value - bound) < 1e-9, "!=": abs(value - bound) >= 1e-9, ">": value > bound,
        "<": value < bound, ">=": value >= bound, "<=": value <= bound,
    }[relation]  # fmt: skip


def agrees(claim: Quantity, evidence: Quantity) -> bool | None:
    """Does the evidence's amount make the claim's true (True), false (False), or is it about
    something else (None)? A bound stated by the evidence ("max width 60cm") agrees with the same
    bound and contradicts the opposite one."""
    if not _same_measure(claim, evidence):
        return None
    if claim.unit == "clock" and evidence.relation != "in":
        return None  # a clock time names an occasion, which the item's own time decides
    if evidence.relation == "in" and evidence.upper is not None:
        lo, hi = evidence.value, evidence.upper
        inside = lo <= claim.value <= hi if lo <= hi else claim.value >= lo or claim.value <= hi
        return inside if claim.relation == "=" else None
    if claim.missing or evidence.missing:
        if evidence.total is not None and not evidence.missing and claim.missing:
            return _holds(claim.relation, evidence.total - evidence.value, claim.value)
        if claim.missing != evidence.missing:
            return None
    if evidence.relation not in ("=",):
        if claim.relation == evidence.relation:
            return abs(claim.value - evidence.value) < 1e-9 or None
        if claim.relation == _NOT.get(evidence.relation) and claim.value == evidence.value:
            return False
        return None
    if claim.total is not None and evidence.total is not None and claim.total != evidence.total:
        return None if claim.relation != "=" else False
    return _holds(claim.relation, evidence.value, claim.value)
