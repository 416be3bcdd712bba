"""The benchmark suite behind ``benchmarks/README.md``: every figure, measured as a user runs it.

    nox -s bench                                   # the default sizes (what README.md quotes)
    .venv/bin/python benchmarks/suite.py --sizes 864 --inspect-sizes 2000 --repeat 1   # quick
    .venv/bin/python benchmarks/suite.py --only e2e split --sizes 100000 --repeat 1

Sections (``--only``):
  e2e      ``shadow run --runner recorded`` with all scorers and the report, per corpus size
  split    the same as three processes: ``shadow run --no-report``, ``shadow score``, ``shadow report``
  inspect  inspect_ai's trivial task (mockllm, match), interleaved round by round with e2e
  pytest   ``pytest suite.yaml --tb=line`` over the same corpus, against e2e at the same size
  jobs     a ``command`` runner that sleeps 200 ms, 100 cases, at --jobs 4 and 20: efficiency
  sandbox  CPU per case of the sandboxed ``command`` runner (a shell answering at once)
  detectors  ``shadow calibrate`` of one labelled completion set by each detector: ms per line

Every step is its own process, measured with wait4 (wall, CPU, peak RSS: ``measure.py``). Corpora
are the shipped packages and recorded outputs copied under new ids (``corpus.py``) in a temporary
folder. Times on a shared machine are noisy: systems compared are run interleaved, each figure is
the median of ``--repeat`` rounds, ratios are quoted, and the load is printed with every table.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

# Run as a script, so its own folder is on sys.path.
import corpus
import measure
from suite_file import suite_yaml

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SHADOW = str(BIN / "shadow")
PYTEST = str(BIN / "pytest")
SECTIONS = ("e2e", "split", "inspect", "pytest", "jobs", "sandbox", "detectors")
#: The labelled sets of the detector figures, and the detectors they compare (rotated each round):
#: completions by all three, claim support by the two with a support layer of their own.
DETECTOR_SET = ROOT / "tests" / "data" / "heldout375" / "completion.jsonl"
DETECTOR_SUPPORT_SET = ROOT / "tests" / "data" / "heldout375" / "support.jsonl"
DETECTORS = ("lexical", "learned", "encoder")


def model_suite(model: str) -> str:
    """The suite of the pytest figure: the shipped recordings replayed as ``model``'s outputs."""
    return suite_yaml("recordings/sophobot/*.jsonl", f"recorded:{model}")


#: The sleeping program of the concurrency figure: reads its invocation, sleeps, answers.
SLEEP_S = 0.2
ENVELOPE = '{"status":"completed","summary":"ok","result":{"status":"ambiguous","facts":[]}}'


def sleeper(seconds: float) -> list[str]:
    return ["/bin/sh", "-c", f"cat >/dev/null; sleep {seconds}; echo '{ENVELOPE}'"]


@dataclass
class Figures:
    rows: dict[str, list[measure.Measured]] = field(default_factory=lambda: defaultdict(list))
    cases: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def add(self, key: str, result: measure.Measured, cases: int) -> None:
        self.rows[key].append(result)
        self.cases[key] = cases
        # As it is measured, so that a run cut short still leaves its figures.
        print(f"measured {key}: {cases} cases, wall {result.wall_s:.2f} s, cpu {result.cpu_s:.2f} s, "
              f"peak {result.peak_mb:,.0f} MB (tree PSS {_mb(result.tree_peak_mb)}), "
              f"load {measure.load()}", file=sys.stderr, flush=True)  # fmt: skip

    def wall(self, key: str) -> float:
        return measure.median([m.wall_s for m in self.rows[key]])

    def cpu(self, key: str) -> float:
        return measure.median([m.cpu_s for m in self.rows[key]])

    def peak(self, key: str) -> float:
        return max(m.peak_mb for m in self.rows[key])

    def tree_peak(self, key: str) -> float | None:
        """The largest PSS sum of the process tree (worker processes included), if sampled."""
        sampled = [m.tree_peak_mb for m in self.rows[key] if m.tree_peak_mb is not None]
        return max(sampled) if sampled else None

    def per_case_ms(self, key: str) -> float:
        return 1000 * self.wall(key) / self.cases[key]


def _shadow_run(root: Path, out: str, *extra: str) -> list[str]:
    return [SHADOW, "run", "--runner", "recorded", "--model", corpus.MODEL,
            "--recordings", "recordings/sophobot", "--out", out, "--no-progress", *extra]  # fmt: skip


