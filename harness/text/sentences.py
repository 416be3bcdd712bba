"""Sentences of prose, split by ``pysbd`` (abbreviations, decimals, dotted verbs and ids kept).

Line breaks and list bullets end a sentence too: stage outputs are often lists.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pysbd

_LINES = re.compile(r"\n+\s*(?:[-*\u2022]\s+)?")
#: Text with no end mark followed by a space is one sentence: the common case, split for free.
_MAYBE_MANY = re.compile(r"[.!?][\"')\]]*\s")
_SEGMENTER = pysbd.Segmenter(language="en", clean=False)


@lru_cache(maxsize=16384)
def _split_line(line: str) -> tuple[str, ...]:
    if not _MAYBE_MANY.search(line):
        return (line,)
    return tuple(s.strip() for s in _SEGMENTER.segment(line) if s.strip())


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, stripped, in order."""
    out: list[str] = []
    for line in _LINES.split(text):
        line = line.strip()
        if line:
            out.extend(_split_line(line))
    return out
