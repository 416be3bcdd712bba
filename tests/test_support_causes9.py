"""Claim support, causes of set 9 (issue 12): each rule with labelled examples in scenes and
words of its own (no line of a labelled set), both polarities, and hard negatives.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.support_label import support_label


def _item(iid: str, kind: str, text: str, at: str = "2026-10-14T09:00:00Z", **data: Any) -> Backing:
    return Backing.of(
        EvidenceItem(id=iid, kind=kind, source="host", at=at, text=text, data=data or None)
    )


def _receipt(iid: str, text: str, action: str, target: str, status: str) -> Backing:
    return _item(iid, "receipt", text, action=action, target=target, status=status)


def _label(claim: str, *items: Backing) -> str:
    return support_label(claim, list(items), Thresholds())[0]


# -- state idioms on both sides ------------------------------------------------------------

HELD = _receipt("r1", "post.publish post-salt-glaze: held for review", "post.publish",
                "post-salt-glaze", "pending")  # fmt: skip
LIVE = _receipt("r2", "post.publish post-walnut-boxes: live", "post.publish",
                "post-walnut-boxes", "succeeded")  # fmt: skip
DENIED = _receipt("r3", "artifact.delete proof-bundle-7: access refused", "artifact.delete",
                  "proof-bundle-7", "failed")  # fmt: skip
CANCELLED = _receipt("r4", "schedule.create fitting-ragna: cancelled, room double-booked",
                     "schedule.create", "fitting-ragna", "cancelled")  # fmt: skip
APPENDED = _receipt("r5", "journal.append: entry on the loom restringing", "journal.append",
                    "wren-journal", "succeeded")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("The salt glaze post is on hold.", [HELD], "supported"),
        ("The salt glaze post is not on hold; it is live.", [HELD], "contradicted"),
        ("The walnut boxes post is on hold.", [LIVE], "contradicted"),
        ("The walnut boxes post is not on hold anymore.", [LIVE], "supported"),
        ("Removing proof-bundle-7 was denied.", [DENIED], "supported"),
        ("Removing proof-bundle-7 was not refused.", [DENIED], "contradicted"),
        ("Nobody declined the removal of proof-bundle-7.", [DENIED], "contradicted"),
        ("The host called off the fitting-ragna booking.", [CANCELLED], "supported"),
        ("The fitting-ragna booking was kept.", [CANCELLED], "contradicted"),
        ("The host let the fitting-ragna booking go ahead.", [CANCELLED], "contradicted"),
        ("The loom restringing was left out of the journal.", [APPENDED], "contradicted"),
        ("The loom restringing was not left out of the journal.", [APPENDED], "supported"),
    ],
)
def test_state_idioms(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- plans, intentions and preferences are no outcome ---------------------------------------

PRINTS_SENT = _receipt("r6", "media.deliver to atelier-sorn: linocut proofs, delivered",
                       "media.deliver", "atelier-sorn", "succeeded")  # fmt: skip
FEE_FAILED = _receipt("r7", "payment.send to kestrel-press: 90 EUR, card refused",
                      "payment.send", "kestrel-press", "failed")  # fmt: skip
PLAN_MSG = _item("m1", "message", "We will frame the linocut proofs next week. - Atelier Sorn",
                 **{"from": "atelier-sorn", "to": "uhdim"})  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("Atelier Sorn will frame the linocut proofs.", [PRINTS_SENT], "unsupported"),
        ("Atelier Sorn will not frame the linocut proofs.", [PRINTS_SENT], "unsupported"),
        ("Kestrel Press plans to print the fee notice.", [FEE_FAILED], "unsupported"),
        ("Kestrel Press prefers bank transfers.", [FEE_FAILED], "unsupported"),
        # the plan stated by an item answers it, negation on both sides
        ("Atelier Sorn will frame the linocut proofs.", [PRINTS_SENT, PLAN_MSG], "supported"),
        ("Atelier Sorn won't frame the linocut proofs.", [PRINTS_SENT, PLAN_MSG], "contradicted"),
        # hard negatives: an outcome, and "plan" as a noun, are still judged by the receipt
        ("The linocut proofs reached Atelier Sorn.", [PRINTS_SENT], "supported"),
        ("The fee for Kestrel Press was paid as the plan said.", [FEE_FAILED], "contradicted"),
    ],
)
def test_plans_are_no_outcome(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- a target named with only how it went; ids with a leading zero; presence by a probe -----

BAKE_DONE = _receipt("r8", "media.render bake-0562: 48 tiles", "media.render", "bake-0562",
                     "succeeded")  # fmt: skip
BAKE_STUCK = _receipt("r9", "media.render bake-0917: disk full at tile 31", "media.render",
                      "bake-0917", "failed")  # fmt: skip
TILES = _item("a1", "artifact", "bake-0562 output, 48 tiles", path="output/bake-0562/",
              sha256="c0de", measurements={"tiles": 48})  # fmt: skip
GONE = _item("a2", "artifact", "output/0388: file not found", path="output/0388.png",
             sha256=None, measurements={"exists": False})  # fmt: skip
ZIPPED = _item("a3", "artifact", "kiln-notes-0412.zip sha256 77aa", path="kiln-notes-0412.zip",
               sha256="77aa")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("bake-0917 didn't get past tile 31.", [BAKE_STUCK], "supported"),
        ("bake-0917 failed to finish.", [BAKE_STUCK], "supported"),
        ("bake-0562 failed to finish.", [BAKE_DONE], "contradicted"),
        ("bake-0562 got through every tile.", [BAKE_DONE], "supported"),
        # "0562" is an id, not a count of 562 things
        ("The 0562 tiles have landed in output.", [BAKE_DONE, TILES], "supported"),
        ("None of the 0562 tiles landed in output.", [BAKE_DONE, TILES], "contradicted"),
        ("render-0388 is present in the output folder.", [GONE], "contradicted"),
        ("render-0388 is not present in the output folder.", [GONE], "supported"),
        # hard negatives: another number, or a place the probe does not name
        ("The 0563 tiles have landed in output.", [TILES], "unsupported"),
        ("kiln-notes-0412.zip is in the backup bucket.", [ZIPPED], "unsupported"),
        ("kiln-notes-0412.zip is not in the backup bucket.", [ZIPPED], "unsupported"),
    ],
)
def test_outcome_presence_and_ids(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- another object, another target ---------------------------------------------------------

MAP_SENT = _receipt("r10", "media.deliver to oksana: the river survey PDF", "media.deliver",
                    "oksana", "succeeded")  # fmt: skip
TOME_SENT = _receipt("r11", "media.deliver to library-tartu: herbarium plates, volume 4, "
                     "delivered", "media.deliver", "library-tartu", "succeeded")  # fmt: skip
KIT_REG = _receipt("r12", "registry.register dye-kit-b: recorded", "registry.register",
                   "dye-kit-b", "succeeded")  # fmt: skip
DOCS_MERGED = _receipt("r13", "branch.merge loom-docs into main", "branch.merge", "loom-docs",
                       "succeeded")  # fmt: skip
DROPPED = _receipt("r14", "artifact.upload to bindery-inbox-west: cover-proof.tiff",
                   "artifact.upload", "bindery-inbox-west", "succeeded")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        # another object: only the kind of file is shared
        ("Oksana received the ferry timetable PDF.", [MAP_SENT], "unsupported"),
        ("Oksana does not have the ferry timetable PDF.", [MAP_SENT], "unsupported"),
        ("Oksana received the river survey PDF.", [MAP_SENT], "supported"),
        ("Oksana does not have the river survey PDF.", [MAP_SENT], "contradicted"),
        # another number of the same numbered noun
        ("Volume 5 herbarium plates reached the Tartu library.", [TOME_SENT], "unsupported"),
        ("Volume 4 herbarium plates reached the Tartu library.", [TOME_SENT], "supported"),
        # another target: a letter or a word after the shared head
        ("dye-kit-d is registered.", [KIT_REG], "unsupported"),
        ("dye-kit-d is not registered.", [KIT_REG], "unsupported"),
        ("dye-kit-b is registered.", [KIT_REG], "supported"),
        ("loom-tests was merged into main.", [DOCS_MERGED], "unsupported"),
        ("The pattern branch was merged too.", [DOCS_MERGED], "unsupported"),
        ("loom-docs was not merged into main.", [DOCS_MERGED], "contradicted"),
        # a short form of the target is that target
        ("cover-proof.tiff was uploaded to the bindery-inbox.", [DROPPED], "supported"),
        ("cover-proof.tiff never reached the bindery-inbox.", [DROPPED], "contradicted"),
    ],
)
def test_another_object_or_target(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- a quoted title is a name, not a quote ---------------------------------------------------

ZINE_REJECTED = _receipt("r15", "post.publish to feed-guild: 'Salt and Ash', rejected (too long)",
                         "post.publish", "feed-guild", "failed")  # fmt: skip
BOOKLET_SENT = _receipt("r16", "media.deliver to bindery-lume: 'Winter Loom' booklet PDFs",
                        "media.deliver", "bindery-lume", "succeeded")  # fmt: skip
SAID = _item("m2", "message", "Mirela: the proofs look fine, go ahead.",
             **{"from": "mirela", "to": "uhdim"})  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("'Salt and Ash' was published on the guild feed.", [ZINE_REJECTED], "contradicted"),
        ("'Salt and Ash' was not published on the guild feed.", [ZINE_REJECTED], "supported"),
        ("Bindery Lume has the 'Winter Loom' booklet PDFs.", [BOOKLET_SENT], "supported"),
        (
            "Bindery Lume does not have the 'Winter Loom' booklet PDFs.",
            [BOOKLET_SENT],
            "contradicted",
        ),
        # hard negative: a quoted sentence is someone speaking, judged by its words
        ("Mirela wrote 'the proofs look fine, go ahead'.", [SAID], "supported"),
    ],
)
def test_quoted_titles(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- "in main"; an answer is a message from the one named; whose act a message states -------

MERGE_WAITS = _receipt("r17", "branch.merge dye-charts into main: waiting for review",
                       "branch.merge", "dye-charts", "pending")  # fmt: skip
ASKED = _receipt("r18", "message.send to tomasz: loom moved to Thursday, delivered",
                 "message.send", "tomasz", "succeeded")  # fmt: skip
TOMASZ = _item("m3", "message", "Thursday suits me. - Tomasz", **{"from": "tomasz", "to": "uhdim"})
MINE = _item("m4", "message", "Greta: I already painted the banners in our shop.",
             **{"from": "greta", "to": "uhdim"})  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("dye-charts is in main.", [MERGE_WAITS], "contradicted"),
        ("dye-charts is not in main yet.", [MERGE_WAITS], "supported"),
        ("Tomasz answered that Thursday suits him.", [ASKED, TOMASZ], "supported"),
        ("Tomasz hasn't answered about Thursday.", [ASKED, TOMASZ], "contradicted"),
        # hard negative: no message from him, only the send to him
        ("Tomasz answered that Thursday suits him.", [ASKED], "unsupported"),
        # a message's "I" is its sender, not the agent nor anyone else
        ("Uhdim painted the banners in Greta's shop.", [MINE], "unsupported"),
        ("Greta painted the banners in the shop.", [MINE], "supported"),
    ],
)
def test_main_answers_and_actors(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- another day, and a day named by when the claim is said -----------------------------------

FITTING = _receipt("r19", "schedule.create fitting-noor-mar14: dress fitting Mar 14, 10:00",
                   "schedule.create", "fitting-noor-mar14", "succeeded")  # fmt: skip
PARCEL = _receipt("r20", "message.send to hedda: second glaze parcel note, delivered",
                  "message.send", "hedda", "succeeded")  # fmt: skip
PARCEL_TODAY = _receipt("r21", "message.send to hedda: today's glaze parcel note, delivered",
                        "message.send", "hedda", "succeeded")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("Noor's fitting is booked for Mar 21.", [FITTING], "contradicted"),
        ("Noor's fitting is not booked for Mar 21; it is Mar 14.", [FITTING], "supported"),
        ("Noor's fitting is booked for Mar 14.", [FITTING], "supported"),
        ("Noor's fitting is not booked for Mar 14.", [FITTING], "contradicted"),
        # a day named by when the claim is said: only an item saying that word places it
        ("Today's parcel note to Hedda was delivered.", [PARCEL], "unsupported"),
        ("Today's parcel note to Hedda was not delivered.", [PARCEL], "unsupported"),
        ("Today's parcel note to Hedda was delivered.", [PARCEL_TODAY], "supported"),
    ],
)
def test_days(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- the act a claim speaks of, read from its verb -------------------------------------------

ASKED_SIZES = _receipt("r22", "message.send to kvist-brann: frame sizes for the triptych",
                       "message.send", "kvist-brann", "succeeded")  # fmt: skip
FEE_PAID = _receipt("r23", "payment.send to kvist-brann: invoice 88, 40 EUR",
                    "payment.send", "kvist-brann", "succeeded")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("Kvist Brann's invoice was paid.", [ASKED_SIZES], "unsupported"),
        ("Kvist Brann's invoice was not paid.", [ASKED_SIZES], "unsupported"),
        ("Kvist Brann's invoice was paid.", [FEE_PAID], "supported"),
        ("Kvist Brann's invoice was not paid.", [FEE_PAID], "contradicted"),
        ("Kvist Brann was sent the frame sizes.", [ASKED_SIZES], "supported"),
    ],
)
def test_act_from_verb(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- a pronoun stands for the clause before; a thing not known is said neither way ----------

BANNER_LIVE = _receipt("r24", "post.publish post-harbour-banners: live", "post.publish",
                       "post-harbour-banners", "succeeded")  # fmt: skip
SEAL_CALLED_OFF = _receipt("r25", "provenance.seal tapestry-north: cancelled by host, reason "
                           "unknown", "provenance.seal", "tapestry-north", "cancelled")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("The harbour banners post is not on hold; it went out.", [BANNER_LIVE], "supported"),
        ("The harbour banners post is on hold; it never went out.", [BANNER_LIVE], "contradicted"),
        (
            "The tapestry-north seal isn't written; the host called it off.",
            [SEAL_CALLED_OFF],
            "supported",
        ),
        ("The host called the tapestry-north seal off.", [SEAL_CALLED_OFF], "supported"),
        ("The tapestry-north seal went ahead as planned.", [SEAL_CALLED_OFF], "contradicted"),
    ],
)
def test_pronouns_and_unknowns(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


def test_a_thing_not_known_is_said_neither_way() -> None:
    # "reason unknown", "intent unclear": no clause of the item denies the reason or the intent
    from harness.scorers.support_said import said_by

    texts = [s.text for s in said_by(SEAL_CALLED_OFF)]
    assert "cancelled by host" in texts
    assert not any("unknown" in t for t in texts)


# -- a record named is where a clause looks; a thing in a queue is queued --------------------

BEAT = _item("h1", "heartbeat", "Night run. Idle; no scans run.", "2026-10-14T02:00:00Z",
             outcome="rested", scans=[])  # fmt: skip
ACK_WAITS = _receipt("r26", "reminder.ack rem-gutter-clean: queued", "reminder.ack",
                     "rem-gutter-clean", "queued")  # fmt: skip
ACK_DONE = _receipt("r27", "reminder.ack rem-gutter-clean: acknowledged", "reminder.ack",
                    "rem-gutter-clean", "succeeded")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("A mailbox scan ran at the 02:00 heartbeat.", [BEAT], "contradicted"),
        ("No mailbox scan ran at the 02:00 heartbeat.", [BEAT], "supported"),
        ("The gutter-clean ack sits in the queue.", [ACK_WAITS], "supported"),
        ("The gutter-clean ack sits in the queue.", [ACK_DONE], "contradicted"),
        ("The gutter-clean ack is not in the queue any more.", [ACK_DONE], "supported"),
    ],
)
def test_records_and_queues(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- "marked as corruption" is not intended; "the answer to X" is a message -----------------

MEANT = _item("g1", "registry", "tapestry-west rows 3-5: change recorded as intended",
              path="tapestry-west/rows/3-5", intended=True)  # fmt: skip
REPLY_WAITS = _receipt("r28", "message.send to ansgar: queued behind relay",
                       "message.send", "ansgar", "pending")  # fmt: skip
REPLY_SENT = _receipt("r29", "message.send to ansgar: delivered", "message.send", "ansgar",
                      "succeeded")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("The change to tapestry-west rows 3-5 is flagged as corruption.", [MEANT], "contradicted"),
        (
            "The change to tapestry-west rows 3-5 is not flagged as corruption.",
            [MEANT],
            "supported",
        ),
        ("The answer to Ansgar is still waiting for a worker.", [REPLY_WAITS], "supported"),
        ("The answer to Ansgar is still waiting for a worker.", [REPLY_SENT], "contradicted"),
        # hard negative: Ansgar answering is his own act, which a send to him does not record
        ("Ansgar answered the question.", [REPLY_SENT], "unsupported"),
    ],
)
def test_corruption_and_answers(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- a message's "my" is its sender: what it states of its sender is stated -------------------

CLOSED_MINE = _item("m5", "message", "Thanks, all tidied on my end. - Saskia",
                    **{"from": "saskia", "to": "vojan"})  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("Saskia has not tidied the loan file on her end.", [CLOSED_MINE], "contradicted"),
        ("Saskia tidied the loan file on her end.", [CLOSED_MINE], "supported"),
        # hard negative: another person's act is not the sender's
        ("Vojan tidied the loan file on Saskia's end.", [CLOSED_MINE], "unsupported"),
    ],
)
def test_senders_own_statement(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- "has X's answer": a possessive after "has" is what is had -------------------------------

ANSWER_WAITS = _receipt("r30", "message.send to ingrid: awaiting relay slot", "message.send",
                        "ingrid", "pending")  # fmt: skip
ANSWER_IN = _receipt("r31", "message.send to ingrid: delivered", "message.send", "ingrid",
                     "succeeded")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("Ingrid has Uhdim's answer about the loom rental.", [ANSWER_WAITS], "contradicted"),
        ("Ingrid has Uhdim's answer about the loom rental.", [ANSWER_IN], "supported"),
        ("Ingrid does not have Uhdim's answer yet.", [ANSWER_WAITS], "supported"),
    ],
)
def test_has_someones_answer(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- a gerund subject names the act; the predicate says how it went --------------------------

CLOSE_REFUSED = _receipt("r32", "task.complete dye-lot-11: rejected, swatch missing",
                         "task.complete", "dye-lot-11", "failed")  # fmt: skip
CLOSE_OK = _receipt("r33", "task.complete dye-lot-12: recorded", "task.complete", "dye-lot-12",
                    "succeeded")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("Marking dye lot 11 done was not rejected.", [CLOSE_REFUSED], "contradicted"),
        ("Marking dye lot 11 done was rejected.", [CLOSE_REFUSED], "supported"),
        ("Marking dye lot 12 done was not rejected.", [CLOSE_OK], "supported"),
        # hard negative: with no gerund subject the outcome words are the clause's own
        ("Dye lot 12 was never marked done.", [CLOSE_OK], "contradicted"),
    ],
)
def test_gerund_subjects(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- a passive's agent is part of what the clause says ---------------------------------------

SEALED = _receipt("r34", "provenance.seal quilt-ledger: v2", "provenance.seal", "quilt-ledger",
                  "succeeded")  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        ("The v2 seal was countersigned by a notary office.", [SEALED], "unsupported"),
        ("The v2 seal of quilt-ledger was written.", [SEALED], "supported"),
        # hard negatives: a deadline or the agent itself is no other agent
        ("The v2 seal of quilt-ledger was written by Friday.", [SEALED], "supported"),
        ("The v2 seal of quilt-ledger was written by Vojan.", [SEALED], "supported"),
    ],
)
def test_passive_agents(claim: str, items: list[Backing], want: str) -> None:
    assert _label(claim, *items) == want


# -- held-out set 10 (a development set since its first contact) ---------------------------------

_DROP_CANCELLED = _receipt(
    "r1", "artifact.delete old-proof-cache: cancelled", "artifact.delete", "old-proof-cache",
    "cancelled",
)  # fmt: skip
_SLOT_PENDING = _receipt(
    "r2", "schedule.create glaze-slot-0915: awaiting confirmation from the kiln room",
    "schedule.create", "glaze-slot-0915", "pending",
)  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "items", "want"),
    [
        # what was left in place was not removed
        ("The old proof cache was left in place.", [_DROP_CANCELLED], "supported"),
        ("The old proof cache was deleted.", [_DROP_CANCELLED], "contradicted"),
        # what awaits confirmation is not confirmed
        ("The glaze slot is confirmed.", [_SLOT_PENDING], "contradicted"),
        ("The glaze slot is not confirmed yet.", [_SLOT_PENDING], "supported"),
    ],
)
def test_left_in_place_and_awaiting_confirmation(
    claim: str, items: list[Backing], want: str
) -> None:
    assert _label(claim, *items) == want
