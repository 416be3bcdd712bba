"""Does a clause name a receipt's target? By a name or id of it, by the words that tell it
apart ("the teaching post" of ``feed-post-teaching-17``), by the version it is of, by an id the
target glues from words the clause writes apart ("key code 4471" of ``keycode-4471``), by the
month it writes by number ("the September ledger" of ``ledger-2026-09``), or by a number written
digit for digit as the target ends ("the 0452 corrections" of ``ocr-fixes-0452``)."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from harness.scorers.claim_support import Backing
from harness.scorers.completion.lexicon import TRUNKS
from harness.scorers.support_claim import ClaimReading
from harness.scorers.support_dates import months_in
from harness.scorers.support_ids import glued_id, version_named
from harness.text.names import Named, glued_words, named_in, named_matches, target_words
from harness.text.normal import clean
from harness.text.roots import STOP_ROOTS, root, roots, shared
from harness.text.support import STOPWORDS

#: Words of host places and record kinds, which a target may carry without them telling it apart
#: ("feed-post-teaching-17" is told apart by "teaching", not by "feed" or "post").
_GENERIC_TARGET = roots(
    "feed post blog site page main branch task reminder thread journal registry ledger inbox "
    "render renders scan file files message note dm item entry job batch"
)


def numbered_alike(n: Named, reading: ClaimReading, target: str) -> bool:
    """An id whose number the target carries with the thing the clause names beside it: "the
    JOB-2288 scans" of ``old-scans-2288`` are those scans, an id a writer read off the job."""
    words, numbers = target_words(target)
    if n.number is None or n.number not in numbers:
        return False
    # "QA for batch 05" of ``task-georef-qa-05``: the target glues the number to a word the
    # clause names elsewhere, the id a writer spells out
    glued = re.search(rf"([a-z]{{2,}})[-_]?0*{n.number}(?:$|[-_])", target.lower())
    if glued is not None and root(glued[1]) in reading.topic - roots(" ".join(n.words)):
        return True
    if n.number < 100:
        return False
    return bool(
        shared(
            frozenset(root(w) for w in words) - STOP_ROOTS, reading.topic - roots(" ".join(n.words))
        )
    )


def target_named(reading: ClaimReading, target: str) -> bool:
    """The clause names the target: a name or id of it, or the words that tell it apart
    ("the teaching post" for ``feed-post-teaching-17``, "the printer" for printer-ostrava)."""
    if any(named_matches(n, target) for n in reading.names):
        return True
    # "v3.4.0" of ``release-3.4.0``, "key code 4471" of ``keycode-4471``: a version the target
    # carries whole, or an id the target glues from two words the clause writes apart
    # ("the 4.2.0 build is signed": the act's own word names no other thing of the target)
    topic = reading.topic - roots(" ".join(action_words(reading)))
    if version_named(reading.text, topic, target) or glued_id(reading.text, target):
        return True
    # "the 0452 corrections" of ``ocr-fixes-0452``: a number of three digits or more written
    # alone, digit for digit as the target's last part writes it
    alone = re.findall(r"(?<![\w.,:/-])(\d{3,})(?![\w.,:/-]|[.,]\d)", reading.text)
    if re.split(r"[-_]", target.lower())[-1] in alone:
        return True
    # "the week 43 rota" of pickers-week43: a word and number written apart, as the id glues them
    said = reading.topic | glued_words(reading.text)
    # "the September ledger" of ``ledger-2026-09``: the month the target writes by its number,
    # and every other word of it
    month = re.search(r"(?:^|[-_])20\d\d[-_](0[1-9]|1[0-2])(?:$|[-_])", target)
    if month is not None and int(month[1]) in months_in(reading.text):
        rest = {root(w) for w in target_words(target)[0] if not w.isdigit()} - STOP_ROOTS
        if rest and rest <= said:
            return True
    if initials_named(reading.text, target):
        return True
    return target_named_words(said, {n.number for n in reading.id_names}, target)


def initials_named(text: str, target: str) -> bool:
    """A target written by initials, or a clause that writes it so: ``hb-portal`` is "the
    health-board portal" (its other parts said too); "the PPG" is ``patient-participation-group``
    (an abbreviation in capitals of all the target's words)."""
    return bool(initial_words(text, target))


def initial_words(text: str, target: str) -> frozenset[str]:
    """The roots of the words by which ``text`` names ``target`` through initials (see
    ``initials_named``); empty when it does not."""
    parts = [p for p in re.split(r"[-_]", target.lower()) if p]
    letters = "".join(p[0] for p in parts if p.isalpha())
    for abbr in re.findall(r"\b[A-Z]{2,5}\b", text):
        if len(parts) >= 2 and abbr.lower() == letters:
            return frozenset({root(abbr.lower())})
    words = re.findall(r"[a-z]+", text.lower())
    said = roots(text)
    for i, part in enumerate(parts):
        if not (part.isalpha() and 2 <= len(part) <= 4) or root(part) in said:
            continue
        rest = {root(p) for j, p in enumerate(parts) if j != i} - STOP_ROOTS
        if not rest or not rest <= said:
            continue
        for k in range(len(words) - len(part) + 1):
            if "".join(w[0] for w in words[k : k + len(part)]) == part:
                return frozenset(root(w) for w in words[k : k + len(part)])
    return frozenset()


