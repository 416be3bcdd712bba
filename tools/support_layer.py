"""Train the learned support layer, or ask whether it holds on writers it has not seen.

    python -m tools.support_layer train [--data tests/data] [--out harness/detectors/layer]
                                        [--sets-of harness/detectors/layer/support.json]
    python -m tools.support_layer evaluate --test heldout272 ... heldout287 [--lam 1]

Both put every support line of the labelled sets (``heldout*/support.jsonl``) to the lexical
detector of this tree and read each line's features as the shipped detector does
(``harness.detectors.support_layer``). ``train`` fits an L2-penalised softmax over the three labels
on all of them and writes ``support.npy`` (a weight per hashed column and label) and
``support.json`` (the intercepts, the penalty, and each set's sha256, so that a test can tell the
weights from stale ones). ``evaluate`` fits on the sets numbered below the first test set only
(the writers who came before) and compares, per test set and pooled, the lexical verdicts with the
layer's: lines right, and polarity pairs with both lines right.

The lexical verdict is a feature, so a change to the support rules changes what the layer reads:
retrain with it, and the retraining test (``tests/test_support_layer.py``) says when one is owed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import sys
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import minimize
from scipy.sparse import csr_matrix

if TYPE_CHECKING:
    from harness.calibrate.formats import LabelledEvidence, SupportLine

from tools.learned_layer import layer_parser, matrix, set_number, sets_of
from tools.learned_layer import set_files as completion_set_files

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
LAYER = ROOT / "harness" / "detectors" / "layer"


#: Every this many labelled lines, the claim is also put to the cited evidence of the line at the
#: same place in the writer's set before, labelled unsupported (see ``mismatched``).
MISMATCH_EVERY = 2


@dataclass(frozen=True)
class Judged:
    """One support line: its label, the lexical verdict, its pair and its features. A mismatched
    line (``evidence_of`` set) is a labelled claim put to another writer's evidence."""

    set: str
    id: str
    pair: str | None
    label: int  # index into SUPPORT_LABELS
    lexical: int
    features: tuple[str, ...]
    evidence_of: str | None = None


def set_files(data: Path, only: Collection[str] | None = None) -> list[Path]:
    """The labelled support files, or those of them ``only`` names (``heldoutN/support.jsonl``)."""
    return completion_set_files(data, only, "support.jsonl")


def collect(data: Path, only: Collection[str] | None = None) -> list[Judged]:
    """Every labelled support line judged, then the mismatched lines (``mismatched``)."""
    # Imported here so that this module's training code needs no detector to be tested.
    from harness.calibrate.formats import SupportLine, read_set

    sets: dict[str, list[SupportLine]] = {}
    for path in set_files(data, only):
        try:
            labelled = read_set(path)
        except ValueError:
            continue  # written before docs/labelled-sets.md: no calibrate format
        sets[path.parent.name] = [ln for ln in labelled.lines if isinstance(ln, SupportLine)]
    lexical = _Judge()
    rows = [lexical(name, ln.id, ln.pair, ln.claim, ln.evidence, ln.label)
            for name, lines in sets.items() for ln in lines]  # fmt: skip
    return rows + mismatched(sets, lexical)


def mismatched(sets: dict[str, list[SupportLine]], judge: _Judge) -> list[Judged]:
    """Claims put to evidence they do not speak of, labelled unsupported by definition.

    The labelled sets' unsupported lines are hard negatives, a claim beside evidence of nearly
    the same thing; none is a claim beside evidence of something else, the common case of a small
    model's output. Trained without these, the layer called 27 of 141 unsupported claims of real
    SmolLM2 text supported or contradicted, led by item words such as 'yet' and 'still'
    (real_smollm2 and real_smollm2d, development sets); with them, 5.
    """
    by_number = sorted(sets, key=set_number)
    out: list[Judged] = []
    for before, name in itertools.pairwise(by_number):
        others = sets[before]
        for i, ln in enumerate(sets[name][::MISMATCH_EVERY]):
            other = others[(i * MISMATCH_EVERY) % len(others)] if others else None
            if other is not None:
                row = judge(name, ln.id, None, ln.claim, other.evidence, "unsupported")
                out.append(dataclasses.replace(row, evidence_of=before))
    return out


class _Judge:
    """The lexical verdict and the layer's features of one claim and its evidence."""

    def __init__(self) -> None:
        from harness.detectors.lexical import LexicalDetector

        self.lexical = LexicalDetector()

    def __call__(self, name: str, id_: str, pair: str | None, claim: str,
                 evidence: list[LabelledEvidence], label: str) -> Judged:  # fmt: skip
        from harness.calibrate.formats import items
        from harness.detectors.base import SUPPORT_LABELS, SupportQuestion
        from harness.detectors.support_layer import support_features

        q = SupportQuestion(claim, items(evidence))
        verdict = self.lexical.support(q)
        labels: tuple[str, ...] = SUPPORT_LABELS
        return Judged(name, id_, pair, labels.index(label), labels.index(str(verdict.label)),
                      tuple(support_features(q, verdict)))  # fmt: skip


