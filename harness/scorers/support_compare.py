"""A clause that compares a measurement with its reference, answered by the numbers an item gives.

"mosaic-14 passes the symmetry threshold", "render-8840 is shorter than expected", "all twelve
frames are there", "not every file was readable": the clause names no number of its own, so it is
answered before linking by word overlap, which would read "threshold" in the item as agreement.
Only items that carry every id the clause names answer it, so another render's figures never do.
"""

from __future__ import annotations

from collections.abc import Sequence

from harness.scorers.claim_support import Backing
from harness.scorers.support_claim import ClaimReading
from harness.scorers.support_link import carries
from harness.text.references import compare, comparison, pairs

Label = tuple[str, str]


def compared_label(reading: ClaimReading, pool: Sequence[Backing]) -> Label | None:
    """(supported | contradicted, why) when the clause compares a value with its reference and a
    cited item gives both; None otherwise."""
    claim = comparison(reading.text)
    if claim is None:
        return None
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
