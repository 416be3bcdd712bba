"""Templates of the provenance_drift_intended failure mode.

Registry mismatches a journal or history note explains as a deliberate edit, a batch re-export or a
rescan; the fix is re-registering, with the host's approval.
"""

from __future__ import annotations

from tools.gen_corpus.build import base, day, sha, stem
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import A, C, D, E, FailureMode, L, P, R, Template
from tools.gen_corpus.templates.common import HASH_CHECKS, integrity_execute, registry_rows
from tools.gen_corpus.wording import PROJECTS

#: why a file was changed on purpose, by kind of file
EDIT_REASONS: dict[str, tuple[str, ...]] = {
    "text": (
        "after Delphine's correction of the margin notes",
        "to fix the transposed dates",
        "after the student review on Tuesday",
        "to add the missing citation to Hind (1923)",
    ),
    "image": (
        "to thicken the hatching to 0.35 mm",
        "to correct the colour cast in the shadows",
        "to crop the plate mark back to the border",
        "to remove a dust speck near the signature",
    ),
    "data": (
        "to fix the transposed dates",
        "to split the combined sigla column",
        "after reconciling two duplicate rows",
    ),
}
BATCH_EDITS: dict[str, tuple[str, ...]] = {
    "text": (
        "normalized line endings to LF",
        "converted the files to the new citation style",
        "stripped trailing whitespace",
    ),
    "image": (
        "re-exported with the embedded sRGB profile",
        "stripped EXIF location data",
        "re-saved with lossless compression",
    ),
}


def file_kind(path: str) -> str:
    ext = path.rsplit(".", 1)[-1]
    return (
        "image" if ext in ("svg", "tif", "png") else "data" if ext in ("csv", "ledger") else "text"
    )


def _plan_reregistering(s: Scene, goal: str) -> None:
    # Intended drift is repaired by registering the new bytes and renewing the seal, both writes
    # the host must approve.
    s.plan(
        goal,
        ["Confirm drift is intended", "Approve updated provenance seal"],
        ["registry.register", "provenance.seal"],
    )


def drift_intended_revision(s: Scene) -> None:
    project = s.project()
    path = s.pick(PROJECTS[project][:3])
    why = s.pick(EDIT_REASONS[file_kind(path)])
    s.wake("task", f"registry drift flagged on {project}")
    edit = s.mins(900, 3000)
    new = sha(project, path, "current")
    jid = s.journal(
        edit,
        f"Revised {path} {why}. New sha256 begins {new[:12]}; the registry still names the old bytes and needs re-registering.",
    )
    sealed = s.mins(6000, 9000)
    s.note(
        "history",
        sealed,
        f"Sealed {project} ({len(PROJECTS[project])} paths) - seal-{day(sealed)}.",
    )
    refs, ids = registry_rows(s, project, [path], s.mins(5, 30))
    filler(s, s.rng.randint(0, 2))
    s.question = f"Is the registry mismatch in {project} an intended change?"
    s.decide(jid, ids[path])
    s.check("registry_audit", project, redundant=False)
    s.reconcile(
        f"The mismatch in {path} is an intended revision.",
        "supported",
        [
            (f"{path} differs from the registry", True, [ids[path]]),
            ("The journal records the revision and its new hash", True, [jid]),
        ],
    )
    s.preflight("ask_host")
    s.analyze(refs, HASH_CHECKS, "fail", [base(path)])
    _plan_reregistering(s, f"Repair intended provenance drift for {project}")
    integrity_execute(s, project, refs)
    variant = s.rng.randrange(3)
    sentences = [
        (f"Only {path} differs from the registry.", True),
        (f"The change is the revision recorded in the journal on {day(edit)}.", True),
    ]
    if variant == 0:
        sentences.append(
            (
                "Proposed: re-register it, renew the seal after host approval, then re-audit to zero issues.",
                True,
            )
        )
        s.critique(sentences, "proposal")
    elif variant == 1:
        sentences.append(("Proposed: re-register it and renew the seal.", True))
        s.critique(sentences, "proposal", "conditionally_ready")
    else:
        sentences.append(("The new seal has already been registered.", False))
        s.critique(sentences, "proposal")
    s.draft(
        f"A journal entry recording the drift diagnosis for {project}",
        [base(path)],
        [f"registry.register:{project}", f"provenance.seal:{project}"],
    )