def fit(x: csr_matrix, y: NDArray[np.int64], lam: float, labels: int = 3) -> NDArray[np.float64]:
    """L2-penalised softmax regression: a (columns + 1, labels) array whose last row holds the
    intercepts, which are not penalised."""
    n, cols = x.shape
    onehot = np.zeros((n, labels))
    onehot[np.arange(n), y] = 1.0

    def loss_and_grad(flat: NDArray[np.float64]) -> tuple[float, NDArray[np.float64]]:
        w = flat.reshape(cols + 1, labels)
        z = x @ w[:-1] + w[-1]
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        loss = -float(np.sum(np.log(p[np.arange(n), y] + 1e-12)))
        loss += lam / 2 * float(np.sum(w[:-1] * w[:-1]))
        g = p - onehot
        grad = np.vstack([x.T @ g + lam * w[:-1], g.sum(axis=0)])
        return loss, grad.ravel()

    start = np.zeros((cols + 1) * labels)
    done = minimize(loss_and_grad, start, jac=True, method="L-BFGS-B", options={"maxiter": 500})
    weights: NDArray[np.float64] = done.x.reshape(cols + 1, labels)
    return weights


def predict(w: NDArray[np.float64], rows: Sequence[Judged]) -> NDArray[np.int64]:
    return np.asarray(np.argmax(matrix(rows) @ w[:-1] + w[-1], axis=1))


class Paired(Protocol):
    """A support line as the pair count reads it (``Judged``, or the encoder's lines)."""

    @property
    def set(self) -> str: ...
    @property
    def id(self) -> str: ...
    @property
    def pair(self) -> str | None: ...
    @property
    def label(self) -> int: ...


def pairs_right(rows: Sequence[Paired], verdicts: Sequence[int]) -> tuple[int, int]:
    """(polarity pairs with both lines right, pairs) among ``rows``."""
    # Keyed by set as well: ids repeat from one labeller's set to the next.
    right_of = {(r.set, r.id): v == r.label for r, v in zip(rows, verdicts, strict=True)}
    pairs = {frozenset({(r.set, r.id), (r.set, r.pair)})
             for r in rows if r.pair is not None and (r.set, r.pair) in right_of}  # fmt: skip
    return sum(all(right_of[i] for i in p) for p in pairs), len(pairs)


def _compare(name: str, rows: Sequence[Judged], layer: Sequence[int]) -> str:
    lexical = [r.lexical for r in rows]
    lex_right = sum(v == r.label for r, v in zip(rows, lexical, strict=True))
    layer_right = sum(v == r.label for r, v in zip(rows, layer, strict=True))
    (lex_pairs, pairs), (layer_pairs, _) = pairs_right(rows, lexical), pairs_right(rows, layer)
    return (f"{name}: {len(rows)} lines, right lexical {lex_right} | with the layer {layer_right}; "
            f"polarity pairs lexical {lex_pairs} | with the layer {layer_pairs} of {pairs}")  # fmt: skip


def evaluate(rows: Sequence[Judged], tests: Sequence[str], lam: float) -> str:
    first = min(set_number(t) for t in tests)
    seen = [r for r in rows if set_number(r.set) < first]  # mismatched lines of earlier sets too
    if not seen:
        raise SystemExit(f"no labelled set numbered below {first} to train on")
    w = fit(matrix(seen), np.array([r.label for r in seen]), lam)
    out = [f"trained on {len(seen)} lines of {len({r.set for r in seen})} sets (below {first})"]
    pooled: list[Judged] = []
    verdicts: list[int] = []
    for t in tests:
        held = [r for r in rows if r.set == t and r.evidence_of is None]
        if not held:
            raise SystemExit(f"{t}: no support lines in the labelled sets")
        layer = predict(w, held).tolist()
        pooled += held
        verdicts += layer
        out.append(_compare(t, held, layer))
    out.append(_compare("pooled", pooled, verdicts))
    return "\n".join(out)


def train(data: Path, out: Path, lam: float, only: Collection[str] | None = None) -> str:
    from harness.detectors.base import SUPPORT_LABELS

    rows = collect(data, only)
    labelled = [r for r in rows if r.evidence_of is None]
    w = fit(matrix(rows), np.array([r.label for r in rows]), lam)
    out.mkdir(parents=True, exist_ok=True)
    np.save(out / "support.npy", w[:-1].astype(np.float32))
    sets = {p.parent.name + "/" + p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in set_files(data, only)}  # fmt: skip
    manifest = {
        "labels": list(SUPPORT_LABELS),
        "intercepts": [float(v) for v in w[-1]],
        "lam": lam,
        "lines": len(labelled),
        "per_label": {
            name: sum(r.label == i for r in labelled) for i, name in enumerate(SUPPORT_LABELS)
        },
        "mismatched": len(rows) - len(labelled),
        "mismatch_every": MISMATCH_EVERY,
        "trained_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "sets": sets,
    }
    (out / "support.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return (f"trained on {len(labelled)} lines of {len(sets)} files and {len(rows) - len(labelled)} "
            f"mismatched -> {out}")  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    ap, _ = layer_parser("python -m tools.support_layer", __doc__, "support.json")
    args = ap.parse_args(argv)
    if args.command == "train":
        print(train(args.data, args.out, args.lam, sets_of(args)))
        return 0
    print(evaluate(collect(args.data), args.test, args.lam))
    return 0


if __name__ == "__main__":
    sys.exit(main())
