"""Word roots for linking a claim to evidence: a light stemmer and a few classes of words that
name the same thing in host records and in prose.

``support_tokens`` (``harness.text.support``) keeps the spellings other scorers compare; linking
needs a coarser form, so that "settlement" meets "settled", "deletion" meets "deleted" and
"deliberate" meets "on purpose". Roots are only ever compared with roots.
"""

from __future__ import annotations

import re
from functools import lru_cache

from harness.text.normal import ascii_fold, clean
from harness.text.support import REPORTING_WORDS, STOPWORDS

#: Irregular forms, by their base: prose uses them for the same actions records name by base.
_IRREGULAR: dict[str, str] = {
    "sent": "send", "paid": "pay", "went": "go", "gone": "go",
    "wrote": "write", "written": "write", "told": "tell", "made": "make", "ran": "run",
    "took": "take", "taken": "take", "kept": "keep", "saw": "see", "seen": "see", "drew": "draw",
    "drawn": "draw", "redrew": "redraw", "redrawn": "redraw", "began": "begin", "held": "hold",
    "bought": "buy", "brought": "bring", "gave": "give", "given": "give", "ate": "eat",
    "children": "child", "people": "person", "led": "lead", "met": "meet", "meets": "meet",
}  # fmt: skip
#: Words that name one thing in different forms; each maps to the class's root. A class is a
#: meaning records and prose both use, not a phrase of any one set.
_CLASSES: dict[str, str] = {
    # intent: the registry's ``intended`` field, "on purpose" in a history note
    **dict.fromkeys(["intended", "intentional", "intentionally", "deliberate", "deliberately",
                     "purposeful", "purposely", "intent", "intention", "intend", "intends"],
                    "intend"),
    # dimensions: "2048 pixels wide" is a width
    **dict.fromkeys(["wide", "width", "wider", "widest"], "width"),
    **dict.fromkeys(["high", "height", "tall", "taller", "higher"], "height"),
    **dict.fromkeys(["long", "length", "longer"], "length"),
    **dict.fromkeys(["large", "larger", "big", "bigger", "size", "sized", "double"], "size"),
    # messages: a DM, a note and an email are messages (``message.send``)
    **dict.fromkeys(["dm", "dms", "note", "notes", "email", "emails", "mail", "messages",
                     "message"], "messag"),
    # a change to a file by any name
    **dict.fromkeys(["change", "changed", "changes", "edit", "edited", "redraw", "recut",
                     "re-cut", "modified", "modification", "drift", "drifted"], "change"),
    **dict.fromkeys(["action", "actions", "acted", "act", "acts"], "act"),
    # receiving: "Got the frame sizes" is "received the frame sizes"
    **dict.fromkeys(["get", "gets", "got", "gotten", "receive", "received", "receives",
                     "arrive", "arrived", "arrives", "reach", "reached", "reaches"], "receive"),
    **dict.fromkeys(["look", "looked", "check", "checked", "checks", "recheck", "rechecked",
                     "rechecks"], "check"),
}  # fmt: skip
#: Phrases that name one of those classes in several words.
_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bon purpose\b"), "intended"),
    (re.compile(r"\bby accident\b"), "accidental"),
)
_SUFFIXES = ("ations", "ation", "ments", "ment", "ingly", "ings", "ing", "edly", "ions", "ion",
             "ied", "ies", "able", "ed", "es", "ly", "s")  # fmt: skip
_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
#: Endings after which a plural takes -es ("boxes", "matches"); any other -es is -e + s.
_SIBILANTS = ("ss", "us", "x", "zz", "ch", "sh")

#: Words that say when or how a statement is made, or how it relates to its evidence: never
#: what it is about.
_NOT_TOPIC = """last latest recent recently current currently now today yesterday tonight still
    already again ever never yet earlier later soon just also really actually indeed surely
    clearly certainly doubt okay ok well one ones thing things something anything everything
    nothing way lot bit make makes making take took done do does did go goes
    going run runs ran there their"""
