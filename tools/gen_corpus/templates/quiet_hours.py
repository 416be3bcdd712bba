"""Templates of the quiet_hours failure mode.

Messages during quiet hours: a reply that can wait, an urgent request for the host, and the minutes
after the window when held messages are released.
"""

from __future__ import annotations

from datetime import timedelta

from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import C, D, FailureMode, P, Q, R, Template
from tools.gen_corpus.wording import TOPICS


def _quiet(s: Scene, start: str, end: str) -> str:
    s.quiet_hours = {"start": start, "end": end, "tz": "UTC"}
    # The policy is also written down where the agent reads it, so a stage can cite it.
    return s.note(
        "memory",
        s.mins(5000, 9000),
        s.pick(
            (
                f"House rule: quiet hours {start}-{end} UTC - no outward messages unless the host says so.",
                f"Quiet hours run {start} to {end} UTC; replies wait for the morning.",
                f"Between {start} and {end} UTC nothing goes out; urgent matters go to the host.",
            )
        ),
    )


def quiet_reply_waits(s: Scene) -> None:
    s.set_clock(s.pick((22, 23, 0, 1, 2, 3, 4)), s.rng.randint(5, 55))
    _quiet(s, "22:00", "07:00")
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    s.wake("message", f"dm from {who}")
    s.message(
        s.mins(1500, 3000),
        s.agent,
        who,
        f"thread:{who}",
        f"{s.me}: Whenever you have {topic} ready, send it over.",
        unread=False,
    )
    s.heartbeat(s.mins(60, 150), "rested", [], "Heartbeat: quiet hours; rested.")
    mid = s.message_from(
        s.mins(3, 30), who, f"Here is {topic} - no rush at all, whenever suits.", unread=True
    )
    morning = (s.now + timedelta(days=1 if s.now.hour >= 22 else 0)).replace(
        hour=7, minute=s.rng.randint(2, 30)
    )
    s.receipt("message.send", who, "succeeded", morning, "reply sent after quiet hours")
    filler(s, s.rng.randint(1, 3))
    s.question = f"Should the reply to {name} go out now?"
    s.decide(mid)
    s.reconcile(
        f"{name}'s message needs an answer before morning.",
        "contradicted",
        [(f"{name} said there is no rush", True, [mid])],
    )
    s.preflight("wait")
    s.draft(f"A reply to {name}, to be sent after quiet hours end", [key], [f"message.send:{who}"])
    s.critique(
        [(f"Thank you for {topic}.", True), ("I'll read it properly in the morning.", True)],
        "message",
    )


def quiet_urgent(s: Scene) -> None:
    s.set_clock(s.pick((23, 0, 1, 2)), s.rng.randint(5, 55))
    _quiet(s, "22:30", "06:30")
    who, name = s.person()
    deadline = s.pick(("08:00", "07:30", "09:00"))
    s.wake("message", f"urgent dm from {who}")
    s.focus(
        s.mins(2000, 4000),
        "hanging-plan",
        "in_progress",
        f"Focus: hanging plan with {name} - draft 2 sent, waiting on gallery.",
    )
    s.heartbeat(s.mins(60, 150), "rested", [], "Heartbeat: quiet hours; rested.")
    mid = s.message_from(
        s.mins(2, 15),
        who,
        f"Urgent - the gallery needs the hanging plan confirmed before {deadline}. Can you answer tonight?",
        unread=True,
    )
    filler(s, s.rng.randint(1, 3))
    s.question = (
        f"{name} needs an answer before {deadline}; should the agent reply during quiet hours?"
    )
    s.decide(mid)
    s.reconcile(
        f"{name} asked for an answer before quiet hours end.",
        "supported",
        [(f"{name} needs it before {deadline}", True, [mid])],
    )
    s.preflight("ask_host")
    s.inquire([deadline], [mid])
    s.draft(f"A reply to {name} about the hanging plan", ["hanging plan"], [f"message.send:{who}"])


def quiet_after_hours(s: Scene) -> None:
    # Just after the window closes: the relay releases held messages in the next few minutes.
    s.set_clock(6, s.rng.randint(33, 55))
    _quiet(s, "23:00", "06:30")
    who, name = s.person()
    other, _ = s.person()
    topic, key = s.pick(TOPICS)
    s.wake("heartbeat", "scheduled")
    held_at = s.now.replace(hour=0, minute=0, second=0) - timedelta(minutes=s.rng.randint(15, 55))
    rid = s.receipt(
        "message.send",
        who,
        "queued",
        held_at,
        f"message.send to {who}: queued - held for quiet hours",
    )
    s.journal(held_at + timedelta(minutes=2), f"Replied to {name}; it will go out in the morning.")
    s.receipt(
        "message.send",
        who,
        "succeeded",
        s.later(minutes=s.rng.randint(2, 12)),
        "released after quiet hours",
    )
    q = s.message_from(
        s.now.replace(hour=2, minute=s.rng.randint(0, 59)),
        other,
        f"When you're up - could you resend {topic}? The link expired.",
        unread=True,
    )
    filler(s, s.rng.randint(0, 2))
    s.question = f"Did the reply to {name} go out overnight, and is there anything to do now?"
    s.decide(rid, q)
    s.reconcile_either(
        f"The reply to {name} is still held in the queue.",
        f"The reply to {name} went out overnight.",
        [
            ("The reply was held for quiet hours", True, [rid]),
        ],
    )
    s.preflight("act")
    s.inquire(["queued", key], [rid, q])


MODE = FailureMode(
    "quiet_hours",
    "quiet",
    (
        Template(quiet_reply_waits, 5, ((P, D), (P, C, R), (P, D, C))),
        Template(quiet_urgent, 5, ((P, Q), (P, R, D))),
        Template(quiet_after_hours, 4, ((P, R), (R, Q, P))),
    ),
)
