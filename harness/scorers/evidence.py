"""Evidence fidelity: are citations real, do they back the claims, is decisive evidence cited?"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC
from typing import Any

from pydantic import ValidationError
from rapidfuzz import fuzz

from harness.metrics.spec import mean, pooled
from harness.schema import Citation, EvidenceItem, Package
from harness.scorers.base import Score, ScoreContext, Thresholds, ratio, scorer
from harness.scorers.completion.grammar import detect
from harness.scorers.completion.lexicon import Action
from harness.scorers.judged import judged_support
from harness.text.names import named_in
from harness.text.normal import ascii_fold, clean, fold, normalise
from harness.text.polarity import Polarity, polarity, status_polarity, without_outcome_words
from harness.text.stance import (
    EvidenceClause,
    clauses,
    evidence_clauses,
    evidence_negates,
    predicate_tokens,
    stance,
    statements,
)
from harness.text.support import (
    STOPWORDS,
    backed_tokens,
    claim_tokens,
    denies_completion,
    disputes,
    evidence_tokens,
    hex_runs,
    quoted_spans,
    support_tokens,
    without_negation,
)
from harness.text.times import parse_time, times_in

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
    #: ``supported``, ``contradicted`` (its citations say the opposite) or ``unsupported``.
    outcome: str = "unsupported"


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


def _flat(value: Any, depth: int = 0) -> Iterator[str]:
    """Keys and scalar values of an item's data, nested ones too (checks, measurements)."""
    if depth > 4:
        return
    if isinstance(value, dict):
        for key, inner in value.items():
            yield str(key)
            yield from _flat(inner, depth + 1)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from _flat(inner, depth + 1)
    elif isinstance(value, str | int | float) and not isinstance(value, bool):
        yield str(value)


@dataclass(frozen=True)
class Backing:
    """What one cited item can back: its words (text, id, source, kind, data), digests, time."""

    item: EvidenceItem
    tokens: frozenset[str]
    words: frozenset[str]
    hexes: tuple[str, ...]
    date: str
    clock: str
    #: ``clean`` text, id and source, where an id the claim names ("session#2026-...") is found.
    plain: str
    #: What the item's text and fields state, clause by clause, each with its negation.
    clauses: tuple[EvidenceClause, ...] = ()

    @classmethod
    def of(cls, item: EvidenceItem) -> Backing:
        at = item.at.astimezone(UTC)
        # Prose names an item's day by month and day ("the August 20 note"), not by ISO date.
        day = f"{at:%B} {at:%b} {at.day} {at:%A}"
        whole = " ".join([item.text, item.id, item.source, item.kind, day,
                          *_flat(item.data or {})])  # fmt: skip
        stated = evidence_clauses(item.text, item.data)
        return cls(
            item,
            # Hyphenated names in the item's own words may be written apart in a claim.
            support_tokens(whole).union(evidence_tokens(item.text), *(c.tokens for c in stated)),
            frozenset(ascii_fold(normalise(whole)).split()),
            tuple(hex_runs(clean(whole))),
            at.strftime("%Y-%m-%d"),
            at.strftime("%H:%M"),
            ascii_fold(clean(whole)),
            stated,
        )


@dataclass(frozen=True)
class Support:
    supported: bool
    backing: tuple[str, ...]
    why: str
    #: The claim's own assertion: without the evidence it quotes or the mentions it disputes.
    asserted: str = ""


def _quotes_item(span: str, backing: Backing, thresholds: Thresholds) -> bool:
    words = _words(span)
    return (
        bool(words)
        and words <= _words(backing.item.text)
        and (fuzz.partial_ratio(normalise(span), normalise(backing.item.text)) >= thresholds.quote)
    )


#: A quote the claim attributes to evidence ("receipt:deleg-7 says '...'"), not to a draft.
_ATTRIBUTED = re.compile(r"\b(?:says|reads|read|writes|wrote|states|records|quotes)\s*:?\s*$")


def _misquotes(span: str, backing: Backing) -> bool:
    """Mostly the item's words, but not all of them: a quote with a word changed."""
    words = _words(span)
    return len(words) >= 3 and len(words & _words(backing.item.text)) >= 0.6 * len(words)


