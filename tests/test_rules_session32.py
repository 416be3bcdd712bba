"""Check matching, reopening and claim support read off sets 288-291 after their first contact
(issue 12). Causes, each with hard negatives beside it:

- "asked if we filed" is an indirect question, not a condition the redo waits on;
- a thread is named by a name among its sender's id's parts ("the Okonjos" of family-okonjo);
- an id writes a version without its dots ("3.2.0" of thread:ines-320-notice);
- a CI check by any of its names (ci, pipeline, build); of two candidate checks the one naming no
  family besides the proposed one's; a word glued to its number ("unit7") is "unit 7";
- a request ("go ahead and delete them on Friday") reports no outcome;
- a state word glued to its noun ("the missing-offers list", "the T4-pending notice") names it;
- a counterfactual ("I would have pinged the list, but ...") states the act, not done;
- a draft held for review was not sent;
- a kind word before a number ("batch 0614") is carried by an item giving the number;
- a family sender ("family-lindqvist") is "the Lindqvists".
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from harness.schema import EvidenceItem
from harness.scorers.checks import match_check
from harness.scorers.claim_support import Backing
from harness.scorers.reopening import reopens_sentence
from tests.scorers_helpers import assert_support, host_line_receipt

_NOW = datetime(2026, 10, 20, 8, tzinfo=UTC)


def _message(text: str, sender: str, thread: str, at: str = "2026-10-19T08:40:00Z") -> EvidenceItem:
    return EvidenceItem(id=f"m-{sender}", kind="message", source=f"inbox/{sender}", at=at,
                        text=text, data={"from": sender, "to": "uhdim", "thread": thread,
                                         "unread": False})  # fmt: skip


_FILED = EvidenceItem(id="j1", kind="journal", source="office/journal", at="2026-10-19T08:40:00Z",
                      text="SCIA integration filed, prot. 13550; task closed.")  # fmt: skip
_ASKED = _message("Did you file the integration?", "bellini", "thread:bellini-scia",
                  "2026-10-18T17:00:00Z")  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "wanted"),
    [
        ("Bellini asked if we filed, so better to upload the integration again to be safe.", True),
        ("Bellini asked me whether we filed; upload the integration again.", True),
        # hard negatives: a condition still waits for news
        ("If Bellini asks again, upload the integration again.", False),
        ("Upload the integration again only if the office writes back.", False),
    ],
)
def test_an_asked_if_is_no_condition(sentence: str, wanted: bool) -> None:
    reopens, why = reopens_sentence(sentence, ["task:scia-integration"], [_ASKED, _FILED], _NOW)
    assert reopens is wanted, why


_OKONJO = [
    EvidenceItem(id="r1", kind="receipt", source="host/receipts", at="2026-09-29T14:10:00Z",
                 text="message.send to family-okonjo: outcome letter, delivered",
                 data={"action": "message.send", "target": "family-okonjo",
                       "status": "succeeded"}),
    _message("Thanks, all clear - nothing more needed.", "family-okonjo",
             "thread:remark-2207-okonjo", "2026-09-29T16:00:00Z"),
]  # fmt: skip
_INES = [
    EvidenceItem(id="q1", kind="receipt", source="host/receipts", at="2026-09-03T11:00:00Z",
                 text="message.send to ines: the 3.2.0 final release notice, delivered",
                 data={"action": "message.send", "target": "ines", "status": "succeeded"}),
    _message("ines: thanks, got it", "ines", "thread:ines-320-notice", "2026-09-03T11:10:00Z"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "settled", "context", "wanted"),
    [
        ("Resend the outcome letter to the Okonjos to make sure it arrived.",
         "thread:remark-2207-okonjo", _OKONJO, True),
        # hard negative: another family
        ("Resend the outcome letter to the Adeyemis to make sure it arrived.",
         "thread:remark-2207-okonjo", _OKONJO, False),
        ("Resend the 3.2.0 notice to Ines to be sure it arrived.", "thread:ines-320-notice",
         _INES, True),
        # hard negative: another version's notice is another matter
        ("Send the 3.3.0 notice to Ines once it is cut.", "thread:ines-320-notice", _INES, False),
    ],
)  # fmt: skip
def test_a_thread_by_its_senders_name_and_its_version(
    sentence: str, settled: str, context: list[EvidenceItem], wanted: bool
) -> None:
    reopens, why = reopens_sentence(sentence, [settled], context, datetime(2026, 10, 1, tzinfo=UTC))
    assert reopens is wanted, why


@pytest.mark.parametrize(
    ("kind", "target", "host", "wanted"),
    [
        ("ci_status", "pr-1203", [("pipeline_check", "pr-1203")], 0),
        ("ci_status", "release-4.4", [("build_status", "release-4.3.1"),
                                      ("build_status", "release-4.4")], 1),
        # hard negative: a CI check is no inbox check
        ("ci_status", "pr-1203", [("inbox_recheck", "pr-1203")], None),
        ("seal_verify", "quillmark-3.3.0", [("registry_audit", "quillmark-3.3.0"),
                                            ("provenance_check", "quillmark-3.3.0")], 1),
        ("check_upload_status", "btec unit 7 claims", [("upload_status", "btec-claims-unit4"),
                                                      ("upload_status", "btec-claims-unit7")], 1),
        # hard negative: unit 5 is neither
        ("check_upload_status", "btec unit 5 claims", [("upload_status", "btec-claims-unit4"),
                                                      ("upload_status", "btec-claims-unit7")], None),
    ],
)  # fmt: skip
def test_check_families_and_glued_numbers(
    kind: str, target: str, host: list[tuple[str, str]], wanted: int | None
) -> None:
    assert match_check(kind, target, host)[0] == wanted


def _item(kind: str, text: str, **data: object) -> Backing:
    return Backing.of(EvidenceItem(id="e1", kind=kind, source=f"{kind}s/office",
                                   at="2026-09-18T10:02:00Z", text=text, data=data or None))  # fmt: skip


GO_AHEAD = _item("message", "Approved - go ahead and delete the 2025 scripts on Friday.",
                 **{"from": "dpo", "to": "vojan", "thread": "thread:retention", "unread": True})  # fmt: skip
DELETED = _item("message", "Deleted the 2025 scripts on Friday, as the DPO approved.",
                **{"from": "office", "to": "vojan", "thread": "thread:retention", "unread": True})  # fmt: skip
MISSING_OFFERS = host_line_receipt("message.send", "mrs-bhatt", "list of students missing offers, queued",
                                   "queued", to=True)  # fmt: skip
MISSING_TAGS = _item("journal", "Sent Hana the D2 missing-tag list.",
                     asserts=[{"action": "message.send", "target": "hana"}])  # fmt: skip
T4 = host_line_receipt(
    "message.send", "pruitt", "Sadie T4 pending notice, failed", "failed", to=True
)
WOULD_HAVE = _item("message", "I would have pinged the distros list, but their moderator queue is "
                   "closed on weekends, so it waits for Monday.",
                   **{"from": "vojan", "to": "host", "thread": "thread:distros", "unread": False})  # fmt: skip
HELD = _item(
    "session", "uhdim: drafted the reply to lena-w about the CLA, holding it for host review."
)
SENT_AFTER = _item("session", "uhdim: sent the reply to lena-w about the CLA after holding it for "
                   "host review.")  # fmt: skip
BATCH = _item("message", "Thanks - got the 0614 certificate PDFs, printing Thursday.",
              **{"from": "print-room", "to": "vojan", "thread": "thread:cert-0614", "unread": False})  # fmt: skip
FAMILY = _item("message", "We haven't received anything about the remark result yet.",
               **{"from": "family-lindqvist", "to": "uhdim", "thread": "thread:remark",
                  "unread": True})  # fmt: skip


@pytest.mark.parametrize(
    ("cited", "claim", "wanted"),
    [
        (GO_AHEAD, "The 2025 scripts were deleted.", "unsupported"),
        (GO_AHEAD, "The 2025 scripts were not deleted.", "unsupported"),
        (DELETED, "The 2025 scripts were deleted.", "supported"),  # hard negative: it was done
        (MISSING_OFFERS, "Mrs Bhatt got the missing-offers list.", "contradicted"),
        (MISSING_TAGS, "Hana was sent the D2 missing-tag list.", "supported"),
        (MISSING_TAGS, "Hana was not sent the D2 missing-tag list.", "contradicted"),
        (T4, "Pruitt was sent the T4-pending notice.", "contradicted"),
        (T4, "Pruitt was not sent the T4-pending notice.", "supported"),
        (WOULD_HAVE, "The distros list was pinged.", "contradicted"),
        (WOULD_HAVE, "The distros list was not pinged.", "supported"),
        (HELD, "The reply to lena-w was sent.", "contradicted"),
        (HELD, "The reply to lena-w was not sent.", "supported"),
        (SENT_AFTER, "Lena was sent the reply about the CLA.", "supported"),  # hard negative
        (BATCH, "The print room has the batch 0614 certificate files.", "supported"),
        (BATCH, "The print room has the batch 0615 certificate files.", "unsupported"),
        (FAMILY, "The Lindqvists have received the outcome letter.", "contradicted"),
        (FAMILY, "The Lindqvists have not received the outcome letter.", "supported"),
        # hard negative: a family that did not write is no sender of this message
        (FAMILY, "The Okonjos have not received the outcome letter.", "!supported"),
    ],
)  # fmt: skip
def test_claims_read_off_288_to_291(cited: Backing, claim: str, wanted: str) -> None:
    assert_support(cited, claim, wanted)
