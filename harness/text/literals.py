"""Literal gates of regular expressions: substrings one of which every match must contain.

The detectors read each clause with a few hundred patterns, and most of them cannot match most
clauses. A pattern's gate, read off its parse tree, names literal substrings one of which any
match holds (``\\b(?:re-?sent|sent|emailed)\\b`` needs "sent" or "emailed"): a text holding none
of them is one the pattern cannot match, so it need not be run there. A gate never decides a
match, it only skips patterns that cannot fire, so results are those of running every pattern.

A pattern that ignores case, or that can match without a fixed string (``\\w+``), has no gate
(``None``): it is always run.
"""

from __future__ import annotations

import importlib
import re
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

# re's parser, as the re module itself uses it (``sre_parse`` is its deprecated alias)
_sre: Any = importlib.import_module("re._parser")
_c: Any = importlib.import_module("re._constants")

#: Items that match no text (``\b``, ``^``, lookarounds): a literal run goes on across them.
_ZERO_WIDTH = frozenset({_c.AT, _c.ASSERT, _c.ASSERT_NOT})
_REPEATS = frozenset(
    {_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", _c.MAX_REPEAT)}
)

Gate = frozenset[str] | None


def _better(a: Gate, b: Gate) -> Gate:
    """The more selective of two gates: its shortest literal longer, then fewer literals."""
    if a is None:
        return b
    if b is None:
        return a
    rank_a = (min(map(len, a)), -len(a))
    rank_b = (min(map(len, b)), -len(b))
    return a if rank_a >= rank_b else b


def _branch(alternatives: Iterable[Any]) -> Gate:
    out: set[str] = set()
    for alternative in alternatives:
        need = _sequence(alternative)
        if need is None:
            return None  # one way through needs nothing
        out |= need
    return frozenset(out)


def _item(op: Any, av: Any) -> Gate:
    """What one item of a sequence needs (every item of a sequence is needed)."""
    if op is _c.SUBPATTERN:
        _group, add_flags, _del_flags, inner = av
        return None if add_flags & re.IGNORECASE else _sequence(inner)
    if op is _c.BRANCH:
        return _branch(av[1])
    if op in _REPEATS:
        low, _high, inner = av
        return _sequence(inner) if low >= 1 else None
    if op is getattr(_c, "ATOMIC_GROUP", None):
        return _sequence(av)
    return None  # classes, any character, group references: no fixed string


def _lead(items: Any) -> str:
    """The literal text every match of a sequence begins with (may be empty)."""
    run: list[str] = []
    for op, av in items:
        if op is _c.LITERAL:
            run.append(chr(av))
        elif op not in _ZERO_WIDTH:
            break
    return "".join(run)


def _sequence(items: Any) -> Gate:
    best: Gate = None
    run: list[str] = []
    for op, av in items:
        if op is _c.LITERAL:
            run.append(chr(av))
            continue
        if op in _ZERO_WIDTH:
            continue
        if run:
            head = "".join(run)
            best = _better(best, frozenset({head}))
            if op is _c.BRANCH:
                # the run and the start of each alternative ("pa" + "id" | "yed"), as the
                # parser splits a shared prefix off alternatives
                best = _better(best, frozenset(head + _lead(alt) for alt in av[1]))
            run = []
        best = _better(best, _item(op, av))
    if run:
        best = _better(best, frozenset({"".join(run)}))
    return best


def gate(pattern: re.Pattern[str]) -> Gate:
    """Substrings one of which every match of ``pattern`` contains; None when none is known."""
    if pattern.flags & re.IGNORECASE or not isinstance(pattern.pattern, str):
        return None
    return _sequence(_sre.parse(pattern.pattern, pattern.flags))


def may_match(need: Gate, text: str) -> bool:
    """Can a pattern of gate ``need`` match in ``text``? (False only when it cannot.)"""
    return need is None or any(map(text.__contains__, need))


def _trie(words: Iterable[str]) -> str:
    """An alternation of ``words`` as a trie, longer words first at every branch: at a given
    position it matches the longest of the words that start there."""
    follow: defaultdict[str, list[str]] = defaultdict(list)
    ends = False
    for word in words:
        if word:
            follow[word[0]].append(word[1:])
        else:
            ends = True
    branches = [re.escape(first) + _trie(rest) for first, rest in sorted(follow.items())]
    if not branches:
        return ""
    if len(branches) == 1 and not ends:
        return branches[0]
    return "(?:" + "|".join(branches) + ("|" if ends else "") + ")"


class Literals:
    """Which of many literal strings a text holds, in one pass of one pattern.

    The words make a trie matched by a lookahead at every position of the text; at each position
    it finds the longest word starting there, and the words starting there are that word's
    prefixes among the words (two words starting at one position are one a prefix of the other).
    The same as ``frozenset(w for w in words if w in text)``, a few times faster for hundreds of
    words.
    """

    def __init__(self, words: Iterable[str]) -> None:
        self.words: frozenset[str] = frozenset(w for w in words if w)
        self._pattern = re.compile(f"(?=({_trie(sorted(self.words))}))")
        self._prefixes = {
            w: frozenset(w[:i] for i in range(1, len(w) + 1) if w[:i] in self.words)
            for w in self.words
        }

    def present(self, text: str) -> frozenset[str]:
        if not self.words:
            return frozenset()
        found: set[str] = set()
        for match in self._pattern.finditer(text):
            found |= self._prefixes[match.group(1)]
        return frozenset(found)


class Rewrites:
    """Substitutions applied in order, ``pattern.sub(replacement, text)`` each, skipping those
    whose pattern cannot match the text as it stands (which ``sub`` would leave unchanged).

    One pass of ``Literals`` finds which gates the text meets; it is looked at again only after
    a substitution changed the text, since a replacement may bring words a later pattern needs.
    The gates are read on first use, so a process that never rewrites does not parse them.
    """

    def __init__(self, steps: Iterable[tuple[re.Pattern[str], Any]]) -> None:
        self.steps = tuple(steps)
        self._ready: tuple[tuple[tuple[re.Pattern[str], Any, Gate], ...], Literals, bool] | None
        self._ready = None

    def _prepared(self) -> tuple[tuple[tuple[re.Pattern[str], Any, Gate], ...], Literals, bool]:
        if self._ready is None:
            steps = tuple(
                (pattern, replacement, gate(pattern)) for pattern, replacement in self.steps
            )
            words = Literals(w for _, _, need in steps if need for w in need)
            self._ready = (steps, words, any(need is None for _, _, need in steps))
        return self._ready

    def __call__(self, text: str) -> str:
        steps, words, ungated = self._prepared()
        present = words.present(text)
        if not present and not ungated:
            return text  # no pattern can match
        for pattern, replacement, need in steps:
            if need is not None and present.isdisjoint(need):
                continue
            changed = pattern.sub(replacement, text)
            if changed != text:
                text = changed
                present = words.present(text)
        return text


class Gates:
    """Which of several patterns can match one text, from one pass of ``Literals`` over it (the
    gates read on first use)."""

    def __init__(self, patterns: Iterable[re.Pattern[str]]) -> None:
        self.patterns = tuple(patterns)
        self._ready: tuple[tuple[tuple[re.Pattern[str], Gate], ...], Literals] | None = None

    def _prepared(self) -> tuple[tuple[tuple[re.Pattern[str], Gate], ...], Literals]:
        if self._ready is None:
            gates = tuple((pattern, gate(pattern)) for pattern in self.patterns)
            self._ready = (gates, Literals(w for _, need in gates if need for w in need))
        return self._ready

    def possible(self, text: str) -> frozenset[re.Pattern[str]]:
        """The patterns that may match ``text`` (any other cannot)."""
        gates, words = self._prepared()
        present = words.present(text)
        return frozenset(p for p, need in gates if need is None or not present.isdisjoint(need))
