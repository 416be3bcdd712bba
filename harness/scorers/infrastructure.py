"""Infrastructure errors: whether the model was really asked at all.

A run with status ``error`` (the runner crashed before answering, the model server was down, the
harness machinery timed out) says nothing about the model, so it is scored by this scorer alone:
every other scorer skips it (``harness.scorers.run``), and the error rate feeds the shadow budget's
infrastructure gate instead of any quality metric.
"""

from __future__ import annotations

from harness.metrics.spec import Value, rate
from harness.scorers.base import Score, ScoreContext, scorer
from harness.scorers.values import InfrastructureValues

#: Run statuses that are infrastructure, not model behaviour.
ERROR_STATUSES: frozenset[str] = frozenset({"error"})


def is_error(status: str) -> bool:
    return status in ERROR_STATUSES


@scorer(
    "infrastructure",
    values=InfrastructureValues,
    metrics=[
        rate(
            "error",
            # An errored run is scored by this scorer alone, so a run the model's scorers judged
            # without this value (scored by an older harness) was not an error.
            of=Value("error", missing=0.0),
            better="lower",
            description="share of runs lost to infrastructure errors (never scored as the model's)",
        )
    ],
)
def infrastructure(ctx: ScoreContext) -> Score[InfrastructureValues]:
    record = ctx.record
    if not is_error(record.status):
        return Score({"error": False}, f"the runner answered ({record.status})")
    reason = record.error or "no reason recorded"
    return Score(
        {"error": True},
        f"infrastructure error after {record.attempts} attempt(s): {reason}; not scored as model "
        "behaviour",
    )