def target_named_words(said: frozenset[str], claim_numbers: set[int | None], target: str) -> bool:
    words, numbers = target_words(target)
    told = {root(w) for w in words} - _GENERIC_TARGET - STOP_ROOTS
    if not told:
        return False
    if numbers and claim_numbers and not claim_numbers & numbers:
        return False
    hit = shared(frozenset(told), said) | {w for w in told for s in said
                                            if len(w) >= 3 and s.startswith(w)}  # fmt: skip
    # every word that tells it apart, or, for a target of several words, its first one
    return bool(hit) and (hit >= told or (len(told) > 1 and len(hit) >= 1))


def names_target(text: str, target: str) -> bool:
    return any(named_matches(n, target) for n in named_in(text)) or target_named_words(
        roots(text), set(), target
    )


def merged_named(reading: ClaimReading, action: str, target: str, b: Backing) -> bool:
    """A merge into the trunk is of the branch its text names before "into" ("branch.merge
    bufr-ed4 into main: ..."): a claim naming that branch names the receipt's own object."""
    if not action.endswith("merge") or target not in TRUNKS:
        return False
    m = re.match(rf"\s*{re.escape(action)}\s+(\S+)\s+into\b", b.item.text)
    return m is not None and names_target(reading.text, m[1])


def action_words(reading: ClaimReading) -> list[str]:
    """The words that name the clause's families (a verb's own stem, ``journal`` for a journal
    append): they name its action, not an object."""
    out: list[str] = []
    for f in reading.families:
        out.extend(f.verb.replace(".", " ").split())
        out.extend(f.stems)
    return out


def upload_place_named(reading: ClaimReading, target: str) -> bool:
    """The clause names the target an upload went to; of a path, every word of the thing at its
    end too ("the rosé hero shot" is not ``clubshop/riesling-2028-hero.jpg``)."""
    if not target_named(reading, target):
        return False
    thing = target.rpartition("/")[2] if "/" in target else ""
    words = {root(w) for w in re.findall(r"[a-z]{3,}", thing.lower())} - {"jpg", "png", "pdf"}
    return words <= roots(reading.text)


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_CLAIM_MONTH = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|t|tember|"
    r"ober|ember)?\b\.?(?!\s*\d{1,2}\b)"
)


_INITIAL_NUMBER = re.compile(r"([a-z])(\d{1,3})")


def spelt_initial(word: str, text: str, target: str) -> bool:
    """Is ``word`` ("Year" of "Year 9 parents", "Account" of "Account 21044") a word the target
    writes by its initial or a short form before the number after it (``parents-y9``,
    ``acct-21044``)? Then it names the target, and is no person."""
    low = word.lower()
    parts = re.split(r"[^a-z0-9]+", target.lower())
    initial = any(
        (m := _INITIAL_NUMBER.fullmatch(p)) is not None
        and low.startswith(m[1])
        and re.search(rf"\b{re.escape(low)}\s+0*{int(m[2])}\b", text.lower()) is not None
        for p in parts
    )
    short = any(
        a.isalpha() and 2 <= len(a) < len(low) and _short_form(a, low) and n.isdigit()
        and re.search(rf"\b{re.escape(low)}\s+0*{int(n)}\b", text.lower()) is not None
        for a, n in pairwise(parts)
    )  # fmt: skip
    return initial or short


def _short_form(short: str, word: str) -> bool:
    """Is ``short`` a short form of ``word``: its first letter, then letters of it in order
    ("acct" of "account", "dept" of "department")?"""
    if short[0] != word[0]:
        return False
    rest = iter(word[1:])
    return all(c in rest for c in short[1:])


