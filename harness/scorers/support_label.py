"""Claim support with polarity: ``supported``, ``contradicted`` or ``unsupported``.

Each clause of a claim is read (``support_claim``), linked to the cited items it speaks of by
structure first (``support_link``: a receipt by its target or object and its action family,
another item by the names and the words and numbers the clause asserts), and compared with what
the linked item reports (``support_state``: status, state fields, numbers, clauses, negation on
both sides). Prose items are also read statement by statement (``support_prose``): the statement
that speaks of the clause's thing gives it its state. The explanation names the item linked and
why. One contradicted clause contradicts the claim; one the evidence does not answer leaves it
unsupported.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import pairwise

from harness.scorers.base import Thresholds
from harness.scorers.claim_support import Backing, Support, claim_support
from harness.scorers.support_absence import absence_label
from harness.scorers.support_bounds import bound_label
from harness.scorers.support_claim import ClaimReading, read_claim
from harness.scorers.support_clause import Label
from harness.scorers.support_compare import compared_label
from harness.scorers.support_dates import (
    date_label,
    day_only_label,
    deictic_label,
    strip_days,
    subject_day_label,
    subject_month_label,
)
from harness.scorers.support_idle import idle_beat_label
from harness.scorers.support_keys import lettered, other_lettered, versions_of
from harness.scorers.support_link import Link, item_names, link
from harness.scorers.support_mismatch import other_id, unrecorded_act
from harness.scorers.support_partial import partial_label
from harness.scorers.support_plans import is_plan, plan_label, planned_not_yet, planned_only
from harness.scorers.support_prose import absent_person, prose_label
from harness.scorers.support_said import item_quantities
from harness.scorers.support_state import item_label, receipt_label
from harness.scorers.support_todo import todo_items, todo_why
from harness.text.names import umlauts_as_written, without_honorifics
from harness.text.normal import ascii_fold, clean, fold, normalise, strip_html
from harness.text.quantities import Quantity
from harness.text.sentences import sentences
from harness.text.support import disputes, hex_runs, quoted_spans
from harness.text.times import spoken_times

_CLAUSE_JOIN = re.compile(r";\s*|\s+but\s+")


def _occasion(receipts: Sequence[Link], text: str) -> Link:
    """The receipt of the occasion the clause speaks of: of its own action first ("notified" is
    the message receipt, not the delivery beside it), then the one naming most of its object
    ("the second installment"), then the newest (a retry overtakes a queue)."""
    # a duplicate cancelled beside a payment that went through leaves that payment done
    # (unless the clause speaks of the repeat: "a second notice", "received it twice")
    kept = list(receipts) if _REPEAT.search(text) else [
        lk for lk in receipts if not _DUPLICATE.search(lk.backing.item.text)] or list(receipts)  # fmt: skip
    exact = [lk for lk in kept if lk.exact] or list(kept)
    best = max(lk.score for lk in exact)
    named = [lk for lk in exact if lk.score == best]
    return max(named, key=lambda lk: lk.backing.item.at)


_REPEAT = re.compile(
    r"\b(?:second|twice|again|another|duplicate|re-[a-z]+|re(?:sent|sends?|registered|"
    r"registration|uploaded|published|posted|sealed|signed|issued|scheduled|booked|paid|run|ran|"
    r"tried))\b",
    re.I,
)
_DUPLICATE = re.compile(r"\bcancell?ed\b.*\bduplicate\b|\bduplicate\b.*\bcancell?ed\b", re.I)

#: Words that put a clock time at the start or the end of a span ("start at 06:30").
_STARTS = re.compile(r"\b(?:start|starts|started|begin|begins|began|open|opens|from)\s+(?:at\s+)?$")
_ENDS = re.compile(r"\b(?:end|ends|ended|stop|stops|finish|finishes|close|closes|until|till)"
                   r"\s+(?:at\s+)?$")  # fmt: skip


#: Lexical claim support: ``claim_support``'s signature.
Lexical = Callable[[str, list[Backing], Thresholds], Support]


def _in_range(minute: int, q: Quantity, before: str) -> bool:
    """Is a clock time carried by a range an item states ("22:00 to 07:00")? A time said to
    start the span must be its start, one said to end it its end, any other inside it."""
    lo, hi = int(q.value), int(q.upper or 0)
    if _STARTS.search(before):
        return minute == lo
    if _ENDS.search(before):
        return minute == hi
    return lo <= minute <= hi if lo <= hi else minute >= lo or minute <= hi


def _uncarried(reading: ClaimReading, pool: Sequence[Backing]) -> str | None:
    """A time or digest the clause gives that no cited item carries: these are not paraphrased,
    so one missing is a wrong one. A clock time a range an item states covers ("running at
    23:30" in "22:00 to 07:00") is carried by it."""
    plain = clean(ascii_fold(reading.text))
    ranges: list[Quantity] | None = None  # the items' numbers are read only for a clock time
    for start, end, date, hm, zone in spoken_times(plain):
        if any(b.carries(date, hm, zone) for b in pool):
            continue
        if hm is not None and date is None and any(_glued_clock(hm, b) for b in pool):
            continue  # "the 02:15 pull" of ``nightly-pull-0215``: the id writes the time
        if hm is not None and date is None and ranges is None:
            ranges = [q for b in pool for q in item_quantities(b) if q.relation == "in"]
        if hm is None or date is not None or not ranges:
            return plain[start:end]
        minute = int(hm[:2]) * 60 + int(hm[3:])
        spans = bool(_STARTS.search(plain[:start]) or _ENDS.search(plain[:start]))
        if spans and not any(_in_range(minute, q, plain[:start]) for q in ranges):
            return plain[start:end]
        # any other time against a range is an amount the range answers either way ("open at
        # 18:30" against "09:00-17:00"): the item's numbers decide
    hexes = [h for b in pool for h in b.hexes]
    for run in hex_runs(plain):
        if not any(h.startswith(run) for h in hexes):
            return run
    return None


def _glued_clock(hm: str, b: Backing) -> bool:
    target = str((b.item.data or {}).get("target", ""))
    return re.search(rf"(?<![\d:]){hm[:2]}{hm[3:]}(?!\d)", f"{target} {b.item.id}") is not None


#: A word and a short number joined by a hyphen ("week-35", "set-2"): ids of more digits
#: ("render-0412") are written whole on both sides.
_JOINED_NUMBER = re.compile(r"\b([a-z]{3,})-(\d{1,2})\b", re.IGNORECASE)


def _spaced_in(part: str, pool: Sequence[Backing]) -> bool:
    """Does an item write one of the clause's joined ids with a space ("week 35" for week-35)?"""
    spaced = [f"{m.group(1)} {m.group(2)}".lower() for m in _JOINED_NUMBER.finditer(part)]
    return any(re.search(rf"\b{re.escape(w)}\b", b.item.text.lower()) for w in spaced for b in pool)


def _clause_label(part: str, pool: Sequence[Backing]) -> Label:
    if len(re.findall(r"[\w'-]+", part)) < 2:
        return "unsupported", "a single word asserts nothing"
    if is_plan(part):
        # a plan or a preference is no outcome: a receipt's status neither backs nor denies it
        return plan_label(part, pool)
    partial = partial_label(part, pool)
    if partial is not None:
        return partial
    todo = todo_items(part, pool)
    if todo:
        # a reminder's task or an order is a thing to do: the other items answer the clause
        pool = [b for b in pool if b not in todo]
        if not pool:
            return "unsupported", f"no cited item reports it ({todo_why(todo)})"
    bounded = bound_label(part, pool, _clause_label)
    if bounded is not None:
        return bounded
    by_day = deictic_label(part, pool) or day_only_label(part, pool)
    if by_day is not None:
        return by_day
    reading = read_claim(part)
    missing = _uncarried(reading, pool)
    if missing is not None:
        return "unsupported", f"its citations do not carry {missing}"
    another = other_id(part, pool)
    if another is not None:
        return "unsupported", another
    compared = compared_label(reading, pool)
    if compared is not None:
        return compared
    links, misses = link(reading, pool)
    versions = versions_of(part)
    if versions:
        # "the audio v3" is not "the slides v2": an item that gives its thing another version
        # and never the clause's speaks of another thing
        other = [lk for lk in links if versions_of(lk.backing.item.text).isdisjoint(versions)
                 and versions_of(lk.backing.item.text)]  # fmt: skip
        misses = [*misses, *(f"{lk.backing.item.id} gives another version" for lk in other)]
        links = [lk for lk in links if lk not in other]
    short = set(_SHORT_VERSION.findall(part))
    if short:
        # "the api 2.8 images" are not registry-api-2.9: a two-part number the clause gives,
        # where the target id ends in another (an id's "-2.9" is a version, never an amount)
        other = [lk for lk in links if (v := _target_short_version(lk.backing)) and v not in short]
        misses = [*misses, *(f"{lk.backing.item.id} is of another version" for lk in other)]
        links = [lk for lk in links if lk not in other]
    undated = strip_days(part)
    if not links and undated != part:
        # a date is no id: the clause without its dates finds the occasion its date is about
        dated_links = link(read_claim(undated), pool)[0]
        on_day = date_label(part, reading.subject, reading.negated,
                            [lk.backing for lk in dated_links])  # fmt: skip
        if on_day is not None:
            return on_day
    if not links and _spaced_in(part, pool):
        # "the week-35 kiln log" where an item writes "week 35": the same thing, spaced
        return _clause_label(_JOINED_NUMBER.sub(r"\1 \2", part), pool)
    if not links:
        reason = "; ".join(misses[:2]) or "it asserts nothing"
        return (
            absence_label(reading, pool)
            or prose_label(reading, pool)
            or (
                "unsupported",
                f"no cited item speaks of it ({reason})",
            )
        )
    occasion = subject_day_label(reading.subject, [lk.backing for lk in links]) or (
        subject_month_label(reading.subject, reading.text, [lk.backing for lk in links])
    )
    if occasion is not None:
        return occasion
    dated = date_label(part, reading.subject, reading.negated, [lk.backing for lk in links])
    if dated is not None:
        return dated
    receipts = [lk for lk in links if lk.receipt]
    others = [lk for lk in links if not lk.receipt]
    letters = lettered(reading.text)
    if letters and receipts:
        # "Set C reached Marta" against a delivery of set B: a receipt for one of the thing's
        # fellows answers nothing of it; the others' words may still ("got proof set A fine")
        kept = [lk for lk in receipts if not other_lettered(letters, lk.backing.item.text)]
        if not kept and not others:
            return "unsupported", f"{receipts[-1].backing.item.id} is of another of its kind"
        receipts = kept
    # The host's receipt decides the outcome of the action the clause asserts; a detail the
    # clause states of something else (a scan's symmetry) is the other items' to answer.
    if receipts and (reading.acts or reading.stated is not None or not others):
        chosen = _occasion(receipts, reading.text)
        unrecorded = unrecorded_act(reading, pool)
        if unrecorded is not None:
            return "unsupported", unrecorded
        # A later word from outside (the recipient's message, a focus or reminder state) that
        # answers the clause overtakes the receipt, as a retry overtakes a queue; the agent's
        # own prose (journal, session, history, memory) never does: it is what it believed.
        later = [lk for lk in others if lk.backing.item.kind not in _OWN_PROSE
                 and lk.backing.item.at > chosen.backing.item.at]  # fmt: skip
        if later:
            answer = item_label(reading, later)
            if answer[0] != "unsupported":
                return answer
            # the later word's own statement of the thing ("the files still haven't shown up")
            said = prose_label(reading, [lk.backing for lk in later])
            if said is not None:
                return said
        return receipt_label(reading, chosen)
    # a statement that the clause's act or thing is absent ("No seal.") names it with no
    # status word: the item-level reading would answer with the item's other statements
    absent = absence_label(reading, [lk.backing for lk in others])
    if absent is not None:
        return absent
    answer = item_label(reading, others)
    if answer[0] != "unsupported":
        # a person no item mentions is another matter, except at a beat that took no act at all
        if idle_beat_label(reading, [lk.backing for lk in others]) is None:
            answer = absent_person(reading, pool) or answer
    else:
        backings = [lk.backing for lk in others]
        answer = planned_not_yet(reading.verb, reading.negated, backings) or answer
    prose = prose_label(reading, pool, mixed=answer[0] != "unsupported")
    if prose is not None:
        # the statement that speaks of the clause's thing decides over words matched over the
        # whole item, where the item states other things too ("1001 finished; 1004 was
        # abandoned"), names the thing outright, or states it twice ("sent - bounced")
        answer = prose
    if answer[0] != "unsupported":
        # backed or denied by words or another act's status of an item that only plans the
        # clause's act ("will print monday" for "printed on Monday"): a plan says neither
        plans = planned_only(reading.verb, [lk.backing for lk in others], reading.families)
        answer = plans or answer
    return answer


#: The agent's own prose: what it wrote or believed, never the host's record of an outcome.
_OWN_PROSE = frozenset({"journal", "session", "history", "memory"})


#: Nouns after which a quoted span is the name of the thing ("the focus item 'answer Ilse'").
_NAMING = re.compile(r"\b(?:item|task|reminder|thread|focus|entry|file|post|folder|project|"
                     r"series|job|titled|called|named)\s*$")  # fmt: skip


def _names_only(text: str, pool: Sequence[Backing]) -> str:
    """The claim with quotation marks taken off spans that only name a cited item after the noun
    for what it is ("the focus item 'answer Ilse'"): a name quoted is still the claim's own
    words, not the item speaking."""
    names = {clean(n) for b in pool for n in item_names(b)}
    folded = fold(text)
    out = folded
    for start, end, span in quoted_spans(folded):
        before, after = clean(folded[:start]), clean(folded[end:])
        named = clean(span) in names and _NAMING.search(before) is not None
        # "the 'reply to Oskar' focus item", "'On re-sealing' is visible": a short span that is
        # the name before its noun, or the clause's subject, names the thing it speaks of
        if len(span.split()) <= 8 and not named:
            subject = _SUBJECT_BEFORE.fullmatch(before) and _VERB_AFTER.match(after)
            named = _NAMED_AFTER.match(after) is not None or subject is not None
        if named or _TITLE.fullmatch(span.strip()):
            out = out.replace(f"'{span}'", span).replace(f'"{span}"', span)
    return out


#: The noun after a quoted name ("the 'reply to Oskar' focus item").
_NAMED_AFTER = re.compile(r"\W*(?:focus item|item|task|reminder|thread|entry|file|post|folder|"
                          r"project|series|job|card|note|essay|article)\b")  # fmt: skip
#: A quoted span that opens the clause and is followed by its verb: the clause's subject.
_SUBJECT_BEFORE = re.compile(r"\W*(?:the\s+)?")
_VERB_AFTER = re.compile(r"\W*(?:is|was|are|were|has|have|had|did|does|got)\b")
#: A title in quotes ("'Seventh Fold' was published", "the 'Ledger' catalogue"): a few words,
#: each capitalised but for the small words of titles, no sentence in it. It names a work; it
#: quotes no one, so the claim still says what it says of it.
_TITLE = re.compile(
    r"(?:[A-Z0-9][\w'-]*)(?:\s+(?:[A-Z0-9][\w'-]*|of|the|and|in|on|a|an|for|to|at))*"
)


#: A pronoun standing for what the clause before spoke of ("...is not on hold; it went out").
_PRONOUN = re.compile(r"\b(?:it|they|them)\b", re.IGNORECASE)


def _resolved(parts: list[str], pool: Sequence[Backing]) -> list[str]:
    """The clauses with a pronoun read as the subject of the clause before it: "it went out"
    after "the autumn post is not on hold" says the post went out. A clause that only gives a
    day ("it is Dec 3") keeps its pronoun: the days the items state answer it."""
    out = parts[:1]
    for before, part in pairwise(parts):
        subject = read_claim(before).subject.strip()
        if subject and _PRONOUN.search(part) and day_only_label(part, pool) is None:
            part = _PRONOUN.sub(subject, part, count=1)
        out.append(part)
    return out


def _parts(text: str) -> list[str]:
    """The clauses of a claim; a fragment of one word (what an ellipsis leaves of a cut clause)
    is no clause, unless it is all the claim says."""
    parts = [p for s in sentences(text) for p in _CLAUSE_JOIN.split(s) if p.strip(" .")]
    whole = [p for p in parts if len(_WORD.findall(p)) >= 2]
    return whole or parts[:1]


_WORD = re.compile(r"[\w'-]+")
#: Where a claim is cut short ("... The link exp…"): the last word is only part of one.
_CUT = re.compile(r"\s*(?:\u2026|\.\.\.)\s*$")


def restated(text: str, pool: Sequence[Backing]) -> Backing | None:
    """The item whose text the claim repeats word for word after a label of its own that ends
    in a colon or a dash ("Candidate continue_focus: Focus: reread Weyl ...", "Related
    evidence: ..."), perhaps cut short: the item speaking, as a quote is. Four words at least,
    every word after the label, so a negation added or dropped is no restatement."""
    body = _CUT.sub("", text)
    cut = body != text
    starts = [0, *(m.end() for m in _LABEL_END.finditer(body))]
    for b in pool:
        have = f" {' '.join(normalise(strip_html(b.item.text)).split())} "
        for start in starts:
            words = normalise(body[start:]).split()
            said = words[:-1] if cut else words
            if len(said) >= 4 and f" {' '.join(said)} " in have:
                return b
    return None


#: The end of a label the claim puts before what it repeats ("Related evidence: ").
_LABEL_END = re.compile(r":\s+|\s+[-\u2014]\s+")


#: A two-part number in a clause ("the api 2.8 images"), not a price or a share.
_SHORT_VERSION = re.compile(
    r"(?<![\w.$\u20ac\u00a3])(\d{1,2}\.\d{1,2})(?![\w.%]|\s*(?:%|eur|usd|gbp|sek)\b)"
)


def _target_short_version(b: Backing) -> str | None:
    """The two-part version a receipt's target id ends in (``registry-api-2.9``), or None."""
    target = str((b.item.data or {}).get("target", ""))
    m = re.search(r"[-_]v?(\d{1,2}\.\d{1,2})$", target)
    return m.group(1) if m else None


def support_label(
    text: str, pool: list[Backing], thresholds: Thresholds, lexical: Lexical = claim_support
) -> tuple[str, str]:
    """(``supported`` | ``contradicted`` | ``unsupported``, why) for a claim and its cited items.

    A claim that quotes its evidence or disputes a mention reports what others say: its words are
    not its outcome, and lexical support (``claim_support``) judges it. Any other claim is judged
    clause by clause; one contradicted clause contradicts it, one unanswered leaves it
    unsupported. ``lexical`` is ``claim_support`` itself, or the same answers kept (evidence
    fidelity passes its per-package memo, which has most of these claims already).
    """
    text = without_honorifics(_names_only(text, pool))
    text = umlauts_as_written(text, (f"{b.item.text} {' '.join(b.targets)}" for b in pool))
    if not pool or quoted_spans(fold(text)) or disputes(text):
        support = lexical(text, pool, thresholds)
        return ("supported" if support.supported else "unsupported"), support.why
    labels = [_clause_label(p, pool) for p in _resolved(_parts(text), pool)]
    again = restated(text, pool)
    if again is not None and not any(label == "contradicted" for label, _ in labels):
        # the item speaking, as a quote is; a receipt that says otherwise still contradicts it
        return "supported", f"restates {again.item.id} word for word"
    for wanted in ("contradicted", "unsupported"):
        hit = next((lw for lw in labels if lw[0] == wanted), None)
        if hit is not None:
            return hit
    return labels[0] if labels else ("unsupported", "asserts nothing its citations could back")
