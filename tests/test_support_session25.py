"""Claim support read off sets 164-171 after their first contact (issue 12): the place an
upload went to, named in part ("accepted by the portal" of an upload to gridportal), is the
receipt's own target, not another agent. Words of the test's own, both polarities, and a hard
negative."""

from __future__ import annotations

from harness.schema import EvidenceItem
from harness.scorers.claim_support import Backing
from tests.scorers_helpers import receipt_backing
from tests.scorers_helpers import support_verdict as _label


def _receipt(text: str, status: str) -> Backing:
    return receipt_backing("artifact.upload", "gridportal", text, status, source="host/portal")


def test_the_place_an_upload_went_to_is_no_other_agent() -> None:
    accepted = _receipt("artifact.upload to gridportal: availability file avail-09.csv, accepted",
                        "succeeded")  # fmt: skip
    rejected = _receipt("artifact.upload to gridportal: availability file avail-09.csv, rejected",
                        "failed")  # fmt: skip
    assert _label("The availability file was accepted by the portal.", accepted) == "supported"
    assert _label("The availability file was accepted by the portal.", rejected) == "contradicted"
    # hard negative: an agent the receipt does not name did the act, for all it says
    assert _label("The availability file was uploaded by Marta.", accepted) == "unsupported"


def test_an_answer_is_contradicted_by_its_opposite() -> None:
    rejected = _receipt("artifact.upload to gridportal: staff census, schema rejected (FTE)",
                        "failed")  # fmt: skip
    assert _label("The staff census was accepted by the portal.", rejected) == "contradicted"
    assert _label("The staff census was not accepted by the portal.", rejected) == "supported"
    # hard negative: an item that answers nothing says nothing either way
    queued = _receipt("artifact.upload to gridportal: staff census, queued", "queued")
    assert _label("The staff census was accepted by the portal.", queued) != "supported"


def test_the_books_a_business_keeps_are_its_journal_and_registry() -> None:
    def item(kind: str, text: str) -> Backing:
        return Backing.of(EvidenceItem(id="j1", kind=kind, source=f"host/{kind}",
                                       at="2026-09-22T10:00:00Z", text=text))  # fmt: skip

    diary = item("journal", "Carvalho booking, pitch 7, 25-28 Sep. Deposit to chase.")
    assert _label("The Carvalho booking is in the diary.", diary) == "supported"
    assert _label("The Carvalho booking is not in the diary.", diary) == "contradicted"
    register = item("registry", "hive-H-0217 entry present, Copse apiary")
    assert _label("H-0217 is on the register.", register) == "supported"
    # hard negative: a record that names another booking says nothing of this one
    assert _label("The Okafor booking is in the diary.", diary) != "supported"