def other_period(text: str, target: str) -> str | None:
    """The quarter, month or initialled number a clause names where the target id carries another
    ("the Q3 report" is not ``harvest-fund-q2-report``, "Nov hosting invoice" not
    ``hosting-invoice-oct``, "the Year 8 tablets" not ``tablets-y7``)."""
    parts = [p for p in re.split(r"[^a-z0-9]+", target.lower()) if p]
    low = text.lower()
    quarters = {p[1] for p in parts if re.fullmatch(r"q[1-4]", p)}
    said_q = set(re.findall(r"\bq([1-4])\b", low))
    if quarters and said_q and not quarters & said_q:
        return f"Q{min(said_q)}"
    for part in parts:
        # "Year 8" is not tablets-y7: a word and number the target writes by initial and number
        m = _INITIAL_NUMBER.fullmatch(part)
        if m is None or re.search(rf"\b{part}\b", low):
            continue  # (the clause that writes "B2" itself names it so, whatever "batch 7" says)
        said_n = [(w, n) for w, n in re.findall(rf"\b({m[1]}[a-z]+)\s+0*(\d{{1,3}})\b", low)
                  if len(w) >= 3 and w not in STOPWORDS]  # fmt: skip
        if said_n and all(int(n) != int(m[2]) for _, n in said_n):
            return f"{said_n[0][0]} {said_n[0][1]}"
    months = {p for p in parts if p in _MONTHS}
    # a month the clause names as a period, not a day of it ("Nov hosting invoice", not "Nov 3")
    said_m = {m[:3] for m in _CLAIM_MONTH.findall(low)} if "may" not in low else set()
    if months and said_m and not months & said_m:
        return str(min(said_m))
    return None


def without_target_ids(reading: ClaimReading, target: str, said: str = "") -> ClaimReading:
    """The clause without the numbers that are its target's id ("the week 44 schedule" of
    ``shifts-week-44``), or that the receipt's text gives after the same word ("race 13" of
    "06:00 import, race 13 (22 boats)"): they name the thing, they count nothing the receipt
    could give."""
    plain, ids, said = clean(reading.text), target.lower(), clean(said)
    kept = tuple(
        q for q in reading.quantities
        if not any(re.search(rf"(?:^|[-_]){w}[-_]?0*{int(q.value)}(?:$|[-_])", ids)
                   or re.search(rf"\b{w}\s+#?0*{int(q.value)}\b(?![.,:]\d)", said)
                   for w in re.findall(rf"\b([a-z]{{3,}})\s+#?{re.escape(q.text)}\b", plain))
        # "the 2019 Q1 images" of ``archive-2019-q1``: a number of three digits or more, or one
        # written with its leading zero ("set 07" of photos-lakeside-07), that is a whole part of
        # the target
        and not (re.fullmatch(r"\d{3,}|0\d+", q.text)
                 and re.search(rf"(?:^|[-_]){q.text}(?:$|[-_])", ids))
    )  # fmt: skip
    return reading if len(kept) == len(reading.quantities) else replace(reading, quantities=kept)


def numbered_thing(n: Named, text: str) -> bool:
    """A capitalised word opening the clause, or after an article, right before a number
    ("Declaration 0872 is registered", "the Grade 5 names") names the kind of a numbered thing,
    not a person: the number, not the word, says which. Later in a clause ("the AP1 of Plot 7")
    it may name another thing, and is left to the other checks."""
    start = r"(?:^|\b(?:the|a|an|our|their|this|that)\s+)"
    return re.search(rf"{start}{re.escape(n.literal)}\s+#?\d", clean(text).lstrip()) is not None


def owner_named(n: Named, text: str, target: str, item: str) -> bool:
    """A name that says whose or which thing it is ("Mr. Qureshi's x-ray", "the Nakamura
    duplicate records") describes what was moved, where the receipt's target is a thing (an id
    with a number, or one whose every word the clause names: "Grant's crown task" of
    ``task-crown-P2207``); a receipt need not carry it to be of it. Against a party's own target
    ("Lenka's refund" of a payment to ``tomas``) it names another payee, another occasion."""
    words, numbers = target_words(target)
    said = clean(text)
    thing = (
        bool(numbers)
        or any(c.isdigit() for w in words for c in w)
        or all(_said_word(w, said) for w in words if len(w) > 2)
    )
    if not thing:
        return False
    lit = re.escape(n.literal)
    topic = re.search(
        rf"\b(?:about|regarding|concerning|on)\s+(?:the\s+)?{lit}(?:'s)?\s+(.*)", said
    )
    about = (
        re.split(r"\b(?:is|are|was|were|has|have|had|got|in|into|to|on)\b", topic[1])[0]
        if topic
        else ""
    )
    if topic and not roots(about) & roots(item):
        # "the entry about Dagmar's week-5 plan" of an entry on the etching-ledger repair: what
        # it is about, which the item names otherwise ("the notice about the Chablis delay" of
        # a notice of delay is that notice)
        return False
    return (re.search(rf"(?<![\w-]){lit}'s?\b(?!\s+(?:is|was|has|got)\b)", said) is not None
            or re.search(rf"\b(?:the|a|an|our|their)\s+{lit}\s+[a-z]", said) is not None)  # fmt: skip


def _said_word(word: str, said: str) -> bool:
    """Does the clause give ``word`` of a target, whole or as the start of a longer word
    ("lincs" of "Lincolnshire", "kak" of "Kakheti")?"""
    return re.search(rf"\b{re.escape(word)}", said) is not None
