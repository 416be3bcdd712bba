"""Claim support rules from the fifteenth round (driven by development sets 14-43): a plan's
"not yet" beside it in one sentence, a person's name as a whole word, accented objects, "set 5"
as a name, a sender who wants nothing more, a file that is not whole, a negated order, and an
attempt. Each with hard negatives.
"""

from __future__ import annotations

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.support_claim import read_claim
from harness.scorers.support_label import support_label


def _item(iid: str, kind: str, text: str, **data: str) -> Backing:
    return Backing.of(EvidenceItem(id=iid, kind=kind, source="host", at="2026-11-20T09:00:00Z",
                                   text=text, data=data or None))  # fmt: skip


def _receipt(iid: str, text: str, action: str, target: str, status: str) -> Backing:
    return _item(iid, "receipt", text, action=action, target=target, status=status)


def _label(claim: str, *items: Backing) -> str:
    return support_label(claim, list(items), Thresholds())[0]


def test_a_name_is_a_whole_word_not_the_start_of_another() -> None:
    sent = _receipt("r1", "message.send to martina: scan dates for the show, delivered",
                    "message.send", "martina", "succeeded")  # fmt: skip
    assert _label("Martin was sent the scan dates.", sent) == "unsupported"
    assert _label("Martin was not sent the scan dates.", sent) == "unsupported"
    # hard negative: the person the receipt names
    assert _label("Martina was sent the scan dates.", sent) == "supported"


def test_an_accented_object_is_the_unaccented_target() -> None:
    video = _receipt("r2", "media.deliver to gymnazium-brno: lecture 6 video, delivered",
                     "media.deliver", "gymnazium-brno", "succeeded")  # fmt: skip
    assert _label("Lecture 6 was delivered to the gymnázium.", video) == "supported"
    assert _label("Lecture 6 was not delivered to the gymnázium.", video) == "contradicted"
    # hard negative: another thing moved to the same place is another occasion
    assert _label("The poster was delivered to the gymnázium.", video) == "unsupported"


def test_set_with_a_number_is_a_name_not_a_verb() -> None:
    upload = _receipt("r3", "artifact.upload homework-set-5.pdf: succeeded",
                      "artifact.upload", "homework-set-5.pdf", "succeeded")  # fmt: skip
    assert _label("Homework set 5 was uploaded.", upload) == "supported"
    assert _label("Homework set 5 was not uploaded.", upload) == "contradicted"
    # hard negative: "set" before an article is still the verb
    assert read_claim("Uhdim set a reminder for Friday.").verb == "set"


def test_a_sender_who_wants_nothing_more_asked_for_nothing() -> None:
    done = _item("m1", "message", "All good on my side, nothing more needed - thanks, Vojan.",
                 **{"from": "maren"})  # fmt: skip
    assert _label("Maren asked for another revision.", done) == "contradicted"
    assert _label("Maren did not ask for another revision.", done) == "supported"
    # hard negatives: someone else, and a sender who does ask
    assert _label("Bo asked for another revision.", done) == "unsupported"
    asks = _item("m2", "message", "Could you do one more revision of the crop?",
                 **{"from": "maren"})  # fmt: skip
    assert _label("Maren asked for another revision.", asks) == "supported"


def test_a_truncated_or_partial_file_is_not_complete() -> None:
    partial = _item("a1", "artifact", "render-0519.mp4 (partial): 212 of 480 frames written")
    assert _label("The render-0519 output is complete.", partial) == "contradicted"
    assert _label("The render-0519 output is not complete.", partial) == "supported"
    empty = _item("a2", "artifact", "render-0611/final.png: 0 bytes, truncated")
    assert _label("render-0611 produced a complete output file.", empty) == "contradicted"
    # hard negative: a whole file is no evidence it is broken
    whole = _item("a3", "artifact", "render-0519.mp4: 480 of 480 frames written")
    assert _label("The render-0519 output is complete.", whole) != "contradicted"


def test_a_negated_order_asks_for_none_and_one_until_asks_to_wait() -> None:
    stop = _item("n1", "session", "Host: do not resend the Noémie note; it went through.")
    assert _label("The host asked for the Noémie note to be resent.", stop) != "supported"
    wait = _item("n2", "session", "Host: do not post spiral-10 until Oona approves the crop.")
    assert _label("The host asked to wait for Oona's approval before posting.", wait) == (
        "supported"
    )
    assert _label("The host put no condition on posting spiral-10.", wait) == "contradicted"


