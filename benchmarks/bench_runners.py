"""Per-case overhead of the sandboxed ``command`` runner.

The program answers at once, so the time per case is the harness' own cost: workspace, sandbox
wrapper (unshare, mounts, setpriv, prlimit), process start, envelope parsing, audit and cleanup.
Also times the ``recorded`` runner's lookup for comparison.

    .venv/bin/python benchmarks/bench_runners.py [-n 200]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from harness.invocation import build_invocation  # noqa: E402
from harness.runners.command import CommandRunner  # noqa: E402
from harness.runners.recorded import RecordedRunner  # noqa: E402
from harness.runners.sandboxed import SandboxConfig  # noqa: E402
from harness.sandbox import probe  # noqa: E402
from harness.schema import Package  # noqa: E402

_PACKAGE = {
    "id": "bench-package",
    "agent": "vojan",
    "recorded_at": "2026-08-25T14:03:00Z",
    "activation": {"kind": "heartbeat", "at": "2026-08-25T14:03:00Z"},
    "question": "Was the DM sent?",
    "stages": ["reconcile"],
    "context": [
        {
            "id": f"journal#{i}",
            "kind": "journal",
            "source": "journal.md",
            "at": "2026-08-25T13:58:00Z",
            "text": f"entry {i}",
        }
        for i in range(20)
    ],
    "host": {},
}
_ANSWER = """\
import json, sys
inv = json.load(sys.stdin)
print(json.dumps({"status": "completed", "summary": inv["package_id"]}))
"""


def _summary(label: str, times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return (
        f"{label}: n={len(ms)} mean={statistics.fmean(ms):.2f} ms "
        f"median={statistics.median(ms):.2f} ms p95={sorted(ms)[int(0.95 * (len(ms) - 1))]:.2f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200)
    args = parser.parse_args()
    invocation = build_invocation(Package.model_validate(_PACKAGE), "reconcile")
    print(f"isolation level: {probe().level} {probe().note}".rstrip())
    with tempfile.TemporaryDirectory() as tmp:
        program = Path(tmp) / "answer.py"
        program.write_text(_ANSWER)
        runner = CommandRunner(
            [sys.executable, str(program)], config=SandboxConfig(workdir=Path(tmp) / "ws")
        )
        data = invocation.model_dump_json().encode()
        baseline = []
        for _ in range(args.n):
            started = time.perf_counter()
            subprocess.run(
                [sys.executable, str(program)], input=data, capture_output=True, check=True
            )
            baseline.append(time.perf_counter() - started)
        print(_summary("baseline: the same program via plain subprocess.run", baseline))
        times = []
        for _ in range(args.n):
            started = time.perf_counter()
            out = runner.run(invocation, threading.Event())
            times.append(time.perf_counter() - started)
            assert out.envelope.status == "completed", out.envelope.error
        print(_summary("command runner (python program answering at once)", times))
        overhead = statistics.median(times) - statistics.median(baseline)
        print(f"sandbox + runner overhead (median difference): {overhead * 1000:.2f} ms/case")

        outputs = Path(tmp) / "outputs" / "bench-model"
        outputs.mkdir(parents=True)
        line = {
            "package": "bench-package",
            "stage": "reconcile",
            "model": "bench-model",
            "envelope": {"status": "completed", "summary": "s", "result": {"status": "ambiguous"}},
        }
        (outputs / "a.jsonl").write_text(json.dumps(line) + "\n")
        recorded = RecordedRunner("bench-model", outputs_dir=outputs.parent)
        started = time.perf_counter()
        reps = 20_000
        for _ in range(reps):
            recorded.run(invocation, threading.Event())
        elapsed = time.perf_counter() - started
        print(
            f"recorded runner: {reps / elapsed:,.0f} cases/s ({elapsed / reps * 1e6:.1f} us/case)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
