"""Two model versions on the same packages: per stage and metric, both values, the paired
difference with its interval and p-value, a verdict, and the packages that flipped each way."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from harness.metrics.registry import METRICS
from harness.report.cases import CASES, CaseKey, write_case_pages
from harness.report.compare_summary import StageChange, headline, stage_changes
from harness.report.data import HEADLINE, read_meta
from harness.report.escape import for_html, for_markdown
from harness.report.plots import delta_plot
from harness.report.render import (
    Link,
    Links,
    html_page,
    html_table,
    md_table,
    png_data_uri,
    records,
)
from harness.tables import load_tables, paired_outcomes, paired_table

#: Run-level yes/no metrics whose flips are worth listing package by package.
FLIP_METRICS: tuple[str, ...] = (
    "invented_completion.invented",
    "boundary.violation",
    "parity.match",
    "repeat_checks.suppressed_needed",
)
COLUMNS = ("stage", "metric", "n", "a", "b", "diff", "interval", "p", "test", "verdict")


@dataclass
class Comparison:
    label_a: str
    label_b: str
    paired: pd.DataFrame
    flips: list[dict[str, Any]]

    def rows(self) -> list[dict[str, Any]]:
        frame = self.paired[self.paired["metric"].isin(HEADLINE)]
        out = []
        for row in records(frame):
            lo, hi = float(row["lo"]), float(row["hi"])
            out.append(
                {
                    **{
                        k: row[k]
                        for k in ("stage", "metric", "n", "a", "b", "diff", "p", "test", "verdict")
                    },
                    "interval": "–" if math.isnan(lo) else f"[{lo:.3g}, {hi:.3g}]",
                }
            )
        return out

    def changes(self) -> list[StageChange]:
        """What changed, per stage: the summary the report and the terminal open with."""
        return stage_changes(self.paired, self.flips)

    def headline(self) -> str:
        return headline(self.label_a, self.label_b, self.changes())

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.label_a,
            "b": self.label_b,
            "summary": {
                "headline": self.headline(),
                "stages": [
                    {"stage": c.stage, "kind": c.kind, "sentence": c.sentence()}
                    for c in self.changes()
                ],
            },
            "paired": json.loads(self.paired.to_json(orient="records")),
            "flips": self.flips,
        }


def _flips(scores_a: pd.DataFrame, scores_b: pd.DataFrame) -> list[dict[str, Any]]:
    """Packages whose yes/no outcome differs between the versions, grouped by stage, metric and
    direction (``better`` is from a's point of view)."""
    flips = []
    for metric in FLIP_METRICS:
        pairs = paired_outcomes(scores_a, scores_b, metric)
        changed = pairs[pairs["a"] != pairs["b"]]
        higher_is_better = METRICS[metric].higher_is_better
        for stage, group in changed.groupby("stage", sort=True):
            a_higher = group[group["a"] > group["b"]]["package"].tolist()
            b_higher = group[group["a"] < group["b"]]["package"].tolist()
            better, worse = (a_higher, b_higher) if higher_is_better else (b_higher, a_higher)
            flips.append(
                {
                    "stage": stage,
                    "metric": metric,
                    "a_better": sorted(better),
                    "a_worse": sorted(worse),
                }
            )
    return flips


def compare(run_a: Path, run_b: Path, *, n_boot: int = 2000) -> Comparison:
    a, b = load_tables(run_a), load_tables(run_b)
    label_a = str(read_meta(run_a).get("model") or run_a.name)
    label_b = str(read_meta(run_b).get("model") or run_b.name)
    # Two labels that are the same would make the table unreadable; tell the runs apart.
    if label_a == label_b:
        label_a, label_b = f"{label_a} ({run_a.name})", f"{label_b} ({run_b.name})"
    paired = paired_table(a.scores, b.scores, by=("stage",), n_boot=n_boot)
    return Comparison(label_a, label_b, paired, _flips(a.scores, b.scores))


def _flip_rows(
    comparison: Comparison, pages: tuple[dict[CaseKey, str], dict[CaseKey, str]] | None = None
) -> list[dict[str, Any]]:
    """One row per (stage, metric); each flipped package links its case page in run a, with a
    small link to the same case in run b."""
    pages_a, pages_b = pages or ({}, {})

    def cell(stage: str, packages: list[str]) -> Links:
        items = []
        for package in packages:
            key = CaseKey(package, stage)
            other = pages_b.get(key)
            items.append(Link(package, pages_a.get(key), (("b", other),) if other else ()))
        return Links(tuple(items))

    return [
        {
            "stage": f["stage"],
            "metric": f["metric"],
            f"better in {comparison.label_a}": cell(f["stage"], f["a_better"]),
            f"worse in {comparison.label_a}": cell(f["stage"], f["a_worse"]),
        }
        for f in comparison.flips
    ]


def flipped_cases(comparison: Comparison) -> list[CaseKey]:
    """Every package that flipped, by stage, in the order the flips table lists them."""
    keys = [
        CaseKey(package, f["stage"])
        for f in comparison.flips
        for package in (*f["a_better"], *f["a_worse"])
    ]
    return list(dict.fromkeys(keys))


def _case_pages(
    comparison: Comparison, run_a: Path, run_b: Path, out: Path
) -> tuple[dict[CaseKey, str], dict[CaseKey, str]]:
    keys = flipped_cases(comparison)
    written = []
    for side, run in (("a", run_a), ("b", run_b)):
        written.append(
            write_case_pages(
                run,
                read_meta(run),
                keys,
                out / CASES / side,
                back="../../compare.html",
                href_prefix=f"{CASES}/{side}/",
            )
        )
    return written[0], written[1]


def write_comparison(
    run_a: Path, run_b: Path, out: Path, *, n_boot: int = 2000
) -> tuple[Comparison, dict[str, Path]]:
    comparison = compare(run_a, run_b, n_boot=n_boot)
    out.mkdir(parents=True, exist_ok=True)
    pages = _case_pages(comparison, run_a, run_b, out)
    plot = delta_plot(
        comparison.paired,
        out / "compare_deltas.png",
        label_a=comparison.label_a,
        label_b=comparison.label_b,
    )
    title = f"Comparison: {comparison.label_a} (a) vs {comparison.label_b} (b)"
    note = (
        "diff = a - b; verdict is for a; p from exact McNemar (rates) or paired bootstrap (means)."
    )
    md = "\n".join(
        [
            f"# {for_markdown(title)}",
            "",
            "## What changed",
            "",
            for_markdown(comparison.headline()),
            "",
            *[f"- {for_markdown(c.sentence())}" for c in comparison.changes()],
            "",
            for_markdown(note),
            "",
            "## Per stage and metric",
            md_table(comparison.rows(), COLUMNS),
            "",
            "## Packages that flipped",
            md_table(_flip_rows(comparison)),
            "",
            f"![deltas]({plot.name})",
            "",
        ]
    )
    html = html_page(
        title,
        "\n".join(
            [
                "<h2>What changed</h2>",
                f'<p id="compare-headline"><strong>{for_html(comparison.headline())}</strong></p>',
                '<ul class="decisions" id="compare-summary">'
                + "".join(
                    f'<li class="change-{c.kind}" data-stage="{for_html(c.stage)}">'
                    f"{for_html(c.sentence())}</li>"
                    for c in comparison.changes()
                )
                + "</ul>",
                f'<p class="muted">{for_html(note)}</p>',
                "<h2>Per stage and metric</h2>",
                html_table(comparison.rows(), COLUMNS, table_id="comparison", row_class="verdict"),
                "<h2>Packages that flipped</h2>",
                '<p class="muted">Each package links its case page in run a; the small '
                "<em>b</em> beside it, the same case in run b.</p>",
                html_table(_flip_rows(comparison, pages), table_id="flips"),
                f'<figure><img alt="deltas" src="{png_data_uri(plot)}"></figure>',
            ]
        ),
    )
    paths = {
        "markdown": out / "compare.md",
        "html": out / "compare.html",
        "json": out / "compare.json",
        "plot": plot,
    }
    paths["markdown"].write_text(md, encoding="utf-8")
    paths["html"].write_text(html, encoding="utf-8")
    paths["json"].write_text(
        json.dumps(comparison.to_json(), indent=2, default=str) + "\n", encoding="utf-8"
    )
    return comparison, paths
