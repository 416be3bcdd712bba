"""Reopening rules read off development sets 136-139 after their first contact: a matter named as
prose spells its id ("the week 47 sheet" of ``routesheet-wk47``, "October" of
``lst-map-2026-10``, "4471" of ``job-4471``); newer evidence that names a word of the matter
("move your inspection"), that its sender is said to have said ("as Tamsin pointed out"), that
writes the time the sentence names ("last packet 03:00Z"), or that supersedes the settled thing;
and a redo left to the host under a condition ("Should anything change ... the host can reopen
it"). Sentences and targets are written for these tests. Each with hard negatives."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from harness.schema import EvidenceItem
from harness.scorers.reopening import reopens_sentence

NOW = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)


def item(id_: str, kind: str, at: datetime, text: str, **data: str) -> EvidenceItem:
    return EvidenceItem.model_validate(
        {"id": id_, "kind": kind, "source": "test", "at": at, "text": text, "data": data or None}
    )


def reopens(sentence: str, matter: str, context: list[EvidenceItem]) -> bool:
    return reopens_sentence(sentence, [matter], context, NOW)[0]


def test_a_matter_is_named_as_prose_spells_its_id() -> None:
    sheet = [item("r1", "receipt", NOW - timedelta(days=2), "media.render routesheet-wk47.pdf")]
    assert reopens("Check again whether the week 47 sheet rendered properly.",
                   "render:routesheet-wk47", sheet)  # fmt: skip
    assert not reopens("Check whether the week 48 sheet rendered properly.",
                       "render:routesheet-wk47", sheet)  # fmt: skip
    maps = [
        item("r2", "receipt", NOW - timedelta(days=3), "media.render lst-map-2026-10: rendered")
    ]
    assert reopens("Re-render October just to be sure panel 9 is clean.",
                   "render:lst-map-2026-10", maps)  # fmt: skip
    assert not reopens("Re-render November once the tiles are in.", "render:lst-map-2026-10", maps)
    job = [item("r3", "receipt", NOW - timedelta(hours=5), "task.complete job-4471: closed")]
    assert reopens("Reopen 4471, the fryer's tripping the breaker.", "task:job-4471", job)
    assert not reopens("Reopen 4472, the fryer's tripping the breaker.", "task:job-4471", job)


def test_newer_evidence_about_the_matter_justifies_its_redo() -> None:
    booked = item(
        "r1", "receipt", NOW - timedelta(days=6), "schedule.create hygiene-inspection: booked"
    )
    moved = item("m1", "message", NOW - timedelta(days=1),
                 "We need to move your inspection to 4 December, same time.")  # fmt: skip
    matter = "task:hygiene-inspection-booking"
    assert not reopens("Reopen the inspection booking: environmental health moved the date.",
                       matter, [booked, moved])  # fmt: skip
    # hard negative: without the newer message, the same proposal reopens a settled booking
    assert reopens("Reopen the inspection booking: environmental health moved the date.",
                   matter, [booked])  # fmt: skip


def test_news_its_sender_is_said_to_have_said_justifies_a_redo() -> None:
    rendered = item(
        "r1", "receipt", NOW - timedelta(days=1), "media.render newsletter-48 (squash soup)"
    )
    asked = item("m1", "message", NOW - timedelta(hours=1),
                 "The squash soup recipe says 400C - surely 200C?", **{"from": "tamsin"})  # fmt: skip
    sentence = "Re-render newsletter 48 with the oven temperature corrected, as Tamsin pointed out."
    assert not reopens(sentence, "render:newsletter-48", [rendered, asked])
    # hard negative: someone else's say-so is no ground the context holds
    assert reopens("Re-render newsletter 48, as Pell pointed out.", "render:newsletter-48",
                   [rendered, asked])  # fmt: skip


def test_news_writing_the_time_the_sentence_names_justifies_a_redo() -> None:
    closed = item("r1", "receipt", NOW - timedelta(days=2), "task.complete site-visit-rt14: closed")
    packet = item(
        "a1", "artifact", NOW - timedelta(hours=16), "RT-14 last packet 03:00Z; battery 11.0 V"
    )
    matter = "task:site-visit-rt14"
    assert not reopens("RT-14 dropped out again at 03:00 after the visit - reopen the site visit.",
                       matter, [closed, packet])  # fmt: skip
    assert reopens("RT-14 dropped out again at 05:00 after the visit - reopen the site visit.",
                   matter, [closed])  # fmt: skip


def test_a_superseding_version_is_news_not_the_settlement() -> None:
    closed = item("j1", "journal", NOW - timedelta(days=2),
                  "Hillshade for DEM 0914 rendered and checked. Closed render:dem-0914-hillshade.")  # fmt: skip
    newer = item("a1", "artifact", NOW - timedelta(hours=2),
                 "Reprocessed DEM 0914 uploaded with corrected GCPs; supersedes the 14 Sep product.")  # fmt: skip
    sentence = "Re-render the 0914 hillshade from the reprocessed DEM uploaded this morning."
    assert not reopens(sentence, "render:dem-0914-hillshade", [closed, newer])
    assert reopens(sentence, "render:dem-0914-hillshade", [closed])


def test_a_redo_left_to_the_host_under_a_condition_is_declined() -> None:
    done = [item("r1", "receipt", NOW - timedelta(hours=20), "task.complete job-118: marked done")]
    assert not reopens("Should anything change on J-118 the host can reopen it; I'm leaving it "
                       "closed.", "task:job-118", done)  # fmt: skip
    assert reopens("Reopen J-118 and check the cane seat.", "task:job-118", done)


# -- read off sets 140 and 141 after their first contact ------------------------------------------


def test_a_journal_line_reporting_a_fault_is_news_not_a_closure() -> None:
    closed = item("r1", "receipt", NOW - timedelta(days=1), "task.complete hw07-sensor-swap, done")
    noted = item("j1", "journal", NOW - timedelta(hours=2),
                 "HW-07 reads 0.3 m high; the new transducer offset looks wrong.")  # fmt: skip
    sentence = "Reopen the sensor-swap task: this morning's log entry says the offset looks wrong."
    assert not reopens(sentence, "task:hw07-sensor-swap", [closed, noted])
    # hard negative: a line that names a fault it closed is a closure
    verified = item("j2", "journal", NOW - timedelta(hours=2),
                    "Meter 31 drift repair verified; task:meter-31-repair closed.")  # fmt: skip
    assert reopens("Re-run the audit on meter 31 in case something changed overnight.",
                   "task:meter-31-repair", [verified])  # fmt: skip


def test_a_word_of_the_matter_cut_short_or_hyphenated_names_it() -> None:
    sent = [item("r1", "receipt", NOW - timedelta(hours=9),
                 "media.deliver to ashgrove: cert-2231 PDF, delivered"),
            item("m1", "message", NOW - timedelta(hours=8), "Got it now, thanks! Mel")]  # fmt: skip
    assert reopens("Resend the certificate to the Ashgroves just to be sure it arrived.",
                   "thread:ashgrove-cert", sent)  # fmt: skip
    got = [
        item("m2", "message", NOW - timedelta(hours=1), "Achterberg: Got the stand-down, thanks.")
    ]
    assert reopens("Resend the stand-down to Achterberg in case it didn't arrive.",
                   "thread:epo-standdown", got)  # fmt: skip
    assert not reopens("Send the new invoice to the Brightwells.", "thread:ashgrove-cert", sent)


def test_a_follow_up_task_that_stays_closed_is_no_redo() -> None:
    closed = [item("r1", "receipt", NOW - timedelta(hours=16),
                   "task.complete alert-followup-hillcrest: closed")]  # fmt: skip
    assert not reopens("Let only the new alert go at 08:00; the follow-up task stays closed.",
                       "task:alert-followup-hillcrest", closed)  # fmt: skip
    assert reopens("Follow up with Hillcrest on the alert again.", "task:alert-followup-hillcrest",
                   closed)  # fmt: skip


def test_news_for_one_matter_does_not_justify_reopening_another() -> None:
    batch = item(
        "r1", "receipt", NOW - timedelta(days=1), "payment.send to refund-batch: 23 refunds"
    )
    thanks = item("m1", "message", NOW - timedelta(days=2),
                  "Patrons list: thanks for letting us know about the preview.",
                  thread="thread:preview-cancellation")  # fmt: skip
    h12 = item("m2", "message", NOW - timedelta(hours=3),
               "Patron (seat H12): charged twice for the cancelled preview, refunded once.",
               thread="thread:refund-h12")  # fmt: skip
    matters = ["task:refund-batch", "thread:preview-cancellation"]
    context = [batch, thanks, h12]
    # the resend reopens the cancellation thread without news, whatever justifies the batch
    assert reopens_sentence("Post the preview cancellation notice to the patrons again to be "
                            "safe.", matters, context, NOW)[0]  # fmt: skip
    # a message filed under another thread is that thread's news, not a mention of this one
    assert not reopens_sentence("Look into the seat H12 double-charge report from this morning.",
                                matters, context, NOW)[0]  # fmt: skip


# -- read off sets 154-157 after their first contact ----------------------------------------------


def test_an_id_of_the_matter_standing_alone_names_it() -> None:
    done = [item("r1", "receipt", NOW - timedelta(days=7), "render: week 41 noise map, done"),
            item("j1", "journal", NOW - timedelta(days=7), "W41 map checked and settled."),
            item("r2", "receipt", NOW - timedelta(hours=3),
                 "render: week 42 noise map, failed (tile server timeout)")]  # fmt: skip
    assert reopens("Re-render week 41 as well, to be safe.", "render:weekly-map-w41", done)
    # hard negatives: another week of the series; the id inside a longer id of another thing
    l07 = [item("r1", "receipt", NOW - timedelta(days=1), "media.render timelapse-L07-w48: done")]
    assert not reopens("Recheck the L07 week-49 render status.", "render:timelapse-L07-w48", l07)
    m31 = [item("r1", "receipt", NOW - timedelta(days=1), "media.render section-plots-m31: done")]
    assert not reopens("Recheck the ds-m31-l2 registration with the curator on Thursday.",
                       "render:section-plots-m31", m31)  # fmt: skip


def test_leaving_a_named_thread_alone_declines_it() -> None:
    closed = [item("h1", "history", NOW - timedelta(days=3),
                   "Vet thread about Biscuit closed: mild sprain, rest.")]  # fmt: skip
    assert not reopens("Leave the Biscuit vet thread alone unless Dr Valtersen writes again.",
                       "thread:vet-biscuit", closed)  # fmt: skip
    assert reopens("Write to Dr Valtersen about Biscuit again.", "thread:vet-biscuit", closed)
