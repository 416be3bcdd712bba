"""Each detector's invented completions found and false alarms on real-model sets, on all lines
and on the sentences no training set holds word for word.

    python -m tools.real_text_figures real_gemma270m real_smollm2f [--adapter DIR]
        [--trained real_smollm2 real_smollm2b real_smollm2c real_smollm2e]

A small model copies the same placeholders ("<a claim>") into every package, so a fresh real set
shares many sentences, word for word, with the real sets an adapter trained on (in other
packages). Its figure on those sentences says the adapter learned them; the figure on the rest
says whether it learned the task. ``--adapter DIR`` puts the encoder detector's completion
adapter of DIR in place of the shipped one, as ``shadow calibrate --opt adapter=DIR`` does.
"""

from __future__ import annotations

import argparse
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.calibrate.formats import CompletionLine, read_set
from harness.calibrate.judge_lines import judge_set
from harness.detectors import make_detector

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
#: The real SmolLM2 sets the encoder's third adapter was offered (README, "Real model text").
TRAINED = ("real_smollm2", "real_smollm2b", "real_smollm2c", "real_smollm2e")


@dataclass(frozen=True)
class Figure:
    found: int
    invented: int
    false_alarms: int
    negatives: int

    def __str__(self) -> str:
        return (
            f"found {self.found}/{self.invented}, false alarms {self.false_alarms}/{self.negatives}"
        )


def sentence_key(sentence: str) -> str:
    return " ".join(sentence.lower().split())


def figure(outcomes: Sequence[tuple[bool, bool]]) -> Figure:
    """From ``(labelled invented, predicted invented)`` pairs."""
    return Figure(
        found=sum(label and said for label, said in outcomes),
        invented=sum(label for label, _ in outcomes),
        false_alarms=sum(said and not label for label, said in outcomes),
        negatives=sum(not label for label, _ in outcomes),
    )


def split(
    lines: Sequence[CompletionLine], said: dict[str, bool], seen: Collection[str]
) -> tuple[Figure, Figure]:
    """The figure on every judged line, and on the lines whose sentence is not in ``seen``."""
    judged = [(ln, said[ln.id]) for ln in lines if ln.id in said]
    every = [(ln.invented, s) for ln, s in judged]
    fresh = [(ln.invented, s) for ln, s in judged if sentence_key(ln.sentence) not in seen]
    return figure(every), figure(fresh)


def seen_sentences(names: Sequence[str], data: Path = DATA) -> set[str]:
    return {
        sentence_key(ln.sentence)
        for name in names
        for ln in read_set(data / name / "completion.jsonl").lines
        if isinstance(ln, CompletionLine)
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.real_text_figures")
    parser.add_argument("sets", nargs="+", help="folders under tests/data")
    parser.add_argument("--adapter", type=Path, help="another completion adapter's folder")
    parser.add_argument("--trained", nargs="+", default=list(TRAINED))
    args = parser.parse_args(argv)
    seen = seen_sentences(args.trained)
    encoder_opts = {"adapter": str(args.adapter)} if args.adapter else {}
    detectors = {
        "lexical": make_detector("lexical"),
        "learned": make_detector("learned"),
        "encoder" + (f" ({args.adapter})" if args.adapter else ""): make_detector(
            "encoder", encoder_opts
        ),
    }
    for name in args.sets:
        labelled = read_set(DATA / name / "completion.jsonl")
        lines = [ln for ln in labelled.lines if isinstance(ln, CompletionLine)]
        fresh_n = sum(sentence_key(ln.sentence) not in seen for ln in lines)
        for label, detector in detectors.items():
            outcomes, _ = judge_set(labelled, detector)
            said = {
                o.id: o.predicted == "True" for o in outcomes if o.predicted in ("True", "False")
            }
            every, fresh = split(lines, said, seen)
            print(f"{name}  {label}\n  all {len(lines)} lines: {every}\n"
                  f"  the {fresh_n} sentences no set of --trained holds: {fresh}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
