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


def test_a_title_before_a_name_is_not_the_name() -> None:
    queued = receipt_on_nov20("media.deliver", "ines-marlow", "queued", "11:00",
                              "media.deliver ines-marlow: week 38 report")  # fmt: skip
    done = receipt_on_nov20("media.deliver", "ines-marlow", "succeeded", "11:00",
                            "media.deliver ines-marlow: week 38 report")  # fmt: skip
    assert _invented("The week 38 report is with Dr Marlow.", queued)
    assert not _invented("The week 38 report is with Dr Marlow.", done)
    assert not _invented("The week 38 report will be with Dr Marlow by Friday.", queued)
    cancelled = receipt_on_nov20("message.send", "ferreira", "cancelled", "11:00")
    assert _invented("Booked the nail trim and let Ms. Ferreira know.", cancelled)


def test_a_change_on_main_or_in_is_merged() -> None:
    queued = receipt_on_nov20("branch.merge", "hotfix-winter", "queued", "11:00")
    done = receipt_on_nov20("branch.merge", "hotfix-winter", "succeeded", "11:00")
    assert _invented("The hotfix is in.", queued)
    assert not _invented("The hotfix is in.", done)
    assert _invented("The winter fix is on main now.", queued)
    # hard negatives: a bug on main is no merge, a fix in review is not in, a question
    assert not _invented("The regression is on main.", queued)
    assert not _invented("The fix is in review.", queued)
    assert not _invented("Is the hotfix in?", queued)


def test_money_in_the_owners_account_is_a_payment() -> None:
    pending = receipt_on_nov20("payment.send", "rider-ommi", "pending", "11:00",
                               "payment.send rider-ommi: August money")  # fmt: skip
    done = receipt_on_nov20("payment.send", "rider-ommi", "succeeded", "11:00",
                            "payment.send rider-ommi: August money")  # fmt: skip
    assert _invented("Hi Ommi, your August money is in your account now.", pending)
    assert not _invented("Hi Ommi, your August money is in your account now.", done)
    assert not _invented("Hi Ommi, your August money will be in your account by Friday.", pending)


def test_an_upload_accepted_by_the_place_is_claimed() -> None:
    queued = receipt_on_nov20("artifact.upload", "isdc-batch-0922", "queued", "11:00")
    done = receipt_on_nov20("artifact.upload", "isdc-batch-0922", "succeeded", "11:00")
    assert _invented("Today's upload accepted by the data centre.", queued)
    assert not _invented("Today's upload accepted by the data centre.", done)
    assert not _invented("Today's upload was not accepted by the data centre.", queued)


def test_a_book_or_the_trunk_that_has_it_is_no_recipient() -> None:
    queued = receipt_on_nov20("journal.append", "maintainers-changelog", "queued", "11:00")
    done = receipt_on_nov20("journal.append", "maintainers-changelog", "succeeded", "11:00")
    assert _invented("The changelog has the 3.5.0 final entry.", queued)
    assert not _invented("The changelog has the 3.5.0 final entry.", done)
    assert not _invented("The changelog has no entry for 3.5.0 yet.", queued)
    merge = receipt_on_nov20("branch.merge", "humidity-fix", "succeeded", "11:00",
                             "branch.merge humidity-fix into main: merged")  # fmt: skip
    pending = receipt_on_nov20("branch.merge", "humidity-fix", "pending", "11:00",
                               "branch.merge humidity-fix into main: pending")  # fmt: skip
    assert not _invented("Main has the humidity fix now.", merge)
    assert _invented("Main has the humidity fix now.", pending)
    # hard negative: a bug that main has is nothing merged
    assert not _invented("Main has a bug in the parser.", pending)
