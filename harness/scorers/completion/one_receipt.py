"""One receipt, one occasion: two statements of one sentence that the same receipt would prove
("the renewal reminder is cleared; the dentist reminder was cleared too", "week10 recording
uploaded; week10 transcript uploaded") speak of two things. Where the receipt names what one of
them moved and not what the other did, it proves the first only; the second needs its own.

Each statement is checked against its proof alone (``receipts.verdict``); this pass looks at the
statements of a sentence together, which is what a reader does with "too", "as well" and a
semicolon list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from harness.scorers.completion.grammar import Completion
from harness.scorers.completion.occasions import object_words
from harness.text.names import mentions
from harness.text.normal import clean
from harness.text.support import evidence_tokens, support_tokens


@dataclass(frozen=True)
class Proved:
    """A statement and the receipt its own verdict found, with that receipt's words."""

    statement: Completion
    receipt: str
    receipt_words: frozenset[str]


def _clause(c: Completion) -> str:
    return clean(c.clause or c.sentence)


def _own_targets(c: Completion) -> frozenset[str]:
    """Words of the targets the statement's own clause writes out (not ones inferred for it)."""
    said = mentions(_clause(c), c.targets)
    return frozenset(w for t in said for w in evidence_tokens(t))


#: Additive words say there is more, they name nothing; money is what any payment moves
#: ("the fee's paid up, the regulator's got the money": one payment).
_ADDITIVE = frozenset({"too", "well", "also", "both", "again", "plus", "money", "funds", "cash"})


#: The words of a phrase that are its verb ("notified" of "notified the bindery"): the rest of
#: the phrase names what was moved or to whom.
_VERB_FORM = re.compile(
    r"^(?:[a-z]+ed|sent|got|has|have|had|is|are|was|were|been|done|made|put|paid|told|gave|"
    r"given|wrote|written|went|gone|off|up|out|over|to|now|also|already)$"
)


def _distinct(c: Completion, common: frozenset[str]) -> frozenset[str]:
    """What the clause names beyond its verb, its own targets and what every statement of the
    sentence shares: the thing it says was moved."""
    verb = support_tokens(" ".join(w for w in c.phrase.split() if _VERB_FORM.match(w)))
    return object_words(_clause(c), _own_targets(c)) - verb - common - _ADDITIVE


def _stems(words: frozenset[str]) -> frozenset[str]:
    # "renewal" and the receipt's "renew", "photographs" and "photograph": one word; an id
    # ("task-catalogue-scans", "week10") stays whole, its ending is what tells it apart
    return frozenset(w if "-" in w or any(ch.isdigit() for ch in w) else w[:5] for w in words)


def unproven_by_shared_receipt(group: Sequence[Proved]) -> dict[int, str]:
    """Index in ``group`` -> why, for the statements the shared receipt does not prove: each
    names something (``_distinct``) the receipt's target and text do not, while another
    statement of the group is the one the receipt names."""
    out: dict[int, str] = {}
    by_receipt: dict[str, list[int]] = {}
    for i, p in enumerate(group):
        by_receipt.setdefault(p.receipt, []).append(i)
    for receipt, members in by_receipt.items():
        if len(members) < 2:
            continue
        words = _stems(group[members[0]].receipt_words)
        statements = [group[i].statement for i in members]
        clause_words = [object_words(_clause(c), frozenset()) for c in statements]
        common = frozenset.intersection(*clause_words)
        distinct = [_stems(_distinct(c, common)) for c in statements]
        targets = [_stems(_own_targets(c)) for c in statements]
        # a statement the receipt names whole: every word of its clause is in the receipt
        whole = [bool(w) and _stems(w) <= words for w in clause_words]
        for k, i in enumerate(members):
            if not distinct[k] or distinct[k] & words:
                continue
            named_other = next(
                (
                    statements[j]
                    for j in range(len(members))
                    if j != k
                    and (distinct[j] & words or (targets[j] - targets[k]) & words or whole[j])
                ),
                None,
            )
            if named_other is not None:
                out[i] = (
                    f"names {', '.join(sorted(distinct[k]))}; {receipt} proves "
                    f"{named_other.phrase!r} of the same sentence, and one receipt proves one "
                    "occasion: no receipt of its own"
                )
    return out


#: A pronoun that points back at what an earlier statement moved ("... and it was delivered").
_PRONOUN = frozenset({"it", "them", "both"})
#: Words of a record describing the act ("the receipt shows it delivered"), which name nothing
#: moved.
_RECORD_WORDS = frozenset({"show", "shows", "confirm", "confirms", "mark", "marks", "list",
                           "lists", "say", "says", "indic", "receipt", "log", "status"})  # fmt: skip


def antecedent_proof(
    c: Completion, earlier: Sequence[tuple[Completion, str]], actions: dict[str, str]
) -> tuple[str, str] | None:
    """(receipt, why) when ``c`` speaks of what an earlier statement of its sentence moved, by a
    pronoun and nothing else ("Ottilie got the thank-you, the receipt shows it delivered"), and
    that statement's receipt is one ``c``'s action accepts: the same occasion, proved once."""
    if not _PRONOUN & set(_clause(c).replace(",", " ").split()):
        return None
    own = object_words(_clause(c), _own_targets(c)) - support_tokens(c.phrase) - _RECORD_WORDS
    if own - _ADDITIVE:
        return None
    for before, receipt in reversed(earlier):
        if c.action.matches(actions.get(receipt, "")):
            return receipt, f"the occasion of {before.phrase!r} before it: proved by {receipt}"
    return None
