"""Another of a series: "glaze-calc/release" beside a receipt for "glaze-calc/main", or
"task-catalogue-scans" beside one for "task-catalogue-index". A clause that writes out an id of
the same family as a known target, but not that target or a short form of it, names another
thing; the known target's receipt does not prove it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from harness.text.normal import clean

#: A written-out id: lowercase words or numbers joined by hyphens or slashes.
_ID = re.compile(r"(?<![\w/-])[a-z][a-z0-9]*(?:[-/][a-z0-9]+)+(?![\w/-])")
_SPLIT = re.compile(r"[-/]")


def _parts(name: str) -> list[str]:
    return [p for p in _SPLIT.split(name.lower()) if p]


def _one_of_series(written: list[str], known: list[str]) -> bool:
    """Do the two ids share their first part and then differ, neither a short form of the
    other ("task-catalogue" of "task-catalogue-index" is a short form, not another)?"""
    if written[0] != known[0] or len(written[0]) < 3:
        return False
    shorter = min(len(written), len(known))
    return written[:shorter] != known[:shorter]


def other_of_series(clause: str, targets: Iterable[str], texts: Iterable[str]) -> str | None:
    """The id ``clause`` writes out that is another of the series of one of ``targets``, and
    that no receipt text (``texts``) names, or None."""
    said = clean(clause)
    wanted = [(t, _parts(t)) for t in targets]
    carried = " ".join(clean(t) for t in texts)
    for m in _ID.finditer(said):
        written = m.group()
        parts = _parts(written)
        if any(written == t.lower() for t, _ in wanted) or written in carried:
            continue
        if any(len(k) > 1 and _one_of_series(parts, k) for _, k in wanted):
            return written
    return None