def _names_backed(mention: str, tokens: frozenset[str]) -> bool:
    """A disputed mention must be about what the evidence is about: the names it gives (Patrick,
    render-7601) are in the cited items, or, naming none, it shares a content word with them."""
    named = named_in(mention)
    if named:
        return any(support_tokens(n.literal) <= tokens for n in named)
    return bool(support_tokens(mention) & tokens)


def claim_support(text: str, pool: list[Backing], thresholds: Thresholds) -> Support:
    """Is the claim backed by its valid cited items taken together?

    A quoted span found in a cited item is the evidence speaking and needs no further backing; a
    quoted span found in none is something the claim mentions (a draft sentence), which the claim
    either asserts (measured like its own words) or disputes ("Unsupported: '...'"; then it must
    only be about the same target as the evidence). The claim's own words, without reporting
    words, must be in the cited items (share above ``thresholds.claim_support``); dates, clock times
    and digest prefixes count when a cited item carries them.
    """
    folded = fold(text)
    tokens = frozenset().union(*(b.tokens for b in pool))
    quoted: list[Backing] = []
    mentions: list[str] = []
    own_parts: list[str] = []
    last = 0
    for start, end, span in quoted_spans(folded):
        own_parts.append(folded[last:start])
        last = end
        hit = next((b for b in pool if _quotes_item(span, b, thresholds)), None)
        if hit is not None:
            quoted.append(hit)
            continue
        near = next((b for b in pool if _misquotes(span, b)), None)
        if near is not None and _ATTRIBUTED.search(folded[:start]):
            return Support(False, (), f"misquotes {near.item.id}: {span!r}", folded)
        mentions.append(span)
    own_parts.append(folded[last:])
    own = " ".join(own_parts)
    disputed = bool(mentions) and disputes(own)
    if mentions and not disputed:
        own = " ".join([own, *mentions])  # an asserted mention is the claim's own words
    if not pool:
        return Support(False, (), "no valid citation backs it lexically", own)
    if disputed and not all(_names_backed(m, tokens) for m in mentions):
        return Support(False, (), "disputes something its citations do not concern", own)
    own_clean = clean(ascii_fold(own))
    unbacked: list[str] = []
    rest: list[str] = []
    cut = 0
    for start, end, date, clock in times_in(own_clean):
        rest.append(own_clean[cut:start])
        cut = end
        if not any(
            (date is None or date == b.date) and (clock is None or clock == b.clock) for b in pool
        ):
            unbacked.append(own_clean[start:end])
    rest.append(own_clean[cut:])
    remaining = " ".join(rest)
    hexes = frozenset(h for b in pool for h in b.hexes)
    for run in hex_runs(remaining):
        remaining = remaining.replace(run, " ")
        if not any(h.startswith(run) for h in hexes):
            unbacked.append(run)
    if unbacked:
        # A time or digest is not paraphrased: one the cited items do not carry is a wrong one.
        return Support(False, (), f"its citations do not carry {', '.join(unbacked[:2])}", own)
    strangers = [
        n.literal
        for n in named_in(own)
        if not support_tokens(n.literal) <= tokens and not any(n.literal in b.plain for b in pool)
    ]
    if strangers:
        return Support(
            False, (), f"names {', '.join(strangers[:2])}, absent from its citations", own
        )
    wanted = claim_tokens(remaining)
    backed = backed_tokens(wanted, tokens)
    total = len(wanted) + len(unbacked)
    used = tuple(dict.fromkeys(
        [b.item.id for b in quoted] + [b.item.id for b in pool if b.tokens & backed]
    ))  # fmt: skip
    if total == 0:
        if quoted:
            return Support(True, used, f"quotes {', '.join(used)}", own)
        return Support(False, (), "asserts nothing its citations could back", own)
    share = len(backed) / total
    if share <= thresholds.claim_support:  # half the words or fewer: the rest is the claim's own
        missing = sorted(wanted - backed)[:4] + unbacked[:2]
        return Support(
            False, (), f"no valid citation backs it lexically ({share:.0%}; not in evidence: "
            f"{', '.join(missing)})", own,
        )  # fmt: skip
    return Support(True, used, f"backed by {', '.join(used)}", own)


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
    # A claim made only of "<id> says '<quote>'" asserts nothing of its own: the quote is the
    # evidence speaking, and an evidence id is no statement to hold against the host.
    ids = {item.id.lower() for item in ctx.package.context}
    text = " ".join(w for w in text.split() if w.lower().strip(".,;:()") not in ids)
    if expect is None or not expect.facts or not claim_tokens(text):
        return None, ""
    plain = normalise(without_negation(text))
    best = max(
        expect.facts,
        key=lambda f: fuzz.token_set_ratio(plain, normalise(without_negation(f.claim))),
    )
    score = fuzz.token_set_ratio(plain, normalise(without_negation(best.claim)))
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