def _fresh(root: Path, name: str) -> str:
    shutil.rmtree(root / name, ignore_errors=True)
    return name


def e2e(fig: Figures, c: corpus.Corpus) -> None:
    out = _fresh(c.root, "run-e2e")
    fig.add(f"e2e {c.cases}", measure.run(_shadow_run(c.root, out), c.root), c.cases)
    shutil.rmtree(c.root / out, ignore_errors=True)


def split(fig: Figures, c: corpus.Corpus) -> None:
    out = _fresh(c.root, "run-split")
    fig.add(
        f"replay {c.cases}", measure.run(_shadow_run(c.root, out, "--no-report"), c.root), c.cases
    )
    fig.add(f"score {c.cases}", measure.run([SHADOW, "score", out], c.root), c.cases)
    fig.add(f"report {c.cases}", measure.run([SHADOW, "report", out], c.root), c.cases)
    shutil.rmtree(c.root / out, ignore_errors=True)


def inspect(fig: Figures, python: Path, work: Path, samples: int) -> None:
    logs = work / f"inspect-logs-{samples}"
    shutil.rmtree(logs, ignore_errors=True)
    argv = [str(python), str(ROOT / "benchmarks" / "inspect_task.py"), str(samples), str(logs)]
    # Offline: no telemetry, no update checks; mockllm never leaves the process.
    env = {"INSPECT_DISPLAY": "none", "INSPECT_LOG_LEVEL": "warning", "NO_PROXY": "*"}
    fig.add(f"inspect {samples}", measure.run(argv, work, env=env), samples)
    shutil.rmtree(logs, ignore_errors=True)


def pytest_path(fig: Figures, c: corpus.Corpus) -> None:
    suite = c.root / "bench_suite.yaml"
    suite.write_text(model_suite(c.model), encoding="utf-8")
    out = _fresh(c.root, "run-pytest")
    # --tb=line as ab.py and the README's advice for large suites: pytest's default failure
    # summary scans every report per failing item (pytest-dev/pytest#13360), which would time
    # pytest's summary of the suite's ~1,100 failing cases, not the harness.
    argv = [PYTEST, suite.name, "--shadow-out", out, "-q", "-p", "no:cacheprovider",
            "--tb=line", "--rootdir", str(c.root)]  # fmt: skip
    # pytest exits 1 when a case misses an expectation: a finding, not a broken benchmark.
    fig.add(f"pytest {c.cases}", measure.run(argv, c.root, ok=(0, 1)), c.cases)
    meta = json.loads((c.root / out / "run.json").read_text(encoding="utf-8"))
    if meta["counts"].get("completed") != c.cases:
        raise SystemExit(f"pytest path: {meta['counts']} does not hold the {c.cases} cases")
    shutil.rmtree(c.root / out, ignore_errors=True)


def replay_seconds(run_dir: Path) -> float:
    from datetime import datetime

    meta = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
    start, end = (datetime.fromisoformat(meta[k]) for k in ("started_at", "ended_at"))
    return (end - start).total_seconds()


def jobs(fig: Figures, c: corpus.Corpus, cases: int) -> None:
    for n in (4, 20):
        out = _fresh(c.root, f"run-jobs-{n}")
        argv = [SHADOW, "run", "--runner", "command", "--recordings", "recordings/sophobot",
                "--out", out, "--no-progress", "--no-report", "--limit", str(cases),
                "--jobs", str(n), "--", *sleeper(SLEEP_S)]  # fmt: skip
        result = measure.run(argv, c.root)
        fig.add(f"jobs {n}", result, cases)
        fig.rows[f"jobs {n} replay"].append(
            measure.Measured((), replay_seconds(c.root / out), 0, 0, 0, "", "")
        )
        counts = json.loads((c.root / out / "run.json").read_text())["counts"]
        if counts.get("completed") != cases:
            raise SystemExit(f"jobs {n}: {counts} (the sleeping command did not complete)")
        shutil.rmtree(c.root / out, ignore_errors=True)


