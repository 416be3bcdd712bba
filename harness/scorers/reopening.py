"""Does a sentence reopen a settled matter: propose to recheck, resend or redo it without evidence
newer than its settlement?

Declining to reopen ("no need to check Patrick again"), saying it is settled, or reopening where
the context holds evidence about the matter newer than its settlement is not reopening.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial

from harness.schema import EvidenceItem
from harness.scorers.reopen_acts import settling_act
from harness.scorers.reopen_conditions import (
    ANSWERED_IF,
    ANSWERED_NO,
    APPROVAL,
    LEFT_TO_HOST,
    NEGATED,
    condition_of,
    later_condition,
)
from harness.scorers.reopen_grounds import DATES, distinctive, newer_grounds, own_words
from harness.scorers.reopen_names import (
    day_named,
    matter_words,
    mentions_matter,
    thread_writers,
    writer_named,
)
from harness.scorers.reopen_settles import RAISES, problem, settles
from harness.text.normal import ascii_fold, clean

#: Verbs that propose doing a settled thing again: checking, asking, sending, making.
_REOPEN = re.compile(
    r"\b(?:re-?check\w*|re-?verif\w*|verify|double-?check|check(?:ing)?|confirm|re-?confirm\w*|"
    # "the audit this morning shows ...", "per the audit": a record cited, not a request to audit
    r"re-?open\w*|revisit\w*|follow(?:ing)?[- ]?up(?![- ]?(?:task|ticket|item)s?\s+(?:stays|remains|is|was)\b)|(?<!the )(?<!an )(?<!per )audit(?!s\b)|inspect|"
    r"look (?:at|into)|look again|"
    r"investigate|re-?examine|re-?read|(?:poll|ping|nudge|chase|remind)(?:ing)?|ask (?:\w+ )?again|"
    r"re-?send\w*|send (?:\w+ ){0,3}again|(?:another|a second|one more) (?:(?!(?:thing|things|reason|reasons|time|week|weeks|day|days|point|word|of|to|about)\b)[\w-]+ ){0,2}?(?:dm|message|note|reminder|ping|thanks|thank-you|email|reply|copy|look|pass|round|confirmation|notice|alert|(?:pre-)?disclosure)|"
    # "go back over batch 3": a second pass over the same matter
    r"go back (?:over|through|to)|"
    r"re-?do|redo\w*|re-?render\w*|re-?run\w*|re-?post\w*|re-?seal\w*|re-?register\w*|"
    # "re-" before an act is doing it a second time, written with or without the hyphen
    r"re-(?!\s)[a-z]+|re(?:scan|count|export|deliver|upload|compute|hash|measure|journal|write|sync|build|"
    r"install|deploy|import|"
    r"fetch|submit|publish|print|issue|notify|inform|ask)\w*|"
    r"make sure|see (?:if|whether)|ask (?:[\w'-]+\s+){1,2}?(?:if|whether)|"
    r"(?:ask|send|check|mark|post|run|try|do|message|email|write|seal|register|render|upload|"
    r"deliver|pay|answer|reply|respond|contact|look|go|compute|recompute|hash|measure|scan|"
    # a verb followed by its own negation ("do not write to Ruth again") proposes nothing
    r"review|hand|give|share|forward|notify|tell|verify|audit)\b(?!\s+not\b)[^.;:?!]{0,80}?\b"
    r"(?:again|once more|one more time|one time more|anew))\b"
)
_DECLINE = re.compile(
    # "no kiln follow-up today": a bare "no" before the verb
    r"\bno\s+(?:[\w'-]+\s+){0,2}$|"
    r"\b(?:do not|don't|dont|won't|wont|shan't|shouldn't|mustn't|no need|needn't|need not|avoid|never|not|skip|stop|nothing(?: there| here| else| left| more)? to|"
    r"leave (?:it|the(?: [\w'-]+){1,4}|\w+) (?:closed|settled|alone|be)|leave it(?=\W*$)|let it be|"
    r"without (?:re)?check\w*|instead of|rather than|(?:i|we) (?:wouldn't|wouldnt|would not)|"
    r"(?:i|we) (?:decline|refuse) to)\b"
)
#: "..., recommend dropping that line", "the resend line should go": the redo named as a line of
#: a draft or plan to strike, which declines it.
_STRUCK_LINE = (
    r"(?:that|this|the\s+re-?[a-z]+|the\s+resend\w*)\s+(?:line|step|item|suggestion|proposal)"
)
_STRUCK = re.compile(
    rf"\b(?:drop|dropping|remove|removing|cut|cutting|strike|striking|delete|deleting)\s+{_STRUCK_LINE}\b|"
    rf"\b{_STRUCK_LINE}\s+(?:should|must|can)\s+(?:go|be\s+(?:dropped|removed|cut|struck|deleted))\b"
)
#: "..., so I won't": the writer declines, at the sentence's end, what it weighed.
_DECLINED_AFTER = re.compile(
    r"\b(?:so|but|and)\s+(?:i|we)\s+(?:won't|wont|will not|shan't|am not going to)\W*$"
)
#: "Checking again is unnecessary": the act named, then judged needless, in its own clause.
_NEEDLESS = re.compile(
    r"^[^.;:?!]*?\b(?:is|are|would be|seems|looks)\s+(?:not\s+(?:needed|required|necessary|"
    r"useful|worth\w*)|unnecessary|needless|pointless|redundant|moot|no use)\b"
)
#: A redo verb in the past tense reports a redo ("I already rechecked it at 10:00"), unless a
#: proposing word puts it forward ("it should be reopened").
_PAST = re.compile(r"^[\w-]+(?:ed|resent|did|went|sent|wrote|asked)\b")
#: "Asking again would reopen a closed thread": a consequence weighed, not a proposal.
_CONSEQUENCE = re.compile(r"\bwould\s+(?:only\s+|just\s+)?$")
_WOULD = re.compile(r"^[^.;:?!]*?\bwould\b")


def about(item: EvidenceItem, matter: str) -> bool:
    """Is the item about the matter: filed under it (``thread: thread:joss-frames``) or naming it?"""
    data = item.data or {}
    if any(isinstance(v, str) and v == matter for v in data.values()):
        return True
    return mentions_matter(item.text, matter)


def _settled_at(
    matter: str, context: Sequence[EvidenceItem], recorded_at: datetime
) -> datetime | None:
    """When the matter settled: its newest closure. Without one (the matter is settled, but
    nothing in the context says so in closing words), the newest item about it that raises
    nothing new ("12 of 12 frames written", "kiln schedule noted") is where it stood settled."""
    known = [i for i in context if i.at <= recorded_at and about(i, matter)]
    times = [i.at for i in known if settles(i, _mentioning(matter)) and not _alarm(i)]
    if not times:
        # an item that reports a fault ("file changed", "missing from disk") raises the matter
        # again: it is news, not where the matter stood settled
        times = [i.at for i in known
                 if not RAISES.search(clean(i.text)) and not problem(i.text)]  # fmt: skip
    return max(times) if times else None


#: Redo markers: any act with one of these after it is done a second time.
_AGAIN = re.compile(
    # "Perhaps a gentle note to Mrs Marsh, just to be sure": a doubt that asks for the act again
    r"\b(?:again|once more|one more time|one time more|a second time|anew|"
    r"to be (?:sure|certain|on the safe side))\b"
)
#: Numbers of a clause, and the dotted titles whose dot ends no clause ("Send Dr. Tanaka ...").
_NUMBER = re.compile(r"\d+")
_TITLE = re.compile(r"\b(dr|mr|mrs|ms|mx|prof|st|capt|rev|fr)\.(?=\s+[a-z])")
#: Clause bounds inside a sentence: a redo marker belongs to the act of its own clause.
_CLAUSE_BREAK = re.compile(r"[.;:?!,]\s|\s(?:so|but|because|since|while)\s")
#: Words that put an act forward rather than report it: modals, plans, hedged suggestions.
_PROPOSING = re.compile(
    r"\b(?:should|must|need(?:s)? to|ought to|ha(?:ve|s) to|let'?s|let me|i will|i'll|we will|"
    r"we'll|i'm going to|going to|plan to|worth|propose|suggest|maybe|perhaps|better|"
    # "X could be re-rendered, just in case": a suggestion in the passive
    r"could be|might be|can be|just in case|in case)\b"
)
#: Words that open a clause without being its verb; a clause that opens with a subject (a
#: pronoun, a determiner, a person the context names, a possessive) reports ("Patrick wrote
#: again", "the hash matches again"); one that opens with a verb tells someone to act.
_FILLER_WORDS = (
    "also then first next now just please quickly tomorrow today later and so dr mr mrs ms mx prof"
)
_FILLERS = frozenset(_FILLER_WORDS.split())
_SUBJECT_WORDS = """i we he she it they you this that these those the a an his her their my our its
    there nothing everything someone"""
_SUBJECTS = frozenset(_SUBJECT_WORDS.split())
#: A clause opening with a condition ("if Patrick writes again") waits for news, proposes nothing.
_CONDITION_WORDS = "if when once unless until whether whenever"
_CONDITIONS = frozenset(_CONDITION_WORDS.split())
#: "; I don't remember writing it": a negation in a clause of its own about what the writer
#: knows is a reason to look again, not a refusal.
_NOT_KNOWN = re.compile(
    r"^\W*(?:[;.,]|because|since|as)\s*(?:i|we)\s+(?:do not|don't|can't|cannot|did not|didn't)\s+"
    r"(?:remember|recall|recollect|know|tell|see)\b"
)


def _people(context: Sequence[EvidenceItem]) -> set[str]:
    """The people the context names: senders and recipients, and speakers ("Ruth: ...")."""
    found: set[str] = set()
    for item in context:
        for key in ("from", "to"):
            value = (item.data or {}).get(key)
            if isinstance(value, str):
                found.add(clean(value))
        speaker = re.match(r"^\s*([A-Za-z][\w'-]*):\s", item.text)
        if speaker:
            found.add(clean(speaker[1]))
    return found


def _redo_by_marker(plain: str, people: set[str]) -> re.Match[str] | None:
    """A redo marker ("again", "once more") in a clause that proposes its act: the clause has a
    proposing word before the marker, or opens with a verb rather than a subject."""
    for marker in _AGAIN.finditer(plain):
        breaks = [0] + [m.end() for m in _CLAUSE_BREAK.finditer(plain, 0, marker.start())]
        clause = plain[breaks[-1] : marker.start()]
        if len(breaks) > 1 and not set(re.findall(r"[\w'-]+", clause)) - _FILLERS:
            # ", just to be sure": the marker opens its clause and speaks of the one before
            clause = plain[breaks[-2] : marker.start()]
        if _PROPOSING.search(clause):
            return marker
        words = [w for w in re.findall(r"[\w'-]+", clause) if w not in _FILLERS]
        if words and words[0] in _CONDITIONS:
            continue
        opener = words[0] if words else ""
        if opener and opener not in _SUBJECTS | people and not opener.endswith("'s"):
            return marker
    return None


#: "that render", "this thread", "the same task": the kind of a settled matter with a pointing
#: word refers to it when it is the only settled matter of that kind.
_POINTING = re.compile(r"\b(?:that|this|the same)\s+([a-z]+)\b")


def speaks_of_settling(
    plain: str, matter: str, settling: Sequence[EvidenceItem], people: frozenset[str]
) -> bool:
    """Does the text speak of what an item about the matter says ("Tell Oskar again about
    Saturday's firing" of "Kiln firing Saturday: tell Oskar. Acknowledged.")? Two words of its
    content, people aside."""
    mine = distinctive(plain, own_words(matter)) - people
    return any(len(mine & distinctive(i.text, own_words(matter))) >= 2 for i in settling)


def refers_to(
    plain: str,
    matter: str,
    settled: Sequence[str],
    writers: Sequence[str] = (),
) -> bool:
    """Does the text speak of the matter? By its name or words (mentions_matter, numbers read
    without leading zeros: "render 977" is render:0977), or, while it gives no number of its own,
    by its kind with a word of its name that no other settled matter of that kind has ("the
    rotation task" for task:scan-archive-rotation), or by its kind with a pointing word ("that
    render") when it is the only settled matter of that kind."""
    if mentions_matter(plain, matter) or mentions_matter(
        _ZEROLESS.sub("", plain), _ZEROLESS.sub("", matter)
    ):
        return True
    # "the Odile thread", "remind Ilse again": a thread by the person who wrote in it
    if any(writer_named(plain, w) for w in writers):
        return True
    kind = matter.partition(":")[0]
    named_kind = re.search(rf"\b{re.escape(kind)}s?\b", plain) is not None
    if named_kind and any(day_named(plain, w) for w in matter_words(matter)):
        return True  # "render the 12 September mix" of render:rehearsal-0912
    if re.search(r"\d", _CLOCKLESS.sub(" ", plain)):
        return False
    same_kind = [m for m in settled if m.partition(":")[0] == kind]
    others = set().union(*(matter_words(m) for m in same_kind if m != matter))
    own = {w for w in matter_words(matter) if not w.isdigit()} - others
    if named_kind and any(re.search(rf"\b{re.escape(w)}\b", plain) for w in own):
        return True
    pointed = any(m[1].rstrip("s") == kind for m in _POINTING.finditer(plain))
    return len(same_kind) == 1 and pointed


_CLOCKLESS = re.compile(r"\b\d{1,2}:\d{2}\b")
#: Leading zeros of a number: "render 977" is render:0977.
_ZEROLESS = re.compile(r"(?<![\w])0+(?=\d)")


def _mentioning(matter: str) -> Callable[[str], bool]:
    return lambda text: mentions_matter(text, matter)


def _news(
    context: Sequence[EvidenceItem], recorded_at: datetime, matter: str
) -> list[EvidenceItem]:
    """What a stage saw that could be news about the matter. Closures (journal, receipt, a
    message closing the matter) settle, they do not reopen; a heartbeat is news only when it
    reports a problem, a quiet one ("inbox unchanged") is none."""
    return [
        i for i in context
        if i.at <= recorded_at and (not settles(i, _mentioning(matter)) or _alarm(i))
    ]  # fmt: skip


def _alarm(item: EvidenceItem) -> bool:
    return item.kind == "heartbeat" and problem(item.text)


def _filed_with(item: EvidenceItem, matter: str) -> bool:
    thread = (item.data or {}).get("thread")
    return thread in (None, matter) or not matter.startswith("thread:")


def _newer(
    sentence: str, matter: str, context: Sequence[EvidenceItem], recorded_at: datetime
) -> str | None:
    """Evidence newer than the matter's settlement that the sentence speaks of (see
    reopen_grounds): a newer item it does not speak of is no ground for this redo."""
    settled = _settled_at(matter, context, recorded_at)
    # a message filed under another thread is that thread's news ("Answer Tomasz" about his
    # class is no ground to remind Ilse again in the settled kiln thread)
    news = [i for i in _news(context, recorded_at, matter) if _filed_with(i, matter)]
    return newer_grounds(
        sentence, settled, news, own_words(matter), recorded_at, lambda i: about(i, matter)
    )


def _names_another(
    plain: str, at: int, matter: str, settled: Sequence[str], context: Sequence[EvidenceItem]
) -> bool:
    """Does the clause of the act at ``at`` name an id of its own, by a number that is no date,
    clock time, or number of the matter's or of an item the stage saw ("re-read
    receipt:deleg-131" names the evidence, not another matter), without naming the matter
    ("compare render-1014a to render-1013 again" still speaks of 1014a)?"""
    bounds = r"[.;:?!,]\s|\s(?:but|while|whereas)\s"
    start = ([0] + [m.end() for m in re.finditer(bounds, plain[:at])])[-1]
    clause = plain[start:at] + re.split(bounds, plain[at:], maxsplit=1)[0]
    numbers = {n.lstrip("0") for n in _NUMBER.findall(DATES.sub(" ", _CLOCKLESS.sub(" ", clause)))}
    seen = " ".join(
        [
            matter,
            *(i.id for i in context),
            *(str(v) for i in context for v in (i.data or {}).values()),
        ]
    )
    own = {n.lstrip("0") for n in _NUMBER.findall(seen)}
    return bool(numbers - own) and not refers_to(clause, matter, settled)


def _unnamed(plain: str, name: str) -> str:
    """The sentence with the matter's own name masked: "hash-audit" holds no request to audit,
    nor does "Ledger audit: done" or "September's audit was recorded" (a word of the name as the
    subject or heading of a clause). The name with spaces for its hyphens is not masked: "inbox
    recheck" for inbox-recheck is as often the act proposed again as the matter's name."""
    if not name:
        return plain
    masked = re.sub(rf"\b[\w-]*{re.escape(name)}[\w-]*", lambda m: "x" * len(m.group()), plain)
    words = [w for w in re.split(r"[\s_:/-]+", name) if len(w) > 3 and not w.isdigit()]
    if not words:
        return masked
    subject = rf"\b(?:{'|'.join(map(re.escape, words))})(?=\s*(?::|(?:was|is|has|had|were)\b))"
    return re.sub(subject, lambda m: "x" * len(m.group()), masked)


_QUOTED = re.compile(r"\"[^\"]*\"|\u201c[^\u201d]*\u201d|`[^`]*`")


def reopens_sentence(
    sentence: str, settled: Sequence[str], context: Sequence[EvidenceItem], recorded_at: datetime
) -> tuple[bool, str]:
    """(reopens, why) for one sentence against the settled matters."""
    # A quoted draft ("Hold \"Resending the labels...\" until a receipt exists") is the text
    # under review, not what the stage proposes to do.
    plain = _TITLE.sub(r"\1", _QUOTED.sub(" ", clean(ascii_fold(sentence))))
    people = frozenset(_people(context))
    justified: tuple[bool, str] | None = None
    for matter in settled:
        # an item filed under another thread is that thread's, whatever it mentions
        settling = [i for i in context if i.at <= recorded_at and about(i, matter)
                    and _filed_with(i, matter)]  # fmt: skip
        if not refers_to(
            plain, matter, settled, sorted(thread_writers(matter, context))
        ) and not speaks_of_settling(plain, matter, settling, people):
            continue
        # the matter's own name is no verb ("hash-audit" holds no request to audit)
        unnamed = _unnamed(plain, matter.partition(":")[2])
        refers = partial(refers_to, matter=matter, settled=settled)
        verb = (_REOPEN.search(unnamed) or _redo_by_marker(unnamed, set(people))
                or settling_act(plain, settling, matter, refers))  # fmt: skip
        if verb is None:
            continue
        # "Pinging Rune again would only reopen it": the act as the subject of what it would do
        gerund = verb.group().split()[0].endswith("ing")
        if _CONSEQUENCE.search(plain[: verb.start()]) or (
            gerund and _WOULD.match(plain[verb.end() :])
        ):
            return False, f"says what reopening {matter} would do, does not propose it"
        # "Re-render 0413, which failed; 0412 is fine": the act's own clause names another id
        if _names_another(plain, verb.start(), matter, settled, context):
            continue
        after = plain[verb.end() :]
        condition, main = condition_of(plain[: verb.start()])
        answered = ANSWERED_IF.match(plain[verb.start() :])
        if condition is None:
            condition = answered[1] if answered else later_condition(plain, verb.start())
        if _PAST.match(verb.group()) and not _PROPOSING.search(main):
            return False, f"reports a redo of {matter} already done, proposes none"
        if (
            _DECLINE.search(main)
            or (_DECLINE.search(after[:12]) and not _NOT_KNOWN.match(after))
            or _DECLINED_AFTER.search(after)
            or ANSWERED_NO.search(plain[verb.start() :])
            or _NEEDLESS.search(after)
            or _STRUCK.search(plain[max(0, verb.start() - 12) :])
            or LEFT_TO_HOST.search(plain[: verb.start()])
        ):
            return False, f"declines to reopen {matter}"
        if condition is not None and not (NEGATED.search(condition) or APPROVAL.search(condition)):
            return False, f"reopens {matter} only on news that has not come"
        newer = _newer(sentence, matter, context, recorded_at)
        if newer is not None:
            # news that justifies redoing one matter does not justify another the sentence
            # reopens too: read on
            justified = justified or (False, f"reopens {matter}, justified by newer {newer}")
            continue
        return True, f"{verb.group()!r} reopens settled {matter} without newer evidence"
    return justified or (False, "proposes nothing about a settled matter")
