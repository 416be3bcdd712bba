"""Fine-tune the sentence encoder as a judge of claim support, and measure it beside the layer.

Polarity pairs (the same claim affirmed and negated against one receipt) are the bar no detector
meets: the learned support layer judged 2,818 of 3,200 pairs of sets 304-383 right (0.881, README),
the bar is 0.95. The layer reads hashed words and the rules' verdict; a claim's negation and the
receipt's state are a relation between two texts, which a cross-encoder reads whole. This trains
all-MiniLM-L6-v2 with a rank-R adapter (``tools/encoder_training.py``, three outputs: supported,
contradicted, unsupported) on pairs of texts: the claim, and its cited items as the host recorded
them (``harness.detectors.encoder.support_pair_texts``). As with the completion judge, torch runs
from a venv of its own (``tools/encoder_experiment.py`` says how to make it):

    /tmp/encvenv/bin/python -m tools.support_encoder train --below 376 --lora 8 --out /tmp/senc
    /tmp/encvenv/bin/python -m tools.support_encoder evaluate --model /tmp/senc --sets 376-383

``train`` draws distinct lines of the labelled sets numbered below ``--below``, and puts every
``--mismatch``-th claim to the evidence of the line at the same place in the set before, labelled
unsupported (a claim beside evidence of something else: the common case of a small model's output,
which the labelled sets' hard negatives never are; the layer learned the same way,
``tools.support_layer.mismatched``). ``evaluate`` puts the lines of ``--sets`` to three judges: the
support layer fitted on the sets below the first of them (as the layer was when they were fresh),
the encoder alone (A) and the mean of the two judges' probabilities (B); it prints lines right and
polarity pairs right per set and pooled, and the sets on which the pair bar (0.95) was met.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import random
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from tools.encoder_experiment import LONG, distinct_sample, parse_range
from tools.learned_layer import matrix, set_number
from tools.support_layer import DATA, fit, pairs_right, set_files

#: The layer's penalty as shipped (``harness/detectors/layer/support.json``).
LAM = 1.0
#: The pair bar of issue 12's acceptance.
PAIR_BAR = 0.95


@dataclass(frozen=True)
class SupportPair:
    """One support line as the encoder reads it: the claim, the evidence as text, the label."""

    set: str
    id: str
    pair: str | None
    label: int  # index into SUPPORT_LABELS
    sentence: str  # the claim
    receipts: str  # the cited items


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")  # fmt: skip
#: A number of two digits or more, not a clock time's (``06:50``) nor an amount's (``€120``):
#: another time or amount of the same act is a wrong detail, which a reader may call contradicted.
_DIGITS = re.compile(r"(?<![\d:.,€$£])\d{2,}(?![\d:%])")


def near_miss(claim: str, targets: Sequence[str], evidence: str, names: Sequence[str],
              rng: random.Random) -> str | None:  # fmt: skip
    """The claim made to speak of another object than its evidence, by one small change: a
    number it shares with the evidence moved by one (``dial-0412`` of ``0413``), a month it shares
    with the evidence made the next, or the evidence's target named by another target's name
    (``names``). ``None`` when the claim shares none of these with its evidence.

    Of the 56 support lines the mean of the layer and the encoder got wrong on sets 376-383
    (development sets), 32 were unsupported claims judged supported or contradicted, most of them
    about another object than their evidence's by such a detail (August logs against July's,
    batch 2232 against 2231, the treasurer against the harbourmaster); the labelled sets hold
    few such lines to learn from.
    """
    lowered, said = claim.lower(), evidence.lower()
    changes: list[tuple[str, str]] = []
    for run in {m.group() for m in _DIGITS.finditer(claim)}:
        if run in said:
            moved = run[:-1] + str((int(run[-1]) + 1) % 10)
            if moved not in said:
                changes.append((run, moved))
    for i, month in enumerate(_MONTHS):
        if re.search(rf"\b{month}\b", lowered) and month in said:
            changes.append((month, _MONTHS[(i + 1) % 12]))
    for target in targets:
        for word in target.split("-"):
            if len(word) > 3 and word.isalpha() and re.search(rf"\b{word}\b", lowered):
                other = rng.choice(names)
                if other != word and other not in said:
                    changes.append((word, other))
    if not changes:
        return None
    old, new = rng.choice(changes)
    # A number is found inside an id (``Q12``), a word alone; a name keeps the claim's capital.
    where = rf"(?<!\d){old}(?!\d)" if old.isdigit() else rf"\b{re.escape(old)}\b"
    moved = re.sub(where, lambda m: new.capitalize() if m.group()[0].isupper() else new,
                   claim, count=1, flags=re.I)  # fmt: skip
    return moved if moved != claim else None


def collect(first: int, last: int, mismatch: int = 0, near: float = 0.0) -> list[SupportPair]:
    """The support lines of the labelled sets numbered ``first``..``last``, then, with ``mismatch``
    N, every N-th claim of a set put to the evidence at its place in the set before, and with
    ``near`` a share, near misses of that share of the supported and contradicted claims
    (``near_miss``), each labelled unsupported."""
    from harness.calibrate.formats import SupportLine, items, read_set
    from harness.detectors.base import SUPPORT_LABELS, SupportQuestion
    from harness.detectors.encoder import support_pair_texts

    sets: dict[str, list[SupportLine]] = {}
    for path in set_files(DATA):
        if not first <= set_number(path.parent.name) <= last:
            continue
        try:
            labelled = read_set(path).lines
        except ValueError:
            continue  # written before docs/labelled-sets.md: no calibrate format
        sets[path.parent.name] = [ln for ln in labelled if isinstance(ln, SupportLine)]
    labels: tuple[str, ...] = SUPPORT_LABELS

    def pair_of(name: str, ln: SupportLine, evidence: SupportLine, label: str) -> SupportPair:
        claim, cited = support_pair_texts(SupportQuestion(ln.claim, items(evidence.evidence)))
        return SupportPair(name, ln.id, ln.pair if evidence is ln else None, labels.index(label),
                           claim, cited)  # fmt: skip

    out = [pair_of(name, ln, ln, ln.label) for name, lines in sets.items() for ln in lines]
    if mismatch:
        names = sorted(sets, key=set_number)
        for before, name in itertools.pairwise(names):
            others = sets[before]
            for i, ln in enumerate(sets[name][::mismatch]):
                if others:
                    other = others[(i * mismatch) % len(others)]
                    out.append(pair_of(name, ln, other, "unsupported"))
    if near:
        rng = random.Random(0)
        names = sorted({w for ln in out for w in _TARGET_WORD.findall(ln.receipts.lower())})
        for name, of_set in sets.items():
            for ln in of_set:
                if ln.label == "unsupported" or rng.random() >= near:
                    continue
                evidence = items(ln.evidence)
                targets = [str((e.data or {}).get("target", "")) for e in evidence]
                cited = " ".join(e.text for e in evidence) + " " + " ".join(targets)
                claim = near_miss(ln.claim, targets, cited, names, rng)
                if claim is not None:
                    moved = ln.model_copy(update={"claim": claim, "id": f"{ln.id}/near"})
                    out.append(pair_of(name, moved, ln, "unsupported"))
    return out


#: A target's name as a word (``harbourmaster``, ``mara``), the names a near miss is given.
_TARGET_WORD = re.compile(r"(?<=: )(?:[a-z]+\.[a-z_]+ )([a-z]{4,})(?= )")


def layer_probabilities(first: int, tests: Sequence[SupportPair]) -> NDArray[np.float64]:
    """Each test line's label probabilities by the support layer fitted on the sets numbered below
    ``first``, with its mismatched lines, as ``tools.support_layer evaluate`` fits it."""
    from tools.support_layer import collect as judged_rows

    rows = judged_rows(DATA)
    seen = [r for r in rows if set_number(r.set) < first]
    w = fit(matrix(seen), np.array([r.label for r in seen]), LAM)
    by_key = {(r.set, r.id): r for r in rows if r.evidence_of is None}
    held = [by_key[(ln.set, ln.id)] for ln in tests]
    z = matrix(held) @ w[:-1] + w[-1]
    z -= z.max(axis=1, keepdims=True)
    p: NDArray[np.float64] = np.exp(z)
    out: NDArray[np.float64] = p / p.sum(axis=1, keepdims=True)
    return out


def table(judges: dict[str, NDArray[np.float64]], lines: Sequence[SupportPair]) -> str:
    """Lines right and polarity pairs right per judge, per set and pooled."""
    sets = sorted({ln.set for ln in lines}, key=set_number)
    out = []
    for name, probs in judges.items():
        verdicts = probs.argmax(axis=1).tolist()
        per, met = [], []
        for s in sets:
            idx = [i for i, ln in enumerate(lines) if ln.set == s]
            right, pairs = pairs_right([lines[i] for i in idx], [verdicts[i] for i in idx])
            per.append(f"{set_number(s)} {right}/{pairs}")
            if pairs and right >= PAIR_BAR * pairs:
                met.append(str(set_number(s)))
        right, pairs = pairs_right(lines, verdicts)
        lines_right = sum(v == ln.label for v, ln in zip(verdicts, lines, strict=True))
        out.append(f"{name}: lines right {lines_right} of {len(lines)}; polarity pairs {right} of "
                   f"{pairs} ({right / max(1, pairs):.3f}); the bar met on {', '.join(met) or 'none'}")  # fmt: skip
        out.append("    " + "; ".join(per))
    return "\n".join(out)


def reference_lines(below: int) -> list[SupportPair]:
    """The lines torch answers for the numpy pass's test: 40 of the four newest sets it was
    trained on, at random, and one claim longer than the token budget."""
    lines = random.Random(0).sample(collect(below - 4, below - 1), 40)
    lines.append(SupportPair("synthetic", "long", None, 0, LONG,
                             "receipt queued: message.send lab quote, queued"))  # fmt: skip
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.support_encoder")
    sub = parser.add_subparsers(dest="command", required=True)
    train_p = sub.add_parser("train", help="fine-tune the support judge on the sets below --below")
    train_p.add_argument("--below", type=int, required=True)
    train_p.add_argument("--lines", type=int, default=24000, help="at most this many distinct")
    train_p.add_argument("--mismatch", type=int, default=4, help="every N-th claim mismatched")
    train_p.add_argument("--near", type=float, default=0.3, help="near misses of this share")
    train_p.add_argument("--epochs", type=float, default=2.0)
    train_p.add_argument("--lora", type=int, default=8)
    train_p.add_argument("--seed", type=int, default=0)
    train_p.add_argument("--out", type=Path, required=True)
    eval_p = sub.add_parser("evaluate", help="the layer, the encoder and their mean on --sets")
    eval_p.add_argument("--model", type=Path, required=True)
    eval_p.add_argument("--sets", required=True, help="FIRST-LAST, labelled sets to judge")
    export_p = sub.add_parser("export", help="write an adapter as the encoder detector ships it")
    export_p.add_argument("--model", type=Path, required=True)
    export_p.add_argument("--out", type=Path, default=Path("harness/detectors/layer"))
    export_p.add_argument("--fixture", type=Path,
                          default=Path("tests/data/support_encoder_reference.json"))  # fmt: skip
    args = parser.parse_args(argv)

    from tools import encoder_training  # torch and transformers: imported only when asked

    if args.command == "train":
        lines = collect(1, args.below - 1, args.mismatch, args.near)
        lines = distinct_sample(lines, args.lines, args.seed)
        counts = np.bincount([ln.label for ln in lines], minlength=3).tolist()
        print(f"training on {len(lines)} distinct lines below {args.below} (by label {counts})")
        recipe = {"task": "support", "mismatch": args.mismatch, "near": args.near,
                  "below": args.below}  # fmt: skip
        encoder_training.train(lines, args.epochs, args.lora, args.seed, args.out, recipe, 3)
        return 0
    if args.command == "export":
        below = int(json.loads((args.model / "recipe.json").read_text())["below"])
        sets = {f"{p.parent.name}/{p.name}": hashlib.sha256(p.read_bytes()).hexdigest()
                for p in set_files(DATA) if set_number(p.parent.name) < below}  # fmt: skip
        encoder_training.export(args.model, sets, reference_lines(below), args.out, args.fixture,
                                "support_encoder")  # fmt: skip
        return 0
    first, last = parse_range(args.sets)
    lines = collect(first, last)
    if not lines:
        print(f"no labelled support lines in sets {args.sets}", file=sys.stderr)
        return 2
    encoder = encoder_training.predict(args.model, lines)
    layer = layer_probabilities(first, lines)
    print(table({"layer": layer, "A, encoder": encoder, "B, mean": (layer + encoder) / 2}, lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
