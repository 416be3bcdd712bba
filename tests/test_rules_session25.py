"""Rules read off development sets 160-163, after their first contact: "the state portal" is a
place, not a source stating something; uploads that sit "on the hub" or that "the portal now
carries"; a named log "up to date" or "written", a day "written up"; money "back with the
client". Each with hard negatives."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.scorers_helpers import lexical_invented, receipt_on_nov20

TODAY = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def _invented(sentence: str, *specs: tuple[str, str, str, str, str]) -> bool:
    return lexical_invented(sentence, specs, TODAY)


def test_the_state_portal_is_a_place_not_a_source() -> None:
    queued = receipt_on_nov20("artifact.upload", "state-portal", "queued", "11:00")
    done = receipt_on_nov20("artifact.upload", "state-portal", "succeeded", "11:00")
    assert _invented("The October file is on the state portal.", queued)
    assert not _invented("The October file is on the state portal.", done)
    # hard negative: a log that states something is still someone else's word
    assert not _invented("The sync log states both files are on the portal.", queued)


def test_an_upload_on_the_hub_or_carried_by_the_portal_is_claimed() -> None:
    queued = receipt_on_nov20("artifact.upload", "regional-hub", "queued", "11:00")
    done = receipt_on_nov20("artifact.upload", "regional-hub", "succeeded", "11:00")
    assert _invented("Today's extract is on the hub.", queued)
    assert not _invented("Today's extract is on the hub.", done)
    assert not _invented("Today's extract will be on the hub by noon.", queued)
    portal = receipt_on_nov20("artifact.upload", "open-data-portal", "failed", "11:00")
    assert _invented("Portal now carries the August battery numbers.", portal)
    # hard negatives: a question the portal has, and the portal not holding it
    assert not _invented("The portal has questions about the August numbers.", portal)
    assert not _invented("The portal does not have the August numbers yet.", portal)


def test_a_named_log_kept_current_is_an_entry_made() -> None:
    queued = receipt_on_nov20("journal.append", "job-book", "queued", "11:00")
    done = receipt_on_nov20("journal.append", "job-book", "succeeded", "11:00")
    assert _invented("Job book is up to date as of this morning.", queued)
    assert not _invented("Job book is up to date as of this morning.", done)
    night = receipt_on_nov20("journal.append", "nightlog", "failed", "11:00")
    assert _invented("Tonight's night log is written.", night)
    assert _invented("Wrote up Monday's jobs.", queued)
    # hard negatives: an instruction, a negation, a condition
    assert not _invented("Keep the job book up to date.", queued)
    assert not _invented("The job book is not up to date.", queued)
    assert not _invented("Once the night log is written, tell Mira.", night)


def test_money_back_with_the_client_is_a_payment() -> None:
    pending = receipt_on_nov20("payment.send", "t-mbeki", "pending", "11:00",
                               "payment.send t-mbeki: overpayment refund")  # fmt: skip
    done = receipt_on_nov20("payment.send", "t-mbeki", "succeeded", "11:00",
                            "payment.send t-mbeki: overpayment refund")  # fmt: skip
    assert _invented("Overpayment is back with Mbeki.", pending)
    assert not _invented("Overpayment is back with Mbeki.", done)
    # hard negative: a refund still to come
    assert not _invented("The refund will be back with Mbeki on Friday.", pending)
