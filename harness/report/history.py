"""Each stage's main metrics and verdicts across successive runs (model versions over time)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from harness.detectors.measured import recall_bounds, text_detectors
from harness.policy import Policy, decide, load_policy
from harness.report.data import read_meta
from harness.report.escape import for_markdown
from harness.report.plots import history_plot
from harness.report.render import html_page, html_table, md_table, png_data_uri
from harness.scorers import DECLARED_DETECTORS
from harness.tables import load_tables, metric_table

TRACKED: tuple[tuple[str, str], ...] = (
    ("parity.match", "parity"),
    ("invented_completion.invented", "invented"),
    ("boundary.violation", "violations"),
    ("evidence_fidelity.citation_precision", "citation precision"),
    ("repeat_checks.reduction", "repeat reduction"),
)


@dataclass
class History:
    long: pd.DataFrame  # run, started_at, stage, metric, estimate
    rows: list[dict[str, Any]]  # one per (run, stage): metrics and verdict


def history(run_dirs: list[Path], *, policy: Policy | None = None, n_boot: int = 500) -> History:
    policy = policy or load_policy(None)
    runs = sorted(
        ((read_meta(d), d) for d in run_dirs), key=lambda md: str(md[0].get("started_at", ""))
    )
    long_rows: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    for meta, run_dir in runs:
        label = f"{meta.get('model') or '?'} @ {str(meta.get('started_at', run_dir.name))[:16]}"
        table = metric_table(
            load_tables(run_dir).scores,
            by=("stage", "model"),
            conf=policy.confidence,
            n_boot=n_boot,
        )
        recall = recall_bounds(text_detectors(meta, DECLARED_DETECTORS))
        verdicts = {d.stage: d for d in decide(table, policy, recall=recall)}
        for stage, group in table.groupby("stage", sort=False):
            row: dict[str, Any] = {"run": label, "stage": stage}
            for metric, short in TRACKED:
                hit = group[group["metric"] == metric]
                value = float(hit["estimate"].iloc[0]) if not hit.empty else float("nan")
                row[short] = value
                long_rows.append(
                    {"run": label, "stage": stage, "metric": metric, "estimate": value}
                )
            decision = verdicts.get(str(stage))
            row["verdict"] = f"{decision.verdict} -> {decision.target_phase}" if decision else "–"
            rows.append(row)
    return History(pd.DataFrame(long_rows, columns=["run", "stage", "metric", "estimate"]), rows)


def write_history(
    run_dirs: list[Path], out: Path, *, policy: Policy | None = None
) -> tuple[History, dict[str, Path]]:
    hist = history(run_dirs, policy=policy)
    out.mkdir(parents=True, exist_ok=True)
    plots = {
        short: history_plot(
            hist.long, out / f"history_{metric.split('.')[0]}.png", metric, f"{short} per run"
        )
        for metric, short in TRACKED[:3]
    }
    md = "\n".join(
        [
            "# Shadow history",
            "",
            md_table(hist.rows),
            "",
            *[f"![{for_markdown(k)}]({p.name})" for k, p in plots.items()],
            "",
        ]
    )
    figures = "".join(
        f'<figure><img alt="{k}" src="{png_data_uri(p)}"></figure>' for k, p in plots.items()
    )
    html = html_page("Shadow history", html_table(hist.rows, table_id="history") + figures)
    paths = {"markdown": out / "history.md", "html": out / "history.html", **plots}
    paths["markdown"].write_text(md, encoding="utf-8")
    paths["html"].write_text(html, encoding="utf-8")
    return hist, paths
