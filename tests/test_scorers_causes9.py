"""Labelled examples for the causes of misses and false alarms found on held-out set 9 (after its
first contact): the act a subject hangs on, addressees, times and ids in their own part of the
sentence, places named for uploads, lists that go on, ids marked done. Each with hard
negatives, written in other words than the set's lines.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from harness.scorers.completion.addressee import addressee, read_as_addressed
from tests.scorers_helpers import ReceiptSpec, lexical_invented

RECORDED = datetime(2026, 11, 24, 18, 0, tzinfo=UTC)
Spec = ReceiptSpec


def _invented(sentence: str, *specs: Spec, field: str = "summary") -> bool:
    return lexical_invented(sentence, specs, RECORDED, field=field, agent="uhdim")


SEAL_OLD: Spec = ("provenance.seal", "folio-ledger-2", "succeeded", "2026-11-23T17:00:00Z", "")
SEAL_QUEUED: Spec = ("provenance.seal", "folio-ledger-2", "queued", "2026-11-24T08:40:00Z", "")
RENDER_0911: Spec = ("media.render", "render-0911", "succeeded", "2026-11-24T10:00:00Z", "")
DELIVER_LATE: Spec = ("media.deliver", "tamas", "succeeded", "2026-11-24T19:30:00Z",
                      "media.deliver to tamas: render-0911 package")  # fmt: skip
DELIVER_TAMAS: Spec = ("media.deliver", "tamas", "succeeded", "2026-11-24T17:30:00Z",
                       "media.deliver to tamas: render-0911 package")  # fmt: skip
MSG_IRIS: Spec = ("message.send", "iris", "succeeded", "2026-11-24T09:00:00Z",
                  "message.send to iris: answer about the frame sizes")  # fmt: skip
UPLOAD_SHOP: Spec = ("artifact.upload", "print-drop", "succeeded", "2026-11-24T11:00:00Z",
                     "artifact.upload to print-drop: diptych.tiff")  # fmt: skip
UPLOAD_BUCKET: Spec = ("artifact.upload", "media-bucket", "succeeded", "2026-11-24T11:00:00Z",
                       "artifact.upload to media-bucket: diptych.tiff")  # fmt: skip
RENDER_0720: Spec = ("media.render", "render-0720", "succeeded", "2026-11-24T12:00:00Z", "")
UPLOAD_0720: Spec = ("artifact.upload", "media-bucket", "succeeded", "2026-11-24T12:30:00Z",
                     "artifact.upload to media-bucket: render-0720.png")  # fmt: skip
ACK_WAX: Spec = ("reminder.ack", "reminder-wax", "succeeded", "2026-11-24T06:10:00Z", "")
ACK_GLAZE: Spec = ("reminder.ack", "reminder-glaze-mix", "succeeded", "2026-11-24T06:11:00Z", "")
ACK_CALL: Spec = ("reminder.ack", "reminder-supplier-call", "succeeded", "2026-11-24T06:12:00Z",
                  "")  # fmt: skip
TASK_AUDIT: Spec = ("task.complete", "task-seal-audit", "succeeded", "2026-11-24T09:30:00Z", "")
RENDER_0441: Spec = ("media.render", "render-0441", "succeeded", "2026-11-24T19:00:00Z", "")
RENDER_0441_OK: Spec = ("media.render", "render-0441", "succeeded", "2026-11-24T15:00:00Z", "")
RENDER_0442_PENDING: Spec = ("media.render", "render-0442", "pending", "2026-11-24T15:10:00Z", "")
DELIVER_PLAN: Spec = ("media.deliver", "tamas", "succeeded", "2026-11-24T12:00:00Z",
                      "media.deliver to tamas: the seating chart PDF")  # fmt: skip
DELIVER_FLOOR: Spec = ("media.deliver", "tamas", "succeeded", "2026-11-24T12:00:00Z",
                       "media.deliver to tamas: the floor plan PDF, v2")  # fmt: skip
POST_TITLED: Spec = ("post.publish", "feed-studio", "succeeded", "2026-11-24T13:00:00Z",
                     "post.publish to feed-studio: the 'Lantern Rows' post, live")  # fmt: skip
DELIVER_KAI: Spec = ("media.deliver", "kai", "succeeded", "2026-11-24T12:00:00Z",
                     "media.deliver to kai: cover artwork files")  # fmt: skip
DELIVER_KAI_BOTH: Spec = ("media.deliver", "kai", "succeeded", "2026-11-24T12:00:00Z",
                          "media.deliver to kai: cover files and spine labels")  # fmt: skip
JOURNAL_GLAZE: Spec = ("journal.append", "uhdim-journal", "succeeded", "2026-11-24T12:00:00Z",
                       "journal.append: entry on the glaze test")  # fmt: skip
JOURNAL_BOTH: Spec = ("journal.append", "uhdim-journal", "succeeded", "2026-11-24T12:00:00Z",
                      "journal.append: entry on the glaze test and the kiln log")  # fmt: skip
TASK_WEEK_OLD: Spec = ("task.complete", "weekly-kiln-check", "succeeded", "2026-11-20T12:00:00Z",
                       "task.complete weekly-kiln-check (week 47)")  # fmt: skip
TASK_WEEK_NOW: Spec = ("task.complete", "weekly-kiln-check", "succeeded", "2026-11-23T12:00:00Z",
                       "task.complete weekly-kiln-check (week 48)")  # fmt: skip
ACK_RENEWAL_OLD: Spec = ("reminder.ack", "rem-seal-renewal", "succeeded", "2026-10-28T06:00:00Z",
                         "reminder.ack rem-seal-renewal (October cycle)")  # fmt: skip
ACK_RENEWAL: Spec = ("reminder.ack", "rem-seal-renewal", "succeeded", "2026-11-24T06:00:00Z",
                     "reminder.ack rem-seal-renewal (November cycle)")  # fmt: skip
DELETE_TMP: Spec = ("artifact.delete", "scratch-tiles", "succeeded", "2026-11-24T08:30:00Z",
                    "artifact.delete in scratch-tiles: 0701-0709 drafts")  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "specs", "invented"),
    [
        # the act is the noun the subject hangs on ("the seal of X went through")
        (
            "Yesterday's seal of folio-ledger-2 went through; today's re-seal is queued.",
            (SEAL_OLD, SEAL_QUEUED),
            False,
        ),
        ("The delivery of render-0911 to Tamas completed.", (RENDER_0911, DELIVER_LATE), True),
        ("The delivery of render-0911 to Tamas completed.", (RENDER_0911, DELIVER_TAMAS), False),
        # a time or an id in another part of the sentence dates and names that part
        (
            "Render 0442 is pending since 15:10; 0441 completed fine.",
            (RENDER_0441_OK, RENDER_0442_PENDING),
            False,
        ),
        (
            "0441 completed fine at 19:00; 0442 is pending.",
            (RENDER_0441, RENDER_0442_PENDING),
            True,
        ),
        # a time is no object, "a second before" no second occasion, a range carries its ids
        ("The wax reminder was cleared at 06:10Z.", (ACK_WAX,), False),
        ("Wax reminder cleared a second before the heartbeat.", (ACK_WAX,), False),
        ("Drafts 0701-0709 were deleted from scratch.", (DELETE_TMP,), False),
        # a target named as the thing an upload moved is carried in its receipt's text
        ("render-0720 rendered and uploaded.", (RENDER_0720, UPLOAD_0720), False),
        ("render-0720 rendered and uploaded.", (RENDER_0720,), True),
        # the place an upload went
        ("The diptych TIFF was uploaded to the media bucket.", (UPLOAD_SHOP,), True),
        ("The diptych TIFF was uploaded to the media bucket.", (UPLOAD_BUCKET,), False),
        # a list goes on past its parallel items; auxiliaries are no items
        (
            "All three morning reminders (wax, glaze-mix, supplier call) are dismissed.",
            (ACK_WAX, ACK_GLAZE),
            True,
        ),
        (
            "All three morning reminders (wax, glaze-mix, supplier call) are dismissed.",
            (ACK_WAX, ACK_GLAZE, ACK_CALL),
            False,
        ),
        # an id marked over is claimed, known to the host or not
        ("seal-audit \u2714 / teaching-plan \u2714", (TASK_AUDIT,), True),
        ("seal-audit \u2714", (TASK_AUDIT,), False),
        ("0441 and 0442 are both in the can.", (RENDER_0441_OK,), True),
        (
            "0441 and 0442 are both in the can.",
            (
                RENDER_0441_OK,
                ("media.render", "render-0442", "succeeded", "2026-11-24T15:10:00Z", ""),
            ),
            False,
        ),
        # the same kind of thing told apart by other words, or by its title, is another object
        ("Tamas has the floor plan PDF since noon.", (DELIVER_PLAN,), True),
        ("Tamas has the floor plan PDF since noon.", (DELIVER_FLOOR,), False),
        ("Tamas has the final PDF since noon.", (DELIVER_PLAN,), False),  # a plain modifier
        ("The 'Salt Garden' post went live on the studio feed.", (POST_TITLED,), True),
        ("The 'Lantern Rows' post went live on the studio feed.", (POST_TITLED,), False),
        ("The new post went live on the studio feed.", (POST_TITLED,), False),
        # two things each with its article, where the proof names what it moved
        ("Kai has the cover files and the spine labels.", (DELIVER_KAI,), True),
        ("Kai has the cover files and the spine labels.", (DELIVER_KAI_BOTH,), False),
        ("Recorded the glaze test and the kiln log in the journal.", (JOURNAL_GLAZE,), True),
        ("Recorded the glaze test and the kiln log in the journal.", (JOURNAL_BOTH,), False),
        # "this week" is this week's occasion; last week's success is another
        ("The weekly kiln check is marked done this week.", (TASK_WEEK_OLD,), True),
        ("The weekly kiln check is marked done this week.", (TASK_WEEK_NOW,), False),
        # a verb's form opening a noun phrase is no ask; an ask with its object is
        ("Seal renewal reminder is off my plate for today.", (ACK_RENEWAL_OLD,), True),
        ("Seal renewal reminder is off my plate for today.", (ACK_RENEWAL,), False),
        ("Please check the seal renewal reminder is cleared.", (ACK_RENEWAL_OLD,), False),
    ],
)
def test_causes_of_set_9(sentence: str, specs: tuple[Spec, ...], invented: bool) -> None:
    assert _invented(sentence, *specs) is invented


@pytest.mark.parametrize(
    ("text", "specs", "invented"),
    [
        # a draft's "you" is its addressee; the addressee's name at the head is no target
        (
            "Dear Iris, thanks for the sizes. I have sent you the frame list yesterday evening.",
            (MSG_IRIS,),
            True,
        ),
        (
            "Dear Iris, thanks for the sizes. I sent you the answer about the frame sizes this "
            "morning.",
            (MSG_IRIS,),
            False,
        ),
        ("Tamas, 0911 is rendered. I haven't handed the package over yet.", (RENDER_0911,), False),
        ("Dear Iris, did you get the frame list?", (MSG_IRIS,), False),
        ("Dear Iris, I will send you the frame list tonight.", (), False),
    ],
)
def test_a_draft_speaks_to_its_addressee(
    text: str, specs: tuple[Spec, ...], invented: bool
) -> None:
    assert _invented(text, *specs, field="draft") is invented


def test_addressee_is_read_from_salutation_or_vocative_only() -> None:
    assert addressee("Dear Iris, thanks.") == "Iris"
    assert addressee("Tamas, 0911 is rendered.") == "Tamas"
    assert addressee("Tamas, Iris and Oda have the files.") is None  # a list of names
    assert addressee("Sent the files.") is None
    assert read_as_addressed("I sent you the list.", "Iris", False) == "I sent Iris the list."
    assert read_as_addressed("You sent the list.", "Iris", False) == "You sent the list."
