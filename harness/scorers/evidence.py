"""Evidence fidelity: are citations real, do they back the claims, is decisive evidence cited?

The checks live in their own modules: citation validity (``citations``), lexical claim support
(``claim_support``, for claims that quote or dispute) and support with polarity (``support_label``:
a claim linked to its evidence by structure, polarity read on both sides), whose verdict is the
claim's support; this module runs them over a case and scores it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, TypeVar, cast

from rapidfuzz import fuzz

from harness.metrics.spec import mean, pooled
from harness.schema import EvidenceItem, Package
from harness.schema.package import ExpectedFact
from harness.scorers.base import Score, ScoreContext, Thresholds, ratio, result_list, scorer
from harness.scorers.citations import CitationCheck, check_citation
from harness.scorers.claim_support import Backing, Support, claim_support
from harness.scorers.judged import judged_support
from harness.scorers.support_label import support_label
from harness.scorers.values import EvidenceFidelityValues
from harness.text.normal import normalise
from harness.text.support import claim_tokens, denies_completion, without_negation


@dataclass(frozen=True)
class ClaimCheck:
    where: str
    text: str
    citations: tuple[CitationCheck, ...]
    holds: bool | None
    #: ``supported``, ``contradicted`` (its citations say the opposite) or ``unsupported``.
    outcome: str = "unsupported"


def _fact_like(raw: Any) -> tuple[str, list[Any], Any] | None:
    if isinstance(raw, dict) and isinstance(raw.get("claim") or raw.get("text"), str):
        evidence = raw.get("evidence") or raw.get("citations") or []
        return str(raw.get("claim") or raw.get("text")), list(evidence), raw.get("holds")
    return None


def _claims(ctx: ScoreContext) -> Iterator[tuple[str, str, list[Any], Any]]:
    """(where, claim text, raw citations, stated truth) from envelope and result."""
    for i, claim in enumerate(ctx.envelope.claims):
        yield f"claims[{i}]", claim.text, list(claim.evidence), None
    result = ctx.result
    for field in ("facts", "findings", "verified_facts"):
        items = result.get(field)
        for i, raw in enumerate(items if isinstance(items, list) else []):
            fact = _fact_like(raw)
            if fact is not None:
                yield f"result.{field}[{i}]", fact[0], fact[1], fact[2]


@dataclass(frozen=True)
class EvidenceAnalysis:
    citations: tuple[CitationCheck, ...]
    claims: tuple[tuple[ClaimCheck, bool, str], ...]

    @property
    def valid_ids(self) -> frozenset[str]:
        return frozenset(c.item.id for c in self.citations if c.valid and c.item is not None)


def _evidence_ids(package: Package) -> frozenset[str]:
    return frozenset(item.id.lower() for item in package.context)


def _expected_facts(package: Package) -> tuple[tuple[ExpectedFact, str], ...]:
    """The host's expected facts, each with the form claims are compared in (per package)."""
    expect = package.host.expect.reconcile
    facts = expect.facts if expect is not None else []
    return tuple((f, normalise(without_negation(f.claim))) for f in facts)


def _expected_truth(ctx: ScoreContext, text: str, stated: Any) -> tuple[bool | None, str]:
    """Does the host's expected fact that this claim restates agree with it? None: no such fact."""
    # A claim made only of "<id> says '<quote>'" asserts nothing of its own: the quote is the
    # evidence speaking, and an evidence id is no statement to hold against the host.
    ids = ctx.per_package(_evidence_ids)
    text = " ".join(w for w in text.split() if w.lower().strip(".,;:()") not in ids)
    facts = ctx.per_package(_expected_facts)
    if not facts or not claim_tokens(text):
        return None, ""
    plain = normalise(without_negation(text))
    # Each fact scored once; the first of the best, as ``max`` picks it.
    scores = [fuzz.token_set_ratio(plain, f[1]) for f in facts]
    score = max(scores)
    best = facts[scores.index(score)][0]
    if score < ctx.thresholds.expected_fact:
        return None, ""
    asserts_expected = denies_completion(text) == denies_completion(best.claim)
    if isinstance(stated, bool):
        asserts_expected = asserts_expected == stated
    agrees = asserts_expected == best.holds
    return agrees, f"host expects {best.claim!r} holds={best.holds}"


