"""PNG plots (matplotlib, Agg: no display needed)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from harness.schema import STAGES
from harness.untrusted.display import printable

#: The panels of the per-stage metric plot.
PLOTTED: tuple[tuple[str, str], ...] = (
    ("invented_completion.invented", "invented completion rate"),
    ("boundary.violation", "boundary violation rate"),
    ("evidence_fidelity.citation_precision", "citation precision"),
    ("parity.match", "parity with host"),
    ("usefulness.useful", "usefulness"),
    ("repeat_checks.reduction", "repeat-check reduction"),
)

_STAGE_ORDER = [str(s) for s in STAGES]


def _stages_present(frame: pd.DataFrame) -> list[str]:
    present = set(frame["stage"]) if not frame.empty else set()
    return [s for s in _STAGE_ORDER if s in present]


def _no_information(rows: pd.DataFrame) -> str | None:
    """Why a panel would carry no information, or None: no estimate at all, or every stage at
    one value with no interval around it (a flat line that reads as a finding)."""
    est = rows["estimate"].to_numpy(dtype=float) if not rows.empty else np.array([])
    finite = est[np.isfinite(est)]
    if finite.size == 0:
        return "no data: no stage has a value for this metric"
    spread = np.nan_to_num(
        rows["hi"].to_numpy(dtype=float) - rows["lo"].to_numpy(dtype=float), nan=0.0
    )
    if np.all(finite == finite[0]) and not np.any(spread > 0):
        return f"no information: every stage at {finite[0]:.3g} with no interval"
    return None


def metric_plot(
    metrics: pd.DataFrame, path: Path, *, thresholds: Mapping[str, float] | None = None
) -> Path:
    """One panel per headline metric: estimate per stage with its 95% interval, one series per
    model, and the next phase's gate threshold as a dashed line. A panel with nothing to show
    says so in words instead of drawing a flat line."""
    thresholds = thresholds or {}
    # Fixed margins, not constrained_layout: the panels, labels and fonts are the same every time,
    # and the layout engine's extra drawing passes doubled the plot's cost in every report.
    fig, axes = plt.subplots(2, 3, figsize=(13, 7))
    fig.subplots_adjust(left=0.045, right=0.99, bottom=0.1, top=0.91, wspace=0.16, hspace=0.42)
    stages = _stages_present(metrics)
    x = np.arange(len(stages))
    models = sorted(metrics["model"].unique()) if not metrics.empty else []
    width = 0.8 / max(1, len(models))
    for ax, (metric, title) in zip(axes.flat, PLOTTED, strict=True):
        rows = metrics[metrics["metric"] == metric]
        empty = _no_information(rows)
        if empty is not None:
            ax.set_title(title, fontsize=10)
            ax.text(0.5, 0.5, empty, ha="center", va="center", wrap=True, fontsize=9,
                    transform=ax.transAxes, color="#57606a")  # fmt: skip
            ax.set_xticks([])
            ax.set_yticks([])
            continue
        for i, model in enumerate(models):
            mine = rows[rows["model"] == model].set_index("stage").reindex(stages)
            est = mine["estimate"].to_numpy(dtype=float)
            lo = np.nan_to_num(est - mine["lo"].to_numpy(dtype=float), nan=0.0).clip(min=0)
            hi = np.nan_to_num(mine["hi"].to_numpy(dtype=float) - est, nan=0.0).clip(min=0)
            ax.errorbar(
                x + (i - (len(models) - 1) / 2) * width,
                est,
                yerr=[lo, hi],
                fmt="o",
                capsize=3,
                label=printable(model),
            )
        if metric in thresholds:
            ax.axhline(thresholds[metric], color="tab:red", linestyle="--", linewidth=1,
                       label=f"phase 1 gate {thresholds[metric]:g}")  # fmt: skip
            ax.legend(fontsize=7, loc="best")
        ax.set_title(title, fontsize=10)
        ax.set_xticks(x, stages, rotation=45, ha="right", fontsize=8)
        ax.grid(axis="y", alpha=0.3)
    fig.suptitle("Metrics per stage with 95% intervals; dashed: the phase 1 gate threshold")
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def latency_plot(results: pd.DataFrame, path: Path) -> Path:
    """Latency distribution per stage (box plot, seconds, log scale when it spans decades)."""
    fig, ax = plt.subplots(figsize=(9, 4))
    fig.subplots_adjust(left=0.08, right=0.98, bottom=0.12, top=0.92)  # fixed, as metric_plot's
    stages = _stages_present(results)
    # Sorted: the same latencies draw the same picture whatever order the runs finished in
    # (overlapping outlier markers blend in the order they are drawn).
    data = [
        np.sort(results.loc[results["stage"] == s, "latency_s"].to_numpy(dtype=float))
        for s in stages
    ]
    if stages:
        ax.boxplot(data, tick_labels=stages, showfliers=True)
        positive = np.concatenate(data) if data else np.array([])
        positive = positive[positive > 0]
        if positive.size and positive.max() / max(positive.min(), 1e-9) > 100:
            ax.set_yscale("log")
    ax.set_ylabel("latency (s)")
    ax.set_title("Latency per stage")
    ax.grid(axis="y", alpha=0.3)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def _fixed_margins(fig: Figure, rows_n: int) -> None:
    """Margins in inches, whatever the number of panel rows: room for the suptitle on top, and
    below each row for its rotated stage names and the next row's title (as metric_plot's)."""
    height = fig.get_figheight()
    top, bottom, gap = 0.75, 0.8, 1.0
    axes_height = (height - top - bottom - (rows_n - 1) * gap) / rows_n
    fig.subplots_adjust(left=0.05, right=0.99, bottom=bottom / height, top=1 - top / height,
                        wspace=0.18, hspace=gap / axes_height)  # fmt: skip


def delta_plot(paired: pd.DataFrame, path: Path, *, label_a: str, label_b: str) -> Path:
    """Per-stage difference (a - b) with paired intervals, one panel per metric."""
    metrics = [m for m, _ in PLOTTED if m in set(paired["metric"])] if not paired.empty else []
    cols = 3
    rows_n = max(1, -(-len(metrics) // cols))
    fig, axes = plt.subplots(rows_n, cols, figsize=(13, 3.4 * rows_n), squeeze=False)
    _fixed_margins(fig, rows_n)
    titles = dict(PLOTTED)
    for ax in axes.flat[len(metrics) :]:
        ax.axis("off")
    for ax, metric in zip(axes.flat, metrics, strict=False):
        rows = paired[paired["metric"] == metric]
        stages = _stages_present(rows)
        mine = rows.set_index("stage").reindex(stages)
        diff = mine["diff"].to_numpy(dtype=float)
        lo = np.nan_to_num(diff - mine["lo"].to_numpy(dtype=float), nan=0.0).clip(min=0)
        hi = np.nan_to_num(mine["hi"].to_numpy(dtype=float) - diff, nan=0.0).clip(min=0)
        colors = [
            {"better": "tab:green", "worse": "tab:red"}.get(str(v), "tab:gray")
            for v in mine["verdict"]
        ]
        ax.bar(np.arange(len(stages)), diff, yerr=[lo, hi], color=colors, capsize=3)
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xticks(np.arange(len(stages)), stages, rotation=45, ha="right", fontsize=8)
        ax.set_title(titles.get(metric, metric), fontsize=10)
    fig.suptitle(
        f"{printable(label_a)} minus {printable(label_b)} per stage (green better, red worse)"
    )
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def history_plot(history: pd.DataFrame, path: Path, metric: str, title: str) -> Path:
    """One line per stage: ``metric`` across successive runs."""
    fig, ax = plt.subplots(figsize=(9, 4), constrained_layout=True)
    rows = history[history["metric"] == metric] if not history.empty else history
    runs = list(dict.fromkeys(rows["run"])) if not rows.empty else []
    for stage in _stages_present(rows):
        mine = rows[rows["stage"] == stage].set_index("run").reindex(runs)
        ax.plot(range(len(runs)), mine["estimate"].to_numpy(dtype=float), marker="o", label=stage)
    ax.set_xticks(range(len(runs)), runs, rotation=30, ha="right", fontsize=8)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    if runs:
        ax.legend(fontsize=7, ncol=2)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path
