"""Evidence fidelity: are citations real, do they back the claims, is decisive evidence cited?"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from rapidfuzz import fuzz

from harness.schema import Citation, EvidenceItem, Package
from harness.scorers.base import Score, ScoreContext, Thresholds, ratio, scorer
from harness.scorers.text import (
    STOPWORDS,
    negated,
    normalise,
    overlap,
    parse_time,
    without_negation,
)

DEFAULT_THRESHOLDS = Thresholds()


@dataclass(frozen=True)
class CitationCheck:
    where: str
    citation: dict[str, Any]
    item: EvidenceItem | None
    valid: bool
    fabricated: bool
    reason: str

    def detail(self) -> dict[str, Any]:
        return {
            "kind": "citation",
            "where": self.where,
            "citation": self.citation,
            "evidence": self.item.id if self.item else None,
            "valid": self.valid,
            "fabricated": self.fabricated,
            "why": self.reason,
        }


@dataclass(frozen=True)
class ClaimCheck:
    where: str
    text: str
    citations: tuple[CitationCheck, ...]
    holds: bool | None


def _parse_citation(raw: Any) -> Citation | None:
    if isinstance(raw, Citation):
        return raw
    if isinstance(raw, str):
        # A bare string is the commonest shorthand for an evidence id.
        return Citation(id=raw)
    if isinstance(raw, dict):
        try:
            return Citation.model_validate(raw)
        except ValidationError:
            return None
    return None


def _source_matches(item: EvidenceItem, source: str) -> bool:
    return item.source == source or item.source.strip("./") == source.strip("./")


def check_citation(
    package: Package, raw: Any, where: str, thresholds: Thresholds = DEFAULT_THRESHOLDS
) -> CitationCheck:
    """Validate one citation against the package context, explaining the verdict."""
    citation = _parse_citation(raw)
    shown = raw if isinstance(raw, dict) else {"raw": raw}
    if citation is None:
        return CitationCheck(where, shown, None, False, False, "not a citation object")
    cited_id = citation.id or None
    source = citation.source or citation.artifact
    if cited_id is None and citation.artifact and package.evidence(citation.artifact):
        cited_id, source = citation.artifact, citation.source  # an artifact named by its id
    when_text = citation.timestamp or citation.offset_or_timestamp
    when = parse_time(when_text)
    item: EvidenceItem | None = None
    if cited_id:
        item = package.evidence(cited_id)
        if item is None:
            # Some writers put the source path in the id field; accept it if it pins one item.
            source = source or cited_id
    if item is None and source:
        by_source = [i for i in package.context if _source_matches(i, source)]
        if not by_source:
            name = cited_id or source
            return CitationCheck(where, shown, None, False, True, f"no evidence named {name!r}")
        if when is None:
            # FORMAT.md: a source pins an item only together with its time; an offset ("line 3")
            # or nothing is not a time, even when the source holds a single item today.
            got = f" ({when_text!r} is not a time)" if when_text else ""
            return CitationCheck(
                where, shown, None, False, False, f"source {source!r} cited without a time{got}"
            )
        else:
            timed = [i for i in by_source if i.at == when]
            if not timed:
                times = ", ".join(i.at.isoformat() for i in by_source)
                return CitationCheck(
                    where, shown, None, False, False,
                    f"source {source!r} has no item at {when_text} (items at {times})",
                )  # fmt: skip
            item = timed[0]
    if item is None:
        return CitationCheck(where, shown, None, False, False, "names neither id nor source")
    if item.at > package.recorded_at:
        return CitationCheck(
            where, shown, item, False, False,
            f"{item.id} is dated {item.at.isoformat()}, after recorded_at",
        )  # fmt: skip
    if when is not None and cited_id and item.id == cited_id and when != item.at:
        return CitationCheck(
            where, shown, item, False, False,
            f"{item.id} is dated {item.at.isoformat()}, not {when_text}",
        )  # fmt: skip
    if citation.quote:
        score = fuzz.partial_ratio(normalise(citation.quote), normalise(item.text))
        # Fuzzy matching forgives punctuation and case; a changed word (queued -> succeeded) is
        # still a misquote, so every quoted content word must also be in the item.
        absent = sorted(_words(citation.quote) - _words(item.text))
        if absent:
            return CitationCheck(
                where, shown, item, False, False,
                f"quoted words {', '.join(absent)} not in {item.id}",
            )  # fmt: skip
        if score < thresholds.quote:
            return CitationCheck(
                where, shown, item, False, False,
                f"quote {citation.quote!r} not found in {item.id} (match {score:.0f})",
            )  # fmt: skip
    return CitationCheck(where, shown, item, True, False, f"names {item.id}")


def _words(text: str) -> frozenset[str]:
    return frozenset(w.strip("'") for w in normalise(text).replace("-", " ").split()) - STOPWORDS


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


def _cited_text(item: EvidenceItem) -> str:
    data = item.data or {}
    extras = " ".join(str(v) for v in data.values() if isinstance(v, str | int | float))
    return f"{item.text} {extras}"


@dataclass(frozen=True)
class EvidenceAnalysis:
    citations: tuple[CitationCheck, ...]
    claims: tuple[tuple[ClaimCheck, bool, str], ...]

    @property
    def valid_ids(self) -> frozenset[str]:
        return frozenset(c.item.id for c in self.citations if c.valid and c.item is not None)


def _expected_truth(ctx: ScoreContext, text: str, stated: Any) -> tuple[bool | None, str]:
    """Does the host's expected fact that this claim restates agree with it? None: no such fact."""
    expect = ctx.package.host.expect.reconcile
    if expect is None or not expect.facts:
        return None, ""
    plain = normalise(without_negation(text))
    best = max(
        expect.facts,
        key=lambda f: fuzz.token_set_ratio(plain, normalise(without_negation(f.claim))),
    )
    score = fuzz.token_set_ratio(plain, normalise(without_negation(best.claim)))
    if score < ctx.thresholds.expected_fact:
        return None, ""
    asserts_expected = negated(text) == negated(best.claim)
    if isinstance(stated, bool):
        asserts_expected = asserts_expected == stated
    agrees = asserts_expected == best.holds
    return agrees, f"host expects {best.claim!r} holds={best.holds}"


