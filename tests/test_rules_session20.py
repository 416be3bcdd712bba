"""Completion and support rules read off development sets 80 and 81: a word written apart from
its number names the id that glues them ("week 37" of ``qc-week37``); a word of its own tells
two targets of one number apart; a numbered target may be named by all its words and no
number; a state after a verb of being ("is up now", "both in the registry") says the act is
over; a thing "went to" a recipient the host writes to; a job the host closes is no worker's
run; a day is no item of a list. And support: one thing of another month is another occasion;
money and records name no one thing. Each with hard negatives."""

from __future__ import annotations

from datetime import UTC, datetime

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.support_label import support_label
from harness.text.names import prose_words
from tests.scorers_helpers import lexical_invented, receipt_on_nov20

TODAY = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def _invented(sentence: str, *specs: tuple[str, str, str, str, str]) -> bool:
    return lexical_invented(sentence, specs, TODAY)


def test_a_word_apart_from_its_number_names_the_glued_id() -> None:
    cancelled = receipt_on_nov20("task.complete", "task:audit-wk12", "cancelled", "09:00")
    assert _invented("Audit wk 12 done.", cancelled)
    assert _invented("audit wk12 done.", cancelled)
    done = receipt_on_nov20("task.complete", "task:audit-wk12", "succeeded", "09:00")
    # hard negatives: proved; another number is not the glued id's
    assert not _invented("Audit wk 12 done.", done)
    assert prose_words("wk 13")[0] >= {"wk13"}
    assert "wk12" not in prose_words("wk 13")[0]


def test_a_word_of_its_own_tells_two_targets_of_one_number_apart() -> None:
    pending = receipt_on_nov20("task.complete", "job-harpsichord-31", "pending", "09:00")
    photos = receipt_on_nov20("artifact.upload", "photos-harpsichord-31", "succeeded", "09:10")
    assert _invented("Job Harpsichord-31 is finished.", pending, photos)
    # hard negatives: said so of the photos, their upload proves it; neither told apart stays
    # unread rather than guessed
    assert not _invented("Photos harpsichord-31 are up on storage.", pending, photos)
    assert not _invented("Harpsichord 31 is finished.", pending, photos)


def test_a_numbered_target_may_be_named_by_its_words_alone() -> None:
    queued = receipt_on_nov20("task.complete", "job-clavichord-1770", "queued", "09:00")
    assert _invented("The clavichord job is closed out.", queued)
    done = receipt_on_nov20("task.complete", "job-clavichord-1770", "succeeded", "09:00")
    assert not _invented("The clavichord job is closed out.", done)
    # hard negatives: a number in the text may be a sibling's or a date, and one word alone
    # is the kind of thing, not its name
    assert not _invented("The clavichord job 1771 is closed out.", queued)
    assert not _invented("The job is closed out.", queued)


def test_a_state_after_a_verb_of_being_says_the_act_is_over() -> None:
    queued = receipt_on_nov20("post.publish", "rota-board", "queued", "09:00")
    assert _invented("The rota board is up now, check your shift.", queued)
    pending = receipt_on_nov20("registry.register", "specimen-0702", "pending", "09:00")
    sealed = receipt_on_nov20("registry.register", "specimen-0701", "succeeded", "09:00")
    assert _invented("0701 and 0702 are both in the registry now.", sealed, pending)
    assert _invented("Specimens 0701 and 0702 are both recorded.", sealed, pending)
    # hard negatives: a verb's particle ("timed out", "picks up"), a future ("go live"), a
    # record spoken of ("the recorded hash"), an accurate report
    assert not _invented("The rota board upload timed out at 09:00.", queued)
    assert not _invented("Publish the rota board after the worker picks up the queue.", queued)
    assert not _invented("The rota board is set to go live at noon.", queued)
    assert not _invented("The specimen-0702 hash differs from the recorded one.", sealed, pending)
    assert not _invented("The rota board is queued, not up yet.", queued)


def test_a_thing_went_to_a_recipient_the_host_writes_to() -> None:
    other = receipt_on_nov20("message.send", "harbour-mill", "succeeded", "09:00",
                             "message.send to harbour-mill: remittance advice, delivered")  # fmt: skip
    assert _invented("Remittance advice went to Copperfield Farm too.", other)
    delivered = receipt_on_nov20("media.deliver", "printworks-orla", "succeeded", "09:00",
                                 "media.deliver to printworks-orla: poster PDF, delivered")  # fmt: skip
    # hard negatives: proved by the delivery; a person going somewhere is no act of the host
    assert not _invented("The poster went to Orla.", delivered)
    assert not _invented("Marisol went to the depot at nine.", delivered)


def test_a_job_the_host_closes_is_no_workers_run() -> None:
    later = ("task.complete", "job-spinet-204", "succeeded", "2026-11-20T12:05:00Z", "")
    assert _invented("The spinet job is finished.", later)
    done = receipt_on_nov20("task.complete", "job-spinet-204", "succeeded", "11:00")
    assert not _invented("The spinet job is finished.", done)


def test_a_day_is_no_item_of_a_list() -> None:
    first = ("media.deliver", "halima", "succeeded", "2026-11-19T09:00:00Z",
             "media.deliver to halima: maps, set A")  # fmt: skip
    second = receipt_on_nov20("media.deliver", "halima", "succeeded", "10:00",
                              "media.deliver to halima: maps, set B")  # fmt: skip
    assert not _invented("Maps A and B both went to Halima, on the 19th and today.", first, second)
    # hard negative: a thing listed beside the proved one is still an item
    assert _invented("Maps A and B went to Halima on the 19th, and the legend sheet too.", second)


def _label(claim: str, text: str, **data: object) -> str:
    item = EvidenceItem(id="e1", kind="receipt", source="host", at="2026-11-12T20:00:00Z",
                        text=text, data=dict(data))  # fmt: skip
    return support_label(claim, [Backing.of(item)], Thresholds())[0]


def test_one_thing_of_another_month_is_another_occasion() -> None:
    august = {"action": "message.send", "target": "tobiah", "status": "succeeded"}
    text = "message.send to tobiah: the August duty roster, delivered"
    assert _label("Tobiah has the September roster.", text, **august) == "unsupported"
    assert _label("Tobiah does not have the September roster.", text, **august) == "unsupported"
    # hard negatives: the same month, or no month said, is the item's thing
    assert _label("Tobiah has the August roster.", text, **august) == "supported"
    assert _label("Tobiah has the duty roster.", text, **august) == "supported"


def test_money_and_records_name_no_one_thing() -> None:
    queued = {"action": "payment.send", "target": "felt-mill", "status": "queued"}
    text = "payment.send to felt-mill: invoice FM-2231 (hammer felts), queued"
    assert _label("Felt Mill got their money for FM-2231.", text, **queued) == "contradicted"
    assert _label("Felt Mill did not get their money for FM-2231.", text, **queued) == "supported"
    pending = {"action": "registry.register", "target": "coin-0977", "status": "pending"}
    reg = "registry.register coin-0977: pending registrar lease"
    assert _label("Record for coin 0977 is registered already.", reg, **pending) == "contradicted"
    # hard negative: another thing named beside the money is still another thing
    assert _label("Felt Mill got the hammer catalogue.", text, **queued) == "unsupported"
