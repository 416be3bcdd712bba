"""Claim support: negation forms and sentence shapes the polarity reading must follow.

Written for the general English constructions, in scenes and words of their own (no line of a
labelled set): statements of absence ("No stamp.", "no diary line", "tests: none", "Phoned
nobody."), a plan after a comma that leaves the fact before it a fact, a bare name heading a dash
("ondra - not yet"), tables flattened into one line with "||", lettered things ("batch C" is not
"batch D"), "not started", irregular past tenses ("wrote"), prefixed verbs ("re-stamped"), and a
name followed by an adverb. Each rule has hard negatives: a clause whose words the absence does
not name, another person's act, a question, another letter.
"""

from __future__ import annotations

from typing import Any

from harness.schema import EvidenceItem
from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing
from harness.scorers.support_claim import read_claim
from harness.scorers.support_label import support_label
from harness.scorers.support_statements import statements_of


def _item(iid: str, kind: str, text: str, at: str = "2026-11-20T09:00:00Z", **data: Any) -> Backing:
    return Backing.of(EvidenceItem(id=iid, kind=kind, source="host", at=at, text=text,
                                   data=data or None))  # fmt: skip


def _label(claim: str, *items: Backing) -> str:
    return support_label(claim, list(items), Thresholds())[0]


# -- statements of absence ---------------------------------------------------------------------

DAY = _item("h1", "history", "Tuesday: reviewed the kiln-log, fixed two typos in it. No stamp.")


def test_no_and_a_noun_denies_the_act_it_names() -> None:
    assert _label("On Tuesday Vojan stamped the kiln-log.", DAY) == "contradicted"
    assert _label("On Tuesday Vojan did not stamp the kiln-log.", DAY) == "supported"
    # a prefixed verb is the same act ("re-stamped" is stamping again)
    assert _label("On Tuesday Vojan re-stamped the kiln-log.", DAY) == "contradicted"


def test_an_absence_answers_only_the_clause_that_names_what_is_absent() -> None:
    # hard negative: the review is no stamp; "No stamp." says nothing of it
    assert _label("On Tuesday Vojan reviewed the kiln-log.", DAY) != "contradicted"


DIARY = _item("s1", "session", "read the glaze chapter. no diary line, will decide later.")


def test_a_plan_after_the_absence_leaves_it_stated() -> None:
    assert _label("Uhdim wrote a diary line about the glaze chapter.", DIARY) == "contradicted"
    assert _label("Uhdim did not write a diary line about the chapter.", DIARY) == "supported"


def test_an_asked_absence_states_nothing() -> None:
    asked = _item("s2", "session", "read the glaze chapter. no diary line yet?")
    assert _label("Uhdim wrote a diary line about the glaze chapter.", asked) != "contradicted"


RUN = _item("b1", "heartbeat", "07:00 read - nothing due; tests: none", outcome="read")
EMPTY = _item("b2", "heartbeat", "07:00 read", outcome="read", probes=[])


def test_a_heading_with_none_under_it_is_an_absence() -> None:
    assert _label("Vojan ran no tests at the 07:00 heartbeat.", RUN) == "supported"
    assert _label("Vojan ran a retest at the 07:00 heartbeat.", RUN) == "contradicted"


def test_an_empty_list_field_is_an_absence() -> None:
    assert _label("Vojan ran no probes at the 07:00 heartbeat.", EMPTY) == "supported"
    assert _label("Vojan ran two probes at the 07:00 heartbeat.", EMPTY) == "contradicted"


PHONED = _item("j1", "journal", "Quiet evening. The glaze test is cooling. Phoned nobody.")


def test_a_verb_with_nobody_denies_the_writers_act() -> None:
    assert _label("Uhdim phoned someone that evening.", PHONED) == "contradicted"
    assert _label("Uhdim phoned nobody that evening.", PHONED) == "supported"


