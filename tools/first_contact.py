"""Measure a fresh blind set once, the way docs/labelled-sets.md's protocol asks.

    python -m tools.first_contact /path/to/blindN heldoutN [--tree DIR]

Copies the set's ``*.jsonl``, ``README.md`` and ``FROZEN.txt`` into ``tests/data/heldoutN``,
checks every digest of ``FROZEN.txt`` before anything reads a line, then runs ``shadow calibrate
--detector lexical`` on each file (and ``--detector learned`` on completion and support, where the
tree has those layers, and ``--detector encoder`` on completion and support, where it has the
encoder's adapter for them)
with the harness of a ``git archive`` of HEAD (or ``--tree``),
so that what is measured is the committed detector, not a working tree. Writes the raw output,
paths made relative, to ``first-contact-output.txt`` and prints the figures a
``FIRST_CONTACT.md`` and the floors of ``tests/test_scorers_blind_sets.py`` need. Writing
``FIRST_CONTACT.md`` itself is left to the measurer: it says what the figures mean.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("completion", "support", "citations", "traces", "repeat")
#: The learned layers' weights by the file they judge; a tree older than a layer has none to measure.
LAYERS = {"completion": Path("harness/detectors/layer/completion.npy"),
          "support": Path("harness/detectors/layer/support.npy")}  # fmt: skip
#: The encoder detector's adapters by the file they judge (support's came in session 41).
ENCODERS = {"completion": Path("harness/detectors/layer/encoder.npz"),
            "support": Path("harness/detectors/layer/support_encoder.npz")}  # fmt: skip


class FrozenError(ValueError):
    """A file of the set is not the one its FROZEN.txt names."""


def check_frozen(folder: Path) -> list[str]:
    """The names FROZEN.txt lists, each checked against its sha256; raises on the first that
    differs or is missing, naming it."""
    frozen = folder / "FROZEN.txt"
    if not frozen.is_file():
        raise FrozenError(f"{frozen}: no FROZEN.txt, so the set was never frozen")
    names = []
    for number, line in enumerate(frozen.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        # sha256sum writes "digest  name", or "digest *name" in binary mode
        digest, name = line.split(maxsplit=1)
        name = name.removeprefix("*").strip()
        path = folder / name
        if not path.is_file():
            raise FrozenError(f"{frozen}:{number}: {name} is missing")
        if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            raise FrozenError(f"{frozen}:{number}: {name} differs from its digest")
        names.append(name)
    return names


def copy_set(source: Path, dest: Path) -> list[str]:
    """The set's files copied into ``dest`` (which must not exist yet) and checked there."""
    if dest.exists():
        raise FileExistsError(f"{dest} exists: a set is measured once")
    check_frozen(source)
    dest.mkdir(parents=True)
    for path in sorted(source.iterdir()):
        if path.suffix == ".jsonl" or path.name in ("README.md", "FROZEN.txt"):
            shutil.copy2(path, dest / path.name)
    return check_frozen(dest)


def archive_head(repo: Path, into: Path) -> Path:
    """A ``git archive`` of HEAD extracted into ``into``: the committed harness."""
    blob = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", "HEAD"],
                          check=True, capture_output=True).stdout  # fmt: skip
    tar_path = into / "head.tar"
    tar_path.write_bytes(blob)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into / "tree", filter="data")
    return into / "tree"


def calibrate(tree: Path, path: Path, detector: str = "lexical") -> str:
    """``shadow calibrate`` of one file with the harness in ``tree``, run from a neutral folder
    so that nothing of the working tree is imported."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    code = "import sys; from harness.cli import main; sys.exit(main())"
    with tempfile.TemporaryDirectory() as cwd:
        done = subprocess.run([sys.executable, "-c", code, "calibrate", "--detector", detector,
                               str(path)], capture_output=True, text=True, env=env, cwd=cwd)  # fmt: skip
    return done.stdout + done.stderr


def figures(output: str) -> list[str]:
    """The lines of calibrate's output a FIRST_CONTACT.md quotes."""
    wanted = re.compile(r"^(?:== |recall |precision |agreement |polarity pairs|boundary agreement|"
                        r"## |labelled )")  # fmt: skip
    return [line for line in output.splitlines() if wanted.match(line)]


def measure(set_dir: Path, tree: Path, root: Path = ROOT) -> str:
    """Every file's calibrate output, paths relative to ``root``."""
    parts = []
    for kind in KINDS:
        path = set_dir / f"{kind}.jsonl"
        if path.is_file():
            parts.append(f"== {set_dir.name}/{kind}.jsonl\n{calibrate(tree, path)}")
        if path.is_file() and kind in LAYERS and (tree / LAYERS[kind]).is_file():
            learned = calibrate(tree, path, "learned")
            parts.append(f"== {set_dir.name}/{kind}.jsonl (learned)\n{learned}")
        if path.is_file() and kind in ENCODERS and (tree / ENCODERS[kind]).is_file():
            encoder = calibrate(tree, path, "encoder")
            parts.append(f"== {set_dir.name}/{kind}.jsonl (encoder)\n{encoder}")
    return "".join(parts).replace(f"{root}/", "")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.first_contact", description=__doc__)
    ap.add_argument("source", type=Path, help="the blind labeller's folder")
    ap.add_argument("name", help="the folder under tests/data, e.g. heldout30")
    ap.add_argument("--tree", type=Path, help="measure this harness tree, not a git archive")
    ap.add_argument("--data", type=Path, default=ROOT / "tests" / "data")
    args = ap.parse_args(argv)
    dest = args.data / args.name
    try:
        copied = copy_set(args.source, dest)
    except (FrozenError, FileExistsError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        tree = args.tree or archive_head(ROOT, Path(tmp))
        output = measure(dest, tree)
    (dest / "first-contact-output.txt").write_text(output, encoding="utf-8")
    print(f"{len(copied)} frozen files copied to {dest}; raw output in first-contact-output.txt")
    print("\n".join(figures(output)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
