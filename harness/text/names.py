"""Text helpers the scorers share: normalisation, sentences, content tokens, times.

Plain and deterministic: no models, only rules, so a score can be explained by the rule that fired.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache

_QUOTE_MAP = str.maketrans(
    {"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"',
     "\u2013": "-", "\u2014": " - ", "\u00a0": " "}
)  # fmt: skip
_NON_WORD = re.compile(r"[^\w\s'-]+")
_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Unicode-folded text with typographic quotes and dashes made plain, case kept."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", text).translate(_QUOTE_MAP)).strip()


@lru_cache(maxsize=8192)
def clean(text: str) -> str:
    """Unicode-folded, lower-cased text with typographic quotes and dashes made plain."""
    return fold(text).lower()


@lru_cache(maxsize=8192)
def ascii_fold(text: str) -> str:
    """Text without diacritics (``Inès`` -> ``Ines``): hosts often store names unaccented."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


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


# -- named targets ------------------------------------------------------------------------------

#: Capitalised words that name days, months, the agents themselves, channels or host records,
#: never the target of an action.
_NOT_NAME_WORDS = """i monday tuesday wednesday thursday friday saturday sunday january february march april may
    june july august september october november december jan feb mar apr jun jul aug sep sept oct
    nov dec utc gmt am pm ok okay vojan uhdim sophobot pi shadow phase stage host signal slack
    discord telegram whatsapp email e-mail gmail github gitlab instagram mastodon bluesky twitter
    journal registry receipt receipts heartbeat focus memory draft drafts inbox outbox reminder
    ledger seal provenance audit note dm message blog site page supported unsupported backed
    contradicted ambiguous confirmed verified done yes no delivery deliveries send sending payment
    upload handoff hand-off transfer shipment dispatch registration booking render rendering merge
    sync publication posting sealing acknowledgement dear hi hello hey according per"""
_NOT_NAMES: frozenset[str] = frozenset(_NOT_NAME_WORDS.split())
#: Words that follow a subject: a capitalised first word is a name when one of these follows it.
_SUBJECT_NEXT = frozenset(
    {"has", "had", "got", "gets", "now", "already", "received", "was", "were", "is", "knows",
     "and", "saw", "opened", "read", "replied", "confirmed", "acknowledged"}
)  # fmt: skip
_PRONOUNS = frozenset(
    {"everything", "everyone", "everybody", "something", "someone", "nothing", "nobody", "anyone",
     "yesterday", "today", "tonight", "earlier", "later", "then", "also", "meanwhile", "both"}
)  # fmt: skip
#: Nouns that head an id when a number follows them ("PR 15", "plates 03 and 04").
ID_HEADS: frozenset[str] = frozenset(
    {"pr", "mr", "issue", "ticket", "plate", "lesson", "render", "invoice", "order", "job", "batch",
     "page", "chapter", "folio", "proof", "print", "scan", "frame", "edition", "release", "task",
     "delegation", "deleg", "sheet", "session", "pull request", "merge request", "reminder",
     "item", "entry", "note", "message", "post", "letter", "parcel", "crate", "box", "lot",
     "shipment", "payment", "booking", "draft"}
)  # fmt: skip
_ID_HEAD_RE = "|".join(sorted((re.escape(h) for h in ID_HEADS), key=len, reverse=True))
_HEAD_NUMBER = re.compile(
    rf"\b(?P<head>{_ID_HEAD_RE})(?:e?s)?\s*(?:no\.?\s*|#\s*)?(?P<nums>\d+[a-z]?"
    r"(?:\s*(?:,|and|&|/|or)\s*#?\d+[a-z]?)*)(?![\w:])"
)
_HASH_NUMBER = re.compile(r"(?<![\w#])#(?P<num>\d+)\b")
_ID_TOKEN = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?![\w-])")
_NOT_ID = re.compile(r"^(?:sha|utf|iso|md|mp|h|x|v|covid|rfc|cve)[-_]?\d+$|^[a-z]+-\d+-fold$")
_NAME_TOKEN = re.compile(r"[^\W\d_][\w'-]*")
_INITIAL = re.compile(r"(?:^|[:;(\"]|\s-)\s*$")


