"""One case (package x stage) as a static HTML page: the question and the evidence it saw, the
output beside the host's expectation, each claim with its citations resolved to the evidence text
(quote marked, found or not), every score with its explanation, and the trace as a timeline.

Everything on the page comes from recordings and runners, so every string goes through
``html.escape`` (after control characters are made visible); the page runs no script and loads
nothing, under the same Content-Security-Policy as the report.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Sequence
from typing import Any

from harness.report.case_view import ResolvedCitation, resolve_claims
from harness.report.escape import for_html
from harness.report.render import html_page
from harness.schema import Package, RunRecord, ScoreRecord, TraceEvent
from harness.untrusted.display import printable

#: How much of a tool result or message the timeline shows before it says how much it left out.
SHORT_RESULT = 400
#: How much of any one block (evidence text, output JSON) a page shows at most.
LONG = 20_000

_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]")


def case_file_name(package: str, stage: str, model: str) -> str:
    """The page's file name: readable (stage, package) and unique (a digest of the whole key),
    never a path or a URL scheme whatever the recorded ids hold."""
    slug = _UNSAFE_NAME.sub("_", package)[:80]
    digest = hashlib.sha256(f"{package}\0{stage}\0{model}".encode()).hexdigest()[:10]
    return f"{_UNSAFE_NAME.sub('_', stage)[:20]}-{slug}-{digest}.html"


def _block(value: Any, limit: int = LONG) -> str:
    """Multi-line untrusted text for a ``<pre>``: control characters visible, length bounded."""
    raw = printable(value, multiline=True)
    if len(raw) > limit:
        raw = raw[:limit] + f"… ({len(raw) - limit} more characters)"
    return html.escape(raw, quote=True)


def _pretty(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, indent=2, default=str)


def _short(value: str, limit: int = SHORT_RESULT) -> str:
    if len(value) <= limit:
        return _block(value)
    return _block(value[:limit]) + f' <span class="muted">… ({len(value) - limit} more)</span>'


def _evidence(package: Package, cited: set[str]) -> str:
    rows = []
    for item in package.context:
        mark = ' class="cited"' if item.id in cited else ""
        rows.append(
            f"<tr{mark}><td><code>{for_html(item.id)}</code></td><td>{for_html(item.kind)}</td>"
            f"<td>{for_html(item.source)}</td><td>{for_html(item.at.isoformat())}</td>"
            f"<td><pre>{_block(item.text)}</pre></td></tr>"
        )
    head = "<tr><th>id</th><th>kind</th><th>source</th><th>at</th><th>text</th></tr>"
    body = "".join(rows) or '<tr><td colspan="5"><em>no evidence items</em></td></tr>'
    return f'<table id="evidence"><thead>{head}</thead><tbody>{body}</tbody></table>'


def _marked(citation: ResolvedCitation) -> str:
    """The cited item's text with the quote marked where it occurs (first occurrence)."""
    assert citation.item is not None
    text = citation.item.text
    if not citation.found:
        return _block(text)
    at = text.index(citation.quote)
    end = at + len(citation.quote)
    return f"{_block(text[:at])}<mark>{_block(text[at:end])}</mark>{_block(text[end:])}"


def _claims(record: RunRecord, package: Package | None) -> str:
    claims = resolve_claims(record, package)
    if not claims:
        return "<p><em>the answer made no claims</em></p>"
    items = []
    for claim in claims:
        cites = []
        for c in claim.citations:
            state = "found" if c.found else "not-found"
            quote = (
                f"<div>quote: <q>{_block(c.quote)}</q></div>"
                if c.quote
                else '<div class="muted">no quote</div>'
            )
            shown = (
                f"<pre>{_marked(c)}</pre>"
                if c.item is not None
                else '<p class="muted">no evidence item with this id in the context</p>'
            )
            cites.append(
                f'<li class="citation {state}"><div><code>{for_html(c.cited)}</code> '
                f'<strong class="verdict">{for_html(c.verdict)}</strong></div>{quote}{shown}</li>'
            )
        listed = "".join(cites) or '<li class="muted">no citations</li>'
        items.append(f'<li><p>{_block(claim.text)}</p><ul class="citations">{listed}</ul></li>')
    return f'<ol id="claims">{"".join(items)}</ol>'


