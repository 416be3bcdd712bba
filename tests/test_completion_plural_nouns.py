"""A plural action noun names its family as the singular does ("Both Rotations posts are up"):
read off development set 46, where plural subjects hid invented completions. With hard
negatives."""

from __future__ import annotations

from datetime import UTC, datetime

from harness.scorers.completion import lexicon as lx
from tests.scorers_helpers import lexical_invented, receipt_on_nov20

RECORDED = datetime(2026, 11, 20, 22, 0, tzinfo=UTC)
_r = receipt_on_nov20

LIVE = _r(
    "post.publish", "feed", "succeeded", "18:00", "post.publish to feed: Rotations VIII, live"
)
QUEUED = _r("post.publish", "feed", "queued", "18:30", "post.publish to feed: Rotations IX, queued")


def test_a_plural_subject_names_the_action() -> None:
    assert lexical_invented("Both Rotations posts are up.", [LIVE, QUEUED], RECORDED)
    assert lx.head_noun_family("both rotations posts") is lx.PUBLISH
    assert lx.head_noun_family("the renders") is lx.RENDER


def test_hard_negatives_proved_denied_or_no_noun() -> None:
    done = _r("post.publish", "feed", "succeeded", "18:30", "post.publish to feed: Rotations IX")
    assert not lexical_invented("Both Rotations posts are up.", [LIVE, done], RECORDED)
    assert not lexical_invented("Neither of the Rotations posts is up yet.", [QUEUED], RECORDED)
    assert lx.head_noun_family("the guests") is None