def sandbox(fig: Figures, c: corpus.Corpus) -> None:
    """Marginal CPU per case: (CPU at 120 cases - CPU at 20) / 100, so start-up cancels out."""
    for cases in (20, 120):
        out = _fresh(c.root, f"run-sandbox-{cases}")
        argv = [SHADOW, "run", "--runner", "command", "--recordings", "recordings/sophobot",
                "--out", out, "--no-progress", "--no-report", "--limit", str(cases),
                "--jobs", "2", "--", *sleeper(0)]  # fmt: skip
        fig.add(f"sandbox {cases}", measure.run(argv, c.root), cases)
        shutil.rmtree(c.root / out, ignore_errors=True)
    # The same shell started bare, for what a process costs without the sandbox.
    bare = [sys.executable, "-c",
            "import subprocess, sys\nfor _ in range(int(sys.argv[1])):\n"
            "    subprocess.run(sys.argv[2:], input=b'{}', capture_output=True, check=True)"]  # fmt: skip
    for cases in (20, 120):
        fig.add(f"bare {cases}", measure.run([*bare, str(cases), *sleeper(0)], c.root), cases)


def detectors(fig: Figures, round_: int) -> None:
    shift = round_ % len(DETECTORS)
    runs = [(f"detector {name}", name, DETECTOR_SET) for name in DETECTORS]
    runs += [(f"detector support {name}", name, DETECTOR_SUPPORT_SET) for name in DETECTORS[1:]]
    for row, name, labelled in runs[shift:] + runs[:shift]:
        lines = sum(1 for ln in labelled.read_text(encoding="utf-8").splitlines() if ln.strip())
        result = measure.run([SHADOW, "calibrate", "--detector", name, str(labelled)], ROOT)
        if result.returncode != 0:  # the encoder's model not installed: no figure, said why
            fig.notes.append(f"{row}: calibrate exited {result.returncode}: "
                             f"{(result.stderr or result.stdout).strip().splitlines()[-1][:200]}")  # fmt: skip
            continue
        fig.add(row, result, lines)


# -- the table ------------------------------------------------------------------------------


def _mb(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} MB"


