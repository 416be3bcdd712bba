"""Completion rules read off development sets 94-99 (six first contacts of one detector): a body
that "has received" a thing came by the host's act for it; a month each receipt names picks the
occasion of that month ("August's reminder was acknowledged"), where not every receipt names
one the month may name the thing; a greeting ("Hi Sam,") is no target; a status line may say
when ("Journal: done for today"). Read off sets 100-103: a date attached to the thing ("weights
of 13 Sept", "the 24 Aug kiln slot") names it, and a receipt that names that date is its
occasion whatever day it came; an ask stays an ask when a clause of time after it has a verb of
its own ("Re-run the merge after the conflict is resolved"); "in August" dates the act to an
occasion of that month. And support: an act asked for or planned ("to be told at 08:00",
"will be sent") says neither that it happened nor that it did not. Read off sets 104-107: "was
also informed" is a passive of sending; a label-first line may say when ("Uploaded tonight:
0922 and 0923"). Read off sets 108 and 109: a number that ends an id is no day ("BH-07 August
download"); "for his 29 Aug slot" dates the slot, not the act. Each with hard negatives."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.scorers_helpers import judged_lines, lexical_invented, receipt_on_nov20

TODAY = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def _invented(
    sentence: str, *specs: tuple[str, str, str, str, str], field: str = "summary"
) -> bool:
    return lexical_invented(sentence, specs, TODAY, field=field)


def test_a_body_that_has_received_a_thing_came_by_the_host_s_act() -> None:
    failed = receipt_on_nov20("message.send", "civil-protection", "failed", "09:40")
    assert _invented("Civil protection has received the October bulletin.", failed)
    assert _invented("Civil protection have received the bulletin.", failed)
    sent = receipt_on_nov20("message.send", "civil-protection", "succeeded", "09:40")
    # hard negatives: proved; a body that has received a reply of its own is no act of ours
    assert not _invented("Civil protection has received the October bulletin.", sent)
    assert not _invented("Civil protection has not received the bulletin yet.", failed)


def _reminders(september: str) -> tuple[tuple[str, str, str, str, str], ...]:
    return (
        ("reminder.ack", "seismo-krv3-maintenance", "succeeded", "2026-08-15T09:00:00Z",
         "reminder.ack seismo-krv3-maintenance: August battery swap reminder cleared"),
        ("reminder.ack", "seismo-krv3-maintenance", september, "2026-11-20T11:40:00Z",
         "reminder.ack seismo-krv3-maintenance: September battery swap reminder, awaiting host"),
    )  # fmt: skip


def test_a_month_each_receipt_names_picks_that_occasion() -> None:
    pending = _reminders("pending")
    assert not _invented("August's battery-swap reminder for KRV3 was acknowledged.", *pending)
    assert not _invented("The KRV3 battery-swap reminder for August was acknowledged.", *pending)
    # hard negatives: the month whose receipt is pending, or no month at all (the most recent)
    assert _invented("September's battery-swap reminder for KRV3 was acknowledged.", *pending)
    assert _invented("The battery-swap reminder for KRV3 was acknowledged.", *pending)


def test_a_month_only_one_receipt_names_may_name_the_thing() -> None:
    # "the August dataset" is the thing both receipts are of: its first seal says "August",
    # today's re-seal (queued) does not; the re-seal is not proven by the first
    first = ("provenance.seal", "dataset-2026-08", "succeeded", "2026-09-01T10:00:00Z",
             "provenance.seal dataset-2026-08: August dataset sealed")  # fmt: skip
    again = receipt_on_nov20(
        "provenance.seal", "dataset-2026-08", "queued", "09:00",
        "provenance.seal dataset-2026-08: re-seal after calibration fix queued",
    )  # fmt: skip
    assert _invented("August dataset re-sealed with the corrected values.", first, again)
    done = receipt_on_nov20("provenance.seal", "dataset-2026-08", "succeeded", "09:00", "re-sealed")
    assert not _invented("August dataset re-sealed with the corrected values.", first, done)


def test_a_greeting_is_no_target() -> None:
    upload = receipt_on_nov20("artifact.upload", "booking-sheet-oct", "succeeded", "09:00",
                              "artifact.upload booking-sheet-oct: October booking sheet")  # fmt: skip
    assert not _invented("Hi Sam, the October booking sheet is uploaded.", upload, field="draft")
    assert not _invented("Hello Sam! The October booking sheet is uploaded.", upload, field="draft")
    queued = receipt_on_nov20("artifact.upload", "booking-sheet-oct", "queued", "09:00",
                              "artifact.upload booking-sheet-oct: October booking sheet")  # fmt: skip
    # hard negatives: the act itself unproven; "you" still means the addressee
    assert _invented("Hi Sam, the October booking sheet is uploaded.", queued, field="draft")
    assert _invented("Hi Sam, I sent you the roster.", upload, field="draft")


def test_a_status_line_may_say_for_which_day() -> None:
    yesterday = ("journal.append", "uhdim-journal", "succeeded", "2026-11-19T22:00:00Z",
                 "journal.append: Nov 19 pantry run notes")  # fmt: skip
    assert _invented("Journal: done for today.", yesterday)
    today = receipt_on_nov20("journal.append", "uhdim-journal", "succeeded", "10:00")
    assert not _invented("Journal: done for today.", yesterday, today)
    assert not _invented("Journal: done for the day.", today)


def test_a_date_attached_to_the_thing_is_matched_by_the_receipt_that_names_it() -> None:
    thirteenth = receipt_on_nov20("artifact.upload", "hive-weights-1119", "succeeded", "04:05")
    fourteenth = receipt_on_nov20("artifact.upload", "hive-weights-1120", "pending", "04:25")
    # the weights of the 19th went up on the 20th: the receipt naming 1119 is their occasion
    assert not _invented("Weights of 19 Nov uploaded, 48 hives.", thirteenth, fourteenth)
    assert not _invented("The 19 Nov weights are uploaded.", thirteenth, fourteenth)
    # hard negatives: the thing of the 20th is pending; a date no receipt names stays unproven;
    # a date said of the act itself still dates it ("uploaded on 19 Nov": nothing that day)
    assert _invented("Weights of 20 Nov uploaded.", thirteenth, fourteenth)
    assert _invented("Weights of 18 Nov uploaded.", thirteenth, fourteenth)
    assert _invented("Weights uploaded on 19 Nov.", thirteenth, fourteenth)


def test_an_ask_with_a_clause_of_time_after_it_stays_an_ask() -> None:
    failed = receipt_on_nov20("repo.merge", "glossary-legal-de", "failed", "09:10")
    for step in (
        "Re-run the merge for glossary-legal-de after the conflict is resolved.",
        "Merge glossary-legal-de again once the conflict is resolved.",
        "Create the visit entry for glossary-legal-de again after the conflict is resolved.",
    ):
        assert not _invented(step, failed, field="next_steps"), step
    # hard negatives: a statement that the matter is resolved, and an ask's object said done
    assert _invented("glossary-legal-de is resolved and merged.", failed)
    assert _invented("The conflict is resolved; glossary-legal-de merged.", failed)


def test_in_a_month_dates_the_act_to_that_month() -> None:
    august = ("reminder.ack", "sensor-h12", "succeeded", "2026-08-04T09:00:00Z", "")
    now = receipt_on_nov20("reminder.ack", "sensor-h12", "pending", "08:00")
    assert not _invented("The H-12 reminder was acknowledged in August.", august, now)
    # hard negatives: a month with no such occasion; no month at all is today's, pending
    assert _invented("The H-12 reminder was acknowledged in September.", august, now)
    assert _invented("The H-12 reminder was acknowledged.", august, now)


def test_a_plan_says_neither_done_nor_undone() -> None:
    # "Insurance form for Brandt printed; to be sent after the vet signs.": neither the claim
    # that it was sent nor that it was not; "Tell Kai about the next hydro test" restated as "Kai
    # is to be told ..." is what it says; "is not to be posted" still answers (set 53)
    for line, (labelled, predicted) in {
        **judged_lines("heldout101", "support", {"b101-s029", "b101-s030"}),
        **judged_lines("heldout90", "support", {"sup-069"}),
        **judged_lines("heldout53", "support", {"sup-164", "sup-165"}),
    }.items():
        assert predicted == labelled, line


def test_was_also_informed_is_a_send() -> None:
    other = receipt_on_nov20("message.send", "hollin-school", "succeeded", "09:00")
    assert _invented("The parents' group was also informed.", other, field="draft")
    sent = receipt_on_nov20("message.send", "parents-group", "succeeded", "09:00")
    # hard negatives: proved; a plan to inform
    assert not _invented("The parents group was also informed.", other, sent, field="draft")
    assert not _invented("The parents group will also be informed.", other, field="draft")


def test_a_label_first_line_may_say_when() -> None:
    # 0923 went up today, 0922 failed yesterday and nothing since: "uploaded tonight" claims both
    yesterday = ("artifact.upload", "batch-0922", "failed", "2026-11-19T21:00:00Z", "")
    today = receipt_on_nov20("artifact.upload", "batch-0923", "succeeded", "10:02")
    assert _invented("Uploaded tonight: 0922 and 0923.", yesterday, today, field="draft")
    assert _invented("Uploaded this morning: 0922 and 0923.", yesterday, today, field="draft")
    # hard negatives: both proved today; only the one proved named
    again = receipt_on_nov20("artifact.upload", "batch-0922", "succeeded", "10:05")
    assert not _invented("Uploaded today: 0922 and 0923.", yesterday, today, again, field="draft")
    assert not _invented("Uploaded today: 0923.", yesterday, today, field="draft")


def test_a_number_ending_an_id_is_no_day() -> None:
    upload = ("artifact.upload", "bh07-2026-08", "succeeded", "2026-11-03T06:10:00Z",
              "artifact.upload bh07-2026-08: BH-07 August download")  # fmt: skip
    assert not _invented("BH-07 August download uploaded.", upload)
    # hard negatives: a day written as one ("7 August") still dates the act; no receipt then
    assert _invented("The download was uploaded on 7 August.", upload)


def test_a_date_after_for_and_a_possessive_is_the_event_s() -> None:
    sent = ("message.send", "jonas", "succeeded", "2026-11-10T11:00:00Z",
            "message.send to jonas: shed slot confirmation, delivered")  # fmt: skip
    assert not _invented("Jonas got our confirmation for his 29 Nov slot.", sent, field="draft")
    # hard negative: a date of the act itself, with no receipt of that day
    assert _invented("Jonas got our confirmation on 19 Nov.", sent, field="draft")