def analyse(ctx: ScoreContext) -> EvidenceAnalysis:
    """Every citation and claim of the case checked, once per case (parity and repeat checks
    need the valid citations too)."""
    return ctx.once(_analyse)


def _backings(package: Package) -> dict[str, Backing]:
    """The package's evidence items' backings by id, filled as claims cite them (per package)."""
    return {}


def _backing(ctx: ScoreContext, item: EvidenceItem) -> Backing:
    """What ``item`` can back, worked out once per package: the stages cite the same items."""
    backings = ctx.per_package(_backings)
    known = backings.get(item.id)
    if known is None or known.item is not item:
        known = backings[item.id] = Backing.of(item)
    return known


#: A claim's lexical support or label by (claim, ids of its cited backings, thresholds), with the
#: backings themselves (an id is only theirs while they live) and what was found for them.
_Judged = dict[tuple[str, tuple[int, ...], Thresholds], tuple[tuple[Backing, ...], object]]
R = TypeVar("R")


def _supports(package: Package) -> _Judged:
    """``claim_support`` of the package's claims, kept per package (see ``_memo``)."""
    return {}


def _labels(package: Package) -> _Judged:
    """``support_label`` of the package's claims, kept per package (see ``_memo``)."""
    return {}


def _memo(
    ctx: ScoreContext,
    table: Callable[[Package], _Judged],
    compute: Callable[[str, list[Backing], Thresholds], R],
    text: str,
    items: list[Backing],
) -> R:
    """``compute(text, items, thresholds)`` once per package: the stages, and the fields of one
    output, repeat claims word for word citing the same items (a third of the calls on the
    shipped corpus), and both checks are pure functions of the claim and the backings."""
    memo = ctx.per_package(table)
    key = (text, tuple(map(id, items)), ctx.thresholds)
    hit = memo.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], items, strict=True)):
        return cast(R, hit[1])
    found = compute(text, items, ctx.thresholds)
    memo[key] = (tuple(items), found)
    return found


def _analyse(ctx: ScoreContext) -> EvidenceAnalysis:
    package, thresholds = ctx.package, ctx.thresholds

    def lexical(text: str, items: list[Backing], _: Thresholds) -> Support:
        # A claim that quotes or disputes is judged by claim_support inside support_label too,
        # with the same words and items as below: one answer, kept per package.
        return _memo(ctx, _supports, claim_support, text, items)

    checks: list[CitationCheck] = []
    claim_checks: list[tuple[ClaimCheck, bool, str]] = []
    inquire_cites = [
        check_citation(package, raw, f"result.citations[{i}]", thresholds)
        for i, raw in enumerate(result_list(ctx.result, "citations"))
    ]
    checks.extend(inquire_cites)
    for where, text, raws, stated in _claims(ctx):
        own = tuple(
            check_citation(package, raw, f"{where}.evidence[{j}]", thresholds)
            for j, raw in enumerate(raws)
        )
        checks.extend(own)
        # Inquire findings share the answer's citation list rather than carrying their own.
        pool = own or (tuple(inquire_cites) if where.startswith("result.findings") else ())
        items = [_backing(ctx, c.item) for c in pool if c.valid and c.item is not None]
        support = _memo(ctx, _supports, claim_support, text, items)
        # Polarity on both sides: a claim its citations say the opposite of is contradicted,
        # whatever words it shares with them.
        judge = ctx.chosen_detector("support")
        if judge is not None and items:
            label, label_why = judged_support(judge, text, [b.item for b in items])
        elif items:
            label, label_why = _memo(
                ctx, _labels, partial(support_label, lexical=lexical), text, items
            )
        else:
            label, label_why = "unsupported", ""
        # Only what the claim itself asserts can disagree with the host: a quote reports what an
        # item says ("the focus field reads 'in progress'") without vouching for it.
        truth, truth_note = _expected_truth(ctx, support.asserted, stated)
        if items:
            # The detector's label stands for the word overlap, not beside it: the lexical one
            # links a claim to its evidence by structure and reads polarity, so "Marek has not
            # received the render files yet" is supported by a queued delivery in any words.
            # Its reason goes with it, unless the overlap agrees and names what backs it.
            agreed = label == "supported" and support.supported
            support = replace(support, supported=label == "supported",
                              why=support.why if agreed else label_why)  # fmt: skip
        if not pool:
            why = "cites no evidence"
        elif label == "contradicted":
            why = f"contradicted by its citations: {label_why}"
        elif not support.supported:
            why = support.why
        elif truth is False:
            why = f"cited, but disagrees with the host: {truth_note}"
        else:
            why = support.why
        supported = support.supported and label != "contradicted" and truth is not False
        outcome = "contradicted" if label == "contradicted" else (
            "supported" if supported else "unsupported")  # fmt: skip
        claim_checks.append((ClaimCheck(where, text, own, truth, outcome), supported, why))
    analysis = EvidenceAnalysis(tuple(checks), tuple(claim_checks))
    return analysis


