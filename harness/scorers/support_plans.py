"""Claims about the future, intentions and preferences: a plan is no outcome.

"Ilse will bring the samples Friday", "the archive plans to reprint it", "Halvard prefers TIFF"
say what someone means to do or likes, not what came about. A receipt records what happened to
an action, so its status answers no plan: it neither backs nor denies one. Only an item that
states the same plan (its own "will", "plans to", "prefers", with most of the clause's words)
answers it, with negation on both sides.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.scorers.claim_support import Backing
from harness.scorers.completion.lexicon import Action
from harness.scorers.support_link import is_receipt
from harness.scorers.support_statements import statements_of
from harness.text.normal import ascii_fold, clean
from harness.text.roots import root, roots, shared
from harness.text.support import STOPWORDS

#: Words that make a clause a plan, an intention or a preference: a modal of the future, a verb
#: of meaning to, of wanting or of liking better. "plan" alone is a noun ("the hanging plan").
PLAN = re.compile(
    r"\b(?:will|shall|won't|wont|is going to|are going to|am going to|plans? to|planning to|"
    r"(?:^|\b(?:i|we|he|she|they|uhdim|vojan)(?:'m|'re| am| are| is)?\s+)going to (?!the\b|a\b|an\b)|"
    r"gonna|intends? to|intending to|wants? to|would (?:rather|like to)|prefers?|hopes? to|"
    r"expects? to|means to|"
    # a plan told in the past is still a plan: "Vojan planned to send Dagny the quote"
    r"planned to|intended to|promise[sd]? to|meant to|(?:is|are|was|were) planned for|"
    # "the plan is to send it", "plan is register tonight", not "the payment plan is set up" or
    # "the hanging plan was sent" (a plan that exists is a thing)
    r"plan (?:is|was) to|plan is (?=[a-z]+ (?:tonight|tomorrow|later|next|first|then)\b))\b|"
    r"\w'll\b|^\W*plan:"
)
#: Words of a plan itself: they are what marks it, not what it is about.
_PLAN_ROOTS = roots("will shall going plan plans planning planned intend intends intended want "
                    "wants would rather like prefer prefers hope hopes expect expects means "
                    "meant promise promised promises")  # fmt: skip


def is_plan(text: str) -> bool:
    """Does the clause state a plan, an intention or a preference rather than an outcome?"""
    return PLAN.search(clean(ascii_fold(text))) is not None


#: A plan denied: the modal or the verb of meaning to negated, not a word of what is planned
#: ("I'll tell Priya about the mismatch" plans to tell her).
_PLAN_DENIED = re.compile(
    r"\b(?:won't|wont|will not|shall not|(?:is|are|am|was|were)(?:n't| not) (?:going|planning)|"
    r"(?:do|does|did)(?:n't| not) (?:plan|intend|promise|want|mean|expect|hope|say|tell|state)|"
    r"no (?:plan|intention)|never (?:planned|intended|promised|meant))\b"
)


def _plan_negated(text: str) -> bool:
    return _PLAN_DENIED.search(clean(ascii_fold(text))) is not None


def plan_label(text: str, pool: Sequence[Backing]) -> tuple[str, str]:
    """The plan clause against the items that state a plan of their own: one that shares most of
    its words states the same plan (negation on both sides); none leaves it unsupported."""
    want = roots(text) - _PLAN_ROOTS - roots(" ".join(STOPWORDS))
    negated = _plan_negated(text)
    for b in pool:
        have = b.item.text
        if not is_plan(have) or not want:
            continue
        if len(shared(want, roots(have))) * 2 > len(want):
            same = _plan_negated(have) == negated
            return ("supported" if same else "contradicted"), f"{b.item.id} states that plan"
    return "unsupported", "it states a plan or a preference; no cited item states that plan"


#: Words of a thing's arrival beside a plan for it ("arrived, I'll read it tonight").
_ARRIVED = re.compile(r"\b(?:arrived|received|got|came|reached|landed|in hand|here)\b", re.I)

#: Verbs too common to tell an act by ("has", "is", "says").
_BARE_VERBS = frozenset(root(w) for w in ("have", "be", "say", "do", "get", "go", "make", "run"))


def planned_only(
    verb: str, pool: Sequence[Backing], families: frozenset[Action] = frozenset()
) -> tuple[str, str] | None:
    """The clause's act, where the cited items speak of it only as a plan ("will print
    monday" for "the files were printed on Monday"): a plan is no outcome, so the words the
    clause shares with the item back nothing, and deny nothing either; unsupported. A clause
    whose verb names no act ("Kenji has the set") is matched by the families its words name
    ("I'll deliver the set tomorrow"). None where any statement states the act, none speaks of
    it, or an item also says it has not happened yet (``planned_not_yet`` answers that)."""
    verb = root(verb) if verb else ""
    if not verb or (verb in _BARE_VERBS and not families):
        return None
    bare = verb in _BARE_VERBS
    said = [(b, s) for b in pool if not is_receipt(b)
            for s in statements_of(b.item.id, b.item.text, _sender(b))
            if (s.families & families if bare else verb in s.words)]  # fmt: skip
    if not said or not all(s.open and is_plan(s.text) for _, s in said):
        return None
    items = {b.item.id: b for b, _ in said}.values()
    if any(_NOT_YET.search(clean(ascii_fold(b.item.text))) for b in items):
        return None
    if any(
        s.says == "undone" for b in items for s in statements_of(b.item.id, b.item.text, _sender(b))
    ):
        return None  # "drafted it but held it back; will send it after": held is its state
    if bare and any(s.says == "done" or _ARRIVED.search(s.text) for _, s in said):
        return None  # "the pack arrived, I'll open it tonight": the arrival is stated
    b, s = said[-1]
    return "unsupported", f"{b.item.id} only plans it: {s.text!r}"


#: An item's word that the act has not happened yet, beside its plan ("Will tell the framer
#: after lunch - not yet", "still waiting on the approval").
_NOT_YET = re.compile(
    r"\bnot yet\b|\bstill waiting\b|\byet to\b|\bhas(?:n't| not) yet\b|\b(?:not|n't)(?: \w+){1,2} yet\b"
)


#: Verbs whose act is the plan itself ("promised", "agreed to"): made, whatever comes of it.
_PLANNING_VERBS = frozenset(root(w) for w in ("promise", "plan", "intend", "agree", "offer",
                                              "mean", "want", "hope", "expect", "say"))  # fmt: skip


def planned_not_yet(verb: str, negated: bool, pool: Sequence[Backing]) -> tuple[str, str] | None:
    """The clause's act, where an item plans it and also says it has not happened yet: the
    plan alone answers nothing, the "not yet" beside it says the act is still ahead (the
    contract's definition). None where no such item speaks of the act."""
    verb = root(verb) if verb else ""
    if not verb or verb in _BARE_VERBS or verb in _PLANNING_VERBS:
        return None  # "promised Gudrun the ledger": the promise is the act, made
    for b in pool:
        if is_receipt(b) or not _NOT_YET.search(clean(ascii_fold(b.item.text))):
            continue
        said = [s for s in statements_of(b.item.id, b.item.text, _sender(b)) if verb in s.words]
        plans = [s for s in said if is_plan(s.text)]
        if plans and len(plans) == len(said):
            why = f"{b.item.id} plans it ({plans[0].text!r}) and says it has not happened yet"
            return ("supported" if negated else "contradicted"), why
    return None


def _sender(b: Backing) -> str:
    """A message's sender, as the prose reading passes it: the statements are read once."""
    return str((b.item.data or {}).get("from") or "") if b.item.kind == "message" else ""
