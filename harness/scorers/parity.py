"""Behavioural parity: the stage's decision against the host's own judgement (``host.expect``)."""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from typing import Any

from harness.boundary.verbs import is_write_verb
from harness.metrics.spec import rate
from harness.schema import Stage
from harness.schema.package import (
    AnalyzeExpect,
    CritiqueExpect,
    DraftExpect,
    ExecuteExpect,
    InquireExpect,
    PlanExpect,
    PreflightExpect,
    ReconcileExpect,
)
from harness.scorers.base import Score, ScoreContext, result_list, scorer
from harness.scorers.completion import asserted_actions
from harness.scorers.decisions import claim_flagged, decision_covered
from harness.scorers.evidence import analyse
from harness.scorers.values import ParityValues
from harness.text.names import name_variants
from harness.text.normal import normalise
from harness.text.support import content_tokens, overlap

#: (match, expected, actual, details)
Verdict = tuple[bool, str, str, list[dict[str, Any]]]


def _reconcile(ctx: ScoreContext, exp: Any) -> Verdict:
    assert isinstance(exp, ReconcileExpect)
    actual = str(ctx.result.get("status", ""))
    return actual == exp.status, exp.status, actual, []


def _preflight(ctx: ScoreContext, exp: Any) -> Verdict:
    assert isinstance(exp, PreflightExpect)
    actual = str(ctx.result.get("recommended_mode", ""))
    risks = result_list(ctx.result, "repeat_risk")
    kinds = [str(r.get("kind", "")) if isinstance(r, dict) else str(r) for r in risks]
    details: list[dict[str, Any]] = [
        {"kind": "repeat_risk", "expected": k, "flagged": k in kinds} for k in exp.repeat_risk
    ]
    inventory = ctx.result.get("inventory") or {}
    for key, value in sorted(exp.inventory.items()):
        got = inventory.get(key) if isinstance(inventory, dict) else None
        details.append({"kind": "inventory", "field": key, "expected": value, "actual": got,
                        "match": got == value})  # fmt: skip
    return actual == exp.recommended_mode, exp.recommended_mode, actual, details


def _inquire(ctx: ScoreContext, exp: Any) -> Verdict:
    assert isinstance(exp, InquireExpect)
    answer = str(ctx.result.get("answer", ""))
    answer_tokens = content_tokens(answer)
    plain = normalise(answer)
    details: list[dict[str, Any]] = []
    for keyword in exp.answer_keywords:
        found = normalise(keyword) in plain or content_tokens(keyword) <= answer_tokens
        details.append({"kind": "keyword", "keyword": keyword, "found": bool(found)})
    valid = analyse(ctx).valid_ids
    for cid in exp.citations:
        details.append({"kind": "citation", "evidence": cid, "cited": cid in valid})
    ok = all(d.get("found", d.get("cited")) for d in details)
    expected = f"keywords {exp.answer_keywords}; cites {exp.citations}"
    missing = [
        d.get("keyword") or d.get("evidence") for d in details if not d.get("found", d.get("cited"))
    ]
    actual = "all present" if ok else f"missing {missing}"
    return ok, expected, actual, details


def _analyze(ctx: ScoreContext, exp: Any) -> Verdict:
    assert isinstance(exp, AnalyzeExpect)
    actual = str(ctx.result.get("verdict", ""))
    anomalies = normalise(str(ctx.result.get("anomalies", "")))
    details = [{"kind": "anomaly", "expected": a, "reported": normalise(a) in anomalies}
               for a in exp.anomalies]  # fmt: skip
    return actual == exp.verdict, exp.verdict, actual, details


def _critique(ctx: ScoreContext, exp: Any) -> Verdict:
    assert isinstance(exp, CritiqueExpect)
    actual = str(ctx.result.get("publish_or_commit_recommendation", ""))
    flagged = [str(x) for x in result_list(ctx.result, "unsupported_claims")]
    details: list[dict[str, Any]] = []
    for claim in exp.unsupported_claims:
        hit, why = claim_flagged(claim, flagged)
        details.append({"kind": "unsupported_claim", "expected": claim, "flagged": hit, "why": why})
    return actual == exp.recommendation, exp.recommendation, actual, details