def test_a_verb_with_nobody_is_no_answer_for_another_persons_act() -> None:
    # hard negative: the journal's writer phoned nobody; Ondra's own call is not its to deny
    assert _label("Ondra phoned someone that evening.", PHONED) != "contradicted"


# -- statement shapes --------------------------------------------------------------------------


def test_a_bare_name_before_a_dash_heads_what_follows() -> None:
    said = _item("s3", "session",
                 "class got the new deadline (host confirm 9:10). ondra - not yet, not on the "
                 "class list.")  # fmt: skip
    assert _label("Ondra has been told about the new deadline.", said) == "contradicted"
    assert _label("Ondra has not been told about the new deadline yet.", said) == "supported"
    texts = [s.text for s in statements_of("x", "kept it back - I will send it Monday.")]
    # hard negative: a short part with a verb of its own states something itself
    assert texts[0] == "kept it back"


def test_a_plan_after_a_comma_is_its_own_statement() -> None:
    texts = [s.text for s in statements_of("x", "I called off the Monday visit to Ines, she'll "
                                                "come by later.")]  # fmt: skip
    assert texts[0] == "I called off the Monday visit to Ines"
    note = _item("m1", "message", "I cancelled the Monday card to Ines, she'll hear it from me.",
                 **{"from": "host", "to": "uhdim", "thread": "thread:host"})  # fmt: skip
    assert _label("The Monday card to Ines was sent.", note) == "contradicted"
    assert _label("The Monday card to Ines was not sent.", note) == "supported"


def test_a_table_flattened_with_double_bars_is_read_row_by_row() -> None:
    table = _item("n1", "memory",
                  "recipient | status || ines | delivered || bo | failed (bounced) || karel | "
                  "delivered")  # fmt: skip
    assert _label("Karel's message was delivered.", table) == "supported"
    assert _label("Karel's message did not get through.", table) == "contradicted"
    assert _label("Bo's message was delivered.", table) == "contradicted"


def test_a_lettered_thing_is_not_its_fellow() -> None:
    hist = _item("h2", "history",
                 "Delivered glaze batch C to Studio Vrba; they want batch D in spring, not "
                 "started.")  # fmt: skip
    assert _label("Batch D has been delivered to Vrba.", hist) == "contradicted"
    assert _label("Batch D has not been delivered to Vrba.", hist) == "supported"
    # hard negative: batch C's own statement answers batch C, not batch D's
    assert _label("Studio Vrba received glaze batch C.", hist) == "supported"
    assert _label("Studio Vrba never received batch C.", hist) == "contradicted"


def test_not_started_is_undone() -> None:
    note = _item("n2", "memory", "- index cards: printed\n- poster: not started")
    assert _label("The poster has been printed.", note) == "contradicted"
    assert _label("The poster has not been printed.", note) == "supported"


# -- reading the clause ------------------------------------------------------------------------


def test_an_irregular_past_ends_the_subject() -> None:
    r = read_claim("Uhdim wrote a letter to the framer.")
    assert r.subject == "uhdim" and r.verb
    # "wrote to confirm ..." reports what was said: the report's own verb counts
    assert read_claim("Vrba wrote to confirm the crates arrived.").subject != "vrba"


def test_a_prefixed_verb_is_one_word() -> None:
    assert read_claim("On Monday Vojan re-stamped the archive.").subject == "on monday vojan"


def test_an_adverb_after_a_name_is_no_head() -> None:
    assert read_claim("Ilse still has not replied to the invite.").head == "ilse"
    assert read_claim("Karel finally paid the framer.").head == "karel"


# -- claims with no status word, states and versions -------------------------------------------

SLIDES = _item("r1", "receipt", "media.deliver to ottilie: workshop-handouts v4, delivered",
               action="media.deliver", target="ottilie", status="succeeded")  # fmt: skip


