"""Citation validity: does a citation name exactly one evidence item of the package, dated at or
before ``recorded_at``, whose text holds any quote it gives?"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from rapidfuzz import fuzz

from harness.schema import Citation, EvidenceItem, Package
from harness.scorers.base import Thresholds
from harness.text.normal import normalise
from harness.text.support import STOPWORDS
from harness.text.times import parse_time

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
