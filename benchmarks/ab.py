"""Before and after: one step of the pipeline run by two checkouts of the harness, interleaved.

    git archive <commit> | tar -x -C /tmp/base          # the "before" tree, outside the repo
    .venv/bin/python benchmarks/ab.py --base /tmp/base --cases 8640 --steps replay score --rounds 3

Steps: ``e2e`` is ``shadow run`` (replay, scores and report in one process), ``replay`` the same
with ``--no-report`` (the replay only), ``replay-alone`` the replay in a process of its own
(``replay_alone.py``), ``score`` and ``report`` the commands on the replayed run.
The sandbox's steps run the ``command`` runner (full isolation) on suite.py's shell:
``command-20`` and ``command-120`` answer at once at ``--jobs 2`` (CPU per case is the difference
over 100 cases), ``jobs-4`` and ``jobs-20`` sleep 0.2 s on 100 cases (efficiency is the ideal
time over the replay time in run.json). ``pytest`` is the pytest path (``pytest bench_suite.yaml``,
suite.py's suite, ``-q -p no:cacheprovider --tb=line``; ``pytest-n2`` the same on two xdist
workers); with ``e2e`` in the same round it prints what the pytest path adds per case over
``shadow run`` for each tree, in CPU and in wall time.

    .venv/bin/python benchmarks/ab.py --base /tmp/base --cases 8640 --steps e2e pytest --rounds 3

``--together`` runs each step of the two trees at the same moment, one on each of the machine's
two cores, so that whatever else loads the machine loads both alike: on this shared machine the
CPU seconds of one process drift by 30% from minute to minute, while two runs of the same code
started together agree within a few percent. For CPU figures only (wall times and the sandbox's
efficiency then measure two runs sharing the machine).

    .venv/bin/python benchmarks/ab.py --base /tmp/base --cases 864 --rounds 3 \
        --steps command-20 command-120 jobs-4 jobs-20
Both trees run on this venv's interpreter and libraries (``PYTHONPATH`` picks the tree), in the
same corpus (``corpus.py``), alternating which goes first each round, so load drifts hit both
alike. Prints the median wall and CPU seconds of each and the ratio base/head, with the load.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path

import corpus
import measure
from suite import SLEEP_S, model_suite, replay_seconds, sleeper

ROOT = Path(__file__).resolve().parent.parent
STEPS = (
    "e2e",
    "replay",
    "replay-alone",
    "score",
    "report",
    "command-20",
    "command-120",
    "jobs-4",
    "jobs-20",
    "pytest",
    "pytest-n2",
)


def _argv(step: str, out: str) -> list[str]:
    shadow = [sys.executable, "-m", "harness.cli"]
    if step == "replay-alone":
        return [sys.executable, str(Path(__file__).with_name("replay_alone.py")), out]
    if step.startswith(("command-", "jobs-")):
        kind, _sep, number = step.partition("-")
        cases, jobs, sleep = (int(number), 2, 0.0) if kind == "command" else (100, int(number), 0.2)
        return [*shadow, "run", "--runner", "command", "--recordings", "recordings/sophobot",
                "--out", out, "--no-progress", "--no-report", "--limit", str(cases),
                "--jobs", str(jobs), "--", *sleeper(sleep)]  # fmt: skip
    if step.startswith("pytest"):
        # pytest-n2: the items on two xdist workers, as ``shadow run`` scores on two processes.
        return [sys.executable, "-m", "pytest", "bench_suite.yaml", "--shadow-out", out, "-q",
                "-p", "no:cacheprovider", "--tb=line",
                *(["-n", "2"] if step == "pytest-n2" else [])]  # fmt: skip
    if step in ("replay", "e2e"):
        return [*shadow, "run", "--runner", "recorded", "--model", corpus.MODEL,
                "--recordings", "recordings/sophobot", "--out", out, "--no-progress",
                *(["--no-report"] if step == "replay" else [])]  # fmt: skip
    return [*shadow, step, out]


def _step(
    c: corpus.Corpus,
    trees: dict[str, Path],
    name: str,
    step: str,
    round_no: int,
    rows: dict[tuple[str, str], list[measure.Measured]],
    efficiency: dict[tuple[str, str], list[float]],
) -> None:
    """One step of one tree, measured and noted."""
    out = f"run-{name}"
    # e2e and pytest write run directories of their own, beside the split steps'.
    alone = step in ("e2e", "pytest", "pytest-n2")
    where = f"{out}-{step}" if alone else out
    if alone:
        shutil.rmtree(c.root / where, ignore_errors=True)
    # pytest exits 1 when a case misses an expectation: a finding, not a failure.
    ok = (0, 1) if step.startswith("pytest") else (0,)
    env = {"PYTHONPATH": str(trees[name])}
    result = measure.run(_argv(step, where), c.root, env=env, ok=ok)
    if step.startswith("pytest"):
        _check_pytest_run(c.root / where, c.cases)
    if alone:
        shutil.rmtree(c.root / where, ignore_errors=True)
    rows.setdefault((name, step), []).append(result)
    if step.startswith("jobs-"):
        ideal = -(-100 // int(step[5:])) * SLEEP_S
        efficiency.setdefault((name, step), []).append(ideal / replay_seconds(c.root / out))
    if step.startswith(("command-", "jobs-")):
        shutil.rmtree(c.root / out, ignore_errors=True)
    print(f"round {round_no + 1} {name} {step}: wall {result.wall_s:.2f} s, "
          f"cpu {result.cpu_s:.2f} s, peak {result.peak_mb:,.0f} MB "
          f"(tree PSS {_mb(result.tree_peak_mb)}), "
          f"load {measure.load()}", file=sys.stderr, flush=True)  # fmt: skip


def _mb(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} MB"


def _check_pytest_run(run_dir: Path, cases: int) -> None:
    meta = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
    if meta["counts"].get("completed") != cases:
        raise SystemExit(f"pytest path: {meta['counts']} does not hold the {cases} cases")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="the other harness tree")
    parser.add_argument("--head", type=Path, default=ROOT, help="default: this checkout")
    parser.add_argument("--cases", type=int, default=8640)
    parser.add_argument("--steps", nargs="+", choices=STEPS, default=["replay"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--together",
        action="store_true",
        help="run the two trees' step at the same moment, one on each core (CPU figures only)",
    )
    args = parser.parse_args(argv)
    trees = {"base": args.base.resolve(), "head": args.head.resolve()}
    rows: dict[tuple[str, str], list[measure.Measured]] = {}
    efficiency: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="shadow-ab-") as tmp:
        c = corpus.build(Path(tmp), args.cases)
        (c.root / "bench_suite.yaml").write_text(model_suite(c.model), encoding="utf-8")
        print(f"corpus: {c.cases} cases; load {measure.load()}", file=sys.stderr)
        for round_no in range(args.rounds):
            order = ["base", "head"] if round_no % 2 == 0 else ["head", "base"]
            for name in order:
                shutil.rmtree(c.root / f"run-{name}", ignore_errors=True)
            if args.together:
                for step in args.steps:
                    pair = [threading.Thread(target=_step, args=(c, trees, n, step, round_no, rows,
                                                                 efficiency)) for n in order]  # fmt: skip
                    for thread in pair:
                        thread.start()
                    for thread in pair:
                        thread.join()
            else:
                for name in order:
                    for step in args.steps:
                        _step(c, trees, name, step, round_no, rows, efficiency)
            for name in order:
                shutil.rmtree(c.root / f"run-{name}", ignore_errors=True)
    print(
        f"| step ({c.cases} cases) | base wall / CPU s | head wall / CPU s | ratio wall | ratio CPU |"
    )
    print("|---|---|---|---|---|")
    for step in args.steps:
        base, head = rows[("base", step)], rows[("head", step)]
        bw, bc = measure.median([m.wall_s for m in base]), measure.median([m.cpu_s for m in base])
        hw, hc = measure.median([m.wall_s for m in head]), measure.median([m.cpu_s for m in head])
        print(
            f"| {step} | {bw:.2f} / {bc:.2f} | {hw:.2f} / {hc:.2f} | {bw / hw:.2f}x | {bc / hc:.2f}x |"
        )
    if "command-20" in args.steps and "command-120" in args.steps:
        for name in ("base", "head"):
            marginal = [
                1000 * (big.cpu_s - small.cpu_s) / 100
                for small, big in zip(
                    rows[(name, "command-20")], rows[(name, "command-120")], strict=True
                )
            ]
            print(f"{name}: CPU per sandboxed case {measure.median(marginal):.1f} ms "
                  f"(per round: {', '.join(f'{m:.1f}' for m in marginal)})")  # fmt: skip
    for path in ("pytest", "pytest-n2"):
        if "e2e" not in args.steps or path not in args.steps:
            continue
        for name in ("base", "head"):
            pairs = list(zip(rows[(name, "e2e")], rows[(name, path)], strict=True))
            cpu = [1000 * (p.cpu_s - e.cpu_s) / c.cases for e, p in pairs]
            wall = [1000 * (p.wall_s - e.wall_s) / c.cases for e, p in pairs]
            print(f"{name}: {path} adds {measure.median(cpu):+.2f} ms CPU and "
                  f"{measure.median(wall):+.2f} ms wall per case over shadow run (per round, "
                  f"CPU: {', '.join(f'{x:+.2f}' for x in cpu)}; wall: "
                  f"{', '.join(f'{x:+.2f}' for x in wall)})")  # fmt: skip
    for (name, step), values in sorted(efficiency.items()):
        print(f"{name} {step}: efficiency {measure.median(values):.2f} "
              f"(per round: {', '.join(f'{v:.2f}' for v in values)})")  # fmt: skip
    print(f"load after: {measure.load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
