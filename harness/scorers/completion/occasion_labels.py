"""The labels an occasion's receipt may carry ("week 39", "1 oct", "August battery swap"): a
statement that says one picks that occasion among several of one act."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol, TypeVar

from harness.text.normal import clean

#: A month's name or its abbreviation, as dates write it.
MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
#: Labels of an occasion a receipt's text may carry ("week 39", "1 oct", "oct 1").
_LABELS = re.compile(
    rf"\b(?:week|wk)\s*\d{{1,2}}\b|\b\d{{1,2}}\s+{MONTH}\b|\b{MONTH}\s+\d{{1,2}}\b"
)
#: A month named by its name ("August's", "the Sept. batch"); "may" and "march" are verbs as
#: often.
_MONTH_NAME = re.compile(
    r"\b(jan(?:uary)?|feb(?:ruary)?|apr(?:il)?|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b"
)


class _Texted(Protocol):
    @property
    def text(self) -> str: ...


R = TypeVar("R", bound=_Texted)


def _months_named(text: str) -> frozenset[str]:
    return frozenset(m[:3] for m in _MONTH_NAME.findall(text))


def labelled(said: str, occasions: Sequence[R]) -> list[R]:
    """The occasions of ``occasions`` whose receipts carry a label ``said`` (cleaned) gives, or
    all of them when none or every one does."""
    picked = list(occasions)
    labels = _LABELS.findall(said)
    if labels and len(picked) > 1:
        # "acknowledged for week 39", "for 1 Oct": the occasion whose receipt carries that label
        carrying = [r for r in picked
                    if any(re.search(rf"\b{re.escape(w)}\b", clean(r.text)) for w in labels)]  # fmt: skip
        if carrying and len(carrying) < len(picked):
            picked = carrying
    months = _months_named(said)
    each = [_months_named(clean(r.text)) for r in picked]
    if months and len(picked) > 1 and all(each):
        # "August's battery-swap reminder" where each receipt names its month: the occasion of
        # that month. Where some name none, the month may name the thing ("the August dataset
        # re-sealed" beside its first seal, "August dataset sealed"), not an occasion
        named = [r for r, m in zip(picked, each, strict=True) if months & m]
        if named and len(named) < len(picked):
            picked = named
    return picked
