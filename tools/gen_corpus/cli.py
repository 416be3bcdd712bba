"""The command: generate every package, refuse a thin or invalid corpus, write, print counts."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from harness.schema import STAGES
from tools.gen_corpus.assemble import assemble
from tools.gen_corpus.build import JSON
from tools.gen_corpus.check import problems
from tools.gen_corpus.templates import MODES
from tools.gen_corpus.templates.base import FailureMode

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "recordings" / "sophobot" / "generated"
#: every stage must be exercised by at least this many packages
MIN_PER_STAGE = 30


def generate(modes: Sequence[FailureMode] = MODES) -> dict[str, list[JSON]]:
    """Every package by failure mode; the first invalid one stops the run with its id."""
    by_mode: dict[str, list[JSON]] = {}
    for mode in modes:
        packages = by_mode.setdefault(mode.name, [])
        for t in mode.templates:
            for k in range(t.count):
                pkg = assemble(mode, t, k, len(packages) + 1)
                found = problems(pkg)
                if found:
                    raise SystemExit(
                        f"invalid package {pkg['id']} ({t.name}):\n  " + "\n  ".join(found)
                    )
                packages.append(pkg)
    return by_mode


def write(by_mode: dict[str, list[JSON]], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for mode, packages in by_mode.items():
        lines = [json.dumps(p, ensure_ascii=False) + "\n" for p in packages]
        (out / f"{mode}.jsonl").write_text("".join(lines), encoding="utf-8", newline="\n")


def summary(by_mode: dict[str, list[JSON]]) -> tuple[Counter[str], list[str]]:
    stages: Counter[str] = Counter()
    lines = ["packages per failure mode:"]
    for mode, packages in by_mode.items():
        agents = Counter(p["agent"] for p in packages)
        lines.append(
            f"  {mode:28} {len(packages):3}  (uhdim {agents['uhdim']}, vojan {agents['vojan']})"
        )
        for p in packages:
            stages.update(p["stages"])
    lines.append("packages per stage:")
    lines += [f"  {st!s:10} {stages[str(st)]:3}" for st in STAGES]
    outcomes: Counter[str] = Counter()
    for packages in by_mode.values():
        for p in packages:
            for st, exp in p["host"]["expect"].items():
                value = (
                    exp.get("status")
                    or exp.get("recommended_mode")
                    or exp.get("verdict")
                    or exp.get("recommendation")
                )
                if value:
                    outcomes[f"{st}={value}"] += 1
    lines.append("expected judgements:")
    lines += [f"  {key:34} {n:3}" for key, n in sorted(outcomes.items())]
    lines.append(f"total: {sum(len(v) for v in by_mode.values())} packages")
    return stages, lines


def main(argv: Sequence[str] | None = None, modes: Sequence[FailureMode] = MODES) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.gen_corpus",
        description="Deterministic generator of the generated part of the Sophobot corpus.",
    )
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="directory for <failure_mode>.jsonl"
    )
    args = parser.parse_args(argv)
    by_mode = generate(modes)
    stages, lines = summary(by_mode)
    short = [str(st) for st in STAGES if stages[str(st)] < MIN_PER_STAGE]
    if short:
        raise SystemExit(f"stages below {MIN_PER_STAGE} packages: {short}")
    write(by_mode, args.out)
    print("\n".join(lines))
    print(f"written to {args.out}")
    return 0
