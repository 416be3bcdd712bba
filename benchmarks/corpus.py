"""Scaled corpora for the benchmarks: the shipped packages and one model's recorded outputs,
copied under new ids until a corpus holds the wanted number of (package, stage) cases.

Each copy ``k`` renames package ``P`` to ``P.rK`` (in the package and in every recorded output
that names it) and suffixes the recorded archive ids the same way, so a copy is a distinct case
with a distinct trace, exactly as a larger recording of the same sessions would be. Lines are
copied as JSON, not through the project's models: building a corpus must not cost what the
harness is being timed on.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ROOT / "recordings" / "sophobot"
OUTPUTS = ROOT / "recordings" / "outputs"
MODEL = "reference-careful"


@dataclass(frozen=True)
class Corpus:
    #: The folder to run in: ``recordings/sophobot/packages.jsonl`` and ``recordings/outputs/<model>/``
    #: relative to it, as in the repository, so commands read the same as a user's.
    root: Path
    cases: int
    packages: int
    model: str = MODEL

    @property
    def recordings(self) -> Path:
        return self.root / "recordings" / "sophobot"


def _lines(folder: Path) -> list[dict[str, Any]]:
    rows = []
    for path in sorted(folder.rglob("*.jsonl")):
        with path.open(encoding="utf-8") as handle:
            rows.extend(json.loads(line) for line in handle if line.strip())
    return rows


def build(dest: Path, cases: int, *, model: str = MODEL) -> Corpus:
    """A corpus of at least ``cases`` cases (whole packages; the last copy may be partial)."""
    packages = _lines(PACKAGES)
    outputs: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in _lines(OUTPUTS / model):
        outputs[row["package"]].append(row)
    missing = [p["id"] for p in packages if len(outputs[p["id"]]) < len(p["stages"])]
    if missing:
        raise SystemExit(f"{len(missing)} packages lack recorded outputs of {model}: {missing[:3]}")
    (dest / "recordings" / "sophobot").mkdir(parents=True)
    out_dir = dest / "recordings" / "outputs" / model
    out_dir.mkdir(parents=True)
    written = count = 0
    by_stage: dict[str, Any] = {}
    try:
        with (dest / "recordings" / "sophobot" / "packages.jsonl").open("w") as pk:
            k = 0
            while written < cases:
                for package in packages:
                    if written >= cases:
                        break
                    new_id = package["id"] if k == 0 else f"{package['id']}.r{k}"
                    pk.write(json.dumps({**package, "id": new_id}) + "\n")
                    for row in outputs[package["id"]]:
                        stage = row["stage"]
                        if stage not in by_stage:
                            by_stage[stage] = (out_dir / f"{stage}.jsonl").open("w")
                        envelope = dict(row["envelope"])
                        if k and envelope.get("archive_id"):
                            envelope["archive_id"] = f"{envelope['archive_id']}.r{k}"
                        line = {**row, "package": new_id, "envelope": envelope}
                        by_stage[stage].write(json.dumps(line) + "\n")
                    written += len(package["stages"])
                    count += 1
                k += 1
    finally:
        for handle in by_stage.values():
            handle.close()
    return Corpus(dest, written, count, model)