def _scores(scores: Sequence[ScoreRecord]) -> str:
    if not scores:
        return "<p><em>not scored</em></p>"
    rows = []
    for score in sorted(scores, key=lambda s: s.scorer):
        values = ", ".join(f"{k}={v}" for k, v in sorted(score.values.items()))
        rows.append(
            f"<tr><td>{for_html(score.scorer)}</td><td>{for_html(values)}</td>"
            f"<td>{_block(score.explanation)}</td></tr>"
        )
    head = "<tr><th>scorer</th><th>values</th><th>explanation</th></tr>"
    return f'<table id="scores"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def _event_body(event: TraceEvent) -> str:
    if event.type == "tool_call":
        args = _pretty(event.args) if event.args else ""
        return f"<code>{for_html(event.tool)}</code><pre>{_block(args, 2000)}</pre>"
    if event.type == "tool_result":
        ok = "ok" if event.ok else "not ok"
        return f"<span>{ok}</span><pre>{_short(event.output)}</pre>"
    if event.type == "message":
        return f"<span>{for_html(event.role)}</span><pre>{_short(event.text)}</pre>"
    if event.type == "file_read":
        return f"<code>{for_html(event.path)}</code>"
    if event.type == "file_write":
        size = f" ({event.bytes} bytes)" if event.bytes is not None else ""
        return f"<code>{for_html(event.path)}</code>{size}"
    if event.type == "error":
        return f"<pre>{_short(event.message)}</pre>"
    honoured = "honoured" if event.honoured else "NOT honoured"
    return f"<span>{honoured}</span> {for_html(event.reason)}"


def _trace(trace: Sequence[TraceEvent], record: RunRecord) -> str:
    marked: dict[int, list[str]] = {}
    loose = []
    for crossed in record.boundary_events:
        note = f"boundary: {crossed.kind}: {crossed.detail}"
        if crossed.event_index is None:
            loose.append(note)
        else:
            marked.setdefault(crossed.event_index, []).append(note)
    rows = []
    for i, event in enumerate(trace):
        notes = "".join(f'<div class="boundary">{for_html(n)}</div>' for n in marked.get(i, []))
        css = "boundary-event" if i in marked else ""
        rows.append(
            f'<li class="{css} event-{for_html(event.type)}"><span class="muted">[{i}] '
            f"{event.t:.2f}s</span> <strong>{for_html(event.type)}</strong> "
            f"{_event_body(event)}{notes}</li>"
        )
    off_trace = "".join(f'<li class="boundary">{for_html(n)}</li>' for n in loose)
    if not rows:
        rows.append('<li class="muted">no trace events archived</li>')
    return f'<ol id="trace" start="0">{"".join(rows)}</ol>' + (
        f'<p>Boundary events not tied to a trace event:</p><ul id="boundary">{off_trace}</ul>'
        if off_trace
        else ""
    )


def case_html(
    record: RunRecord,
    scores: Sequence[ScoreRecord],
    trace: Sequence[TraceEvent],
    package: Package | None,
    *,
    back: str,
    run_id: str,
) -> str:
    """The case page; ``back`` is the relative link to the report it belongs to."""
    title = f"Case {record.package} [{record.stage}]"
    parts = [
        f'<p><a id="back" href="{for_html(back)}">back to the report</a></p>',
        f'<p id="case-meta">run <code>{for_html(run_id)}</code>, model '
        f"<code>{for_html(record.model)}</code>, runner {for_html(record.runner)}, status "
        f'<strong class="status-{for_html(record.status)}">{for_html(record.status)}</strong>, '
        f"{record.latency_s:.2f}s, {record.attempts} attempt(s)</p>",
    ]
    if record.error:
        parts.append(f'<p class="warning">error: {for_html(record.error)}</p>')
    if package is None:
        parts.append(
            '<p class="warning">The package is not in the run\'s recordings (moved or edited '
            "since the run): question, evidence and expectation are not shown.</p>"
        )
        expected = "<p><em>unknown</em></p>"
    else:
        cited = {c.cited for claim in resolve_claims(record, package) for c in claim.citations}
        parts += [
            "<h2>Question</h2>",
            f'<pre id="question">{_block(package.question)}</pre>',
            "<h2>Evidence it saw</h2>",
            _evidence(package, cited),
        ]
        expectation = package.host.expect.for_stage(record.stage)
        expected = (
            f"<pre>{_block(_pretty(expectation.model_dump(mode='json')))}</pre>"
            if expectation is not None
            else "<p><em>the host recorded no expectation for this stage</em></p>"
        )
    envelope = record.envelope
    parts += [
        "<h2>Output beside the host's expectation</h2>",
        '<div class="side-by-side">',
        f'<section id="output"><h3>output</h3><p>{_block(envelope.summary)}</p>'
        f"<pre>{_block(_pretty(envelope.result))}</pre></section>",
        f'<section id="expected"><h3>host expected</h3>{expected}</section>',
        "</div>",
        "<h2>Claims and their citations</h2>",
        _claims(record, package),
        "<h2>Scores</h2>",
        _scores(scores),
        "<h2>Trace</h2>",
        _trace(trace, record),
    ]
    return html_page(title, "\n".join(parts))
