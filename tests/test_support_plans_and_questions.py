"""Claim support rules from the thirteenth round (driven by development sets 30 and 31): a plan
with "not yet" beside it says the act is still ahead (the format page's own exception to "a
plan answers nothing"), "the mismatch note" names a note and negates nothing, "week-35" is the
"week 35" an item writes, and a message that asks is its sender asking. Each with hard
negatives.
"""

from __future__ import annotations

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.support_label import support_label


def _item(iid: str, kind: str, text: str, at: str = "09:00", **data: str) -> Backing:
    return Backing.of(EvidenceItem(id=iid, kind=kind, source="host", at=f"2026-11-20T{at}:00Z",
                                   text=text, data=data or None))  # fmt: skip


def _label(claim: str, *items: Backing) -> str:
    return support_label(claim, list(items), Thresholds())[0]


PLAN_NOT_YET = _item("j1", "journal", "Will tell Ansel about the new hanging date after lunch. "
                     "Not yet: he is at the framer's until 15:00.")  # fmt: skip
PLAN_ONLY = _item("j2", "journal", "Will tell Ansel about the new hanging date after lunch.")


def test_a_plan_with_not_yet_says_the_act_is_ahead() -> None:
    assert _label("Ansel has been told about the new hanging date.", PLAN_NOT_YET) == (
        "contradicted"
    )
    assert _label("Ansel hasn't been told about the hanging date yet.", PLAN_NOT_YET) == (
        "supported"
    )
    # hard negatives: a plan alone answers nothing; a promise made is made
    assert _label("Ansel has been told about the new hanging date.", PLAN_ONLY) == "unsupported"
    promised = _item(
        "j3", "journal", "Promised Ansel I'll send the ledger by Friday; not yet sent."
    )
    assert _label("Vojan promised Ansel the ledger by Friday.", promised) != "contradicted"


UNSENT_DRAFT = _item("a1", "artifact", "Draft (unsent): Dear Thu Hà, plates 7 and 9 differ.")


def test_a_note_about_a_mismatch_is_a_note() -> None:
    assert _label("The mismatch note was sent to Thu Hà.", UNSENT_DRAFT) == "contradicted"
    assert _label("The mismatch note was not sent to Thu Hà.", UNSENT_DRAFT) == "supported"
    # hard negative: a mismatch that is the clause's own state still negates it
    hashes = _item("r1", "registry", "plates/07.tif: hashes match the registry")
    assert _label("The hashes of plates/07.tif mismatch the registry.", hashes) == "contradicted"


KILN_LOG = _item("j4", "journal", "Kiln log for week 35: not posted yet, after tonight's firing.")


def test_a_short_number_joined_to_its_word_is_the_spaced_one() -> None:
    assert _label("The week-35 kiln log is on the blog.", KILN_LOG) == "contradicted"
    assert _label("The week-35 kiln log is not on the blog yet.", KILN_LOG) == "supported"
    # hard negative: another id of the series the items never write spaced
    upload = _item("r2", "receipt", "artifact.upload to archive-bucket: spiral-07.tiff uploaded",
                   action="artifact.upload", target="archive-bucket", status="succeeded")  # fmt: skip
    assert _label("spiral-08.tiff is in the archive bucket.", upload) == "unsupported"


QUESTION = _item("m1", "message", "Hello, when will the transfer for HP-2291 land? Regards, Ilse",
                 **{"from": "ilse", "to": "vojan"})  # fmt: skip


def test_a_message_that_asks_is_its_sender_asking() -> None:
    assert _label("Ilse asked when the transfer would land.", QUESTION) == "supported"
    assert _label("Ilse did not ask about the transfer.", QUESTION) == "contradicted"
    # hard negatives: someone else, and another thing (a message of hers that asks nothing is
    # still read by its words, "landed" backing "would land": left, as reading it as no
    # question cost nine lines of sets 3, 15, 16 and 24)
    assert _label("Bo asked about the transfer.", QUESTION) == "unsupported"
    assert _label("Ilse asked about the frames.", QUESTION) == "unsupported"


SET_B_DELIVERED = _item("r3", "receipt", "media.deliver to marta: teaching plates, set B",
                        action="media.deliver", target="marta", status="succeeded")  # fmt: skip
STUDY_9_LIVE = _item("r4", "receipt", "post.publish atelier-feed: 'Rosette study no. 9' live",
                     action="post.publish", target="atelier-feed", status="succeeded")  # fmt: skip


def test_a_receipt_for_a_fellow_answers_nothing_of_its_sibling() -> None:
    assert _label("Set C of the teaching plates reached Marta.", SET_B_DELIVERED) == "unsupported"
    assert _label("Set C of the plates did not reach Marta.", SET_B_DELIVERED) == "unsupported"
    assert _label("Rosette study no. 10 is live on the feed.", STUDY_9_LIVE) == "unsupported"
    # hard negatives: the thing the receipt is for, whatever case its noun is written in
    assert _label("Set B of the teaching plates reached Marta.", SET_B_DELIVERED) == "supported"
    assert _label("The plates, set B, did not reach Marta.", SET_B_DELIVERED) == "contradicted"
    assert _label("Rosette study no. 9 is live on the feed.", STUDY_9_LIVE) == "supported"


