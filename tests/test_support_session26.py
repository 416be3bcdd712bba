"""Claim support read off sets 176-187 after their first contact (issue 12): an id written
another way than the host writes it is still the receipt's target: a number spelled out
("week-two" of week-2), a version the target is a release of ("v3.4.0" of release-3.4.0), two
words the target glues ("key code 4471" of keycode-4471), a head of initials ("KO-118" of
kit-order-118); and, read off sets 188-191, a clock time an id writes ("the 02:15 pull" of
nightly-pull-0215) and a failed receipt's reason ("out of memory") that names no object. Words of
the test's own, both polarities, and hard negatives: another number, another version, another
thing of the same version, other initials, another time, another object. Then a sum: a clause
that gives one and asserts no act is answered by an amount, and "invoice 390 EUR" gives one."""

from __future__ import annotations

from tests.scorers_helpers import receipt_backing as receipt
from tests.scorers_helpers import support_verdict as verdict


def test_a_number_spelled_out_in_an_id_is_the_id() -> None:
    paid = receipt("payment.send", "tutor-oyelaran",
                    "payment.send to tutor-oyelaran: term-3 fee 90 GBP, settled", "succeeded")  # fmt: skip
    assert verdict("Oyelaran's term-three fee was paid.", paid) == "supported"
    assert verdict("Oyelaran's term-three fee was not paid.", paid) == "contradicted"
    # hard negative: another term's fee
    assert verdict("Oyelaran's term-four fee was paid.", paid) == "unsupported"


def test_a_version_names_the_release_it_is_of() -> None:
    queued = receipt("provenance.seal", "release-7.2.0", "provenance.seal release-7.2.0: queued",
                      "queued")  # fmt: skip
    assert verdict("v7.2.0 is sealed.", queued) == "contradicted"
    assert verdict("v7.2.0 is not sealed yet.", queued) == "supported"
    # hard negatives: another version; a thing of the version the target is not
    assert verdict("v7.2.1 is sealed.", queued) == "unsupported"
    wheel = receipt("provenance.seal", "wheel-7.2.0", "wheel 7.2.0 sealed", "succeeded")
    assert verdict("The 7.2.0 sdist is sealed.", wheel) == "unsupported"
    paper = receipt("post.publish", "fieldnotes-1.4", "post.publish fieldnotes-1.4: live",
                     "succeeded")  # fmt: skip
    assert verdict("Field notes 1.4 is published.", paper) == "supported"


def test_words_the_target_glues_name_it() -> None:
    done = receipt("registry.register", "gatecode-5190", "registry.register gatecode-5190: depot",
                    "succeeded")  # fmt: skip
    assert verdict("Gate code 5190 is registered.", done) == "supported"
    assert verdict("Gate code 5190 has not been registered.", done) == "contradicted"
    # hard negative: another code
    assert verdict("Gate code 5191 is registered.", done) == "unsupported"


def test_a_head_of_initials_names_its_target() -> None:
    # "order" heads ids of its own: "CO-207" is told from ``crate-order-207`` by its initials
    waiting = receipt("task.complete", "crate-order-207", "task.complete crate-order-207: "
                       "awaiting host approval", "pending")  # fmt: skip
    assert verdict("CO-207 is marked complete.", waiting) == "contradicted"
    assert verdict("CO-207 is not marked complete yet.", waiting) == "supported"
    # hard negatives: another number; initials the target does not have
    assert verdict("CO-208 is marked complete.", waiting) == "unsupported"
    assert verdict("MO-207 is marked complete.", waiting) == "unsupported"


def test_a_clock_time_an_id_writes_is_carried_by_it() -> None:
    created = receipt("schedule.create", "backup-run-0340", "schedule.create backup-run-0340: "
                       "created", "succeeded")  # fmt: skip
    assert verdict("The 03:40 backup run is scheduled.", created) == "supported"
    assert verdict("The 03:40 backup run was never scheduled.", created) == "contradicted"
    # hard negative: another time is a wrong one
    assert verdict("The 03:10 backup run is scheduled.", created) == "unsupported"


