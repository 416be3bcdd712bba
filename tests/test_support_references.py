"""Claim support, second round of causes: measurements against their reference (thresholds,
expectations, a whole and its exceptions), negation kept to its own conjunct, a dating heading,
an empty list, possession by a person, and words of matching and handling.

Each case is written for the rule it names, in words of its own, with its hard negatives: the
claim negated, another item's figures, another property of the whole, another person.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.support_label import support_label
from harness.text.references import compare, comparison, pairs
from harness.text.roots import root


def _item(iid: str, kind: str, text: str, **data: Any) -> Backing:
    return Backing.of(
        EvidenceItem(
            id=iid,
            kind=kind,
            source="host",
            at="2026-11-03T09:00:00Z",
            text=text,
            data=data or None,
        )
    )


def _label(claim: str, *items: Backing) -> str:
    got, why = support_label(claim, list(items), Thresholds())
    return f"{got}: {why}"


GLAZE = _item("a1", "artifact", "glaze test tile-31: gloss 0.48 (threshold 0.70)",
              path="tests/tile-31.json", measurements={"gloss": 0.48, "threshold": 0.7})  # fmt: skip
GLAZE_OK = _item("a2", "artifact", "glaze test tile-32: gloss 0.81 (threshold 0.70)",
                 path="tests/tile-32.json", measurements={"gloss": 0.81, "threshold": 0.7})  # fmt: skip
CLIP = _item("a3", "artifact", "clip-0219.mov probe: 95.0 s, prores",
             path="clips/clip-0219.mov",
             measurements={"duration_s": 95.0, "expected_duration_s": 120.0})  # fmt: skip
PAGES = _item("a4", "artifact", "zine-8 export: 22 of 24 pages written; page 13 missing",
              path="exports/zine-8/", measurements={"pages_expected": 24, "pages_present": 22})  # fmt: skip
SCANS = _item("a5", "artifact", "box-5 scans: 60 files, 57 checked, 3 corrupt",
              path="scans/box-5/", measurements={"files": 60, "checked": 57, "corrupt": 3})  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "item", "want"),
    [
        # a threshold: the value beside it decides, not the word "threshold" both use
        ("tile-31 passes the gloss threshold.", GLAZE, "contradicted"),
        ("tile-31 does not pass the gloss threshold.", GLAZE, "supported"),
        ("tile-31 falls short of the gloss threshold.", GLAZE, "supported"),
        ("tile-32 clears the gloss threshold.", GLAZE_OK, "supported"),
        # another tile's figures never answer
        ("tile-32 clears the gloss threshold.", GLAZE, "unsupported"),
        # an expectation: the measure the item pairs with it, named or not
        ("clip-0219 is shorter than expected.", CLIP, "supported"),
        ("clip-0219 is longer than expected.", CLIP, "contradicted"),
        ("clip-0219 runs exactly as planned.", CLIP, "contradicted"),
        # a whole: all of it, or its exceptions counted
        ("All 24 pages of zine-8 are there.", PAGES, "contradicted"),
        ("Not every page of zine-8 was written.", PAGES, "supported"),
        ("Every file in box-5 is intact.", SCANS, "contradicted"),
        ("Not all files in box-5 are intact.", SCANS, "supported"),
    ],
)
def test_a_measurement_is_compared_with_its_reference(claim: str, item: Backing, want: str) -> None:
    got = _label(claim, item)
    assert got.startswith(want), got


def test_an_exception_counted_speaks_only_of_its_own_property() -> None:
    # three corrupt files say nothing of whether every file was uploaded
    claim = comparison("Every file in box-5 was uploaded.")
    assert claim is not None
    assert compare(claim, pairs(SCANS.item.text, SCANS.item.data)) is None
    # and a reference field is never the amount itself
    found = pairs(PAGES.item.text, PAGES.item.data)
    assert {(p.value, p.reference) for p in found if p.kind == "expected"} == {(22.0, 24.0)}


def test_a_negation_stays_in_its_own_conjunct() -> None:
    session = _item("s1", "session", "Session 2026-11-03: Vojan sketched two layouts and did not "
                                     "send anything.")  # fmt: skip
    assert _label("Vojan sketched layouts during the session.", session).startswith("supported")
    assert _label("Vojan did not sketch during the session.", session).startswith("contradicted")


def test_a_heading_that_dates_an_item_asserts_nothing() -> None:
    beat = _item("h1", "heartbeat", "Heartbeat 11:00: nothing owed; rested after a feed check.",
                 outcome="rested", checks=["feed_check"])  # fmt: skip
    assert _label("A feed check ran at the 11:00 heartbeat.", beat).startswith("supported")
    assert _label("No feed check ran at the 11:00 heartbeat.", beat).startswith("contradicted")


def test_an_empty_list_says_none() -> None:
    quiet = _item("h2", "heartbeat", "heartbeat 03:00 suppressed (quiet hours)",
                  outcome="suppressed", checks=[])  # fmt: skip
    assert _label("The 03:00 heartbeat ran its checks.", quiet).startswith("contradicted")
    assert _label("The 03:00 heartbeat ran no checks.", quiet).startswith("supported")


SCHEDULE_QUEUED = _item("r1", "receipt", "message.send to greta: kiln schedule, queued",
                        action="message.send", target="greta", status="queued")  # fmt: skip
PDF_DELIVERED = _item("r2", "receipt", "media.deliver to ines: hanging plan PDF",
                      action="media.deliver", target="ines", status="succeeded")  # fmt: skip
SEAL_FAILED = _item("r3", "receipt", "provenance.seal folio-12: signing key expired",
                    action="provenance.seal", target="folio-12", status="failed")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "item", "want"),
    [
        # a person who has a thing got it by a send, whatever the thing's noun names
        ("Greta has the kiln schedule.", SCHEDULE_QUEUED, "contradicted"),
        ("The kiln schedule has not reached Greta yet.", SCHEDULE_QUEUED, "supported"),
        ("Tobias has the kiln schedule.", SCHEDULE_QUEUED, "unsupported"),
        # "still without" is not having it
        ("Ines is still without the hanging plan.", PDF_DELIVERED, "contradicted"),
        ("Ines has the hanging plan.", PDF_DELIVERED, "supported"),
        # a failed receipt's reason is no object, and "fresh" names no other occasion
        ("folio-12 carries a fresh seal.", SEAL_FAILED, "contradicted"),
        ("The new seal on folio-12 did not take.", SEAL_FAILED, "supported"),
    ],
)
def test_possession_and_failure_reasons(claim: str, item: Backing, want: str) -> None:
    got = _label(claim, item)
    assert got.startswith(want), got


def test_words_of_matching_and_of_handling() -> None:
    same = _item("g1", "registry", "atlas-3: expected matches actual", path="maps/atlas-3.json",
                 expected_sha256="ab12", actual_sha256="ab12", intended=None)  # fmt: skip
    assert _label("atlas-3 is identical to its registered copy.", same).startswith("supported")
    assert _label("atlas-3 has drifted from its registered hash.", same).startswith("contradicted")
    reminder = _item("m1", "reminder", "Reminder: send Olga the crate sizes (pending)",
                     reminder="rem-olga-crates", state="pending")  # fmt: skip
    assert _label("The Olga crate-size reminder has been dealt with.", reminder).startswith(
        "contradicted"
    )
    assert _label("The Olga crate-size reminder is still pending.", reminder).startswith(
        "supported"
    )


def test_a_plural_and_its_singular_share_a_root() -> None:
    assert root("files") == root("file")
    assert root("pages") == root("page")
    assert root("boxes") == root("box")
    assert root("statuses") == root("status")
    # a word that only ends in s is no plural
    assert root("glass") == "glass"


def test_no_exception_counted_is_a_whole() -> None:
    clean = _item("a6", "artifact", "box-6 scans: 40 files, 0 corrupt", path="scans/box-6/")
    assert _label("Every file in box-6 is intact.", clean).startswith("supported")
    assert _label("Not every file in box-6 is intact.", clean).startswith("contradicted")


def test_an_un_able_word_is_the_negation_of_its_verb() -> None:
    crate = _item("a7", "artifact", "crate-14 manifest: 30 files, 27 verified, 3 unreadable",
                  path="crates/crate-14/")  # fmt: skip
    assert _label("Three files in crate-14 could not be read.", crate).startswith("supported")
    assert root("unreadable") == root("unread")
    assert root("readable") == root("read")


def test_an_amount_of_a_total_in_words() -> None:
    sheet = _item("a8", "artifact", "proof-sheet-9: 14 swatches, 2 flagged faded",
                  path="sheets/proof-sheet-9.png")  # fmt: skip
    assert _label("Two of the fourteen swatches are faded.", sheet).startswith("supported")
    assert _label("Five of the fourteen swatches are faded.", sheet).startswith("contradicted")


def test_signing_off_is_approving() -> None:
    note = _item("j1", "journal", "Nov 2: Ilse approved the linen binding for the atlas.",
                 asserts=[])  # fmt: skip
    assert _label("Ilse signed off on the linen binding.", note).startswith("supported")


def test_another_word_telling_the_thing_apart_is_another_thing() -> None:
    note = _item("j2", "journal", "Nov 2: Ilse approved the linen binding for the atlas.",
                 asserts=[])  # fmt: skip
    assert _label("Ilse approved the leather binding.", note).startswith("unsupported")
    # words of how much, how recent or what happened to it tell nothing apart
    assert _label("Ilse approved the final binding.", note).startswith("supported")
    registry = _item("g2", "registry", "atlas-4: expected matches actual", path="maps/atlas-4.json",
                     expected_sha256="cd34", actual_sha256="cd34")  # fmt: skip
    assert _label("The registered hash of atlas-4 matches.", registry).startswith("supported")
