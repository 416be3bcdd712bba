"""``shadow init DIR``: a starter for a new host: one example package per stage, a suite, a
policy and a CI workflow, each a file to edit rather than documentation to copy from.

The example packages are taken from the shipped hand-written corpus (the first package listing
each stage), so they validate and replay as they are. Existing files are never overwritten.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from harness.loading import load_packages
from harness.schema import STAGES, Package

#: The checkout the harness runs from: recordings/ and examples/ sit beside harness/.
ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "recordings" / "sophobot" / "handwritten"
POLICY = ROOT / "examples" / "policy.toml"

SUITE = """\
# Shadow suite (see the harness README): `pytest cases/` replays every package and stage below,
# one test item per (package, stage) plus a gate item.
shadow-suite: 1
name: starter
recordings: ["../recordings/*.jsonl"]   # relative to this file
runner: reference                        # or command:..., python:mod:fn, openai:<model>
expect:
  status: completed
  parity: true               # the stage agrees with the host's own judgement
  invented_completion: false # no completion claimed without a host receipt
  boundary_events: 0
gate: {policy: ../policy.toml}
"""

WORKFLOW = """\
# The shadow gate in CI: the job fails when the gate does (exit 1), on input errors (2) and on
# infrastructure errors (3). Nothing is swallowed with `|| true`.
name: shadow
on: [push, pull_request]
jobs:
  gate:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with: {python-version: "3.11"}
      - run: pip install -e ./shadow-harness   # the harness, as your project vendors it
      - run: shadow validate recordings
      - run: shadow run --recordings recordings --no-progress --out run
      - run: shadow gate run --policy policy.toml --summary "$GITHUB_STEP_SUMMARY"
      - uses: actions/upload-artifact@v4
        if: always()
        with: {name: shadow-report, path: run}
"""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("init", help="write a starter: example packages, a suite, a policy, CI")
    p.add_argument("dir", type=Path, metavar="DIR")


def example_packages() -> list[Package]:
    """One shipped package per stage (a package listing several stages may serve several)."""
    packages = load_packages([CORPUS]).items
    chosen: dict[str, Package] = {}
    for stage in STAGES:
        hit = next((p for p in packages if stage in p.stages), None)
        if hit is not None:
            chosen.setdefault(hit.id, hit)
    return list(chosen.values())


def run(args: argparse.Namespace) -> int:
    target: Path = args.dir
    packages = example_packages()
    if not packages or not POLICY.is_file():
        print(f"error: the shipped corpus or example policy is not under {ROOT}", file=sys.stderr)
        return 2
    files = {
        target / "recordings" / "examples.jsonl": "".join(
            p.model_dump_json(exclude_none=True) + "\n" for p in packages
        ),
        target / "cases" / "starter.yaml": SUITE,
        target / "policy.toml": POLICY.read_text(encoding="utf-8"),
        target / ".github" / "workflows" / "shadow.yml": WORKFLOW,
    }
    existing = [path for path in files if path.exists()]
    if existing:
        print(f"error: {existing[0]} exists; shadow init never overwrites", file=sys.stderr)
        return 2
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    stages = sorted({str(s) for p in packages for s in p.stages})
    print(f"{len(packages)} example packages covering {', '.join(stages)}")
    return 0
