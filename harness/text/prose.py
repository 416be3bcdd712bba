"""Word-level prose tests the reference runner's stage rules read: tokens, action verbs,
negation, open matters, intent and injection.

Recorded prose is untrusted data. Nothing here follows an instruction found in it; these helpers
only classify words so the stage rules can match prose to the structured evidence.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from harness.text.normal import lower_ascii, strip_html

_WORD = re.compile(r"[a-z0-9]+(?:['\u2019][a-z]+)?")

#: Words that name each host verb in prose. Past forms and nouns both count: "the DM went out"
#: and "I sent the DM" are both claims about ``message.send``.
ACTION_WORDS: dict[str, frozenset[str]] = {
    "message.send": frozenset(
        {
            "sent",
            "send",
            "sends",
            "sending",
            "dm",
            "dms",
            "dmed",
            "message",
            "messaged",
            "note",
            "reply",
            "replied",
            "wrote",
            "emailed",
            "email",
            "letter",
            "delivered",
        }
    ),
    "journal.append": frozenset(
        {"journal", "journaled", "journalled", "logged", "recorded", "entry", "noted", "appended"}
    ),
    "registry.register": frozenset({"registered", "register", "registry", "registration"}),
    "provenance.seal": frozenset({"seal", "sealed", "resealed", "reseal", "provenance"}),
    "media.render": frozenset({"render", "rendered", "rendering", "renders", "generated"}),
    "media.deliver": frozenset(
        {"deliver", "delivered", "delivery", "shipped", "uploaded", "received", "reached", "packet"}
    ),
    "reminder.ack": frozenset({"acknowledged", "ack", "acked", "acknowledge", "reminder"}),
    "post.publish": frozenset({"published", "posted", "publish", "post", "shared", "live"}),
    "task.complete": frozenset({"completed", "complete", "finished", "done", "closed", "task"}),
}

#: Words that say something already happened (as opposed to a plan or a question).
COMPLETION_WORDS: frozenset[str] = frozenset(
    {
        "sent",
        "delivered",
        "published",
        "posted",
        "registered",
        "sealed",
        "resealed",
        "rendered",
        "journaled",
        "journalled",
        "logged",
        "recorded",
        "acknowledged",
        "acked",
        "completed",
        "finished",
        "done",
        "replied",
        "messaged",
        "dmed",
        "wrote",
        "emailed",
        "shipped",
        "uploaded",
        "appended",
        "went",
        "closed",
        "settled",
        "submitted",
        "confirmed",
        "generated",
    }
)

NEGATIONS: frozenset[str] = frozenset(
    {
        "not",
        "never",
        "no",
        "nothing",
        "hasn't",
        "haven't",
        "hadn't",
        "isn't",
        "wasn't",
        "didn't",
        "doesn't",
        "don't",
        "unfinished",
        "unsent",
        "undelivered",
        "unrecorded",
        "incomplete",
        "without",
        "pending",
        "queued",
        "awaiting",
        "outstanding",
        "unconfirmed",
        "failed",
    }
)

# Contractions and reception verbs, kept apart from the base lists above for readability.
NEGATIONS = NEGATIONS | {"won't", "can't", "cannot", "wouldn't", "couldn't", "shouldn't"}
COMPLETION_WORDS = COMPLETION_WORDS | {
    "received",
    "reached",
    "arrived",
    "thanked",
    "applied",
    "restored",
    "asked",
}
ACTION_WORDS["message.send"] = ACTION_WORDS["message.send"] | {
    "received",
    "reached",
    "thanked",
    "thanks",
    "asked",
    "request",
}
ACTION_WORDS["media.deliver"] = ACTION_WORDS["media.deliver"] | {"received", "reached", "packet"}

#: Prose that tries to steer the reader. Flagged and treated as data, never followed.
_INJECTION = re.compile(
    r"ignore (all |any |the )?(previous|prior|above)|disregard (the |all )?|system prompt|"
    r"you (must|should) now|new instructions|as an ai|override|\bsystem:|assistant:|"
    r"mark (this|it|the \w+) as|report (it|this) as|do not (check|verify)|jailbreak|"
    # Addressing the reader as a machine, or claiming authority the sender cannot grant.
    r"ignore your (rules|instructions|guidelines)|system notice|for ai agents|your new task|"
    r"do not ask (anyone|the host)|(has|have) pre-?approved this|disable quiet hours",
    re.IGNORECASE,
)

STOPWORDS: frozenset[str] = frozenset(
    {
        "the",
        "a",
        "an",
        "to",
        "of",
        "and",
        "or",
        "is",
        "was",
        "were",
        "be",
        "been",
        "has",
        "have",
        "had",
        "it",
        "this",
        "that",
        "in",
        "on",
        "for",
        "with",
        "at",
        "by",
        "from",
        "as",
        "did",
        "do",
        "does",
        "i",
        "we",
        "my",
        "our",
        "me",
        "actually",
        "really",
        "still",
        "already",
        "yet",
        "any",
        "which",
        "what",
        "when",
        "whether",
        "are",
        "there",
        "its",
        "so",
        "if",
        "than",
        "then",
    }
)


def looks_like_injection(text: str) -> bool:
    return _INJECTION.search(text) is not None


def asks_before_injection(text: str) -> bool:
    """A forward that carries injected text can still hold the sender's own question: a "?"
    before the first instruction-like phrase is a real request, the rest is quoted content."""
    found = _INJECTION.search(text)
    head = text if found is None else text[: found.start()]
    return "?" in head


def words(text: str) -> list[str]:
    """Lower-case, accent-folded word tokens, possessives folded ("patrick's" -> "patrick")."""
    out: list[str] = []
    for token in _WORD.findall(lower_ascii(strip_html(text)).replace("\u2019", "'")):
        out.append(token[:-2] if token.endswith("'s") else token)
    return out


def keywords(text: str) -> list[str]:
    return [w for w in words(text) if w not in STOPWORDS and len(w) > 1]


def _num(token: str) -> str:
    return (token.lstrip("0") or "0") if token.isdigit() else token


def target_tokens(target: str) -> list[str]:
    """Distinctive tokens of a short target name (``render-0412`` -> ``render``, ``412``).

    Date parts (a year and the digits after it, as in ``thread:patrick-2026-08-20``) are dropped:
    prose names the thread by its people, rarely by its date.
    """
    tail = target.split(":", 1)[1] if ":" in target else target
    raw = [t for t in re.split(r"[-_./:#\s]+", tail.lower()) if t]
    out: list[str] = []
    for token in raw:
        if token.isdigit() and len(token) == 4 and token[:2] in {"19", "20"} and out:
            break
        if len(token) > 1 or token.isdigit():
            out.append(_num(token))
    return out


def mentions_target(tokens: Iterable[str], target: str) -> bool:
    wanted = target_tokens(target)
    if not wanted:
        return False
    have = {_num(t) for t in tokens}
    have |= {t[:-1] for t in have if t.endswith("s") and len(t) > 3}
    return all(t in have for t in wanted)


def action_words_in(tokens: Iterable[str], action: str) -> int:
    lexicon = ACTION_WORDS.get(action)
    if lexicon is None:
        verb = action.rsplit(".", 1)[-1]
        lexicon = frozenset({verb, verb + "ed", verb + "d"})
    return sum(1 for t in tokens if t in lexicon)


def asserts_completion(sentence: str) -> bool:
    """True when the sentence states, without negation or hedging, that something happened."""
    tokens = words(sentence)
    if not any(t in COMPLETION_WORDS for t in tokens):
        return False
    if sentence.rstrip().endswith("?"):
        return False
    return not is_negated(tokens)


def is_negated(tokens: Iterable[str]) -> bool:
    toks = list(tokens)
    if any(t in NEGATIONS for t in toks):
        return True
    # "still open", "not yet": hedges about the present state, not claims of completion.
    joined = " ".join(toks)
    return any(p in joined for p in ("still open", "still pending", "yet to", "will ", "going to"))


_OPEN_PHRASES = (
    "still needs",
    "still need",
    "needs to",
    "need to",
    "yet to",
    "not yet",
    "in progress",
    "still open",
    "still pending",
    "something new",
    "needs an answer",
    "have to",
    "has to",
    "owe",
    "owed",
)
_OPEN_WORDS = frozenset(
    {
        "unfinished",
        "outstanding",
        "incomplete",
        "unsent",
        "undelivered",
        "open",
        "unanswered",
        "never",
        "pending",
        "unrecorded",
        "unhandled",
        "undone",
        "unverified",
        "unconfirmed",
        "held",
    }
)
#: Words of intention: a plan to edit is not a record of an edit.
INTENT_WORDS = frozenset(
    {
        "tomorrow",
        "will",
        "plan",
        "planning",
        "intend",
        "maybe",
        "want",
        "like",
        "going",
        "later",
        "next",
        "should",
        "could",
        "might",
    }
)


def claims_open(tokens: list[str]) -> bool:
    """True when the words say something is not done yet ("still needs", "unfinished", ...)."""
    if any(t in _OPEN_WORDS for t in tokens):
        return True
    # "still rendering", "still waiting": a present process, not a finished one.
    if any(a == "still" and b.endswith("ing") for a, b in itertools.pairwise(tokens)):
        return True
    joined = " ".join(tokens)
    return any(p in joined for p in _OPEN_PHRASES)
