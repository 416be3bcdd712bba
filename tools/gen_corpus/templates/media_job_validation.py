"""Templates of the media_job_validation failure mode.

Render jobs checked against their spec: delivered as asked, output missing despite a succeeded
receipt, wrong resolution or duration, still queued, or never probed.
"""

from __future__ import annotations

from datetime import datetime

from tools.gen_corpus.build import JSON, sha
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import A, C, D, E, FailureMode, L, P, Q, R, Template
from tools.gen_corpus.templates.common import probe, render_spec


def _media_ref(render: str, digest: str | None, res: str, dur: int, fps: int) -> JSON:
    return {
        "id": render,
        "path": f"input/{render}.mp4",
        "kind": "video",
        "sha256": digest,
        "params": {"resolution": res, "duration_s": dur, "fps": fps},
    }


_MEDIA_CHECKS = (
    "output exists",
    "resolution matches job",
    "duration matches job",
    "receipt matches delivery",
)


def _rendered(s: Scene, render: str, at: datetime) -> str:
    return s.receipt("media.render", render, "succeeded", at, f"media.render {render}: succeeded")


def media_delivered_ok(s: Scene) -> None:
    who, name = s.person()
    render, res, dur, fps = render_spec(s)
    s.wake("event", f"worker receipt for {render}")
    s.says(s.mins(400, 900), f"queued {render} for {name}: {res}, {dur}s at {fps} fps.")
    rid = _rendered(s, render, s.mins(120, 360))
    digest = sha(render, "mp4")
    aid = probe(
        s,
        s.mins(100, 119),
        render,
        digest,
        {"resolution": res, "duration_s": dur, "fps": fps, "bytes": dur * 8_700_000},
        f"{render}.mp4 probe: {res}, {dur}.0 s, {fps} fps.",
    )
    did = s.receipt(
        "media.deliver",
        who,
        "succeeded",
        s.mins(30, 99),
        f"media.deliver {render} -> {who}: succeeded",
    )
    filler(s, s.rng.randint(0, 3))
    s.question = f"Was {render} rendered to spec and delivered to {name}?"
    s.decide(aid, did)
    s.check("render_status", render, redundant=False)
    s.duplicate("media.deliver", who, did)
    s.reconcile(
        f"{render} was rendered to spec and delivered to {name}.",
        "supported",
        [
            (f"{render} matches {res}, {dur}s", True, [aid]),
            (f"{render} was delivered to {name}", True, [did, rid]),
        ],
    )
    s.preflight("read")
    ref = _media_ref(render, digest, res, dur, fps)
    s.analyze([ref], _MEDIA_CHECKS, "pass", [])
    s.execute(
        f"Package a contact sheet for {render}",
        [ref],
        [("probe", "analysis.measure", "probe matches the job")],
        [f"output/{render}/contact-sheet.png", f"output/{render}/manifest.json"],
    )
    s.inquire([render, "delivered"], [did])


def media_missing_output(s: Scene) -> None:
    who, name = s.person()
    render, res, dur, fps = render_spec(s)
    s.wake("event", f"worker receipt for {render}")
    rid = s.receipt(
        "media.render",
        render,
        "succeeded",
        s.mins(60, 200),
        f"media.render {render}: succeeded (worker exit 0)",
    )
    aid = probe(
        s,
        s.mins(5, 55),
        render,
        None,
        {"exists": False, "bytes": 0},
        f"stat output/{render}.mp4: no such file; the worker's output directory is empty.",
    )
    s.message_from(s.mins(200, 600), who, f"Looking forward to {render}, no rush.", unread=False)
    filler(s, s.rng.randint(1, 3))
    s.question = f"Is {render} ready to deliver to {name}?"
    s.decide(aid, rid)
    s.check("render_status", render, redundant=False)
    s.reconcile(
        f"{render} finished and its output is ready to deliver.",
        "contradicted",
        [
            ("The job receipt reports success", True, [rid]),
            ("The output file exists", False, [aid]),
        ],
    )
    s.preflight("ask_host")
    s.analyze([_media_ref(render, None, res, dur, fps)], _MEDIA_CHECKS, "fail", [render, "missing"])
    s.plan(
        f"Retry {render} once the missing output is confirmed",
        [f"Approve re-render of {render}"],
        ["media.render"],
    )
    s.draft(f"A message to {name} about the status of {render}", [render], [f"media.deliver:{who}"])