@dataclass(frozen=True)
class Named:
    """A target a sentence names: a capitalised name (``Patrick``) or an id (``PR 15``)."""

    literal: str  # lower-case text as written, to find it again in a clause
    words: tuple[str, ...]  # folded lower-case words of a name; the head word of an id
    number: int | None = None

    @property
    def is_id(self) -> bool:
        return self.number is not None

    @property
    def label(self) -> str:
        if self.number is None or " " not in self.literal:
            return self.literal
        return " ".join([*self.words, str(self.number)])


def _stem_word(word: str) -> str:
    word = ascii_fold(word.lower()).removesuffix("'s")
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


@lru_cache(maxsize=8192)
def target_words(target: str) -> tuple[frozenset[str], frozenset[int]]:
    """The stemmed words and the numbers of a host target name (``send-plate-7-scan``)."""
    parts = [p for p in re.split(r"[\s_.:/#-]+", clean(target)) if p]
    words = frozenset(_stem_word(p) for p in parts if not p.isdigit())
    numbers = frozenset(int(p) for p in parts if p.isdigit())
    return words, numbers


def _id_from_token(token: str) -> Named | None:
    if _NOT_ID.match(token) or not any(c.isdigit() for c in token):
        return None
    parts = [p for p in re.split(r"[-_]", token) if p]
    if all(p.isdigit() for p in parts[1:]) and parts[0].isdigit():
        return None  # a date or a range
    digits = [p for p in parts if p.isdigit()]
    head = next((p for p in parts if not any(c.isdigit() for c in p)), "")
    number = int(digits[-1]) if digits else None
    if number is None:  # tessera-a45: the id is the whole token
        return Named(token, tuple(_stem_word(p) for p in parts), None)
    return Named(token, (_stem_word(head),) if head else (), number)


@lru_cache(maxsize=8192)
def named_in(sentence: str) -> tuple[Named, ...]:
    """Targets a sentence names by name or id, in order (agents, days, channels excluded)."""
    cased = fold(sentence)
    lowered = cased.lower()
    found: list[Named] = []
    taken: list[tuple[int, int]] = []
    for m in _ID_TOKEN.finditer(lowered):
        named = _id_from_token(m.group())
        if named is not None:
            found.append(named)
            taken.append(m.span())
    for m in _HEAD_NUMBER.finditer(lowered):
        if any(s < m.end() and m.start() < e for s, e in taken):
            continue
        taken.append(m.span())
        head = _stem_word(m.group("head"))
        head = "pr" if head in ("pull request", "merge request", "mr") else head
        for num in re.findall(r"\d+", m.group("nums")):
            found.append(Named(m.group(), (head,), int(num)))
    for m in _HASH_NUMBER.finditer(lowered):
        if not any(s <= m.start() < e for s, e in taken):
            found.append(Named(m.group(), (), int(m.group("num"))))
    tokens = list(_NAME_TOKEN.finditer(cased))
    group: list[str] = []
    for index, m in enumerate(tokens):
        word = m.group()
        plain = word.lower().removesuffix("'s")
        # "I've", "We'll", "Didn't": a pronoun or verb with a contraction, never a name
        contracted = "'" in plain and not plain.endswith("'")
        capital = (
            word[0].isupper() and not word.isupper() and plain not in _NOT_NAMES and not contracted
        )
        if capital and _INITIAL.search(cased[: m.start()]):
            # A capitalised first word is a name only as a subject ("Patrick has the note").
            after = tokens[index + 1].group().lower() if index + 1 < len(tokens) else ""
            capital = (
                word.lower().endswith("'s") or after in _SUBJECT_NEXT
            ) and plain not in STOPWORDS | _PRONOUNS
        if capital and not any(s <= m.start() < e for s, e in taken):
            group.append(plain)
            continue
        if group:
            found.append(Named(" ".join(group), tuple(_stem_word(w) for w in group)))
            group = []
    if group:
        found.append(Named(" ".join(group), tuple(_stem_word(w) for w in group)))
    return tuple(found)


