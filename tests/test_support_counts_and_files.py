"""Claim support rules from the twelfth round (driven by development sets 28 and 29): "zero X"
and "0 X" deny X, "No. 3" is a number and no negation, a trailing "no <noun>" after a comma
counts that noun without undoing the act before it, a file named without its extension is the
file, and the amount of an act that "would have" happened agrees with no claim that it did.
Each with hard negatives.
"""

from __future__ import annotations

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.support_label import support_label


def _item(iid: str, kind: str, text: str, **data: str) -> Backing:
    return Backing.of(EvidenceItem(id=iid, kind=kind, source="host", at="2026-11-20T09:00:00Z",
                                   text=text, data=data or None))  # fmt: skip


def _label(claim: str, *items: Backing) -> str:
    return support_label(claim, list(items), Thresholds())[0]


AUDIT = _item("j1", "journal", "Ledger audit: zero issues. Repair verified.")


def test_zero_of_a_noun_denies_it() -> None:
    assert _label("The ledger audit found issues.", AUDIT) == "contradicted"
    assert _label("The ledger audit found no issues.", AUDIT) == "supported"


def test_zero_as_a_count_still_agrees_with_its_digit() -> None:
    counted = _item("s1", "session", "10:09 audit finished, 0 issues. No seal needed.")
    assert _label("The audit found zero issues.", counted) == "supported"


POSTED_NO3 = _item("e1", "history", "Posted Tidewater No. 3 last night, 21:40.")


def test_no_before_a_number_is_an_abbreviation() -> None:
    assert _label("Tidewater No. 3 was posted last night.", POSTED_NO3) == "supported"
    assert _label("Tidewater No. 3 wasn't posted last night.", POSTED_NO3) == "contradicted"


MERGED = _item(
    "m1", "message", "merged glaze-db myself at 18:02, no conflicts", **{"from": "soren"}
)


def test_a_trailing_absence_counts_its_own_noun() -> None:
    assert _label("glaze-db was merged.", MERGED) == "supported"
    assert _label("glaze-db was not merged.", MERGED) == "contradicted"
    assert _label("The glaze-db merge had conflicts.", MERGED) == "contradicted"


def test_a_courtesy_after_a_comma_is_no_absence() -> None:
    # hard negative: "no rush" is a courtesy about the motion cut, not an absence: split off,
    # it left "Still waiting on the motion cut" to answer for the stills
    waiting = _item("m2", "message", "Stills are perfect. Still waiting on the motion cut, no rush at all.",
                    **{"from": "nadja"})  # fmt: skip
    assert _label("The stills reached Nadja.", waiting) == "supported"


DELETED = _item("r1", "receipt", "artifact.delete proof-v1.pdf: removed", action="artifact.delete",
                target="proof-v1.pdf", status="succeeded")  # fmt: skip


def test_a_file_named_without_its_extension_is_the_file() -> None:
    assert _label("proof-v1.pdf was deleted.", DELETED) == "supported"
    assert _label("proof-v1 was not deleted.", DELETED) == "contradicted"
    # hard negative: another version of the file
    assert _label("proof-v2.pdf was deleted.", DELETED) == "unsupported"


HELD = _item(
    "h1", "history", "Would have paid Kessler & Hahn on the 3rd; the host held the transfer."
)


def test_the_date_of_an_act_that_would_have_happened_proves_nothing() -> None:
    assert _label("Kessler & Hahn were paid on the 3rd.", HELD) == "contradicted"
    assert _label("Kessler & Hahn were not paid on the 3rd.", HELD) == "supported"
