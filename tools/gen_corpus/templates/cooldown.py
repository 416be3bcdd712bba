"""Templates of the cooldown failure mode.

Cooldowns after a send or a rate limit, still running or already over.
"""

from __future__ import annotations

from datetime import timedelta

from tools.gen_corpus.build import hm, ts
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import D, FailureMode, L, P, Q, R, Template
from tools.gen_corpus.templates.common import render_spec
from tools.gen_corpus.wording import TOPICS


def cooldown_followup(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    until = s.later(hours=s.rng.randint(8, 30))
    s.cooldown(f"message.send:{who}", until)
    s.wake("heartbeat", "scheduled")
    rid = s.receipt(
        "message.send",
        who,
        "succeeded",
        s.mins(90, 200),
        f"message.send to {who} ({key}): succeeded",
    )
    cid = s.note(
        "session",
        s.mins(85, 88),
        f"Cooldown set: no further messages to {name} before {ts(until)}.",
    )
    s.heartbeat(
        s.mins(20, 60), "rested", ["inbox_recheck"], f"Heartbeat: no reply from {name} yet."
    )
    s.says(s.mins(1, 5), f"Maybe I should nudge {name} again about the {key}.")
    filler(s, s.rng.randint(0, 3))
    s.question = f"Should the agent follow up with {name} now?"
    s.decide(rid, cid)
    s.check("inbox_recheck", f"dm:{who}", redundant=True)
    s.duplicate("message.send", who, rid)
    s.reconcile_either(
        f"{name} already has my message about the {key}.",
        f"{name} has not heard from me about the {key}.",
        [(f"{name} was sent {topic}", True, [rid])],
    )
    s.preflight("wait", ["inbox_recheck"])
    s.inquire([hm(until)], [cid])


def cooldown_expired(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    until = s.ago(minutes=s.rng.randint(40, 200))
    s.cooldown(f"message.send:{who}", until)
    s.wake("message", f"dm from {who}")
    set_at = until - timedelta(hours=20)
    s.receipt(
        "message.send",
        who,
        "succeeded",
        set_at - timedelta(minutes=3),
        f"message.send to {who} ({key}): succeeded",
    )
    cid = s.note(
        "session", set_at, f"Cooldown set: no further messages to {name} before {ts(until)}."
    )
    s.heartbeat(
        s.mins(240, 600),
        "rested",
        [],
        f"Heartbeat: cooldown on {name} still running; nothing else due.",
    )
    mid = s.message_from(
        s.mins(5, 35), who, f"Did you get a chance to look at {topic}?", unread=True
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"May the agent answer {name} now?"
    s.decide(mid, cid)
    s.reconcile(
        f"The cooldown on messages to {name} is still active.",
        "contradicted",
        [
            (f"The cooldown ended at {hm(until)}", True, [cid]),
            (f"{name} asked a question", True, [mid]),
        ],
    )
    s.preflight("act")
    s.draft(f"A reply to {name}", [key], [f"message.send:{who}"])


def cooldown_render_retry(s: Scene) -> None:
    render, res, dur, fps = render_spec(s)
    until = s.later(minutes=s.rng.randint(25, 90))
    s.cooldown("media.render", until)
    s.wake("event", f"worker receipt for {render}")
    rid = s.receipt(
        "media.render",
        render,
        "failed",
        s.mins(5, 20),
        f"media.render {render} ({res}, {dur}s @ {fps} fps): failed - 429 rate limited; retry after {hm(until)}",
        error="rate limited",
    )
    s.says(s.mins(1, 4), f"I'll just resubmit {render} right away.")
    filler(s, s.rng.randint(1, 3))
    s.question = f"Can {render} be retried now?"
    s.decide(rid)
    s.reconcile_either(
        f"{render} must wait until {hm(until)} before a retry.",
        f"{render} can be retried now.",
        [(f"The worker asked to retry after {hm(until)}", True, [rid])],
    )
    s.preflight("wait")
    s.plan(
        f"Retry {render} once the rate-limit cooldown ends",
        [f"Approve retry of {render} after the cooldown"],
        ["media.render"],
    )
    s.inquire([hm(until)], [rid])


MODE = FailureMode(
    "cooldown",
    "cooldown",
    (
        Template(cooldown_followup, 5, ((P, R), (P, Q, R))),
        Template(cooldown_expired, 5, ((P, D), (R, P, D))),
        Template(cooldown_render_retry, 4, ((P, L), (R, P, Q, L))),
    ),
)