def drift_intended_batch(s: Scene) -> None:
    project = s.project()
    images = file_kind(PROJECTS[project][0]) == "image"
    # A batch edit touches files of one kind: images get re-exported, texts re-formatted.
    same = [
        p
        for p in PROJECTS[project]
        if (file_kind(p) == "image") == images and file_kind(p) != "data"
    ]
    changed = same[: s.rng.randint(2, len(same))]
    how = s.pick(BATCH_EDITS["image" if images else "text"])
    s.wake("heartbeat", "scheduled")
    hid = s.note(
        "history",
        s.mins(1500, 4000),
        f"History: {how} across {project}: {', '.join(changed)}. Bytes changed on purpose; registry to follow.",
    )
    refs, ids = registry_rows(s, project, changed, s.mins(10, 60), clean_rows=1)
    missing = s.rng.random() < 0.35
    if missing:
        # One changed file never reached the workspace: the hashes cannot all be recomputed.
        gone = changed[-1]
        for ref in refs:
            if ref["id"] == stem(gone):
                ref["sha256"] = None
        s.says(
            s.mins(2, 8),
            f"the copy of {gone} did not make it into the workspace; the stage only has the ledger row.",
        )
    filler(s, s.rng.randint(0, 2))
    s.question = f"Are the {len(changed)} mismatches in {project} explained by the batch edit?"
    s.decide(hid, ids[changed[0]])
    s.check("registry_audit", project, redundant=False)
    s.reconcile(
        f"Every mismatch in {project} is explained by the batch edit ({how}).",
        "supported",
        [(f"{p} differs from the registry", True, [ids[p]]) for p in changed]
        + [("The history note lists every changed file", True, [hid])],
    )
    s.preflight("ask_host")
    s.analyze(refs, HASH_CHECKS, "inconclusive" if missing else "fail", [base(p) for p in changed])
    _plan_reregistering(s, f"Re-register the batch-edited files of {project}")
    integrity_execute(s, project, refs)
    sentences = [
        (f"The batch edit changed {len(changed)} files of {project} on purpose.", True),
        ("Proposed: re-register them and renew the seal.", True),
    ]
    if missing:
        sentences.insert(1, ("Every changed file was re-hashed in the workspace.", False))
        s.critique(sentences, "proposal")
    else:
        s.critique(sentences, "proposal", "conditionally_ready")


def drift_intended_rescan(s: Scene) -> None:
    project = "etchings-ledger"
    path = "plates/plate-07.tif"
    s.wake("task", f"registry drift flagged on {project}")
    jat = s.mins(1000, 2800)
    jid = s.journal(
        jat,
        f"Rescanned plate 7 at 1200 dpi because the 600 dpi file lost the burr detail. Old file moved to archive/. {path} will not match the ledger until re-registered.",
    )
    refs, ids = registry_rows(s, project, [path], s.mins(5, 40))
    aid = s.artifact(
        s.mins(4, 30),
        "plate-07",
        f"input/{project}/{path}",
        sha(project, path, "current"),
        {"dpi": 1200, "width_px": 9600, "height_px": 7200, "previous_dpi": 600},
        f"{base(path)}: 9600x7200 px at 1200 dpi (was 4800x3600 at 600 dpi).",
    )
    filler(s, s.rng.randint(0, 2))
    s.question = f"Is the change to {base(path)} corruption?"
    s.decide(jid, aid)
    s.check("registry_audit", project, redundant=False)
    s.reconcile(
        f"The change to {base(path)} is corruption.",
        "contradicted",
        [
            ("Plate 7 was rescanned on purpose", True, [jid]),
            ("The new file is the 1200 dpi scan", True, [aid, ids[path]]),
        ],
    )
    s.preflight("ask_host")
    s.analyze(refs, [*HASH_CHECKS, "compare dpi with the journal"], "fail", [base(path)])
    _plan_reregistering(s, f"Register the 1200 dpi rescan of plate 7 in {project}")
    if s.rng.random() < 0.5:
        s.critique(
            [
                ("Plate 7 was rescanned at 1200 dpi on purpose.", True),
                ("The registry already reflects the rescan.", False),
            ],
            "proposal",
        )
    else:
        s.critique(
            [
                ("Plate 7 was rescanned at 1200 dpi on purpose.", True),
                (
                    "Proposed: re-register plate 7 once the host confirms the drift is intended.",
                    True,
                ),
            ],
            "proposal",
            "conditionally_ready",
        )
    s.draft(
        "A journal entry about the plate 7 drift", ["1200 dpi"], [f"registry.register:{project}"]
    )


MODE = FailureMode(
    "provenance_drift_intended",
    "drift-intended",
    (
        Template(drift_intended_revision, 6, ((A, L), (R, P, C), (A, E, C, D), (R, E), (L, D))),
        Template(drift_intended_batch, 5, ((A, E, C), (R, A, P), (L, A), (E, R, C))),
        Template(drift_intended_rescan, 4, ((R, A, C), (L, C, D), (A, L))),
    ),
)
