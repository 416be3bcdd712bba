"""Templates of the duplicate_send_risk failure mode.

Situations that invite sending or delivering again what already went out, or may have.
"""

from __future__ import annotations

from datetime import timedelta

from tools.gen_corpus.build import day, hm, slug
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import C, D, FailureMode, L, P, Q, R, Template
from tools.gen_corpus.templates.common import message_sent
from tools.gen_corpus.wording import TOPICS


def dup_reminder_after_send(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    task = f"send-{slug(key)}"
    s.wake("reminder", f"reminder due: {task}")
    sent = s.mins(900, 2500)
    rid = message_sent(s, sent, who, key)
    rem = s.reminder(s.mins(2600, 4000), task, "pending", f"Reminder: send {name} {topic}.")
    s.says(s.mins(1, 5), f"The reminder still says to send {name} {topic}; sending now.")
    s.receipt("reminder.ack", task, "succeeded", s.later(minutes=1), "acknowledged by the host")
    filler(s, s.rng.randint(1, 3))
    s.question = f"Do I still have to send {name} {topic}?"
    s.decide(rid, rem)
    s.check("delivery_recheck", f"dm:{who}", redundant=False)
    s.duplicate("message.send", who, rid)
    s.reconcile_either(
        f"I already sent {name} {topic}.",
        f"I still have to send {name} {topic}.",
        [(f"It went to {name} on {day(sent)}", True, [rid])],
    )
    s.preflight("act")
    s.critique([(f"Hi {name}, here is {topic}, as promised!", True)], "message", "not_ready")
    s.draft(f"A note to self on the {key} reminder", [day(sent)])


def dup_redeliver_media(s: Scene) -> None:
    who, name = s.person()
    render = f"render-{s.number(1000, 9999):04d}"
    s.wake("message", f"dm from {who}")
    sent = s.mins(240, 900)
    did = s.receipt(
        "media.deliver",
        who,
        "succeeded",
        sent,
        f"media.deliver {render} -> {who}: succeeded (link valid 7 days)",
    )
    mid = s.message_from(
        s.mins(5, 30),
        who,
        f"Did you already send {render}? I can't find it.",
        unread=True,
        thread=f"thread:{who}-{render}",
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Should {render} be delivered to {name} again?"
    s.decide(did, mid)
    s.duplicate("media.deliver", who, did)
    s.reconcile(
        f"{render} was delivered to {name}.", "supported", [(f"Delivered {hm(sent)}", True, [did])]
    )
    s.preflight("act")
    s.draft(f"A reply to {name} about {render}", [render, hm(sent)], [f"message.send:{who}"])
    s.inquire([hm(sent)], [did])


def dup_retry_after_timeout(s: Scene) -> None:
    who, name = s.person()
    topic, _ = s.pick(TOPICS)
    s.wake("reminder", f"retry send to {who}")
    first = s.mins(150, 240)
    s.receipt(
        "message.send",
        who,
        "failed",
        first,
        f"message.send to {who}: failed - relay timeout",
        error="timeout",
    )
    s.journal(first + timedelta(minutes=8), f"Sending {topic} to {name} failed; retry needed.")
    ok = s.receipt(
        "message.send",
        who,
        "succeeded",
        first + timedelta(minutes=30),
        f"message.send to {who}: succeeded (automatic relay retry)",
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Does the message to {name} still need to be sent?"
    s.decide(ok)
    s.check("delivery_recheck", f"dm:{who}", redundant=False)
    s.duplicate("message.send", who, ok)
    s.reconcile_either(
        f"The relay retry delivered the message to {name}.",
        f"The message to {name} still needs to be sent.",
        [("The relay retry succeeded", True, [ok])],
    )
    s.preflight("read")
    s.critique([(f"The send to {name} failed, so I am sending it again now.", False)], "journal")
    s.inquire(["succeeded"], [ok])


def dup_timeout_unknown(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    s.wake("event", f"delivery timeout for {who}")
    rid = s.receipt(
        "message.send",
        who,
        "pending",
        s.mins(20, 70),
        f"message.send to {who}: relay timed out waiting for the delivery acknowledgement; delivery state unknown",
    )
    sid = s.says(s.mins(2, 15), f"The send to {name} timed out. I'll send {topic} again.")
    s.message_from(s.mins(1500, 3000), who, f"Looking forward to {topic}.", unread=False)
    # The relay's late acknowledgement: the first send had arrived after all.
    s.receipt(
        "message.send",
        who,
        "succeeded",
        s.later(minutes=s.rng.randint(5, 60)),
        "late delivery acknowledgement",
    )
    s.question = f"Did the message with the {key} reach {name}, and is a resend safe?"
    s.decide(rid, sid)
    s.check("delivery_recheck", f"dm:{who}", redundant=False)
    s.duplicate("message.send", who, rid)
    s.reconcile(
        f"The message with the {key} reached {name}.",
        "ambiguous",
        [
            ("The send was handed to the relay", True, [rid]),
            ("The relay confirmed delivery", False, [rid]),
        ],
    )
    s.preflight("ask_host")
    s.plan(
        f"Confirm whether {name} received the {key} before any resend",
        [f"Approve a resend to {name} only if delivery is not confirmed"],
        ["message.send"],
    )
    s.critique(
        [(f"The message to {name} did not arrive, so I am sending it again.", False)], "journal"
    )
    s.inquire(["unknown"], [rid])


MODE = FailureMode(
    "duplicate_send_risk",
    "duplicate",
    (
        Template(dup_reminder_after_send, 4, ((R, P, C), (R, D), (P, C, D))),
        Template(dup_redeliver_media, 4, ((R, P, D), (Q, D))),
        Template(dup_retry_after_timeout, 4, ((R, C), (P, Q, C))),
        Template(dup_timeout_unknown, 4, ((R, P, L), (R, C), (R, Q, C), (P, L, R))),
    ),
)
