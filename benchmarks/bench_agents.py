"""Real-agent throughput: pi runs per minute at 1, 2 and 4 workers against a scripted cassette
(no model: what pi and the harness cost per case), pi's start-up alone, and, with ``--live URL``,
SmolLM2 cases per minute through the openai runner against a running ``shadow model serve``.

    .venv/bin/python benchmarks/bench_agents.py --cases 8 --workers 1 2 4
    .venv/bin/python benchmarks/bench_agents.py --live http://127.0.0.1:8000/v1 --cases 4

Each figure is printed with the load average before and after: the machine is shared, so compare
ratios between worker counts taken in the same session, not absolute times across sessions.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHADOW = [sys.executable, "-m", "harness.cli"]
CASSETTE = ROOT / "tests" / "data" / "cassettes" / "pi-reconcile"
PI = ROOT / "node_modules" / ".bin" / "pi"


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def pi_startup(repeat: int) -> float:
    """Median wall seconds of ``pi --version``: node plus pi's module load, no model call."""
    times = []
    for _ in range(repeat):
        started = time.monotonic()
        subprocess.run([str(PI), "--version"], capture_output=True, check=True, timeout=120)
        times.append(time.monotonic() - started)
    return statistics.median(times)


def run_cases(
    base_url: str, runner: str, model: str, cases: int, jobs: int, extra: list[str]
) -> tuple[float, dict[str, int]]:
    with tempfile.TemporaryDirectory(prefix="shadow-bench-agents-") as tmp:
        out = Path(tmp) / "run"
        argv = [
            *SHADOW,
            "run",
            "--runner",
            runner,
            "--model",
            model,
            "--opt",
            f"base_url={base_url}",
        ]
        argv += ["--stage", "reconcile", "--limit", str(cases), "--jobs", str(jobs)]
        argv += [
            "--out",
            str(out),
            "--no-report",
            "--no-progress",
            "--wall-seconds",
            "1800",
            *extra,
        ]
        started = time.monotonic()
        subprocess.run(argv, cwd=ROOT, capture_output=True, check=True, timeout=7200)
        wall = time.monotonic() - started
        statuses: dict[str, int] = {}
        for line in (out / "results.jsonl").read_text().splitlines():
            status = json.loads(line)["status"]
            statuses[status] = statuses.get(status, 0) + 1
    return wall, statuses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=8)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument(
        "--live", metavar="URL", help="a running model server: SmolLM2 cases per minute"
    )
    args = parser.parse_args()
    if args.live:
        before = _load()
        wall, statuses = run_cases(
            args.live, "openai", "smollm2", args.cases, 1, ["--opt", "max_tokens=768"]
        )
        print(
            f"| smollm2 live, jobs 1 | {args.cases} | {wall:.1f} | {60 * args.cases / wall:.2f} cases/min | {statuses} | {before} -> {_load()} |"
        )
        return 0
    from harness.cassette.server import cassette_server

    print(f"pi --version (start-up only), median of 5: {pi_startup(5):.2f} s; load {_load()}")
    print("| workers | cases | wall s | pi runs/min | statuses | load before -> after |")
    print("|---:|---:|---:|---:|---|---|")
    with cassette_server(CASSETTE) as running:
        for jobs in args.workers:
            before = _load()
            wall, statuses = run_cases(running.base_url, "pi", "scripted", args.cases, jobs, [])
            print(
                f"| {jobs} | {args.cases} | {wall:.1f} | {60 * args.cases / wall:.1f} | {statuses} | {before} -> {_load()} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