def test_has_and_a_plural_thing_is_possession() -> None:
    assert _label("Ottilie has workshop-handouts v4.", SLIDES) == "supported"
    assert _label("Ottilie does not have workshop-handouts v4.", SLIDES) == "contradicted"
    assert read_claim("Ottilie has workshop-handouts v4.").verb == "have"
    # hard negative: a participle after "has" is still the verb
    assert read_claim("Ottilie has received the handouts.").verb != "have"


def test_another_version_of_the_thing_is_no_answer() -> None:
    assert _label("Ottilie has the workshop recording v5.", SLIDES) == "unsupported"
    assert _label("Ottilie has the handouts, version 4.", SLIDES) == "supported"


def test_still_in_progress_is_undone_against_a_later_receipt() -> None:
    focus = _item("f1", "focus", "focus: glossary draft - in progress", "2026-11-20T08:00:00Z",
                  item="task-glossary", state="in_progress")  # fmt: skip
    done = _item("r2", "receipt", "task.complete task-glossary: succeeded", "2026-11-20T18:00:00Z",
                 action="task.complete", target="task-glossary", status="succeeded")  # fmt: skip
    assert _label("task-glossary is still in progress.", focus, done) == "contradicted"
    assert _label("task-glossary is complete.", focus, done) == "supported"


def test_missing_from_a_record_is_answered_by_its_row() -> None:
    reg = _item("g1", "registry", "print-33 registered; hashes agree", path="prints/p33.tif")
    assert _label("print-33 is missing from the registry.", reg) == "contradicted"
    assert _label("The registry lists print-33.", reg) == "supported"


def test_a_notice_that_is_out_is_answered_by_its_line() -> None:
    note = _item("n3", "memory", "- seminar handout: out (09:40)\n- venue change: waiting in "
                                 "outbox\n- marks: not started")  # fmt: skip
    assert _label("The venue change notice is out to the group.", note) == "contradicted"
    assert _label("The venue change notice is still waiting in the outbox.", note) == "supported"


def test_keyed_runs_in_a_line_are_statements_each() -> None:
    texts = [s.text for s in statements_of("x", "poster-text: closed, flyer: in progress, "
                                                "banner-copy: open")]  # fmt: skip
    assert texts == ["poster-text: closed", "flyer: in progress", "banner-copy: open"]


# -- universal negations and day-relative claims ----------------------------------------------

QUIET = _item("s4", "session", "Checked the kiln log. Keeping the cone-6 recipe. Not sending a "
                               "thing to anyone today.")  # fmt: skip
NONE_OUT = _item("j4", "journal", "Slow day. Nothing went out today; the quote to Radek waits "
                                  "for Friday.")  # fmt: skip


def test_not_doing_it_to_anyone_denies_every_such_act_that_day() -> None:
    assert _label("Vojan sent nothing today.", QUIET) == "supported"
    assert _label("Vojan sent the recipe to someone today.", QUIET) == "contradicted"
    assert _label("Vojan did not send anything today.", QUIET) == "supported"


def test_nothing_went_out_denies_any_sending() -> None:
    assert _label("Something went out today.", NONE_OUT) == "contradicted"
    assert _label("Nothing was sent today.", NONE_OUT) == "supported"
    assert _label("The quote to Radek was sent today.", NONE_OUT) == "contradicted"
    assert _label("The quote to Radek has not been sent.", NONE_OUT) == "supported"


def test_a_universal_negation_answers_only_its_own_kind_of_act() -> None:
    # hard negatives: keeping a recipe is no sending; "nothing new" is no act denied; a reply is
    # someone else's act; a claim of another day is not the day the statement speaks of
    assert _label("Vojan decided to keep the cone-6 recipe.", QUIET) != "contradicted"
    inbox = _item("b3", "heartbeat", "inbox checked, nothing new.")
    assert _label("Uhdim read a chapter on glaze chemistry at that heartbeat.", inbox) != (
        "contradicted"
    )
    quiet = _item("b4", "heartbeat", "nobody replied overnight.")
    assert _label("Uhdim sent the proofs to Radek.", quiet) != "contradicted"
    assert _label("Vojan sent the recipe to someone yesterday.", QUIET) != "contradicted"


