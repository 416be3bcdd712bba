"""Rules read off development sets 110 and 111 (their first contacts measured before any fix):
a body that "has the notice" holds what the host sent (a notice, an alert, an advisory are
messages there, though not where they are put up); "enrolled" is a registration; a notice
that "went to" a named body was sent to it; a form "filed" was registered, or uploaded or
delivered to whoever takes it; "last week" dates the act to last week's occasions, and a day
naming the thing ("last week's reminder") gives way to one dating the act ("... on 7 Oct"),
and a clock is of the day said nearest before it ("on 9 Oct, and this week's today at 16:30").
And support: an id whose number the receipt's target carries beside the thing the claim names
("the JOB-2288 scans" of ``old-scans-2288``) is that target. Each with hard negatives."""

from __future__ import annotations

from datetime import UTC, datetime

from harness.schema.package import EvidenceItem
from harness.scorers.claim_support import Backing, Thresholds
from harness.scorers.support_label import support_label
from tests.scorers_helpers import lexical_invented, receipt_on_nov20

TODAY = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def _invented(
    sentence: str, *specs: tuple[str, str, str, str, str], field: str = "summary"
) -> bool:
    return lexical_invented(sentence, specs, TODAY, field=field)


def test_a_body_that_has_the_notice_holds_what_was_sent() -> None:
    pending = receipt_on_nov20("message.send", "warden-marwood", "pending", "09:00",
                               "message.send to warden-marwood: access-gate notice, pending")  # fmt: skip
    assert _invented("Warden has the gate notice.", pending)
    assert _invented("Marwood got the alert.", pending)
    sent = receipt_on_nov20("message.send", "warden-marwood", "succeeded", "09:00",
                            "message.send to warden-marwood: access-gate notice, delivered")  # fmt: skip
    # hard negatives: proved; not yet; a notice put up on a board is a post, not a message
    assert not _invented("Warden has the gate notice.", sent)
    assert not _invented("Warden has not got the notice yet.", pending)
    posted = receipt_on_nov20("post.publish", "elm-lobby-board", "succeeded", "09:00")
    assert not _invented("Heating notice live on the Elm lobby board.", posted)


def test_enrolled_is_a_registration() -> None:
    failed = receipt_on_nov20("registry.register", "member-0413", "failed", "11:02")
    assert _invented("Member 0413 was enrolled.", failed)
    done = receipt_on_nov20("registry.register", "member-0413", "succeeded", "11:02")
    # hard negatives: proved; a plan to enrol
    assert not _invented("Member 0413 was enrolled.", done)
    assert not _invented("Member 0413 will be enrolled once consent arrives.", failed)


def test_a_notice_that_went_to_a_named_body_was_sent() -> None:
    held = receipt_on_nov20("message.send", "health-office", "cancelled", "09:05")
    assert _invented("Alert level 3 notice went to the health office this morning.", held)
    sent = receipt_on_nov20("message.send", "health-office", "succeeded", "09:05")
    # hard negatives: proved; people who went somewhere sent nothing
    assert not _invented("Alert level 3 notice went to the health office this morning.", sent)
    assert not _invented("The field crew went to the health office.", held)


def test_a_form_filed_was_registered_or_handed_in() -> None:
    pending = receipt_on_nov20("artifact.upload", "permit-tour-nov", "pending", "10:00",
                               "artifact.upload permit-tour-nov: touring-permit form B-7, pending")  # fmt: skip
    assert _invented("Permit form B-7 filed.", pending)
    assert _invented("The permit application was lodged.", pending)
    uploaded = receipt_on_nov20("artifact.upload", "permit-tour-nov", "succeeded", "10:00",
                                "artifact.upload permit-tour-nov: touring-permit form B-7, accepted")  # fmt: skip
    # hard negatives: the upload that files it proves it; a plan to file
    assert not _invented("Permit form B-7 filed.", uploaded)
    assert not _invented("Permit form B-7 will be filed tomorrow.", pending)


def _two_weeks(this_week: str) -> tuple[tuple[str, str, str, str, str], ...]:
    # 2026-11-20 is a Friday: the 12th is in last week, the 19th in this one
    return (
        ("message.send", "members-u12", "succeeded", "2026-11-12T17:05:00Z",
         "message.send to members-u12: match-day notice for 15 Nov, delivered"),
        ("message.send", "members-u12", this_week, "2026-11-19T09:40:00Z",
         "message.send to members-u12: match-day notice for 22 Nov"),
    )  # fmt: skip


def test_last_week_dates_the_act_to_last_week() -> None:
    queued = _two_weeks("queued")
    assert not _invented("U12 members got the note last week.", *queued)
    assert not _invented("U12 members got last week's note.", *queued)
    # hard negatives: this week's is queued; a day that dates the act outranks the thing's
    assert _invented("U12 members got the note this week.", *queued)
    assert _invented("U12 members got the note.", *queued)
    ack = (("reminder.ack", "rem-backup", "succeeded", "2026-11-19T07:05:00Z",
            "reminder.ack rem-backup: weekly backup reminder (week 46) acknowledged"),)  # fmt: skip
    assert not _invented("Last week's backup reminder was acknowledged on 19 Nov.", *ack)
    assert _invented("Last week's backup reminder was acknowledged on 18 Nov.", *ack)


def _receipt(action: str, target: str, status: str, text: str) -> str:
    item = EvidenceItem(id="r1", kind="receipt", source="host/receipts", at="2026-11-20T09:00:00Z",
                        text=text, data={"action": action, "target": target, "status": status})  # fmt: skip
    return item.model_dump_json()


