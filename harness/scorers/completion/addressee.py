"""The person a text is addressed to ("Dear Noor,", "Oskar, 0412 is rendered."): a draft or a
note speaks to them, so its "you" is that person, and their name at the head is no target.

A draft that says "I sent you the scans yesterday" claims a message to its addressee as surely
as "I sent Noor the scans"; read without its addressee, the sentence names no recipient. And
"Oskar, 0412 is rendered" says a render happened, not that Oskar was rendered.
"""

from __future__ import annotations

import re

from harness.text.names import NOT_NAMES

#: "Dear Noor," "Hi Oskar" "Hello Ms Varga,": a salutation and the name after it.
_SALUTATION = re.compile(
    r"^\W*(?i:dear|hi|hello|hey|good\s+(?:morning|afternoon|evening))\s+"
    r"(?:(?i:mr|mrs|ms|dr|prof)\.?\s+)?(?P<name>[A-Z][\w'-]+)"
)
#: "Oskar, 0412 is rendered." "Ondřej — the notes are ...": a name, a comma or dash, then a
#: clause that does not go on listing names.
_VOCATIVE = re.compile(
    r"^\W*(?P<name>[A-Z][\w'-]+)\s*(?:,|\u2014|\u2013|\s-)\s+(?=[a-z0-9]|I\b|I'|We\b|The\b|Your\b)"
)
#: A salutation with its punctuation, when the sentence goes on after it ("Hi Sam, the ...").
_GREETING = re.compile(_SALUTATION.pattern + r"\s*(?:,|!|\u2014|\u2013|\s-)\s*(?=\S)")
#: "you" where it receives ("sent you", "to you", "reached you"); "you sent" is their act.
_YOU_OBJECT = re.compile(
    r"\b(?P<verb>to|with|for|sent|sended|told|gave|emailed|messaged|texted|pinged|forwarded|"
    r"delivered|handed|reached|paid|notified|informed|updated|showed|shared|mailed|passed|wrote|"
    r"written)\s+you\b"
)
#: "in your inbox", "your copy": the addressee's own.
_YOUR = re.compile(r"\byour\b")


def addressee(text: str) -> str | None:
    """The name a text opens by addressing, if any."""
    for pattern in (_SALUTATION, _VOCATIVE):
        m = pattern.match(text)
        if m is not None and m.group("name").lower() not in NOT_NAMES:
            return m.group("name")
    return None


def read_as_addressed(sentence: str, name: str | None, first: bool) -> str:
    """The sentence with its addressee made explicit: a leading vocative dropped (only in the
    text's first sentence) and "you" where it receives replaced by the name."""
    if name is None:
        return sentence
    if first:
        # "Oskar, 0412 is rendered", "Hi Sam, the sheet is uploaded": the greeting is no target
        m = _VOCATIVE.match(sentence)
        if m is not None and m.group("name") == name:
            rest = sentence[m.end() :]
            sentence = rest[:1].upper() + rest[1:]
        elif (m := _GREETING.match(sentence)) is not None and m.group("name") == name:
            sentence = sentence[m.end() :]
    sentence = _YOU_OBJECT.sub(lambda m: f"{m.group('verb')} {name}", sentence)
    return _YOUR.sub(f"{name}'s", sentence)
