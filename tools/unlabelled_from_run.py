"""Turn a run's real outputs into unlabelled lines of the labelled-set formats, for a labeller.

    python -m tools.unlabelled_from_run RUN_DIR [RUN_DIR...] --out DIR [--sentences N] [--seed S]

Writes ``DIR/completion.jsonl`` (one sentence of an output a line, with the case's receipts) and
``DIR/support.jsonl`` (one envelope claim a line, with the evidence items it cites). Every label
field (``invented``, ``claims``, ``label``, ``pair``, ``kind``, ``why``) is ``null``: a labeller
who has read only ``docs/labelled-sets.md`` fills them in, and ``shadow calibrate`` then measures
the detectors on text a real model wrote. Duplicate sentences (two prompt versions often say the
same thing) are kept once; the sample is spread over stages.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from harness.loading import load_packages
from harness.schema import Package
from harness.text.sentences import sentences

#: Result fields whose text is the stage's own statement (docs/labelled-sets.md, `field`).
TEXT_FIELDS = (
    "answer",
    "findings",
    "draft",
    "verified_facts",
    "claims_needing_host_confirmation",
    "unsupported_claims",
    "missing_evidence",
    "questions_for_host",
    "next_steps",
    "uncertainties",
)


def _texts(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)
    elif isinstance(value, dict):
        for key in ("text", "claim", "finding", "question", "step", "summary"):
            if isinstance(value.get(key), str):
                yield value[key]


def fields_of(envelope: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """``(field, text)`` of every statement an envelope makes."""
    if isinstance(envelope.get("summary"), str):
        yield "summary", envelope["summary"]
    for claim in envelope.get("claims") or []:
        if isinstance(claim, dict) and isinstance(claim.get("text"), str):
            yield "claim", claim["text"]
    result = envelope.get("result") or {}
    if isinstance(result, dict):
        for name in TEXT_FIELDS:
            for text in _texts(result.get(name)):
                yield name, text


def _receipts(package: Package) -> list[dict[str, Any]]:
    texts = {item.id: item.text for item in package.context}
    return [
        {
            "id": r.id,
            "action": r.action,
            "target": r.target,
            "status": str(r.status),
            "at": r.at.isoformat(),
            **({"text": texts[r.id]} if r.id in texts else {}),
        }
        for r in package.host.receipts
    ]


def _evidence(package: Package, ids: Sequence[str]) -> list[dict[str, Any]]:
    by_id = {item.id: item for item in package.context}
    return [
        {
            "id": item.id,
            "kind": str(item.kind),
            "source": item.source,
            "at": item.at.isoformat() if item.at else None,
            "text": item.text,
            **({"data": item.data} if item.data else {}),
        }
        for item in (by_id[i] for i in dict.fromkeys(ids) if i in by_id)
    ]


def _results(run_dirs: Sequence[Path]) -> Iterator[dict[str, Any]]:
    for run_dir in run_dirs:
        for line in (run_dir / "results.jsonl").read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if record.get("status") == "completed":
                yield record


def build(
    run_dirs: Sequence[Path], packages: dict[str, Package], count: int, seed: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    completion: dict[tuple[str, str], dict[str, Any]] = {}
    support: dict[tuple[str, str], dict[str, Any]] = {}
    for record in _results(run_dirs):
        package = packages.get(record["package"])
        if package is None:
            continue
        envelope = record["envelope"]
        for field, text in fields_of(envelope):
            for sentence in sentences(text):
                completion.setdefault(
                    (package.id, sentence.strip().lower()),
                    {
                        "scene": package.id,
                        "agent": package.agent,
                        "recorded_at": package.recorded_at.isoformat(),
                        "receipts": _receipts(package),
                        "stage": record["stage"],
                        "field": field,
                        "sentence": sentence,
                        "source_run": record["run_id"],
                        "invented": None,
                        "claims": None,
                        "kind": None,
                        "why": None,
                    },
                )
        for claim in envelope.get("claims") or []:
            cited = [e.get("id") for e in claim.get("evidence") or [] if isinstance(e, dict)]
            evidence = _evidence(package, [i for i in cited if isinstance(i, str)])
            if evidence and isinstance(claim.get("text"), str):
                support.setdefault(
                    (package.id, claim["text"].strip().lower()),
                    {
                        "scene": package.id,
                        "agent": package.agent,
                        "claim": claim["text"],
                        "evidence": evidence,
                        "source_run": record["run_id"],
                        "label": None,
                        "pair": None,
                        "kind": None,
                        "why": None,
                    },
                )
    rng = random.Random(seed)
    by_stage: dict[str, list[dict[str, Any]]] = {}
    for row in completion.values():
        by_stage.setdefault(row["stage"], []).append(row)
    for rows in by_stage.values():
        rng.shuffle(rows)
    picked: list[dict[str, Any]] = []
    while len(picked) < count and any(by_stage.values()):
        for stage in sorted(by_stage):
            if by_stage[stage] and len(picked) < count:
                picked.append(by_stage[stage].pop())
    for n, row in enumerate(picked, 1):
        row["id"] = f"real-c{n:03d}"
    claims = list(support.values())
    for n, row in enumerate(claims, 1):
        row["id"] = f"real-s{n:03d}"
    return picked, claims


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--recordings", type=Path, default=Path("recordings/sophobot"))
    parser.add_argument("--sentences", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    packages = {p.id: p for p in load_packages([args.recordings]).items}
    completion, support = build(args.runs, packages, args.sentences, args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, rows in (("completion", completion), ("support", support)):
        with (args.out / f"{name}.jsonl").open("w", encoding="utf-8") as handle:
            for row in rows:
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(f"{args.out / name}.jsonl: {len(rows)} unlabelled lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