def table(fig: Figures, args: argparse.Namespace) -> str:
    lines = [f"load average before/after: {args.load_before} / {measure.load()}; "
             f"medians of {args.repeat} interleaved round(s)", "",
             "| figure | cases | runs | wall s (median) | ms/case | peak RSS (max) | tree PSS (max) | CPU s |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]  # fmt: skip
    for key in fig.rows:
        if key.endswith(" replay") or not fig.rows[key][0].argv:
            continue
        lines.append(
            f"| {key} | {fig.cases[key]:,} | {len(fig.rows[key])} | {fig.wall(key):.2f} | {fig.per_case_ms(key):.3f} | "
            f"{_mb(fig.peak(key))} | {_mb(fig.tree_peak(key))} | {fig.cpu(key):.2f} |"
        )
    lines.append("")
    e2e_keys = sorted((k for k in fig.rows if k.startswith("e2e ")), key=lambda k: fig.cases[k])
    inspect_keys = sorted(
        (k for k in fig.rows if k.startswith("inspect ")), key=lambda k: fig.cases[k]
    )
    if e2e_keys and inspect_keys:
        ours, theirs = e2e_keys[-1], inspect_keys[-1]
        ratio = fig.per_case_ms(theirs) / fig.per_case_ms(ours)
        lines.append(
            f"- inspect_ai per sample ({theirs}) / shadow per case ({ours}): **{ratio:.1f}x**"
        )
        if len(e2e_keys) > 1:
            a, b = e2e_keys[-2], e2e_keys[-1]
            marginal = 1000 * (fig.wall(b) - fig.wall(a)) / (fig.cases[b] - fig.cases[a])
            lines.append(f"- shadow marginal ms/case ({a} -> {b}): {marginal:.3f}")
        if len(inspect_keys) > 1:
            a, b = inspect_keys[-2], inspect_keys[-1]
            marginal = 1000 * (fig.wall(b) - fig.wall(a)) / (fig.cases[b] - fig.cases[a])
            lines.append(f"- inspect_ai marginal ms/sample ({a} -> {b}): {marginal:.3f}")
    for size in sorted({fig.cases[k] for k in fig.rows if k.startswith("pytest ")}):
        if f"e2e {size}" in fig.rows:
            diff = fig.per_case_ms(f"pytest {size}") - fig.per_case_ms(f"e2e {size}")
            lines.append(f"- pytest path minus shadow run at {size:,}: {diff:+.3f} ms/case")
    for n in (4, 20):
        key = f"jobs {n}"
        if key in fig.rows:
            ideal = math.ceil(fig.cases[key] / n) * SLEEP_S
            replay = measure.median([m.wall_s for m in fig.rows[f"{key} replay"]])
            lines.append(
                f"- --jobs {n}, {fig.cases[key]} cases sleeping {SLEEP_S:g} s: replay {replay:.2f} s "
                f"against an ideal {ideal:.2f} s, efficiency **{ideal / replay:.2f}** "
                f"(whole process {fig.wall(key):.2f} s)"
            )
    if "sandbox 120" in fig.rows:
        cpu = 1000 * (fig.cpu("sandbox 120") - fig.cpu("sandbox 20")) / 100
        bare = 1000 * (fig.cpu("bare 120") - fig.cpu("bare 20")) / 100
        lines.append(f"- sandboxed command runner: **{cpu:.1f} ms CPU per case** (marginal, 20 -> 120 "
                     f"cases); the same shell started bare: {bare:.1f} ms")  # fmt: skip
    if "detector encoder" in fig.rows and "detector learned" in fig.rows:
        extra = fig.per_case_ms("detector encoder") - fig.per_case_ms("detector learned")
        lines.append(f"- encoder detector: **{extra:.1f} ms per completion line** over the learned "
                     f"detector's (wall, medians, model load included), "
                     f"{fig.peak('detector encoder') - fig.peak('detector learned'):+,.0f} MB peak")  # fmt: skip
    if "detector support encoder" in fig.rows and "detector support learned" in fig.rows:
        extra = (fig.per_case_ms("detector support encoder")
                 - fig.per_case_ms("detector support learned"))  # fmt: skip
        grown = fig.peak("detector support encoder") - fig.peak("detector support learned")
        lines.append(f"- encoder detector: **{extra:.1f} ms per claim** over the support layer's "
                     f"(wall, medians, model load included), {grown:+,.0f} MB peak")  # fmt: skip
    lines.extend(f"- {note}" for note in fig.notes)
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--only", nargs="+", choices=SECTIONS, default=list(SECTIONS))
    parser.add_argument("--sizes", nargs="+", type=int, default=[864, 8640, 43200, 100000])
    parser.add_argument("--split-sizes", nargs="+", type=int, default=None,
                        help="sizes of the split figure (default: --sizes)")  # fmt: skip
    parser.add_argument("--pytest-sizes", nargs="+", type=int, default=[864, 8640])
    parser.add_argument("--inspect-sizes", nargs="+", type=int, default=[2000, 20000])
    parser.add_argument(
        "--inspect-python", type=Path, default=ROOT / ".nox" / "inspect-ai" / "bin" / "python"
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--once-above", type=int, default=10000, metavar="N",
                        help="sizes above N run in the first round only (they take minutes)")  # fmt: skip
    parser.add_argument("--out", type=Path, help="also write the table to this file")
    args = parser.parse_args(argv)
    args.load_before = measure.load()
    only = set(args.only)
    if "inspect" in only and not args.inspect_python.exists():
        raise SystemExit(f"{args.inspect_python}: no inspect_ai venv (nox -s bench makes it)")
    fig = Figures()
    with tempfile.TemporaryDirectory(prefix="shadow-bench-") as tmp:
        work = Path(tmp)
        corpora: dict[int, corpus.Corpus] = {}

        def get(cases: int) -> corpus.Corpus:
            if cases not in corpora:
                corpora[cases] = corpus.build(work / f"corpus-{cases}", cases)
            return corpora[cases]

        split_sizes = args.split_sizes or args.sizes
        round_ = 0

        def wanted(sizes: Sequence[int], section: str) -> list[int]:
            if section not in only:
                return []
            return [n for n in sizes if round_ == 0 or n <= args.once_above]

        for round_ in range(args.repeat):
            # Alternate which system goes first, so neither always gets the quieter moment.
            order = ["ours", "inspect"] if round_ % 2 == 0 else ["inspect", "ours"]
            for side in order:
                if side == "ours":
                    for size in wanted(args.sizes, "e2e"):
                        e2e(fig, get(size))
                    for size in wanted(split_sizes, "split"):
                        split(fig, get(size))
                    for size in wanted(args.pytest_sizes, "pytest"):
                        pytest_path(fig, get(size))
                else:
                    for samples in wanted(args.inspect_sizes, "inspect"):
                        inspect(fig, args.inspect_python, work, samples)
            if "jobs" in only:
                jobs(fig, get(120), 100)
            if "sandbox" in only:
                sandbox(fig, get(120))
            if "detectors" in only:
                detectors(fig, round_)
            print(f"round {round_ + 1}/{args.repeat} done, load {measure.load()}", file=sys.stderr)
    text = table(fig, args)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
