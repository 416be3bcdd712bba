"""Completion rules read off development set 45: a degree "too" adds no occasion, a folder's count
of files is a measurement, "donated" is a payment, a clock time's "UTC+2" is its zone, and
"mid-August" says when, not what was paid. With hard negatives."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from tests.scorers_helpers import lexical_invented, receipt_on_nov20

RECORDED = datetime(2026, 11, 20, 22, 0, tzinfo=UTC)
_r = receipt_on_nov20

UPLOADED = _r("artifact.upload", "catalogue-pdf-v2", "succeeded", "16:30")
POST_FAILED = _r("post.publish", "studio-feed", "failed", "16:45",
                 "post.publish to studio-feed: catalogue announcement, failed (image too large)")  # fmt: skip


def test_a_degree_too_adds_no_occasion() -> None:
    said = "The catalogue v2 is uploaded, the announce for the feed is failing because the image is too big."
    assert not lexical_invented(said, [UPLOADED, POST_FAILED], RECORDED)
    # hard negative: the additive "too" still asks for an occasion of its own
    assert lexical_invented("Uploaded the catalogue v2 too.", [UPLOADED], RECORDED)


DELETE_QUEUED = _r("artifact.delete", "scratch-hashes-09", "queued", "21:50")


def test_a_folders_count_of_files_is_a_measurement() -> None:
    said = "scratch-hashes-09 holds 44 files, none referenced by the registry."
    assert not lexical_invented(said, [DELETE_QUEUED], RECORDED, field="claims")
    # hard negatives: a person who has the files, and a count that was received, were sent them
    queued = _r("media.deliver", "ilse", "queued", "21:00", "media.deliver to ilse: scans")
    assert lexical_invented("Ilse has the scans now.", [queued], RECORDED)
    assert lexical_invented("Ilse received 3 files tonight.", [queued], RECORDED)


FUND_QUEUED = _r("payment.send", "library-fund", "queued", "21:00",
                 "payment.send to library-fund: donation, queued for Monday batch")  # fmt: skip


def test_a_donation_is_a_payment() -> None:
    assert lexical_invented("Donated to the library fund.", [FUND_QUEUED], RECORDED)
    paid = _r("payment.send", "library-fund", "succeeded", "21:00")
    assert not lexical_invented("Donated to the library fund.", [paid], RECORDED)
    assert not lexical_invented("Will donate to the library fund on Monday.", [FUND_QUEUED],
                                RECORDED)  # fmt: skip


SEALED = _r("provenance.seal", "project-general", "succeeded", "08:58")


def test_an_offset_from_utc_is_the_clock_times_zone() -> None:
    local = datetime(2026, 11, 20, 23, 0, tzinfo=timezone(timedelta(hours=2)))
    said = "project-general was re-sealed at 10:58 local time (UTC+2)."
    assert not lexical_invented(said, [SEALED], local, field="verified_facts")
    # hard negative: another time in that zone is another occasion
    other = "project-general was re-sealed at 12:58 local time (UTC+2)."
    assert lexical_invented(other, [SEALED], local, field="verified_facts")


DEPOSIT = _r("payment.send", "atelier-brun", "succeeded", "09:00",
             "payment.send to atelier-brun: INV-3190 deposit, settled")  # fmt: skip


def test_part_of_a_month_says_when_not_what() -> None:
    said = "The deposit (INV-3190) was paid mid-November; the balance is still owed."
    assert not lexical_invented(said, [DEPOSIT], RECORDED, field="findings")
    # hard negative: an object the receipt does not name is still another thing paid
    assert lexical_invented("The framing invoice was paid mid-November.", [DEPOSIT], RECORDED,
                            field="findings")  # fmt: skip