def analyse(ctx: ScoreContext) -> EvidenceAnalysis:
    """Check every citation and claim once; memoised on the context for the other scorers."""
    cached = ctx.shared.get("evidence")
    if isinstance(cached, EvidenceAnalysis):
        return cached
    package, thresholds = ctx.package, ctx.thresholds
    checks: list[CitationCheck] = []
    claim_checks: list[tuple[ClaimCheck, bool, str]] = []
    inquire_cites = [
        check_citation(package, raw, f"result.citations[{i}]", thresholds)
        for i, raw in enumerate(ctx.result.get("citations") or [])
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
        backing = [
            c for c in pool
            if c.valid and c.item is not None
            and overlap(text, _cited_text(c.item)) >= thresholds.claim_support
        ]  # fmt: skip
        truth, truth_note = _expected_truth(ctx, text, stated)
        if not pool:
            why = "cites no evidence"
        elif not backing:
            why = "no valid citation backs it lexically"
        elif truth is False:
            why = f"cited, but disagrees with the host: {truth_note}"
        else:
            why = f"backed by {', '.join(c.item.id for c in backing if c.item)}"
        supported = bool(backing) and truth is not False
        claim_checks.append((ClaimCheck(where, text, own, truth), supported, why))
    analysis = EvidenceAnalysis(tuple(checks), tuple(claim_checks))
    ctx.shared["evidence"] = analysis
    return analysis


@scorer("evidence_fidelity")
def evidence_fidelity(ctx: ScoreContext) -> Score:
    analysis = analyse(ctx)
    citations = analysis.citations
    valid = sum(c.valid for c in citations)
    fabricated = [c for c in citations if c.fabricated]
    supported = sum(s for _, s, _ in analysis.claims)
    decisive = list(ctx.package.host.decisive_evidence)
    cited = [d for d in decisive if d in analysis.valid_ids]
    values: dict[str, Any] = {
        "citations": len(citations),
        "valid_citations": valid,
        "fabricated_citations": len(fabricated),
        "citation_precision": ratio(valid, len(citations)),
        "claims": len(analysis.claims),
        "supported_claims": supported,
        "unsupported_claims": len(analysis.claims) - supported,
        "claim_support_rate": ratio(supported, len(analysis.claims)),
        "decisive_total": len(decisive),
        "decisive_cited": len(cited),
        "decisive_recall": ratio(len(cited), len(decisive)),
    }
    details: list[dict[str, Any]] = [c.detail() for c in citations]
    details.extend(
        {"kind": "claim", "where": claim.where, "claim": claim.text, "supported": ok, "why": why}
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
    return Score(values, "; ".join(parts), details)


def _name(citation: dict[str, Any]) -> str:
    for key in ("id", "source", "artifact", "raw"):
        value = citation.get(key)
        if value:
            return str(value)
    return "?"


def decisive_cited(ctx: ScoreContext) -> list[str]:
    valid = analyse(ctx).valid_ids
    return [d for d in ctx.package.host.decisive_evidence if d in valid]