STOP_ROOTS: frozenset[str] = frozenset(
    STOPWORDS | REPORTING_WORDS | frozenset(_NOT_TOPIC.split()) | {"be", "have", "has", "had"}
)


@lru_cache(maxsize=16384)
def root(word: str) -> str:
    """The root of one word: irregular forms to their base, a class to its root, the common
    suffixes (-ation, -ment, -ing, -ed, -s) cut while three letters or more remain, a final e
    dropped ("settle", "settled", "settlement" and "settles" are all ``settl``)."""
    plain = ascii_fold(word.lower()).strip("'-").removesuffix("'s")
    if plain.startswith("un-"):
        plain = "un" + plain[3:]  # "un-read" is how a reader marks an attributive "unread"
    if not plain or plain.isdigit():
        return plain
    plain = _IRREGULAR.get(plain, plain)
    if plain in _CLASSES:
        return _CLASSES[plain]
    for suffix in _SUFFIXES:
        if plain.endswith(suffix) and len(plain) - len(suffix) >= 3:
            if suffix == "es" and not plain[:-2].endswith(_SIBILANTS):
                suffix = "s"  # "files" is "file" + s, as "boxes" is "box" + es
            if suffix == "s" and plain.endswith(("ss", "us", "is")):
                break  # "status", "glass", "analysis" are no plurals
            plain = plain[: -len(suffix)]
            if suffix in ("ing", "ed") and len(plain) > 3 and plain[-1] == plain[-2]:
                plain = plain[:-1]  # "scanned" and "running": the doubled consonant is spelling
            break
    plain = plain.removesuffix("e") if len(plain) > 4 else plain
    return _CLASSES.get(plain, plain)


def same_root(a: str, b: str) -> bool:
    """Are two roots one word? Equal, or one a clipped form of the other of five letters or
    more ("archiv" of "archival"): never "read" against "ready"."""
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 5 and long.startswith(short) and len(long) - len(short) <= 3


_LETTER_NUMBER = re.compile(r"[a-z]-\d+[a-z]?")


@lru_cache(maxsize=16384)
def roots(text: str) -> frozenset[str]:
    """The topic roots of ``text``: content words only, ids split into their parts. Cached: the
    rules root the same item texts again for every clause and stage that cites them."""
    plain = ascii_fold(clean(text))
    for pattern, word in _PHRASES:
        plain = pattern.sub(word, plain)
    words = _WORD.findall(plain.replace("_", " ").replace("/", " ").replace(".", " "))
    found: set[str] = set()
    for word in words:
        parts = {word, *([] if word.startswith("un-") else word.split("-"))}
        if _LETTER_NUMBER.fullmatch(word):
            parts.add(word.replace("-", ""))  # "H-11" is the id an id glues ("dupes-h11-oct")
        for part in parts:
            r = root(part)
            if r and not r.isdigit() and r not in STOP_ROOTS and part not in STOP_ROOTS:
                found.add(r)
    return frozenset(found)


def shared(wanted: frozenset[str], have: frozenset[str]) -> frozenset[str]:
    """The roots of ``wanted`` that ``have`` holds, as the same root or a clipped form."""
    # ``same_root`` written out: the claim-support rules ask this of every clause against every
    # statement of its cited items, and a call per pair of roots was most of its cost. Roots of
    # equal length are one word only when equal; of unequal length, when the shorter has five
    # letters or more and starts the longer, at most three letters short of it.
    out = []
    for w in wanted:
        if w in have:
            out.append(w)
            continue
        n = len(w)
        for h in have:
            m = len(h)
            if m > n:
                if n >= 5 and m - n <= 3 and h.startswith(w):
                    out.append(w)
                    break
            elif m < n and m >= 5 and n - m <= 3 and w.startswith(h):
                out.append(w)
                break
    return frozenset(out)
