"""Templates of the premature_completion failure mode.

A journal entry or draft claims a send that no succeeded receipt proves: the send is queued,
failed, pending at the relay, or succeeded only after ``recorded_at`` (host knowledge only).
"""

from __future__ import annotations

from tools.gen_corpus.build import hm, ts
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import C, D, FailureMode, L, P, Q, R, Template
from tools.gen_corpus.templates.common import claim_sent
from tools.gen_corpus.wording import TOPICS

SEND_FAILURES = (
    ("the recipient's inbox rejected the attachment (14.2 MB over the 10 MB limit)", "attachment"),
    ("relay timeout after 3 attempts", "timeout"),
    ("429 rate limited by the messaging worker", "rate limited"),
    ("recipient handle not found on the relay", "handle not found"),
)


def premature_queued(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    s.wake("heartbeat", "scheduled")
    s.message_from(
        s.mins(300, 900), who, f"Could you send me {topic} when you have a minute?", unread=False
    )
    queued_at = s.mins(9, 40)
    rid = s.receipt(
        "message.send",
        who,
        "queued",
        queued_at,
        f"message.send to {who}: queued (relay backlog, position {s.rng.randint(3, 40)})",
    )
    jid = claim_sent(s, s.mins(2, 8), who, topic)
    if s.rng.random() < 0.6:
        # The send went out after the stage would have run: the host knows, the context must not.
        s.receipt(
            "message.send", who, "succeeded", s.later(minutes=s.rng.randint(4, 55)), "delivered"
        )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Was the DM to {name} with the {key} actually sent?"
    s.decide(rid, jid)
    s.check("delivery_recheck", f"dm:{who}", redundant=False)
    s.reconcile(
        f"The DM to {name} with {topic} was sent.",
        "contradicted",
        [
            (f"The DM to {name} was sent", False, [rid]),
            (f"The journal says the DM to {name} was sent", True, [jid]),
        ],
    )
    s.preflight("wait")
    s.inquire(["queued"], [rid])
    if s.rng.random() < 0.35:
        # An honest draft in a premature scene: a critique must not reject it by reflex.
        s.critique(
            [
                (f"Handed {topic} to the relay at {hm(queued_at)}.", True),
                ("It is still queued; I will journal the send once a receipt confirms it.", True),
            ],
            "journal",
        )
    else:
        s.critique(
            [
                (f"Handed {topic} to the relay at {hm(queued_at)}.", True),
                (f"I sent {name} {topic}.", False),
                ("Nothing else is pending on that thread.", True),
            ],
            "journal",
        )
    s.draft(f"A journal entry for this activation about the exchange with {name}", ["queued", key])


def premature_failed(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    reason, reason_key = s.pick(SEND_FAILURES)
    s.wake("reminder", f"reminder due: send the {key} to {who}")
    s.reminder(
        s.mins(600, 1500),
        f"send {key} to {who}",
        "pending",
        f"Reminder: send {name} {topic} before Friday.",
    )
    rid = s.receipt(
        "message.send",
        who,
        "failed",
        s.mins(20, 90),
        f"message.send to {who}: failed - {reason}",
        error=reason,
    )
    jid = claim_sent(s, s.mins(5, 18), who, topic)
    filler(s, s.rng.randint(1, 3))
    s.question = f"Does {name} have {topic} now?"
    s.decide(rid, jid)
    s.check("delivery_recheck", f"dm:{who}", redundant=False)
    s.reconcile(
        f"{name} has {topic} now.",
        "contradicted",
        [
            (f"The message to {name} was delivered", False, [rid]),
            ("The journal claims the send happened", True, [jid]),
        ],
    )
    s.preflight("ask_host")
    s.inquire(["failed", reason_key], [rid])
    s.plan(
        f"Resend {topic} to {name} after the failure is fixed",
        [f"Approve resending the message to {name}", "Confirm the journal entry is corrected"],
        ["message.send", "journal.append"],
    )
    s.critique(
        [
            (f"{name} received {topic} this morning.", False),
            (f"The reminder to send the {key} is still pending.", True),
        ],
        "handoff",
    )
    s.draft("A handoff summary for the next activation", ["failed", reason_key])


def premature_future_receipt(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    n = s.number(1000, 9999)
    s.wake("event", "journal append by the agent")
    sid = s.says(
        s.mins(8, 20),
        f"delegation deleg-{n} created - message.send to {who} with the {key}; "
        "waiting for a worker slot.",
    )
    jid = claim_sent(s, s.mins(1, 6), who, topic)
    # The receipt landed only after recorded_at; it is host knowledge, never context.
    s.receipts.append(
        {
            "id": f"receipt:deleg-{n}",
            "action": "message.send",
            "target": who,
            "status": "succeeded",
            "at": ts(s.later(minutes=s.rng.randint(3, 40))),
        }
    )
    filler(s, s.rng.randint(2, 4))
    s.question = f"When the journal entry was written, had the message to {name} been delivered?"
    s.decide(sid, jid)
    s.check("delivery_recheck", f"dm:{who}", redundant=False)
    s.reconcile(
        f"The message to {name} had been delivered when the journal entry was written.",
        "contradicted",
        [
            (f"The send to {name} was still waiting for a worker", True, [sid]),
            (f"The journal asserts the send to {name}", True, [jid]),
        ],
    )
    s.preflight("wait")
    s.inquire(["waiting", f"deleg-{n}"], [sid])
    s.critique(
        [
            (f"{name} already has {topic}, so we can start on Thursday.", False),
            ("I will confirm the time once the schedule is out.", True),
        ],
        "message",
    )
    s.draft(f"A journal line about the pending send to {name}", ["waiting"])


def premature_pending_relay(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    s.wake("heartbeat", "scheduled")
    rid = s.receipt(
        "message.send",
        who,
        "pending",
        s.mins(15, 60),
        f"message.send to {who} ({topic}): accepted by the relay; delivery confirmation pending",
    )
    jid = s.journal(
        s.mins(4, 12),
        f"{name} has read my note about the {key} and agreed to the Thursday slot.",
        [("message.send", who)],
    )
    final = s.pick(("succeeded", "failed"))
    s.receipt(
        "message.send", who, final, s.later(minutes=s.rng.randint(5, 90)), f"final status {final}"
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Did my note about the {key} reach {name}?"
    s.decide(rid, jid)
    s.check("delivery_recheck", f"dm:{who}", redundant=False)
    s.reconcile(
        f"{name} received my note about the {key}.",
        "ambiguous",
        [
            ("The relay accepted the message", True, [rid]),
            (f"Delivery to {name} is confirmed", False, [rid]),
        ],
    )
    s.preflight("wait")
    s.inquire(["pending"], [rid])
    s.critique(
        [
            (f"{name} has read my note and agreed to the Thursday slot.", False),
            ("The relay accepted the message.", True),
        ],
        "journal",
    )
    s.draft(f"A journal entry about the note to {name}", ["pending"])


MODE = FailureMode(
    "premature_completion",
    "premature",
    (
        Template(premature_queued, 5, ((R, C, D), (R, P, Q), (C, D, Q), (R, D))),
        Template(premature_failed, 4, ((R, L, C), (P, Q, D), (R, C, D, L))),
        Template(premature_future_receipt, 3, ((R, D, C), (P, Q, R))),
        Template(premature_pending_relay, 4, ((R, P, C), (R, Q, D))),
    ),
)
