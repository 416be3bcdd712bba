"""Recorded text shown on a terminal or in a text report: control characters made visible.

Agent names, model labels, JSON keys, envelope errors and quotes all come from recordings or a
runner. Printed raw, an ESC or OSC sequence can rewrite the terminal (move the cursor, retitle the
window, hide lines, forge a "passed"), a BEL rings, and a bidirectional override reorders what is
read. ``printable`` is the one function every such string goes through before it is printed or
written to ``report.md``: each such character becomes a visible escape (``\\x1b``, ``\\u202e``),
so nothing is lost and nothing acts.
"""

from __future__ import annotations

import re
from typing import Any

# C0 controls but tab and newline, DEL, C1 controls, bidirectional embeddings, overrides and
# isolates, and lone surrogates (which cannot even be encoded for output).
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
_UNSAFE_OR_LINE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(value: Any, *, multiline: bool = False) -> str:
    """``str(value)`` with every control character replaced by a visible escape. Tab and newline
    are kept only with ``multiline`` (a table cell or a one-line message must stay one line)."""
    return (_UNSAFE if multiline else _UNSAFE_OR_LINE).sub(_visible, str(value))


#: How much of one recorded string a message or table shows.
MAX_TEXT = 200


def clean(text: object, limit: int = MAX_TEXT) -> str:
    """Untrusted text made safe for a terminal: control characters escaped, length bounded."""
    raw = printable(text)
    return raw if len(raw) <= limit else raw[:limit] + "…"


def quoted(text: object, limit: int = MAX_TEXT) -> str:
    return f'"{clean(text, limit)}"'