@scorer(
    "evidence_fidelity",
    values=EvidenceFidelityValues,
    detector="lexical",
    metrics=[
        mean(
            "citation_precision",
            better="higher",
            description="mean per-run share of citations that are valid (runs with citations)",
        ),
        pooled(
            "citation_precision_pooled",
            kind="rate",
            numerator="valid_citations",
            denominator="citations",
            better="higher",
            description="valid citations over all citations (pooled)",
        ),
        mean(
            "claim_support_rate",
            better="higher",
            description="mean per-run share of claims that are supported (runs with claims)",
        ),
        pooled(
            "claim_support_pooled",
            kind="rate",
            numerator="supported_claims",
            denominator="claims",
            better="higher",
            description="supported claims over all claims (pooled)",
        ),
        mean(
            "decisive_recall",
            better="higher",
            description="mean per-run share of the host's decisive evidence that was cited",
        ),
    ],
)
def evidence_fidelity(ctx: ScoreContext) -> Score[EvidenceFidelityValues]:
    analysis = analyse(ctx)
    citations = analysis.citations
    valid = sum(c.valid for c in citations)
    fabricated = [c for c in citations if c.fabricated]
    supported = sum(s for _, s, _ in analysis.claims)
    decisive = list(ctx.package.host.decisive_evidence)
    cited = [d for d in decisive if d in analysis.valid_ids]
    values: EvidenceFidelityValues = {
        "citations": len(citations),
        "valid_citations": valid,
        "fabricated_citations": len(fabricated),
        "citation_precision": ratio(valid, len(citations)),
        "claims": len(analysis.claims),
        "supported_claims": supported,
        "unsupported_claims": len(analysis.claims) - supported,
        "contradicted_claims": sum(c.outcome == "contradicted" for c, _, _ in analysis.claims),
        "claim_support_rate": ratio(supported, len(analysis.claims)),
        "decisive_total": len(decisive),
        "decisive_cited": len(cited),
        "decisive_recall": ratio(len(cited), len(decisive)),
    }
    details: list[dict[str, Any]] = [c.detail() for c in citations]
    details.extend(
        {
            "kind": "claim",
            "where": claim.where,
            "claim": claim.text,
            "supported": ok,
            "outcome": claim.outcome,
            "detector": ctx.detector_name("support"),
            "why": why,
        }
        for claim, ok, why in analysis.claims
    )
    details.extend(
        {"kind": "decisive", "evidence": d, "cited": d in analysis.valid_ids} for d in decisive
    )
    parts = [f"{valid}/{len(citations)} citations valid"]
    if fabricated:
        parts.append("fabricated: " + ", ".join(_name(c.citation) for c in fabricated[:3]))
    invalid = [c for c in citations if not c.valid and not c.fabricated]
    if invalid:
        parts.append(f"invalid: {_name(invalid[0].citation)} ({invalid[0].reason})")
    parts.append(f"{supported}/{len(analysis.claims)} claims supported")
    unsupported = [(c, why) for c, ok, why in analysis.claims if not ok]
    if unsupported:
        parts.append(f"unsupported: {unsupported[0][0].text!r} ({unsupported[0][1]})")
    if decisive:
        missing = [d for d in decisive if d not in analysis.valid_ids]
        parts.append(
            f"decisive cited {len(cited)}/{len(decisive)}"
            + (f", missing {', '.join(missing)}" if missing else "")
        )
    return Score(values, "; ".join(parts), details, detector=ctx.detector_name("support"))


def _name(citation: dict[str, Any]) -> str:
    for key in ("id", "source", "artifact", "raw"):
        value = citation.get(key)
        if value:
            return str(value)
    return "?"
