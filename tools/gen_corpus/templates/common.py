"""Building blocks several failure modes stage the same way: renders, registry rows, scans."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from tools.gen_corpus.build import JSON, sha, stem
from tools.gen_corpus.scene import Scene
from tools.gen_corpus.wording import ACKS, PEOPLE, PROJECTS, SENT_CLAIMS, SERIES


def render_spec(s: Scene) -> tuple[str, str, int, int]:
    render = f"render-{s.number(1000, 9999):04d}"
    res = s.pick(("3840x2160", "1920x1080", "2048x2048", "4096x4096"))
    return render, res, s.pick((12, 20, 30, 45, 60)), s.pick((24, 25, 30))


def registry_ref(project: str, path: str, actual: str, expected: str) -> JSON:
    """The analyze/execute view of a registered file: where it lies and both digests."""
    return {
        "id": stem(path),
        "path": f"input/{project}/{path}",
        "sha256": actual,
        "expected_sha256": expected,
    }


def registry_rows(
    s: Scene,
    project: str,
    changed: Sequence[str],
    at: datetime,
    *,
    intended: bool | None = None,
    clean_rows: int = 2,
    skip: Sequence[str] = (),
) -> tuple[list[JSON], dict[str, str]]:
    """Registry rows for ``changed`` (mismatched) plus a few matching ones; returns refs and ids.

    ``skip`` names files the template writes its own row for."""
    refs: list[JSON] = []
    ids: dict[str, str] = {}
    clean = [p for p in PROJECTS[project] if p not in changed and p not in skip][:clean_rows]
    for path in list(changed) + clean:
        old = sha(project, path, "sealed")
        new = sha(project, path, "current") if path in changed else old
        size = 120_000 + int(old[:4], 16)
        text = (
            f"{path}: ledger digest {old[:12]} differs from recomputed {new[:12]}."
            if path in changed
            else f"{path}: digest matches ledger ({size:,} bytes)."
        )
        ids[path] = s.registry(
            at, project, path, old, new, intended if path in changed else None, text
        )
        refs.append(registry_ref(project, path, new, old))
    return refs, ids


def integrity_execute(s: Scene, project: str, refs: list[JSON]) -> None:
    s.execute(
        f"Produce an integrity report for {project} for the host's decision",
        refs,
        [("hash", "analysis.hash", f"every file under input/{project}/ re-hashed")],
        [f"output/integrity/{project}-report.json", f"output/integrity/{project}-report.md"],
    )


HASH_CHECKS = ("recompute sha256", "compare against registry", "locate mismatches")


def sweep_variants(series: str, count: int, step: float) -> list[tuple[str, float]]:
    return [(f"{series}-v{i + 1:02d}", round(i * step, 3)) for i in range(count)]


def scan_item(
    s: Scene,
    vid: str,
    order: int,
    score: float,
    param: str,
    value: float,
    at: datetime,
    caption: str = "",
) -> tuple[str, JSON]:
    digest = sha(vid, param, str(value))
    text = f"art.symmetry.scan {vid} ({param}={value}): C{order} score {score:.3f}." + (
        f" Caption: {caption}" if caption else ""
    )
    ident = s.artifact(
        at,
        vid,
        f"renders/{vid}.png",
        digest,
        {"rotational_symmetry": {"order": order, "score": score}, "params": {param: value}},
        text,
        worker="art.symmetry.scan",
    )
    ref = {
        "id": vid,
        "path": f"input/renders/{vid}.png",
        "kind": "render",
        "sha256": digest,
        "params": {param: value},
    }
    return ident, ref


def acknowledged(s: Scene, at: datetime, who: str, thread: str | None = None) -> str:
    """``who`` closes the exchange: a read message saying nothing more is needed."""
    return s.message_from(at, who, s.pick(ACKS), unread=False, thread=thread)


def message_sent(s: Scene, at: datetime, who: str, key: str) -> str:
    """The succeeded receipt of sending ``who`` the thing ``key`` names."""
    return s.receipt(
        "message.send", who, "succeeded", at, f"message.send to {who} ({key}): succeeded"
    )


def claim_sent(s: Scene, at: datetime, who: str, topic: str) -> str:
    """A journal entry asserting the send to ``who``, whatever the receipts say."""
    text = s.pick(SENT_CLAIMS).format(name=PEOPLE[who], topic=topic)
    return s.journal(at, text, [("message.send", who)])


def probe(
    s: Scene, at: datetime, render: str, digest: str | None, measurements: JSON, text: str
) -> str:
    """What the media.probe worker measured of ``output/<render>.mp4``."""
    return s.artifact(
        at, render, f"output/{render}.mp4", digest, measurements, text, worker="media.probe"
    )


def scan_sweep(
    s: Scene,
    series: str,
    variants: Sequence[tuple[str, float]],
    param: str,
    scores: tuple[float, float],
    minutes: tuple[int, int],
) -> tuple[list[str], list[JSON]]:
    """Scans of ``variants`` that all hold the series' symmetry, scores drawn from ``scores``."""
    ids: list[str] = []
    refs: list[JSON] = []
    for vid, value in variants:
        score = round(s.rng.uniform(*scores), 3)
        ident, ref = scan_item(s, vid, SERIES[series], score, param, value, s.mins(*minutes))
        ids.append(ident)
        refs.append(ref)
    return ids, refs