def _label(claim: str, action: str, target: str, status: str, text: str) -> str:
    item = EvidenceItem.model_validate_json(_receipt(action, target, status, text))
    return support_label(claim, [Backing.of(item)], Thresholds())[0]


def test_an_id_numbered_like_the_target_with_its_thing_named_is_the_target() -> None:
    cancelled = ("artifact.delete", "old-scans-2288", "cancelled", "artifact.delete old-scans-2288: cancelled by host")  # fmt: skip
    assert _label("The old JOB-2288 scans were deleted.", *cancelled) == "contradicted"
    # hard negatives: the same number on another thing, or on nothing the target names
    assert _label("The INV-2288 invoice was deleted.", *cancelled) == "unsupported"
    assert _label("JOB-2288 was deleted.", *cancelled) == "unsupported"


def test_a_clock_is_of_the_day_said_nearest_before_it() -> None:
    lists = (("post.publish", "taplist-wk46", "succeeded", "2026-11-13T16:20:00Z", ""),
             ("post.publish", "taplist-wk47", "succeeded", "2026-11-20T10:30:00Z", ""))  # fmt: skip
    said = "The week 46 list went up on 13 Nov, and week 47's followed today at 10:30."
    assert not _invented(said, *lists)
    assert not _invented(
        "Last week's list went up on 13 Nov, and this week's today at 10:30.", *lists
    )
    # hard negative: today's is only queued
    queued = (lists[0], ("post.publish", "taplist-wk47", "queued", "2026-11-20T10:30:00Z", ""))
    assert _invented(said, *queued)


# Read off sets 112 and 113 (first contacts measured at dbea8d9 before these fixes).


def test_a_receipt_line_restated_with_its_outcome_is_a_claim() -> None:
    cancelled = receipt_on_nov20("payment.send", "linen-supplier", "cancelled", "09:00")
    assert _invented("payment.send linen-supplier: succeeded", cancelled, field="claims")
    paid = receipt_on_nov20("payment.send", "linen-supplier", "succeeded", "09:00")
    # hard negatives: proved by the payment (not by a message to the same target); a failure
    message = receipt_on_nov20("message.send", "linen-supplier", "succeeded", "09:30")
    assert not _invented("payment.send linen-supplier: succeeded", paid, field="claims")
    assert _invented("payment.send linen-supplier: succeeded", cancelled, message, field="claims")
    assert not _invented("payment.send linen-supplier: cancelled", cancelled, field="claims")


def test_the_act_s_noun_heads_what_it_is_of() -> None:
    uploaded = receipt_on_nov20("artifact.upload", "grant-report-q3", "succeeded", "06:30")
    delivered = receipt_on_nov20("media.deliver", "county-fund", "succeeded", "06:55",
                                 "media.deliver to county-fund: Q3 grant report files")  # fmt: skip
    assert not _invented("Upload of the Q3 report: done.", uploaded, delivered)
    # hard negative: the upload failed; the delivery of the same report proves no upload
    failed = receipt_on_nov20("artifact.upload", "grant-report-q3", "failed", "06:30")
    assert _invented("Upload of the Q3 report: done.", failed, delivered)


def test_wording_fixes_attribute_nothing() -> None:
    queued = receipt_on_nov20("media.deliver", "patrol-kestrel", "queued", "05:40")
    assert _invented("Critique done; tiles delivered, draft needs only wording fixes.", queued)
    # hard negative: what the wording of a draft says is the draft's, not an act
    assert not _invented("The draft's wording says the tiles were delivered.", queued)


def test_an_entry_in_the_journal_was_written() -> None:
    yesterday = ("journal.append", "workshop-journal", "succeeded", "2026-11-19T19:00:00Z", "")
    assert _invented("Today's rota entry is in the workshop journal.", yesterday)
    today = receipt_on_nov20("journal.append", "workshop-journal", "succeeded", "08:00")
    # hard negatives: proved today; not yet there
    assert not _invented("Today's rota entry is in the workshop journal.", yesterday, today)
    assert not _invented("Today's entry is not in the journal yet.", yesterday)


def test_a_patrol_that_has_the_tiles_was_delivered_them() -> None:
    earlier = ("media.deliver", "patrol-kestrel", "succeeded", "2026-11-18T05:00:00Z", "")
    assert _invented("Kestrel patrol has today's tiles.", earlier)
    today = receipt_on_nov20("media.deliver", "patrol-kestrel", "succeeded", "05:00")
    # hard negatives: delivered today; tiles still to render are no delivery
    assert not _invented("Kestrel patrol has today's tiles.", earlier, today)
    assert not _invented("Kestrel patrol has two tiles left to check.", earlier)


def _said(claim: str, text: str) -> str:
    item = EvidenceItem(id="m1", kind="message", source="radio/relay", at="2026-11-20T09:00:00Z",
                        text=text, data={"from": "ranger-moss", "to": "vojan"})  # fmt: skip
    return support_label(claim, [Backing.of(item)], Thresholds())[0]


def test_nothing_from_you_yet_says_nothing_came() -> None:
    said = "Moss here. Nothing from you about the cornice yet - anything coming?"
    assert _said("Moss was notified of the cornice.", said) == "contradicted"
    assert _said("Moss has not been told about the cornice.", said) == "supported"
    # hard negative: nothing left to do is a thing done
    assert _said("The cornice survey was sent.", "Cornice survey sent; nothing left to do.") == (
        "supported"
    )
