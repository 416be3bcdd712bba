"""Normal forms of text: Unicode folding, plain quotes and dashes, case, accents, punctuation.

Recorded prose is untrusted data: these functions only change its spelling, never follow it.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

#: Typographic quotes and dashes made plain; and the Turkish capital "İ" made "I", whose lower
#: case would otherwise be "i" and a combining dot, no letter ("İlker" is one word, "ilker").
_QUOTE_MAP = str.maketrans(
    {"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"',
     "\u2013": "-", "\u2014": " - ", "\u00a0": " ", "\u0130": "I"}
)  # fmt: skip
_NON_WORD = re.compile(r"[^\w\s'-]+")


@lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Unicode-folded text with typographic quotes and dashes made plain, case kept."""
    if not text.isascii():  # ASCII is its own NFKC form and holds no typographic quote
        text = unicodedata.normalize("NFKC", text).translate(_QUOTE_MAP)
    return " ".join(text.split())  # as re.sub(r"\s+", " ", text).strip(): \s is str.isspace


@lru_cache(maxsize=8192)
def clean(text: str) -> str:
    """Unicode-folded, lower-cased text with typographic quotes and dashes made plain."""
    return fold(text).lower()


#: Letters that are not a base letter and an accent, so NFKD leaves them whole, spelt as hosts
#: store them unaccented ("Søren" is ``soren``, "Łukasz" ``lukasz``, "Strauß" ``strauss``).
_PLAIN_LETTERS = str.maketrans(
    {"ø": "o", "Ø": "O", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ß": "ss", "đ": "d", "Đ": "D",
     "ł": "l", "Ł": "L", "ı": "i", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th"}
)  # fmt: skip


@lru_cache(maxsize=8192)
def ascii_fold(text: str) -> str:
    """Text without diacritics (``Inès`` -> ``Ines``, ``Søren`` -> ``Soren``): hosts often store
    names unaccented."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text.translate(_PLAIN_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=8192)
def normalise(text: str) -> str:
    """``clean`` text with punctuation turned to spaces: the form fuzzy matching compares."""
    return " ".join(_NON_WORD.sub(" ", clean(text).replace("_", " ")).split())


# Splits after . ! ? (not inside verbs like message.send, which have no space after the dot)

_TAG = re.compile(r"<[^>]{0,200}>")


def strip_html(text: str) -> str:
    """Text with tags removed and entities decoded: evidence is sometimes copied from HTML."""
    return html.unescape(_TAG.sub(" ", text))


def lower_ascii(text: str) -> str:
    """Lower case without accents: prose writes "Inès" and "Zdeněk", targets ``ines``, ``zdenek``."""
    return ascii_fold(text.lower())


def shorten(text: str, limit: int = 120) -> str:
    """At most ``limit`` characters; a quotation cut short is closed after the ellipsis, so the
    text after it is not read as quoted."""
    plain = " ".join(strip_html(text).split())
    if len(plain) <= limit:
        return plain
    cut = plain[: limit - 1].rstrip() + "…"
    return cut + '"' if cut.count('"') % 2 else cut


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
