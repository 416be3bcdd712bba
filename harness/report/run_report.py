"""``report.md``, ``report.html``, ``summary.json`` and the plots of one run."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from harness.policy import Policy
from harness.report.data import ReportData, gather
from harness.report.escape import for_html, for_markdown
from harness.report.plots import latency_plot, metric_plot
from harness.report.render import html_page, html_table, md_table, png_data_uri
from harness.sandbox.isolation import isolation_warning

DECISION_COLUMNS = ("stage", "model", "phase", "max", "verdict", "target", "gates", "reason")
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
    return [{"field": k, "value": data.meta.get(k)} for k in keys if k in data.meta]


def render_markdown(data: ReportData) -> str:
    warning = isolation_warning(data.meta)
    parts = [
        f"# {for_markdown(data.title)}",
        "",
        *([f"> **{for_markdown(warning)}**", ""] if warning else []),
        "## Decisions",
        md_table(data.decision_rows(), DECISION_COLUMNS),
        "",
        "## Runs by status",
        md_table(data.status_rows()),
        "",
        "## Metrics per stage: estimate [95% interval]",
        md_table(data.metric_rows()),
        "",
        *[
            part
            for name in data.slices
            for part in (f"## By {name} (all stages)", md_table(data.slice_rows(name)), "")
        ],
        "## Failing gates",
        md_table(data.failing()),
        "",
        "## Worst examples",
        md_table([e.as_dict() for e in data.examples], EXAMPLE_COLUMNS),
        "",
        "## Plots",
        *[f"![{name}]({path.name})" for name, path in data.plots.items()],
        "",
        "## Run",
        md_table(_meta_rows(data)),
        "",
    ]
    return "\n".join(parts)


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
            html_table(
                data.decision_rows(), DECISION_COLUMNS, table_id="decisions", row_class="verdict"
            ),
            "<h2>Runs by status</h2>",
            html_table(data.status_rows()),
            "<h2>Metrics per stage: estimate [95% interval]</h2>",
            html_table(data.metric_rows(), table_id="metrics"),
            *[
                part
                for name in data.slices
                for part in (
                    f"<h2>By {for_html(name)} (all stages)</h2>",
                    html_table(data.slice_rows(name), table_id=f"by-{name.replace(' ', '-')}"),
                )
            ],
            "<h2>Failing gates</h2>",
            html_table(data.failing(), table_id="failing-gates"),
            "<h2>Worst examples</h2>",
            '<p class="muted">Each links to the archived trace of the run, relative to this report.</p>',
            html_table(
                [e.as_dict() for e in data.examples],
                EXAMPLE_COLUMNS,
                table_id="examples",
                links={"trace": "trace"},
            ),
            "<h2>Plots</h2>",
            plots,
            "<h2>Run</h2>",
            html_table(_meta_rows(data)),
        ]
    )
    return html_page(data.title, body)


def write_report(
    run_dir: Path, *, policy: Policy | None = None, n_boot: int = 2000
) -> tuple[ReportData, ReportPaths]:
    run_dir = Path(run_dir)
    data = gather(run_dir, policy=policy, n_boot=n_boot)
    data.plots = {
        "metrics": metric_plot(data.metrics, run_dir / "metrics.png"),
        "latency": latency_plot(data.tables.results, run_dir / "latency.png"),
    }
    summary = run_dir / "summary.json"
    summary.write_text(json.dumps(data.to_json(), indent=2, default=str) + "\n", encoding="utf-8")
    markdown = run_dir / "report.md"
    markdown.write_text(render_markdown(data), encoding="utf-8")
    page = run_dir / "report.html"
    page.write_text(render_html(data), encoding="utf-8")
    return data, ReportPaths(summary=summary, markdown=markdown, html=page, plots=data.plots)
