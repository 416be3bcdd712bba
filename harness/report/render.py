"""Tables as markdown and HTML. Every cell goes through ``escape``: recorded text is untrusted."""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
from tabulate import tabulate

from harness.report.escape import for_html, for_markdown, text


@dataclass(frozen=True)
class Link:
    """A link in a table cell; ``also`` adds small links after it (the other run's page)."""

    text: str
    href: str | None
    also: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Links:
    """Several links in one table cell (markdown and terminals show their texts)."""

    items: tuple[Link, ...]

    def __str__(self) -> str:
        return ", ".join(item.text for item in self.items) or "–"


def _columns(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None) -> list[str]:
    # "css" carries a row's colour, never a column of its own.
    return [c for c in (columns or rows[0].keys()) if c != "css"]


def md_table(
    rows: Sequence[Mapping[str, Any]],
    columns: Sequence[str] | None = None,
    *,
    legend: bool = True,
) -> str:
    if not rows:
        return "_none_"
    columns = _columns(rows, columns)
    body = [[for_markdown(row.get(c)) for c in columns] for row in rows]
    table = tabulate(
        body, headers=[for_markdown(c) for c in columns], tablefmt="github", disable_numparse=True
    )
    if not legend:
        return table
    notes = "; ".join(f"**{for_markdown(c)}**: {for_markdown(d)}" for c, d in describe_all(columns))
    return f"{table}\n\n<sub>{notes}</sub>" if notes else table


def terminal_table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None) -> str:
    if not rows:
        return "(none)"
    columns = _columns(rows, columns)
    body = [[text(row.get(c)) for c in columns] for row in rows]
    return tabulate(body, headers=list(columns), tablefmt="simple", disable_numparse=True)


def html_table(
    rows: Sequence[Mapping[str, Any]],
    columns: Sequence[str] | None = None,
    *,
    table_id: str | None = None,
    links: Mapping[str, str] | None = None,
    row_class: str | None = None,
    legend: bool = True,
) -> str:
    """``links`` maps a column to another column whose value is the relative href for its cell;
    ``row_class`` names a column whose value becomes the row's CSS class (e.g. the verdict)."""
    if not rows:
        return "<p><em>none</em></p>"
    columns = _columns(rows, columns)
    links = links or {}
    ident = f' id="{for_html(table_id)}"' if table_id else ""
    head = "".join(f"<th>{for_html(c)}</th>" for c in columns)
    lines = [f"<table{ident}><thead><tr>{head}</tr></thead><tbody>"]
    for row in rows:
        cells = []
        for column in columns:
            value = row.get(column)
            cell = _html_links(value) if isinstance(value, Link | Links) else for_html(value)
            href = row.get(links[column]) if column in links else None
            if href:
                cell = f'<a href="{for_html(href)}">{cell}</a>'
            cells.append(f"<td>{cell}</td>")
        css = f' class="{for_html(row.get(row_class))}"' if row_class else ""
        lines.append(f"<tr{css}>{''.join(cells)}</tr>")
    lines.append("</tbody></table>")
    if legend:
        items = "".join(
            f"<dt>{for_html(c)}</dt><dd>{for_html(d)}</dd>" for c, d in describe_all(columns)
        )
        if items:
            lines.append(f'<dl class="legend">{items}</dl>')
    return "\n".join(lines)


def _html_links(value: Link | Links) -> str:
    items = value.items if isinstance(value, Links) else (value,)
    out = []
    for item in items:
        text = for_html(item.text)
        main = f'<a href="{for_html(item.href)}">{text}</a>' if item.href else text
        extra = "".join(
            f' <a class="also" href="{for_html(href)}">{for_html(label)}</a>'
            for label, href in item.also
        )
        out.append(main + extra)
    return ", ".join(out) or "–"


def describe_all(columns: Sequence[str]) -> list[tuple[str, str]]:
    """(column, meaning) for every column that has one (``harness.report.legends``)."""
    from harness.report.legends import legend

    return [(c, d) for c, d in legend(columns) if d]


def png_data_uri(path: Path) -> str:
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1200px;
color:#1b1f24;padding:0 1rem}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #d0d7de}
table{border-collapse:collapse;margin:.5rem 0;font-size:.85rem}
th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}tr.promote td{background:#e6f4ea}tr.demote td{background:#fde7e9}
tr.hold td{background:#fff8e1}tr.better td{background:#e6f4ea}tr.worse td{background:#fde7e9}
tr.blocker-sample_size td{background:#e8f0fe}tr.blocker-off_gates td{background:#fde7e9}
tr.blocker-not_run td,tr.blocker-ceiling td{background:#f6f8fa}
ul.decisions{list-style:none;padding:0}ul.decisions li{margin:.3rem 0;padding:.4rem .6rem;
border-left:.35rem solid #d0d7de;background:#f6f8fa}
li.verdict-promote{border-color:#1a7f37!important;background:#e6f4ea!important}
li.verdict-demote,li.blocker-off_gates{border-color:#cf222e!important;background:#fde7e9!important}
li.blocker-quality{border-color:#bf8700!important;background:#fff8e1!important}
li.change-worse{border-color:#cf222e!important;background:#fde7e9!important}
li.change-better{border-color:#1a7f37!important;background:#e6f4ea!important}
li.blocker-sample_size{border-color:#0969da!important;background:#e8f0fe!important}
dl.legend{font-size:.75rem;color:#57606a;margin:.2rem 0 1rem;display:grid;
grid-template-columns:max-content 1fr;gap:0 .6rem}dl.legend dt{font-weight:600}dl.legend dd{margin:0}
img{max-width:100%;border:1px solid #d0d7de}code{background:#f6f8fa;padding:0 .2rem}
.muted{color:#57606a;font-size:.85rem}
pre{white-space:pre-wrap;word-break:break-word;margin:.2rem 0;font-size:.8rem}
.side-by-side{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.side-by-side section{border:1px solid #d0d7de;padding:.4rem .6rem}
mark{background:#fff3b0}tr.cited td{background:#f1f8ff}
li.citation{margin:.3rem 0;padding:.3rem .5rem;border-left:.3rem solid #d0d7de}
li.citation.found{border-color:#1a7f37}li.citation.not-found{border-color:#cf222e}
ol#trace li{margin:.25rem 0}.boundary,li.boundary-event>strong{color:#cf222e;font-weight:600}
li.boundary-event{background:#fde7e9}.warning{color:#cf222e}a.also{font-size:.75rem}
"""


def html_page(title: str, body: str) -> str:
    # No script, no external resource: the page must open offline and run nothing it was given.
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "img-src data:; style-src 'unsafe-inline'\">"
        f"<title>{for_html(title)}</title><style>{CSS}</style></head>"
        f"<body>\n<h1>{for_html(title)}</h1>\n{body}\n</body></html>\n"
    )


def records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """DataFrame rows as plain dicts with string keys (what the renderers take)."""
    return [{str(k): v for k, v in row.items()} for row in frame.to_dict("records")]
