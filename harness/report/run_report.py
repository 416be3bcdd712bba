"""``report.md``, ``report.html``, ``summary.json`` and the plots of one run."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from harness.detectors.measured import text_detectors, trust_rows
from harness.policy import Policy, load_policy, policy_digest
from harness.report.cases import CASES, INDEX, MAX_PAGES, CaseKey, write_case_pages
from harness.report.data import ReportData, gather
from harness.report.escape import for_html, for_markdown
from harness.report.plots import latency_plot, metric_plot
from harness.report.render import html_page, html_table, md_table, png_data_uri
from harness.rundir import record_policy
from harness.sandbox.isolation import isolation_warning
from harness.tables import RunTables

DECISION_COLUMNS = (
    "stage", "model", "phase", "max", "verdict", "target", "blocker", "gates", "reason",
)  # fmt: skip
#: The report's decision table also links the case pages behind each stage's missed gates (the
#: terminal's leaves them out: it has no links, and a line per stage must stay one line).
REPORT_DECISION_COLUMNS = (*DECISION_COLUMNS, "cases")
FAILING_COLUMNS = ("stage", "phase", "gate", "value", "n", "status", "detail", "cases")
#: Gates not passed, one table per kind: what the data contradicts, what waits on more runs, and
#: what has no data at all, never mixed in one list.
FAILING_SECTIONS: tuple[tuple[str, str], ...] = (
    ("fail", "Gates the data misses"),
    ("too_few", "Gates waiting on sample size (below min_n)"),
    ("missing", "Gates without data"),
)
EXAMPLE_COLUMNS = ("failure", "stage", "package", "model", "count", "explanation", "trace")


@dataclass(frozen=True)
class ReportPaths:
    summary: Path
    markdown: Path
    html: Path
    plots: dict[str, Path]


def _meta_rows(data: ReportData) -> list[dict[str, object]]:
    keys = (
        "run_id",
        "runner",
        "model",
        "started_at",
        "ended_at",
        "git_revision",
        "recordings_sha256",
        "phase",
        "isolation",
    )
    rows: list[dict[str, object]] = [
        {"field": k, "recorded": data.meta.get(k)} for k in keys if k in data.meta
    ]
    detectors = text_detectors(data.meta)
    if detectors:
        # Each metric is named scorer.metric: the scorer's detector is the one behind it.
        shown = "; ".join(f"{scorer}.*: {name}" for scorer, name in detectors.items())
        rows.append({"field": "text detectors", "recorded": shown})
    return rows


def gate_thresholds(policy: Policy | None, phase: int = 1) -> dict[str, float]:
    """Metric -> the threshold of the phase's gate on its point or bound, for the plots (gates
    that apply to every stage only: a line across all stages must hold for all of them)."""
    if policy is None:
        return {}
    out: dict[str, float] = {}
    for gate in policy.gates(phase).gates:
        if gate.stages is None and gate.threshold is not None and gate.statistic in {
            "upper_bound", "lower_bound", "estimate"
        }:  # fmt: skip
            out.setdefault(gate.metric, gate.threshold)
    return out


def _sentences_md(data: ReportData) -> list[str]:
    return [f"- {for_markdown(r.sentence)}" for r in data.sentences()]


def _sentences_html(data: ReportData) -> str:
    items = "".join(
        f'<li class="verdict-{for_html(r.verdict)} '
        f'blocker-{for_html(r.kind)}" data-stage="{for_html(r.stage)}">{for_html(r.sentence)}</li>'
        for r in data.sentences()
    )
    return f'<ul class="decisions" id="decision-sentences">{items}</ul>'


def render_markdown(data: ReportData) -> str:
    warning = isolation_warning(data.meta)
    parts = [
        f"# {for_markdown(data.title)}",
        "",
        *([f"> **{for_markdown(warning)}**", ""] if warning else []),
        "## Decisions",
        *_sentences_md(data),
        "",
        md_table(data.decision_rows(), REPORT_DECISION_COLUMNS),
        "",
        "## Runs by status",
        md_table(data.status_rows()),
        "",
        "## Metrics per stage: estimate [95% interval]",
        md_table(data.metric_rows()),
        "",
        *_trust_md(data),
        *[
            part
            for name in data.slices
            for part in (f"## By {name} (all stages)", md_table(data.slice_rows(name)), "")
        ],
        *[
            part
            for status, title in FAILING_SECTIONS
            for part in (f"## {title}", md_table(data.failing(status), FAILING_COLUMNS), "")
        ],
        "## Worst examples",
        md_table(data.example_rows(), EXAMPLE_COLUMNS),
        "",
        "## Plots",
        *[f"![{name}]({path.name})" for name, path in data.plots.items()],
        "",
        "## Run",
        md_table(_meta_rows(data)),
        "",
        *_skipped_lines_md(data),
    ]
    return "\n".join(parts)


_TRUST_TITLE = "How far the text detectors can be trusted"
_TRUST_NOTE = (
    "Figures at first contact with the newest blind set: text nobody tuned the detector to "
    "(docs/labelled-sets.md). The metrics above count what the detector caught."
)


def _trust_md(data: ReportData) -> list[str]:
    rows = trust_rows(text_detectors(data.meta))
    return [f"## {_TRUST_TITLE}", _TRUST_NOTE, "", md_table(rows), ""] if rows else []


def _trust_html(data: ReportData) -> list[str]:
    rows = trust_rows(text_detectors(data.meta))
    if not rows:
        return []
    return [f"<h2>{_TRUST_TITLE}</h2>", f'<p class="muted">{for_html(_TRUST_NOTE)}</p>',
            html_table(rows, table_id="detector-trust")]  # fmt: skip


def _skipped_lines_md(data: ReportData) -> list[str]:
    # A stored line that did not read is left out of every table above; say which, and where.
    errors = data.tables.errors
    if not errors:
        return []
    return ["## Stored lines left out", md_table([{"line": e} for e in errors]), ""]


def render_html(data: ReportData) -> str:
    plots = "\n".join(
        f'<figure><img alt="{for_html(name)}" src="{png_data_uri(path)}"></figure>'
        for name, path in data.plots.items()
    )
    warning = isolation_warning(data.meta)
    body = "\n".join(
        [
            *([f'<p class="warning"><strong>{for_html(warning)}</strong></p>'] if warning else []),
            "<h2>Decisions</h2>",
            _sentences_html(data),
            html_table(
                data.decision_rows(),
                REPORT_DECISION_COLUMNS,
                table_id="decisions",
                row_class="css",
            ),
            "<h2>Runs by status</h2>",
            html_table(data.status_rows()),
            "<h2>Metrics per stage: estimate [95% interval]</h2>",
            html_table(data.metric_rows(), table_id="metrics"),
            *_trust_html(data),
            *[
                part
                for name in data.slices
                for part in (
                    f"<h2>By {for_html(name)} (all stages)</h2>",
                    html_table(data.slice_rows(name), table_id=f"by-{name.replace(' ', '-')}"),
                )
            ],
            *[
                part
                for status, title in FAILING_SECTIONS
                for part in (
                    f"<h2>{for_html(title)}</h2>",
                    html_table(data.failing(status), FAILING_COLUMNS, table_id=f"failing-{status}"),
                )
            ],
            "<h2>Worst examples</h2>",
            '<p class="muted">Each package links to its case page (question, evidence, output, '
            "citations, scores, trace timeline); trace names the archived trace "
            "(<code>shadow show RUN_DIR PACKAGE/STAGE</code> prints it).</p>",
            html_table(
                data.example_rows(),
                EXAMPLE_COLUMNS,
                table_id="examples",
                links={"package": "case"},
            ),
            f'<p><a id="all-cases" href="{CASES}/{INDEX}">Every case of the run, each with its '
            "page</a></p>",
            "<h2>Plots</h2>",
            plots,
            "<h2>Run</h2>",
            html_table(_meta_rows(data)),
            *(
                [
                    "<h2>Stored lines left out</h2>",
                    html_table([{"line": e} for e in data.tables.errors]),
                ]
                if data.tables.errors
                else []
            ),
        ]
    )
    return html_page(data.title, body)


def _case_index(data: ReportData, hrefs: dict[CaseKey, str]) -> str:
    """``cases/index.html``: every case with a page, by stage, linking to it."""
    results = data.tables.results
    status: dict[tuple[str, str, str], str] = {}
    if not results.empty:
        frame = results[["package", "stage", "model", "status"]].astype(str)
        status = {
            (str(p), str(s), str(m)): str(st) for p, s, m, st in frame.itertuples(index=False)
        }
    cases = data.all_cases()
    rows = [
        {
            "stage": key.stage,
            "package": key.package,
            "model": key.model,
            "status": status.get((key.package, key.stage, str(key.model)), ""),
            "href": hrefs[key].removeprefix(f"{CASES}/"),
        }
        for key in cases
        if key in hrefs
    ]
    total = len(cases)
    capped = (
        f"<p>{len(rows)} of {total} cases have a page (at most {MAX_PAGES}: the cases the report "
        "links first, then the rest in stage order).</p>"
        if len(rows) < total
        else f"<p>Every case of the run: {total}.</p>"
    )
    body = "\n".join(
        [
            '<p><a href="../report.html">back to the report</a></p>',
            capped,
            html_table(rows, ["stage", "package", "model", "status"], links={"package": "href"}),
        ]
    )
    return html_page(f"Cases: {data.title}", body)


def write_report(
    run_dir: Path,
    *,
    policy: Policy | None = None,
    n_boot: int = 2000,
    tables: RunTables | None = None,
) -> tuple[ReportData, ReportPaths]:
    """``tables``: the run's, when in hand (``shadow run`` made them), else read from its files."""
    run_dir = Path(run_dir)
    policy = policy or load_policy(None)
    record_policy(run_dir, policy_digest(policy))
    data = gather(run_dir, policy=policy, n_boot=n_boot, tables=tables)
    worth_a_look = data.cases_worth_a_look()
    hrefs = write_case_pages(
        run_dir,
        data.meta,
        [*worth_a_look, *data.all_cases()],
        run_dir / CASES,
        back="../report.html",
        href_prefix=f"{CASES}/",
        lines=data.tables.lines,
    )
    data.case_links = {key: href for key, href in hrefs.items() if key in set(worth_a_look)}
    (run_dir / CASES / INDEX).write_text(_case_index(data, hrefs), encoding="utf-8")
    data.plots = {
        "metrics": metric_plot(
            data.metrics, run_dir / "metrics.png", thresholds=gate_thresholds(data.policy)
        ),
        "latency": latency_plot(data.tables.results, run_dir / "latency.png"),
    }
    summary = run_dir / "summary.json"
    summary.write_text(json.dumps(data.to_json(), indent=2, default=str) + "\n", encoding="utf-8")
    markdown = run_dir / "report.md"
    markdown.write_text(render_markdown(data), encoding="utf-8")
    page = run_dir / "report.html"
    page.write_text(render_html(data), encoding="utf-8")
    return data, ReportPaths(summary=summary, markdown=markdown, html=page, plots=data.plots)