# -- what a record shows, reported words, plans, the day of an occasion -------------------------


def test_a_record_that_shows_a_thing_as_a_state_speaks_of_the_thing() -> None:
    focus = _item("f2", "focus", "studio inventory - closed", item="studio-inventory",
                  state="closed")  # fmt: skip
    assert _label("The focus field shows studio inventory as open.", focus) == "contradicted"
    assert _label("The focus field shows studio inventory as closed.", focus) == "supported"


REPLY = _item("m2", "message", "got the negatives safely, cheers! will scan them friday",
              **{"from": "hedda", "to": "vojan", "thread": "thread:hedda-negatives"})  # fmt: skip


def test_a_persons_own_line_answers_what_they_are_said_to_say() -> None:
    assert _label("Hedda says she received the negatives.", REPLY) == "supported"
    assert _label("Hedda says the negatives never arrived.", REPLY) == "contradicted"


def test_an_act_the_item_only_plans_is_unsupported() -> None:
    assert _label("The negatives were scanned on Friday.", REPLY) == "unsupported"
    # hard negative: an act the item states as done is still backed
    done = _item("m3", "message", "scanned the negatives friday, all sharp",
                 **{"from": "hedda", "to": "vojan", "thread": "thread:hedda-negatives"})  # fmt: skip
    assert _label("The negatives were scanned on Friday.", done) == "supported"


def test_a_date_in_the_subject_picks_its_occasion() -> None:
    rem = _item("r3", "reminder", "monthly invoice run (Nov 3) - acknowledged",
                "2026-11-03T09:00:00Z", reminder="rem-invoice-run", state="acknowledged")  # fmt: skip
    assert _label("The Nov 10 invoice run reminder was acknowledged.", rem) == "unsupported"
    assert _label("The Nov 3 invoice run reminder was acknowledged.", rem) == "supported"


# -- a named score against a bound --------------------------------------------------------------

SCAN = _item("a1", "artifact", "mirror symmetry scan tile-31: 2-axis 0.88, 4-axis 0.52",
             path="output/tile-31.json")  # fmt: skip


def test_a_named_score_is_compared_with_the_bound_the_clause_sets() -> None:
    assert _label("4-axis scored above 0.8 for tile-31.", SCAN) == "contradicted"
    assert _label("4-axis did not reach 0.8 for tile-31.", SCAN) == "supported"
    assert _label("2-axis scored above 0.8 for tile-31.", SCAN) == "supported"
    assert _label("2-axis scored below 0.8 for tile-31.", SCAN) == "contradicted"


def test_a_bound_on_another_tile_or_a_score_not_given_is_not_answered_so() -> None:
    # hard negatives: the item is tile-31's, not tile-32's; it gives no 6-axis score
    assert _label("4-axis scored above 0.8 for tile-32.", SCAN) != "contradicted"
    assert _label("6-axis scored above 0.8 for tile-31.", SCAN) != "contradicted"


# -- negation forms against a receipt -----------------------------------------------------------

QUEUED = _item("r4", "receipt", "message.send to liv: glaze order, queued",
               action="message.send", target="liv", status="queued")  # fmt: skip
DONE = _item("r5", "receipt", "message.send to liv: glaze order, succeeded",
             action="message.send", target="liv", status="succeeded")  # fmt: skip


def test_yet_to_is_not_yet() -> None:
    assert _label("Liv has yet to receive the glaze order.", QUEUED) == "supported"
    assert _label("Liv is yet to get the glaze order.", DONE) == "contradicted"
    # hard negative: "yet to be" says nothing of a send ("has yet to be read" is another act)
    assert read_claim("Liv's note has yet to be read.").stated is None


