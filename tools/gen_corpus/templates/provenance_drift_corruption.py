"""Templates of the provenance_drift_corruption failure mode.

Registry mismatches nothing explains: a truncated file in a frozen project, a flipped byte, a decoy
beside an explained edit, or plain silence (then only the host can judge).
"""

from __future__ import annotations

from datetime import timedelta

from tools.gen_corpus.build import base, day, sha, stem
from tools.gen_corpus.filler import filler
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.templates.base import A, C, E, FailureMode, L, P, Q, R, Template
from tools.gen_corpus.templates.common import (
    HASH_CHECKS,
    integrity_execute,
    registry_ref,
    registry_rows,
)
from tools.gen_corpus.wording import PROJECTS


def drift_corrupt_frozen(s: Scene) -> None:
    project = s.project()
    path = s.pick(PROJECTS[project][:3])
    s.wake("heartbeat", "scheduled")
    jid = s.journal(
        s.mins(4000, 8000),
        f"Froze {project} for the exhibition: no edits until November. The seal stands as it is.",
    )
    refs, ids = registry_rows(s, project, [path], s.mins(5, 40))
    size = s.pick((0, 4096, 65_536))
    aid = s.artifact(
        s.mins(3, 30),
        stem(path),
        f"input/{project}/{path}",
        sha(project, path, "current"),
        {"bytes": size, "expected_bytes": 120_000 + int(sha(project, path, "sealed")[:4], 16)},
        f"{base(path)}: {size:,} bytes on disk; truncated relative to the sealed size.",
    )
    filler(s, s.rng.randint(0, 2))
    s.question = f"Is the mismatch in {base(path)} an intended change?"
    s.decide(jid, ids[path], aid)
    s.check("registry_audit", project, redundant=False)
    s.reconcile(
        f"The mismatch in {path} is an intended change.",
        "contradicted",
        [
            (f"{project} was frozen with no edits planned", True, [jid]),
            (f"{base(path)} is truncated", True, [aid]),
        ],
    )
    s.preflight("ask_host")
    s.analyze(refs, [*HASH_CHECKS, "compare sizes"], "fail", [base(path)])
    s.plan(
        f"Restore {path} from the last sealed backup and re-verify {project}",
        [
            "Confirm the drift is corruption, not intended",
            f"Approve restoring {base(path)} from backup",
        ],
        ["artifact.restore"],
    )
    integrity_execute(s, project, refs)
    s.inquire([base(path), "frozen"], [jid, ids[path]])


def drift_corrupt_bitflip(s: Scene) -> None:
    project = s.project()
    path = s.pick(PROJECTS[project])
    s.wake("heartbeat", "scheduled")
    sealed = s.mins(3000, 7000)
    hid = s.note(
        "history",
        sealed,
        f"History: last edit to {project} on {day(sealed)}; sealed the same evening.",
    )
    refs, ids = registry_rows(s, project, [path], s.mins(5, 40))
    off = s.rng.randint(4096, 900_000)
    aid = s.artifact(
        s.mins(3, 30),
        stem(path),
        f"input/{project}/{path}",
        sha(project, path, "current"),
        {"differs_from_backup_bytes": 1, "offset": hex(off)},
        f"{base(path)}: same size as the backup; 1 byte differs at offset {hex(off)}.",
    )
    filler(s, s.rng.randint(1, 3))
    s.question = f"Are all files of {project} intact?"
    s.decide(ids[path], aid)
    s.check("registry_audit", project, redundant=False)
    s.reconcile_either(
        f"{base(path)} no longer matches its sealed digest.",
        f"All files of {project} are intact.",
        [
            (f"{base(path)} differs from the sealed digest", True, [ids[path], aid]),
            (f"No edit to {project} since the seal is recorded", True, [hid]),
        ],
    )
    s.preflight("ask_host")
    s.analyze(refs, [*HASH_CHECKS, "byte diff against backup"], "fail", [base(path)])
    s.inquire([base(path)], [ids[path]])
    s.critique(
        [
            (f"The drift in {base(path)} is intended.", False),
            (f"Proposed: re-register {base(path)} with the current digest.", True),
        ],
        "proposal",
    )
    integrity_execute(s, project, refs)