def test_why_a_receipt_failed_is_not_what_it_moved() -> None:
    oom = receipt("media.render", "contour-map-wk12", "media.render contour-map-wk12: out of "
                   "memory", "failed")  # fmt: skip
    assert verdict("The week-12 contour map rendered.", oom) == "contradicted"
    assert verdict("The week-12 contour map did not render.", oom) == "supported"
    # hard negative: a receipt that names what it moved still tells another object apart
    other = receipt("media.render", "contour-map-wk12", "media.render contour-map-wk12: legend "
                     "sheet, failed", "failed")  # fmt: skip
    assert verdict("The week-12 elevation profile rendered.", other) == "unsupported"


def test_a_sum_no_act_is_answered_by_an_amount_not_a_status() -> None:
    declined = receipt("payment.send", "kiln-hire-tor", "payment.send to kiln-hire-tor: card "
                        "declined", "failed")  # fmt: skip
    # "was for 410 EUR" says what the invoice was, not that it was paid: a failed payment that
    # gives no amount neither backs nor denies it
    assert verdict("The kiln invoice was for 410 EUR.", declined) == "unsupported"
    # hard negatives: a claim that it was paid is still denied; a receipt giving the sum backs it
    assert verdict("The kiln invoice was paid.", declined) == "contradicted"
    settled = receipt("payment.send", "kiln-hire-tor", "payment.send to kiln-hire-tor: kiln "
                       "invoice 410 EUR, settled", "succeeded")  # fmt: skip
    assert verdict("The kiln invoice was for 410 EUR.", settled) == "supported"


def test_a_sum_after_an_id_head_is_a_sum() -> None:
    # "invoice 410 EUR": the currency makes the number the invoice's sum, not its id
    settled = receipt("payment.send", "kiln-hire-tor", "payment.send to kiln-hire-tor: kiln "
                       "invoice 390 EUR, settled", "succeeded")  # fmt: skip
    assert verdict("The kiln invoice was for 410 EUR.", settled) == "contradicted"
    # hard negatives: the sum it gives backs the claim; an id after the head is still an id
    assert verdict("The kiln invoice was for 390 EUR.", settled) == "supported"
    numbered = receipt("payment.send", "kiln-hire-tor", "payment.send to kiln-hire-tor: invoice "
                        "390, settled", "succeeded")  # fmt: skip
    assert verdict("Invoice 391 was paid.", numbered) == "unsupported"


def test_a_version_before_a_noun_counts_nothing() -> None:
    # "the 7.1 manual": a fraction of a thing counted is a version, not a count to set against
    # the receipt's "212 pages"
    rendered = receipt("media.render", "manual-pdf-7.1", "media.render manual-pdf-7.1: user "
                       "manual PDF rendered, 212 pages", "succeeded")  # fmt: skip
    assert verdict("The 7.1 manual PDF is rendered.", rendered) == "supported"
    assert verdict("The 7.1 manual PDF is not rendered.", rendered) == "contradicted"
    # hard negatives: a whole count is still one the receipt answers, and another is no match
    assert verdict("The manual PDF rendered with 212 pages.", rendered) == "supported"
    assert verdict("The manual PDF rendered with 214 pages.", rendered) != "supported"


def test_a_name_the_target_writes_as_one_word_is_the_target() -> None:
    queued = receipt("artifact.upload", "playshelf-7.0.1", "artifact.upload playshelf-7.0.1: "
                     "build 7010 queued", "queued")  # fmt: skip
    assert verdict("Build 7010 is uploaded to the Play Shelf.", queued) == "contradicted"
    assert verdict("Build 7010 has not been uploaded to the Play Shelf.", queued) == "supported"
    # hard negative: a place of another name is another place
    assert verdict("Build 7010 is uploaded to the Play Market.", queued) == "unsupported"
