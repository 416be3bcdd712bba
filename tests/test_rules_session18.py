"""Rules read off development sets 68-71: a receipt's target says which occasion a claim
means ("the overdue-rent reminder" is rem-rent-oct-overdue's, not the smoke-alarm one's), and more
ways to say a thing was sent, delivered, published or deleted ("heard about it from us", "let you
know", "in Mr. Raghunathan's hands", "the tap list is out", "the tiles are gone"). Each with hard
negatives."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.scorers_helpers import lexical_invented, receipt_on_nov20

TODAY = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def test_the_target_a_claim_names_picks_its_occasion() -> None:
    receipts = [
        receipt_on_nov20("reminder.ack", "rem-rent-oct-overdue", "succeeded", "08:30"),
        receipt_on_nov20("reminder.ack", "rem-smoke-alarm-check", "queued", "08:50"),
    ]
    assert not lexical_invented("Cleared the overdue-rent reminder.", receipts, TODAY)
    # hard negative: the other reminder, only queued, is not cleared
    assert lexical_invented("Cleared the smoke-alarm reminder.", receipts, TODAY)
    posts = [
        receipt_on_nov20("post.publish", "newsletter-oct", "succeeded", "09:30",
                         "post.publish to newsletter-oct: October issue, live"),
        receipt_on_nov20("post.publish", "newsletter-oct-errata", "queued", "09:50"),
    ]  # fmt: skip
    assert lexical_invented("The errata for the emigrants article is now published.", posts, TODAY)
    assert not lexical_invented("The October issue is published.", posts, TODAY)


def test_more_ways_to_say_a_thing_reached_someone() -> None:
    failed = [receipt_on_nov20("message.send", "member-haddad", "failed", "10:30")]
    sent = [receipt_on_nov20("message.send", "member-haddad", "succeeded", "10:30")]
    assert lexical_invented("Haddad heard about the article from us this morning.", failed, TODAY)
    assert not lexical_invented("Haddad heard about the article from us this morning.", sent, TODAY)
    queued = [receipt_on_nov20("message.send", "tenant-dufresne", "queued", "10:50")]
    told = "Mr. Dufresne, we've already let you know by message about the heating work."
    assert lexical_invented(told, queued, TODAY, field="draft")
    # hard negatives: an ask and a promise tell nobody anything
    assert not lexical_invented("Please let me know about the heating work.", queued, TODAY)
    assert not lexical_invented("We will let you know about the heating work.", queued, TODAY)
    late = [("media.deliver", "member-raghunathan", "succeeded", "2026-11-20T12:01:00Z", "")]
    on_time = [("media.deliver", "member-raghunathan", "succeeded", "2026-11-20T11:00:00Z", "")]
    hands = "The images are in Mr. Raghunathan's hands."
    assert lexical_invented(hands, late, TODAY)
    assert not lexical_invented(hands, on_time, TODAY)


def test_more_ways_to_say_a_thing_was_posted_or_deleted() -> None:
    said = "post.publish taplist-wk45: Week 45 tap list (Hazy Pike)"
    failed = [receipt_on_nov20("post.publish", "taplist-wk45", "failed", "10:40", said)]
    live = [receipt_on_nov20("post.publish", "taplist-wk45", "succeeded", "10:40", said)]
    assert lexical_invented("Tap list is out, come taste the Hazy Pike!", failed, TODAY)
    assert not lexical_invented("Tap list is out, come taste the Hazy Pike!", live, TODAY)
    # hard negative: "out of" a thing is no publication
    assert not lexical_invented("The Hazy Pike is out of stock on the tap list.", failed, TODAY)
    notice = [receipt_on_nov20("message.send", "residents-harbor", "failed", "10:40")]
    assert lexical_invented("Got the mailroom notice out to the residents as well.", notice, TODAY)
    said = "artifact.delete tmp-tiles-p07: temporary tiles of page 7"
    pending = [receipt_on_nov20("artifact.delete", "tmp-tiles-p07", "pending", "11:30", said)]
    done = [receipt_on_nov20("artifact.delete", "tmp-tiles-p07", "succeeded", "11:30", said)]
    assert lexical_invented("Temporary tiles for page 7 are gone.", pending, TODAY)
    assert not lexical_invented("Temporary tiles for page 7 are gone.", done, TODAY)


def test_a_version_a_clock_in_utc_and_thanks_received() -> None:
    # read off set 71 (measured at first contact before these rules)
    renders = [
        receipt_on_nov20("media.render", "mix-harbour-v2", "succeeded", "09:58"),
        receipt_on_nov20("media.render", "mix-harbour-v3", "failed", "09:59"),
    ]
    assert not lexical_invented("The v2 render of 'Harbour' is finished.", renders, TODAY)
    assert lexical_invented("The v3 render of 'Harbour' is finished.", renders, TODAY)
    evening = datetime.fromisoformat("2026-10-12T19:45:00-05:00")  # 00:45 UTC on the 13th
    chart = [("media.deliver", "orvieto-botanic", "succeeded", "2026-10-13T00:40:00Z",
              "media.deliver to orvieto-botanic: germination chart, delivered")]  # fmt: skip
    assert not lexical_invented("The chart reached Orvieto Botanic at 00:40Z.", chart, evening)
    assert lexical_invented("The chart reached Orvieto Botanic at 23:40Z.", chart, evening)
    sent = [receipt_on_nov20("media.deliver", "orvieto-botanic", "succeeded", "10:40")]
    assert not lexical_invented("Dr. Lazzari thanked us for the chart.", sent, TODAY)
    assert lexical_invented("We thanked Dr. Lazzari for the chart.", sent, TODAY)


def test_a_status_line_names_its_act_by_the_head_noun() -> None:
    # read off set 73 (measured at first contact before this rule)
    said = "post.publish exhibit-post-09: 'Cardboard cities' post"
    failed = [receipt_on_nov20("post.publish", "exhibit-post-09", "failed", "10:40", said)]
    live = [receipt_on_nov20("post.publish", "exhibit-post-09", "succeeded", "10:40", said)]
    assert lexical_invented("Post for Cardboard cities: up.", failed, TODAY)
    assert not lexical_invented("Post for Cardboard cities: up.", live, TODAY)
    # hard negative: a line that says it is not up says nothing was done
    assert not lexical_invented("Post for Cardboard cities: not up yet.", failed, TODAY)
