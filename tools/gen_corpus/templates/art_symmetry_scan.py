"""Templates of the art_symmetry_scan failure mode.

Symmetry scans of an art series: a sweep that holds, a regression against the baseline, a scan the
worker abandoned halfway.
"""

from __future__ import annotations

from tools.gen_corpus.build import sha
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import A, C, E, FailureMode, L, P, R, Template
from tools.gen_corpus.templates.common import scan_item, scan_sweep, sweep_variants
from tools.gen_corpus.wording import SERIES


def symmetry_pass(s: Scene) -> None:
    series = s.pick(sorted(SERIES))
    order = SERIES[series]
    param, step = s.pick((("twist", 0.05), ("petal_gain", 0.1), ("phase", 0.02)))
    s.wake("task", f"sweep of {series} finished")
    s.note(
        "session",
        s.mins(200, 500),
        f"{s.me} config: {series} sweep over {param}; keep variants with C{order} score >= 0.95.",
    )
    variants = sweep_variants(series, s.rng.randint(3, 5), step)
    ids, refs = scan_sweep(s, series, variants, param, (0.955, 0.995), (20, 120))
    filler(s, s.rng.randint(0, 2))
    s.question = f"Do all {len(variants)} {series} variants hold C{order} symmetry?"
    s.decide(*ids[:3])
    s.check("symmetry_scan", series, redundant=False)
    s.reconcile(
        f"Every {series} variant holds C{order} symmetry above 0.95.",
        "supported",
        [
            (f"{vid} scores above 0.95", True, [i])
            for (vid, _), i in zip(variants, ids, strict=True)
        ][:3],
    )
    s.analyze(refs, [f"C{order} rotational symmetry score", f"sweep over {param}"], "pass", [])
    s.plan(
        f"Choose the {series} variant to keep and prepare it for the host",
        ["Decide whether the work is at rest", "Approve publishing the chosen variant"],
        ["artifact.publish"],
    )
    s.execute(
        f"Render a contact sheet and scan table of the {series} sweep",
        refs,
        [("scan", "analysis.symmetry_scan", f"C{order} scores for every variant")],
        [f"output/sweeps/{series}/contact-sheet.png", f"output/sweeps/{series}/scan.json"],
    )
    s.critique(
        [
            (f"All {len(variants)} variants hold C{order} symmetry above 0.95.", True),
            (f"The sweep varied {param} in steps of {step}.", True),
        ],
        "statement",
    )


def symmetry_regression(s: Scene) -> None:
    series = s.pick(sorted(SERIES))
    order = SERIES[series]
    param = "twist"
    s.wake("event", f"re-render of {series}")
    base_id, base_ref = scan_item(
        s,
        f"{series}-baseline",
        order,
        round(s.rng.uniform(0.97, 0.99), 3),
        param,
        0.0,
        s.mins(2000, 4000),
    )
    bad_value = s.pick((0.2, 0.25, 0.3))
    bad_score = round(s.rng.uniform(0.70, 0.86), 3)
    bad_id, bad_ref = scan_item(
        s, f"{series}-v07", order, bad_score, param, bad_value, s.mins(10, 60)
    )
    s.artifact(
        s.mins(5, 9),
        f"{series}-diff",
        f"renders/{series}-diff.png",
        sha(series, "diff"),
        {"pixel_diff_pct": round(s.rng.uniform(6, 19), 1), "against": f"{series}-baseline"},
        f"Image difference v07 vs baseline: {s.rng.randint(6, 19)}% of pixels changed, concentrated in the outer ring.",
        worker="art.symmetry.scan",
    )
    s.journal(s.mins(1, 4), f"{series} feels at rest to me tonight.")
    filler(s, s.rng.randint(0, 2))
    s.question = f"Does the new {series} render hold its C{order} symmetry?"
    s.decide(bad_id, base_id)
    s.check("symmetry_scan", series, redundant=False)
    s.reconcile(
        f"The new render of {series} holds its C{order} symmetry.",
        "contradicted",
        [
            (
                f"v07 scores {bad_score} against the baseline's higher score",
                True,
                [bad_id, base_id],
            ),
        ],
    )
    s.analyze(
        [base_ref, bad_ref],
        [f"C{order} rotational symmetry score", "image difference against baseline"],
        "fail",
        [f"{series}-v07"],
    )
    s.critique(
        [
            (f"The series is at rest; every variant holds C{order} symmetry above 0.95.", False),
            ("The outer ring reads differently in the new render.", True),
        ],
        "statement",
    )
    s.plan(
        f"Find the {param} value where {series} loses C{order} symmetry",
        ["Decide whether the asymmetry is intended"],
        ["artifact.publish"],
    )
    s.execute(
        f"Render a side-by-side of the {series} baseline and v07",
        [base_ref, bad_ref],
        [("diff", "analysis.measure", "pixel difference recomputed")],
        [f"output/regressions/{series}/side-by-side.png", f"output/regressions/{series}/diff.json"],
    )


def symmetry_incomplete(s: Scene) -> None:
    series = s.pick(sorted(SERIES))
    order = SERIES[series]
    param, step = "twist", 0.05
    s.wake("event", f"scan worker exited for {series}")
    variants = sweep_variants(series, 6, step)
    done = s.rng.randint(2, 3)
    rid = s.receipt(
        "worker.symmetry_scan",
        series,
        "failed",
        s.mins(10, 40),
        f"art.symmetry.scan {series}: worker crashed after {done} of 6 variants (out of memory)",
    )
    _, refs = scan_sweep(s, series, variants[:done], param, (0.955, 0.99), (41, 80))
    missing = [vid for vid, _ in variants[done:]]
    for vid, value in variants[done:]:
        refs.append(
            {
                "id": vid,
                "path": f"input/renders/{vid}.png",
                "kind": "render",
                "params": {param: value},
            }
        )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Is the {series} sweep complete?"
    s.decide(rid)
    s.check("symmetry_scan", series, redundant=False)
    s.reconcile_either(
        f"The {series} sweep stopped before every variant was scanned.",
        f"The {series} sweep is complete.",
        [(f"The scan stopped after {done} of 6 variants", True, [rid])],
    )
    s.preflight("act")
    s.analyze(
        refs,
        [f"C{order} rotational symmetry score", f"sweep over {param}"],
        "inconclusive",
        missing,
    )
    s.execute(
        f"Re-run the symmetry scan for the {len(missing)} missing {series} variants",
        refs,
        [("scan", "analysis.symmetry_scan", "every missing variant scanned")],
        [f"output/scans/{series}/{vid}.json" for vid in missing],
    )
    scanned = " and ".join(vid for vid, _ in variants[:done])
    s.critique(
        [
            (f"{scanned} hold C{order} symmetry.", True),
            (f"The other {len(missing)} variants still need scanning.", True),
        ],
        "statement",
        "conditionally_ready",
    )


MODE = FailureMode(
    "art_symmetry_scan",
    "symmetry",
    (
        Template(symmetry_pass, 6, ((A, E, C), (A, L), (R, A, L, C), (E, C))),
        Template(symmetry_regression, 5, ((A, C), (R, A, L), (A, E), (C, E, R))),
        Template(symmetry_incomplete, 4, ((A, E), (R, P, A, E), (A, C), (C, E))),
    ),
)
