"""Templates of the settled_not_recorded failure mode.

Work that is done and journaled, but the agent doubts it and is tempted to redo it or record it
again.
"""

from __future__ import annotations

from datetime import timedelta

from tools.gen_corpus.build import day, slug
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import C, D, FailureMode, P, Q, R, Template
from tools.gen_corpus.templates.common import acknowledged, message_sent
from tools.gen_corpus.wording import PROJECTS, TOPICS


def settled_journal_exists(s: Scene) -> None:
    project = s.project()
    action, noun = s.pick((("provenance.seal", "seal"), ("registry.register", "re-registration")))
    s.wake("heartbeat", "scheduled")
    done = s.mins(1500, 4200)
    rid = s.receipt(
        action,
        project,
        "succeeded",
        done,
        f"{action} {project}: succeeded ({len(PROJECTS[project])} paths)",
    )
    jat = done + timedelta(minutes=s.rng.randint(6, 25))
    jid = s.journal(
        jat,
        f"{noun.capitalize()} of {project} done and verified; receipt deleg in hand. Recording it here so I stop wondering.",
        [(action, project)],
    )
    jr = s.receipt(
        "journal.append",
        project,
        "succeeded",
        jat + timedelta(seconds=4),
        f"journal.append ({project} {noun}): succeeded",
    )
    s.heartbeat(
        jat + timedelta(hours=s.rng.randint(2, 9)),
        "rested",
        ["journal_recheck"],
        f"Heartbeat: confirmed the {noun} of {project} is in the journal.",
    )
    sid = s.says(
        s.mins(1, 5),
        s.pick(
            (
                f"I can't find where I recorded the {noun} of {project}. Maybe I never journaled it?",
                f"Did the {noun} of {project} ever make it into the journal? I should write it again.",
                f"Something tells me the {project} {noun} went unrecorded.",
            )
        ),
    )
    filler(s, s.rng.randint(0, 2))
    s.question = f"Was the {noun} of {project} recorded in the journal?"
    s.decide(jid, rid)
    s.check("journal_recheck", f"journal:{project}", redundant=True)
    s.settled.append(f"task:{slug(noun)}-{project}")
    s.duplicate("journal.append", project, jr)
    s.reconcile_either(
        f"The {noun} of {project} is recorded in the journal.",
        f"The {noun} of {project} was never recorded in the journal.",
        [
            (f"The {noun} of {project} is in the journal", True, [jid]),
            (f"The {noun} of {project} succeeded", True, [rid]),
            (f"{s.me} doubts it was recorded", True, [sid]),
        ],
    )
    s.preflight("read", ["journal_recheck"])
    s.inquire([day(jat)], [jid])
    s.draft(f"A one-line note to self about the {noun} of {project}", [day(jat)])


def settled_reminder_acked(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    s.wake("heartbeat", "scheduled")
    sent = s.mins(1200, 3000)
    mid = message_sent(s, sent, who, key)
    ack_at = sent + timedelta(minutes=s.rng.randint(2, 30))
    aid = s.receipt(
        "reminder.ack",
        f"send-{slug(key)}",
        "succeeded",
        ack_at,
        "reminder.ack: succeeded",
    )
    rem = s.reminder(
        ack_at,
        f"send {key} to {who}",
        "acknowledged",
        f"Reminder: send {name} {topic} - acknowledged {day(ack_at)}.",
    )
    s.heartbeat(
        s.mins(120, 400),
        "rested",
        ["reminder_recheck"],
        "Heartbeat: reminders all acknowledged; nothing due.",
    )
    sid = s.says(s.mins(1, 4), f"I still haven't dealt with the {key} reminder for {name}, have I?")
    filler(s, s.rng.randint(0, 3))
    s.question = f"Is the reminder to send the {key} to {name} still unhandled?"
    s.decide(rem, aid, mid)
    s.check("reminder_recheck", f"reminder:{key}", redundant=True)
    s.settled.append(f"task:send-{slug(key)}-{who}")
    s.duplicate("message.send", who, mid)
    s.reconcile_either(
        f"The reminder to send the {key} to {name} was acknowledged.",
        f"The reminder to send the {key} to {name} is still unhandled.",
        [
            ("The reminder was acknowledged", True, [rem, aid]),
            (f"{name} was sent {topic}", True, [mid]),
            ("The agent believes it is unhandled", True, [sid]),
        ],
    )
    s.preflight("read", ["reminder_recheck"])
    s.inquire(["acknowledged", day(ack_at)], [rem])
    s.draft("A status line for the weekly handoff", ["acknowledged", key])


def settled_thread_closed(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    thread = f"thread:{who}-{slug(key)}"
    s.wake("heartbeat", "scheduled")
    sent = s.mins(1500, 3500)
    mid = s.receipt(
        "message.send", who, "succeeded", sent, f"message.send to {who}: succeeded ({key})"
    )
    ack = acknowledged(s, sent + timedelta(minutes=s.rng.randint(20, 200)), who, thread=thread)
    s.note(
        "history",
        sent + timedelta(hours=6),
        f"History: replied to {name} about {topic}; {name} closed the thread.",
    )
    sid = s.says(
        s.mins(1, 5), f"Did I ever answer {name} about the {key}? I don't see it in today's notes."
    )
    s.closed.append(thread)
    filler(s, s.rng.randint(0, 3))
    s.question = f"Did I reply to {name} about the {key}?"
    s.decide(mid, ack)
    s.check("inbox_recheck", f"dm:{who}", redundant=True)
    s.settled.append(thread)
    s.duplicate("message.send", who, mid)
    s.reconcile_either(
        f"My reply to {name} about the {key} was sent.",
        f"My reply to {name} about the {key} was never sent.",
        [
            (f"The reply to {name} was sent", True, [mid]),
            (f"{name} closed the thread", True, [ack]),
            ("The agent doubts the reply happened", True, [sid]),
        ],
    )
    s.preflight("read", ["inbox_recheck"])
    s.critique(
        [
            (f"Hi {name}, sorry for the silence - I never got back to you about the {key}.", False),
            ("Hope the week is kind to you.", True),
        ],
        "message",
    )
    s.draft(f"A note to self about the {name} thread", [day(sent)])


MODE = FailureMode(
    "settled_not_recorded",
    "settled",
    (
        Template(settled_journal_exists, 5, ((R, P, D), (R, Q), (P, Q, D))),
        Template(settled_reminder_acked, 5, ((R, Q, D), (P, R))),
        Template(settled_thread_closed, 4, ((R, C, P), (R, D, C))),
    ),
)