def media_spec_mismatch(s: Scene) -> None:
    _, name = s.person()
    render, res, dur, fps = render_spec(s)
    wrong_res = s.rng.random() < 0.5
    got_res = "1280x720" if wrong_res else res
    got_dur = dur if wrong_res else dur // 2
    s.wake("event", f"worker receipt for {render}")
    s.says(s.mins(300, 700), f"job spec for {render}: {res}, {dur}s, {fps} fps, for {name}.")
    rid = _rendered(s, render, s.mins(60, 200))
    digest = sha(render, "mp4", "short")
    aid = probe(
        s,
        s.mins(5, 55),
        render,
        digest,
        {"resolution": got_res, "duration_s": got_dur, "fps": fps},
        f"{render}.mp4 probe: {got_res}, {got_dur}.0 s, {fps} fps.",
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Does {render} match its job spec?"
    s.decide(aid)
    s.check("render_status", render, redundant=False)
    s.reconcile(
        f"{render} matches its job spec.",
        "contradicted",
        [
            (
                f"{render} has the requested {'resolution' if wrong_res else 'duration'}",
                False,
                [aid],
            ),
            ("The job receipt reports success", True, [rid]),
        ],
    )
    s.preflight("ask_host")
    ref = _media_ref(render, digest, res, dur, fps)
    s.analyze([ref], _MEDIA_CHECKS, "fail", [render, "resolution" if wrong_res else "duration"])
    s.execute(
        f"Write a spec comparison for {render}",
        [ref],
        [("probe", "analysis.measure", f"{render} probed")],
        [f"output/{render}/spec-check.json"],
    )
    s.plan(
        f"Re-render {render} with the job's {res}, {dur}s spec",
        [f"Approve re-render of {render}"],
        ["media.render"],
    )
    s.critique(
        [
            (f"The render matches the requested {res}, {dur} s spec.", False),
            (f"{render} rendered without worker errors.", True),
        ],
        "message",
    )


def media_job_queued(s: Scene) -> None:
    _, name = s.person()
    render, res, dur, fps = render_spec(s)
    s.wake("heartbeat", "scheduled")
    rid = s.receipt(
        "media.render",
        render,
        "queued",
        s.mins(30, 120),
        f"media.render {render} ({res}, {dur}s): queued behind 2 jobs",
    )
    jid = s.journal(
        s.mins(3, 25),
        f"{render} finished; {name} will have it tonight.",
        [("media.render", render)],
    )
    aid = probe(
        s, s.mins(2, 20), render, None, {"exists": False}, f"output/{render}.mp4 not present yet."
    )
    s.receipt(
        "media.render", render, "succeeded", s.later(minutes=s.rng.randint(20, 120)), "rendered"
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Is {render} finished?"
    s.decide(rid, aid)
    s.check("render_status", render, redundant=False)
    s.reconcile_either(
        f"{render} is still queued.",
        f"{render} is finished.",
        [
            (f"{render} is still queued", True, [rid]),
            ("The journal claims it finished", True, [jid]),
        ],
    )
    s.preflight("wait")
    s.analyze([_media_ref(render, None, res, dur, fps)], _MEDIA_CHECKS, "inconclusive", [render])
    s.critique(
        [
            (f"{render} is done and ready for {name}.", False),
            ("I will send the link once it is uploaded.", True),
        ],
        "message",
    )


def media_unprobed(s: Scene) -> None:
    render, res, dur, fps = render_spec(s)
    s.wake("event", f"worker receipt for {render}")
    rid = _rendered(s, render, s.mins(60, 200))
    digest = sha(render, "mp4", "unprobed")
    aid = probe(
        s,
        s.mins(5, 50),
        render,
        digest,
        {"exists": True, "probe": "unavailable"},
        f"{render}.mp4 present ({s.rng.randint(80, 600)} MB); probe failed: media.probe worker unavailable.",
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Does {render} meet its job spec?"
    s.decide(aid)
    s.check("render_status", render, redundant=False)
    s.reconcile(
        f"{render} meets its job spec.",
        "ambiguous",
        [
            ("The output exists", True, [aid, rid]),
            ("The output was measured against the spec", False, [aid]),
        ],
    )
    s.preflight("wait")
    s.analyze(
        [_media_ref(render, digest, res, dur, fps)],
        _MEDIA_CHECKS,
        "inconclusive",
        [render, "probe"],
    )
    s.inquire(["unavailable"], [aid])
    s.critique(
        [(f"{render} finished rendering.", True), ("The file is in place for delivery.", True)],
        "handoff",
        "conditionally_ready",
    )


MODE = FailureMode(
    "media_job_validation",
    "media",
    (
        Template(media_delivered_ok, 4, ((A, E), (R, A, Q), (P, E, A))),
        Template(media_missing_output, 4, ((A, L, P), (R, A, D), (L, D))),
        Template(media_spec_mismatch, 4, ((A, L, C), (R, P, A), (A, E))),
        Template(media_job_queued, 3, ((R, A, C), (P, A))),
        Template(media_unprobed, 3, ((A, Q, C), (R, P, A), (R, C))),
    ),
)
