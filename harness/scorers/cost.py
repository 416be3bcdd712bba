"""Latency, cost and transcript hygiene, read from the run record."""

from __future__ import annotations

from harness.boundary.result import inlined_trace_events
from harness.metrics.spec import mean, rate
from harness.schema import TRACE
from harness.scorers.base import Score, ScoreContext, scorer
from harness.scorers.values import CostValues, HygieneValues, LatencyValues


@scorer(
    "latency",
    values=LatencyValues,
    metrics=[mean("latency_s", better="lower", description="seconds per run")],
)
def latency(ctx: ScoreContext) -> Score[LatencyValues]:
    seconds = round(ctx.record.latency_s, 6)
    attempts = ctx.record.attempts
    note = f" over {attempts} attempts" if attempts > 1 else ""
    return Score({"latency_s": seconds}, f"{seconds:.3f} s wall time{note}")


@scorer(
    "cost",
    values=CostValues,
    metrics=[mean("cost_usd", better="lower", description="US dollars per run")],
)
def cost(ctx: ScoreContext) -> Score[CostValues]:
    # The record's usage is what the harness measured; the envelope's is the runner's own claim.
    usage = ctx.record.usage
    source = "run record"
    if not (usage.input_tokens or usage.output_tokens or usage.cost_usd):
        usage, source = ctx.envelope.usage, "envelope"
    values: CostValues = {
        "input_tokens": usage.input_tokens,
        "output_tokens": usage.output_tokens,
        "cost_usd": round(usage.cost_usd, 6),
    }
    return Score(
        values,
        f"{usage.input_tokens} in / {usage.output_tokens} out tokens, "
        f"${usage.cost_usd:.4f} (from the {source})",
    )


@scorer(
    "hygiene",
    values=HygieneValues,
    metrics=[
        rate(
            "inlined",
            better="lower",
            description="share of runs that inlined their trace in the result",
        )
    ],
)
def hygiene(ctx: ScoreContext) -> Score[HygieneValues]:
    # The envelope as the run record stores it (compact JSON), which is what the host would receive.
    result_bytes = len(ctx.envelope.model_dump_json().encode())
    # Each event's compact JSON and a newline, as the archive stores them: the trace written as
    # one JSON list is those events joined by commas in brackets, one byte more than that sum
    # (one call instead of one per event).
    trace_bytes = len(TRACE.dump_json(list(ctx.trace))) - 1 if ctx.trace else 0
    inlined = inlined_trace_events(ctx.envelope)
    ratio = round(result_bytes / trace_bytes, 6) if trace_bytes else None
    values: HygieneValues = {
        "result_bytes": result_bytes,
        "trace_bytes": trace_bytes,
        "ratio": ratio,
        "inlined": inlined > 0,
    }
    if inlined:
        why = (
            f"result embeds {inlined} trace events ({result_bytes} B result, {trace_bytes} B trace)"
        )
    elif trace_bytes:
        why = f"{result_bytes} B result for a {trace_bytes} B archived trace (ratio {ratio:.3f})"
    else:
        why = f"{result_bytes} B result; no archived trace"
    return Score(values, why)