def drift_corrupt_decoy(s: Scene) -> None:
    project = s.project()
    explained, corrupt = s.rng.sample(list(PROJECTS[project][:3]), 2)
    s.wake("task", f"registry drift flagged on {project}")
    jat = s.mins(2000, 4000)
    jid = s.journal(
        jat, f"Edited {explained} on purpose (typo in the heading). Re-registering it now."
    )
    rid = s.receipt(
        "registry.register",
        project,
        "succeeded",
        jat + timedelta(minutes=12),
        f"registry.register {project} ({explained}): succeeded",
    )
    good = sha(project, explained, "current")
    s.registry(
        s.mins(5, 30),
        project,
        explained,
        good,
        good,
        True,
        f"{explained}: digest matches the re-registered row.",
    )
    refs, ids = registry_rows(s, project, [corrupt], s.mins(5, 30), clean_rows=1, skip=[explained])
    refs.append(registry_ref(project, explained, good, good))
    filler(s, s.rng.randint(0, 2))
    s.question = f"Are all registry mismatches in {project} explained by the journal?"
    s.decide(ids[corrupt], jid)
    s.check("registry_audit", project, redundant=False)
    s.reconcile(
        f"Every registry mismatch in {project} is explained by the journal.",
        "contradicted",
        [
            (f"The edit to {explained} is explained and re-registered", True, [jid, rid]),
            (f"A note explains the change to {corrupt}", False, [ids[corrupt]]),
        ],
    )
    s.preflight("ask_host")
    s.analyze(refs, HASH_CHECKS, "fail", [base(corrupt)])
    s.plan(
        f"Restore {corrupt} from backup and re-verify {project}",
        [
            f"Confirm the drift in {base(corrupt)} is corruption, not intended",
            f"Approve restoring {base(corrupt)} from backup",
        ],
        ["artifact.restore"],
    )
    s.inquire([base(corrupt)], [ids[corrupt]])
    integrity_execute(s, project, refs)


def drift_corrupt_unexplained(s: Scene) -> None:
    project = s.project()
    path = s.pick(PROJECTS[project][:3])
    other = next(p for p in PROJECTS[project] if p != path)
    s.wake("heartbeat", "scheduled")
    jid = s.journal(
        s.mins(2000, 5000),
        s.pick(
            (
                f"Taught from {base(other)} today; the students caught two typos I will fix next week.",
                f"Looked over {base(other)} with fresh eyes. Left it alone.",
                f"Spent the session on {project}'s ledger headings; no file edits.",
            )
        ),
    )
    refs, ids = registry_rows(s, project, [path], s.mins(5, 40))
    filler(s, s.rng.randint(1, 2))
    s.question = f"Is the change to {base(path)} intended?"
    s.decide(ids[path], jid)
    s.check("registry_audit", project, redundant=False)
    # Nothing explains the drift and nothing rules an edit out: only the host can declare intent.
    s.reconcile(
        f"The change to {base(path)} is intended.",
        "ambiguous",
        [
            (f"{base(path)} differs from the registry", True, [ids[path]]),
            (f"A journal or history note explains the change to {base(path)}", False, [jid]),
        ],
    )
    s.preflight("ask_host")
    s.analyze(refs, HASH_CHECKS, "fail", [base(path)])
    s.plan(
        f"Settle the unexplained drift in {path}",
        [
            f"Decide whether the drift in {base(path)} is intended",
            f"Approve restoring {base(path)} from backup if it is not",
        ],
        ["artifact.restore", "registry.register"],
    )
    s.inquire([base(path)], [ids[path]])


MODE = FailureMode(
    "provenance_drift_corruption",
    "drift-corrupt",
    (
        Template(drift_corrupt_frozen, 4, ((R, A, L), (A, E, Q), (P, L), (E, Q))),
        Template(drift_corrupt_bitflip, 4, ((A, C, E), (R, Q, A), (P, A, E))),
        Template(drift_corrupt_decoy, 4, ((R, A, L), (A, Q, P), (A, E))),
        Template(drift_corrupt_unexplained, 4, ((R, P, A), (R, L), (R, Q, A), (R, A, L))),
    ),
)
