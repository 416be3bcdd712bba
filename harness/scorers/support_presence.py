"""Presence of a file against an artifact probe: the probe answers whether the thing is there.

An artifact item is the host's look at a path: one with a digest or ``exists: true`` found it,
one with ``exists: false`` (or a null digest and "not found") did not. A clause that says a
thing is present ("render-0810 is in the output folder", "the frames landed in output") or
absent speaks of that probe when it names the thing the probe looked at: its words and every
id-like number it gives are the probe's.
"""

from __future__ import annotations

import re
from typing import Any

from harness.scorers.claim_support import Backing
from harness.text.normal import clean
from harness.text.roots import roots


def found(b: Backing) -> bool | None:
    """Did the artifact probe find its path? None: the item is no probe, or does not say."""
    data: dict[str, Any] = dict(b.item.data or {})
    if b.item.kind != "artifact" and "path" not in data:
        return None
    measured = data.get("measurements")
    exists = measured.get("exists") if isinstance(measured, dict) else data.get("exists")
    if isinstance(exists, bool):
        return exists
    if "sha256" in data:
        return bool(data["sha256"])  # a digest is only taken of what is there
    return None


def _digits(text: str) -> set[str]:
    """The id-like numbers of a text: three digits or more, leading zeros kept."""
    return set(re.findall(r"(?<!\d)\d{3,}(?!\d)", text))


def probes(text: str, b: Backing) -> bool:
    """Does the clause name the thing the probe looked at? Every id-like number the clause gives
    is the probe's (0731 is not 0732), and a word of it besides the number is shared."""
    if found(b) is None:
        return False
    have = f"{b.item.text} {(b.item.data or {}).get('path', '')}"
    numbers = _digits(clean(text))
    if numbers and not numbers <= _digits(have):
        return False
    place = _PLACE.search(clean(text))
    if place is not None:
        # "in the archive bucket": a probe answers for the place its path is in, no other
        wanted = roots(place.group(1)) - _CONTAINERS
        if wanted and not wanted & roots(re.sub(r"[/._]", " ", clean(have))):
            return False
    words = roots(re.sub(r"\d+", " ", clean(text))) & roots(re.sub(r"\d+", " ", clean(have)))
    return bool(numbers) or len(words) >= 2


#: Where a clause says the thing is: the words after "in" or "on".
_PLACE = re.compile(r"\b(?:in|on|into)\s+(?:the\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)")
#: Words of a container, which say a place is one, not which place.
_CONTAINERS = roots("folder folders directory dir place storage disk")
