"""Recorded text is untrusted: it can hold HTML and prompt injections. Every renderer escapes
through these two functions, so one place decides what is safe."""

from __future__ import annotations

import html
import math
from typing import Any

from harness.untrusted.display import printable


def text(value: Any) -> str:
    """Plain, single-line text for any cell: numbers formatted, NaN as an en dash."""
    if value is None:
        return "–"
    if isinstance(value, float):
        if math.isnan(value):
            return "–"
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return printable(" ".join(str(value).split()))


def for_html(value: Any) -> str:
    return html.escape(text(value), quote=True)


def for_markdown(value: Any) -> str:
    # Escape HTML too: markdown viewers render inline HTML, and a pipe would split the cell.
    return html.escape(text(value), quote=False).replace("|", "\\|").replace("`", "\\`")
