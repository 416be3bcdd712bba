"""The pytest path against ``shadow run``: does ``pytest <suite>`` stay linear (1x against 10x the
cases), and how much does it add per case?

    .venv/bin/python benchmarks/bench_plugin.py [--recordings recordings/sophobot/handwritten] [--factor 10]

Both paths run as a user runs them, in fresh processes, with the reference runner over the same
copies of the recordings: ``shadow run`` (replay, scores, report) and ``pytest suite.yaml`` (one
item per case, expectations judged, the same run directory, scores and report). The 10x corpus
repeats every package under new ids. The marginal cost per case, (t10x - t1x) / (n10x - n1x),
takes out what both pay once (start-up, imports, the report's fixed part).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from suite_file import suite_yaml

from harness.loading import load_packages

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class Timing:
    scale: int
    cases: int
    shadow_s: float
    pytest_s: float


def write_corpus(source: Path, dest: Path, copies: int) -> int:
    """``copies`` copies of every package under ``source``, ids suffixed; returns the case count."""
    packages = load_packages([source]).items
    if not packages:
        raise SystemExit(f"no packages under {source}")
    dest.mkdir(parents=True)
    cases = 0
    with (dest / "packages.jsonl").open("w", encoding="utf-8") as handle:
        for k in range(copies):
            for package in packages:
                data = package.model_dump(mode="json", by_alias=True, exclude_none=True)
                data["id"] = f"{package.id}.r{k}"
                handle.write(json.dumps(data) + "\n")
                cases += len(package.stages)
    return cases


def timed(argv: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        argv,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "COLUMNS": "120"},
    )
    elapsed = time.perf_counter() - start
    # pytest exits 1 when a case misses an expectation: that is a result, not a broken benchmark.
    if done.returncode not in (0, 1):
        raise SystemExit(
            f"{' '.join(argv)} failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        )
    return elapsed


def measure(work: Path, source: Path, scale: int) -> Timing:
    cases = write_corpus(source, work / f"rec-{scale}", scale)
    suite = work / f"suite_{scale}.yaml"
    suite.write_text(suite_yaml(f"rec-{scale}/*.jsonl", "reference"), encoding="utf-8")
    shadow_s = timed(
        [
            str(BIN / "shadow"),
            "run",
            "--recordings",
            f"rec-{scale}",
            "--out",
            f"shadow-{scale}",
            "--no-progress",
        ],
        work,
    )
    pytest_s = timed(
        [str(BIN / "pytest"), suite.name, "--shadow-out", f"pytest-{scale}", "-q", "-p", "no:cacheprovider",
         "--rootdir", str(work)],
        work,
    )  # fmt: skip
    for name in (f"shadow-{scale}", f"pytest-{scale}"):
        meta = json.loads((work / name / "run.json").read_text(encoding="utf-8"))
        if meta["counts"]["completed"] != cases:
            raise SystemExit(f"{name}: {meta['counts']} does not hold the {cases} cases")
    return Timing(scale, cases, shadow_s, pytest_s)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--recordings", type=Path, default=ROOT / "recordings" / "sophobot" / "handwritten"
    )
    parser.add_argument("--factor", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-plugin-") as tmp:
        work = Path(tmp)
        small = measure(work, args.recordings.resolve(), 1)
        large = measure(work, args.recordings.resolve(), args.factor)
    print(
        f"{'scale':>5} {'cases':>6} {'shadow run s':>13} {'pytest s':>9} {'shadow ms/case':>15} {'pytest ms/case':>15}"
    )
    for t in (small, large):
        print(f"{t.scale:>4}x {t.cases:>6} {t.shadow_s:>13.2f} {t.pytest_s:>9.2f} "
              f"{1000 * t.shadow_s / t.cases:>15.2f} {1000 * t.pytest_s / t.cases:>15.2f}")  # fmt: skip
    extra = large.cases - small.cases
    shadow_marginal = 1000 * (large.shadow_s - small.shadow_s) / extra
    pytest_marginal = 1000 * (large.pytest_s - small.pytest_s) / extra
    print()
    print(f"cases x{large.cases / small.cases:.1f}: shadow run time x{large.shadow_s / small.shadow_s:.2f}, "
          f"pytest time x{large.pytest_s / small.pytest_s:.2f}")  # fmt: skip
    print(f"marginal cost per case: shadow run {shadow_marginal:.2f} ms, pytest {pytest_marginal:.2f} ms, "
          f"pytest adds {pytest_marginal - shadow_marginal:+.2f} ms per case")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
