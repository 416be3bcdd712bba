"""Templates of the stale_field failure mode.

A focus field older than the evidence that overtook it: a receipt, an audit, a finished render, a
thread the other side reopened.
"""

from __future__ import annotations

from datetime import timedelta

from tools.gen_corpus.build import day, sha, slug
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import A, C, D, E, FailureMode, P, Q, R, Template
from tools.gen_corpus.templates.common import (
    acknowledged,
    message_sent,
    probe,
    registry_ref,
    render_spec,
)
from tools.gen_corpus.wording import PROJECTS, TOPICS


def stale_focus_after_receipt(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    task = f"send-{slug(key)}"
    s.wake("task", "focus review")
    fid = s.focus(s.mins(2600, 4000), task, "open", f"Focus: send {name} {topic}.", stale=True)
    sent = s.mins(1200, 2400)
    rid = message_sent(s, sent, who, key)
    s.heartbeat(
        sent + timedelta(hours=2),
        "rested",
        ["delivery_recheck"],
        f"Heartbeat: receipt confirms the {key} went to {name}.",
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Is sending the {key} to {name} still an open task?"
    s.decide(rid, fid)
    s.check("delivery_recheck", f"dm:{who}", redundant=True)
    s.settled.append(f"task:{task}")
    s.duplicate("message.send", who, rid)
    s.reconcile_either(
        f"I already sent {name} {topic}.",
        f"Sending {topic} to {name} is still an open task.",
        [
            (f"{name} was sent {topic}", True, [rid]),
            ("The focus field is current", False, [fid, rid]),
        ],
    )
    s.preflight("read", ["delivery_recheck"])
    s.critique(
        [
            (f"Today: send {name} {topic}; it is still outstanding.", False),
            ("Then continue with the seminar handout.", True),
        ],
        "plan",
    )
    s.draft("A focus review note", [key, day(sent)])


def stale_task_vs_audit(s: Scene) -> None:
    project = s.project()
    path = s.pick(PROJECTS[project])
    s.wake("task", "focus review")
    fid = s.focus(
        s.mins(3000, 4300),
        f"repair-{project}",
        "in_progress",
        f"Focus: registry repair of {project} - in progress.",
        stale=True,
    )
    reg = s.receipt(
        "registry.register",
        project,
        "succeeded",
        s.mins(1300, 2500),
        f"registry.register {project} ({path}): succeeded",
    )
    aud_at = s.mins(600, 1200)
    hid = s.note("history", aud_at, f"registry.audit {project} after the repair: 0 issues.")
    digest = sha(project, path, "v2")
    s.registry(
        aud_at,
        project,
        path,
        digest,
        digest,
        True,
        f"{path}: digest matches the re-registered ledger row.",
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Is the registry repair of {project} finished?"
    s.decide(hid, reg)
    s.check("registry_audit", project, redundant=True)
    s.settled.append(f"task:repair-{project}")
    s.reconcile_either(
        f"The registry repair of {project} is finished.",
        f"The registry repair of {project} is unfinished.",
        [
            ("The repair was registered", True, [reg]),
            ("A later audit found 0 issues", True, [hid]),
            ("The focus field is current", False, [fid]),
        ],
    )
    s.preflight("read", ["registry_audit"])
    s.analyze(
        [registry_ref(project, path, digest, digest)],
        ["recompute sha256", "compare against registry"],
        "pass",
        [],
    )
    s.inquire(["0 issues"], [hid])


def stale_render_status(s: Scene) -> None:
    render, res, dur, fps = render_spec(s)
    s.wake("heartbeat", "scheduled")
    fid = s.focus(
        s.mins(360, 500),
        render,
        "in_progress",
        f"Focus: {render} rendering (frame {s.rng.randint(80, 300)}/{dur * fps}).",
        stale=True,
    )
    rid = s.receipt(
        "media.render",
        render,
        "succeeded",
        s.mins(90, 200),
        f"media.render {render}: succeeded ({res}, {dur}s @ {fps} fps)",
    )
    digest = sha(render, "mp4")
    aid = probe(
        s,
        s.mins(60, 85),
        render,
        digest,
        {"resolution": res, "duration_s": dur, "fps": fps, "bytes": dur * 9_400_000},
        f"{render}.mp4: {res}, {dur}.0 s, {fps} fps, h264.",
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Is {render} still rendering?"
    s.decide(rid, aid)
    s.check("render_status", render, redundant=False)
    s.reconcile_either(
        f"{render} has finished rendering.",
        f"{render} is still rendering.",
        [
            (f"{render} finished", True, [rid, aid]),
            ("The focus field is current", False, [fid]),
        ],
    )
    s.preflight("act")
    ref = {
        "id": render,
        "path": f"input/{render}.mp4",
        "sha256": digest,
        "params": {"resolution": res, "duration_s": dur, "fps": fps},
    }
    s.analyze(
        [ref], ["output exists", "resolution matches job", "duration matches job"], "pass", []
    )
    s.execute(
        f"Build a contact sheet for {render}",
        [ref],
        [("probe", "analysis.measure", f"{render} probed")],
        [f"output/{render}/contact-sheet.png", f"output/{render}/probe.json"],
    )


def stale_thread_reopened(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    s.wake("message", f"dm from {who}")
    fid = s.focus(
        s.mins(1300, 2000),
        f"thread-{who}",
        "closed",
        f"Focus: thread with {name} closed after their thanks.",
        stale=True,
    )
    acknowledged(s, s.mins(1500, 2100), who)
    q = s.pick(
        (
            "could you add page numbers?",
            "is the second half final?",
            "which edition did you use?",
            "may I forward it to the board?",
        )
    )
    mid = s.message_from(s.mins(10, 90), who, f"One more question about {topic} - {q}", unread=True)
    filler(s, s.rng.randint(1, 3))
    s.question = f"Is the thread with {name} closed?"
    s.decide(mid, fid)
    s.reconcile(
        f"The thread with {name} is closed.",
        "contradicted",
        [
            (f"{name} asked a new question", True, [mid]),
            ("The focus field is current", False, [fid]),
        ],
    )
    s.preflight("act")
    s.inquire([q.split()[-1].rstrip("?")], [mid])
    s.draft(f"A reply to {name}'s new question", [key])


MODE = FailureMode(
    "stale_field",
    "stale",
    (
        Template(stale_focus_after_receipt, 4, ((R, P, C), (R, D), (P, C, D))),
        Template(stale_task_vs_audit, 4, ((R, A), (R, P, Q))),
        Template(stale_render_status, 4, ((R, A, E), (P, R, E))),
        Template(stale_thread_reopened, 3, ((R, P, Q), (P, D))),
    ),
)
