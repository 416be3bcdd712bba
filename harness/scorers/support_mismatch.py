"""What a clause names that its cited items do not, though they share its words: another
thing of the same kind ("project-lantern" beside an item's project-harbour), or a second act
no receipt records ("rendered and handed to the printer" against a render receipt alone).
Either leaves the clause unsupported: the items speak of something else, or of half of it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from harness.scorers.claim_support import Backing
from harness.scorers.support_claim import ClaimReading, read_claim
from harness.scorers.support_link import is_receipt
from harness.text.normal import ascii_fold, clean
from harness.text.quantities import NUMBER_WORDS

#: A host id written in letters alone ("project-batik", "chef-lotte").
_LETTER_ID = re.compile(r"(?<![\w-])([a-z]{3,})(?:-[a-z]{2,})+(?![\w-])")
#: Prefixes a hyphen joins to a word ("re-sealed", "pre-flight"): no id's head.
_PREFIXES = frozenset(("pre", "non", "self", "sub", "multi", "cross", "post", "anti", "semi",
                       "well", "half", "double", "follow", "check", "sign", "hand", "back"))  # fmt: skip


def other_id(part: str, pool: Sequence[Backing]) -> str | None:
    """Why the clause names another thing of a kind its items name: an id no item carries
    ("project-batik") beside an item's id of the same head ("project-general"). An id of
    digits is ``named_in``'s; one of letters alone is only told apart by its head."""
    plain = clean(ascii_fold(part))
    for m in _LETTER_ID.finditer(plain):
        if m.group(1) in _PREFIXES:
            continue
        spaced = m.group().replace("-", " ")
        # "week-two" is the id "week-2" spelled out
        digits = "-".join(_digits(p) for p in m.group().split("-"))
        if any(m.group() in b.plain or spaced in b.plain.replace("-", " ") or digits in b.plain
               for b in pool):  # fmt: skip
            continue
        tail = m.group().split("-")[1:]
        for b in pool:
            if all(re.search(rf"\b{w}\b", b.plain) for w in tail):
                continue  # "atlas-colour-fix" for an item's "the colour fix": its own words
            kin = next((t for t in b.targets if "-" in t and t.split("-")[0] == m.group(1)), None)
            if kin is not None:
                return f"names {m.group()}; {b.item.id} is about {kin}"
    return None


def _digits(word: str) -> str:
    value = NUMBER_WORDS.get(word)
    return word if value is None or word in ("single", "both") else str(int(value))


#: A second act joined to the first ("rendered and handed to the printer").
_JOINED_ACT = re.compile(r"\b\w+(?:ed|en|t)\s*,?\s+(?:and|then|and then)\s+(\w+(?:ed|en|t)\b.*)$")


def unrecorded_act(reading: ClaimReading, pool: Sequence[Backing]) -> str | None:
    """Of two acts a clause says were done ("rendered and handed to the printer"), one no
    cited item, all receipts, records: the receipt of the other backs only half of it."""
    if reading.negated or len(reading.asserted) < 2 or not all(map(is_receipt, pool)):
        return None
    joined = _JOINED_ACT.search(reading.text)
    if joined is None:
        return None  # two families from one act's words ("the ledger re-sealed") are one act
    second = {f.verb for f in read_claim(f"it was {joined.group(1)}").asserted}
    done = {str((b.item.data or {}).get("action")) for b in pool}
    missing = [f.verb for f in reading.asserted
               if f.verb in second and not (f.accepts | {f.verb}) & done]  # fmt: skip
    return f"it also asserts {missing[0]}, which no cited receipt records" if missing else None
