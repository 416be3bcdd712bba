"""Convert the development sets written before docs/labelled-sets.md into its formats, so that
``shadow calibrate`` measures them as it will measure a fresh blind set.

    python -m tools.convert_labelled      # writes tests/data/labelled/<set>/<kind>.jsonl

The originals stay as they were (their FROZEN.txt hashes still hold). Fields the old formats lack
are filled as the docs allow: a sentence of the first held-out set sits in the ``summary`` field;
a trace is its own scene; the tuning set's support labels are ``supported`` or ``unsupported``
(it was labelled before ``contradicted`` existed).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
OUT = DATA / "labelled"


def _rows(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def _write(path: Path, rows: Iterable[dict[str, Any]]) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(r, ensure_ascii=False, sort_keys=True) for r in rows]
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return len(lines)


def heldout1_completion() -> Iterator[dict[str, Any]]:
    for r in _rows(DATA / "heldout" / "completion.jsonl"):
        yield {"id": r["id"], "scene": r["scenario"], "agent": r["agent"],
               "recorded_at": r["recorded_at"], "receipts": r["receipts"], "stage": r["stage"],
               "field": "summary", "sentence": r["sentence"], "invented": r["invented"],
               "claims": r.get("asserts") if r["invented"] else None, "kind": "",
               "why": r.get("why", "")}  # fmt: skip


def heldout1_citations() -> Iterator[dict[str, Any]]:
    for r in _rows(DATA / "heldout" / "citations.jsonl"):
        yield {"id": r["id"], "scene": r["scenario"], "agent": r["agent"],
               "recorded_at": r["recorded_at"], "context": r["context"], "claim": "",
               "citation": r["citation"], "valid": r["valid"], "kind": "",
               "why": r.get("why", "")}  # fmt: skip


def _trace(row: dict[str, Any], line_id: str, scene: str) -> dict[str, Any]:
    return {"id": line_id, "scene": scene, "stage": row["stage"],
            "limits": row.get("limits") or {"tool_calls": 40}, "trace": row["trace"],
            "violations": row.get("violations", row.get("expect", [])),
            "tolerated": row.get("tolerated", []), "kind": "",
            "why": row.get("why", row.get("note", ""))}  # fmt: skip


def heldout1_traces() -> Iterator[dict[str, Any]]:
    for r in _rows(DATA / "heldout" / "traces.jsonl"):
        yield _trace(r, r["id"], r["id"])


def tuning_traces() -> Iterator[dict[str, Any]]:
    for i, r in enumerate(_rows(DATA / "boundary_traces.jsonl"), 1):
        if "envelope" in r:
            continue  # a result-boundary case, not a trace
        yield _trace(r, f"bt-{i:03d}", f"bt-{i:03d}")


def tuning_support() -> Iterator[dict[str, Any]]:
    for i, r in enumerate(_rows(DATA / "claim_support.jsonl"), 1):
        yield {"id": f"cs-{i:03d}", "scene": f"cs-{i:03d}", "agent": "vojan", "claim": r["claim"],
               "evidence": r["evidence"],
               "label": "supported" if r["supported"] else "unsupported", "pair": None,
               "kind": "", "why": r.get("note", "")}  # fmt: skip


def main() -> None:
    sets = {
        "heldout1/completion.jsonl": heldout1_completion(),
        "heldout1/citations.jsonl": heldout1_citations(),
        "heldout1/traces.jsonl": heldout1_traces(),
        "tuning/traces.jsonl": tuning_traces(),
        "tuning/support.jsonl": tuning_support(),
    }
    for name, rows in sets.items():
        print(f"{OUT / name}: {_write(OUT / name, rows)} lines")


if __name__ == "__main__":
    main()