def _analyse(ctx: ScoreContext) -> EvidenceAnalysis:
    package, thresholds = ctx.package, ctx.thresholds
    checks: list[CitationCheck] = []
    claim_checks: list[tuple[ClaimCheck, bool, str]] = []
    backings: dict[str, Backing] = {}
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
        items = [
            backings.setdefault(c.item.id, Backing.of(c.item))
            for c in pool if c.valid and c.item is not None
        ]  # fmt: skip
        support = claim_support(text, items, thresholds)
        # Polarity on both sides: a claim its citations say the opposite of is contradicted,
        # whatever words it shares with them.
        judge = ctx.chosen_detector("support")
        if judge is not None and items:
            label, label_why = judged_support(judge, text, [b.item for b in items])
        else:
            label, label_why = (
                support_label(text, items, thresholds) if items else ("unsupported", "")
            )
        # Only what the claim itself asserts can disagree with the host: a quote reports what an
        # item says ("the focus field reads 'in progress'") without vouching for it.
        truth, truth_note = _expected_truth(ctx, support.asserted, stated)
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
        if judge is not None and items:
            # The chosen detector's label stands for the lexical overlap, not beside it.
            support = replace(support, supported=label == "supported",
                              why=label_why if label != "supported" else support.why)  # fmt: skip
            why = (f"contradicted by its citations: {label_why}" if label == "contradicted"
                   else label_why if label != "supported" else why)  # fmt: skip
        supported = support.supported and label != "contradicted" and truth is not False
        outcome = "contradicted" if label == "contradicted" else (
            "supported" if supported else "unsupported")  # fmt: skip
        claim_checks.append((ClaimCheck(where, text, own, truth, outcome), supported, why))
    analysis = EvidenceAnalysis(tuple(checks), tuple(claim_checks))
    return analysis


