"""How far two blind labellers of one completion set agree, and where the detectors stand beside them.

    python -m tools.labeller_agreement FIRST.jsonl SECOND.jsonl [FIRST2 SECOND2 ...]
                                       [--detector lexical learned]

FIRST is the set as its writer labelled it (the labels every first-contact figure is measured
against); SECOND holds the same lines labelled again by someone who read only the definitions and
the unlabelled lines. Prints, per pair of files and pooled:

- the second labeller against the first: agreement, Cohen's kappa, and the second's precision and
  recall of ``invented`` taking the first as truth, each with a 95% interval over scenes;
- each detector's recall and precision against the first labels, against the second, and on the
  lines both labellers agree on;
- the lines they disagree on.

Why: the completion bar (recall >= 0.90 at precision >= 0.95 against the writer's labels) is only
reachable if the labels are that consistent; a second careful reader's figures against the first
are the ceiling a detector is measured under.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.calibrate.formats import CompletionLine, read_set
from harness.calibrate.judge_lines import Outcome, completion_question
from harness.calibrate.metrics import figures
from harness.detectors import make_detector
from harness.untrusted.display import clean


@dataclass(frozen=True)
class Pair:
    """One line as both labellers saw it; ``scene`` is made unique across sets for the intervals."""

    id: str
    scene: str
    first: bool
    second: bool
    ambiguous: bool  # the second labeller marked it so
    line: CompletionLine


def read_pairs(first: Path, second: Path, index: int = 0) -> list[Pair]:
    """The lines of one set as both labellers labelled them. Scenes are tagged with the pair's
    place on the command line: two sets' scenes of one name are different writers' scenes."""
    a = {line.id: line for line in _completion_lines(first)}
    b = {line.id: line for line in _completion_lines(second)}
    if set(a) != set(b):
        only = ", ".join(clean(i) for i in sorted(set(a) ^ set(b))[:5])
        raise SystemExit(f"{second}: not the lines of {first} (ids differing: {only})")
    for id_, line in a.items():
        theirs = b[id_]
        if (line.sentence, line.receipts, line.recorded_at) != (
            theirs.sentence,
            theirs.receipts,
            theirs.recorded_at,
        ):
            raise SystemExit(f"{second}: line {clean(id_)}: not the first file's line")
    tag = f"{index}:{first.parent.name}"
    return [Pair(id_, f"{tag}/{line.scene}", line.invented, b[id_].invented,
                 b[id_].kind == "ambiguous", line) for id_, line in a.items()]  # fmt: skip


def _completion_lines(path: Path) -> list[CompletionLine]:
    if not path.is_file():
        raise SystemExit(f"{path}: no such file")
    labelled = read_set(path, "completion")
    if labelled.errors:
        raise SystemExit(f"{labelled.errors[0]}")
    lines = [line for line in labelled.lines if isinstance(line, CompletionLine)]
    if not lines:
        raise SystemExit(f"{path}: no completion lines")
    return lines


def _second_as_judged(pairs: Sequence[Pair]) -> list[Outcome]:
    """The second labeller's labels as a detector's verdicts, the first's as the truth."""
    return [Outcome(p.id, p.scene, str(p.first), str(p.second), "", "second") for p in pairs]


def verdicts(pairs: Sequence[Pair], detectors: Sequence[str]) -> dict[str, list[bool]]:
    """Each detector's ``invented`` verdict on each line, in the lines' order."""
    out: dict[str, list[bool]] = {}
    for name in detectors:
        detector = make_detector(name)
        out[name] = [bool(detector.completion(completion_question(p.line)).label) for p in pairs]
    return out


def _fig(outcomes: Sequence[Outcome]) -> dict[str, str]:
    # Figure.row writes "n/a" for a figure with nothing to count (no positives, no flags)
    return {f.name: "{} {}".format(*f.row()[1:3]) for f in figures(outcomes, positive="True")}


def _recall_precision(truth: Sequence[bool], guess: Sequence[bool]) -> str:
    tp = sum(t and g for t, g in zip(truth, guess, strict=True))
    pos, flagged = sum(truth), sum(guess)
    rec = f"{tp}/{pos} ({tp / pos:.3f})" if pos else "n/a"
    prec = f"{tp}/{flagged} ({tp / flagged:.3f})" if flagged else "n/a"
    return f"recall {rec} precision {prec}"


def report(name: str, pairs: Sequence[Pair], guesses: Mapping[str, Sequence[bool]]) -> list[str]:
    first = [p.first for p in pairs]
    second = [p.second for p in pairs]
    fig = _fig(_second_as_judged(pairs))
    both = sum(a == b for a, b in zip(first, second, strict=True))
    out = [
        f"== {name}: {len(pairs)} lines, {len({p.scene for p in pairs})} scenes; "
        f"first labels {sum(first)} invented, second {sum(second)}",
        f"second against first: agreement {fig['agreement']} ({both}/{len(pairs)}), "
        f"kappa {fig['kappa']}",
        f"  second's recall {fig['recall']}, precision {fig['precision']}",
    ]
    # Lines are told apart by position: ids repeat across the sets of a pooled report.
    agreed = [i for i, p in enumerate(pairs) if p.first == p.second]
    for det, guess in guesses.items():
        out.append(f"{det} against first: {_recall_precision(first, guess)}")
        out.append(f"{det} against second: {_recall_precision(second, guess)}")
        out.append(
            f"{det} on the {len(agreed)} agreed lines: "
            + _recall_precision([first[i] for i in agreed], [guess[i] for i in agreed])
        )
    return out


def disagreements(pairs: Sequence[Pair]) -> list[str]:
    rows = []
    for p in pairs:
        if p.first != p.second:
            mark = " (second: ambiguous)" if p.ambiguous else ""
            where = f"{clean(p.scene)} {clean(p.id)} [{clean(p.line.field)}]"
            rows.append(f"  {where} first {p.first} second {p.second}{mark}: "
                        f"{clean(p.line.sentence, 110)}")  # fmt: skip
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.labeller_agreement", description=__doc__)
    ap.add_argument("files", nargs="+", type=Path, help="FIRST SECOND, repeated")
    ap.add_argument("--detector", nargs="*", default=["lexical", "learned"])
    args = ap.parse_args(argv)
    if len(args.files) % 2:
        ap.error("files come in pairs: FIRST SECOND")
    pooled: list[Pair] = []
    pooled_guesses: dict[str, list[bool]] = {d: [] for d in args.detector}
    lines: list[str] = []
    rows: list[str] = []
    for index, (first, second) in enumerate(zip(args.files[::2], args.files[1::2], strict=True)):
        pairs = read_pairs(first, second, index)
        # each line is judged once; the pooled report reuses the sets' verdicts
        guesses = verdicts(pairs, args.detector)
        pooled += pairs
        for det, guess in guesses.items():
            pooled_guesses[det] += guess
        lines += report(first.parent.name, pairs, guesses)
        rows += disagreements(pairs)
    if len(args.files) > 2:
        lines += report("pooled", pooled, pooled_guesses)
    print("\n".join([*lines, f"== disagreements ({len(rows)})", *rows]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
