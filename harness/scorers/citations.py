"""Citation validity: does a citation name exactly one evidence item of the package, dated at or
before ``recorded_at``, whose text holds any quote it gives?"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

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
    when_text = citation.timestamp or citation.offset_or_timestamp
    when = parse_time(when_text)
    if citation.artifact and package.evidence(citation.artifact):
        if citation.offset_or_timestamp and when is None:
            # an artifact names an item by its id only with no offset: "line 1" points inside
            # something, and is not the item's instant
            return CitationCheck(
                where, shown, None, False, False,
                f"artifact {citation.artifact!r} cited with offset "
                f"{citation.offset_or_timestamp!r}, which is not an instant",
            )  # fmt: skip
        if cited_id is None:
            cited_id, source = citation.artifact, citation.source  # an artifact named by its id
        elif citation.artifact != cited_id:
            # two fields name two items: the citation names no single one
            return CitationCheck(
                where, shown, None, False, False,
                f"id {cited_id!r} and artifact {citation.artifact!r} name two items",
            )  # fmt: skip
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
            if len(timed) > 1:
                # the definition asks for exactly one item: a quote does not choose among them
                ids = ", ".join(i.id for i in timed)
                return CitationCheck(
                    where, shown, None, False, False,
                    f"source {source!r} at {when_text} names {len(timed)} items ({ids})",
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
    if citation.quote and _squeezed(citation.quote) not in _squeezed(item.text):
        # A quote is the item's words as written: case and runs of whitespace are forgiven,
        # a dropped comma or an added word is not (a changed word is a misquote too).
        absent = sorted(_words(citation.quote) - _words(item.text))
        missing = f"quoted words {', '.join(absent)} not in {item.id}" if absent else ""
        return CitationCheck(
            where, shown, item, False, False,
            missing or f"quote {citation.quote!r} not found as written in {item.id}",
        )  # fmt: skip
    return CitationCheck(where, shown, item, True, False, f"names {item.id}")


def _squeezed(text: str) -> str:
    """Text folded and lower-cased with whitespace runs made one space: the form quotes match."""
    return " ".join(unicodedata.normalize("NFC", text).lower().split())


def _words(text: str) -> frozenset[str]:
    return frozenset(w.strip("'") for w in normalise(text).replace("-", " ").split()) - STOPWORDS
