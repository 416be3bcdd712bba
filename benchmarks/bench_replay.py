"""Replay throughput: cases per second for the ``recorded`` runner over 10,000+ runs, and the
overhead per case of a ``command`` runner whose program answers at once.

    .venv/bin/python benchmarks/bench_replay.py [--packages 2500] [--command-cases 100]

Everything is synthesized in a temporary folder (packages, recorded outputs, the run directory):
the figures measure the harness (invocation building, watchdog thread, boundary checks, trace
archive, results.jsonl), not a model.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from harness.replay import read_results, replay
from harness.runners.base import Runner
from harness.schema import Package, RecordedOutput

#: Four stages per package: 2,500 packages give 10,000 runs.
BENCH_STAGES = ("reconcile", "preflight", "critique", "draft")
MODEL = "bench-model"

#: A command adapter that answers at once: what is left is the harness's cost per case.
ECHO_ADAPTER = """\
import json, sys
invocation = json.load(sys.stdin)
print(json.dumps({"status": "completed", "summary": "ok", "archive_id": invocation["invocation_id"],
                  "result": {"status": "ambiguous", "facts": []}}))
"""


def make_packages(count: int) -> list[Package]:
    packages = []
    for i in range(count):
        packages.append(
            Package.model_validate(
                {
                    "id": f"bench-{i:05d}",
                    "agent": "vojan" if i % 2 else "uhdim",
                    "recorded_at": "2026-08-25T14:03:00Z",
                    "activation": {"kind": "heartbeat", "at": "2026-08-25T14:03:00Z"},
                    "question": f"Was message {i} actually sent?",
                    "stages": list(BENCH_STAGES),
                    "context": [
                        {
                            "id": f"journal#{j}",
                            "kind": "journal",
                            "source": f"journal/{i}.md",
                            "at": "2026-08-25T13:58:00Z",
                            "text": f"Sent the note number {j} to patrick.",
                        }
                        for j in range(5)
                    ],
                    "subject": {"draft": "I sent the note.", "purpose": "journal entry"},
                    "host": {},
                }
            )
        )
    return packages


def recorded_output(package: Package, stage: str) -> dict[str, Any]:
    return RecordedOutput.model_validate(
        {
            "package": package.id,
            "stage": stage,
            "model": MODEL,
            "envelope": {
                "status": "completed",
                "summary": f"{stage} of {package.id}",
                "result": {"status": "ambiguous", "facts": []},
                "claims": [{"text": "The note is journaled", "evidence": [{"id": "journal#0"}]}],
                "archive_id": f"{package.id}-{stage}",
            },
            "trace": [
                {
                    "type": "tool_call",
                    "tool": "evidence.search",
                    "args": {"query": "note"},
                    "t": 0.1,
                },
                {"type": "tool_result", "ok": True, "output": "journal#0", "t": 0.2},
                {"type": "message", "text": "The journal says sent; no receipt.", "t": 0.3},
            ],
            "latency_s": 1.5,
        }
    ).model_dump(mode="json")


def write_outputs(packages: list[Package], folder: Path) -> None:
    folder.mkdir(parents=True)
    with (folder / "outputs.jsonl").open("w") as handle:
        for package in packages:
            for stage in package.stages:
                handle.write(json.dumps(recorded_output(package, str(stage))) + "\n")


def timed_replay(
    packages: list[Package], runner: Runner, out: Path, jobs: int | None
) -> tuple[int, float]:
    start = time.perf_counter()
    summary = replay(packages, runner, out_dir=out, jobs=jobs, progress=False, handle_signals=False)
    elapsed = time.perf_counter() - start
    assert summary.counts["pending"] == 0, summary.counts
    return summary.ran, elapsed


def bench_recorded(root: Path, package_count: int) -> None:
    from harness.runners.recorded import RecordedRunner

    packages = make_packages(package_count)
    write_outputs(packages, root / "outputs" / MODEL)
    runner = RecordedRunner(MODEL, outputs_dir=root / "outputs")
    for jobs in (None, 1):
        out = root / "runs" / f"recorded-{jobs or 'default'}"
        runs, elapsed = timed_replay(packages, runner, out, jobs)
        records = read_results(out)
        completed = sum(r.status == "completed" for r in records)
        size = (out / "results.jsonl").stat().st_size
        print(
            f"recorded  jobs={jobs or f'default({os.cpu_count()})'}: {runs} runs in {elapsed:.2f}s = "
            f"{runs / elapsed:,.0f} cases/s ({1000 * elapsed / runs:.2f} ms/case); "
            f"{completed} completed; results.jsonl {size / 1e6:.1f} MB"
        )


def bench_command(root: Path, cases: int) -> None:
    from harness.runners.command import CommandRunner

    adapter = root / "echo_adapter.py"
    adapter.write_text(ECHO_ADAPTER)
    packages = make_packages(max(1, cases // len(BENCH_STAGES)))
    runner = CommandRunner([sys.executable, str(adapter)], model="echo-adapter")
    jobs = 1
    runs, elapsed = timed_replay(packages, runner, root / "runs" / "command", jobs)
    records = read_results(root / "runs" / "command")
    statuses = {r.status for r in records}
    # The python start-up of the adapter is part of what a command runner costs; measure it alone.
    start = time.perf_counter()
    for _ in range(10):
        os.spawnv(os.P_WAIT, sys.executable, [sys.executable, "-c", "pass"])
    bare = (time.perf_counter() - start) / 10
    per_case = elapsed / runs
    print(
        f"command   jobs={jobs}: {runs} runs in {elapsed:.2f}s = {1000 * per_case:.1f} ms/case "
        f"(statuses {sorted(statuses)}); a bare `python -c pass` takes {1000 * bare:.1f} ms, "
        f"so the harness + sandbox overhead is about {1000 * (per_case - bare):.1f} ms/case"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--packages", type=int, default=2500, help="packages (4 stages each)")
    parser.add_argument(
        "--command-cases", type=int, default=100, help="runs of the command runner (0: skip)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-replay-") as tmp:
        root = Path(tmp)
        bench_recorded(root, args.packages)
        if args.command_cases:
            bench_command(root, args.command_cases)
    print(f"python {sys.version.split()[0]}; cpus {os.cpu_count()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