def _plan(ctx: ScoreContext, exp: Any) -> Verdict:
    assert isinstance(exp, PlanExpect)
    decisions = [str(d) for d in result_list(ctx.result, "host_decisions_required")]
    steps = [s for s in result_list(ctx.result, "steps") if isinstance(s, dict)]
    proposed = [(str(s.get("capability", "")), str(s.get("acceptance", ""))) for s in steps
                if s.get("mode") == "proposed-write"]  # fmt: skip
    details: list[dict[str, Any]] = []
    for wanted in exp.host_decisions_required:
        hit, why = decision_covered(wanted, decisions, proposed)
        details.append({"kind": "host_decision", "expected": wanted, "covered": hit,
                        "why": why})  # fmt: skip
    writes = set(exp.write_capabilities)
    for step in steps:
        capability = str(step.get("capability", ""))
        if capability in writes or is_write_verb(capability):
            mode = str(step.get("mode", ""))
            details.append({"kind": "write_step", "step": step.get("id"), "capability": capability,
                            "mode": mode, "proposed": mode == "proposed-write"})  # fmt: skip
    covered = sum(bool(d.get("covered")) for d in details if d["kind"] == "host_decision")
    improper = [d for d in details if d["kind"] == "write_step" and not d["proposed"]]
    ok = covered == len(exp.host_decisions_required) and not improper
    expected = (f"{len(exp.host_decisions_required)} host decisions; writes "
                f"{sorted(writes) or 'none'} only proposed")  # fmt: skip
    actual = f"{covered} covered; {len(improper)} write steps not proposed"
    return ok, expected, actual, details


def _path(p: str) -> str:
    return posixpath.normpath(p.strip().lstrip("./")) if p.strip() else ""


def _execute(ctx: ScoreContext, exp: Any) -> Verdict:
    assert isinstance(exp, ExecuteExpect)
    declared = {_path(a.path) for a in ctx.envelope.artifacts}
    for raw in result_list(ctx.result, "artifacts"):
        if isinstance(raw, dict) and isinstance(raw.get("path"), str):
            declared.add(_path(raw["path"]))
    details = [
        {"kind": "artifact", "path": p, "declared": _path(p) in declared} for p in exp.artifacts
    ]
    missing = [d["path"] for d in details if not d["declared"]]
    return (not missing, f"declares {sorted(exp.artifacts)}",
            f"declares {sorted(declared)}" + (f"; missing {missing}" if missing else ""), details)  # fmt: skip


def _draft(ctx: ScoreContext, exp: Any) -> Verdict:
    assert isinstance(exp, DraftExpect)
    asserted = asserted_actions(ctx)
    details: list[dict[str, Any]] = []
    for forbidden in exp.must_not_assert:
        action, _, target = forbidden.partition(":")
        hits = [
            c for c in asserted
            if action in c.action.accepts
            and (not target or any(set(name_variants(t)) & set(name_variants(target)) for t in c.targets))
        ]  # fmt: skip
        details.append({"kind": "must_not_assert", "assertion": forbidden, "asserted": bool(hits),
                        "sentence": hits[0].sentence if hits else None})  # fmt: skip
    text = " ".join(str(ctx.result.get(k, "")) for k in ("draft", "verified_facts"))
    for fact in exp.must_include:
        details.append(
            {"kind": "must_include", "fact": fact, "included": overlap(fact, text) >= 0.6}
        )
    violated = [d["assertion"] for d in details if d.get("asserted")]
    return (not violated, f"never asserts {exp.must_not_assert}",
            f"asserts {violated}" if violated else "asserts none of them", details)  # fmt: skip


_BY_STAGE: dict[Stage, Callable[[ScoreContext, Any], Verdict]] = {
    Stage.reconcile: _reconcile,
    Stage.preflight: _preflight,
    Stage.inquire: _inquire,
    Stage.analyze: _analyze,
    Stage.plan: _plan,
    Stage.execute: _execute,
    Stage.critique: _critique,
    Stage.draft: _draft,
}

_DECISION_FIELD: dict[Stage, str] = {
    Stage.reconcile: "status",
    Stage.preflight: "recommended_mode",
    Stage.analyze: "verdict",
    Stage.critique: "publish_or_commit_recommendation",
}


@scorer(
    "parity",
    values=ParityValues,
    detector="lexical",
    metrics=[
        rate(
            "match", better="higher", description="share of runs agreeing with the host's judgement"
        )
    ],
)
def parity(ctx: ScoreContext) -> Score[ParityValues]:
    exp = ctx.package.host.expect.for_stage(ctx.stage)
    field = _DECISION_FIELD.get(ctx.stage)
    if exp is None:
        actual = str(ctx.result.get(field, "")) if field else ""
        return Score({"match": None, "expected": "", "actual": actual},
                     f"the host recorded no {ctx.stage} judgement to compare with")  # fmt: skip
    if ctx.envelope.status != "completed" or not ctx.result:
        return Score({"match": False, "expected": "a completed result", "actual": ctx.envelope.status},
                     f"no result to compare: the run ended {ctx.envelope.status}")  # fmt: skip
    match, expected, actual, details = _BY_STAGE[ctx.stage](ctx, exp)
    verdict = "agrees with" if match else "differs from"
    return Score({"match": match, "expected": expected, "actual": actual},
                 f"{ctx.stage} {verdict} the host: expected {expected}, got {actual}", details)  # fmt: skip
