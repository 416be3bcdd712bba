"""Targets prose names: host target names in their prose spellings, capitalised names, ids.

``named_in`` finds what a sentence names ("Patrick", "PR 15", "plates 03 and 04"); ``named_matches``
decides whether a host target (``pr-15``, ``send-plate-7-scan``) denotes one of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from harness.text.normal import ascii_fold, clean, fold
from harness.text.support import STOPWORDS

#: Platforms a build is for, each spelling to one name: a build for one is not a build for
#: another (check targets, claim support).
PLATFORMS: dict[str, str] = {
    "mac": "mac", "macos": "mac", "osx": "mac", "win": "win", "windows": "win", "linux": "linux",
    "arm": "arm", "arm64": "arm", "x86": "x86", "amd64": "x86", "ios": "ios", "android": "android",
}  # fmt: skip


def name_variants(name: str) -> tuple[str, ...]:
    """Spellings of a host target name in prose: ``project-general`` and ``project general``."""
    base = clean(name)
    variants = {base, base.replace("-", " "), base.replace("_", " "), base.replace("_", "-")}
    return tuple(sorted(v for v in variants if v))


def mentions(text_clean: str, names: Iterable[str]) -> list[str]:
    """The names (any variant) that occur as whole words in already-``clean`` text, accents
    aside ("Émile" names ``emile``: hosts store names unaccented)."""
    accented = not text_clean.isascii()
    plain = ascii_fold(text_clean)
    found: list[str] = []
    for name in names:
        for variant in name_variants(name):
            if _word_search(variant, text_clean) or (
                (accented or not variant.isascii()) and _word_search(ascii_fold(variant), plain)
            ):
                found.append(name)
                break
    return found


@lru_cache(maxsize=4096)
def _word_pattern(word: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w])" + re.escape(word) + r"(?![\w])")


def _word_search(word: str, text: str) -> bool:
    return word in text and _word_pattern(word).search(text) is not None


# -- named targets ------------------------------------------------------------------------------

#: Capitalised words that name days, months, the agents themselves, channels or host records,
#: never the target of an action; nor are titles ("Ms Vasquez" is Vasquez) or time zones
#: ("08:30 Pacific").
_NOT_NAME_WORDS = """i monday tuesday wednesday thursday friday saturday sunday january february march april may
    june july august september october november december jan feb mar apr jun jul aug sep sept oct
    nov dec utc gmt am pm ok okay vojan uhdim sophobot pi shadow phase stage host signal slack
    discord telegram whatsapp email e-mail gmail github gitlab instagram mastodon bluesky twitter
    journal registry receipt receipts heartbeat focus memory draft drafts inbox outbox reminder
    ledger seal provenance audit note dm message blog site page supported unsupported backed
    contradicted ambiguous confirmed verified done yes no delivery deliveries send sending payment
    upload handoff hand-off transfer shipment dispatch registration booking render rendering merge
    sync publication posting sealing acknowledgement record records entry entries dear hi hello
    hey according per rendered delivered sealed registered uploaded posted published merged paid
    sent scheduled booked deleted removed acknowledged completed appended notified informed
    messaged emailed dmed dm'd texted replied ordered submitted binned folded remunerated conveyed
    mr mrs ms miss mx dr prof sir madam pacific eastern central mountain pst pdt est edt cst cdt
    mst mdt cet cest
    bst ist jst aest irish british european midnight noon"""
_NOT_NAMES: frozenset[str] = frozenset(_NOT_NAME_WORDS.split())
#: Capitalised words that are never a name (days, channels, records, the agents themselves).
NOT_NAMES = _NOT_NAMES
#: Words that follow a subject: a capitalised first word is a name when one of these follows it.
_SUBJECT_NEXT = frozenset(
    {"has", "had", "got", "gets", "now", "already", "received", "was", "were", "is", "knows",
     "and", "saw", "opened", "read", "replied", "confirmed", "acknowledged"}
)  # fmt: skip
_PRONOUNS = frozenset(
    {"everything", "everyone", "everybody", "something", "someone", "nothing", "nobody", "anyone",
     "yesterday", "today", "tonight", "earlier", "later", "then", "also", "meanwhile", "both"}
)  # fmt: skip
#: Nouns that head an id when a number follows them ("PR 15", "plates 03 and 04").
ID_HEADS: frozenset[str] = frozenset(
    {"pr", "mr", "issue", "ticket", "plate", "lesson", "render", "invoice", "order", "job", "batch",
     "page", "chapter", "folio", "proof", "print", "scan", "frame", "edition", "release", "task",
     "delegation", "deleg", "sheet", "session", "pull request", "merge request", "reminder",
     "item", "entry", "note", "message", "post", "letter", "parcel", "crate", "box", "lot",
     "shipment", "payment", "booking", "draft",
     # parts of a series or a run ("part 4 is drafted" is not part 3 posted)
     "part", "volume", "episode", "installment", "instalment", "round", "phase", "step", "room",
     "sample", "tile", "panel", "track", "section"}
)  # fmt: skip
_ID_HEAD_RE = "|".join(sorted((re.escape(h) for h in ID_HEADS), key=len, reverse=True))
_HEAD_NUMBER = re.compile(
    rf"\b(?P<head>{_ID_HEAD_RE})(?:e?s)?\s*(?:no\.?\s*|#\s*)?(?P<nums>\d+[a-z]?"
    r"(?:\s*(?:,|and|&|/|or)\s*#?\d+[a-z]?)*)(?![\w:])"
)
_HASH_NUMBER = re.compile(r"(?<![\w#])#(?P<num>\d+)\b")
#: A run-sheet's item number before its text ("Item 3, journal entry ...: done", "Step 2: ..."):
#: the place of a line in a list, never a thing the host acted on.
LIST_ITEM = re.compile(r"(?:^|(?<=[;\n]))[\W_]*(?:item|step|point)\s*\d{1,2}[a-z]?\s*[,:.)]")
#: (never the head of a dotted version: "fw-2" is no id of "fw-2.4.1", which is read whole below)
_ID_TOKEN = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?![\w-]|\.\d)")
_TYPED_ID = re.compile(r"(?<![\w:/-])[a-z]{2,}:[a-z][a-z]*(?:[-_][a-z]+)+(?![\w:/-])")
#: Tokens with digits that are no id: standards, versions, and the week or day of a calendar
#: ("week-38 backup" is the backup of week 38).
_NOT_ID = re.compile(
    r"^(?:sha|utf|iso|md|mp|h|x|v|covid|rfc|cve|utc|gmt)[-_]?\d+$|^[a-z]+-\d+-fold$|^(?:week|wk|day)-\d{1,2}$"
)
_NAME_TOKEN = re.compile(r"[^\W\d_][\w'-]*")
#: Where a word stands first: at the start (after punctuation, or a list number such as "1." or
#: "2)" of a numbered bulletin), after a colon or an opening quote, or after a dash.
_INITIAL = re.compile(r"(?:^[\W_]*(?:\d{1,2}[.)][\W_]*)?|[:;(\"][\W_]*|\s-)\s*$")


@dataclass(frozen=True)
class Named:
    """A target a sentence names: a capitalised name (``Patrick``) or an id (``PR 15``)."""

    literal: str  # lower-case text as written, to find it again in a clause
    words: tuple[str, ...]  # folded lower-case words of a name; the head word of an id
    number: int | None = None

    @property
    def is_id(self) -> bool:
        return self.number is not None

    @property
    def label(self) -> str:
        if self.number is None or " " not in self.literal:
            return self.literal
        return " ".join([*self.words, str(self.number)])


#: Month names as ids abbreviate them ("the September audit" is task:audit-sept); "may" and
#: "march" are left alone, being verbs as often as months.
_MONTHS = {
    "january": "jan", "february": "feb", "april": "apr", "june": "jun", "july": "jul",
    "august": "aug", "september": "sep", "sept": "sep", "october": "oct", "november": "nov",
    "december": "dec",
}  # fmt: skip


def _stem_word(word: str) -> str:
    word = ascii_fold(word.lower()).removesuffix("'s")
    if word in _MONTHS:
        return _MONTHS[word]
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


#: Quotes, brackets and other marks prose wraps round words ("'Rose Window'", "0412,"):
#: ``target_words`` splits at a name's own separators only, so prose loses these first.
_PROSE_MARKS = re.compile(r"[^\w\s.:/#-]+")


#: A word and the number after it ("week 37", "Lot 18"), as an id glues them ("qc-week37").
_WORD_NUMBER = re.compile(r"(?<![\w-])([a-z]{2,})[\s#-]+(\d+)(?![\w-])")


def prose_words(text: str) -> tuple[frozenset[str], frozenset[int]]:
    """``target_words`` of a sentence or a receipt's text, its punctuation no part of a word.
    A word written apart from its number ("week 37") is also the glued word an id may hold
    ("qc-week37"); only prose is read so, so no target gains a number it did not write."""
    words, numbers = target_words(_PROSE_MARKS.sub(" ", text))
    glued = glued_words(text)
    return (words | glued, numbers) if glued else (words, numbers)


def glued_words(text: str) -> frozenset[str]:
    """Each word of ``text`` written apart from the number after it, glued as an id writes it
    ("week 43" is "week43", as in ``pickers-week43``)."""
    return frozenset(a + b for a, b in _WORD_NUMBER.findall(clean(text)))


#: A word of an id glued to its number ("week37", "cam04", "dock2").
_GLUED_WORD = re.compile(r"([a-z]{2,})(\d+)")
#: An id number of three digits or more glued to the letters before it ("sb121", "ngc7331").
_GLUED_NUMBER = re.compile(r"(?<=[a-z])(\d{3,})(?!\w)")


def unglued(word: str) -> tuple[str, str] | None:
    """(letters, number) of a word glued to its number ("cam04": ("cam", "04")), else None."""
    m = _GLUED_WORD.fullmatch(word)
    return (m.group(1), m.group(2)) if m is not None else None


def glued_numbers(text: str) -> frozenset[str]:
    """The id numbers ``text`` glues to their letters ("sample-batch-sb121": "121"), leading
    zeros dropped: the numbers a sentence may write apart ("SB-121")."""
    return frozenset(n.lstrip("0") for n in _GLUED_NUMBER.findall(text.lower()))


@lru_cache(maxsize=8192)
def target_words(target: str) -> tuple[frozenset[str], frozenset[int]]:
    """The stemmed words and the numbers of a host target name (``send-plate-7-scan``)."""
    parts = [p for p in re.split(r"[\s_.:/#-]+", clean(target)) if p]
    words = frozenset(_stem_word(p) for p in parts if not p.isdigit())
    numbers = frozenset(int(p) for p in parts if p.isdigit())
    return words, numbers


def _id_from_token(token: str) -> Named | None:
    if _NOT_ID.match(token) or not any(c.isdigit() for c in token):
        return None
    parts = [p for p in re.split(r"[-_]", token) if p]
    if all(p.isdigit() for p in parts[1:]) and parts[0].isdigit():
        return None  # a date or a range
    digits = [p for p in parts if p.isdigit()]
    head = next((p for p in parts if not any(c.isdigit() for c in p)), "")
    number = int(digits[-1]) if digits else None
    if number is None:  # tessera-a45: the id is the whole token
        return Named(token, tuple(_stem_word(p) for p in parts), None)
    return Named(token, (_stem_word(head),) if head else (), number)


@lru_cache(maxsize=8192)
def named_in(sentence: str) -> tuple[Named, ...]:
    """Targets a sentence names by name or id, in order (agents, days, channels excluded)."""
    cased = fold(sentence)
    lowered = cased.lower()
    found: list[Named] = []
    taken: list[tuple[int, int]] = []
    for m in _ID_TOKEN.finditer(lowered):
        named = _id_from_token(m.group())
        if named is not None:
            found.append(named)
            taken.append(m.span())
    taken += [m.span() for m in LIST_ITEM.finditer(lowered)]
    for m in _HEAD_NUMBER.finditer(lowered):
        if any(s < m.end() and m.start() < e for s, e in taken):
            continue
        taken.append(m.span())
        head = _stem_word(m.group("head"))
        head = "pr" if head in ("pull request", "merge request", "mr") else head
        for num in re.findall(r"\d+", m.group("nums")):
            found.append(Named(m.group(), (head,), int(num)))
    for m in _HASH_NUMBER.finditer(lowered):
        if not any(s <= m.start() < e for s, e in taken):
            found.append(Named(m.group(), (), int(m.group("num"))))
    tokens = list(_NAME_TOKEN.finditer(cased))
    group: list[str] = []
    for index, m in enumerate(tokens):
        word = m.group()
        plain = word.lower().removesuffix("'s")
        # "I've", "We'll", "Didn't": a pronoun or verb with a contraction, never a name
        contracted = "'" in plain and not plain.endswith("'")
        capital = (
            word[0].isupper() and not word.isupper() and plain not in _NOT_NAMES and not contracted
        )
        if capital and _INITIAL.search(cased[: m.start()]):
            # A capitalised first word is a name only as a subject ("Patrick has the note").
            after = tokens[index + 1].group().lower() if index + 1 < len(tokens) else ""
            capital = (
                word.lower().endswith("'s") or after in _SUBJECT_NEXT
            ) and plain not in STOPWORDS | _PRONOUNS
            # "Sealed and registered ledger-5": two past tenses joined, not two names
            second = tokens[index + 2].group().lower() if index + 2 < len(tokens) else ""
            if after == "and" and plain.endswith("ed") and second.endswith("ed"):
                capital = False
        if capital and not any(s <= m.start() < e for s, e in taken):
            group.append(plain)
            continue
        if group:
            found.append(_name_of(group))
            group = []
    if group:
        found.append(_name_of(group))
    return tuple(found)


def typed_ids(sentence: str) -> tuple[Named, ...]:
    """Ids written with their kind and no digit ("task:audit-nov", "thread:joss-frames"), which
    ``named_in`` does not read: a completion claim that writes one names its target exactly.
    Claim support links by words instead ("the audit task closed" speaks of task:audit-oct)."""
    return tuple(
        Named(m.group(), tuple(_stem_word(p) for p in re.split(r"[:_-]", m.group()) if p), None)
        for m in _TYPED_ID.finditer(fold(sentence).lower())
    )


#: Honorifics written on a name ("Okafor-san", "Kim-sensei"): the person, not a word of a name.
HONORIFICS = frozenset(("san", "sama", "kun", "chan", "sensei", "senpai"))


_HONORIFIC = re.compile(r"(?<=[A-Za-z])-(?:" + "|".join(HONORIFICS) + r")\b")


def without_honorifics(text: str) -> str:
    """ "Okafor-san got the text" as "Okafor got the text": the honorific is no part of the
    name a host target carries (``okafor-d``); "Frau Keller" is "Mrs Keller", whose title the
    names already leave out."""
    return _GERMAN_TITLE.sub(lambda m: _TITLES[m[1]], _HONORIFIC.sub("", text))


_TITLES = {"Herr": "Mr", "Frau": "Mrs"}
_GERMAN_TITLE = re.compile(r"\b(Herr|Frau)\b(?=\s+[A-ZÄÖÜ])")


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
                          "ß": "ss"})  # fmt: skip


def umlauts_as_written(text: str, others: Iterable[str]) -> str:
    """ "Tübingen" as "Tuebingen" where ``others`` (the cited items' words) write it so: a host
    id spells an umlaut with an e (``tuebingen``), which folding to "tubingen" would miss.
    ``others`` is read only when the text has an umlaut (most claims have none)."""
    if _UMLAUT_WORD.search(text) is None:
        return text
    lowered = " ".join(others).lower()

    def spelt(m: re.Match[str]) -> str:
        word = m.group()
        written = word.translate(_UMLAUTS)
        return written if written.lower() in lowered else word

    return _UMLAUT_WORD.sub(spelt, text)


_UMLAUT_WORD = re.compile(r"\w*[äöüÄÖÜß]\w*")


def _name_of(group: list[str]) -> Named:
    """A capitalised name, its words split at hyphens as ``target_words`` splits a target's:
    "Project-hollow" is the target ``project-hollow``, not one unknown word."""
    words = (p for w in group for p in re.split(r"[-_]", w.removesuffix("'s"))
             if p and p not in HONORIFICS)  # fmt: skip
    return Named(" ".join(group), tuple(_stem_word(w) for w in words))


def named_matches(named: Named, target: str) -> bool:
    """Does a host target name (``pr-15``, ``send-plate-7-scan``, ``mira``) denote ``named``?"""
    words, numbers = target_words(target)
    if named.number is None:
        return bool(named.words) and (
            set(named.words) <= words
            or (not numbers and _person_of(named, words))
            or _firm_of(named, words)
        )
    if named.number not in numbers:
        # "CH-07" of ``task-qc-ch07``: the head and number glued in the target
        return bool(named.words) and f"{named.words[0]}{named.number}" in _glued(target)
    # A head the target contradicts (plate 03 vs lesson-03) is another id in another series.
    return (
        not named.words
        or _abbreviates(named.words[0], words)
        or not (words & ID_HEADS)
        or named.words[0] in _initials(target)
    )


def _initials(target: str) -> set[str]:
    """The initials of the target's runs of two or more words ("ko" of ``kit-order-118``)."""
    parts = [p for p in re.split(r"[\s_.:/#-]+", clean(target)) if p]
    runs: list[list[str]] = [[]]
    for p in parts:
        if p.isalpha():
            runs[-1].append(p[0])
        elif runs[-1]:
            runs.append([])
    return {"".join(r[i:j]) for r in runs for i in range(len(r)) for j in range(i + 2, len(r) + 1)}


def _glued(target: str) -> set[str]:
    """The target's parts of letters glued to a number, the number without its zeros
    ("ch07" is "ch7"). Not ``unglued``: a one-letter head counts here ("w41"), a long word
    does not (measured: ``unglued`` here judges three more lines of the labelled sets wrong)."""
    return {f"{g[1]}{int(g[2])}" for p in re.split(r"[\s_.:/#-]+", clean(target))
            if (g := re.fullmatch(r"([a-z]{1,4})(\d{1,4})", p))}  # fmt: skip


def _person_of(named: Named, words: frozenset[str]) -> bool:
    """A person named in full that a host target names in part: ``chidi`` of "Chidi Okafor",
    ``framer-horak`` of "Zdeněk Horák", ``hyunwoo`` of "Hyun-woo"."""
    if len(named.words) != 2 or len(words) > 2 or not all(w.isalpha() for w in named.words):
        return False  # "tessellation-O9" is an id mistyped, no person
    first, last = named.words
    return words == {first} or last in words or first + last in words


#: The word after a firm's name that says what it does ("Halvorsen Shipping", "Brenner Law"),
#: which its id leaves out ("acct-halvorsen").
_FIRM_WORDS = frozenset(
    {"shipping", "law", "bank", "trust", "foundation", "fund", "ltd", "gmbh", "inc", "llc", "ag",
     "bv", "co", "company", "group", "partners", "logistics", "freight", "studio", "studios",
     "press", "media", "labs", "lab", "clinic", "school", "college", "university", "society"}
)  # fmt: skip


def _firm_of(named: Named, words: frozenset[str]) -> bool:
    """A firm or place named in two words that its id writes glued ("App Store" of
    ``appstore/5604``) or by its own name alone ("Halvorsen Shipping" of ``acct-halvorsen``)."""
    if len(named.words) != 2 or not all(w.isalpha() for w in named.words):
        return False
    first, last = named.words
    return first + last in words or (last in _FIRM_WORDS and first in words)


def _abbreviates(head: str, words: frozenset[str]) -> bool:
    """Is ``head`` among ``words``, in full or cut short ("inv-230" is invoice 230, "sess-4" is
    session 4): a clipped word of three letters or more is the same head, not another series."""
    return head in words or any(
        len(short) >= 3 and long.startswith(short)
        for w in words
        for short, long in ((w, head), (head, w))
    )