def test_made_it_is_arrival() -> None:
    assert _label("The glaze order didn't make it to Liv.", QUEUED) == "supported"
    assert _label("The glaze order never made it to Liv.", DONE) == "contradicted"
    assert _label("The glaze order made it to Liv.", DONE) == "supported"


def test_out_is_sent_but_out_of_is_not() -> None:
    assert _label("The glaze order to Liv is out.", QUEUED) == "contradicted"
    assert _label("The glaze order to Liv is out.", DONE) == "supported"
    assert read_claim("The glaze is out of stock.").stated is None


def test_sitting_in_the_outbox_is_unsent() -> None:
    assert read_claim("The glaze order to Liv is still sitting in the outbox.").stated == "undone"


# -- a note's states: "not yet" alone, "with someone", possession ------------------------------

ERRANDS = _item("n4", "memory", "- quote to Radka: sent 11:20\n- samples to Mirek: not yet, "
                                "waiting on the kiln\n- price list: with Tereza since Friday")  # fmt: skip


def test_not_yet_standing_alone_is_pending_not_a_negation() -> None:
    said = statements_of("x", "samples to Mirek: not yet, waiting on the kiln")
    assert said[0].says == "undone"
    assert _label("Mirek has the samples.", ERRANDS) == "contradicted"
    assert _label("Mirek has yet to get the samples.", ERRANDS) == "supported"
    # hard negative: "not yet sent" is a negated outcome, still undone; a reason's own "not"
    # after it does not turn it round
    assert statements_of("x", "samples: not yet sent")[0].says == "undone"
    assert statements_of("x", "mirek - not yet, he is not back")[0].says == "undone"


def test_with_someone_is_theirs() -> None:
    assert _label("Tereza has the price list.", ERRANDS) == "supported"
    assert _label("Tereza does not have the price list.", ERRANDS) == "contradicted"
    # hard negative: "with no" is no holder
    assert statements_of("x", "price list: with no changes")[0].says != "done"


def test_has_no_is_possession_denied() -> None:
    assert _label("Mirek still has no samples.", ERRANDS) == "supported"
    assert _label("Radka has no quote yet.", ERRANDS) == "contradicted"


# -- a log kept by the clock --------------------------------------------------------------------

BEATS = _item("b5", "heartbeat", "- 05:00 quiet hours, suppressed\n- 07:30 inbox recheck: 1 new "
                                 "from Lotte\n- 09:00 sent reminder to Pavel about the mounts")  # fmt: skip


def test_a_clock_time_in_the_subject_picks_the_line_kept_by_it() -> None:
    assert _label("The 05:00 heartbeat ran normally.", BEATS) == "contradicted"
    assert _label("The 05:00 heartbeat did not act.", BEATS) == "supported"
    assert _label("The 9:00 heartbeat acted.", BEATS) == "supported"
    # hard negative: the 09:00 line is not the 05:00 one
    assert _label("The 09:00 heartbeat did not act.", BEATS) == "contradicted"


def test_suppressed_is_undone() -> None:
    assert statements_of("x", "05:00 quiet hours, suppressed")[0].says == "undone"


def test_a_clock_time_the_item_gives_is_not_judged_by_another_range() -> None:
    meta = _item("a2", "artifact", "activation kind heartbeat; quiet hours 21:00-06:30; hold on "
                                   "message.send:radka until 2026-11-21T09:15Z")  # fmt: skip
    assert _label("A hold on messaging Radka runs until Nov 21 09:15.", meta) == "supported"
    assert _label("There is no hold on messaging Radka.", meta) == "contradicted"
    # hard negative: a time inside the range the item states is still judged by the range
    quiet = _item("a3", "artifact", "quiet hours 21:00-06:30")
    assert _label("Quiet hours end at 07:30.", quiet) != "supported"


# -- a line that closes the matter -------------------------------------------------------------

CLOSING = _item("m4", "message", "Lovely, that covers it - no need to answer, see you Thursday!",
                **{"from": "oona", "to": "uhdim", "thread": "thread:oona-visit"})  # fmt: skip