def named_matches(named: Named, target: str) -> bool:
    """Does a host target name (``pr-15``, ``send-plate-7-scan``, ``mira``) denote ``named``?"""
    words, numbers = target_words(target)
    if named.number is None:
        return bool(named.words) and set(named.words) <= words
    if named.number not in numbers:
        return False
    # A head the target contradicts (plate 03 vs lesson-03) is another id in another series.
    return not named.words or named.words[0] in words or not (words & ID_HEADS)


# -- claim support ------------------------------------------------------------------------------

#: Words that say how a claim relates to its evidence ("X says", "Supported:", "shows"), not what
#: happened: the evidence cannot be expected to contain them, so support does not count them.
_REPORTING = """supported unsupported backed unbacked evidence evidenced shows show showed shown says say
    said states stated reports reported describes described describe lists listed cites cited
    quotes quoted quote according analysis finds found mentions mentioned reads writes wrote
    word words per"""
REPORTING_WORDS: frozenset[str] = frozenset(_REPORTING.split())
#: Words a claim uses to dispute what it mentions ("Unsupported: 'I sent it'").
_DISPUTE = re.compile(
    r"\b(unsupported|unproven|unbacked|unconfirmed|contradict\w*|disputed?|otherwise|premature"
    r"|not (?:backed|supported|true|so)|no evidence|false)\b"
)
#: A double-quoted span, or a single-quoted one not taken for an apostrophe (it opens after a
#: space, colon or bracket and closes before one).
_QUOTED = re.compile(r"\"(?P<d>[^\"]+)\"|(?<![\w])'(?P<s>[^']+?)'(?![\w])")
#: ISO instants and dates, and bare clock times ("13:27", "09:05Z").
_WHEN = re.compile(
    r"\b(?P<date>\d{4}-\d{2}-\d{2})(?:[t ](?P<hm>\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?"
    r"(?:z|[+-]\d{2}:?\d{2})?)?\b|\b(?P<clock>\d{1,2}:\d{2})(?::\d{2})?z?\b"
)
#: Hex runs that look like digests or their prefixes (a digit and a letter, at least 7 long).
_HEX = re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,64}\b")


def disputes(text: str) -> bool:
    """Does the text dispute something (flag it unsupported, contradicted, not so)?"""
    return bool(_DISPUTE.search(clean(text)))


def quoted_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, inner text) of every quoted span in already-``fold``ed text."""
    return [
        (m.start(), m.end(), m.group("d") or m.group("s") or "") for m in _QUOTED.finditer(text)
    ]


def times_in(text: str) -> list[tuple[int, int, str | None, str | None]]:
    """(start, end, date, HH:MM) of every date, instant or clock time in ``clean`` text."""
    found: list[tuple[int, int, str | None, str | None]] = []
    for m in _WHEN.finditer(text):
        hm = m.group("hm") or m.group("clock")
        if hm is not None and len(hm) == 4:
            hm = "0" + hm  # 9:05 and 09:05 are one time
        found.append((m.start(), m.end(), m.group("date"), hm))
    return found


def hex_runs(text: str) -> list[str]:
    return _HEX.findall(text)


def support_tokens(text: str) -> frozenset[str]:
    """Stemmed content words of a claim or its evidence, diacritics folded (Zdeněk = Zdenek)."""
    return content_tokens(ascii_fold(text))


def claim_tokens(text: str) -> frozenset[str]:
    """``support_tokens`` of a claim without the reporting words a citation need not contain."""
    plain = ascii_fold(text)
    kept = " ".join(w for w in normalise(plain).split() if w.strip("'-") not in REPORTING_WORDS)
    return content_tokens(kept)


#: States that say an action has not (yet) come about: "queued" says what "not sent" says.
_UNDONE = re.compile(
    r"\b(queued|pending|waiting|stalled|failed|bounced|rejected|throttled|cancell?ed|timed out"
    r"|still (?:open|queued|pending|waiting))\b"
)
_DONE = re.compile(r"\b(succeeded|delivered|completed|done|confirmed|arrived)\b")


def denies_completion(text: str) -> bool:
    """Polarity of a claim about an outcome: negated, or naming a not-done state without a done
    one ("has not happened yet (receipt queued)" and "is still queued" agree)."""
    plain = clean(text)
    return negated(plain) or (bool(_UNDONE.search(plain)) and not _DONE.search(plain))
