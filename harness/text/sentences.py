"""Sentences of prose, split by ``pysbd`` (abbreviations, decimals, dotted verbs and ids kept).

Line breaks and list bullets end a sentence too: stage outputs are often lists.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache

import pysbd
from pysbd.utils import TextSpan

#: pysbd builds a regular expression for each abbreviation it meets (``re.findall`` of a pattern
#: formatted with it), hundreds in all, and the re module keeps 512 compiled patterns, dropping
#: the oldest: pysbd's patterns and the scorers' own pushed each other out and were compiled again
#: and again (870 of 2,530 compiles while scoring the shipped corpus). A larger cache keeps them;
#: a pattern compiles to the same thing whatever the cache holds, so only the time changes.
_RE_CACHE = 4096
if getattr(re, "_MAXCACHE", _RE_CACHE) < _RE_CACHE:
    setattr(re, "_MAXCACHE", _RE_CACHE)  # noqa: B010 (typeshed does not declare it)

_LINES = re.compile(r"\n+\s*(?:[-*\u2022]\s+)?")
#: Text with no end mark followed by a space is one sentence: the common case, split for free.
_MAYBE_MANY = re.compile(r"[.!?][\"')\]]*\s")
#: pysbd's segmenter keeps state while it works, so each thread gets its own (runs use threads).
_LOCAL = threading.local()


class _Segmenter(pysbd.Segmenter):  # type: ignore[misc]
    r"""pysbd's segmenter with its sentences found in the text by ``str.find``.

    pysbd finds each sentence it made in the original text with ``re.finditer(re.escape(sent)
    + r"\s*", text)``: a regex compiled for every sentence (the re module keeps 512), which was
    a fifth of its cost. A literal followed by ``\s*`` is found the same way without one."""

    def sentences_with_char_spans(self, sentences: list[str]) -> list[TextSpan]:
        if not all(sentences):  # an empty pattern matches between characters: pysbd's way
            return super().sentences_with_char_spans(sentences)  # type: ignore[no-any-return]
        text: str = self.original_text
        spans: list[TextSpan] = []
        prior_end = 0
        for sent in sentences:
            start = text.find(sent)
            while start >= 0:
                end = start + len(sent)
                while end < len(text) and text[end].isspace():  # \s is str.isspace
                    end += 1
                if end > prior_end:
                    spans.append(TextSpan(text[start:end], start, end))
                    prior_end = end
                    break
                # finditer goes on after the match, which ends past the sentence's spaces
                start = text.find(sent, end)
        return spans


def _segmenter() -> pysbd.Segmenter:
    segmenter = getattr(_LOCAL, "segmenter", None)
    if segmenter is None:
        segmenter = _LOCAL.segmenter = _Segmenter(language="en", clean=False)
    return segmenter


@lru_cache(maxsize=16384)
def _split_line(line: str) -> tuple[str, ...]:
    if not _MAYBE_MANY.search(line):
        return (line,)
    pieces = [s.strip() for s in _segmenter().segment(line) if s.strip()]
    # A quotation is one unit with the sentence that quotes it: a piece that leaves a quote
    # open takes the pieces after it until the quote closes.
    merged: list[str] = []
    for piece in pieces:
        if merged and (_open_quote(merged[-1]) or _numbered(merged[-1], piece)):
            merged[-1] = f"{merged[-1]} {piece}"
        else:
            merged.append(piece)
    return tuple(merged)


#: Short words that stand before a number with a dot ("ep. 40", "vol. 3", "no. 12"): pysbd
#: ends a sentence at some of them when a number follows.
_BEFORE_NUMBER = re.compile(
    r"(?:^|\s|\()(?:ep|eps|vol|vols|no|nos|nr|pt|pts|ch|chap|sec|fig|figs|pp|p|ed|art|op|ref|"
    r"inv|tel|approx|ca|cf|tab|ex|rm|apt|fl|v|ver|rev|iss|ser|cat|lot|bk|fol|ms|mss|pl)\.$",
    re.IGNORECASE,
)


def _numbered(before: str, piece: str) -> bool:
    """Is ``before`` cut at an abbreviation whose number opens ``piece`` ("the ep." + "40
    notes went out")?"""
    return piece[:1].isdigit() and _BEFORE_NUMBER.search(before) is not None


def _open_quote(text: str) -> bool:
    return text.count('"') % 2 == 1 or text.count("\u201c") > text.count("\u201d")


#: How many lines a quotation may span and still be read as one (a stray inch mark must not
#: swallow the rest of an output, hiding its claims).
QUOTE_LINES = 12


def _lines(text: str) -> list[str]:
    """The lines of ``text``, a quotation that spans lines (an artifact's list quoted in an
    answer) kept whole with the line that opens it, when it closes within ``QUOTE_LINES``."""
    lines = [line.strip() for line in _LINES.split(text) if line.strip()]
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if _open_quote(line):
            for j in range(i + 1, min(len(lines), i + QUOTE_LINES)):
                joined = " ".join(lines[i : j + 1])
                if not _open_quote(joined):
                    line, i = joined, j
                    break
        out.append(line)
        i += 1
    return out


@lru_cache(maxsize=16384)
def _sentences(text: str) -> tuple[str, ...]:
    out: list[str] = []
    for line in _lines(text):
        out.extend(_split_line(line))
    return tuple(out)


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, stripped, in order. Cached by text: several scorers split the
    same output fields of a case (completion, repeat, claim support)."""
    return list(_sentences(text))
