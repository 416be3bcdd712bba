"""Would a learned layer over the lexical detector's completion verdicts hold on the next writer?

    PYTHONPATH=<tree> python -m tools.learned_layer verdicts OUT.json [--data tests/data]
    python -m tools.learned_layer evaluate OUT.json --test heldout26 heldout27 [--lam 1] [--threshold 0.5]

``verdicts`` puts every completion line of the labelled sets (``heldout*/completion*.jsonl``) to the
lexical detector importable in this interpreter (point ``PYTHONPATH`` at a ``git archive`` of the
commit a set was first measured on, and its verdicts are that set's first contact) and writes them
with the lines. ``evaluate`` trains a logistic regression on the lines of every set numbered below
the first test set (the writers who came before) and compares, on each test set, the lexical
verdict alone with the verdict the layer gives: the question is whether what the lexical detector
got wrong on earlier writers predicts what it gets wrong on a new one.

The features are the lexical verdict, the sentence's words and word pairs (each also crossed with
the verdict, so a word can flip the verdict either way), the field, the receipts' states and the
first words of the detector's reason, hashed into a fixed number of columns.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import sys
import zlib
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import minimize
from scipy.sparse import csr_matrix

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
COLUMNS = 1 << 16


@dataclass(frozen=True)
class Judged:
    """One labelled completion line and what the lexical detector said of it."""

    set: str
    id: str
    sentence: str
    field: str
    states: tuple[str, ...]  # the receipts' statuses
    why: str
    label: bool  # invented, as labelled
    lexical: bool  # invented, as the detector judged


def set_number(name: str) -> int:
    """``heldout27`` -> 27; the first held-out set, ``heldout``, is 1."""
    digits = name.removeprefix("heldout")
    return int(digits) if digits else 1


def collect(data: Path) -> list[Judged]:
    # Imported here so that ``evaluate`` needs no detector, and ``verdicts`` uses whichever
    # harness PYTHONPATH points at.
    from harness.calibrate.formats import CompletionLine, read_set
    from harness.calibrate.judge_lines import judge_set
    from harness.detectors import make_detector

    detector = make_detector("lexical")
    judged: list[Judged] = []
    for path in sorted(data.glob("heldout*/completion*.jsonl")):
        try:
            labelled = read_set(path)
        except ValueError:
            continue  # written before docs/labelled-sets.md: no calibrate format
        outcomes, _ = judge_set(labelled, detector)
        lines = {ln.id: ln for ln in labelled.lines if isinstance(ln, CompletionLine)}
        for o in outcomes:
            ln = lines[o.id]
            judged.append(
                Judged(path.parent.name, o.id, ln.sentence, ln.field,
                       tuple(r.status for r in ln.receipts), o.why,
                       o.labelled == "True", o.predicted == "True")
            )  # fmt: skip
    return judged


def _words(text: str) -> list[str]:
    w = re.findall(r"[a-z']+|\d+", text.lower())
    return w + [f"{a}_{b}" for a, b in itertools.pairwise(w)]


def features(j: Judged) -> list[str]:
    verdict = int(j.lexical)
    out = [f"lex={verdict}", f"field={j.field}", "why=" + " ".join(j.why.split()[:3])]
    out += [f"state={s}" for s in sorted(set(j.states))]
    for w in _words(j.sentence):
        out += [f"w={w}", f"lex{verdict}w={w}"]
    return out


def matrix(rows: Sequence[Judged]) -> csr_matrix:
    # crc32, not hash(): str hashes change between processes, and a figure must repeat.
    cells = {(i, zlib.crc32(f.encode()) % COLUMNS) for i, r in enumerate(rows) for f in features(r)}
    ri, ci = zip(*sorted(cells), strict=True) if cells else ((), ())
    return csr_matrix((np.ones(len(ri)), (ri, ci)), shape=(len(rows), COLUMNS))


def train(x: csr_matrix, y: NDArray[np.float64], lam: float) -> NDArray[np.float64]:
    """L2-penalised logistic regression; the last weight is the intercept, not penalised."""

    def loss_and_grad(w: NDArray[np.float64]) -> tuple[float, NDArray[np.float64]]:
        p = 1.0 / (1.0 + np.exp(-(x @ w[:-1] + w[-1])))
        eps = 1e-12
        loss = -np.sum(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))
        loss += lam / 2 * float(w[:-1] @ w[:-1])
        grad = np.append(x.T @ (p - y) + lam * w[:-1], np.sum(p - y))
        return float(loss), grad

    start = np.zeros(x.shape[1] + 1)
    fit = minimize(loss_and_grad, start, jac=True, method="L-BFGS-B", options={"maxiter": 300})
    weights: NDArray[np.float64] = fit.x
    return weights


def predict(w: NDArray[np.float64], rows: Sequence[Judged], threshold: float) -> NDArray[np.bool_]:
    p = 1.0 / (1.0 + np.exp(-(matrix(rows) @ w[:-1] + w[-1])))
    return np.asarray(p > threshold)


def recall_precision(pred: NDArray[np.bool_], label: NDArray[np.bool_]) -> tuple[float, float]:
    tp = int(np.sum(pred & label))
    return tp / max(1, int(label.sum())), tp / max(1, int(pred.sum()))


def evaluate(rows: Sequence[Judged], tests: Sequence[str], lam: float, threshold: float) -> str:
    first = min(set_number(t) for t in tests)
    seen = [r for r in rows if set_number(r.set) < first]
    if not seen:
        raise SystemExit(f"no labelled set numbered below {first} to train on")
    w = train(matrix(seen), np.array([r.label for r in seen], dtype=float), lam)
    out = [f"trained on {len(seen)} lines of {len({r.set for r in seen})} sets (below {first})"]
    for t in tests:
        held = [r for r in rows if r.set == t]
        if not held:
            raise SystemExit(f"{t}: no completion lines in the verdict file")
        label = np.array([r.label for r in held])
        lex = recall_precision(np.array([r.lexical for r in held]), label)
        learned = recall_precision(predict(w, held, threshold), label)
        out.append(f"{t}: lexical recall {lex[0]:.3f} precision {lex[1]:.3f} | "
                   f"with the layer recall {learned[0]:.3f} precision {learned[1]:.3f}")  # fmt: skip
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.learned_layer", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    v = sub.add_parser("verdicts", help="judge every labelled completion line, write them")
    v.add_argument("out", type=Path)
    v.add_argument("--data", type=Path, default=DATA)
    e = sub.add_parser("evaluate", help="train on earlier sets, compare on the test sets")
    e.add_argument("verdicts", type=Path)
    e.add_argument("--test", nargs="+", required=True)
    e.add_argument("--lam", type=float, default=1.0)
    e.add_argument("--threshold", type=float, default=0.5)
    args = ap.parse_args(argv)
    if args.command == "verdicts":
        rows = collect(args.data)
        args.out.write_text(json.dumps([asdict(r) for r in rows]) + "\n", encoding="utf-8")
        print(f"{len(rows)} lines judged -> {args.out}")
        return 0
    raw: list[dict[str, Any]] = json.loads(args.verdicts.read_text(encoding="utf-8"))
    rows = [Judged(**{**r, "states": tuple(r["states"])}) for r in raw]
    print(evaluate(rows, args.test, args.lam, args.threshold))
    return 0


if __name__ == "__main__":
    sys.exit(main())