def test_an_attempt_is_no_outcome_unless_it_gives_one() -> None:
    tried = _item("s1", "session", "Tried to merge fix/hash-normalise; CI red, merge aborted.")
    assert _label("fix/hash-normalise was merged.", tried) != "supported"
    assert _label("fix/hash-normalise was not merged.", tried) != "contradicted"
    # hard negative: an attempt that gives its own outcome still answers
    failed = _item(
        "s2", "session", "Tried to deliver render-1102 to Fenwick, failed (link expired)."
    )
    assert _label("render-1102 reached Fenwick.", failed) == "contradicted"


def test_a_plan_told_in_the_past_is_answered_by_the_plan() -> None:
    will = _item("j1", "journal", "Tomorrow I'll send Dagny the shipping quote.")
    assert _label("Vojan planned to send Dagny the shipping quote.", will) == "supported"
    assert _label("Vojan did not promise to send Dagny the shipping quote.", will) == (
        "contradicted"
    )
    # a word of what is planned ("mismatch") does not deny the plan
    tell = _item("s1", "session", "vojan: I'll tell Priya about the mismatch after lunch.")
    assert _label("Vojan planned to tell Priya after lunch.", tell) == "supported"
    # a plan reported as not said is denied, whoever reports it
    lab = _item("m3", "message", "We'll start printing as soon as batch 3 lands.",
                **{"from": "lumen"})  # fmt: skip
    assert _label("Lumen does not say it will start printing once batch 3 lands.", lab) == (
        "contradicted"
    )
    # hard negatives: another plan, and a plan that is a thing sent
    assert _label("Vojan planned to pay the framer.", will) == "unsupported"
    sent = _receipt("r1", "message.send to ines: hanging plan v2, delivered",
                    "message.send", "ines", "succeeded")  # fmt: skip
    assert _label("The v2 hanging plan was sent to Inès.", sent) == "supported"


def test_a_quoted_name_of_the_thing_is_no_quote() -> None:
    focus = _item("f1", "focus", "focus: reply to Oskar - closed")
    assert _label("The 'reply to Oskar' focus item is not closed.", focus) == "contradicted"
    assert _label("The 'reply to Oskar' focus item is closed.", focus) == "supported"
    post = _receipt("r9", "post.publish vojan-notes: 'On re-sealing', pending moderation, "
                    "not visible yet", "post.publish", "vojan-notes", "pending")  # fmt: skip
    assert _label("'On re-sealing' is visible on the notes feed.", post) == "contradicted"
    # hard negative: a quote of what someone said is still a quote, judged by its words
    said = _item("m9", "message", "Oskar: thanks, all clear now", **{"from": "oskar"})
    assert _label("Oskar wrote 'all clear now'.", said) == "supported"


def test_a_clause_beside_a_counterfactual_states_what_happened() -> None:
    held = _item(
        "s9", "session", "would have messaged Hanne at 07:30; held until 08:00 (quiet hours)"
    )
    assert _label("The message to Hanne was held because of quiet hours.", held) == "supported"
    assert _label("The message to Hanne was not held for quiet hours.", held) == "contradicted"
    # hard negative: the act that would have happened still did not
    assert _label("Hanne was messaged at 07:30.", held) == "contradicted"


def test_the_recipient_who_has_not_seen_it_has_not_received_it() -> None:
    msg = _item("m10", "message", "Thanks for the essay edits! Still haven't seen the print "
                "sizes though.", **{"from": "kaito"})  # fmt: skip
    assert _label("Kaito received the print sizes.", msg) == "contradicted"
    assert _label("Kaito has not received the print sizes.", msg) == "supported"
    # hard negative: a question about it asks, its negation answers nothing
    asks = _item("m11", "message", "Sven: haven't received anything yet - is the link right?",
                 **{"from": "sven"})  # fmt: skip
    assert _label("Sven has received the scans.", asks) != "supported"


def test_an_act_not_started_yet_beside_its_queue_is_not_done() -> None:
    note = _item("n10", "session", "lattice scans: upload queued at 06:40, not started yet")
    assert _label("The lattice scans are uploaded.", note) == "contradicted"
    assert _label("The lattice scans are not uploaded yet.", note) == "supported"
