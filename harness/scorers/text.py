"""Text helpers the scorers share: normalisation, sentences, content tokens, times.

Plain and deterministic: no models, only rules, so a score can be explained by the rule that fired.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from functools import lru_cache

_QUOTE_MAP = str.maketrans(
    {"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"',
     "\u2013": "-", "\u2014": " - ", "\u00a0": " "}
)  # fmt: skip
_NON_WORD = re.compile(r"[^\w\s'-]+")
_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=8192)
def clean(text: str) -> str:
    """Unicode-folded, lower-cased text with typographic quotes and dashes made plain."""
    return (
        _SPACES.sub(" ", unicodedata.normalize("NFKC", text).translate(_QUOTE_MAP)).strip().lower()
    )


@lru_cache(maxsize=8192)
def normalise(text: str) -> str:
    """``clean`` text with punctuation turned to spaces: the form fuzzy matching compares."""
    return _SPACES.sub(" ", _NON_WORD.sub(" ", clean(text).replace("_", " "))).strip()


# Splits after . ! ? (not inside verbs like message.send, which have no space after the dot)
# and at line breaks and list bullets.
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n+\s*(?:[-*\u2022]\s+)?")
_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "approx.", "no.", "mr.", "ms.", "dr.")


def sentences(text: str) -> list[str]:
    """Sentences of ``text``; abbreviations such as "e.g." do not end one."""
    parts = [p.strip() for p in _SENTENCE_END.split(text) if p and p.strip()]
    merged: list[str] = []
    for part in parts:
        if merged and merged[-1].lower().endswith(_ABBREVIATIONS):
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    return merged


STOPWORDS: frozenset[str] = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "into",
        "onto",
        "over",
        "under",
        "about",
        "as",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "it",
        "its",
        "it's",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "i",
        "me",
        "my",
        "we",
        "our",
        "you",
        "your",
        "he",
        "him",
        "his",
        "she",
        "her",
        "they",
        "them",
        "their",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "all",
        "any",
        "both",
        "each",
        "few",
        "more",
        "most",
        "other",
        "some",
        "such",
        "only",
        "own",
        "same",
        "so",
        "than",
        "too",
        "very",
        "can",
        "will",
        "just",
        "should",
        "now",
        "also",
        "not",
        "no",
        "nor",
        "yet",
        "then",
        "once",
        "up",
        "down",
        "out",
        "off",
        "again",
        "further",
        "s",
        "t",
    ]
)

#: Words that name the same thing in host records and in prose (a DM is a message.send).
_SYNONYMS: dict[str, str] = {
    "dm": "message", "dms": "message", "note": "message", "email": "message", "mail": "message",
    "sent": "send", "sending": "send", "sends": "send", "delivered": "deliver",
    "journaled": "journal", "journalled": "journal", "journaling": "journal",
    "registered": "register", "sealed": "seal", "published": "publish", "posted": "post",
    "rendered": "render", "acknowledged": "ack", "acknowledge": "ack", "acked": "ack",
    "queue": "queued", "pending": "queued", "succeeded": "success", "successful": "success",
    "successfully": "success", "failed": "fail", "failure": "fail",
}  # fmt: skip


def _stem(word: str) -> str:
    word = _SYNONYMS.get(word, word)
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return _SYNONYMS.get(word[: -len(suffix)], word[: -len(suffix)])
    return word


@lru_cache(maxsize=8192)
def content_tokens(text: str) -> frozenset[str]:
    """Stemmed content words of ``text`` (dotted verbs split into their parts)."""
    words = normalise(text.replace(".", " ").replace(":", " ").replace("/", " ")).split()
    return frozenset(_stem(w.strip("'-")) for w in words if w.strip("'-") not in STOPWORDS and w)


def overlap(claim: str, support: str) -> float:
    """Share of the claim's content words that the supporting text also has (0..1)."""
    wanted = content_tokens(claim)
    if not wanted:
        return 0.0
    return len(wanted & content_tokens(support)) / len(wanted)


_NEGATION = re.compile(
    r"\b(not|never|no|none|nothing|neither|nor|without|unsent|undelivered|unconfirmed|only)\b|n't\b"
)


def negated(text: str) -> bool:
    """True when the text carries a negation (polarity check for expected facts)."""
    return bool(_NEGATION.search(clean(text)))


def without_negation(text: str) -> str:
    return _SPACES.sub(" ", _NEGATION.sub(" ", clean(text))).strip()


@lru_cache(maxsize=4096)
def parse_time(value: str | None) -> datetime | None:
    """An instant from either ISO spelling (``Z`` or ``+00:00``, ``T`` or space), in UTC."""
    if not value:
        return None
    text = value.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    if parsed.tzinfo is None:
        # A time without zone in a citation is read as UTC, the zone every package records in.
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC)


def iter_strings(
    value: object, path: str, skip: frozenset[str] = frozenset()
) -> Iterator[tuple[str, str]]:
    """Every (field path, string) inside a JSON value, skipping keys named in ``skip``."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key in value:
            if str(key) in skip:
                continue
            yield from iter_strings(value[key], f"{path}.{key}" if path else str(key), skip)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from iter_strings(item, f"{path}[{i}]", skip)


def name_variants(name: str) -> tuple[str, ...]:
    """Spellings of a host target name in prose: ``project-general`` and ``project general``."""
    base = clean(name)
    variants = {base, base.replace("-", " "), base.replace("_", " "), base.replace("_", "-")}
    return tuple(sorted(v for v in variants if v))


def mentions(text_clean: str, names: Iterable[str]) -> list[str]:
    """The names (any variant) that occur as whole words in already-``clean`` text."""
    found: list[str] = []
    for name in names:
        for variant in name_variants(name):
            if _word_search(variant, text_clean):
                found.append(name)
                break
    return found


@lru_cache(maxsize=4096)
def _word_pattern(word: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w])" + re.escape(word) + r"(?![\w])")


def _word_search(word: str, text: str) -> bool:
    return word in text and _word_pattern(word).search(text) is not None
