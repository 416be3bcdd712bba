"""The calibration report: which detector, on which set, with what figures and misses."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabulate import tabulate

from harness.calibrate.formats import LabelledSet, SetKind, TraceLine
from harness.calibrate.judge_lines import Outcome, trace_verdicts
from harness.calibrate.metrics import Figure, confusion, figures, pairs_right, per_class
from harness.report.escape import text

#: Per set kind: the class precision and recall are of, and every class in the table.
POSITIVE: dict[SetKind, tuple[str | None, tuple[str, ...], str]] = {
    "completion": ("True", ("True", "False"), "positive = invented"),
    "citations": ("False", ("True", "False"), "positive = invalid citation"),
    "traces": ("True", ("True", "False"), "per (trace, kind); positive = violation"),
    "support": (None, ("supported", "contradicted", "unsupported"), "three classes"),
    "repeat": ("True", ("True", "False"), "reopen lines: positive = reopens"),
}


#: Fewer scenes than this and a resampled interval says little: a set of 8 scenes has only 8
#: clusters to draw, however many lines it holds.
FEW_SCENES = 10


@dataclass
class Calibration:
    labelled: LabelledSet
    detector: str
    outcomes: list[Outcome]
    problems: list[str]
    sections: list[str] = field(default_factory=list)

    def _section(self, title: str, outcomes: list[Outcome], positive: str | None,
                 classes: tuple[str, ...], note: str) -> list[Figure]:  # fmt: skip
        figs = figures(outcomes, positive)
        behind = sorted({o.detector for o in outcomes}) or [self.detector]
        lines = [f"## {title}  ({note}; detector: {', '.join(behind)})",
                 tabulate([f.row() for f in figs], headers=["metric", "estimate",
                          "95% interval (scenes resampled)", "n"], tablefmt="simple",
                          disable_numparse=True),
                 "", "confusion (rows labelled, columns predicted):",
                 tabulate(confusion(outcomes, classes), headers=["", *classes, "unjudged"],
                          tablefmt="simple", disable_numparse=True)]  # fmt: skip
        if positive is None:
            lines += ["", tabulate(per_class(outcomes, classes),
                                   headers=["class", "precision", "recall", "labelled"],
                                   tablefmt="simple", disable_numparse=True)]  # fmt: skip
        self.sections.append("\n".join(lines))
        return figs

    def render(self, show_misses: bool) -> str:
        kind = self.labelled.kind
        positive, classes, note = POSITIVE[kind]
        scenes = len({o.scene for o in self.outcomes})
        head = [f"# shadow calibrate: {text(str(self.labelled.path))}",
                f"set kind: {kind}; lines: {len(self.labelled.lines)}; scenes: {scenes}; "
                f"detector: {self.detector}"]  # fmt: skip
        if 0 < scenes < FEW_SCENES:
            head.append(f"note: only {scenes} scenes: the intervals resample {scenes} clusters, "
                        "so they are coarse and may be narrower than the text's spread")  # fmt: skip
        if kind == "repeat":
            match = [o for o in self.outcomes if o.labelled not in ("True", "False") or
                     o.id in self._match_ids()]  # fmt: skip
            reopen = [o for o in self.outcomes if o not in match]
            if match:
                indices = tuple(sorted({o.labelled for o in match} | {str(o.predicted)
                                                                      for o in match}))  # fmt: skip
                self._section(
                    "repeat: check matching",
                    match,
                    None,
                    indices,
                    "label = host check index or None",
                )
            if reopen:
                self._section("repeat: reopening settled matters", reopen, "True", classes, note)
        else:
            self._section(kind, self.outcomes, positive, classes, note)
        if kind == "support":
            right, total = pairs_right(self.outcomes)
            share = f"{right / total:.3f}" if total else "n/a"
            self.sections.append(f"polarity pairs judged right: {right}/{total} ({share})")
        if kind == "traces":
            traces = [line for line in self.labelled.lines if isinstance(line, TraceLine)]
            right = sum(trace_verdicts(line)[0] for line in traces)
            share = f"{right / len(traces):.3f}" if traces else "n/a"
            self.sections.append(f"boundary agreement per trace: {right}/{len(traces)} ({share})")
        body = head + self.sections
        if self.labelled.errors or self.problems:
            body.append("## lines not measured")
            body += [text(str(e)) for e in self.labelled.errors]
            body += [text(p) for p in self.problems]
        if show_misses:
            body.append("## misses (labelled -> predicted: why)")
            body += [text(f"{o.id} [{o.scene}] {o.labelled} -> {o.predicted}: {o.why}")
                     for o in self.outcomes if str(o.predicted) != o.labelled]  # fmt: skip
        return "\n\n".join(body)

    def _match_ids(self) -> set[str]:
        from harness.calibrate.formats import MatchLine

        return {line.id for line in self.labelled.lines if isinstance(line, MatchLine)}
