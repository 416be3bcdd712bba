"""Same output before and after: a careful reference run made by two harness trees, compared.

    git archive <commit> | tar -x -C /tmp/base
    .venv/bin/python benchmarks/same_output.py --base /tmp/base            # the shipped corpus
    .venv/bin/python benchmarks/same_output.py --base /tmp/base --cases 4320   # a copied corpus

Each tree runs ``shadow run --runner recorded --model reference-careful`` (replay, all scorers, the
report) on this venv, in the tree's own folder (so that it imports that tree's harness, checked
before the run), into a folder of its own. Every file of the two run directories is then
compared byte for byte, after masking what differs between any two runs by nature:

- the run id (random; it is in every result line, run.json, the report and the case pages);
- ``started_at`` of each result line, run.json's and summary.json's ``started_at``/``ended_at`` and
  ``scoring.scored_at`` (and the report's rows that print them): clock readings;
- the fourth column of ``traces/*.index`` (the time each trace was written, in ns);
- ``git_revision``: both runs are made with ``GIT_DIR`` pointing nowhere, so it is null in both.

The replay runs cases on threads, so the order of result lines and of traces differs from run to
run: result lines are compared sorted, traces by archive id (each record as the index places it).
``scores.jsonl`` has none of these and is compared unmasked. Exit 1 when anything differs.

``--pytest`` makes each run with the pytest path instead (``pytest suite.yaml``, suite.py's suite
with its gate, ``-q --tb=line``, in a folder of its own) and also compares what pytest printed,
its durations masked.

With ``--cases N`` both trees run in one corpus folder of N cases (``corpus.py``: the shipped
packages and recorded outputs copied under new ids), where the recorded outputs are found; that
folder holds no harness, so ``PYTHONPATH`` picks the tree (checked the same way). With
``--pytest`` too, each tree's pytest session reads that corpus's recordings.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import corpus
from suite_file import suite_yaml

ROOT = Path(__file__).resolve().parent.parent
#: Clock readings as the run directory and its report write them.
_ISO = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z")
_TIME_KEYS = re.compile(rb'"(started_at|ended_at|scored_at)": ?"[^"]*"')


def _env(tree: Path) -> dict[str, str]:
    # No bytecode written: a run must not leave caches in the trees or the venv (pytest's
    # rewritten plugin modules too) that later timings would then not pay.
    return {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "GIT_DIR": "/nonexistent",
            "PYTHONDONTWRITEBYTECODE": "1"}  # fmt: skip


def run(tree: Path, out: Path, recordings: Path, cwd: Path | None = None) -> str:
    # Run in the tree itself: ``python -m`` puts the working directory ahead of PYTHONPATH, so
    # run from this checkout both "trees" would import this checkout's harness (as this script
    # did until 2026-12-02: every comparison before then was this checkout against itself).
    # No git repository for either: run.json's git_revision is the tree's commit, which differs
    # by nature (and a tree from ``git archive`` has none).
    # A corpus folder (``--cases``) holds no harness: there PYTHONPATH picks the tree.
    cwd = cwd or tree
    env = _env(tree)
    where = subprocess.run([sys.executable, "-c", "import harness; print(harness.__file__)"],
                           cwd=cwd, env=env, check=True, capture_output=True, text=True)  # fmt: skip
    if not Path(where.stdout.strip()).resolve().is_relative_to(tree):
        raise SystemExit(f"{tree}: the run would import {where.stdout.strip()}, not this tree")
    argv = [sys.executable, "-m", "harness.cli", "run", "--runner", "recorded",
            "--model", "reference-careful", "--recordings", str(recordings),
            "--out", str(out), "--no-progress"]  # fmt: skip
    subprocess.run(argv, cwd=cwd, env=env, check=True, capture_output=True)
    first = (out / "results.jsonl").open("rb").readline()
    return str(json.loads(first)["run_id"])


#: What differs between any two sessions: the session's duration, and a failing case's latency
#: and run id.
_DURATION = re.compile(rb" in \d+\.\d+s( \(\d+:\d+:\d+\))?")
_LATENCY = re.compile(rb", \d+\.\d+s, run ")


def run_pytest(tree: Path, out: Path, recordings: Path) -> str:
    """The pytest path in a folder of its own (so that ``python -m`` imports ``tree``'s harness
    from PYTHONPATH); what pytest printed is kept beside ``out`` as ``stdout.txt``."""
    where = out.parent / f"{out.name}-session"
    where.mkdir(parents=True)
    # The recorded runner reads ``recordings/outputs`` where the session runs.
    (where / "recordings").symlink_to(recordings.parent)
    suite = suite_yaml(
        f"recordings/{recordings.name}/**/*.jsonl", "recorded:reference-careful", gate=True
    )
    (where / "suite.yaml").write_text(suite, encoding="utf-8")
    env = _env(tree)
    plugin = subprocess.run([sys.executable, "-c", "import harness.pytest_plugin as p; print(p.__file__)"],
                            cwd=where, env=env, check=True, capture_output=True, text=True)  # fmt: skip
    if not Path(plugin.stdout.strip()).resolve().is_relative_to(tree):
        raise SystemExit(
            f"{tree}: pytest would load {plugin.stdout.strip()}, not this tree's plugin"
        )
    argv = [sys.executable, "-m", "pytest", "suite.yaml", "--shadow-out", "run", "-q",
            "-p", "no:cacheprovider", "--tb=line", "--rootdir", str(where)]  # fmt: skip
    done = subprocess.run(argv, cwd=where, env=env, capture_output=True)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{tree}: pytest failed ({done.returncode}):\n{done.stdout[-3000:]!r}")
    (where / "run").rename(out)
    first = (out / "results.jsonl").open("rb").readline()
    run_id = str(json.loads(first)["run_id"])
    printed = _LATENCY.sub(b", <time>, run ", _DURATION.sub(b" in <time>", done.stdout))
    (where / "stdout.txt").write_bytes(printed.replace(run_id.encode(), b"<run>"))
    return run_id


def _traces(path: Path) -> bytes:
    """A traces file as (archive id, record) pairs sorted by id, placed by its index."""
    data = path.read_bytes()
    records = []
    for line in path.with_suffix(".index").read_bytes().splitlines():
        archive_id, offset, length, _time_ns = line.split(b"\t")
        records.append(archive_id + b"\t" + data[int(offset) : int(offset) + int(length)])
    return b"\n".join(sorted(records))


def masked(path: Path, run_id: str) -> bytes:
    if path.suffix == ".traces":
        return _traces(path)
    data = path.read_bytes().replace(run_id.encode(), b"<run>")
    if path.name == "scores.jsonl":
        return data
    if path.suffix == ".index":
        return b"\n".join(sorted(line.rsplit(b"\t", 3)[0] for line in data.splitlines()))
    if path.name == "results.jsonl":
        return b"\n".join(sorted(_TIME_KEYS.sub(rb'"\1":"<time>"', data).splitlines()))
    if path.suffix == ".json":
        return _TIME_KEYS.sub(rb'"\1": "<time>"', data)
    if path.suffix in {".md", ".html"}:
        return _ISO.sub(b"<time>", data)
    return data


def compare(a: Path, a_id: str, b: Path, b_id: str) -> list[str]:
    files_a = {p.relative_to(a) for p in a.rglob("*") if p.is_file()}
    files_b = {p.relative_to(b) for p in b.rglob("*") if p.is_file()}
    problems = [f"only in base: {p}" for p in sorted(files_a - files_b)]
    problems += [f"only in head: {p}" for p in sorted(files_b - files_a)]
    for rel in sorted(files_a & files_b):
        if masked(a / rel, a_id) != masked(b / rel, b_id):
            problems.append(f"differs: {rel}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="the other harness tree")
    parser.add_argument("--head", type=Path, default=ROOT, help="default: this checkout")
    parser.add_argument("--recordings", type=Path, default=ROOT / "recordings" / "sophobot")
    parser.add_argument("--keep", type=Path, help="write the two run directories here")
    parser.add_argument("--pytest", action="store_true", help="the pytest path, not shadow run")
    parser.add_argument("--cases", type=int, help="a corpus of this many cases (corpus.py)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="shadow-same-") as tmp:
        where = args.keep or Path(tmp)
        base, head = where / "base", where / "head"
        recordings, cwd = args.recordings.resolve(), None
        if args.cases:  # run in the corpus folder, where its recorded outputs are found
            built = corpus.build(Path(tmp) / "corpus", args.cases)
            recordings, cwd = built.recordings, built.root
        if args.pytest:  # its own session folder, linked to ``recordings``' parent
            base_id = run_pytest(args.base.resolve(), base, recordings)
            head_id = run_pytest(args.head.resolve(), head, recordings)
        else:
            base_id = run(args.base.resolve(), base, recordings, cwd)
            head_id = run(args.head.resolve(), head, recordings, cwd)
        problems = compare(base, base_id, head, head_id)
        if args.pytest:
            printed = [
                (where / f"{n}-session" / "stdout.txt").read_bytes() for n in ("base", "head")
            ]
            if printed[0] != printed[1]:
                problems.append("pytest printed something else (stdout.txt beside the runs)")
        cases = sum(1 for _ in (head / "results.jsonl").open("rb"))
    for problem in problems:
        print(problem)
    files = "every file (run ids and clock readings masked)"
    print(f"{cases} cases: " + (f"{len(problems)} difference(s)" if problems else f"same: {files}"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
