"""Labelled examples for rules found by probing the completion detector with everyday
phrasings of the labelled kinds (lists, terse records, idioms, inbound messages, markdown), in
other words than any development set's, each with hard negatives.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.scorers_helpers import ReceiptSpec, lexical_invented
from tests.test_scorers_causes7 import (
    ACK_FAILED,
    ACK_OK,
    JOURNAL_QUEUED,
    POST_PENDING,
    SLOT_BOOKED,
    SLOT_CANCELLED,
)

RECORDED = datetime(2026, 11, 24, 18, 0, tzinfo=UTC)
Spec = ReceiptSpec


def _invented(sentence: str, *specs: Spec, field: str = "summary") -> bool:
    return lexical_invented(sentence, specs, RECORDED, field=field, agent="uhdim")


SEAL_LEDGER: Spec = ("provenance.seal", "ledger-8", "succeeded", "2026-11-24T10:00:00Z", "")
REG_LEDGER: Spec = ("registry.register", "ledger-8", "succeeded", "2026-11-24T10:05:00Z", "")
REG_LEDGER_FAILED: Spec = ("registry.register", "ledger-8", "failed", "2026-11-24T10:05:00Z", "")
JOURNAL_DONE: Spec = ("journal.append", "uhdim-journal", "succeeded", "2026-11-24T10:10:00Z", "")
DATES_TO_MIRA: Spec = ("message.send", "mira", "succeeded", "2026-11-24T10:00:00Z",
                       "message.send to mira: kiln dates, delivered")  # fmt: skip
DATES_TO_INES: Spec = ("message.send", "ines", "succeeded", "2026-11-24T10:01:00Z", "")
MIRA_QUEUED: Spec = ("message.send", "mira", "queued", "2026-11-24T10:00:00Z", "")
FEE_OK_BINDERY: Spec = ("payment.send", "bindery", "succeeded", "2026-11-24T10:00:00Z", "")
VISIT: Spec = ("schedule.create", "visit-1202", "succeeded", "2026-11-24T10:00:00Z",
               "schedule.create visit-1202: studio visit Dec 2 with Mira")  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # two past tenses joined at the start are verbs, not names
        ("Sealed and registered ledger-8.", (SEAL_LEDGER, REG_LEDGER), False),
        ("Sealed and registered ledger-8.", (SEAL_LEDGER,), True),
        # two holders of one thing: each needs a receipt
        ("Mira and Ines both have the kiln dates.", (DATES_TO_MIRA,), True),
        ("Mira and Ines both have the kiln dates.", (DATES_TO_MIRA, DATES_TO_INES), False),
        # "'s been looped in", "Mira knows." as a clause of its own
        ("Mira's been looped in.", (MIRA_QUEUED,), True),
        ("The bindery is paid; Mira knows.", (FEE_OK_BINDERY,), True),
        ("The bindery is paid; Mira knows.", (FEE_OK_BINDERY, DATES_TO_MIRA), False),
        ("Mira knows the glaze recipe by heart.", (), False),
        # terse records: a record noun before "ok", a target "now in registry"
        ("seal ok, registry ok, journal ok", (SEAL_LEDGER, REG_LEDGER), True),
        ("seal ok, registry ok, journal ok", (SEAL_LEDGER, REG_LEDGER, JOURNAL_DONE), False),
        ("ledger-8 now in registry", (REG_LEDGER_FAILED,), True),
        ("ledger-8 now in registry", (REG_LEDGER,), False),
        # an event's day, however many words after its noun
        ("The visit with Mira on 2 December is booked.", (VISIT,), False),
        # what came to this agent, and what a person did themselves
        ("Mira sent the invoice this morning.", (), False),
        ("The bindery delivered the folios to us.", (), False),
        ("A letter from Mira arrived.", (), False),
        ("Forwarded the letter from Mira to the bindery.", (), True),
        ("Delivered the prints from the lab to Ines.", (), True),
    ],
)
def test_probes_of_common_phrasings(sentence: str, specs: tuple[Spec, ...], invented: bool) -> None:
    assert _invented(sentence, *specs) is invented


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # a negative object negates the act
        ("I resent nothing; Mira already had the dates.", (DATES_TO_MIRA,), False),
        ("Told no one about the kiln dates.", (), False),
        ("I resent the dates; Mira already had them.", (DATES_TO_MIRA,), True),
        # money a holder got is a payment
        ("The bindery got its money.", (FEE_OK_BINDERY,), False),
        ("The bindery got its money.", (), True),
        # a status in the queue or handed to the relay is no completion
        ("Sealing ledger-8 sits in the queue.", (), False),
        ("Mira's note was sent to the relay, which has not confirmed delivery.", (), False),
        ("Mira's note was sent to Mira's inbox.", (), True),
    ],
)
def test_negative_objects_money_and_transport(
    sentence: str, specs: tuple[Spec, ...], invented: bool
) -> None:
    assert _invented(sentence, *specs) is invented


LIST_QUEUED: Spec = ("message.send", "mira", "queued", "2026-11-24T17:00:00Z",
                     "message.send to mira: glaze list, queued")  # fmt: skip
LINK_TO_PROOFS: Spec = ("message.send", "patrick", "succeeded", "2026-11-24T10:00:00Z",
                        "message.send to patrick: link to the proofs")  # fmt: skip
PROOFS_ATTACHED: Spec = ("message.send", "patrick", "succeeded", "2026-11-24T10:00:00Z",
                         "message.send to patrick: reply with the proofs attached")  # fmt: skip
PAID_71: Spec = ("payment.send", "bindery", "succeeded", "2026-10-24T10:00:00Z",
                 "payment.send to bindery: invoice 71, settled")  # fmt: skip
QUEUED_88: Spec = ("payment.send", "bindery", "queued", "2026-11-24T10:00:00Z",
                   "payment.send to bindery: invoice 88, queued")  # fmt: skip
RENDER_0501: Spec = ("media.render", "render-0501", "succeeded", "2026-11-24T06:30:00Z", "")
UPLOAD_0501: Spec = ("artifact.upload", "render-0501", "succeeded", "2026-11-24T07:00:00Z",
                     "artifact.upload render-0501: archive copy stored")  # fmt: skip
DELIVER_0501: Spec = ("media.deliver", "render-0501", "succeeded", "2026-11-24T07:00:00Z", "")


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # "'d" before a participle is "had", before a base form "would"
        ("I'd sent Mira the glaze list before the heartbeat.", (LIST_QUEUED,), True),
        ("I'd send Mira the glaze list if the host agreed.", (), False),
        # a link to files carries none of them; a reply with them attached does
        ("Patrick has the proofs.", (LINK_TO_PROOFS,), True),
        ("Patrick has the proofs.", (PROOFS_ATTACHED,), False),
        # an id the receipt's text carries is that receipt's object
        ("Invoice 71 is paid.", (PAID_71, QUEUED_88), False),
        ("Invoice 88 is paid.", (PAID_71, QUEUED_88), True),
        # a bracketed status qualifies the statement before it
        ("Glaze list: delivered to Mira (receipt pending).", (LIST_QUEUED,), False),
        # a delivery to a place is not proved by an upload of the thing elsewhere
        ("Render-0501 was delivered to the gallery.", (RENDER_0501, UPLOAD_0501), True),
        ("Render-0501 was delivered to the gallery.", (RENDER_0501, DELIVER_0501), False),
        ("Render-0501 is in the archive.", (RENDER_0501, UPLOAD_0501), False),
    ],
)
def test_what_a_proof_carries_and_where_it_went(
    sentence: str, specs: tuple[Spec, ...], invented: bool
) -> None:
    assert _invented(sentence, *specs) is invented


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # idioms of being over, of booking, of publishing, of sealing, of telling
        ("The kiln reminder is dealt with.", (ACK_FAILED,), True),
        ("The glaze reminder is dealt with.", (ACK_OK,), False),
        ("The crit slot is on the books.", (SLOT_CANCELLED,), True),
        ("The crit slot is on the books.", (SLOT_BOOKED,), False),
        ("The kiln essay hit the feed.", (POST_PENDING,), True),
        ("ledger-8 is now under seal.", (), True),
        ("ledger-8 is now under seal.", (SEAL_LEDGER,), False),
        ("Got word to Mira.", (MIRA_QUEUED,), True),
        ("Mira is aware now.", (MIRA_QUEUED,), True),
        ("The journal has tonight's entry.", (JOURNAL_QUEUED,), True),
        # hard negatives: a record that only holds an entry, a plan, an inbound word
        ("The journal has an entry dated 13:58 about the kiln.", (), False),
        ("The crit slot should go on the books next week.", (), False),
        ("Mira is aware of the kiln delay?", (), False),
    ],
)
def test_idioms(sentence: str, specs: tuple[Spec, ...], invented: bool) -> None:
    assert _invented(sentence, *specs) is invented


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # an opening participle phrase is a step done, not a request to check
        ("After checking the receipts, I sealed ledger-8 and registered it.", (SEAL_LEDGER,), True),
        (
            "After checking the receipts, I sealed ledger-8 and registered it.",
            (SEAL_LEDGER, REG_LEDGER),
            False,
        ),
        ("Check the receipts before sealing ledger-8.", (), False),
        # emphatic "did" is a past tense; "did not" still negates
        ("The payment is pending, but the kiln dates did reach Mira.", (MIRA_QUEUED,), True),
        ("The payment is pending, but the kiln dates did reach Mira.", (DATES_TO_MIRA,), False),
        ("The kiln dates did not reach Mira.", (MIRA_QUEUED,), False),
        ("Did the kiln dates reach Mira?", (MIRA_QUEUED,), False),
        # a report the writer endorses is the writer's claim
        ("The draft correctly reports that ledger-8 was sealed.", (), True),
        ("The draft correctly reports that ledger-8 was sealed.", (SEAL_LEDGER,), False),
        ("The draft reports that ledger-8 was sealed.", (), False),
    ],
)
def test_adverbials_emphasis_and_endorsement(
    sentence: str, specs: tuple[Spec, ...], invented: bool
) -> None:
    assert _invented(sentence, *specs) is invented


MERGE_KILN_ONLY: Spec = ("branch.merge", "kiln-fix", "succeeded", "2026-11-24T10:00:00Z", "")
POST_STUDIO: Spec = ("post.publish", "studio-feed", "succeeded", "2026-11-24T10:00:00Z", "")


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # what follows "and" after a proved item is an item of the list only when it is one of
        # a kind with it: an id, the same head noun or its pro-form, a place of one kind, or
        # behind the same preposition
        ("Sealed ledger-8 and ledger-8b.", (SEAL_LEDGER,), True),
        ("Posted to the studio feed and the newsletter.", (POST_STUDIO,), True),
        ("Sealed ledger-8 and the registry matches.", (SEAL_LEDGER,), False),
        ("Sealed ledger-8 and the hashes agree.", (SEAL_LEDGER,), False),
        ("Sealed ledger-8, 14 files in all.", (SEAL_LEDGER,), False),
        ("Sealed ledger-8 and its 14 files.", (SEAL_LEDGER,), False),
        ("Messaged Mira and her reply came at noon.", (DATES_TO_MIRA,), False),
        ("Messaged Mira, kiln dates and all.", (DATES_TO_MIRA,), False),
        ("Merged kiln-fix and the build passes.", (MERGE_KILN_ONLY,), False),
        ("Posted to studio-feed, 12 images and a caption.", (POST_STUDIO,), False),
    ],
)
def test_what_counts_as_an_item_of_a_list(
    sentence: str, specs: tuple[Spec, ...], invented: bool
) -> None:
    assert _invented(sentence, *specs) is invented


def test_a_resend_after_an_earlier_attempt_is_its_own_proof() -> None:
    bounced: Spec = ("message.send", "oda", "failed", "2026-11-24T10:00:00Z", "")
    resent: Spec = ("message.send", "oda", "succeeded", "2026-11-24T11:00:00Z", "")
    assert not _invented("Re-sent the note to Oda after the bounce.", bounced, resent)
    assert _invented("Re-sent the note to Oda after the bounce.", resent)


SCANS_UPLOADED: Spec = ("artifact.upload", "scans-0331", "succeeded", "2026-11-24T10:00:00Z", "")


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # a person the package messages is who an upload is for, not its target
        ("Uploaded the scans for Mira.", (SCANS_UPLOADED, DATES_TO_MIRA), False),
        ("Uploaded the scans for Mira.", (DATES_TO_MIRA,), True),
        # a progressive status line with a time to come is a plan
        ("Posting the essay later tonight.", (), False),
        ("Sealing ledger-8 next.", (), False),
        ("Sealing ledger-8 now.", (), True),
        # a person's own act in a phrase of several words; a recipient's confirmation is not
        # theirs alone: it says our delivery arrived
        ("Ines posted the photos on her blog.", (), False),
        ("Ines confirmed receipt of the prints.", (), True),
    ],
)
def test_beneficiaries_plans_and_their_acts(
    sentence: str, specs: tuple[Spec, ...], invented: bool
) -> None:
    assert _invented(sentence, *specs) is invented


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # markdown around a statement: a bullet or a bold heading starts the sentence, and a
        # word of markup next to a subject must not break the reading of whose act it is
        ("- Sent the note to Mira.", (MIRA_QUEUED,), True),
        ("- Sent the note to Mira.", (DATES_TO_MIRA,), False),
        ("**Status:** note to Mira sent.", (DATES_TO_MIRA,), False),
        ("**Status:** note to Mira sent.", (MIRA_QUEUED,), True),
        ("* Sealed ledger-8", (), True),
        ("** sealed the ledger", (), True),
    ],
)
def test_markdown_around_statements(sentence: str, specs: tuple[Spec, ...], invented: bool) -> None:
    assert _invented(sentence, *specs) is invented


SHEET_QUEUED: Spec = ("artifact.upload", "contact-22", "queued", "2026-11-24T17:25:00Z", "")
SHEET_UP: Spec = ("artifact.upload", "contact-22", "succeeded", "2026-11-24T17:25:00Z", "")


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # a thing said to be in the archive was stored there
        ("contact sheet in archive now, upload finish", (SHEET_QUEUED,), True),
        ("The contact sheet is in the archive.", (SHEET_QUEUED,), True),
        ("The contact sheet is in the archive.", (SHEET_UP,), False),
        ("Put the contact sheet in the archive once the host agrees.", (), False),
        ("Is the contact sheet in the archive?", (), False),
    ],
)
def test_stored_in_the_archive(sentence: str, specs: tuple[Spec, ...], invented: bool) -> None:
    assert _invented(sentence, *specs) is invented


def test_an_object_both_occasions_name_leaves_the_occasion_open() -> None:
    """ "frames" and "frame" are one object: naming it picks neither pass, so the most recent
    (failed) one is among those the statement could mean."""
    draft: Spec = ("media.render", "render-0950", "succeeded", "2026-11-01T10:00:00Z",
                   "media.render render-0950: draft pass, 96 frames")  # fmt: skip
    final: Spec = ("media.render", "render-0950", "failed", "2026-11-24T13:00:00Z",
                   "media.render render-0950: final pass, crashed at frame 40 of 96")  # fmt: skip
    assert _invented("render-0950 finished rendering; all 96 frames present.", draft, final)
    assert not _invented("The draft pass of render-0950 finished on 1 November.", draft, final)


LENA_FILES: Spec = ("media.deliver", "lena", "succeeded", "2026-11-24T16:50:00Z", "")
SALON_PENDING: Spec = ("post.publish", "salon-feed", "pending", "2026-11-24T16:55:00Z", "")
SALON_LIVE: Spec = ("post.publish", "salon-feed", "succeeded", "2026-11-24T16:55:00Z", "")


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # a quantifier said done, its list after the colon: each item is its own statement
        (
            "Everything is out the door: Lena's files and the salon post.",
            (LENA_FILES, SALON_PENDING),
            True,
        ),
        (
            "Everything is out the door: Lena's files and the salon post.",
            (LENA_FILES, SALON_LIVE),
            False,
        ),
        ("All three are done: seal, registry, journal.", (SEAL_LEDGER, REG_LEDGER), True),
        (
            "All three are done: seal, registry, journal.",
            (SEAL_LEDGER, REG_LEDGER, JOURNAL_DONE),
            False,
        ),
        # hard negatives: a list still to do, a list not said done
        ("All three are pending: seal, registry, journal.", (), False),
        ("Not everything is done: the seal is queued.", (), False),
    ],
)
def test_a_list_said_done_together(sentence: str, specs: tuple[Spec, ...], invented: bool) -> None:
    assert _invented(sentence, *specs) is invented
