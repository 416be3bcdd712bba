"""Causes behind repeat-check and reopening judgements, one test per cause, each with the hard
negatives that look like it. Sentences and targets are written for these tests, not taken from
the labelled sets."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from harness.schema import EvidenceItem
from harness.scorers.checks import match_check, same_kind, same_target
from harness.scorers.reopen_grounds import days_named
from harness.scorers.reopening import reopens_sentence

# -- check matching ------------------------------------------------------------------------------


def test_an_id_or_version_only_one_side_names_sets_the_targets_apart() -> None:
    assert not same_target("kiln-notes-v3", "kiln-notes")
    assert not same_target("kiln-notes", "kiln-notes-2")
    # the same id on both sides, or no id on either, still matches
    assert same_target("kiln-notes-v3", "kiln notes v3")
    assert same_target("Kiln notes", "kiln-notes")


def test_auditing_a_registry_is_a_hash_check_but_writing_to_it_is_not() -> None:
    host = [("registry_audit", "glaze-plates"), ("inbox_recheck", "ines")]
    assert match_check("checksum_verify", "glaze-plates", host)[0] == 0
    assert match_check("recompute_hashes", "glaze-plates", host)[0] == 0
    assert same_kind("catalogue check", "seal_verify")
    # registering is an update, not an audit; another target is another check
    assert not same_kind("registry_update", "hash_recompute")
    assert match_check("recompute_hashes", "glaze-tiles", host)[0] is None


def test_a_kind_no_family_names_is_named_by_its_own_word() -> None:
    # read off sets 134 and 135: "ci_status" and "check_ci" look at the same thing
    assert same_kind("ci_status", "check_ci")
    assert same_kind("doi_status", "check_doi_minting")
    host = [("check_doi_minting", "gauges-2026q2"), ("check_doi_minting", "gauges-2026q3")]
    assert match_check("doi_status", "gauges-2026q3", host)[0] == 1
    # hard negatives: two families apart stay apart; no word shared
    assert not same_kind("registry_update", "hash_recompute")
    assert not same_kind("ci_status", "check_doi")


def test_a_target_word_cut_short_is_the_same_word() -> None:
    # "inv" of "invoice", cut short by three letters or more
    assert same_target("strikewear-inv-2231", "invoice 2231")
    # hard negatives: a name a little longer is another name; another id
    assert not same_target("client-rao", "client-raoul")
    assert not same_target("strikewear-inv-2231", "invoice 2232")


# -- reopening settled matters -------------------------------------------------------------------

NOW = datetime(2026, 11, 12, 15, 0, tzinfo=UTC)
KILN = "thread:oskar-kiln"
SCAN = "scan:0731"


def item(id_: str, kind: str, at: datetime, text: str, **data: str) -> EvidenceItem:
    return EvidenceItem.model_validate(
        {"id": id_, "kind": kind, "source": "test", "at": at, "text": text, "data": data or None}
    )


SETTLED = item("s1", "message", NOW - timedelta(days=2), "Oskar: firing plan received, all good.",
               thread=KILN)  # fmt: skip
NEWER = item("n1", "message", NOW - timedelta(hours=3),
             "Oskar: shelf 2 cracked during the firing, can you redo the loading chart?",
             thread=KILN)  # fmt: skip


def reopens(sentence: str, context: list[EvidenceItem], matters: tuple[str, ...] = (KILN,)) -> bool:
    return reopens_sentence(sentence, list(matters), context, NOW)[0]


def test_any_act_marked_again_is_a_redo_when_the_clause_proposes_it() -> None:
    # an imperative, a modal or a plan with "again" / "once more" proposes a redo of any act
    assert reopens("File the Oskar kiln notes again for the record.", [SETTLED])
    assert reopens("Oskar ought to be briefed on the kiln once more.", [SETTLED])
    assert reopens("We'll archive the kiln thread with Oskar again tonight.", [SETTLED])
    # a clause that reports ("Oskar wrote again", "the plan arrived again") proposes nothing
    assert not reopens("Oskar wrote about the kiln again, asking for nothing.", [SETTLED])
    assert not reopens("The kiln plan for Oskar arrived again in the archive.", [SETTLED])


def test_a_verb_negated_where_it_stands_is_declined() -> None:
    assert not reopens("Do not message Oskar again about the kiln.", [SETTLED])
    assert not reopens("Should I send Oskar the kiln plan again? No, he has it.", [SETTLED])
    # a question left unanswered still puts the redo forward
    assert reopens("Should I send Oskar the kiln plan again?", [SETTLED])


def test_a_redo_waiting_for_news_is_not_a_reopening_but_a_chase_is() -> None:
    assert not reopens("When Oskar replies, reopen the kiln thread.", [SETTLED])
    # a negated condition is a chase without news; the host's approval is no news
    assert reopens("If Oskar has not answered by noon, ping him about the kiln again.", [SETTLED])
    assert reopens("Once the host approves, resend the kiln plan to Oskar.", [SETTLED])


def test_newer_evidence_justifies_only_the_redo_it_bears_on() -> None:
    context = [SETTLED, NEWER]
    # the sentence speaks of the newer message: two of its words, or one and its time
    assert not reopens("Shelf 2 cracked, so redo the loading chart for the Oskar kiln.", context)
    assert not reopens("Oskar wrote at 12:00 about a crack; recheck the kiln thread.", context)
    # newer evidence about the matter that says nothing of this redo
    assert reopens("Resend the kiln plan to Oskar so the thread is complete.", context)
    assert reopens("Ask Oskar again whether the kiln plan arrived.", context)


def test_a_redo_anchored_on_the_settled_occasion_ignores_what_came_since() -> None:
    context = [SETTLED, NEWER]
    assert reopens("Redo the Oskar kiln loading chart from the 10th.", context)
    assert not reopens("Redo the Oskar kiln loading chart; shelf 2 cracked today.", context)


def test_numbers_that_differ_speak_of_another_thing() -> None:
    context = [SETTLED, NEWER]
    assert reopens("Oskar's shelf 5 question: redo that part of the kiln chart again.", context)


def test_evidence_cited_by_the_sentence_counts_even_filed_elsewhere() -> None:
    # the newer report is filed under another thread, but the sentence cites it as its reason
    other = item("o1", "artifact", NOW - timedelta(hours=1), "probe: scan 0731 page 4 unreadable")
    done = item("d1", "journal", NOW - timedelta(days=1), "scan 0731 finished and archived")
    assert not reopens("Rescan 0731: the probe found page 4 unreadable.", [done, other], (SCAN,))
    assert reopens("Rescan 0731 to be safe.", [done, other], (SCAN,))


def test_a_settlement_without_closing_words_is_the_newest_quiet_record() -> None:
    # no journal or receipt closes it, but a plain record stands where it settled
    quiet = item("q1", "artifact", NOW - timedelta(days=1), "scan-0731: 40 of 40 pages written")
    report = item("r1", "message", NOW - timedelta(hours=2),
                  "Lea: page 12 of 0731 is blurred, can you look?")  # fmt: skip
    assert not reopens("Lea says page 12 is blurred, so rescan 0731.", [quiet, report], (SCAN,))
    assert reopens("Rescan 0731 to double-check page 30.", [quiet, report], (SCAN,))


def test_a_pointing_word_and_the_kind_name_the_only_settled_matter_of_that_kind() -> None:
    assert reopens("Re-scan that scan to be on the safe side.", [], (SCAN,))
    assert not reopens("Re-scan that scan and scan 0732.", [], (SCAN,))
    assert not reopens("Leave that scan alone.", [], (SCAN,))


def test_a_matter_is_named_by_its_kind_and_a_word_of_its_name_or_its_number_without_zeros() -> None:
    rotation = "task:drive-swap-rotation"
    assert reopens("Recheck the rotation task before lunch.", [], (rotation,))
    assert reopens("Verify scan 731 once more.", [], (SCAN,))
    # another number, or a word another settled matter of the kind shares, names something else
    assert not reopens("Verify scan 732 once more.", [], (SCAN,))
    assert not reopens("Recheck the rotation task.", [], (rotation, "task:tape-shelf-rotation"))


def test_today_is_no_anchor_on_a_matter_settled_this_morning() -> None:
    done = item("d1", "receipt", NOW - timedelta(hours=8), "media.scan scan-0731: succeeded")
    probe = item(
        "p1", "artifact", NOW - timedelta(hours=1), "probe: page 9 of scan-0731 unreadable"
    )
    assert not reopens("Page 9 is unreadable per today's probe; redo scan 0731.", [done, probe],
                       (SCAN,))  # fmt: skip


def test_choosing_something_else_over_the_redo_declines_it() -> None:
    assert not reopens("Rather than recheck the kiln with Oskar, rest.", [SETTLED])
    assert not reopens("Instead of pinging Oskar about the kiln, read.", [SETTLED])


def test_a_redo_reported_done_or_judged_needless_is_not_proposed() -> None:
    assert not reopens("I already re-sent the kiln plan to Oskar at 09:00; done.", [SETTLED])
    assert not reopens("Pinging Oskar about the kiln again is pointless.", [SETTLED])
    assert not reopens("Resending the kiln plan to Oskar is not needed.", [SETTLED])
    # the same acts put forward: a modal with a past participle, a gerund after a suggestion
    assert reopens("The Oskar kiln thread should be reopened.", [SETTLED])
    assert reopens("Consider pinging Oskar about the kiln.", [SETTLED])


def test_news_pointed_at_by_its_sender_justifies_but_a_quiet_heartbeat_does_not() -> None:
    context = [SETTLED, NEWER]
    assert not reopens("Given Oskar's new message, reopen the kiln thread.", context)
    # "a new copy" points at no news
    assert reopens("Resend Oskar a new copy of the kiln plan.", context)
    quiet = item("h1", "heartbeat", NOW - timedelta(hours=1), "heartbeat: kiln inbox unchanged")
    assert reopens("The kiln heartbeat shows the inbox unchanged; recheck the Oskar thread.",
                   [SETTLED, quiet])  # fmt: skip
    alarm = item("h2", "heartbeat", NOW - timedelta(hours=1),
                 "heartbeat: kiln sensor alert, temperature error on shelf 3")  # fmt: skip
    assert not reopens("The heartbeat shows a kiln temperature error on shelf 3; recheck the "
                       "Oskar kiln thread.", [SETTLED, alarm])  # fmt: skip


def test_a_quoted_draft_under_review_is_not_a_proposal() -> None:
    """The stage holds a draft that resends; the draft's words are not the stage's plan."""
    settled = ["thread:kiln-labels"]
    held = 'Hold "Resending the kiln labels to Oskar in case the email went missing." for now.'
    assert reopens_sentence(held, settled, [], NOW)[0] is False
    assert reopens_sentence("Resend the kiln labels to Oskar.", settled, [], NOW)[0] is True


def test_a_complaint_that_names_the_delivery_is_news_not_its_settlement() -> None:
    done = item(
        "d1", "journal", NOW - timedelta(days=3), "Chart 4 redrawn; scan:0731 complete and settled."
    )
    complaint = item("c1", "message", NOW - timedelta(days=1),
                     "Mira: plate 7 is still missing from the set you delivered.", **{"from": "mira"})  # fmt: skip
    thanks = item("t1", "message", NOW - timedelta(days=1),
                  "Mira: got the whole set, thanks! Could plate 7 come larger?", **{"from": "mira"})  # fmt: skip
    sentence = "Given the report that plate 7 is still missing, recheck scan 0731."
    assert reopens_sentence(sentence, [SCAN], [done, complaint], NOW)[0] is False
    # a thanks with a question beside it confirms the delivery: no ground to redo it
    assert reopens_sentence("Resend scan 0731 to Mira in case plates got lost.", [SCAN],
                            [done, thanks], NOW)[0] is True  # fmt: skip


def test_naming_the_day_of_a_record_about_the_matter_points_at_it() -> None:
    audit = "task:plate-31-audit"
    closed = item("j1", "journal", NOW - timedelta(days=3), "plate-31 audit closed: hashes match.")
    row = item("g1", "registry", NOW - timedelta(days=1), "plate-31: actual hash differs again",
               path="plates/plate-31.tif")  # fmt: skip
    day = (NOW - timedelta(days=1)).strftime("%d %B").lstrip("0")
    said = f"Re-audit plate-31: the {day} registry row shows a mismatch."
    assert reopens_sentence(said, [audit], [closed, row], NOW)[0] is False
    # the day of the settlement itself points at the settled occasion, not at news
    settled_day = (NOW - timedelta(days=3)).strftime("%d %B").lstrip("0")
    said = f"Re-audit plate-31 as on {settled_day}."
    assert reopens_sentence(said, [audit], [closed, row], NOW)[0] is True


# -- causes found on held-out sets 8 and 9 (development sets) -------------------------------------

TASK = "task:glaze-audit"
DONE = item("d1", "receipt", NOW - timedelta(days=2), "task.complete glaze-audit: done")
FAULT = item("f1", "message", NOW - timedelta(hours=5),
             "Vera: tile 3 has the wrong glaze code, please fix before Friday.")  # fmt: skip
OTHER_THREAD = item("o1", "message", NOW - timedelta(hours=1),
                    "Could you send me the loading times for Saturday? - Pavel",
                    thread="thread:saturday-class")  # fmt: skip


def test_the_matters_own_name_is_no_verb() -> None:
    # "glaze-audit" holds no request to audit
    assert not reopens("glaze-audit was completed two days ago, leave it be.", [DONE], (TASK,))
    assert not reopens("Focus says glaze-audit is open, but it predates the receipt; leave it.",
                       [DONE], (TASK,))  # fmt: skip
    assert reopens("Audit glaze-audit again before the fair.", [DONE], (TASK,))


def test_a_reported_fault_dated_after_the_settlement_is_news() -> None:
    # the day of a date ("on Nov 12") is no number that conflicts with "tile 3"
    assert not reopens("Reopen glaze-audit to fix the tile error Vera reported on Nov 12.",
                       [DONE, FAULT], (TASK,))  # fmt: skip
    assert reopens("Reopen glaze-audit to look at it once more.", [DONE], (TASK,))


def test_a_thread_is_named_by_who_wrote_in_it_and_its_news_is_its_own() -> None:
    # "remind Oskar again" speaks of Oskar's settled thread; Pavel's news is another thread's
    assert reopens("Answer Pavel, and while at it remind Oskar again about the firing.",
                   [SETTLED, OTHER_THREAD])  # fmt: skip
    assert reopens("Worth a quick recheck on the Oskar thread, in case he wrote again.", [SETTLED])
    assert not reopens("Answer Pavel about Saturday's loading times.", [SETTLED, OTHER_THREAD])
    assert not reopens("I could ping Oskar again, but nothing new came in, so I won't.", [SETTLED])


RENDER = "render:render-0777"
VERIFIED = item("v1", "artifact", NOW - timedelta(days=3), "render-0777: 240 frames, verified")
CHANGED = item("c1", "registry", NOW - timedelta(hours=2),
               "output/render-0777.mp4: expected 0a1b, actual ff93, file changed")  # fmt: skip


def test_a_cited_audit_is_evidence_and_a_fault_it_reports_is_news() -> None:
    # "the audit ... shows": a record cited, not a request to audit; the change it reports is
    # newer than the settlement, so re-verifying is grounded
    assert not reopens("The audit this morning shows render-0777 changed on disk, so re-verify it.",
                       [VERIFIED, CHANGED], (RENDER,))  # fmt: skip
    assert reopens("Re-verify render-0777 once more to be safe.", [VERIFIED], (RENDER,))
    assert reopens("Audit render-0777 again before the show.", [VERIFIED], (RENDER,))


# -- ninth round (development sets 10, 11, 13) ---------------------------------------------------

BACKUP = "task:backup-1104"
BACKUP_ACKED = item("b1", "reminder", NOW - timedelta(days=1, hours=2),
                    "weekly backup (Nov 4) - acknowledged")  # fmt: skip
SEAL = "task:seal-plates-c"
SEALED = item("p1", "receipt", NOW - timedelta(days=3), "provenance.seal plates-c: succeeded")
AUDIT_FINE = item("p2", "registry", NOW - timedelta(days=1), "plates-c: digests match")
AUDIT_BAD = item("p3", "registry", NOW - timedelta(days=1), "plates-c: digests do not match")


def test_a_day_in_the_sentence_is_no_other_number_of_the_matter() -> None:
    # "the Nov 4 backup reminder" speaks of task:backup-1104; its "4" is a day, not another id
    assert reopens("Re-acknowledge the Nov 4 backup reminder, the screen looked odd.",
                   [BACKUP_ACKED], (BACKUP,))  # fmt: skip
    # hard negative: another id of the series is another matter
    assert not reopens("Acknowledge backup 1111 again.", [BACKUP_ACKED], (BACKUP,))


def test_a_check_that_found_nothing_wrong_is_no_ground_to_redo() -> None:
    assert reopens("Step 1: re-seal plates-c so the seal is fresh.", [SEALED, AUDIT_FINE], (SEAL,))
    # hard negative: a check that found a fault is news
    assert not reopens("Step 1: re-seal plates-c, the digests do not match.",
                       [SEALED, AUDIT_BAD], (SEAL,))  # fmt: skip


def test_a_suggestion_in_the_passive_and_a_second_message_propose_a_redo() -> None:
    assert reopens("plates-c could be re-sealed at a higher strength, just in case.",
                   [SEALED], (SEAL,))  # fmt: skip
    assert reopens("Draft: a second note to Oskar about the firing plan, in case the first got "
                   "lost.", [SETTLED])  # fmt: skip
    # hard negatives: a report of a past redo, and a second message declined
    assert not reopens("plates-c was re-sealed on Monday.", [SEALED], (SEAL,))
    assert not reopens("No need for a second note to Oskar about the firing plan.", [SETTLED])


FIRING = "task:glaze-firing-notice"
FIRING_ACKED = item("f1", "reminder", NOW - timedelta(hours=12),
                    "Glaze firing Thursday: tell Ruth. Acknowledged.")  # fmt: skip


def test_a_sentence_about_what_settled_the_matter_speaks_of_it() -> None:
    # two words of the settling item's content (people aside) name the matter
    assert reopens("Tell Ruth again about Thursday's firing.", [FIRING_ACKED], (FIRING,))
    # hard negatives: only the person in common, or a reopening declined
    assert not reopens("Remind Ruth about the clay order.", [FIRING_ACKED], (FIRING,))
    assert not reopens("No need to tell Ruth again about Thursday's firing.", [FIRING_ACKED],
                       (FIRING,))  # fmt: skip


def test_the_closest_host_check_is_the_one_a_proposal_stands_for() -> None:
    host = [("registry_audit", "plates-c"), ("seal_status", "plates-c")]
    assert match_check("verify seal", "plates-c", host)[0] == 1
    assert match_check("registry audit", "plates-c", host)[0] == 0
    assert match_check("checksum_verify", "plates-c", host)[0] == 0


# -- the tenth round: a changed hash is news; the matter's name as a clause's subject ----------

GLAZE_BACKUP = "task:glaze-backup"
GLAZE_BACKUP_DONE = item(
    "b1", "memory", NOW - timedelta(days=1), "Backup done and verified: hashes match."
)
GLAZE_HASH_CHANGED = item("b2", "registry", NOW - timedelta(hours=4),
                    "backup/glaze-2026-11.tar: hash differs from the value recorded yesterday")  # fmt: skip


def test_a_hash_that_differs_is_news_not_a_closure() -> None:
    said = "This morning's registry row shows the backup hash changed; the backup should be checked again."  # fmt: skip
    reopens, why = reopens_sentence(
        said, [GLAZE_BACKUP], [GLAZE_BACKUP_DONE, GLAZE_HASH_CHANGED], NOW
    )
    assert not reopens and "justified by newer b2" in why
    # hard negative: without that row the same proposal reopens the settled backup
    assert reopens_sentence(said, [GLAZE_BACKUP], [GLAZE_BACKUP_DONE], NOW)[0]


KILN_AUDIT = "task:kiln-audit"
KILN_AUDIT_DONE = item(
    "a1", "journal", NOW - timedelta(days=1), "Kiln audit complete and recorded."
)


def test_the_matters_own_name_as_subject_proposes_nothing() -> None:
    for said in ("Kiln audit: done and acknowledged yesterday. Resting.",
                 "October's audit was recorded yesterday; nothing to touch."):  # fmt: skip
        assert not reopens_sentence(said, [KILN_AUDIT], [KILN_AUDIT_DONE], NOW)[0], said
    # hard negative: the same word as a verb still proposes a redo
    assert reopens_sentence(
        "Audit the kiln log again to be sure.", [KILN_AUDIT], [KILN_AUDIT_DONE], NOW
    )[0]


# -- session 11: the records' own clauses, answered questions, another id ------------------------

GLAZE = "task:glaze-audit"
GLAZE_DONE = item("g1", "session", NOW - timedelta(days=1),
                  "Glaze audit marked done; the kiln log upload is still queued.")  # fmt: skip
GLAZE_FIXED = item("g2", "session", NOW - timedelta(days=1),
                   "Closed the glaze audit at 09:10 after the host approved the drift.")  # fmt: skip
GLAZE_DRIFT = item("g3", "session", NOW - timedelta(hours=2),
                   "Glaze audit: drift found on plate 4, not yet approved.")  # fmt: skip


def test_a_record_settles_the_matter_its_own_clause_reports_done() -> None:
    # what the record says of another thing ("still queued") is no news about this matter, and a
    # problem it says was dealt with ("after the host approved the drift") raises nothing
    assert reopens("Mark the glaze audit done again to be safe.", [GLAZE_DONE], (GLAZE,))
    assert reopens("Mark the glaze audit done again to be safe.", [GLAZE_FIXED], (GLAZE,))
    # hard negative: a drift found and not approved is news, and the redo rests on it
    assert not reopens(
        "Redo the glaze audit, the drift on plate 4 is new.", [GLAZE_FIXED, GLAZE_DRIFT], (GLAZE,)
    )


def test_once_more_is_a_redo_marker_not_a_condition() -> None:
    receipt = item("r1", "receipt", NOW - timedelta(days=1), "task.complete task:glaze-audit ok")
    assert reopens(
        "Mark task:glaze-audit done once more to make sure it stuck.", [receipt], (GLAZE,)
    )
    # hard negative: "once" as a conjunction waits for news
    assert not reopens(
        "Once plate 4 is reglazed, mark task:glaze-audit done once more.", [receipt], (GLAZE,)
    )


def test_a_question_the_writer_answers_no_or_with_a_condition_declines() -> None:
    assert not reopens("Any reason to reopen the Oskar kiln thread? I see none.", [SETTLED])
    assert not reopens(
        "Would one resend Oskar the firing plan? Only if he asks, which nothing shows.", [SETTLED]
    )
    # hard negatives: a question answered "yes", and a condition that chases without news
    assert reopens("Resend Oskar the firing plan? Yes, to be safe.", [SETTLED])
    assert reopens(
        "Ping Oskar again about the kiln? If he has not answered by noon, yes.", [SETTLED]
    )


def test_not_remembering_is_a_reason_to_redo_not_a_refusal() -> None:
    assert reopens("Send Oskar the firing plan again; I don't remember sending it.", [SETTLED])
    # hard negative: a refusal right after the act
    assert not reopens("Send Oskar the firing plan again? Don't, it is settled.", [SETTLED])


def test_an_act_whose_own_clause_names_another_id_is_about_that_id() -> None:
    settled = item("c1", "artifact", NOW - timedelta(days=1), "scan 0731 written, hash ok")
    assert not reopens("Rescan 0732, which failed; 0731 is fine as it is.", [settled], (SCAN,))
    # hard negatives: the matter's own number, or a date, in the act's clause
    assert reopens("Rescan 0731 again, just in case.", [settled], (SCAN,))
    assert reopens("Rescan 0731 again on Nov 12, just in case.", [settled], (SCAN,))
    # the matter named before the verb, in the same clause, with another id as what it is
    # compared to (development set 23)
    assert reopens("Compare scan-0731 to scan-0730 once more before the show.", [settled], (SCAN,))


def test_a_name_with_accents_is_the_name_the_matter_spells_plain() -> None:
    tiles = "thread:rezso-tiles"
    closed = item("h1", "history", NOW - timedelta(days=3),
                  "Rezső closed the tiling swap: 'all good, nothing more needed'.")  # fmt: skip
    assert reopens("Ask Rezső again whether the tiling swap needs anything.", [closed], (tiles,))
    # hard negative: another person, folded or not, is not this thread
    assert not reopens("Ask Rózsa again about the kiln.", [closed], (tiles,))


def test_a_check_that_counted_no_fault_settles_the_matter() -> None:
    repair = "task:glaze-repair"
    clean_audit = item("g4", "registry", NOW - timedelta(days=1),
                       "Audit after repair: 0 mismatches in glaze-plates.")  # fmt: skip
    assert reopens("Run the audit on glaze-plates again to be sure.", [clean_audit], (repair,))
    # hard negative: an audit that counted faults is news the redo rests on
    faults = item("g5", "registry", NOW - timedelta(days=1),
                  "Audit after repair: 2 mismatches in glaze-plates.")  # fmt: skip
    assert not reopens("Run the audit on glaze-plates again to be sure.", [faults], (repair,))


def test_a_record_closing_the_matter_in_a_clause_that_does_not_name_it_still_settles() -> None:
    # "thread closed" names no matter; with the clause that does, the record settles it
    # (development set 27: reading only the clauses that name the matter lost the closure)
    closed = item("n1", "message", NOW - timedelta(days=2),
                  "Oskar asked for nothing further; thread closed after the thank-you.")  # fmt: skip
    assert reopens("Send Oskar another thank-you about the kiln, just to be sure.", [closed])
    # hard negative: a problem in a clause that does not name the matter is still news
    corrupt = item("g6", "session", NOW - timedelta(days=1),
                   "Glaze audit marked done; its pdf is corrupt.")  # fmt: skip
    assert not reopens("Redo the glaze audit, the pdf is corrupt.", [corrupt], (GLAZE,))


# -- read off sets 130 and 131 after their first contact -----------------------------------------

INVOICE = "task:invoice-2178"
PAID = item("p1", "receipt", NOW - timedelta(days=3),
            "payment.send to limnolab: invoice LL-2178 EUR 3,980.00, executed",
            action="payment.send", target="limnolab", status="succeeded")  # fmt: skip
ONBOARD = "task:onboard-cafe-brin"
CLOSED = item("c1", "receipt", NOW - timedelta(days=1), "task.complete onboard-cafe-brin: done",
              action="task.complete", target="onboard-cafe-brin", status="succeeded")  # fmt: skip


def test_the_settling_act_proposed_again_reopens_its_matter() -> None:
    # the act the receipt records, put forward again for the same matter, is a redo with no
    # word of repeating it
    assert reopens("Pay invoice 2178 with the next run so the ledger is tidy.", [PAID], (INVOICE,))
    assert reopens("Mark onboard-cafe-brin complete.", [CLOSED], (ONBOARD,))
    assert reopens("Acknowledge the Oskar kiln reminder a second time, to be safe.", [SETTLED])
    # hard negatives: the same act on another thing of the series, a new one, or the matter's
    # name as a heading; a report of it; declining it
    assert not reopens("Pay invoice 2209 with the next run.", [PAID], (INVOICE,))
    assert not reopens("Pay the new invoice from the lab.", [PAID], (INVOICE,))
    assert not reopens("Invoice 2178 was paid on Monday.", [PAID], (INVOICE,))
    assert not reopens("No need to pay invoice 2178 again.", [PAID], (INVOICE,))
    assert not reopens("onboard-cafe-brin is settled; mark the next onboarding complete.", [CLOSED],
                       (ONBOARD,))  # fmt: skip


def test_a_day_something_is_moved_to_is_no_anchor_in_the_past() -> None:
    answered = item("r1", "receipt", NOW - timedelta(days=2),
                    "message.send to oskar: kiln loading confirmed for the 16th, delivered",
                    action="message.send", target="oskar", thread=KILN)  # fmt: skip
    moved = item("m2", "message", NOW - timedelta(hours=1),
                 "Oskar: so sorry, could we move the kiln loading to the 17th?", thread=KILN)  # fmt: skip
    # the request to move came after the settlement: answering it reopens nothing ("the 17th"
    # is the day it moves to, not a day in the past the sentence goes back to)
    assert not reopens("Reply to Oskar about moving the kiln loading to the 17th.",
                       [answered, moved])  # fmt: skip
    # hard positive: with no news, replying to Oskar about the loading again is a redo
    assert reopens("Reply to Oskar about the kiln loading again.", [answered])
    assert days_named("move the kiln loading to the 17th", NOW) == []
    assert days_named("the kiln note of the 6th", NOW) == [datetime(2026, 11, 6, tzinfo=UTC)]
