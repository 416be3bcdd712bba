"""A suite's gates: each stage of the suite's scores decided by the promotion policy, as
``shadow gate`` decides it, and judged against the phase the suite requires."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabulate import tabulate

from harness.schema import ScoreRecord
from harness.untrusted.display import clean

if TYPE_CHECKING:
    from harness.policy import Decision, Policy


@dataclass(frozen=True)
class GateVerdict:
    passed: bool
    decisions: list[Decision]
    #: One line per problem: a stage below the required phase, a live stage off its gates.
    problems: list[str]
    cases: int

    def render(self, suite: str) -> str:
        from harness.policy import decision_rows

        rows = [{k: clean(v, 120) for k, v in row.items()} for row in decision_rows(self.decisions)]
        table = tabulate(rows, headers="keys", tablefmt="simple") if rows else "(no decisions)"
        verdict = "gates not met" if not self.passed else "gates met"
        # The failing gates come first: a junit report's failure message keeps the first lines.
        lines = [f"shadow suite {suite}: {verdict} over {self.cases} case(s)"]
        if self.problems:
            lines += self.problems
        lines += ["", table]
        return "\n".join(lines)


def reached_phase(decision: Decision) -> int:
    """The highest phase whose gates, and those of every phase below, all pass (-1 when even
    the shadow budget of phase 0 does not)."""
    reached = -1
    for phase in range(0, decision.max_phase + 1):
        if not all(g.passed for g in decision.gates if g.phase == phase):
            break
        reached = phase
    return reached


def judge_gates(
    scores: Sequence[ScoreRecord],
    policy: Policy,
    *,
    require_phase: int | None = None,
    own_gates: bool = False,
    n_boot: int = 2000,
) -> GateVerdict:
    """Decide each stage of ``scores`` with the promotion policy, as ``shadow gate`` does, and
    fail when a live stage is off its current phase's gates or, with ``require_phase``, when a
    stage does not pass the gates of phases 1..require_phase (``own_gates``: those phase-1 gates
    are a suite's own bar, and the message says so)."""
    # Imported here: pandas and the statistics are only needed once a suite's gate is judged.
    from harness.detectors.measured import recall_bounds
    from harness.policy import decide, failing_gates
    from harness.scorers import DECLARED_DETECTORS
    from harness.tables import metric_table, scores_frame

    table = metric_table(
        scores_frame(scores), by=("stage", "model"), conf=policy.confidence, n_boot=n_boot
    )
    # a suite is scored with the scorers' declared detectors: its rate gates trust them only
    # as far as they were measured blind, as `shadow gate` does
    recall = recall_bounds(dict(DECLARED_DETECTORS))
    decisions = [d for d in decide(table, policy, recall=recall) if d.evaluated]
    problems: list[str] = []
    for d in decisions:
        name = f"{d.stage} ({clean(d.model or '-', 80)})"
        if d.fails_gate:
            problems.append(
                f"{name} at phase {d.current_phase} no longer meets its gates ({d.verdict}):"
            )
            problems += [f"    phase {g.phase}: {clean(g.detail)}" for g in failing_gates(d)]
        if require_phase is None:
            continue
        if require_phase > d.max_phase:
            problems.append(
                f"{name}: the suite requires phase {require_phase}, above the stage's highest phase {d.max_phase}"
            )
            continue
        reached = reached_phase(d)
        if reached < require_phase:
            if own_gates:
                problems.append(f"{name} does not meet the suite's gates:")
            else:
                problems.append(
                    f"{name} reaches phase {reached}; the suite requires phase {require_phase}:"
                )
            problems += [
                f"    phase {g.phase}: {clean(g.detail)}"
                for g in d.gates
                if not g.passed and g.phase <= require_phase
            ]
    cases = len({(s.package, str(s.stage)) for s in scores})
    return GateVerdict(passed=not problems, decisions=decisions, problems=problems, cases=cases)
