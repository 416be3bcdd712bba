"""Verbs: how a forbidden verb (``message.send``) is recognised in any separator spelling, and
which verbs change durable or outward state."""

from __future__ import annotations

import re
from collections.abc import Sequence

#: The action half of a verb that changes durable or outward state.
WRITE_ACTIONS: frozenset[str] = frozenset(
    {
        "write", "send", "append", "register", "mutate", "modify", "publish", "delete", "remove",
        "seal", "ack", "acknowledge", "complete", "post", "deliver", "pay", "spawn", "exec",
        "upload", "merge", "schedule", "settle", "close", "mark", "update", "create", "put",
        "move", "rename", "render", "reply", "commit", "push", "set", "reset",
    }
)  # fmt: skip


def _verb_pattern(verb: str) -> re.Pattern[str]:
    # message.send, message_send, message:send, message/send: one verb in any separator spelling.
    parts = [re.escape(p) for p in re.split(r"[._:/]", verb) if p]
    return re.compile(r"(?<![\w])" + r"[._:/]".join(parts) + r"(?![\w])", re.IGNORECASE)


_PATTERN_CACHE: dict[str, re.Pattern[str]] = {}


def verb_pattern(verb: str) -> re.Pattern[str]:
    pattern = _PATTERN_CACHE.get(verb)
    if pattern is None:
        pattern = _PATTERN_CACHE[verb] = _verb_pattern(verb)
    return pattern


_ANY_CACHE: dict[tuple[str, ...], re.Pattern[str]] = {}


def _any_verb(verbs: tuple[str, ...]) -> re.Pattern[str]:
    """One alternation of the verbs' patterns: it matches wherever any one of them does, so one
    search tells whether the per-verb searches can find anything (most strings name no verb)."""
    pattern = _ANY_CACHE.get(verbs)
    if pattern is None:
        pattern = _ANY_CACHE[verbs] = re.compile(
            "|".join(f"(?:{verb_pattern(v).pattern})" for v in verbs), re.IGNORECASE
        )
    return pattern


def find_verbs(text: str, verbs: Sequence[str]) -> list[str]:
    """The verbs of ``verbs`` named in ``text`` (any separator spelling), in list order."""
    if "." not in text and "_" not in text and ":" not in text and "/" not in text:
        return []
    if not verbs or not _any_verb(tuple(verbs)).search(text):
        return []
    return [verb for verb in verbs if verb_pattern(verb).search(text)]


#: Writes confined to the disposable workspace's output root: not durable, not outward.
WORKSPACE_VERBS: frozenset[str] = frozenset({"artifact.write"})


def is_write_verb(verb: str) -> bool:
    """True for a verb whose action changes durable or outward state (``registry.register``)."""
    if verb.strip().lower() in WORKSPACE_VERBS:
        return False
    parts = re.split(r"[._:/]", verb.strip().lower())
    return any(part in WRITE_ACTIONS for part in parts[1:]) or (
        len(parts) == 1 and parts[0] in WRITE_ACTIONS
    )
