"""Words a claim and its evidence share: content tokens, negation, quotes, times, digests.

Plain and deterministic: no models, only rules, so a support verdict can be explained by the rule
that fired.
"""

from __future__ import annotations

import re
from functools import lru_cache

from harness.text.normal import ascii_fold, clean, normalise

_SPACES = re.compile(r"\s+")

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
        "re",
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
    "delivery": "deliver", "deliveries": "deliver", "scheduled": "schedule", "replied": "reply",
    "replies": "reply", "applied": "apply", "hashes": "hash", "retried": "retry",
    "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
}  # fmt: skip


def _stem(word: str) -> str:
    word = _SYNONYMS.get(word, word)
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return _SYNONYMS.get(word[: -len(suffix)], word[: -len(suffix)])
    return word


#: A normalised word -> its content token ("" for a stop word). Prose repeats its words, and
#: stripping and stemming each one anew was most of what ``content_tokens`` cost. Emptied when
#: full, so it stays a few MB whatever the corpus.
_TOKENS: dict[str, str] = {}
_MAX_TOKENS = 1 << 16


def _token(word: str) -> str:
    plain = word.removesuffix("'s").strip("'-")
    token = _stem(plain) if plain and plain not in STOPWORDS else ""
    if len(_TOKENS) >= _MAX_TOKENS:
        _TOKENS.clear()
    _TOKENS[word] = token
    return token


@lru_cache(maxsize=8192)
def content_tokens(text: str) -> frozenset[str]:
    """Stemmed content words of ``text`` (dotted verbs split into their parts)."""
    words = normalise(text.replace(".", " ").replace(":", " ").replace("/", " ")).split()
    known = _TOKENS.get
    tokens = set()
    for word in words:
        token = known(word)
        tokens.add(_token(word) if token is None else token)
    tokens.discard("")  # stop words (a stemmed word is never empty)
    return frozenset(tokens)


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


def hex_runs(text: str) -> list[str]:
    return _HEX.findall(text)


def support_tokens(text: str) -> frozenset[str]:
    """Stemmed content words of a claim or its evidence, diacritics folded (Zdeněk = Zdenek)."""
    return content_tokens(ascii_fold(text))


def evidence_tokens(text: str) -> frozenset[str]:
    """``support_tokens`` of evidence, with the parts of hyphenated names too (``render-0413``
    also gives ``render`` and ``0413``), so a claim may write the name either way."""
    return support_tokens(text) | support_tokens(text.replace("-", " "))


def claim_tokens(text: str) -> frozenset[str]:
    """``support_tokens`` of a claim without the reporting words a citation need not contain."""
    plain = ascii_fold(text)
    kept = " ".join(w for w in normalise(plain).split() if w.strip("'-") not in REPORTING_WORDS)
    return content_tokens(kept)


def backed_tokens(wanted: frozenset[str], tokens: frozenset[str]) -> frozenset[str]:
    """The claim tokens that ``tokens`` carry: whole, or a hyphenated one by all of its parts
    (``scan-archive`` in ``scan-archive-rotation``; ``render-0413`` as ``render 0413``)."""
    return frozenset(
        w for w in wanted
        if w in tokens or ("-" in w and support_tokens(w.replace("-", " ")) <= tokens)
    )  # fmt: skip


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