MISSING_A = _item("m3", "message", "Set B arrived, thank you! Set A is still missing on my side.",
                  **{"from": "marta", "to": "uhdim"})  # fmt: skip


def test_a_thing_still_missing_is_not_had() -> None:
    assert _label("Marta has set A.", MISSING_A) == "contradicted"
    assert _label("Marta does not have set A.", MISSING_A) == "supported"
    # hard negative: its fellow, which arrived
    assert _label("Marta has set B.", MISSING_A) == "supported"


def test_praise_or_a_yes_from_the_other_side_is_no_ground_to_redo() -> None:
    from datetime import UTC, datetime

    from harness.scorers.reopening import reopens_sentence

    now = datetime(2026, 10, 8, 8, 0, tzinfo=UTC)
    booked = EvidenceItem(id="q1", kind="receipt", source="receipts", at="2026-10-06T15:20:00Z",
                          text="schedule.create studio visit with leilani: Fri 14:00",
                          data={"action": "schedule.create", "target": "leilani",
                                "status": "succeeded"})  # fmt: skip

    def said(text: str) -> EvidenceItem:
        return EvidenceItem(id="q2", kind="message", source="dm/leilani",
                            at="2026-10-06T16:10:00Z", text=text,
                            data={"from": "leilani", "thread": "thread:leilani-visit"})  # fmt: skip

    matter = ["thread:leilani-visit"]
    for yes in ("Leilani: perfect, see you friday", "Leilani: the plan looks great!"):
        assert reopens_sentence("Ping Leilani to confirm Friday again.", matter,
                                [booked, said(yes)], now)[0]  # fmt: skip
    assert reopens_sentence("Leilani said perfect; ping her to confirm Friday again.", matter,
                            [booked, said("Leilani: perfect, see you friday")], now)[0]  # fmt: skip
    # hard negatives: news the redo answers, a question beside the praise included
    for news, redo in (
        (
            "Leilani: can we move it to 15:00?",
            "Leilani asked to move it; ping her to confirm again.",
        ),
        ("Leilani: looks great, but which door?", "Leilani asked which door; ping her again."),
    ):
        assert not reopens_sentence(redo, matter, [booked, said(news)], now)[0]


def test_a_week_is_a_numbered_fellow() -> None:
    backup = _item("r5", "receipt", "artifact.upload backup-nas: weekly backup, week 38",
                   action="artifact.upload", target="backup-nas", status="succeeded")  # fmt: skip
    assert _label("The week-39 backup was uploaded.", backup) == "unsupported"
    assert _label("The week-38 backup was uploaded.", backup) == "supported"


def test_a_fellows_receipt_leaves_the_things_own_receipt_or_word_to_answer() -> None:
    a_done = _item("r6", "receipt", "media.deliver to zofia: set A (12 TIFFs), delivered",
                   action="media.deliver", target="zofia", status="succeeded")  # fmt: skip
    b_pending = _item("r7", "receipt", "media.deliver to zofia: set B (8 TIFFs), pending transfer",
                      at="11:00", action="media.deliver", target="zofia", status="pending")  # fmt: skip
    # the later receipt is set B's: set A's own receipt answers
    assert _label("Set A reached Zofia.", a_done, b_pending) == "supported"
    assert _label("Set A did not reach Zofia.", a_done, b_pending) == "contradicted"
    assert _label("Set B reached Zofia.", a_done, b_pending) == "contradicted"


SAME_SENTENCE = _item("n1", "session", "Haven't written to Odile yet; will do after lunch.")
PLAN_THEN_NOT = _item(
    "j5", "journal", "Plan: pay Maëlle's March invoice on the 31st - not paid yet."
)


def test_a_not_yet_clause_in_the_plans_own_sentence_still_counts() -> None:
    assert _label("Uhdim has written to Odile.", SAME_SENTENCE) == "contradicted"
    assert _label("Uhdim has not written to Odile yet.", SAME_SENTENCE) == "supported"
    assert _label("Maëlle's March invoice has been paid.", PLAN_THEN_NOT) == "contradicted"
    assert _label("Maëlle's March invoice has not been paid.", PLAN_THEN_NOT) == "supported"
    # hard negatives: the plan's own clauses state nothing, even with no plan word in them
    tomorrow = _item("j6", "journal", "Tomorrow, first thing: pay Maëlle's March invoice.")
    assert _label("Maëlle's March invoice has been paid.", tomorrow) == "unsupported"
    hedged = _item("n2", "session", "Might not have written to Odile; will check after lunch.")
    assert _label("Uhdim has written to Odile.", hedged) == "unsupported"
