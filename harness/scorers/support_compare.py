"""A clause that compares a measurement with its reference, answered by the numbers an item gives.

"mosaic-14 passes the symmetry threshold", "render-8840 is shorter than expected", "all twelve
frames are there", "not every file was readable": the clause names no number of its own, so it is
answered before linking by word overlap, which would read "threshold" in the item as agreement.
Only items that carry every id the clause names answer it, so another render's figures never do.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.scorers.claim_support import Backing
from harness.scorers.support_claim import ClaimReading
from harness.scorers.support_link import carries
from harness.text.normal import ascii_fold, clean
from harness.text.references import compare, comparison, pairs

Label = tuple[str, str]


def compared_label(reading: ClaimReading, pool: Sequence[Backing]) -> Label | None:
    """(supported | contradicted, why) when the clause compares a value with its reference and a
    cited item gives both; None otherwise."""
    claim = comparison(reading.text)
    if claim is None:
        return bound_label(reading, pool)
    ids = reading.id_names
    for b in pool:
        if b.item.kind == "receipt" or not all(carries(n, b) for n in ids):
            continue
        found = compare(claim, pairs(b.item.text, b.item.data))
        if found is None:
            continue
        holds, pair = found
        # the clause's own negation ("not every frame was written") turns what it asserts round
        asserted = not reading.negated
        verdict = "supported" if holds == asserted else "contradicted"
        how = "holds" if holds else "does not hold"
        return verdict, (f"{b.item.id} gives {pair.text!r}: {claim.text!r} {how}"
                         f"{', as the claim says' if verdict == 'supported' else ''}")  # fmt: skip
    return None


#: A bound a clause sets a named score against ("scored above 0.9", "did not reach 0.8").
_BOUND = re.compile(
    r"\b(above|over|more than|higher than|greater than|exceed(?:s|ed)?|below|under|less than|"
    r"lower than|at least|at most|reach(?:es|ed)?|hit|hits)\s+(\d+(?:\.\d+)?)(?![\w.-])"
)
#: A named score in an item's text ("8-fold 0.94", "contrast: 0.41").
_SCORE = re.compile(r"(?<![\w-])([a-z][\w-]*|\d+-[a-z]+)\s*[:=]?\s+(\d+(?:\.\d+)?)(?![\w-])")


_NOT = re.compile(r"\b(?:not|never)\b|n't\b|\bfail(?:s|ed)? to\b")


def _holds(word: str, value: float, bound: float) -> bool:
    if word.startswith(("above", "over", "more", "higher", "greater", "exceed")):
        return value > bound
    if word.startswith(("below", "under", "less", "lower")):
        return value < bound
    if word == "at most":
        return value <= bound
    return value >= bound  # at least, reached, hit


def bound_label(reading: ClaimReading, pool: Sequence[Backing]) -> Label | None:
    """A named score against a bound the clause sets ("12-fold scored above 0.9"): the item
    that gives that score by its name ("12-fold 0.66") answers, the clause's negation turned
    round. Why: the name holds a number of its own ("12"), which the amounts compared would
    otherwise read as the clause's figure."""
    plain = clean(ascii_fold(reading.text))
    bound = _BOUND.search(plain)
    if bound is None:
        return None
    # read here, not from the stance, which takes "not under" for a phrase that negates nothing
    negated = bool(_NOT.search(plain))
    words = set(re.findall(r"[\w-]+", plain[: bound.start()] + " " + plain[bound.end() :]))
    ids = reading.id_names
    for b in pool:
        if b.item.kind == "receipt" or not all(carries(n, b) for n in ids):
            continue
        for name, value in _SCORE.findall(clean(ascii_fold(b.item.text))):
            if name in words and name not in {n.literal for n in ids}:
                holds = _holds(bound.group(1), float(value), float(bound.group(2)))
                verdict = "supported" if holds != negated else "contradicted"
                how = "holds" if holds else "does not hold"
                return verdict, f"{b.item.id} gives {name} {value}: {bound.group(0)!r} {how}"
    return None
