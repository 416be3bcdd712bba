"""Structured parity for free-text expectations: a host decision is judged by the capability it
authorises and the target it names, an unsupported claim by the action and targets it asserts;
never by how closely the wording matches the host's own sentence.

A fair paraphrase ("Host approval needed to register the new bytes of ledger-q3") and the
host's wording ("Confirm drift is intended") stand for the same decision: a registry write.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from harness.scorers.completion.grammar import detect
from harness.text.names import named_in, named_matches
from harness.text.normal import ascii_fold, clean
from harness.text.support import content_tokens

#: Capability families, and the words that name each in a decision's prose.
_FAMILY_WORDS: tuple[tuple[str, str], ...] = (
    ("registry", r"re-?regist\w*|registration|registry|drift (?:is|was) intended|intended drift"),
    ("provenance", r"re-?seal\w*|seal\w*|provenance"),
    ("restore", r"restor\w*|roll ?back|revert\w*|snapshot|backup|replac\w*"),
    ("render", r"re-?render\w*|render\w*|re-?run\w*|retry of|retrying"),
    ("deliver", r"re-?deliver\w*|deliver\w*|hand(?:ing)? off|handoff"),
    ("message", r"re-?send\w*|send\w*|messag\w*|repl(?:y|ies|ying)|dm|nudge|follow[- ]?up|ping|email"),
    ("publish", r"publish\w*|post(?:ing)?\b|go live"),
    ("journal", r"journal\w*"),
    ("reminder", r"acknowledg\w*|\back\b|reminder"),
    ("timestamp", r"timestamp"),
    ("cancel", r"cancel\w*|withdraw\w*|call off"),
    ("payment", r"pay(?:ment|ing)?\b"),
    ("schedule", r"schedul\w*|calendar|book(?:ing)?\b"),
)  # fmt: skip
_FAMILY_RES = tuple((f, re.compile(rf"\b(?:{w})")) for f, w in _FAMILY_WORDS)
#: The verb half of a capability -> its family.
_CAPABILITY_FAMILY = {
    "register": "registry", "mutate": "registry", "seal": "provenance", "reseal": "provenance",
    "restore": "restore", "render": "render", "deliver": "deliver", "send": "message",
    "reply": "message", "publish": "publish", "append": "journal", "ack": "reminder",
    "request": "timestamp", "pay": "payment", "modify": "schedule", "create": "schedule",
    "cancel": "cancel", "withdraw": "cancel",
}  # fmt: skip
_DECISION_WORDS = frozenset(
    [
        "approve",
        "approval",
        "confirm",
        "decide",
        "decision",
        "whether",
        "host",
        "needs",
        "need",
        "needed",
        "required",
        "require",
        "authorise",
        "authorize",
        "authorisation",
        "authorization",
        "ok",
        "okay",
        "sign",
        "off",
    ]
)


@lru_cache(maxsize=4096)
def decision_families(text: str) -> frozenset[str]:
    """The capability families a decision's prose names (none: a judgement, not a write)."""
    plain = clean(text)
    return frozenset(f for f, pattern in _FAMILY_RES if pattern.search(plain))


def capability_family(capability: str) -> str | None:
    namespace, _, verb = capability.lower().rpartition(".")
    if namespace == "registry":
        return "registry"
    if namespace == "provenance":
        return "provenance"
    return _CAPABILITY_FAMILY.get(verb)


def _names_ok(expected: str, texts: Iterable[str]) -> bool:
    """Every name or id the expected decision gives is named by the output too."""
    names = named_in(ascii_fold(expected))
    if not names:
        return True
    joined = ascii_fold(" ".join(texts))
    found = {n.label for n in named_in(joined)} | {n.literal for n in named_in(joined)}
    plain = clean(joined)
    return all(n.literal in plain or n.label in found or any(named_matches(n, f) for f in found)
               for n in names)  # fmt: skip


def decision_covered(
    expected: str, decisions: Sequence[str], proposed: Sequence[tuple[str, str]]
) -> tuple[bool, str]:
    """Is the host's expected decision among the output's: the same capability family (in a
    decision or a proposed-write step) and the same names; a judgement by its content words."""
    families = decision_families(expected)
    if not families:
        wanted = content_tokens(expected) - _DECISION_WORDS
        for d in decisions:
            if (
                not decision_families(d)
                and wanted
                and len(wanted & content_tokens(d)) >= max(1, len(wanted) // 2)
            ):
                return True, f"judgement {d!r}"
        return False, "no host judgement of the same matter"
    for d in decisions:
        if decision_families(d) & families and _names_ok(expected, [d]):
            return True, f"decision {d!r} ({', '.join(sorted(decision_families(d) & families))})"
    for capability, acceptance in proposed:
        if capability_family(capability) in families and _names_ok(
            expected, [acceptance, *decisions]
        ):
            return True, f"proposed-write step {capability}"
    return False, f"no decision or proposed write of {', '.join(sorted(families))}"


def claim_flagged(expected: str, flagged: Sequence[str]) -> tuple[bool, str]:
    """Is the host's expected unsupported claim among the flagged ones: one asserting the same
    action on the same targets (read by the completion grammar), else most of its words."""
    hits, _ = detect(expected, ())
    wanted = {(h.action.verb, n) for h in hits for n in (*h.names, *(x.label for x in h.named))}
    actions = {h.action.verb for h in hits}
    for text in flagged:
        got, _ = detect(text, ())
        got_pairs = {
            (h.action.verb, n) for h in got for n in (*h.names, *(x.label for x in h.named))
        }
        if wanted and wanted & got_pairs:
            return True, f"flags {text!r} (same action and target)"
        if actions and not wanted and actions & {h.action.verb for h in got}:
            return True, f"flags {text!r} (same action)"
    words = content_tokens(expected)
    for text in flagged:
        if words and len(words & content_tokens(text)) >= 0.6 * len(words):
            return True, f"flags {text!r} (same words)"
    return False, "not flagged"