@scorer(
    "evidence_fidelity",
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


# -- polarity: supported, contradicted or unsupported ------------------------------------------


def _item_state(b: Backing, wanted: frozenset[str]) -> Polarity | None:
    """The outcome one item reports: a receipt's status, else the clause of its text that names
    an outcome and shares most words with the claim ("Got the frame sizes" in a message that
    also says "nothing else needed": each clause keeps its own negation)."""
    state = status_polarity(str((b.item.data or {}).get("status", "")))
    if state is not None:
        return state
    said = statements(b.item.text)
    stated = [(len(wanted & support_tokens(c)), st.says) for c in clauses(said)
              if (st := stance(c)).says is not None]  # fmt: skip
    if stated:
        return max(stated, key=lambda pair: pair[0])[1]
    return polarity(said)


def _occasion_items(core: str, pool: list[Backing]) -> list[Backing]:
    """The cited items of the occasion the claim speaks of: receipts of its own action first
    ("notified" is the message receipt, not the delivery beside it), then those naming most of
    its object ("the second installment", not the first)."""
    families = [h.action for h in detect(core)[0]]
    receipts = [(b, str((b.item.data or {}).get("action", ""))) for b in pool]
    exact = [b for b, a in receipts if any(a == f.verb for f in families)]
    loose = [b for b, a in receipts if any(a and f.matches(a) for f in families)]
    picked = exact or loose
    if families and not picked:
        # no receipt of its action: only an item whose own words state that action can report
        # its outcome ("Patrick paid" is not answered by "Got the frame sizes")
        picked = [b for b, a in receipts if not a and _states_action(b, families)]
        if not picked:
            return []
    picked = picked or pool
    wanted = predicate_tokens(without_outcome_words(core), core)
    shared = {b.item.id: len(wanted & b.tokens) for b in picked}
    most = max(shared.values(), default=0)
    return [b for b in picked if shared[b.item.id] == most] if most else picked


#: Items that are themselves the record of an action: a journal item is a journal entry.
_RECORD_KINDS = {"journal": "journal.append", "registry": "registry.register",
                 "focus": "task.complete", "reminder": "reminder.ack"}  # fmt: skip


def _states_action(b: Backing, families: list[Action]) -> bool:
    """May the item report the outcome of the claim's action? A record of another action (a
    focus item for a send) may not; prose may, unless its words state only other actions."""
    kind = _RECORD_KINDS.get(b.item.kind)
    if kind is not None:
        return any(f.verb == kind or f.matches(kind) for f in families)
    stated = [hit.action for part in clauses(statements(b.item.text))
              for hit in detect(stance(part).core)[0]]  # fmt: skip
    return not stated or any(
        a.verb == f.verb or f.matches(a.verb) or a.matches(f.verb) for a in stated for f in families
    )


def _evidence_polarity(core: str, pool: list[Backing]) -> tuple[Polarity | None, str]:
    """The outcome the items of the claim's occasion report, the newest deciding (a retry
    overtakes a queue)."""
    wanted = support_tokens(core)
    for b in sorted(_occasion_items(core, pool), key=lambda b: b.item.at, reverse=True):
        state = _item_state(b, wanted)
        if state is not None:
            return state, b.item.id
    return None, ""


def _about(core: str, pool: list[Backing]) -> list[Backing]:
    """The cited items about what the claim names (render 0412, not the render-0413 receipt
    cited beside it); all of them when the claim names nothing they carry."""
    named = [evidence_tokens(n.literal) for n in named_in(core)]
    picked = [b for b in pool if named and all(n <= b.tokens for n in named)]
    return picked or pool


_CLAUSE_JOIN = re.compile(r";\s*|\s+but\s+")


def _clause_label(part: str, pool: list[Backing], thresholds: Thresholds) -> tuple[str, str]:
    st = stance(part)
    tokens = frozenset().union(*(b.tokens for b in pool))
    unmentioned = [e for e in st.events if not support_tokens(e) & tokens]
    if unmentioned:
        return "unsupported", f"its citations do not mention that it was {unmentioned[0]}"
    topic = claim_support(without_outcome_words(st.core), pool, thresholds)
    if not topic.supported:
        return "unsupported", topic.why
    about = _about(st.core, pool)
    if st.says is not None:
        reported, item = _evidence_polarity(st.core, about)
        if reported is None:
            return "unsupported", "the claim states an outcome its citations do not report"
        if st.says == reported:
            return "supported", f"{item} reports it {reported}, as the claim says"
        return "contradicted", f"the claim says {st.says}, {item} says {reported}"
    says_not, clause = evidence_negates(st, part, [c for b in about for c in b.clauses])
    if says_not is None or clause is None:
        return ("contradicted", "the claim denies what its citations back") if st.negated else (
            "supported", topic.why)  # fmt: skip
    if says_not == st.negated:
        return "supported", f"as its citation says: {clause.text!r}"
    said = "denies" if says_not else "says"
    return "contradicted", f"its citation {said} it: {clause.text!r}"


def support_label(text: str, pool: list[Backing], thresholds: Thresholds) -> tuple[str, str]:
    """(``supported`` | ``contradicted`` | ``unsupported``, why) for a claim and its cited items.

    Each clause is read for its stance: negation (not, never, no, n't, un-words), the outcome
    state it names (queued, pending, failed vs delivered, applied, in the archive) and response
    events (read, replied) that need their own evidence. Word overlap decides what a clause is
    about; a clause naming an outcome is compared with the state the items report (a receipt's
    status first), any other with the item clause that best matches it, negation on both sides.
    One contradicted clause contradicts the claim.
    """
    # A claim that quotes or disputes reports what others say: its words are not its outcome.
    if not pool or quoted_spans(fold(text)) or disputes(text):
        support = claim_support(text, pool, thresholds)
        return ("supported" if support.supported else "unsupported"), support.why
    labels = [_clause_label(p, pool, thresholds) for p in _CLAUSE_JOIN.split(text) if p.strip()]
    for wanted in ("contradicted", "unsupported"):
        hit = next((lw for lw in labels if lw[0] == wanted), None)
        if hit is not None:
            return hit
    return labels[0] if labels else ("unsupported", "asserts nothing its citations could back")
