"""Misspelt verbs of the host's actions, read as the verb: writers in a hurry drop or swap a
letter ("registred", "rendred", "recieved"), and a statement of the act is still one. Chat
spellings of the days and times ("last nite", "tmrw") are read as the words.

Only one letter dropped or two neighbours swapped, never the last letter (a past tense cut to
its present, "receive", is a word of its own), in words of seven letters or more; the variants
that are English words of their own ("competed" of "completed", "recoded" of "recorded") are
left out.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: The past tenses of the host's actions that a variant may stand for.
_FORMS = (
    "registered", "rendered", "delivered", "published", "scheduled", "uploaded", "acknowledged",
    "received", "messaged", "notified", "submitted", "archived", "cancelled", "canceled",
    "confirmed", "completed", "finished", "deleted", "removed", "transferred", "forwarded",
    "answered", "replied", "emailed", "reminded", "invoiced", "resealed", "appended", "journaled",
    "journalled", "recorded", "updated",
)  # fmt: skip
#: Variants that are words of their own.
_WORDS = frozenset({"competed", "recoded", "resaled"})


def _variants(form: str) -> set[str]:
    out = {form[:i] + form[i + 1 :] for i in range(len(form) - 1)}
    out |= {form[:i] + form[i + 1] + form[i] + form[i + 2 :] for i in range(len(form) - 2)}
    return {v for v in out if len(v) >= 7 and v != form}


def _fixes() -> dict[str, str]:
    fixes: dict[str, str] = {}
    for form in _FORMS:
        for v in sorted(_variants(form)):
            if v not in _FORMS and v not in _WORDS:
                fixes.setdefault(v, form)
    return fixes


#: Chat spellings of the words of time ("sealed last nite"): an occasion's time, read as written
#: in full.
_CHAT = {"nite": "night", "tonite": "tonight", "2nite": "tonight", "yday": "yesterday",
         "yest": "yesterday", "ystd": "yesterday", "2day": "today", "tmrw": "tomorrow", "tmr": "tomorrow",
         "tomoz": "tomorrow", "2moro": "tomorrow", "2morrow": "tomorrow"}  # fmt: skip
_FIX = {**_fixes(), **_CHAT}
_TYPO = re.compile(r"\b(?:" + "|".join(sorted(_FIX, key=len, reverse=True)) + r")\b")


@lru_cache(maxsize=8192)
def corrected(text: str) -> str:
    """Lower-cased ``text`` with each misspelt action verb spelt as the verb."""
    return _TYPO.sub(lambda m: _FIX[m.group()], text)
