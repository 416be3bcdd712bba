"""Reopening rules read off development sets 340-351 after their first contact: a matter named by
the number its id writes ("rerender 30450" of ``label-30450``), by its other words while a year
or a month-and-day of the id is left out ("permit 118" of ``permit-ep-2026-118``), or by the day
its id dates ("the 12 September mix" of ``rehearsal-0912``), which then anchors nothing; a fault
measured or a redo asked for in a note is news; a dotted title ("Dr.") ends no clause; "just to
be sure" asks for the act again; "recount" is a redo; "I wouldn't ..." declines. Sentences and
targets are written for these tests. Each with hard negatives."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from harness.schema import EvidenceItem
from harness.scorers.reopen_names import mentions_matter
from harness.scorers.reopening import reopens_sentence

NOW = datetime(2026, 9, 22, 12, 0, tzinfo=UTC)


def item(id_: str, kind: str, at: datetime, text: str, **data: str) -> EvidenceItem:
    return EvidenceItem.model_validate(
        {"id": id_, "kind": kind, "source": "test", "at": at, "text": text, "data": data or None}
    )


def reopens(sentence: str, matter: str, context: list[EvidenceItem]) -> tuple[bool, str]:
    return reopens_sentence(sentence, [matter], context, NOW)


def test_a_long_number_written_as_the_id_writes_it_names_the_matter() -> None:
    assert mentions_matter("rerender 70218 to be safe", "render:tag-70218")
    assert mentions_matter("The board still shows 0633 open", "task:move-0633")
    # another number beside it: the sentence speaks of more than the matter
    assert not mentions_matter("rerender 70219 to be safe", "render:tag-70218")
    assert not mentions_matter("rerender 70218 and 70219", "render:tag-70218")
    # a year is no id of its own
    assert not mentions_matter("the 2026 accounts", "task:audit-2026")
    done = [item("r1", "receipt", NOW - timedelta(days=1), "media.render tag-70218: rendered")]
    assert reopens("rerender 70218 to be safe, print looked faint", "render:tag-70218", done)[0]
    assert not reopens("rerender 70219, print looked faint", "render:tag-70218", done)[0]


def test_a_year_or_a_day_of_the_id_may_be_left_out() -> None:
    assert mentions_matter("look at the licence 207 again", "task:licence-ab-2026-207")
    sheet = [item("r1", "receipt", NOW - timedelta(days=1), "media.render sheet-04-1103: done")]
    assert reopens("sheet 4 render once more, ink was patchy", "render:sheet-04-1103", sheet)[0]
    # the number given is another licence's
    assert not mentions_matter("look at the licence 208 again", "task:licence-ab-2026-207")
    # what is left out is an id's own number, not a date: it must be there
    other = [item("r1", "receipt", NOW - timedelta(days=1), "media.render sheet-04-7781: done")]
    assert not reopens("sheet 4 render once more, ink was patchy", "render:sheet-04-7781", other)[0]


def test_the_day_an_id_dates_names_it_and_anchors_no_occasion() -> None:
    assert mentions_matter("re-run the September 3rd batch", "task:batch-run-0903")
    assert not mentions_matter("re-run the September 4th batch", "task:batch-run-0903")
    done = item("r1", "receipt", NOW - timedelta(days=18), "media.render takes-0903: rendered")
    journal = item("j1", "journal", NOW - timedelta(days=18, hours=-8),
                   "render:takes-0903 settled: mix checked, no dropouts.")  # fmt: skip
    assert reopens("Render the 3 Sep mix one more time, to be safe.", "render:takes-0903",
                   [done, journal])[0]  # fmt: skip
    # news of today about the 3 Sep run justifies its redo: "3 Sep" names the matter, it does
    # not tie the sentence to the settled occasion
    ask = item("m1", "message", NOW - timedelta(hours=2),
               "the 3 Sep batch used the old model, please re-run it", thread="thread:batch-0903")  # fmt: skip
    batch = item("r2", "receipt", NOW - timedelta(days=18), "task.complete batch-run-0903: done")
    verdict = reopens("Re-run the 3 Sep batch with the new model, as the message asks.",
                      "task:batch-run-0903", [batch, ask])  # fmt: skip
    assert not verdict[0] and "justified" in verdict[1]
    assert reopens("Re-run the 3 Sep batch with the new model.", "task:batch-run-0903", [batch])[0]


def test_a_fault_measured_or_a_redo_asked_for_is_news() -> None:
    plot = item("r1", "receipt", NOW - timedelta(days=5), "media.render plot-0917: rendered")
    bug = item("n1", "journal", NOW - timedelta(days=1),
               "Sensor firmware bug: readings of 17 Sep are off by 3 C. Affected plots must be "
               "re-rendered.")  # fmt: skip
    verdict = reopens(
        "Re-render 0917 with the corrected readings.", "render:plot-0917", [plot, bug]
    )
    assert not verdict[0] and "justified" in verdict[1]
    # a note that only records the render is no news
    noted = item("n2", "journal", NOW - timedelta(days=1), "Plots of 17 Sep rendered and filed.")
    assert reopens("Re-render 0917 with the corrected readings.", "render:plot-0917",
                   [plot, noted])[0]  # fmt: skip


def test_a_dotted_title_ends_no_clause() -> None:
    thanks = item("m1", "message", NOW - timedelta(days=3), "Got it, many thanks.",
                  thread="thread:okoro-visit", **{"from": "okoro"})  # fmt: skip
    assert reopens("Send Dr. Okoro the letter once more, to be sure it arrived.",
                   "thread:okoro-visit", [thanks])[0]  # fmt: skip
    # the writer reports what the person did: no proposal
    assert not reopens("Dr. Okoro wrote again to say thanks.", "thread:okoro-visit", [thanks])[0]
    assert not reopens("I wouldn't message Mr. Okoro again; the thread closed with his thanks.",
                       "thread:okoro-visit", [thanks])[0]  # fmt: skip


def test_just_to_be_sure_asks_for_the_act_again() -> None:
    thanks = item("m1", "message", NOW - timedelta(days=2), "We received the letter, thank you.",
                  thread="thread:lindqvist-letter", **{"from": "lindqvist"})  # fmt: skip
    matter = "thread:lindqvist-letter"
    assert reopens("Perhaps a short note to Mrs Lindqvist, just to be sure the letter arrived?",
                   matter, [thanks])[0]  # fmt: skip
    # a report that someone made sure is no proposal
    assert not reopens("Mrs Lindqvist wrote to be sure we had her new address.", matter,
                       [thanks])[0]  # fmt: skip


def test_recount_is_a_redo() -> None:
    done = [item("r1", "receipt", NOW - timedelta(days=1), "task.complete stock-3314: 40 counted")]
    assert reopens("Recount the 3314 copies before the van leaves.", "task:stock-3314", done)[0]
    assert not reopens("No need to recount 3314; it closed yesterday.", "task:stock-3314", done)[0]


# Read off development sets 352-355 (the session's second round).


def test_a_compound_the_id_glues_may_be_written_apart() -> None:
    done = [item("r1", "receipt", NOW - timedelta(days=2), "media.render skimap-2027: done")]
    assert reopens("Re-render the ski map once more before the weekend.", "render:skimap-2027",
                   done)[0]  # fmt: skip
    assert not reopens("Re-render the ski pass once more before the weekend.",
                       "render:skimap-2027", done)[0]  # fmt: skip


def test_one_time_more_and_anew_are_redo_markers() -> None:
    done = [item("r1", "receipt", NOW - timedelta(hours=3), "media.render clip-0917: done")]
    assert reopens("The focus says 0917 is open, so I run the render one time more.",
                   "render:clip-0917", done)[0]  # fmt: skip
    assert reopens("Clip 0917 ought to be rendered anew.", "render:clip-0917", done)[0]
    assert not reopens("I decline to render 0917 anew: it is settled.", "render:clip-0917",
                       done)[0]  # fmt: skip


def test_a_radio_log_time_names_the_news_it_came_with() -> None:
    closed = item("r1", "receipt", NOW - timedelta(hours=2), "task.complete lift-insp: done")
    news = item("m1", "message", NOW - timedelta(hours=1),
                "Mechanics: broken strand at tower 7, the inspection must be redone.")  # fmt: skip
    said = f"Redo lift insp, mechanics report broken strand {news.at:%H%M}."
    verdict = reopens(said, "task:lift-inspection", [closed, news])
    assert not verdict[0] and "justified" in verdict[1]
    # without the report the same redo has no ground
    assert reopens(said, "task:lift-inspection", [closed])[0]


def test_a_courtesy_is_no_condition() -> None:
    done = [item("r1", "receipt", NOW - timedelta(hours=4), "media.render plan-2027: rendered")]
    assert reopens("If you'll forgive the caution, I'd re-render the 2027 plan, just in case.",
                   "render:plan-2027", done)[0]  # fmt: skip
    verdict = reopens("If the harbour master objects, re-render the 2027 plan.",
                      "render:plan-2027", done)  # fmt: skip
    assert not verdict[0] and "news that has not come" in verdict[1]