def test_a_closing_line_answers_whether_a_reply_is_owed() -> None:
    assert _label("Oona says the thread needs no reply.", CLOSING) == "supported"
    assert _label("Oona is still waiting for a reply from Uhdim.", CLOSING) == "contradicted"
    assert _label("Oona expects an answer.", CLOSING) == "contradicted"
    assert _label("Oona is not waiting for an answer.", CLOSING) == "supported"


def test_a_line_that_closes_nothing_is_no_closure() -> None:
    # hard negative: a thanks with a question still open closes nothing
    asking = _item("m5", "message", "Thanks! Could you send the floor plan too?",
                   **{"from": "oona", "to": "uhdim", "thread": "thread:oona-visit"})  # fmt: skip
    assert _label("Oona says the thread needs no reply.", asking) != "supported"


# -- the recipient's later word, "yet to" in prose ---------------------------------------------

SENT = _item("r6", "receipt", "media.deliver to bruno: scan files, succeeded",
             "2026-11-20T09:00:00Z", action="media.deliver", target="bruno",
             status="succeeded")  # fmt: skip
NOT_THERE = _item("m6", "message", "hello - the scan files still haven't shown up here, resend?",
                  "2026-11-20T16:00:00Z",
                  **{"from": "bruno", "to": "vojan", "thread": "thread:bruno"})  # fmt: skip


def test_the_recipients_later_statement_overtakes_the_receipt() -> None:
    assert _label("Bruno has the scan files.", SENT, NOT_THERE) == "contradicted"
    assert _label("Bruno has not received the scan files.", SENT, NOT_THERE) == "supported"
    assert _label("Bruno says the scan files never arrived.", SENT, NOT_THERE) == "supported"
    # hard negative: without the later word the receipt decides
    assert _label("Bruno has the scan files.", SENT) == "supported"


def test_yet_to_in_a_note_is_not_yet() -> None:
    note = _item("j5", "journal", "Sent Ines the hanging plan this morning. Ines has yet to reply.")
    assert statements_of("x", "Ines has yet to reply.")[0].says == "undone"
    assert _label("Ines has not replied yet.", note) == "supported"
    assert _label("Ines replied.", note) == "contradicted"


def test_a_short_ask_after_a_comma_leaves_the_statement_before_it() -> None:
    said = statements_of("m", "the crates still haven't turned up, resend?", "bruno")
    assert (said[0].text, said[0].says) == ("the crates still haven't turned up", "undone")
    # hard negative: a question cut at its comma still asks, both parts
    asked = statements_of("m", "Did you get the crates, or not?", "bruno")
    assert all(s.open and s.says is None for s in asked)


def test_a_field_written_false_in_the_text_is_its_negation() -> None:
    row = _item("g2", "registry", "mould-7 registered; path moulds/m7.stl, hashes differ, "
                                  "intended false")  # fmt: skip
    assert _label("The mould-7 drift was intended.", row) == "contradicted"
    assert _label("The mould-7 drift was not intended.", row) == "supported"
    # hard negative: a field written true is the field itself
    ok = _item("g3", "registry", "mould-8 registered; path moulds/m8.stl, intended true")
    assert _label("The mould-8 drift was intended.", ok) == "supported"


LET_GO = _item("s5", "session", "Evening. Forgot to mail Ottla the packing list. Decided against "
                                "publishing the preview. Gave up on the render of tile-4.")  # fmt: skip


def test_an_act_let_go_is_undone() -> None:
    assert _label("Vojan sent Ottla the packing list.", LET_GO) == "contradicted"
    assert _label("Vojan has not sent Ottla the packing list.", LET_GO) == "supported"
    assert _label("The preview was published.", LET_GO) == "contradicted"
    assert _label("The preview was not published.", LET_GO) == "supported"
    assert _label("tile-4 was rendered.", LET_GO) == "contradicted"
    # hard negative: "gave" alone is no giving up ("gave Ottla the list" is a send)
    gave = _item("s6", "session", "Gave Ottla the packing list at noon.")
    assert _label("Vojan gave Ottla the packing list.", gave) == "supported"


def test_a_part_of_a_series_is_an_id_not_an_amount() -> None:
    series = _item("j6", "journal", "Oct 2. Posted part 5 of the zine. Part 6 is drafted but not "
                                    "posted; waiting on the scans.")  # fmt: skip
    assert _label("Part 6 was posted.", series) == "contradicted"
    assert _label("Part 6 has not been posted.", series) == "supported"
    assert _label("Part 5 was posted.", series) == "supported"
    # hard negative: a room the item does not give is no answer
    assert _label("The crit is in room 7.", series) == "unsupported"


def _thread(last: str) -> Backing:
    return _item("m7", "message", f"Ondra: did the quote go out?\nVojan: yes, this morning\n{last}",
                 **{"from": "ondra", "to": "vojan", "thread": "thread:ondra-quote"})  # fmt: skip


def test_a_confirmation_is_the_persons_own_line_saying_it_came() -> None:
    assert _label("Ondra confirmed he got the quote.", _thread("Ondra: got it, thanks")) == (
        "supported"
    )
    assert _label("Ondra has not confirmed the quote.", _thread("Ondra: got it, thanks")) == (
        "contradicted"
    )
    # hard negative: his own line that says it has not come confirms nothing, though it replies
    assert _label("Ondra confirmed he got the quote.", _thread("Ondra: hmm, not here yet")) == (
        "contradicted"
    )
    assert _label("Ondra replied.", _thread("Ondra: hmm, not here yet")) == "supported"


# -- counterfactuals ---------------------------------------------------------------------------

HELD = _item("hb1", "heartbeat", "02:00 quiet hours. Would have messaged Ottilie about the kiln.")


def test_a_counterfactual_says_the_act_did_not_happen() -> None:
    assert _label("Ottilie was messaged at 02:00.", HELD) == "contradicted"
    assert _label("Nobody messaged Ottilie at 02:00.", HELD) == "supported"


def test_a_plan_is_no_counterfactual() -> None:
    # hard negative: a plan says nothing of whether the act later happened
    plan = _item("hb2", "heartbeat", "02:00 quiet hours. Will message Ottilie at 08:00.")
    assert _label("Ottilie was messaged.", plan) == "unsupported"


def test_a_counterfactual_in_a_note_or_journal_prose_says_the_act_did_not_happen() -> None:
    # the prose reading, not only the item's statements, reads "would have" and "I'd have"
    note = _item(
        "n1", "session", "Would have messaged Ottilie about the kiln tonight; held for quiet hours."
    )
    journal = _item(
        "j1", "journal", "Nov 20: I'd have re-rendered plate 12 tonight, but no approval."
    )
    assert _label("Vojan messaged Ottilie about the kiln.", note) == "contradicted"
    assert _label("Vojan has not messaged Ottilie about the kiln yet.", note) == "supported"
    assert _label("Plate 12 was re-rendered on Nov 20.", journal) == "contradicted"
    # hard negative: the act reported done, a wish about it beside it
    done = _item(
        "n2", "session", "Messaged Ottilie about the kiln. She would have liked it sooner."
    )
    assert _label("Vojan messaged Ottilie about the kiln.", done) == "supported"


def test_a_logs_verdict_in_capitals_is_a_failure() -> None:
    log = _item("s1", "session", "19:10 seal ledger-export-nov -> ERR signer offline")
    assert _label("ledger-export-nov is sealed.", log) == "contradicted"
    assert _label("ledger-export-nov is not sealed.", log) == "supported"
    # hard negative: the same log line with its success verdict
    ok = _item("s2", "session", "19:10 seal ledger-export-nov -> OK")
    assert _label("ledger-export-nov is sealed.", ok) == "supported"
